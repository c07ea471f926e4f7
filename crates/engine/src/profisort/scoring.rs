//! Penalty scoring of a deal, special points, the match end and the standings.

use super::actions::{DealEnd, ProfiSortEvent};
use super::options::ProfiSortOptions;
use super::state::{Phase, ProfiSort, Sheet};
use super::tasks::joker_tasks;
use crate::card::Card;
use crate::game::{places_with_tiebreak, Seat, Standing};
use crate::penalty::{hand_penalty, PenaltyTable};
use serde::{Deserialize, Serialize};

/// One line of the score column: "deal points / running total" per seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreRow {
    pub deal: u32,
    pub dealer: Seat,
    pub end: DealEnd,
    pub points: Vec<i32>,
    pub totals: Vec<i32>,
}

/// The end of a deal: how, the points, and every hand revealed (own and received cards).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealSummary {
    pub end: DealEnd,
    pub points: Vec<i32>,
    pub hands: Vec<Vec<Card>>,
}

/// Profi-Sort's penalty values: 2–10 = 5, B/D/K = 10, ace = 15, joker = 20.
pub const PENALTIES: PenaltyTable = PenaltyTable {
    ace: 15,
    court: 10,
    pips: Some(5),
    joker: 20,
};

/// The penalty of a hand: 2–10 = 5, B/D/K = 10, ace = 15 (received too), joker = 20.
pub fn hand_points(own: &[Card], received: &[Card]) -> i32 {
    (hand_penalty(own, PENALTIES) + hand_penalty(received, PENALTIES)) as i32
}

/// One special-point entry of a sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bonus {
    /// The task (joker-free bonus) or the two tasks (pair bonus).
    pub tasks: Vec<u8>,
    pub points: u32,
    pub struck: bool,
}

/// The special points of `sheet`: joker-free bonuses, then pair bonuses. Entries that
/// involve a left-out task are not offered.
pub fn bonuses(opts: &ProfiSortOptions, sheet: &Sheet) -> (Vec<Bonus>, Vec<Bonus>) {
    let joker = joker_tasks()
        .filter(|&t| opts.in_play(t))
        .map(|t| Bonus {
            tasks: vec![t],
            points: opts.bonus_joker_free,
            struck: sheet.joker_free.contains(&t),
        })
        .collect();
    let pairs = opts
        .bonus_pairs
        .iter()
        .filter(|&&(a, b)| opts.in_play(a) && opts.in_play(b))
        .map(|&(a, b)| Bonus {
            tasks: vec![a, b],
            points: opts.bonus_pair,
            struck: sheet.is_done(a) && sheet.is_done(b),
        })
        .collect();
    (joker, pairs)
}

/// Unstruck special points of `sheet`.
pub fn special_left(opts: &ProfiSortOptions, sheet: &Sheet) -> u32 {
    let (j, p) = bonuses(opts, sheet);
    j.iter()
        .chain(&p)
        .filter(|b| !b.struck)
        .map(|b| b.points)
        .sum()
}

impl ProfiSort {
    /// Has `seat` completed every sheet entry in play?
    pub fn sheet_complete(&self, seat: Seat) -> bool {
        self.opts
            .tasks_in_play()
            .iter()
            .all(|&t| self.sheets[seat].is_done(t))
    }

    /// Scores the deal (the player who went out scores 0) and ends it; ends the match
    /// after the deal in which somebody completed his sheet.
    pub(crate) fn end_deal(&mut self, end: DealEnd, events: &mut Vec<ProfiSortEvent>) {
        let d = &self.deal;
        let out = match end {
            DealEnd::WentOut { seat } | DealEnd::BeginnerWin { seat } => Some(seat),
            DealEnd::TalonEmpty { .. } => None,
        };
        let beginner = self.opts.beginner_tasks.is_some();
        let points: Vec<i32> = (0..self.seats)
            .map(|s| {
                if beginner || out == Some(s) {
                    0
                } else {
                    hand_points(&d.hands[s], &d.received[s])
                }
            })
            .collect();
        let hands = (0..self.seats)
            .map(|s| d.hands[s].iter().chain(&d.received[s]).copied().collect())
            .collect();
        for (t, p) in self.totals.iter_mut().zip(&points) {
            *t += p;
        }
        self.rows.push(ScoreRow {
            deal: self.deal_no,
            dealer: self.dealer,
            end,
            points: points.clone(),
            totals: self.totals.clone(),
        });
        events.push(ProfiSortEvent::DealScored {
            deal: self.deal_no,
            end,
            points: points.clone(),
            totals: self.totals.clone(),
        });
        self.summary = Some(DealSummary { end, points, hands });
        let over = matches!(end, DealEnd::BeginnerWin { .. })
            || (!beginner && (0..self.seats).any(|s| self.sheet_complete(s)));
        if over {
            self.end_match(events);
        } else {
            self.phase = Phase::DealOver;
        }
    }

    fn end_match(&mut self, events: &mut Vec<ProfiSortEvent>) {
        if self.opts.beginner_tasks.is_none() {
            let special: Vec<u32> = self
                .sheets
                .iter()
                .map(|s| special_left(&self.opts, s))
                .collect();
            for (t, p) in self.totals.iter_mut().zip(&special) {
                *t += *p as i32;
            }
            self.special = Some(special);
        }
        self.phase = Phase::MatchOver;
        events.push(ProfiSortEvent::MatchEnded {
            standings: self.standings_now(),
        });
    }

    /// Full match: lowest total, then fewer special points left, then more tasks done,
    /// then shared. Beginner mode: most tasks done.
    pub(crate) fn standings_now(&self) -> Vec<Standing> {
        if self.opts.beginner_tasks.is_some() {
            let done: Vec<i32> = self.sheets.iter().map(|s| s.count() as i32).collect();
            return places_with_tiebreak(&done, true, &[]);
        }
        let tie: Vec<i32> = self
            .sheets
            .iter()
            .map(|s| special_left(&self.opts, s) as i32 * 100 + (15 - s.count() as i32))
            .collect();
        places_with_tiebreak(&self.totals, false, &tie)
    }
}
