//! Brute-force reference and random positions for the solver tests.

use super::super::*;
use crate::rng::GameRng;

// ---------------------------------------------------------------- brute force

/// Can the fixed faces (counts per [rank][suit]) plus `wild` jokers be split into melds?
fn partition(cnt: &mut [[u8; 4]; 14], wild: u8) -> bool {
    let first = (1..14)
        .flat_map(|r| (0..4).map(move |s| (r, s)))
        .find(|&(r, s)| cnt[r][s] > 0);
    let Some((r, s)) = first else {
        return wild == 0 || wild >= 3;
    };
    cnt[r][s] -= 1;
    // Groups: each other suit absent, real or joker.
    let others: Vec<usize> = (0..4).filter(|&t| t != s).collect();
    for code in 0..27u32 {
        let choice = [code % 3, (code / 3) % 3, code / 9];
        let size = 1 + choice.iter().filter(|&&c| c > 0).count();
        let jokers = choice.iter().filter(|&&c| c == 2).count() as u8;
        if !(3..=4).contains(&size) || jokers > wild {
            continue;
        }
        let ok = others
            .iter()
            .zip(choice)
            .all(|(&t, c)| c != 1 || cnt[r][t] > 0);
        if !ok {
            continue;
        }
        for (&t, c) in others.iter().zip(choice) {
            if c == 1 {
                cnt[r][t] -= 1;
            }
        }
        let found = partition(cnt, wild - jokers);
        for (&t, c) in others.iter().zip(choice) {
            if c == 1 {
                cnt[r][t] += 1;
            }
        }
        if found {
            cnt[r][s] += 1;
            return true;
        }
    }
    // Sequences of suit s through position p (the ace also as 14).
    let positions: Vec<usize> = if r == 1 { vec![1, 14] } else { vec![r] };
    for p in positions {
        for a in 1..=p {
            for b in p.max(a + 2)..=14 {
                if a == 1 && b == 14 {
                    continue;
                }
                if seq_fill(cnt, s, b, p, a, wild) {
                    cnt[r][s] += 1;
                    return true;
                }
            }
        }
    }
    cnt[r][s] += 1;
    false
}

/// Fills positions q..=b of a sequence of suit s (p is the card already taken).
fn seq_fill(cnt: &mut [[u8; 4]; 14], s: usize, b: usize, p: usize, q: usize, wild: u8) -> bool {
    if q > b {
        return partition(cnt, wild);
    }
    if q == p {
        return seq_fill(cnt, s, b, p, q + 1, wild);
    }
    let rank = if q == 14 { 1 } else { q };
    if cnt[rank][s] > 0 {
        cnt[rank][s] -= 1;
        let ok = seq_fill(cnt, s, b, p, q + 1, wild);
        cnt[rank][s] += 1;
        if ok {
            return true;
        }
    }
    wild > 0 && seq_fill(cnt, s, b, p, q + 1, wild - 1)
}

/// The best (placed, value) by trying every hand subset and every re-declaration.
pub(super) fn brute(table: &[Vec<TableCard>], hand: &[Card]) -> (usize, u32) {
    let tcards: Vec<TableCard> = table.iter().flatten().copied().collect();
    let jokers: Vec<TableCard> = tcards.iter().filter(|t| t.is_joker()).copied().collect();
    let mut subsets: Vec<(usize, u32, u32)> = (0..1u32 << hand.len())
        .map(|m| {
            let cards = (0..hand.len()).filter(|i| m >> i & 1 == 1);
            let value = cards.clone().map(|i| card_value(hand[i].face)).sum();
            (m.count_ones() as usize, value, m)
        })
        .collect();
    subsets.sort_by_key(|x| std::cmp::Reverse((x.0, x.1)));
    for (n, value, m) in subsets {
        let chosen: Vec<Card> = (0..hand.len())
            .filter(|i| m >> i & 1 == 1)
            .map(|i| hand[i])
            .collect();
        for rmask in 0..1u32 << jokers.len() {
            // Re-declared jokers need real cards of their face on the new table.
            let mut ok = true;
            for (i, j) in jokers.iter().enumerate() {
                if rmask >> i & 1 == 0 {
                    continue;
                }
                let same = jokers
                    .iter()
                    .enumerate()
                    .filter(|&(k, o)| rmask >> k & 1 == 1 && o.as_face == j.as_face)
                    .count();
                let real = tcards
                    .iter()
                    .map(|t| t.card)
                    .chain(chosen.iter().copied())
                    .filter(|c| c.face == j.as_face)
                    .count();
                ok &= same <= real;
            }
            if !ok {
                continue;
            }
            let mut cnt = [[0u8; 4]; 14];
            let mut wild = 0u8;
            for (i, j) in jokers.iter().enumerate() {
                if rmask >> i & 1 == 1 {
                    wild += 1;
                } else {
                    let (v, s) = french(j.as_face).unwrap();
                    cnt[v][s] += 1;
                }
            }
            for c in tcards
                .iter()
                .filter(|t| !t.is_joker())
                .map(|t| t.card)
                .chain(chosen.iter().copied())
            {
                match french(c.face) {
                    Some((v, s)) => cnt[v][s] += 1,
                    None => wild += 1,
                }
            }
            if partition(&mut cnt, wild) {
                return (n, value);
            }
        }
    }
    panic!("the unchanged table must be a solution: {table:?}");
}

