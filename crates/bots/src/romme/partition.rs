//! Exact best meld partition of a hand: a set of disjoint legal melds that maximises the
//! melded value (the penalty of the melded cards), i.e. minimises the penalty of the rest.
//!
//! # Algorithm
//!
//! The search works on face counts (two packs: at most two copies of a face), so identical
//! cards are interchangeable. A state is one `u128` key: 2 bits per face (52 faces,
//! suit-major, ace first, so each suit is a 26-bit lane) and the joker count from bit 104.
//! Taking a meld out of the hand is one subtraction of its key.
//!
//! From a state the search takes the first remaining natural card `c` (lowest face index)
//! and branches: leave `c` unmelded, or make it the lowest card of a set or a sequence
//! (positions below it can only be jokers, because every lower card of its suit has been
//! decided already). Melds longer than `2 · min_len − 1` can always be split into two legal
//! melds when the hand holds fewer than `min_len` jokers, so longer ones are only tried when
//! there are that many jokers. Every reported meld is checked with [`engine::meld::validate`].
//!
//! Cards that no meld can hold are left out before the search: with `j` usable jokers a card
//! needs a set of its rank or a window of `min_len` positions of its suit with at least
//! `min_len − j` naturals ([`Ctx::meldable_mask`]). The masks are computed once for the whole
//! hand, one per usable joker count ([`Ctx::keep`]); a state holds a subset of the hand, so
//! they stay valid. They are applied at the root and whenever a meld used jokers
//! ([`Ctx::after`]): in a random hand without jokers most cards go at once, and once the
//! last joker is placed, usually all of the rest. A left-out card would only ever be left
//! unmelded, so this changes no value and no tie-break. A card that makes no meld in a
//! state is walked past without a memo entry.
//!
//! Two passes share one memo of exact values:
//!
//! 1. **Value** ([`Search::best`]): the best melded value of a state. Each distinct meld
//!    through `c` is generated once ([`Ctx::push_shapes`]: `c` with jokers only, sets with
//!    other naturals of `c`'s rank, sequences with other naturals of `c`'s suit as subsets
//!    whose gaps the jokers can fill) into one candidate stack shared by all levels, so the
//!    inner loop allocates nothing. A state stops trying melds once every remaining card is
//!    melded (the value of the remaining cards, carried along, is an upper bound). States
//!    are memoised in a small open-addressing table ([`Memo`]).
//! 2. **Reconstruction** ([`Search::reconstruct`]): walks one optimal path, trying the melds
//!    in the order of the original search ([`Ctx::shapes_in_order`]: sets, then sequences by
//!    ace position, length and start, naturals before jokers) and taking the first that
//!    reaches the optimum. Ties are therefore broken exactly as before the speed-up, so the
//!    returned [`Partition`] (melds, card order, rest) is identical to the original search,
//!    kept as `partition_reference.rs` and compared in `partition_tests.rs`.
//!
//! Speed (`cargo run -p bench --profile bench-native --bin bench_romme`, random 13/14-card
//! hands from two packs with two jokers, on the busy shared machine): median hand 5.5 µs →
//! 1.2 µs, p99 32 µs → 8 µs, mean 14.7–20.3 µs → 3.2–7.0 µs (the mean there is mostly
//! scheduler stalls; the best of ten batch passes: 13.7 µs → 2.9 µs). See docs/DESIGN.md,
//! "Rommé meld partition" (the full measurements: docs/JOURNAL.md, wave 4, in git history at
//! commit 4915363).

use engine::meld::{validate_with_hint, JokerHint, Meld, MeldRules};
use engine::{penalty, Card, Face, PenaltyTable};

#[path = "partition_key.rs"]
mod key;
pub use key::face_index;
use key::*;
#[path = "partition_hand.rs"]
mod hand;
use hand::{sort_hand, FaceStacks, Sorted};

/// The result: melds (each legal), the unmelded rest and the melded value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Partition {
    pub melds: Vec<Vec<Card>>,
    pub rest: Vec<Card>,
    /// Sum of the penalty values of the melded cards.
    pub value: u32,
}

impl Partition {
    /// Penalty of the unmelded cards.
    pub fn rest_penalty(&self, table: PenaltyTable) -> u32 {
        self.rest.iter().map(|c| penalty(c.face, table)).sum()
    }

