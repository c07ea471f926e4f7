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
//! - the score is `(cards placed, value placed)` packed in an `i32`.
//!
//! Table jokers: each joker either keeps its identity (a mandatory card of that face) or is
//! re-declared (a mandatory wild joker), at most as many per face as real cards of that face
//! end on the table (hand cards needed to justify it become mandatory). No enumeration of
//! combinations: the state's joker balance (hand jokers + re-declared − used) may go below
//! zero on credit of re-declarations at later values and must end in `0..=hand jokers`.
//!
//! # Search
//! A depth-first branch and bound over the DP's states (module `search`). The static bound
//! of a state is its score plus every hand card still to come that fits some meld of the
//! cards present (jokers wild) plus its joker balance. It is capped by a relaxation of the
//! values to come (a "tail"): the best completion, from the next value v with the state's
//! joker balance, of a state in which every suit has `CAP` free long sequences ending at
//! v − 1 (they may close or go on) and nothing else open. Any real state at v completes
//! into no more than that (its open sequences map onto the free ones), so the tail bounds
//! it, and it sees what the static bound cannot: hand cards of the values to come that
//! cannot all be placed together, jokers needed in two places. Tails are states of the same
//! problem, solved exactly on demand by the same search (bounded in turn by the tails of
//! later values) and kept in tables by value and balance. Below value 6, and while the
//! search has visited fewer than 10,000 states, one tail per value and balance serves every
//! state: aces at 14 are then virtual (any number, no score) and the hand aces kept for 14
//! are counted apart; from value 6 on the tails keep the state's aces for value 14 (one
//! table per choice made at value 1, at most 4,096), which finds the dead ends of aces kept
//! for Q-K-A early.
//!
//! The root is first asked for every card the bound allows, then for fewer (1, 2, 4, …
//! below, and never above the bound a failed search returns); an answer that reaches the
//! target is exact. A move is also cut when the open sequences of all suits together need
//! more wild jokers at their next two values than can still come. Children are tried best
//! bound first; ties prefer today's split of the table cards into groups and sequences,
//! then spare jokers, then fewer sequences that must go on, which finds a full placement
//! quickly when there is one. The memo keeps exact completions and upper bounds; it is a
//! cache, cleared when it holds `MEMO_CAP` (3.6 million) entries, so memory is bounded (a
//! state packs into a 20-byte key, an entry takes 28 bytes; 2^22 buckets, about 180 MB peak
//! measured). The path is rebuilt from the memo's exact entries, searching again (in the
//! same order) only where the cache lost them.
//!
//! Files: `input` (validation, counts), `state` (DP state and moves), `moves` (transitions),
//! `search` (branch and bound, path), `build` (melds of physical cards from the path).
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
    solve_tuned(table, hand, Tuning::default())
}

/// [`solve`] with another use of the tails (tests).
fn solve_tuned(
    table: &[Vec<TableCard>],
    hand: &[Card],
    tuning: Tuning,
) -> Result<Solution, SolveError> {
    let input = Input::new(table, hand)?;
    let problem = input.problem();
    let mut solver = Solver::new(&problem, tuning);
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

mod build;
mod input;
mod moves;
mod search;
mod state;

use input::{Input, Problem};
use search::{Solver, Tuning};
use state::*;

#[cfg(test)]
mod tests;

/// Whether [`solve`] answers this position quickly enough for a page that must not freeze.
/// Memory is bounded in every case; only time is gated. Measured with
/// `bench_karussell_solver` (`CPU_TIME=1`, 100–200 positions per row, table sizes 20–100,
/// 0–8 jokers in the deck and hands of 15–30 cards, 12 jokers and hands of 40 in spot
/// checks): p95 ≤ 35 ms in every row, the slowest single position 0.27 s (6 jokers, 50 table
/// cards, hand 25). Only what was not measured is gated: jokers with a hand over 40 cards.
/// The UI shows no hint and the bots fall back to the listed melds when this is false.
pub fn affordable(table: &[Vec<TableCard>], hand: &[Card]) -> bool {
    let jokers = table.iter().flatten().filter(|t| t.is_joker()).count()
        + hand.iter().filter(|c| c.face == Face::Joker).count();
    jokers == 0 || hand.len() <= 40
}