// ---------------------------------------------------------------- random instances

pub(super) struct Gen {
    pub(super) rng: GameRng,
}

impl Gen {
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.rng.below(xs.len() as u64) as usize]
    }

    /// A meld template of faces: a group or a sequence (`None`: this draw does not fit).
    fn template(&mut self, suits: &[Suit], ranks: &[u8]) -> Option<Vec<Face>> {
        if self.rng.below(2) == 0 {
            let r = self.pick(ranks);
            let mut ss: Vec<Suit> = suits.to_vec();
            self.rng.shuffle(&mut ss);
            let n = 3 + self.rng.below(2) as usize;
            if ss.len() < n {
                return None;
            }
            Some(ss[..n].iter().map(|&s| Face::french(r, s)).collect())
        } else {
            let s = self.pick(suits);
            let start = 1 + self.rng.below(13) as usize;
            let len = 3 + self.rng.below(2) as usize;
            if start + len - 1 > 14 {
                return None;
            }
            let faces = (start..start + len)
                .map(|v| Face::french(if v == 14 { 1 } else { v as u8 }, s))
                .collect();
            Some(faces)
        }
    }

    /// A small two-pack deck, a legal table of at most `max_table` cards and a hand.
    pub(super) fn instance(
        &mut self,
        max_table: usize,
        max_hand: usize,
    ) -> (Vec<Vec<TableCard>>, Vec<Card>) {
        let nsuits = 2 + self.rng.below(3) as usize;
        let suits = &Suit::ALL[..nsuits];
        let ranks: Vec<u8> = match self.rng.below(3) {
            0 => (1..=6).collect(),
            1 => vec![1, 9, 10, 11, 12, 13],
            _ => vec![1, 2, 3, 11, 12, 13],
        };
        let jokers = self.rng.below(4) as usize;
        let mut deck = Vec::new();
        let mut id = 0u16;
        for _ in 0..2 {
            for &s in suits {
                for &r in &ranks {
                    id += 1;
                    deck.push(Card {
                        id: CardId(id),
                        face: Face::french(r, s),
                    });
                }
            }
        }
        for _ in 0..jokers {
            id += 1;
            deck.push(Card {
                id: CardId(id),
                face: Face::Joker,
            });
        }
        self.rng.shuffle(&mut deck);
        let target = self.rng.below(max_table as u64 + 1) as usize;
        let mut table: Vec<Vec<TableCard>> = Vec::new();
        let mut size = 0;
        let table_jokers = self.rng.below(2) == 0;
        for _ in 0..40 {
            if size + 3 > target {
                break;
            }
            let Some(faces) = self.template(suits, &ranks) else {
                continue;
            };
            if size + faces.len() > target {
                continue;
            }
            let mut meld = Vec::new();
            let mut used = Vec::new();
            for f in faces {
                let real = (0..deck.len()).find(|&i| deck[i].face == f && !used.contains(&i));
                let joker =
                    (0..deck.len()).find(|&i| deck[i].face == Face::Joker && !used.contains(&i));
                let use_joker =
                    table_jokers && joker.is_some() && (real.is_none() || self.rng.below(4) == 0);
                let Some(i) = (if use_joker { joker } else { real }) else {
                    break;
                };
                used.push(i);
                meld.push(TableCard {
                    card: deck[i],
                    as_face: f,
                });
            }
            if meld.len() < 3 || check_meld(&meld).is_err() || meld.len() != used.len() {
                continue;
            }
            if meld.iter().all(|t| t.is_joker()) {
                continue;
            }
            used.sort_unstable();
            for &i in used.iter().rev() {
                deck.remove(i);
            }
            size += meld.len();
            table.push(meld);
        }
        let n = (self.rng.below(max_hand as u64 + 1) as usize).min(deck.len());
        // Jokers left in the deck go to the hand more often than chance would have it.
        let keys: Vec<u8> = deck
            .iter()
            .map(|c| (c.face != Face::Joker || self.rng.below(3) == 0) as u8)
            .collect();
        let mut keyed: Vec<(u8, Card)> = keys.into_iter().zip(deck).collect();
        keyed.sort_by_key(|k| k.0);
        let deck: Vec<Card> = keyed.into_iter().map(|k| k.1).collect();
        let hand = deck[..n].to_vec();
        (table, hand)
    }
}
