//! Stable sorting with little code per call site.
//!
//! Every `slice::sort_by_key` call with its own element type or key closure compiles the
//! standard library's whole stable sort again (about 5.5 KB of wasm each, 34 copies in the
//! page: docs/DESIGN.md "Size"). These functions sort short slices (hands, melds, lists of
//! options) with a few lines of insertion sort, and longer ones by sorting their positions
//! with one shared, non-generic copy of the standard sort. The result is exactly that of the
//! standard stable sort.

use core::cmp::Ordering;

/// Up to this length an insertion sort is used (the standard sort does the same below 20).
const SHORT: usize = 24;

/// Sorts `v` stably by `cmp`, like `slice::sort_by`.
pub fn sort_by<T, F: FnMut(&T, &T) -> Ordering>(v: &mut [T], mut cmp: F) {
    let n = v.len();
    if n <= SHORT {
        for i in 1..n {
            let mut j = i;
            while j > 0 && cmp(&v[j - 1], &v[j]) == Ordering::Greater {
                v.swap(j - 1, j);
                j -= 1;
            }
        }
        return;
    }
    let order = {
        let v: &[T] = v;
        sorted_positions(n, &mut |a, b| cmp(&v[a], &v[b]))
    };
    permute(v, order);
}

/// Sorts `v` stably by `key`, like `slice::sort_by_key`.
pub fn sort_by_key<T, K: Ord, F: FnMut(&T) -> K>(v: &mut [T], mut key: F) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `v` stably, like `slice::sort`.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

/// The positions `0..n` in the order `cmp` sorts them, stably: the one compiled copy of the
/// standard sort.
#[inline(never)]
fn sorted_positions(n: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| cmp(a, b));
    order
}

/// Moves the element at `order[i]` to position `i`, for every `i`, by following cycles.
fn permute<T>(v: &mut [T], mut order: Vec<usize>) {
    for start in 0..v.len() {
        let mut at = start;
        loop {
            let from = order[at];
            order[at] = at;
            if from == start || from == at {
                break;
            }
            v.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;

    /// Same result as the standard stable sort, for short and long slices, with many ties
    /// (the payload shows whether equal keys kept their order).
    #[test]
    fn equals_the_standard_stable_sort() {
        let mut rng = GameRng::seed_from_u64(7);
        for n in 0..200usize {
            for spread in [1u32, 3, 10, 1000] {
                let mut v: Vec<(u32, usize)> = (0..n)
                    .map(|i| (rng.below(spread as u64) as u32, i))
                    .collect();
                rng.shuffle(&mut v);
                let mut expected = v.clone();
                expected.sort_by_key(|x| x.0);
                let mut got = v.clone();
                sort_by_key(&mut got, |x| x.0);
                assert_eq!(got, expected, "n {n} spread {spread}");
                let mut got = v.clone();
                sort_by(&mut got, |a, b| b.0.cmp(&a.0));
                let mut expected2 = v.clone();
                expected2.sort_by_key(|x| std::cmp::Reverse(x.0));
                assert_eq!(got, expected2, "reversed, n {n} spread {spread}");
                let mut got = v.clone();
                sort(&mut got);
                let mut all = v;
                all.sort();
                assert_eq!(got, all);
            }
        }
    }
}
