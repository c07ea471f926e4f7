//! Exact solver for Karussell: how many hand cards can be placed when the whole table may be
//! rearranged, and one arrangement that does it.
//!
//! # Problem
//! Given the table (legal melds of [`TableCard`]s) and a hand, find the largest number of hand
//! cards that can be added so that every card ends in a legal meld ([`check_meld`]); ties are
//! broken by the largest penalty value placed (joker 25, J/Q/K 10, 2–10 face value, ace 1).
//! Every table card stays on the table. A hand joker may stand for any card. A table joker
//! keeps its declared identity F, except that it may take a new one when it is replaced by a
//! real F: for each face F, the number of table jokers whose identity changes away from F is
//! at most the number of real F cards on the new table.
//!
//! # Method
//! The dynamic program over ranks of van Rijn, Takes and Vis ("The complexity of Rummikub
//! problems", 2015), adapted to two packs, ace low and high, and declared jokers:
//! - values 1..=13 are processed in order, then the ace once more as value 14 (ace-high
//!   sequences). At value 1 each physical ace is either used low or kept for value 14, so an
//!   ace is used once and a sequence never goes round the corner;
//! - the state holds, per suit, the number of open sequences of length 1, 2 and ≥ 3, the aces
//!   kept for value 14 (mandatory table aces, optional hand aces), and the wild jokers left;
//! - at each value every suit decides, for its cards of that value (table cards mandatory,
//!   hand cards optional), how many go into groups and how many into sequences, plus wild
//!   jokers added to its sequences. Sequences of length 1 or 2 must be extended; sequences of
//!   length ≥ 3 are extended as far as cards allow and closed otherwise (a closed sequence
//!   followed by a new one of the same suit could always be joined). The value then decides
//!   how many wild jokers join its groups; group feasibility is arithmetic: per-suit counts
//!   `g_s` plus `j` jokers form groups of 3–4 distinct suits iff some `k ≥ max g_s` has
//!   `3k ≤ Σg + j ≤ 4k`;
//! - a value is processed suit by suit (sub-stages), so transitions add instead of multiply;
//! - everything is memoised; the score is `(cards placed, value placed)` packed in an `i32`.
//!
//! Table jokers: each joker either keeps its identity (a mandatory card of that face) or is
//! re-declared (a mandatory wild joker); for each face the number of re-declared jokers is
//! enumerated up to the real cards of that face in table ∪ hand, and the hand cards needed to
//! justify it become mandatory. One DP runs per combination (at most 2^jokers).
//!
//! Wild jokers that end in no meld with a real card form one joker-only meld at the end.

use crate::card::{Card, CardId, Face, Rank, Suit};
use crate::karussell::table::{check_meld, KMeldError, KMeldKind, TableCard};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The best move found: how many hand cards are placed, their value, and the new table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    /// Hand cards placed (jokers included).
    pub placed: usize,
    /// Penalty value of the placed hand cards (joker 25, J/Q/K 10, 2–10 face value, ace 1).
    pub value: u32,
    /// The complete new table: every table card once plus the placed hand cards.
    pub table: Vec<Vec<TableCard>>,
}

/// Why the input cannot be solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SolveError {
    /// A table meld is not legal.
    IllegalMeld { meld: usize, error: KMeldError },
    /// The same card id appears twice (table and hand together).
    DuplicateId(CardId),
    /// A hand card that is neither a French card nor a Rommé joker.
    NotARommeCard(Card),
    /// More than two real copies of one card (at most two packs).
    TooManyCopies(Face),
    /// More than [`MAX_JOKERS`] jokers.
    TooManyJokers,
}

/// Jokers (table and hand together) the solver accepts.
pub const MAX_JOKERS: usize = 12;

/// Penalty value of a card in hand.
pub fn card_value(face: Face) -> u32 {
    match face {
        Face::Joker => 25,
        Face::French { rank, .. } if rank.0 >= 11 => 10,
        Face::French { rank, .. } => rank.0 as u32,
        _ => 0,
    }
}

/// Score unit: one card placed outweighs any value difference.
const CARD: i32 = 1 << 12;
const JOKER_GAIN: i32 = CARD + 25;
const NEG: i32 = i32::MIN / 4;
/// Cap of every per-suit counter (4 bits in the memo key).
const CAP: u8 = 15;

fn suit_index(s: Suit) -> usize {
    match s {
        Suit::Clubs => 0,
        Suit::Spades => 1,
        Suit::Hearts => 2,
        Suit::Diamonds => 3,
    }
}

fn face_of(v: usize, s: usize) -> Face {
    Face::French {
        rank: Rank(if v == 14 { 1 } else { v as u8 }),
        suit: Suit::ALL[s],
    }
}

