//! The sections that declare an output module: types, imports, functions, the table, the
//! memory, globals, exports, the start function, the table's elements, the data count and
//! the shims that call into other modules.

use super::*;

impl ModuleEmitState<'_> {
    pub(super) fn generate_type_section(&mut self) -> Result<()> {
        // Simply copy all types.  Unneeded types may be pruned by `wasm-opt`.
        let mut section = wasm_encoder::TypeSection::new();
        for input_func_type in self.input_module.types.iter() {
            let output_func_type: wasm_encoder::FuncType =
                input_func_type.clone().try_into().unwrap();
            section.ty().function(
                output_func_type.params().iter().cloned(),
                output_func_type.results().iter().cloned(),
            );
        }
        self.output_module.section(&section);
        Ok(())
    }

    pub(super) fn generate_import_section(&mut self) {
        let mut section = wasm_encoder::ImportSection::new();
        for imp in &self.imports {
            let module = if imp.module == magic_constants::PLACEHOLDER_IMPORT_MODULE {
                self.emit_state.link_module
            } else {
                &imp.module
            };
            section.import(module, &imp.name, EntityType::try_from(imp.ty).unwrap());
        }
        if !self.is_main() && self.emit_state.input_module.options.debug_assertions {
            section.import(
                "__wasm_split",
                self.emit_state.canary_import_name,
                EntityType::Global(wasm_encoder::GlobalType {
                    val_type: wasm_encoder::ValType::I32,
                    mutable: false,
                    shared: false,
                }),
            );
        }
        self.output_module.section(&section);
    }

    pub(super) fn generate_function_section(&mut self) {
        let mut section = wasm_encoder::FunctionSection::new();
        for defined_func in self.defined_functions.iter() {
            let func_ty = match defined_func {
                OutputFunction::DefinedFromInput { input_func_id, .. }
                | OutputFunction::LocalShim { input_func_id, .. }
                | OutputFunction::IndirectCallShim { input_func_id, .. } => {
                    self.input_module.func_type_id(*input_func_id)
                }
            };
            section.function(func_ty as u32);
        }
        self.output_module.section(&section);
    }

    pub(super) fn generate_table_section(&mut self) {
        if !self.is_main() {
            return;
        }
        let mut section = wasm_encoder::TableSection::new();
        let mut defined_table_type = self.emit_state.get_indirect_function_table_type();
        defined_table_type.maximum = Some(defined_table_type.initial);
        section.table(defined_table_type.try_into().unwrap());
        self.output_module.section(&section);
    }

    pub(super) fn generate_memory_section(&mut self) {
        if !self.is_main() || self.input_module.memories.is_empty() {
            return;
        }
        let mut section = wasm_encoder::MemorySection::new();
        // [stable layout] the data may reach further than it did: the memory starts large
        // enough for it, at a size that only changes when a data segment outgrows its room.
        let data_end = crate::layout::memory_end(self.emit_state.data_relocations.layout_end);
        for (index, &memory) in self.input_module.memories.iter().enumerate() {
            let mut memory: wasm_encoder::MemoryType = memory.into();
            if index + self.input_module.imported_memories_num == 0 {
                let page = 1u64 << memory.page_size_log2.unwrap_or(16);
                memory.minimum = memory.minimum.max(data_end / page);
            }
            section.memory(memory);
        }
        self.output_module.section(&section);
    }

    pub(super) fn generate_global_section(&mut self) -> Result<()> {
        if !self.is_main() {
            return Ok(());
        }
        let mut section = wasm_encoder::GlobalSection::new();
        for (global_idx, global) in self.input_module.globals.iter().enumerate() {
            let global_expr = global.init_expr.clone();
            let mut init_expr = global_expr.clone().try_into().unwrap();
            // [stable layout] the linker's end of the data (and start of the heap) moves with
            // every byte of data; the relocated data ends below a rounded address.
            let global_index = (global_idx + self.input_module.imported_globals_num) as u32;
            if self.input_module.exports.iter().any(|export| {
                export.kind == ExternalKind::Global
                    && export.index == global_index
                    && matches!(export.name, "__data_end" | "__heap_base")
            }) {
                let end = crate::layout::memory_end(self.emit_state.data_relocations.layout_end);
                section.global(
                    global.ty.try_into().unwrap(),
                    &ConstExpr::i32_const(end.try_into()?),
                );
                continue;
            }
            if let Some(&symbol) = self
                .emit_state
                .input_module
                .reloc_info
                .symbol_as_global
                .get(&global_idx)
            {
                let (reloc_type, conv_reloc_value): (RelocationType, fn(u64) -> ConstExpr) =
                    match global_expr.get_operators_reader().read() {
                        Ok(Operator::I32Const { value: _ }) => {
                            (RelocationType::MemoryAddrI32, |val: u64| {
                                ConstExpr::i32_const(val.try_into().unwrap())
                            })
                        }
                        Ok(Operator::I64Const { value: _ }) => {
                            (RelocationType::MemoryAddrI64, |val: u64| {
                                ConstExpr::i64_const(val.try_into().unwrap())
                            })
                        }
                        _ => {
                            bail!(
                                "Expected a i32/i64.const expression for an exported data symbol"
                            );
                        }
                    };
                let fake_reloc = wasmparser::RelocationEntry {
                    ty: reloc_type,
                    offset: 0,
                    index: symbol as u32,
                    addend: 0,
                };
                let details = self
                    .emit_state
                    .input_module
                    .reloc_info
                    .expand_relocation(&fake_reloc)
                    .expect("fake reloc to look good");
                if let Some(resolved_addr) =
                    self.reloc_value(details).expect("to resolve an address")
                {
                    init_expr = conv_reloc_value(resolved_addr);
                }
            }
            section.global(global.ty.try_into().unwrap(), &init_expr);
        }
        self.output_module.section(&section);
        Ok(())
    }

    pub(super) fn generate_export_section(&mut self) {
        // shared functions are "exported" by placing them in the indirect_function_table.
        // shared globals are always exported from main
        let mut section = wasm_encoder::ExportSection::new();
        for exp in &self.exports {
            section.export(&exp.name, exp.kind.into(), exp.index);
        }
        self.output_module.section(&section);
    }

    pub(super) fn generate_start_section(&mut self) {
        if !self.is_main() {
            return;
        }
        if let Some(input_start_func_id) = self.input_module.start {
            let output_func = self
                .dep_to_local_index
                .get(&DepNode::Function(input_start_func_id))
                .expect("Failed to map start function to output function index");
            self.output_module.section(&wasm_encoder::StartSection {
                function_index: *output_func as u32,
            });
        }
    }

    pub(super) fn generate_element_section(&mut self) -> Result<()> {
        let indirect_range = &self
            .emit_state
            .indirect_functions
            .table_range_for_output_module[self.output_module_index];
        if indirect_range.is_empty() && !self.is_main() {
            return Ok(());
        }

        let indirect_table = Some(0);
        let mut section = wasm_encoder::ElementSection::new();
        let func_ids: Vec<u32> = self.emit_state.indirect_functions.entries_for_output_module
            [self.output_module_index]
            .iter()
            .map(|&input_func_id| -> Result<u32> {
                // If we have a local shim, we insert that into the indirect function table instead
                // of the import directly.
                // The reason is that wasm-bindgen will rewrite the signature of externref imports.
                // Having such a function in the IFT would lead to mismatching signatures. The call
                // in the shim will get rewritten correctly (in the main module).
                // Note: for calls (and other reloc targets), we instead prefer not going through the shim.
                let shim_func_id = self.local_shims.get(&input_func_id);
                let output_func_id = shim_func_id.or_else(|| {
                    self.dep_to_local_index
                        .get(&DepNode::Function(input_func_id))
                });
                let Some(&output_func_id) = output_func_id else {
                    bail!("No output function corresponding to input function {input_func_id:?}");
                };
                Ok(output_func_id as u32)
            })
            .collect::<Result<Vec<_>>>()?;
        section.segment(wasm_encoder::ElementSegment {
            mode: wasm_encoder::ElementMode::Active {
                table: indirect_table,
                offset: &wasm_encoder::ConstExpr::i32_const(indirect_range.start as i32),
            },
            elements: wasm_encoder::Elements::Functions(func_ids.into()),
        });
        // generate placeholders for all other indirection functions.
        // this is to "reserve" spots to keep safe from downstream processors.
        if self.is_main() {
            for (out_mod, range) in self
                .emit_state
                .indirect_functions
                .table_region_for_output_module
                .iter()
                .enumerate()
            {
                // [stable layout] the main module's own spare slots are reserved too
                let range = if out_mod == self.output_module_index {
                    indirect_range.end..range.end
                } else {
                    range.clone()
                };
                if range.is_empty() {
                    continue;
                }
                let mut exprs = Vec::with_capacity(range.len());
                exprs.resize_with(range.len(), || {
                    wasm_encoder::ConstExpr::ref_null(wasm_encoder::HeapType::FUNC)
                });
                let elements = wasm_encoder::Elements::Expressions(
                    wasm_encoder::RefType::FUNCREF,
                    exprs.into(),
                );
                section.segment(wasm_encoder::ElementSegment {
                    mode: wasm_encoder::ElementMode::Active {
                        table: indirect_table,
                        offset: &wasm_encoder::ConstExpr::i32_const(range.start as i32),
                    },
                    elements,
                });
            }
        }
        self.output_module.section(&section);
        Ok(())
    }

    pub(super) fn generate_data_count_section(&mut self) {
        let data_section_count = self.input_module.data_segments.len();
        let section = wasm_encoder::DataCountSection {
            count: data_section_count
                .try_into()
                .expect("unexpectedly large number of data sections"),
        };
        self.output_module.section(&section);
    }
}
