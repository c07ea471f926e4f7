//! A counting allocator for memory measurements (feature `diag-alloc`, never in a normal
//! build): the live bytes of the wasm heap and a histogram of live allocations by size (8-byte
//! steps), exported to the page as `kr_live_bytes()` and `kr_hist(i)`. The wasm memory itself
//! only ever grows, so it cannot tell data that a page still needs from what it leaked; the
//! live bytes can (`tests/e2e/bench_live.mjs`, docs/DESIGN.md "Memory").
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
pub struct Counting;
static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);
/// Allocations (and reallocations) of 8 KiB or more since the page started.
static BIG: AtomicUsize = AtomicUsize::new(0);
fn peak() {
    PEAK.fetch_max(LIVE.load(Relaxed), Relaxed);
}
static HIST: [AtomicUsize; 513] = [const { AtomicUsize::new(0) }; 513];
fn bucket(n: usize) -> usize {
    (n.div_ceil(8)).min(512)
}
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(l) };
        if !p.is_null() {
            LIVE.fetch_add(l.size(), Relaxed);
            HIST[bucket(l.size())].fetch_add(1, Relaxed);
            BIG.fetch_add(usize::from(l.size() >= 8192), Relaxed);
            peak();
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) };
        LIVE.fetch_sub(l.size(), Relaxed);
        HIST[bucket(l.size())].fetch_sub(1, Relaxed);
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, l, n) };
        if !q.is_null() {
            LIVE.fetch_add(n, Relaxed);
            LIVE.fetch_sub(l.size(), Relaxed);
            HIST[bucket(l.size())].fetch_sub(1, Relaxed);
            HIST[bucket(n)].fetch_add(1, Relaxed);
            BIG.fetch_add(usize::from(n >= 8192), Relaxed);
            peak();
        }
        q
    }
}
#[global_allocator]
static A: Counting = Counting;
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn kr_live_bytes() -> f64 {
    LIVE.load(Relaxed) as f64
}
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn kr_hist(i: u32) -> f64 {
    HIST[(i as usize).min(512)].load(Relaxed) as f64
}
/// The most live bytes since the last call (then reset to the live bytes now).
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn kr_peak_bytes() -> f64 {
    PEAK.swap(LIVE.load(Relaxed), Relaxed) as f64
}
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn kr_big_allocs() -> f64 {
    BIG.load(Relaxed) as f64
}