fn french(face: Face) -> Option<(usize, usize)> {
    match face {
        Face::French { rank, suit } if (1..=13).contains(&rank.0) => {
            Some((rank.0 as usize, suit_index(suit)))
        }
        _ => None,
    }
}

/// Solves one position. See the module documentation.
pub fn solve(table: &[Vec<TableCard>], hand: &[Card]) -> Result<Solution, SolveError> {
    let input = Input::new(table, hand)?;
    let problem = input.problem();
    let mut solver = Solver::new(&problem);
    let total = solver.solve_best();
    let placed = (total / CARD) as usize;
    let value = (total % CARD) as u32;
    if placed == 0 {
        return Ok(Solution {
            placed: 0,
            value: 0,
            table: table.to_vec(),
        });
    }
    let moves = solver.reconstruct(total);
    let new_table = input.build(&moves);
    debug_assert!(new_table.iter().all(|m| check_meld(m).is_ok()));
    Ok(Solution {
        placed,
        value,
        table: new_table,
    })
}

/// The validated input, sorted by face.
struct Input {
    /// Natural table cards by [value][suit].
    table_real: Vec<[Vec<TableCard>; 4]>,
    /// Table jokers by the face they stand for.
    table_jokers: Vec<[Vec<TableCard>; 4]>,
    hand_real: Vec<[Vec<Card>; 4]>,
    hand_jokers: Vec<Card>,
}

impl Input {
    fn new(table: &[Vec<TableCard>], hand: &[Card]) -> Result<Input, SolveError> {
        let empty =
            || -> Vec<[Vec<TableCard>; 4]> { (0..14).map(|_| Default::default()).collect() };
        let mut input = Input {
            table_real: empty(),
            table_jokers: empty(),
            hand_real: (0..14).map(|_| Default::default()).collect(),
            hand_jokers: Vec::new(),
        };
        let mut ids = std::collections::HashSet::new();
        for (i, meld) in table.iter().enumerate() {
            check_meld(meld).map_err(|error| SolveError::IllegalMeld { meld: i, error })?;
            for &tc in meld {
                if !ids.insert(tc.card.id) {
                    return Err(SolveError::DuplicateId(tc.card.id));
                }
                let (v, s) = french(tc.as_face).ok_or(SolveError::IllegalMeld {
                    meld: i,
                    error: KMeldError::BadIdentity,
                })?;
                if tc.is_joker() {
                    input.table_jokers[v][s].push(tc);
                } else {
                    input.table_real[v][s].push(tc);
                }
            }
        }
        for &c in hand {
            if !ids.insert(c.id) {
                return Err(SolveError::DuplicateId(c.id));
            }
            match c.face {
                Face::Joker => input.hand_jokers.push(c),
                f => {
                    let (v, s) = french(f).ok_or(SolveError::NotARommeCard(c))?;
                    input.hand_real[v][s].push(c);
                }
            }
        }
        let mut jokers = input.hand_jokers.len();
        for v in 1..14 {
            for s in 0..4 {
                if input.table_real[v][s].len() + input.hand_real[v][s].len() > 2 {
                    return Err(SolveError::TooManyCopies(face_of(v, s)));
                }
                jokers += input.table_jokers[v][s].len();
            }
        }
        if jokers > MAX_JOKERS {
            return Err(SolveError::TooManyJokers);
        }
        Ok(input)
    }

    fn problem(&self) -> Problem {
        let mut p = Problem {
            tr: [[0; 4]; 15],
            tk: [[0; 4]; 15],
            opt: [[0; 4]; 15],
            dmax: [[0; 4]; 15],
            fut: [0; 16 * 5],
            wild_opt: self.hand_jokers.len() as u8,
        };
        for v in 1..14 {
            for s in 0..4 {
                p.tr[v][s] = self.table_real[v][s].len() as u8;
                p.tk[v][s] = self.table_jokers[v][s].len() as u8;
                p.opt[v][s] = self.hand_real[v][s].len() as u8;
                p.dmax[v][s] = p.tk[v][s].min(p.tr[v][s] + p.opt[v][s]);
            }
        }
        // fut[stage]: re-declarations still possible from this stage on.
        for st in (0..16 * 5 - 1).rev() {
            let (v, sub) = (st / 5, st % 5);
            let here = if (1..14).contains(&v) && sub < 4 {
                p.dmax[v][sub]
            } else {
                0
            };
            p.fut[st] = p.fut[st + 1] + here;
        }
        p
    }