    /// Opening value of the melds (each read with the joker placement that counts most).
    pub fn opening_value(&self, rules: &MeldRules) -> u32 {
        self.melds
            .iter()
            .filter_map(|m| best_reading(m, rules))
            .map(|(m, _)| m.opening_value())
            .sum()
    }
}

/// The reading of a group (joker high or low) with the larger opening value.
pub fn best_reading(cards: &[Card], rules: &MeldRules) -> Option<(Meld, JokerHint)> {
    [JokerHint::High, JokerHint::Low]
        .into_iter()
        .filter_map(|h| validate_with_hint(cards, rules, h).ok().map(|m| (m, h)))
        .max_by_key(|(m, h)| (m.opening_value(), *h == JokerHint::High))
}

/// A candidate meld: its key (naturals and jokers) and its value.
type Candidate = (u128, u32);

/// Exact best values of visited states: open addressing with linear probing. Each slot
/// holds the state key (bits 0..108: 104 for the faces, 4 for at most 15 jokers) and its
/// value above it (< 2²⁰: at most 171 cards worth at most 1000 each). An empty slot is 0,
/// which no stored state is (stored states hold a natural).
struct Memo {
    slots: Vec<u128>,
    len: usize,
}

impl Memo {
    const VALUE_SHIFT: u32 = 108;
    const KEY: u128 = (1 << Self::VALUE_SHIFT) - 1;

    /// An empty memo; the table is allocated on the first insert.
    fn new() -> Memo {
        Memo {
            slots: Vec::new(),
            len: 0,
        }
    }

    fn slot(&self, key: u128) -> usize {
        let h = ((key as u64) ^ ((key >> 64) as u64).rotate_left(31))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 32) as usize & (self.slots.len() - 1)
    }

    fn get(&self, key: u128) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            let e = self.slots[i];
            if e == 0 {
                return None;
            }
            if e & Self::KEY == key {
                return Some((e >> Self::VALUE_SHIFT) as u32);
            }
            i = (i + 1) & mask;
        }
    }

    fn insert(&mut self, key: u128, value: u32) {
        debug_assert!(key != 0 && key <= Self::KEY && value < 1 << 20);
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        while self.slots[i] != 0 && self.slots[i] & Self::KEY != key {
            i = (i + 1) & mask;
        }
        if self.slots[i] == 0 {
            self.len += 1;
        }
        self.slots[i] = key | (u128::from(value) << Self::VALUE_SHIFT);
    }

    fn grow(&mut self) {
        let size = (2 * self.slots.len()).max(64);
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        self.len = 0;
        for e in old.into_iter().filter(|&e| e != 0) {
            self.insert(e & Self::KEY, (e >> Self::VALUE_SHIFT) as u32);
        }
    }
}

/// The fixed data of one search: rules and card values.
struct Ctx<'a> {
    rules: &'a MeldRules,
    value: [u32; 52],
    joker_value: u32,
    min_len: usize,
    /// Longest set tried.
    set_max: usize,
    /// Longest sequence tried (≤ 13).
    seq_max: usize,
    /// By the number of usable jokers: the faces of the whole hand that a meld with that
    /// many jokers can hold ([`Ctx::meldable_mask`]; all for enough jokers). A state
    /// holds a subset of the hand, so its melds stay inside the mask of its jokers.
    keep: [u128; 16],
}

