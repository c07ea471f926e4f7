use super::*;

/// Open sequences of one suit. Canonical form: a wild joker never ends a sequence of four
/// or more, and a sequence starting with a wild joker has exactly three cards (such padding
/// jokers are placed at the end instead, see `Move::End`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct SuitState {
    /// Fixed-start sequences of length 1 and 2.
    pub(super) n1: u8,
    pub(super) n2: u8,
    /// Sequences of length ≥ 3 that may close.
    pub(super) n3: u8,
    /// Sequences of length ≥ 4 ending with a wild joker (must go on).
    pub(super) n3j: u8,
    /// Sequences starting with a wild joker, length 1 and 2.
    pub(super) j1: u8,
    pub(super) j2: u8,
    /// Mandatory aces kept for value 14.
    pub(super) th: u8,
    /// Hand aces still available at value 14.
    pub(super) hh: u8,
}

impl SuitState {
    pub(super) fn pack(&self) -> u32 {
        (self.n1 as u32) << 28
            | (self.n2 as u32) << 24
            | (self.n3 as u32) << 20
            | (self.n3j as u32) << 16
            | (self.j1 as u32) << 12
            | (self.j2 as u32) << 8
            | (self.th as u32) << 4
            | self.hh as u32
    }

    /// Sequences that must take a card at the next value.
    pub(super) fn must(&self) -> u8 {
        self.n1 + self.n2 + self.n3j + self.j1 + self.j2
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct State {
    /// Value 1..=14, 15 = the end, 16 = done.
    pub(super) v: u8,
    /// 0..4: the suit deciding; 4: the groups of this value.
    pub(super) sub: u8,
    pub(super) suits: [SuitState; 4],
    /// Wild jokers available: hand jokers + re-declared table jokers − wild jokers used.
    /// May go below zero on credit of re-declarations at later values; at the end it must
    /// lie in `0..=hand jokers` (every re-declared table joker used).
    pub(super) bal: i8,
    /// Cards put into groups at this value so far, and the most of one suit.
    pub(super) gsum: u8,
    pub(super) gmax: u8,
    /// Some sequence exists (it can take one or two padding jokers at the end).
    pub(super) any_run: bool,
    /// A state of the relaxation behind the bound (see `Solver::tail`): aces at value 14
    /// are virtual (any number, no score), `hh` is `CAP`.
    pub(super) relaxed: bool,
}

impl State {
    pub(super) fn key(&self) -> Key {
        let mut k = [0u32; 5];
        for (w, s) in k.iter_mut().zip(&self.suits) {
            *w = s.pack();
        }
        k[4] = (self.relaxed as u32) << 31
            | ((self.bal + 32) as u32) << 22
            | (self.gsum as u32) << 14
            | (self.gmax as u32) << 10
            | (self.any_run as u32) << 9
            | (self.v as u32) << 4
            | self.sub as u32;
        Key(k)
    }

    pub(super) fn stage(&self) -> usize {
        self.v as usize * 5 + self.sub as usize
    }
}

/// A state packed for the memo: four suits and the rest, 20 bytes (4-byte aligned, so a
/// memo entry takes 28 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Key([u32; 5]);

impl std::hash::Hash for Key {
    fn hash<H: Hasher>(&self, h: &mut H) {
        let k = &self.0;
        h.write_u64((k[0] as u64) << 32 | k[1] as u64);
        h.write_u64((k[2] as u64) << 32 | k[3] as u64);
        h.write_u32(k[4]);
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Move {
    /// Suit `s` at value `v`: `d` table jokers of this face re-declared, `tl` mandatory aces
    /// used low (value 1 only), `x` hand cards used, `c` hand aces committed to value 14
    /// (to justify a re-declaration), `g` of the fixed cards into groups, `w` wild jokers
    /// into its sequences.
    Suit {
        v: u8,
        s: u8,
        d: u8,
        tl: u8,
        x: u8,
        c: u8,
        g: u8,
        w: u8,
        /// Of the `w` jokers: to sequences that must go on (`ja`), to free long sequences
        /// (`jb`), starting new sequences (`jc`); the rest to short ones.
        ja: u8,
        jb: u8,
        jc: u8,
    },
    /// `j` wild jokers into the groups of value `v`.
    Groups { v: u8, j: u8 },
    /// `extra` wild jokers: three or more form one joker-only meld, one or two pad a
    /// sequence.
    End { extra: u8 },
}

/// Can `sum` cards with at most `maxg` of one suit form groups of 3–4 distinct suits?
pub(super) fn groups_ok(sum: u8, maxg: u8) -> bool {
    if sum == 0 {
        return true;
    }
    let k = maxg.max(sum.div_ceil(4));
    3 * k <= sum
}

#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        let x = self.0;
        let x = (x ^ (x >> 32)).wrapping_mul(0xD6E8_FEB8_6659_FD93);
        x ^ (x >> 32)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u128(&mut self, i: u128) {
        self.write_u64(i as u64);
        self.write_u64((i >> 64) as u64);
    }
    fn write_u64(&mut self, i: u64) {
        let x = (self.0 ^ i).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = x ^ (x >> 29);
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64 | 0x1_0000_0000);
    }
}
