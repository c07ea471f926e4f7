//! [stable layout] Kartenrunde's change to the splitter (issue 28, docs/DESIGN.md "Updates
//! cost only what changed").
//!
//! The split modules share one memory and one function table, and each module's code holds
//! the addresses of its data and the table slots of the functions it calls in other modules.
//! Upstream packs every module's data and table entries tightly, one module after the other,
//! so a few bytes more in one module move every later module's addresses and change the bytes
//! of nearly every file of a build. Here each module gets a region with room to grow in every
//! data segment and in the table, rounded up to a fixed quantum, and the segments and the
//! memory's and table's sizes are rounded up too: a change inside one module leaves the other
//! modules' regions, and so their bytes, where they were, unless it outgrows its region.
//!
//! The cost is address space, not download: the regions' spare room is zeros nobody fetches
//! (a few hundred KB of the memory the page reserves, a few thousand empty table slots).

use std::collections::{BTreeSet, HashMap, HashSet};

use eyre::{bail, Result};
use wasmparser::SymbolInfo;

use crate::dep_graph::DepNode;
use crate::emit::DataSegmentEmitInfo;
use crate::read::InputModule;
use crate::split_point::{OutputModuleInfo, SplitModuleIdentifier};

/// A module's part of a data segment: rounded up to this many bytes (more for a large part,
/// such as the main module's texts) …
const DATA_QUANTUM: u64 = 2048;
const DATA_QUANTUM_LARGE: u64 = 8192;
const DATA_LARGE: u64 = 32 * 1024;
/// … after adding at least a quarter of that as room to grow.
/// Data segments start at multiples of this (the first keeps its address).
const SEGMENT_ALIGN: u64 = 1 << 18;
/// The memory's initial size, and where the heap may start, is a multiple of this.
const MEMORY_ALIGN: u64 = 1 << 20;
/// A module's slots in the function table: rounded up to this many …
const TABLE_QUANTUM: usize = 64;
/// … after adding at least this many spare slots.
const TABLE_SLACK: usize = 16;
/// The table's size is a multiple of this.
const TABLE_ALIGN: usize = 1024;

pub(crate) fn data_region(size: u64) -> u64 {
    let quantum = if size < DATA_LARGE {
        DATA_QUANTUM
    } else {
        DATA_QUANTUM_LARGE
    };
    (size + quantum / 4).next_multiple_of(quantum)
}

pub(crate) fn table_region(count: usize) -> usize {
    (count + TABLE_SLACK).next_multiple_of(TABLE_QUANTUM)
}

pub(crate) fn table_size(used: usize) -> usize {
    used.next_multiple_of(TABLE_ALIGN)
}

pub(crate) fn memory_end(layout_end: u64) -> u64 {
    layout_end.next_multiple_of(MEMORY_ALIGN)
}

/// Gives the relocated segments new base addresses, in the order of their old ones: the first
/// keeps its address, every later one starts at the next multiple of `SEGMENT_ALIGN` after
/// the one before. Returns where the last one ends.
pub(crate) fn place_segments(per_segment: &mut [DataSegmentEmitInfo]) -> Result<u64> {
    let mut order = Vec::new();
    for (index, segment) in per_segment.iter().enumerate() {
        match segment {
            DataSegmentEmitInfo::Ranges { base_address, .. } => order.push((*base_address, index)),
            _ => bail!(
                "data segment {index} is not relocatable (passive, thread-local or at a computed \
                 address): the stable layout moves the segments and cannot keep it apart"
            ),
        }
    }
    order.sort_unstable();
    let mut next: Option<u64> = None;
    let mut end = 0;
    for (_, index) in order {
        let DataSegmentEmitInfo::Ranges {
            base_address, len, ..
        } = &mut per_segment[index]
        else {
            unreachable!("only relocatable segments are placed");
        };
        if let Some(next) = next {
            *base_address = next;
        }
        end = *base_address + *len;
        next = Some(end.next_multiple_of(SEGMENT_ALIGN));
    }
    Ok(end)
}

/// A chunk (code shared by several parts) whose functions and data together are smaller than
/// this many bytes (before wasm-opt; about 3 KB brotli after it) is merged with the other
/// small chunks into one chunk that every part needing any of them loads. Left apart, the
/// split writes about 70 chunks of a few hundred bytes each, and a game's table and bots
/// waited for about 50 files; merged, about 10 (issue 28: at most 12). A part loads some code
/// it does not need (a few KB), and the merged chunk changes when any of them does.
const CHUNK_MERGE_BYTES: u64 = 16 * 1024;

pub(crate) fn merge_small_chunks(
    module: &InputModule,
    contents: &mut HashMap<SplitModuleIdentifier, OutputModuleInfo>,
) {
    let size = |info: &OutputModuleInfo| -> u64 {
        info.included_symbols
            .iter()
            .map(|dep| match *dep {
                DepNode::Function(func) => func
                    .checked_sub(module.imported_funcs.len())
                    .and_then(|index| module.defined_funcs.get(index))
                    .map_or(0, |defined| {
                        let range = defined.body.range();
                        range.end - range.start
                    }),
                DepNode::DataSymbol(symbol) => match module.reloc_info.symbols.get(symbol) {
                    Some(SymbolInfo::Data {
                        symbol: Some(data), ..
                    }) => u64::from(data.size),
                    _ => 0,
                },
                _ => 0,
            })
            .sum()
    };
    let mut small: Vec<_> = contents
        .iter()
        .filter(|(id, info)| {
            matches!(id, SplitModuleIdentifier::Chunk(_)) && size(info) < CHUNK_MERGE_BYTES
        })
        .map(|(id, _)| id.clone())
        .collect();
    if small.len() < 2 {
        return;
    }
    small.sort();
    let mut users = BTreeSet::new();
    let mut symbols = HashSet::new();
    let mut bytes = 0;
    for id in &small {
        let info = contents.remove(id).expect("a chunk listed above");
        bytes += size(&info);
        if let SplitModuleIdentifier::Chunk(set) = id {
            users.extend(set.iter().cloned());
        }
        symbols.extend(info.included_symbols);
    }
    eprintln!(
        "kr-wasm-split: merged {} chunks under {CHUNK_MERGE_BYTES} bytes ({bytes} bytes) into one, needed by {} parts",
        small.len(),
        users.len()
    );
    contents
        .entry(SplitModuleIdentifier::Chunk(users))
        .or_default()
        .included_symbols
        .extend(symbols);
}
