//! The function table's layout: which slot each shared function gets, and each output
//! module's range and (Kartenrunde's [stable layout]) region of slots.

use super::*;

#[derive(Default)]
pub(super) struct IndirectFunctionEmitInfo {
    // [stable layout] the table's size, and each output module's entries and slots: the
    // range it fills and the region reserved for it
    pub(super) table_len: usize,
    pub(super) entries_for_output_module: Vec<Vec<InputFuncId>>,
    pub(super) function_table_index: HashMap<InputFuncId, usize>,
    pub(super) table_range_for_output_module: Vec<Range<usize>>,
    pub(super) table_region_for_output_module: Vec<Range<usize>>,
}

impl std::fmt::Debug for IndirectFunctionEmitInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let _ = self.function_table_index;
        f.debug_struct("IndirectFunctionEmitInfo")
            .field("table_len", &self.table_len)
            .field("entries_for_output_module", &self.entries_for_output_module)
            // Omit this field since it's derived from entries_for_output_module
            // .field("function_table_index", &self.function_table_index)
            .field(
                "table_range_for_output_module",
                &self.table_range_for_output_module,
            )
            .finish()
    }
}

impl IndirectFunctionEmitInfo {
    pub(super) fn new(module: &InputModule, program_info: &SplitProgramInfo) -> Result<Self> {
        let mut indirect_functions = module
            .reloc_info
            .referenced_indirects
            .iter()
            .filter(|&&func| {
                program_info
                    .symbol_output_module
                    .contains_key(&DepNode::Function(func))
            })
            .cloned()
            .collect::<HashSet<_>>();
        indirect_functions.extend(program_info.shared_deps.iter().filter_map(|dep| match dep {
            DepNode::Function(f) => Some(f),
            _ => None,
        }));

        // Remove all split point imports. These are placeholders. Any
        // references to these functions will be replaced by a reference to the
        // corresponding `SplitPoint::export_func`.
        for split_point in program_info.split_points.iter() {
            indirect_functions.remove(&split_point.import_func);
        }

        let module_for_func = |func_id| {
            *program_info
                .symbol_output_module
                .get(&DepNode::Function(func_id))
                .unwrap_or_else(|| panic!("No module for indirect function {func_id}"))
        };

        let mut table_entries: Vec<_> = indirect_functions.into_iter().collect();
        // all keys are unique, hence this sort is actually stable
        table_entries.sort_unstable_by_key(|&func_id| (module_for_func(func_id), func_id));
        // [stable layout] every output module gets a region of the table with room to grow,
        // in the order of the output modules (slot 0 stays empty).
        let modules = program_info.output_modules.len();
        let mut entries_for_output_module = vec![Vec::new(); modules];
        for &func_id in &table_entries {
            entries_for_output_module[module_for_func(func_id)].push(func_id);
        }
        let mut function_table_index = HashMap::new();
        let mut table_range_for_output_module = Vec::with_capacity(modules);
        let mut table_region_for_output_module = Vec::with_capacity(modules);
        let mut next = 1;
        for entries in &entries_for_output_module {
            for (offset, &func_id) in entries.iter().enumerate() {
                function_table_index.insert(func_id, next + offset);
            }
            table_range_for_output_module.push(next..next + entries.len());
            let end = next + crate::layout::table_region(entries.len());
            table_region_for_output_module.push(next..end);
            next = end;
        }

        Ok(Self {
            table_len: crate::layout::table_size(next),
            entries_for_output_module,
            function_table_index,
            table_range_for_output_module,
            table_region_for_output_module,
        })
    }
}
