//! The meld partition search as it was before the speed-up (commit 56d91c0), kept verbatim
//! as the reference for `partition_tests.rs`: the fast search must give exactly the same
//! [`Partition`] (melds, their card order, rest and value) for every hand.

use super::{face_index, Partition};
use engine::meld::MeldRules;
use engine::{penalty, Card, Face, PenaltyTable};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A simple multiplicative hasher for the 128-bit state keys.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
}

type Memo = HashMap<u128, u16, BuildHasherDefault<KeyHasher>>;

const JOKER_SHIFT: u32 = 104;

/// One meld as faces: naturals by face index plus a joker count.
#[derive(Clone, Debug)]
struct Shape {
    faces: Vec<usize>,
    jokers: u8,
}

struct Search<'a> {
    rules: &'a MeldRules,
    value: [u16; 52],
    joker_value: u16,
    min_len: usize,
    max_len: usize,
    memo: Memo,
}

fn count(key: u128, i: usize) -> u8 {
    ((key >> (2 * i)) & 3) as u8
}

fn jokers_of(key: u128) -> u8 {
    (key >> JOKER_SHIFT) as u8
}

fn first_face(key: u128) -> Option<usize> {
    let naturals = key & ((1u128 << JOKER_SHIFT) - 1);
    if naturals == 0 {
        None
    } else {
        Some(naturals.trailing_zeros() as usize / 2)
    }
}