impl Ctx<'_> {
    /// Value of every card in `key`.
    fn remaining_value(&self, key: u128) -> u32 {
        let mut v = u32::from(jokers_of(key)) * self.joker_value;
        let mut bits = presence(key);
        while bits != 0 {
            let f = bits.trailing_zeros() as usize / 2;
            v += u32::from(count(key, f)) * self.value[f];
            bits &= bits - 1;
        }
        v
    }

    /// The state after melding `d` from `key`. When the meld used jokers, the cards that
    /// no meld with the jokers still usable can hold are dropped ([`Ctx::keep`]), which
    /// changes no value and no tie-break: those cards would only ever be left unmelded.
    fn after(&self, key: u128, d: u128) -> u128 {
        let child = key - d;
        if d > NATURALS {
            child & self.keep[self.max_jokers(child)]
        } else {
            child
        }
    }

    /// A mask (2 bits per face, joker bits set) of the faces of `key` that some legal meld
    /// of `key`'s cards with at most `maxj` jokers can hold: a set of their rank or a
    /// window of `min_len` positions of their suit around them (the ace at 1 and 14) has
    /// at least `min_len − maxj` naturals (every longer meld contains such a window).
    /// Every meld of a subset of `key` with at most `maxj` jokers lies inside the mask.
    fn meldable_mask(&self, key: u128, maxj: usize) -> u128 {
        let m = self.min_len;
        if maxj + 1 >= m {
            return u128::MAX; // every card makes a meld with jokers alone
        }
        let need = m - maxj; // ≥ 2 naturals
        let mut per_rank = [0usize; 13];
        let mut positions = [0u32; 4]; // per suit: bit q = position q (1..=13) present
        let mut bits = presence(key);
        while bits != 0 {
            let f = bits.trailing_zeros() as usize / 2;
            let (suit, rank) = (f / 13, f % 13);
            per_rank[rank] += if self.rules.set_distinct_suits {
                1
            } else {
                usize::from(count(key, f))
            };
            positions[suit] |= 2 << rank;
            bits &= bits - 1;
        }
        let mut keep = 0u128; // low bit of each kept face's field
        for (rank, &n) in per_rank.iter().enumerate() {
            if n >= need {
                keep |= ACES << (2 * rank);
            }
        }
        if m <= 13 {
            for (suit, &present) in positions.iter().enumerate() {
                if (present.count_ones() as usize) < need {
                    continue;
                }
                // The ace high; then at_least[k]: bit lo set if k of the positions lo,
                // lo+1, … (so far) are present. After m positions at_least[need] marks the
                // windows that count. Windows past position 14 add nothing: the one ending
                // at 14 holds the same naturals.
                let present = present | ((present & 2) << 13);
                let mut at_least = [0u32; 15];
                at_least[0] = u32::MAX;
                for i in 0..m {
                    let shifted = present >> i;
                    for k in (1..=need.min(i + 1)).rev() {
                        at_least[k] |= at_least[k - 1] & shifted;
                    }
                }
                let starts = at_least[need];
                let mut covered = 0u32;
                for i in 0..m {
                    covered |= starts << i;
                }
                let mut q = (covered | ((covered >> 13) & 2)) & present & 0x3ffe;
                while q != 0 {
                    let rank = q.trailing_zeros() as usize - 1;
                    keep |= 1u128 << (2 * (suit * 13 + rank));
                    q &= q - 1;
                }
            }
        }
        keep | (keep << 1) | !NATURALS
    }

    /// Jokers one meld may take from `key`.
    fn max_jokers(&self, key: u128) -> usize {
        let j = jokers_of(key);
        usize::from(self.rules.max_jokers_per_meld.map_or(j, |m| j.min(m)))
    }

    /// Pushes every distinct meld whose lowest natural is `c`, the first face of `key`,
    /// each once (order irrelevant: used for the value only).
    fn push_shapes(&self, key: u128, c: usize, out: &mut Vec<Candidate>) {
        let maxj = self.max_jokers(key);
        let rest = key - bit(c);
        let (rank, suit) = (c % 13, c / 13);
        let (jv, cv) = (self.joker_value, self.value[c]);
        // `c` with jokers only: a set or a sequence, whichever allows the length.
        let lone_max = self.set_max.max(self.seq_max);
        for j in 0..=maxj {
            let len = 1 + j;
            if len >= self.min_len && len <= lone_max {
                out.push((bit(c) + jokers_key(j), cv + j as u32 * jv));
            }
        }
        // Sets with other naturals of c's rank (lower suits are decided already).
        let mut avail = [0u8; 4];
        for (s, a) in avail.iter_mut().enumerate().skip(suit) {
            *a = count(rest, s * 13 + rank);
            if self.rules.set_distinct_suits {
                *a = if s == suit { 0 } else { (*a).min(1) };
            }
        }
        if avail.iter().any(|&a| a > 0) {
            let f = |s: usize| s * 13 + rank;
            for k0 in 0..=avail[0] {
                for k1 in 0..=avail[1] {
                    for k2 in 0..=avail[2] {
                        for k3 in 0..=avail[3] {
                            let picks = [k0, k1, k2, k3];
                            let n = 1 + picks.iter().map(|&k| usize::from(k)).sum::<usize>();
                            if n == 1 || n > self.set_max {
                                continue;
                            }
                            let mut d = bit(c);
                            let mut v = cv;
                            for (s, &k) in picks.iter().enumerate() {
                                d += u128::from(k) << (2 * f(s));
                                v += u32::from(k) * self.value[f(s)];
                            }
                            for j in 0..=maxj {
                                let len = n + j;
                                if len > self.set_max {
                                    break;
                                }
                                if len >= self.min_len {
                                    out.push((d + jokers_key(j), v + j as u32 * jv));
                                }
                            }
                        }
                    }
                }
            }
        }
        // Sequences with other naturals of c's suit. The ace starts one low (position 1,
        // growing up) or ends one high (position 14, growing down).
        let starts: &[(usize, bool)] = if rank == 0 {
            &[(1, true), (14, false)]
        } else {
            &[(rank + 1, true)]
        };
        // Bit 2·(q−1): a natural at position q = 1..=13 of c's suit (the ace high, position
        // 14, is never another natural: below `c` for a non-ace, `c`'s own face otherwise).
        let lane = (rest >> (26 * suit)) as u32;
        let present = (lane | (lane >> 1)) & 0x0155_5555;
        for &(p, up) in starts {
            // The next natural lies within maxj + 1 positions, or there is none.
            let reach = (1u64 << (2 * (maxj + 1))) - 1; // maxj ≤ 15
            let near = if up {
                reach << (2 * p)
            } else {
                reach << 26 >> (2 * (maxj + 1))
            };
            if u64::from(present) & near == 0 {
                continue;
            }
            let seq = Seq {
                rest,
                present,
                suit,
                p,
                up,
                maxj,
            };
            self.extend_seq(&seq, p, 1, 0, bit(c), cv, out);
        }
    }

    /// Extends a sequence whose naturals run from `p` to `end` (`n` naturals, `gaps` holes
    /// for jokers) by each further natural in turn; pushes the melds with ≥ 2 naturals.
    #[allow(clippy::too_many_arguments)]
    fn extend_seq(
        &self,
        seq: &Seq,
        end: usize,
        n: usize,
        gaps: usize,
        d: u128,
        v: u32,
        out: &mut Vec<Candidate>,
    ) {
        if n >= 2 {
            for j in gaps..=seq.maxj {
                let len = n + j;
                if len > self.seq_max {
                    break;
                }
                if len >= self.min_len {
                    out.push((d + jokers_key(j), v + j as u32 * self.joker_value));
                }
            }
        }
        // The next natural may be `step` positions further (step − 1 new holes).
        for step in 1..=(seq.maxj - gaps + 1) {
            let span = end.abs_diff(seq.p) + 1 + step;
            if span > self.seq_max {
                break;
            }
            let q = if seq.up {
                end + step
            } else if end > step {
                end - step
            } else {
                break;
            };
            if !(1..=14).contains(&q) {
                break;
            }
            if q <= 13 && (seq.present >> (2 * (q - 1))) & 1 != 0 {
                let f = seq_face(seq.suit, q);
                self.extend_seq(
                    seq,
                    q,
                    n + 1,
                    gaps + step - 1,
                    d + bit(f),
                    v + self.value[f],
                    out,
                );
            }
        }
    }

    /// Every meld shape whose lowest natural is `c`, in the order of the original search,
    /// duplicates included; stops (returning true) as soon as `f` returns true.
    fn shapes_in_order(&self, key: u128, c: usize, f: &mut dyn FnMut(u128, u32) -> bool) -> bool {
        let rest = key - bit(c);
        let maxj = self.max_jokers(key);
        let (rank, s0) = (c % 13, c / 13);
        let mut avail = [0u8; 4];
        for (s, a) in avail.iter_mut().enumerate().skip(s0) {
            *a = count(rest, s * 13 + rank);
            if self.rules.set_distinct_suits {
                *a = if s == s0 { 0 } else { (*a).min(1) };
            }
        }
        let mut pick = [0u8; 4];
        if self.sets_in_order(&avail, &mut pick, 0, maxj, c, f) {
            return true;
        }
        let positions: &[usize] = if rank == 0 { &[1, 14] } else { &[rank + 1] };
        for &p in positions {
            for len in self.min_len..=self.seq_max {
                for lo in p.saturating_sub(len - 1).max(1)..=p {
                    let hi = lo + len - 1;
                    if hi > 14 {
                        break;
                    }
                    let seq = Seq {
                        rest,
                        present: 0, // not used in this order
                        suit: s0,
                        p,
                        up: true,
                        maxj,
                    };
                    if self.seq_in_order(&seq, lo, hi, 0, bit(c), self.value[c], f) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Sets in the original order: copies per suit ascending, then the joker count.
    fn sets_in_order(
        &self,
        avail: &[u8; 4],
        pick: &mut [u8; 4],
        s: usize,
        maxj: usize,
        c: usize,
        f: &mut dyn FnMut(u128, u32) -> bool,
    ) -> bool {
        if s == 4 {
            let rank = c % 13;
            let naturals = 1 + pick.iter().map(|&k| usize::from(k)).sum::<usize>();
            let mut d = bit(c);
            let mut v = self.value[c];
            for (su, &k) in pick.iter().enumerate() {
                d += u128::from(k) << (2 * (su * 13 + rank));
                v += u32::from(k) * self.value[su * 13 + rank];
            }
            for j in 0..=maxj {
                let len = naturals + j;
                if len < self.min_len || len > self.set_max {
                    continue;
                }
                if f(d + jokers_key(j), v + j as u32 * self.joker_value) {
                    return true;
                }
            }
            return false;
        }
        for k in 0..=avail[s] {
            pick[s] = k;
            if self.sets_in_order(avail, pick, s + 1, maxj, c, f) {
                pick[s] = 0;
                return true;
            }
        }
        pick[s] = 0;
        false
    }

    /// Sequences over positions `pos..=hi` in the original order: at each position the
    /// natural (if any) before a joker; `c` itself sits at `seq.p`.
    #[allow(clippy::too_many_arguments)]
    fn seq_in_order(
        &self,
        seq: &Seq,
        pos: usize,
        hi: usize,
        used: usize,
        d: u128,
        v: u32,
        f: &mut dyn FnMut(u128, u32) -> bool,
    ) -> bool {
        if pos > hi {
            return f(d + jokers_key(used), v + used as u32 * self.joker_value);
        }
        if pos == seq.p {
            return self.seq_in_order(seq, pos + 1, hi, used, d, v, f);
        }
        let face = seq_face(seq.suit, pos);
        if count(seq.rest, face) > 0
            && self.seq_in_order(
                seq,
                pos + 1,
                hi,
                used,
                d + bit(face),
                v + self.value[face],
                f,
            )
        {
            return true;
        }
        used < seq.maxj && self.seq_in_order(seq, pos + 1, hi, used + 1, d, v, f)
    }
}

/// A sequence being built in one suit around `c` at position `p`.
struct Seq {
    /// The state without `c`.
    rest: u128,
    /// Naturals of the suit in `rest`: bit 2·(q−1) for position q = 1..=13.
    present: u32,
    suit: usize,
    p: usize,
    /// Further naturals lie above `p` (otherwise below: the ace high).
    up: bool,
    maxj: usize,
}

/// The memo and the candidate stack of one search.
struct Search {
    memo: Memo,
    stack: Vec<Candidate>,
}

impl Search {
    /// Best melded value of `key`; `remaining` is at least the value of its cards (exactly
    /// that, except below a state whose unmeldable cards were left out): an upper bound.
    fn best(&mut self, ctx: &Ctx, mut key: u128, mut remaining: u32) -> u32 {
        loop {
            let Some(c) = first_face(key) else {
                return 0; // jokers alone make no meld
            };
            if let Some(v) = self.memo.get(key) {
                return v;
            }
            let base = self.stack.len();
            ctx.push_shapes(key, c, &mut self.stack);
            if self.stack.len() == base {
                // `c` makes no meld here: the state is worth what the rest is worth.
                key -= bit(c);
                remaining -= ctx.value[c];
                continue;
            }
            let mut best = self.best(ctx, key - bit(c), remaining - ctx.value[c]);
            if best < remaining {
                for i in base..self.stack.len() {
                    let (d, v) = self.stack[i];
                    let total = v + self.best(ctx, ctx.after(key, d), remaining - v);
                    if total > best {
                        best = total;
                        if best >= remaining {
                            break; // every remaining card melded
                        }
                    }
                }
            }
            self.stack.truncate(base);
            self.memo.insert(key, best);
            return best;
        }
    }

    /// One optimal path from `key`: (first face, meld key) per meld, ties broken as in the
    /// original search (leave the card unmelded first, then [`Ctx::shapes_in_order`]).
    fn reconstruct(&mut self, ctx: &Ctx, mut key: u128) -> Vec<(usize, u128)> {
        let mut remaining = ctx.remaining_value(key);
        let mut out = Vec::new();
        while let Some(c) = first_face(key) {
            let target = self.best(ctx, key, remaining);
            let skip = key - bit(c);
            if self.best(ctx, skip, remaining - ctx.value[c]) == target {
                key = skip;
                remaining -= ctx.value[c];
                continue;
            }
            let mut chosen = None;
            ctx.shapes_in_order(key, c, &mut |d, v| {
                let hit = v + self.best(ctx, ctx.after(key, d), remaining - v) == target;
                if hit {
                    chosen = Some((d, v));
                }
                hit
            });
            match chosen {
                Some((d, v)) => {
                    key = ctx.after(key, d);
                    remaining -= v;
                    out.push((c, d));
                }
                None => break, // cannot happen: the memo came from these shapes
            }
        }
        out
    }
}

/// The exact best partition of `cards` into legal melds and a rest.
pub fn best_partition(cards: &[Card], rules: &MeldRules, table: PenaltyTable) -> Partition {
    let Sorted {
        key,
        jokers,
        mut stacks,
        mut joker_cards,
        mut rest,
    } = sort_hand(cards);
    let mut ctx = Ctx::new(rules, table, jokers);
    let shapes = search_shapes(&mut ctx, key);
    let mut melds = Vec::with_capacity(shapes.len());
    let mut total = 0u32;
    for (c, d) in shapes {
        let (group, ok) = meld_cards(c, d, &mut stacks, &mut joker_cards);
        if ok && engine::validate(&group, rules).is_ok() {
            total += group.iter().map(|c| penalty(c.face, table)).sum::<u32>();
            melds.push(group);
        } else {
            rest.extend(group);
        }
    }
    rest.extend(stacks.into_left());
    rest.extend(joker_cards);
    Partition {
        melds,
        rest,
        value: total,
    }
}

impl<'a> Ctx<'a> {
    /// The search's context for a hand with `jokers` jokers taking part; `keep` is left open
    /// (all faces) for [`search_shapes`] to narrow.
    fn new(rules: &'a MeldRules, table: PenaltyTable, jokers: usize) -> Ctx<'a> {
        let mut value = [0u32; 52];
        for (i, v) in value.iter_mut().enumerate() {
            let face = Face::french((i % 13) as u8 + 1, engine::Suit::ALL[i / 13]);
            *v = penalty(face, table).min(1000);
        }
        let min_len = usize::from(rules.min_len.max(1));
        let max_len = if jokers >= min_len {
            13.max(2 * min_len - 1)
        } else {
            2 * min_len - 1
        };
        Ctx {
            rules,
            value,
            joker_value: penalty(Face::Joker, table).min(1000),
            min_len,
            set_max: if rules.set_distinct_suits { 4 } else { max_len },
            seq_max: max_len.min(13),
            keep: [u128::MAX; 16],
        }
    }
}

/// The best melds of hand `key` as (lowest face, meld key) shapes: sets `ctx.keep` to the
/// faces each number of jokers can meld, then searches what is left.
fn search_shapes(ctx: &mut Ctx, key: u128) -> Vec<(usize, u128)> {
    let maxj = ctx.max_jokers(key);
    for j in 0..=maxj.min(ctx.min_len.saturating_sub(2)) {
        ctx.keep[j] = ctx.meldable_mask(key, j);
    }
    let root = key & ctx.keep[maxj];
    if root & NATURALS == 0 {
        return Vec::new(); // no card can be melded: nothing to search
    }
    let mut search = Search {
        memo: Memo::new(),
        stack: Vec::with_capacity(64),
    };
    search.reconstruct(ctx, root)
}

/// The cards of shape `d` (lowest face `c`): the lowest natural first, then the others by
/// face, then the jokers; `false` when a card of the shape was not there.
fn meld_cards(
    c: usize,
    d: u128,
    stacks: &mut FaceStacks,
    joker_cards: &mut Vec<Card>,
) -> (Vec<Card>, bool) {
    let others = (d & NATURALS) - bit(c);
    let naturals_in = (d & LOW_BITS).count_ones() + 2 * ((d >> 1) & LOW_BITS).count_ones();
    let mut group = Vec::with_capacity(naturals_in as usize + usize::from(jokers_of(d)));
    let mut ok = true;
    for f in std::iter::once(c).chain(faces_of(others)) {
        match stacks.pop(f) {
            Some(card) => group.push(card),
            None => ok = false,
        }
    }
    for _ in 0..jokers_of(d) {
        match joker_cards.pop() {
            Some(card) => group.push(card),
            None => ok = false,
        }
    }
    (group, ok)
}

#[cfg(test)]
#[path = "partition_reference.rs"]
mod reference;

#[cfg(test)]
#[path = "partition_tests.rs"]
mod tests;