    /// Turns the DP's moves into melds of physical cards.
    fn build(&self, moves: &[Move]) -> Vec<Vec<TableCard>> {
        // Card pools per face: mandatory (table naturals, kept jokers), then hand cards.
        let mut mand: Vec<[Vec<TableCard>; 4]> = (0..15).map(|_| Default::default()).collect();
        let mut opt: Vec<[Vec<TableCard>; 4]> = (0..15).map(|_| Default::default()).collect();
        let mut wild_mand: Vec<Card> = Vec::new();
        let mut redeclared = [[0usize; 4]; 15];
        for mv in moves {
            if let Move::Suit { v, s, d, .. } = *mv {
                redeclared[v as usize][s as usize] += d as usize;
            }
        }
        for v in 1..14 {
            for s in 0..4 {
                let jokers = &self.table_jokers[v][s];
                let kept = jokers.len() - redeclared[v][s];
                mand[v][s].extend(self.table_real[v][s].iter().copied());
                mand[v][s].extend(jokers[..kept].iter().copied());
                wild_mand.extend(jokers[kept..].iter().map(|tc| tc.card));
                opt[v][s].extend(self.hand_real[v][s].iter().map(|&c| TableCard::natural(c)));
            }
        }
        let mut wild_opt: Vec<Card> = self.hand_jokers.clone();
        let mut take_wild = |face: Face| -> TableCard {
            let card = if let Some(c) = wild_mand.pop() {
                c
            } else {
                wild_opt.pop().expect("the DP counts the jokers")
            };
            TableCard {
                card,
                as_face: face,
            }
        };
        let mut out: Vec<Vec<TableCard>> = Vec::new();
        let mut open: [Vec<Run>; 4] = Default::default();
        let mut group_cards: [Vec<TableCard>; 4] = Default::default();
        let mut ace_mand: [Vec<TableCard>; 4] = Default::default();
        let mut ace_opt: [Vec<TableCard>; 4] = Default::default();
        for mv in moves {
            match *mv {
                Move::Suit {
                    v,
                    s,
                    d: _,
                    tl,
                    x,
                    c,
                    g,
                    w,
                    ja,
                    jb,
                    jc,
                } => {
                    let (v, s) = (v as usize, s as usize);
                    let mut fixed: Vec<TableCard> = Vec::new();
                    if v == 1 {
                        let m = std::mem::take(&mut mand[1][s]);
                        let o = std::mem::take(&mut opt[1][s]);
                        let (x, c) = (x as usize, c as usize);
                        fixed.extend(m[..tl as usize].iter().copied());
                        fixed.extend(o[..x].iter().copied());
                        ace_mand[s] = m[tl as usize..].to_vec();
                        ace_mand[s].extend(o[x..x + c].iter().copied());
                        ace_opt[s] = o[x + c..].to_vec();
                    } else if v == 14 {
                        fixed.append(&mut ace_mand[s]);
                        fixed.extend(ace_opt[s][..x as usize].iter().copied());
                    } else {
                        fixed.append(&mut mand[v][s]);
                        fixed.extend(opt[v][s][..x as usize].iter().copied());
                    }
                    let run_cards = fixed.split_off(g as usize);
                    group_cards[s] = fixed;
                    let face = face_of(v, s);
                    let runs = std::mem::take(&mut open[s]);
                    let (n_long, n_neutral) =
                        runs.iter().fold((0u8, 0u8), |(l, n), r| match run_kind(r) {
                            RunKind::MustLong => (l + 1, n),
                            RunKind::Short | RunKind::JokerStart => (l, n + 1),
                            RunKind::Free => (l, n),
                        });
                    let q0 = w - ja - jb - jc;
                    let rest = run_cards.len() as u8 - (n_long - ja) - (n_neutral - q0) + jb + jc;
                    let mut real = run_cards.into_iter();
                    let mut card = |wild: bool| -> (TableCard, bool) {
                        if wild {
                            (take_wild(face), true)
                        } else {
                            (real.next().expect("DP counts the cards"), false)
                        }
                    };
                    let mut next: Vec<Run> = Vec::new();
                    let (mut ja, mut q, mut jb, mut e3) = (ja, q0, jb, 0u8);
                    let mut free: Vec<Run> = Vec::new();
                    for mut r in runs {
                        match run_kind(&r) {
                            RunKind::MustLong => {
                                let wild = ja > 0;
                                ja -= wild as u8;
                                r.push(card(wild));
                                next.push(r);
                            }
                            RunKind::Short | RunKind::JokerStart => {
                                let wild = q > 0;
                                q -= wild as u8;
                                r.push(card(wild));
                                if r.len() == 3 && r[0].1 {
                                    out.push(r.into_iter().map(|c| c.0).collect());
                                } else {
                                    next.push(r);
                                }
                            }
                            RunKind::Free => free.push(r),
                        }
                    }
                    for mut r in free {
                        if e3 < rest {
                            let wild = jb > 0;
                            jb -= wild as u8;
                            r.push(card(wild));
                            e3 += 1;
                            next.push(r);
                        } else {
                            out.push(r.into_iter().map(|c| c.0).collect());
                        }
                    }
                    for _ in 0..jc {
                        next.push(vec![card(true)]);
                    }
                    for _ in 0..rest - e3 - jc {
                        next.push(vec![card(false)]);
                    }
                    open[s] = next;
                }
                Move::Groups { v, j } => {
                    let mut by_suit: Vec<Vec<TableCard>> =
                        group_cards.iter_mut().map(std::mem::take).collect();
                    let total: usize = by_suit.iter().map(Vec::len).sum::<usize>() + j as usize;
                    if total == 0 {
                        continue;
                    }
                    let maxg = by_suit.iter().map(Vec::len).max().unwrap_or(0);
                    let k = maxg.max(total.div_ceil(4));
                    let mut groups: Vec<Vec<TableCard>> = vec![Vec::new(); k];
                    by_suit.sort_by_key(|c| std::cmp::Reverse(c.len()));
                    for cards in by_suit {
                        let mut order: Vec<usize> = (0..k).collect();
                        order.sort_by_key(|&i| groups[i].len());
                        for (c, &i) in cards.into_iter().zip(order.iter()) {
                            groups[i].push(c);
                        }
                    }
                    for _ in 0..j {
                        let i = (0..k).min_by_key(|&i| groups[i].len()).unwrap();
                        let s = (0..4)
                            .find(|&s| {
                                groups[i]
                                    .iter()
                                    .all(|c| c.as_face.suit() != Some(Suit::ALL[s]))
                            })
                            .expect("a group under 4 cards misses a suit");
                        let tc = take_wild(face_of(v as usize, s));
                        groups[i].push(tc);
                    }
                    out.extend(groups);
                }
                Move::End { extra } => {
                    let mut seqs = Vec::new();
                    for runs in open.iter_mut() {
                        for r in runs.drain(..) {
                            let r: Vec<TableCard> = r.into_iter().map(|c| c.0).collect();
                            seqs.push(out.len());
                            out.push(r);
                        }
                    }
                    for (i, m) in out.iter().enumerate() {
                        if !seqs.contains(&i) && check_meld(m) == Ok(KMeldKind::Sequence) {
                            seqs.push(i);
                        }
                    }
                    if extra >= 3 {
                        let meld: Vec<TableCard> = if extra <= 4 {
                            (0..extra as usize)
                                .map(|s| take_wild(face_of(5, s)))
                                .collect()
                        } else {
                            (1..=extra as usize)
                                .map(|v| take_wild(face_of(v, 1)))
                                .collect()
                        };
                        out.push(meld);
                    } else if extra > 0 {
                        // One or two jokers extend a sequence (cut to three cards first).
                        let i = *seqs.first().expect("DP: a sequence exists");
                        if out[i].len() >= 6 {
                            let tail = out[i].split_off(3);
                            out.push(tail);
                        }
                        for _ in 0..extra {
                            let m = &out[i];
                            let suit = m[0].as_face.suit().expect("French");
                            let face = (1..=13)
                                .map(|r| Face::french(r, suit))
                                .find(|&f| {
                                    let mut t = m.clone();
                                    t.push(TableCard {
                                        card: m[0].card,
                                        as_face: f,
                                    });
                                    t.last_mut().unwrap().card.face = Face::Joker;
                                    check_meld(&t).is_ok()
                                })
                                .expect("a short sequence can grow");
                            let tc = take_wild(face);
                            out[i].push(tc);
                        }
                    }
                    // A..K..A with two different aces: A-2-3 and 4..A.
                    let long: Vec<usize> = (0..out.len()).filter(|&i| out[i].len() == 14).collect();
                    for i in long {
                        let tail = out[i].split_off(3);
                        out.push(tail);
                    }
                }
            }
        }
        out
    }
}

