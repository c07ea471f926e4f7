//! The data section and the custom sections of an output module: names, wasm-bindgen's
//! sections, target features, producers and debug information.

use super::*;

impl ModuleEmitState<'_> {
    pub(super) fn get_relocated_segment_data(&self, data: &Data<'_>) -> Result<Vec<u8>> {
        // Note: `data.range` includes the segment header.
        let range_end = data.range.end;
        let range_start = wasm_data_start(data);
        self.get_relocated_data(range_start..range_end)
    }

    pub(super) fn generate_data_section(&mut self) -> Result<()> {
        let data_reloc = &self.emit_state.data_relocations;
        let mut section = wasm_encoder::DataSection::new();
        for (segment_idx, segment) in data_reloc.per_segment.iter().enumerate() {
            let input_data = &self.input_module.data_segments[segment_idx];
            let input_range_start = wasm_data_start(input_data);

            let mut data: Vec<u8>;
            let addr_offset: Option<u64>;
            match segment {
                DataSegmentEmitInfo::FromInputInAll => {
                    addr_offset = None;
                    data = self.get_relocated_segment_data(input_data)?;
                }
                DataSegmentEmitInfo::FromInputOnlyIn(module)
                    if *module == self.output_module_index =>
                {
                    addr_offset = None;
                    data = self.get_relocated_segment_data(input_data)?;
                }
                DataSegmentEmitInfo::FromInputOnlyIn(_) => {
                    addr_offset = None;
                    data = vec![]; // no data, but emit the module to not shift data indices
                }
                DataSegmentEmitInfo::Ranges {
                    ranges,
                    range_emit_order,
                    per_output_offset,
                    base_address,
                    ..
                } => {
                    if let Some(module_offset) = per_output_offset.get(&self.output_module_index) {
                        addr_offset = Some(base_address + *module_offset);
                    } else {
                        addr_offset = None;
                    }
                    data = vec![];
                    for &range_idx in range_emit_order {
                        let range = &ranges[range_idx];
                        if range.in_module != self.output_module_index {
                            continue;
                        }
                        let data_range = &range.input_range;
                        let input_range = (input_range_start + data_range.start)
                            ..(input_range_start + data_range.end);
                        data.resize(range.in_module_offset as usize, 0); // pad with zeroes
                        data.extend(self.get_relocated_data(input_range)?);
                    }
                }
            }
            match input_data.kind {
                DataKind::Passive => {
                    section.passive(data);
                }
                DataKind::Active {
                    memory_index,
                    ref offset_expr,
                } => {
                    let offset = match addr_offset {
                        None => offset_expr.clone().try_into().unwrap(),
                        Some(module_offset) => {
                            if module_offset <= i32::MAX as u64 {
                                wasm_encoder::ConstExpr::i32_const(module_offset as i32)
                            } else {
                                wasm_encoder::ConstExpr::i64_const(module_offset as i64)
                            }
                        }
                    };
                    section.active(memory_index, &offset, data);
                }
            }
        }
        self.output_module.section(&section);
        Ok(())
    }

    pub(super) fn generate_name_section(&mut self) -> Result<()> {
        fn convert_name_map(parser_map: &wasmparser::NameMap<'_>) -> Result<wasm_encoder::NameMap> {
            let mut encoder_map = wasm_encoder::NameMap::new();
            for r in parser_map.clone().into_iter() {
                let naming = r?;
                encoder_map.append(naming.index, naming.name);
            }
            Ok(encoder_map)
        }

        fn convert_name_hash_map(map: &HashMap<usize, &str>) -> wasm_encoder::NameMap {
            let mut encoder_map = wasm_encoder::NameMap::new();
            let mut names = map.iter().map(|(i, name)| (*i, *name)).collect::<Vec<_>>();
            names.sort();
            for (i, name) in names {
                encoder_map.append(i as u32, name);
            }
            encoder_map
        }
        let mut section = wasm_encoder::NameSection::new();
        // Function names
        {
            let mut name_map = wasm_encoder::NameMap::new();
            let mut locals_map = wasm_encoder::IndirectNameMap::new();
            let mut labels_map = wasm_encoder::IndirectNameMap::new();
            for output_function in &self.defined_functions {
                match output_function {
                    OutputFunction::DefinedFromInput { input_func_id, .. } => {
                        let Some(&output_func_id) = self
                            .dep_to_local_index
                            .get(&DepNode::Function(*input_func_id))
                        else {
                            continue;
                        };
                        if let Some(&name) = self.input_module.names.functions.get(input_func_id) {
                            name_map.append(output_func_id as u32, name);
                        }
                        if let Some(name_map) = self.input_module.names.locals.get(input_func_id) {
                            locals_map.append(output_func_id as u32, &convert_name_map(name_map)?);
                        }
                        if let Some(name_map) = self.input_module.names.labels.get(input_func_id) {
                            labels_map.append(output_func_id as u32, &convert_name_map(name_map)?);
                        }
                    }
                    &OutputFunction::IndirectCallShim {
                        ref input_func_id,
                        shim_index: local_index,
                        ..
                    } => {
                        if let Some(&name) = self.input_module.names.functions.get(input_func_id) {
                            name_map
                                .append(local_index as u32, &format!("{name} indirect_call_shim"));
                        }
                    }
                    &OutputFunction::LocalShim {
                        ref input_func_id,
                        shim_index: local_index,
                        ..
                    } => {
                        if let Some(&name) = self.input_module.names.functions.get(input_func_id) {
                            name_map.append(local_index as u32, &format!("{name} local_shim"));
                        }
                    }
                }
            }
            section.functions(&name_map);
            section.locals(&locals_map);
            section.labels(&labels_map);
        }
        section.types(&convert_name_hash_map(&self.input_module.names.types));
        section.tables(&convert_name_hash_map(&self.input_module.names.tables));
        section.memories(&convert_name_hash_map(&self.input_module.names.memories));
        section.globals(&convert_name_hash_map(&self.input_module.names.globals));
        // elements
        section.data(&convert_name_hash_map(
            &self.input_module.names.data_segments,
        ));
        // tag
        // fields
        // tags
        self.output_module.section(&section);
        Ok(())
        // Type names
    }

    pub(super) fn generate_wasm_bindgen_sections(&mut self) {
        if !self.is_main() {
            return;
        }
        for custom in &self.input_module.wasm_bindgen_unstable {
            self.output_module.section(&wasm_encoder::CustomSection {
                name: custom.name().into(),
                data: custom.data().into(),
            });
        }
    }

    pub(super) fn generate_target_features_section(&mut self) {
        if let Some(custom) = self.input_module.target_features.as_ref() {
            self.output_module.section(&wasm_encoder::CustomSection {
                name: custom.name().into(),
                data: custom.data().into(),
            });
        }
    }

    pub(super) fn generate_producers_section(&mut self) -> Result<()> {
        let mut producers = ProducersSection::new();
        let mut produced_by = ProducersField::new();
        const PROCESSED_BY_FIELD_NAME: &str = "processed-by";

        if self.is_main() {
            // copy the section from input wasm, but insert ourselves
            if let Some(fields) = self.input_module.producers.as_ref() {
                for input_field in fields.clone().into_iter() {
                    let input_field = input_field?;
                    let mut field = ProducersField::new();
                    for entry in input_field.values.into_iter() {
                        let entry = entry?;
                        field.value(entry.name, entry.version);
                    }
                    if input_field.name == PROCESSED_BY_FIELD_NAME {
                        produced_by = field;
                    } else {
                        producers.field(input_field.name, &field);
                    }
                }
            }
        }
        produced_by.value("wasm_split_cli_support", env!("CARGO_PKG_VERSION"));
        producers.field(PROCESSED_BY_FIELD_NAME, &produced_by);
        self.output_module.section(&producers);
        Ok(())
    }

    pub(super) fn generate_debug_sections(&mut self) -> Result<()> {
        if !self.emit_state.input_options.emit_dwarf {
            return Ok(());
        }
        dwarf::emit_debug_info(self)
    }
}
