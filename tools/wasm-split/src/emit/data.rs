//! The data's layout: where each output module's data symbols go in each data segment
//! (with Kartenrunde's [stable layout]: a region per module with room to grow, the shared
//! data first), and the relocated address of a data symbol.

use super::*;

#[derive(Debug)]
pub(crate) struct LateDataRange {
    pub(crate) input_range: Range<u64>,
    pub(crate) in_module: usize,
    pub(crate) data_align: u64, // power of 2
    pub(crate) in_module_offset: u64,
}

#[derive(Debug)]
pub(crate) enum DataSegmentEmitInfo {
    // Copy this segment from the input, either in all or a specific output module
    FromInputInAll,
    FromInputOnlyIn(usize),
    Ranges {
        // some reloc information
        base_address: u64,
        per_output_offset: HashMap<usize, u64>,
        // the output segment is formed by concatenating all these segment
        ranges: Vec<LateDataRange>,
        // symbol index -> (index in 'ranges', offset in range)
        range_lookup: HashMap<usize, (usize, u64)>,
        // we re-order ranges to put data with larger alignment up front (this saves padding bytes).
        // since indices are stored in the range_lookup map, we can't do this in-place and maintain a separate order here.
        range_emit_order: Vec<usize>,
        // [stable layout] the length of the segment with every module's region
        len: u64,
    },
}

#[derive(Debug)]
pub(super) struct DataEmitInfo {
    pub(super) per_segment: Vec<DataSegmentEmitInfo>,
    // [stable layout] where the relocated data ends: the heap starts above it
    pub(super) layout_end: u64,
}

