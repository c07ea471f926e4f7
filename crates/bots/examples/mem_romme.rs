//! Where a long Rommé match's memory is (diagnostics): plays a 50-deal bot match natively
//! and prints the heap bytes of the record, the state, a view and the score sheet.
use bots::romme::{Level, RommeBot};
use bots::Bot;
use engine::romme::{MatchEnd, Preset, Romme, RommeAction};
use engine::Game;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Counting;
static LIVE: AtomicUsize = AtomicUsize::new(0);
static COUNT: AtomicUsize = AtomicUsize::new(0);
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        LIVE.fetch_add(l.size(), Relaxed);
        COUNT.fetch_add(1, Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size(), Relaxed);
        COUNT.fetch_sub(1, Relaxed);
        unsafe { System.dealloc(p, l) }
    }
}
#[global_allocator]
static A: Counting = Counting;

fn bytes<T>(f: impl FnOnce() -> T) -> (usize, usize, T) {
    let (b, c) = (LIVE.load(Relaxed), COUNT.load(Relaxed));
    let t = f();
    (LIVE.load(Relaxed) - b, COUNT.load(Relaxed) - c, t)
}

fn main() {
    let mut opts = Preset::Grundspiel.options();
    opts.match_end = MatchEnd::Deals { count: Some(50) };
    let mut g = Romme::new(&opts, 3, 7).unwrap();
    let mut bots: Vec<RommeBot> = (0..3)
        .map(|i| RommeBot::new(Level::Normal, i).with_options(&opts))
        .collect();
    let mut log: Vec<(usize, RommeAction)> = Vec::new();
    while let Some(s) = g.to_move() {
        let legal = g.legal_actions(s);
        let a = bots[s].choose(&g.view(s), &legal);
        g.apply(s, &a).unwrap();
        log.push((s, a));
    }
    let (b, c, _l) = bytes(|| log.clone());
    println!(
        "actions {}: record log {b} B in {c} blocks ({} B per entry inline)",
        log.len(),
        std::mem::size_of::<(usize, RommeAction)>()
    );
    let (b, c, _g) = bytes(|| g.clone());
    println!("state {b} B in {c} blocks");
    let (b, c, v) = bytes(|| g.view(0));
    println!("view {b} B in {c} blocks");
    let (b, c, _s) = bytes(|| v.sheet.clone());
    println!(
        "  of which the sheet {b} B in {c} blocks ({} rows)",
        v.sheet.rows.len()
    );
    let (b, c, _e) = bytes(|| v.events.clone());
    println!("  of which the events {b} B in {c} blocks");
    let (b, c, _e) = bytes(|| v.deal_summary.clone());
    println!("  of which the deal summary {b} B in {c} blocks");
}