/// Counts per face for the DP.
struct Problem {
    /// Natural table cards per [value][suit].
    tr: [[u8; 4]; 15],
    /// Table jokers standing for [value][suit].
    tk: [[u8; 4]; 15],
    /// Hand cards per [value][suit].
    opt: [[u8; 4]; 15],
    /// Table jokers of that face that may be re-declared: min(jokers, real cards).
    dmax: [[u8; 4]; 15],
    /// Per stage (`v * 5 + sub`): re-declarations possible from that stage on.
    fut: [u8; 16 * 5],
    /// Hand jokers.
    wild_opt: u8,
}

/// An open sequence while building: cards with "is a wild joker".
type Run = Vec<(TableCard, bool)>;

enum RunKind {
    /// Length 1 or 2, starting with a fixed card.
    Short,
    /// Length 1 or 2, starting with a wild joker: closes at length 3.
    JokerStart,
    /// Length ≥ 4 ending with a wild joker: must go on.
    MustLong,
    /// Length ≥ 3, may close or go on.
    Free,
}

fn run_kind(r: &Run) -> RunKind {
    if r.len() < 3 {
        if r[0].1 {
            RunKind::JokerStart
        } else {
            RunKind::Short
        }
    } else if r.len() >= 4 && r[r.len() - 1].1 {
        RunKind::MustLong
    } else {
        RunKind::Free
    }
}