impl DataEmitInfo {
    pub(super) fn new(input_module: &InputModule, program_info: &SplitProgramInfo) -> Result<Self> {
        enum DataSegmentAnalysis {
            FromInputInAll,
            FromInputOnlyIn(usize),
            Ranges {
                ranges: Vec<LateDataRange>,
                // symbol -> (index in ranges, offset in range)
                range_lookup: HashMap<usize, (usize, u64)>,
                base_address: u64,
            },
        }
        let mut per_segment = input_module
            .data_segments
            .iter()
            .enumerate()
            .map(|(segment_idx, segment)| match &segment.kind {
                // [relocate data segments]
                // We duplicate all passive segments (there shouldn't be any except in multi-threading?)
                // because we don't have relocation to identify which function uses which passive data
                // for initialization. Hence we try to preserve indices as best as possible.
                DataKind::Passive => Ok(DataSegmentAnalysis::FromInputInAll),
                DataKind::Active { offset_expr, .. } => {
                    let segment_info = &input_module.reloc_info.segments[segment_idx];
                    if segment_info.flags.contains(SegmentFlags::TLS) {
                        return Ok(DataSegmentAnalysis::FromInputInAll);
                    }
                    let address = match offset_expr.get_operators_reader().read().unwrap() {
                        wasmparser::Operator::I32Const { value } => u64::try_from(value).map_err(|_| i64::from(value)),
                        wasmparser::Operator::I64Const { value } => u64::try_from(value).map_err(|_| value),
                        op => {
                            warn!("Non-constant operator {op:?} found to specify a memory's base address. Putting it into main.");
                            return Ok(DataSegmentAnalysis::FromInputOnlyIn(0));
                        }
                    };
                    let address = match address {
                        Ok(addr) => addr,
                        Err(value) => { bail!("Invalid base address found: {value}"); },
                    };
                    Ok(DataSegmentAnalysis::Ranges {
                        ranges: vec![],
                        range_lookup: HashMap::new(),
                        base_address: address,
                    })
                }
            })
            .collect::<Result<Vec<_>, _>>()?;

        // Now go through all data symbols
        for (module_index, (_, module)) in program_info.output_modules.iter().enumerate() {
            let mut included_symbols = module
                .included_symbols
                .iter()
                .filter_map(|symbol| {
                    let DepNode::DataSymbol(symbol_index) = *symbol else {
                        return None;
                    };
                    let SymbolInfo::Data {
                        symbol: Some(def_data),
                        ..
                    } = input_module.reloc_info.symbols[symbol_index]
                    else {
                        // Undefined data symbol: nothing defines it, so there is
                        // no definition to place and no address to relocate.
                        // The linker already resolved every reference to it
                        // (to 0 under --allow-undefined), and `reloc_value`
                        // leaves such references untouched, so the symbol
                        // simply has no place in the emit state. Toolchains
                        // produce these in the wild, e.g. rustc incremental
                        // builds whose reused objects still reference renamed
                        // promoted anonymous globals (rust-lang/rust#81280).
                        if let SymbolInfo::Data { name, .. } =
                            input_module.reloc_info.symbols[symbol_index]
                        {
                            trace!("undefined data symbol {name:?} in included set; references keep their linker value");
                        }
                        return None;
                    };
                    if def_data.size == 0 {
                        // We don't care about zero-sized symbols.
                        // There are some prominent examples, specifically __heap_base, that lead to a zero-sized
                        // data symbol in the output. For this example specifically, it sometimes leads to problems
                        // since it is often outside the range of data defined via segments in the input.
                        return None;
                    }
                    let segment_index = def_data.index as usize;
                    let DataSegmentAnalysis::Ranges { .. } = &per_segment[segment_index] else {
                        // Only relocate if in active range
                        return None;
                    };
                    Some(Ok((symbol_index, def_data)))
                })
                .collect::<Result<Vec<_>>>()?;
            // all keys are unique by the inclusion of the symbol index
            included_symbols.sort_unstable_by_key(|&(sym_index, ref def_data)| {
                (def_data.index, def_data.offset, sym_index)
            });
            for (symbol_index, def_data) in included_symbols {
                let segment_index = def_data.index as usize;
                let DataSegmentAnalysis::Ranges {
                    ranges,
                    range_lookup,
                    ..
                } = &mut per_segment[segment_index]
                else {
                    // filtered above. All passive ranges are put into the main module
                    unreachable!(
                        "data symbol in passive range should not have gotted included in this pass"
                    );
                };
                let data_len = u64::from(def_data.size);
                let data_offset = u64::from(def_data.offset);
                let data_range = data_offset..data_offset + data_len;

                let in_segment = &input_module.data_segments[segment_index];
                if data_range.end > wasm_data_len(in_segment) {
                    unreachable!(
                        "Found data symbol {:?} that extends past the input module's data \
                        bytes: {data_range:?} not in range for data segment of length {}",
                        input_module.reloc_info.symbols[symbol_index],
                        in_segment.data.len()
                    );
                }

                let segment_align =
                    1u64 << input_module.reloc_info.segments[segment_index].alignment;

                // [stable layout] upstream also bounds the alignment by the trailing zeros of
                // the symbol's input offset; but a few bytes more anywhere before it then
                // change the alignment (and with it the order) of most symbols after it. A
                // symbol's size is a multiple of its alignment, so the size and the segment's
                // alignment alone bound it safely (some symbols get more padding than needed).
                let mut data_align = segment_align;
                debug_assert!(data_len != 0, "zero-sized symbols handled previously");
                data_align = data_align.min(1 << data_len.trailing_zeros());

                let mut has_merged = false;
                let range_idx = ranges.len();
                if let Some(back) = ranges.last_mut() {
                    let has_overlap =
                        back.in_module == module_index && data_offset < back.input_range.end;
                    if has_overlap {
                        // we sorted before ingesting, hence the existing range starts earlier
                        debug_assert!(
                            back.input_range.start <= data_offset,
                            "overlapping range goes backwards"
                        );
                        let range_offset = data_offset - back.input_range.start;
                        let range_idx = range_idx - 1; // back of ranges

                        has_merged = true;
                        // about alignment: we use the fact that llvm merged these symbols as proof that we too, do not have to worry about alignment
                        back.input_range.end = back.input_range.end.max(data_range.end);
                        range_lookup.insert(symbol_index, (range_idx, range_offset));
                    }
                }
                if !has_merged {
                    ranges.push(LateDataRange {
                        input_range: data_range,
                        in_module: module_index,
                        data_align,
                        in_module_offset: u64::MAX, // filled in later
                    });
                    range_lookup.insert(symbol_index, (range_idx, 0));
                }
            }
        }
        // finally transform them into output form
        let mut per_segment = per_segment
            .into_iter()
            .enumerate()
            .map(|(segment_index, segment)| match segment {
                DataSegmentAnalysis::FromInputInAll => DataSegmentEmitInfo::FromInputInAll,
                DataSegmentAnalysis::FromInputOnlyIn(module) => {
                    DataSegmentEmitInfo::FromInputOnlyIn(module)
                }
                DataSegmentAnalysis::Ranges {
                    mut ranges,
                    range_lookup,
                    base_address,
                } => {
                    let segment_alignment =
                        1u64 << input_module.reloc_info.segments[segment_index].alignment;

                    // [stable layout] within a module's region, the data other modules refer
                    // to comes first: a change of the module's own data leaves their
                    // addresses, and so the other modules' bytes, alone.
                    let mut shared_ranges = HashSet::new();
                    for (&symbol, &(range_idx, _)) in &range_lookup {
                        if program_info
                            .shared_data
                            .contains(&DepNode::DataSymbol(symbol))
                        {
                            shared_ranges.insert(range_idx);
                        }
                    }
                    let mut range_emit_order: Vec<_> = (0..ranges.len()).collect();
                    range_emit_order.sort_by_key(|&range_idx| {
                        let range = &ranges[range_idx];
                        (
                            range.in_module,
                            !shared_ranges.contains(&range_idx),
                            std::cmp::Reverse(range.data_align),
                            range.input_range.start,
                        )
                    });
                    // reorder symbols per module
                    let mut per_module_size = HashMap::new();
                    for &range_idx in &range_emit_order {
                        let range = &mut ranges[range_idx];
                        let module_len = per_module_size.entry(range.in_module).or_insert(0);
                        let data_range = range.input_range.clone();
                        let data_offset = u64::next_multiple_of(*module_len, range.data_align);

                        // allocate it in that module
                        range.in_module_offset = data_offset;
                        *module_len = data_offset + (data_range.end - data_range.start);
                    }

                    // check that range_lookup completely covers the (non-zero) data segment?
                    // Otherwise there is non-relocated data, which most likely indicates an error.
                    // There might be data symbols that are not included/depended upon anywhere though.
                    // Some gaps will exist, introduced by padding for alignment! This padding should be zeroed.
                    // So for the moment, don't bother with this sanity analysis.

                    // figure out module offsets. [stable layout] Every output module gets a
                    // region in every segment, in the order of the output modules, each
                    // rounded up with room to grow: a module whose data changes a little keeps
                    // its region, and so do all the others (their bytes stay the same).
                    let mut per_output_offset = HashMap::new();
                    let mut data_offset: u64 = 0;
                    for module in 0..program_info.output_modules.len() {
                        let module_size = per_module_size.get(&module).copied().unwrap_or(0);
                        data_offset = data_offset.next_multiple_of(segment_alignment);
                        per_output_offset.insert(module, data_offset);
                        data_offset += crate::layout::data_region(module_size);
                    }

                    DataSegmentEmitInfo::Ranges {
                        ranges,
                        base_address,
                        per_output_offset,
                        range_lookup,
                        range_emit_order,
                        len: data_offset,
                    }
                }
            })
            .collect::<Vec<_>>();
        let layout_end = crate::layout::place_segments(&mut per_segment)?;
        if let Some(path) = std::env::var_os("KR_SPLIT_DUMP_DATA") {
            // [stable layout] where each data symbol went, for finding what moved between builds
            let mut out = String::new();
            for segment in &per_segment {
                let DataSegmentEmitInfo::Ranges {
                    ranges,
                    base_address,
                    per_output_offset,
                    range_lookup,
                    ..
                } = segment
                else {
                    continue;
                };
                let mut rows: Vec<_> = range_lookup
                    .iter()
                    .map(|(&symbol, &(range_idx, offset))| {
                        let range = &ranges[range_idx];
                        let address = base_address
                            + per_output_offset[&range.in_module]
                            + range.in_module_offset
                            + offset;
                        let name = match &input_module.reloc_info.symbols[symbol] {
                            SymbolInfo::Data {
                                name,
                                symbol: Some(def),
                                ..
                            } => {
                                let bytes = &input_module.data_segments[def.index as usize].data;
                                let start = def.offset as usize;
                                let end =
                                    (start + def.size as usize).min(bytes.len()).min(start + 24);
                                let hex: String = bytes[start.min(end)..end]
                                    .iter()
                                    .map(|b| format!("{b:02x}"))
                                    .collect();
                                format!("{} {hex} {name}", def.size)
                            }
                            SymbolInfo::Data { name, .. } => name.to_string(),
                            _ => String::new(),
                        };
                        let shared = program_info
                            .shared_data
                            .contains(&DepNode::DataSymbol(symbol));
                        (address, range.in_module, shared, name)
                    })
                    .collect();
                rows.sort();
                for (address, module, shared, name) in rows {
                    out.push_str(&format!(
                        "{address} {module} {} {name}\n",
                        if shared { "shared" } else { "own" }
                    ));
                }
            }
            std::fs::write(path, out)?;
        }
        Ok(Self {
            per_segment,
            layout_end,
        })
    }
    pub(super) fn find_relocated_address(
        &self,
        symbol_index: usize,
        data: &DefinedDataSymbol,
    ) -> Result<Option<u64>, ()> {
        if data.size == 0 {
            // zero-sized symbols are not relocated
            return Ok(None);
        }
        let segment_idx = data.index as usize;
        let DataSegmentEmitInfo::Ranges {
            ranges,
            base_address,
            per_output_offset,
            range_lookup,
            ..
        } = &self.per_segment[segment_idx]
        else {
            // If just copied, then its not relocated
            return Ok(None);
        };
        let Some(&(range_index, offset_in_range)) = range_lookup.get(&symbol_index) else {
            return Err(());
        };
        let range = &ranges[range_index];
        let mut address = *base_address;
        address += per_output_offset[&range.in_module];
        address += range.in_module_offset;
        address += offset_in_range;
        Ok(Some(address))
    }
}