impl Search<'_> {
    fn remaining_value(&self, key: u128) -> u32 {
        let mut v = 0u32;
        for i in 0..52 {
            v += u32::from(count(key, i)) * u32::from(self.value[i]);
        }
        v + u32::from(jokers_of(key)) * u32::from(self.joker_value)
    }

    fn max_jokers(&self, key: u128) -> u8 {
        let j = jokers_of(key);
        self.rules.max_jokers_per_meld.map_or(j, |m| j.min(m))
    }

    /// Every meld shape whose lowest natural is the first remaining face.
    fn shapes(&self, key: u128, c: usize, out: &mut Vec<Shape>) {
        let rest = key - (1u128 << (2 * c));
        let maxj = self.max_jokers(key);
        // Sets: naturals of c's rank from suits ≥ c's suit.
        let rank = c % 13;
        let s0 = c / 13;
        let mut avail = [0u8; 4];
        for (s, a) in avail.iter_mut().enumerate().skip(s0) {
            *a = count(rest, s * 13 + rank);
            if self.rules.set_distinct_suits {
                *a = if s == s0 { 0 } else { (*a).min(1) };
            }
        }
        let set_max = if self.rules.set_distinct_suits {
            4
        } else {
            self.max_len
        };
        let mut pick = [0u8; 4];
        self.sets(&avail, &mut pick, 0, maxj, set_max, c, out);
        // Sequences in c's suit.
        let positions: &[usize] = if rank == 0 { &[1, 14] } else { &[rank + 1] };
        for &p in positions {
            let max_len = self.max_len.min(13);
            for len in self.min_len..=max_len {
                for lo in p.saturating_sub(len - 1).max(1)..=p {
                    let hi = lo + len - 1;
                    if hi > 14 {
                        break;
                    }
                    let mut faces = vec![c];
                    self.seq(rest, s0, lo, hi, p, 0, maxj, &mut faces, out);
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn sets(
        &self,
        avail: &[u8; 4],
        pick: &mut [u8; 4],
        s: usize,
        maxj: u8,
        set_max: usize,
        c: usize,
        out: &mut Vec<Shape>,
    ) {
        if s == 4 {
            let naturals = 1 + pick.iter().map(|&k| k as usize).sum::<usize>();
            let rank = c % 13;
            for j in 0..=maxj as usize {
                let len = naturals + j;
                if len < self.min_len || len > set_max {
                    continue;
                }
                let mut faces = vec![c];
                for (su, &k) in pick.iter().enumerate() {
                    faces.extend(std::iter::repeat_n(su * 13 + rank, k as usize));
                }
                out.push(Shape {
                    faces,
                    jokers: j as u8,
                });
            }
            return;
        }
        for k in 0..=avail[s] {
            pick[s] = k;
            self.sets(avail, pick, s + 1, maxj, set_max, c, out);
        }
        pick[s] = 0;
    }

    #[allow(clippy::too_many_arguments)]
    fn seq(
        &self,
        rest: u128,
        suit: usize,
        pos: usize,
        hi: usize,
        p: usize,
        used: u8,
        maxj: u8,
        faces: &mut Vec<usize>,
        out: &mut Vec<Shape>,
    ) {
        if pos > hi {
            out.push(Shape {
                faces: faces.clone(),
                jokers: used,
            });
            return;
        }
        if pos == p {
            self.seq(rest, suit, pos + 1, hi, p, used, maxj, faces, out);
            return;
        }
        let rank = if pos == 14 { 0 } else { pos - 1 };
        let f = suit * 13 + rank;
        if count(rest, f) > 0 {
            faces.push(f);
            self.seq(rest, suit, pos + 1, hi, p, used, maxj, faces, out);
            faces.pop();
        }
        if used < maxj {
            self.seq(rest, suit, pos + 1, hi, p, used + 1, maxj, faces, out);
        }
    }

    fn apply(&self, key: u128, shape: &Shape) -> (u128, u16) {
        let mut k = key;
        let mut v = 0u16;
        for &f in &shape.faces {
            k -= 1u128 << (2 * f);
            v += self.value[f];
        }
        k -= u128::from(shape.jokers) << JOKER_SHIFT;
        (k, v + u16::from(shape.jokers) * self.joker_value)
    }

    /// Best melded value from this state.
    fn best(&mut self, key: u128) -> u16 {
        let Some(c) = first_face(key) else {
            return 0;
        };
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let bound = self.remaining_value(key) as u16;
        let skip = key - (1u128 << (2 * c));
        let mut best = self.best(skip);
        let cap = bound; // every remaining card melded
        if best < cap {
            let mut shapes = Vec::new();
            self.shapes(key, c, &mut shapes);
            for s in &shapes {
                let (k, v) = self.apply(key, s);
                let total = v + self.best(k);
                if total > best {
                    best = total;
                    if best >= cap {
                        break;
                    }
                }
            }
        }
        self.memo.insert(key, best);
        best
    }

    /// The shapes of an optimal solution from `key`.
    fn reconstruct(&mut self, mut key: u128) -> Vec<Shape> {
        let mut out = Vec::new();
        while let Some(c) = first_face(key) {
            let target = self.best(key);
            let skip = key - (1u128 << (2 * c));
            if self.best(skip) == target {
                key = skip;
                continue;
            }
            let mut shapes = Vec::new();
            self.shapes(key, c, &mut shapes);
            let mut next = None;
            for s in shapes {
                let (k, v) = self.apply(key, &s);
                if v + self.best(k) == target {
                    next = Some((k, s));
                    break;
                }
            }
            match next {
                Some((k, s)) => {
                    key = k;
                    out.push(s);
                }
                None => break, // cannot happen: the memo came from these shapes
            }
        }
        out
    }
}

/// The exact best partition of `cards` into legal melds and a rest.
pub fn best_partition(cards: &[Card], rules: &MeldRules, table: PenaltyTable) -> Partition {
    let mut key = 0u128;
    let mut jokers = 0u32;
    let mut by_face: Vec<Vec<Card>> = vec![Vec::new(); 52];
    let mut joker_cards = Vec::new();
    let mut rest = Vec::new();
    for c in cards {
        match (c.face, face_index(c.face)) {
            (Face::Joker, _) if jokers < 15 => {
                jokers += 1;
                joker_cards.push(*c);
            }
            (_, Some(i)) if by_face[i].len() < 3 => {
                by_face[i].push(*c);
                key += 1u128 << (2 * i);
            }
            _ => rest.push(*c),
        }
    }
    key |= u128::from(jokers) << JOKER_SHIFT;
    let mut value = [0u16; 52];
    for (i, v) in value.iter_mut().enumerate() {
        let face = Face::french((i % 13) as u8 + 1, engine::Suit::ALL[i / 13]);
        *v = penalty(face, table).min(1000) as u16;
    }
    let min_len = usize::from(rules.min_len.max(1));
    let max_len = if jokers as usize >= min_len {
        13.max(2 * min_len - 1)
    } else {
        2 * min_len - 1
    };
    let mut search = Search {
        rules,
        value,
        joker_value: penalty(Face::Joker, table).min(1000) as u16,
        min_len,
        max_len,
        memo: Memo::default(),
    };
    let shapes = search.reconstruct(key);
    let mut melds = Vec::new();
    let mut total = 0u32;
    for s in shapes {
        let mut group = Vec::new();
        let mut ok = true;
        for &f in &s.faces {
            match by_face[f].pop() {
                Some(c) => group.push(c),
                None => ok = false,
            }
        }
        for _ in 0..s.jokers {
            match joker_cards.pop() {
                Some(c) => group.push(c),
                None => ok = false,
            }
        }
        if ok && engine::validate(&group, rules).is_ok() {
            total += group.iter().map(|c| penalty(c.face, table)).sum::<u32>();
            melds.push(group);
        } else {
            rest.extend(group);
        }
    }
    for v in by_face {
        rest.extend(v);
    }
    rest.extend(joker_cards);
    Partition {
        melds,
        rest,
        value: total,
    }
}