/// Open sequences of one suit. Canonical form: a wild joker never ends a sequence of four
/// or more, and a sequence starting with a wild joker has exactly three cards (such padding
/// jokers are placed at the end instead, see `Move::End`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct SuitState {
    /// Fixed-start sequences of length 1 and 2.
    n1: u8,
    n2: u8,
    /// Sequences of length ≥ 3 that may close.
    n3: u8,
    /// Sequences of length ≥ 4 ending with a wild joker (must go on).
    n3j: u8,
    /// Sequences starting with a wild joker, length 1 and 2.
    j1: u8,
    j2: u8,
    /// Mandatory aces kept for value 14.
    th: u8,
    /// Hand aces still available at value 14.
    hh: u8,
}

impl SuitState {
    fn pack(&self) -> u32 {
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
    fn must(&self) -> u8 {
        self.n1 + self.n2 + self.n3j + self.j1 + self.j2
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    /// Value 1..=14, 15 = the end, 16 = done.
    v: u8,
    /// 0..4: the suit deciding; 4: the groups of this value.
    sub: u8,
    suits: [SuitState; 4],
    /// Wild jokers available: hand jokers + re-declared table jokers − wild jokers used.
    /// May go below zero on credit of re-declarations at later values; at the end it must
    /// lie in `0..=hand jokers` (every re-declared table joker used).
    bal: i8,
    /// Cards put into groups at this value so far, and the most of one suit.
    gsum: u8,
    gmax: u8,
    /// Some sequence exists (it can take one or two padding jokers at the end).
    any_run: bool,
}

impl State {
    fn key(&self) -> (u128, u32) {
        let mut k: u128 = 0;
        for s in &self.suits {
            k = (k << 32) | s.pack() as u128;
        }
        let m = ((self.bal + 32) as u32) << 22
            | (self.gsum as u32) << 14
            | (self.gmax as u32) << 10
            | (self.any_run as u32) << 9
            | (self.v as u32) << 4
            | self.sub as u32;
        (k, m)
    }

    fn stage(&self) -> usize {
        self.v as usize * 5 + self.sub as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Move {
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
fn groups_ok(sum: u8, maxg: u8) -> bool {
    if sum == 0 {
        return true;
    }
    let k = maxg.max(sum.div_ceil(4));
    3 * k <= sum
}

#[derive(Default)]
struct KeyHasher(u64);

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


struct Solver {
    p: Problem,
    /// maxfix[v][s]: most fixed cards suits s.. can put into the groups of value v.
    maxfix: [[u8; 5]; 15],
    /// rem[stage]: the most hand real cards at this stage and later can add to the score.
    rem: [i32; STAGES],
    /// Exact completion scores and upper bounds of the states searched.
    memo: HashMap<(u128, u32), Known, BuildHasherDefault<KeyHasher>>,
    /// Buffers for `children`.
    scratch: Vec<(Move, State, i32)>,
    spare: Vec<Vec<(i32, State, i32)>>,
}

/// What the search knows of a state's best completion.
#[derive(Clone, Copy)]
enum Known {
    Exact(i32),
    /// The completion scores at most this.
    Upper(i32),
}

/// Memo entries before the memo is cleared (memory bound; it is only a cache).
const MEMO_CAP: usize = 1 << 21;

/// Stages `v * 5 + sub` for v in 0..=16.
const STAGES: usize = 17 * 5;
/// One way a suit can supply its fixed cards at a value.
#[derive(Clone, Copy, Default)]
struct Supply {
    d: u8,
    tl: u8,
    x: u8,
    c: u8,
    /// Fixed cards (mandatory + hand) at this value.
    fixed: u8,
    th: u8,
    hh: u8,
    /// Hand cards still available (dominance: one more could extend a long sequence).
    more: bool,
    gain: i32,
}

impl Solver {
    fn new(p: &Problem) -> Solver {
        let mut maxfix = [[0u8; 5]; 15];
        for (v, row) in maxfix.iter_mut().enumerate().take(14).skip(1) {
            for s in (0..4).rev() {
                row[s] = row[s + 1] + p.tr[v][s] + p.tk[v][s] + p.opt[v][s];
            }
        }
        let mut rem = [0i32; STAGES];
        for st in (0..STAGES - 1).rev() {
            let (v, sub) = (st / 5, st % 5);
            let here = if (1..14).contains(&v) && sub < 4 {
                p.opt[v][sub] as i32 * (CARD + card_value(face_of(v, sub)) as i32)
            } else {
                0
            };
            rem[st] = rem[st + 1] + here;
        }
        Solver {
            p: Problem { ..*p },
            maxfix,
            rem,
            memo: HashMap::default(),
            scratch: Vec::new(),
            spare: Vec::new(),
        }
    }

    fn root(&self) -> State {
        State {
            v: 1,
            sub: 0,
            suits: [SuitState::default(); 4],
            bal: self.p.wild_opt as i8,
            gsum: 0,
            gmax: 0,
            any_run: false,
        }
    }

    /// Most cards that can stand at (v, s) in sequences, jokers aside.
    fn avail(&self, v: usize, s: usize, ss: &SuitState) -> u8 {
        match v {
            14 => ss.th + ss.hh,
            15.. => 0,
            _ => self.p.tr[v][s] + self.p.tk[v][s] + self.p.opt[v][s],
        }
    }

    /// The ways suit `s` can supply its fixed cards at value `v`; returns how many.
    fn supplies(
        &self,
        v: usize,
        s: usize,
        ss: &SuitState,
        jokers: u8,
        out: &mut [Supply; 64],
    ) -> usize {
        let mut n = 0;
        let mut push = |sup: Supply| {
            if n < out.len() {
                out[n] = sup;
                n += 1;
            }
        };
        let p = &self.p;
        if v == 14 {
            for x in 0..=ss.hh {
                push(Supply {
                    d: 0,
                    tl: 0,
                    x,
                    c: 0,
                    fixed: ss.th + x,
                    th: 0,
                    hh: 0,
                    more: x < ss.hh,
                    gain: x as i32 * (CARD + 1),
                });
            }
            return n;
        }
        let (tr, tk, o) = (p.tr[v][s], p.tk[v][s], p.opt[v][s]);
        let val = card_value(face_of(v, s)) as i32;
        for d in 0..=p.dmax[v][s] {
            let mand = tr + tk - d;
            let forced = d.saturating_sub(tr);
            if v == 1 {
                // Aces kept for value 14 need a sequence through Q and K.
                let high = (p.tr[12][s] + p.tk[12][s] + p.opt[12][s])
                    .min(p.tr[13][s] + p.tk[13][s] + p.opt[13][s])
                    + jokers;
                for tl in 0..=mand {
                    for x in 0..=o {
                        let c = forced.saturating_sub(x);
                        if x + c > o || mand - tl + c > high {
                            continue;
                        }
                        push(Supply {
                            d,
                            tl,
                            x,
                            c,
                            fixed: tl + x,
                            th: mand - tl + c,
                            hh: (o - x - c).min(high - (mand - tl + c)),
                            // Aces not used low may still go high: no dominance here.
                            more: false,
                            gain: (x + c) as i32 * (CARD + 1) - d as i32 * JOKER_GAIN,
                        });
                    }
                }
            } else {
                for x in forced..=o {
                    push(Supply {
                        d,
                        tl: mand,
                        x,
                        c: 0,
                        fixed: mand + x,
                        th: ss.th,
                        hh: ss.hh,
                        more: x < o,
                        gain: x as i32 * (CARD + val) - d as i32 * JOKER_GAIN,
                    });
                }
            }
        }
        n
    }

    /// All moves from `st` with their successor and gain.
    fn moves(&self, st: &State, out: &mut Vec<(Move, State, i32)>) {
        out.clear();
        let v = st.v as usize;
        let fut_next = self.p.fut[st.stage() + 1] as i8;
        if v == 15 {
            if !st.suits.iter().all(|s| s.must() == 0) || st.bal < 0 {
                return;
            }
            for extra in 0..=st.bal {
                let ok = extra == 0 || extra >= 3 || st.any_run;
                if ok && st.bal - extra <= self.p.wild_opt as i8 {
                    let mut next = *st;
                    next.bal -= extra;
                    next.v = 16;
                    let mv = Move::End { extra: extra as u8 };
                    out.push((mv, next, extra as i32 * JOKER_GAIN));
                }
            }
            return;
        }
        if st.sub == 4 {
            // Groups of value v (v <= 13). Joker-only groups are left to the end.
            let jmax = if st.gsum == 0 {
                0
            } else {
                (st.bal + fut_next).max(0) as u8
            };
            for j in 0..=jmax {
                if !groups_ok(st.gsum + j, st.gmax) {
                    continue;
                }
                let mut next = *st;
                next.bal -= j as i8;
                next.v += 1;
                next.sub = 0;
                next.gsum = 0;
                next.gmax = 0;
                out.push((Move::Groups { v: st.v, j }, next, j as i32 * JOKER_GAIN));
            }
            return;
        }
        let s = st.sub as usize;
        let ss = st.suits[s];
        let must = ss.must();
        let neutral = ss.n1 + ss.n2 + ss.j1 + ss.j2;
        let budget0 = (st.bal + self.p.fut[st.stage()] as i8).max(0) as u8;
        let mut sups = [Supply::default(); 64];
        let n_sup = self.supplies(v, s, &ss, budget0, &mut sups);
        let last_suit = s == 3;
        for sup in &sups[..n_sup] {
            let bal0 = st.bal + sup.d as i8;
            let gmax_g = if v == 14 { 0 } else { sup.fixed };
            for g in 0..=gmax_g {
                if g > 0 || st.gsum > 0 {
                    // Groups of this value must still be possible.
                    let gsum = st.gsum + g;
                    let m = st.gmax.max(g);
                    let potential = self.maxfix[v][s + 1] + budget0;
                    if 3 * m > gsum + potential {
                        continue;
                    }
                }
                let r = sup.fixed - g;
                // A wild joker never stands in a sequence at (v, s) while a hand card of that
                // face stays in hand: swapping them places one card more (the joker pads).
                let wmax = if (2..14).contains(&v) && sup.more {
                    0
                } else {
                    budget0
                };
                for w in 0..=wmax {
                    let bal = bal0 - w as i8;
                    if bal + fut_next < 0 {
                        break;
                    }
                    let total = r + w;
                    if total < must {
                        continue;
                    }
                    let rest = total - must;
                    let e3 = rest.min(ss.n3);
                    // Dominance: one more hand card extending a long sequence is better.
                    if e3 < ss.n3 && sup.more {
                        continue;
                    }
                    let new = rest - e3;
                    if new > 0 && v >= 13 {
                        break;
                    }
                    let jokers_next = (bal + fut_next).max(0) as u8;
                    // Jokers: ja to must-go-on long runs, jb to free long runs, jc to new
                    // runs, the rest (q) to short ones.
                    for ja in 0..=w.min(ss.n3j) {
                        for jb in 0..=(w - ja).min(e3) {
                            // A sequence [J, x, y] starting at v ≤ 11 can be shifted to
                            // [x, y, J]: jokers start sequences only at Q (J-K-A).
                            let jc_max = if v == 12 { (w - ja - jb).min(new) } else { 0 };
                            for jc in 0..=jc_max {
                                let q = w - ja - jb - jc;
                                if q > neutral {
                                    continue;
                                }
                                let ns = SuitState {
                                    n1: new - jc,
                                    n2: ss.n1,
                                    n3: ss.n2 + (ss.n3j - ja) + (e3 - jb),
                                    n3j: ja + jb,
                                    j1: jc,
                                    j2: ss.j1,
                                    th: sup.th,
                                    hh: sup.hh,
                                };
                                if ns.n1.max(ns.n3).max(ns.n3j) > CAP {
                                    continue;
                                }
                                let mut ns = ns;
                                if v == 13 {
                                    // Aces at 14 only extend sequences of length ≥ 2.
                                    let open = ns.n2 + ns.j2 + ns.n3 + ns.n3j;
                                    if ns.th > open {
                                        continue;
                                    }
                                    ns.hh = ns.hh.min(open - ns.th);
                                }
                                // Sequences that must go on need cards at the next values.
                                if ns.must() > self.avail(v + 1, s, &ns) + jokers_next
                                    || ns.n1 + ns.j1 > self.avail(v + 2, s, &ns) + jokers_next
                                {
                                    continue;
                                }
                                let mut next = *st;
                                next.suits[s] = ns;
                                next.bal = bal;
                                next.gsum += g;
                                next.gmax = next.gmax.max(g);
                                next.any_run |=
                                    new > 0 && (self.p.wild_opt > 0 || self.p.fut[0] > 0);
                                if last_suit {
                                    if v == 14 {
                                        next.v = 15;
                                        next.sub = 0;
                                    } else {
                                        next.sub = 4;
                                    }
                                } else {
                                    next.sub += 1;
                                }
                                let gain = sup.gain + w as i32 * JOKER_GAIN;
                                let mv = Move::Suit {
                                    v: st.v,
                                    s: s as u8,
                                    d: sup.d,
                                    tl: sup.tl,
                                    x: sup.x,
                                    c: sup.c,
                                    g,
                                    w,
                                    ja,
                                    jb,
                                    jc,
                                };
                                out.push((mv, next, gain));
                            }
                        }
                    }
                }
            }
        }
    }

    /// The best score: exact searches demanding k cards for k = most possible, then fewer.
    fn solve_best(&mut self) -> i32 {
        let root = self.root();
        // Any answer reaching the target is exact; the target falls faster and faster.
        let mut k = (self.bound(&root) / CARD).max(0);
        let mut step = 1;
        loop {
            let best = self.search(&root, k * CARD);
            if best >= k * CARD {
                return best;
            }
            assert!(k > 0, "the table as it is scores 0");
            k = (k - step).max(0);
            step *= 2;
        }
    }

    /// The best completion score from `st` if it reaches `need`; otherwise an upper bound of it
    /// below `need` (branch and bound; the memo keeps exact values and upper bounds).
    fn search(&mut self, st: &State, need: i32) -> i32 {
        if st.v == 16 {
            return 0;
        }
        let h = self.bound(st);
        if h < need {
            return h;
        }
        let key = st.key();
        match self.memo.get(&key) {
            Some(&Known::Exact(b)) => return b,
            Some(&Known::Upper(u)) if u < need => return u,
            _ => {}
        }
        let mut kids = self.children(st);
        let (mut best, mut upper) = (NEG, NEG);
        for &(f, next, gain) in &kids {
            let bar = need.max(best + 1);
            if f < bar {
                // Sorted by bound: no later child reaches the bar either.
                upper = upper.max(f);
                break;
            }
            let r = self.search(&next, bar - gain);
            if r + gain >= bar {
                best = r + gain;
            } else {
                upper = upper.max(r + gain);
            }
        }
        kids.clear();
        self.spare.push(kids);
        if self.memo.len() >= MEMO_CAP {
            self.memo.clear();
        }
        if best >= need {
            self.memo.insert(key, Known::Exact(best));
            best
        } else {
            let u = upper.max(best);
            self.memo.insert(key, Known::Upper(u));
            u
        }
    }

    /// The successors of `st` as (gain + bound, state, gain), most promising first.
    fn children(&mut self, st: &State) -> Vec<(i32, State, i32)> {
        let mut scratch = std::mem::take(&mut self.scratch);
        self.moves(st, &mut scratch);
        let mut kids = self.spare.pop().unwrap_or_default();
        kids.extend(
            scratch
                .iter()
                .map(|&(_, next, gain)| (gain + self.bound(&next), next, gain)),
        );
        // Ties: fewer sequences that must go on, then more that may.
        kids.sort_unstable_by_key(|k| {
            let must: u8 = k.1.suits.iter().map(SuitState::must).sum();
            let free: u8 = k.1.suits.iter().map(|s| s.n3).sum();
            (std::cmp::Reverse(k.0), must, std::cmp::Reverse(free))
        });
        self.scratch = scratch;
        kids
    }

    /// Most score `st` can still add (hand cards left, spare wild jokers).
    fn bound(&self, st: &State) -> i32 {
        let held: i32 = st.suits.iter().map(|s| s.hh as i32).sum();
        self.rem[st.stage()] + held * (CARD + 1) + st.bal as i32 * JOKER_GAIN
    }

    /// The moves of one optimal path from the root, whose score is `total`.
    fn reconstruct(&mut self, total: i32) -> Vec<Move> {
        let mut st = self.root();
        let mut target = total;
        let mut path = Vec::new();
        let mut buf = Vec::new();
        while st.v != 16 {
            self.moves(&st, &mut buf);
            let (mv, next, gain) = *buf
                .iter()
                .find(|&&(_, next, gain)| {
                    gain + self.bound(&next) >= target
                        && self.search(&next, target - gain) == target - gain
                })
                .expect("an optimal move exists");
            path.push(mv);
            st = next;
            target -= gain;
        }
        path
    }
}

#[cfg(test)]
mod tests;

/// Whether [`solve`] answers this position quickly enough for a page that must not freeze
/// (measured with `bench_karussell_solver`: jokers make the search grow fast). The UI shows
/// no hint and the bots fall back to the listed melds when this is false.
pub fn affordable(table: &[Vec<TableCard>], hand: &[Card]) -> bool {
    let cards = table.iter().map(Vec::len).sum::<usize>() + hand.len();
    let jokers = table.iter().flatten().filter(|t| t.is_joker()).count()
        + hand.iter().filter(|c| c.face == Face::Joker).count();
    match jokers {
        0 => cards <= 70,
        1 => cards <= 45,
        2 => cards <= 36,
        _ => cards <= 24,
    }
}
