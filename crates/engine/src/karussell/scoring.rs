//! Round scoring, the score sheet and the match end.

use super::actions::{RoundEnd, ScoreLine};
use crate::card::Face;
use crate::game::Seat;
use serde::{Deserialize, Serialize};

/// The winner is not the knocker.
pub const UNDERCUT_BONUS: i32 = 10;
/// Won by playing all cards.
pub const GO_OUT_BONUS: i32 = 25;
/// Reaching the target at the match end.
pub const TARGET_BONUS: i32 = 100;
/// Per round won, at the match end.
pub const ROUND_BONUS: i32 = 25;

/// The result of one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundScore {
    /// Who won (several on ties).
    pub winners: Vec<Seat>,
    pub points: Vec<i32>,
    pub details: Vec<Vec<ScoreLine>>,
}

/// Scores a round from the hand values `pips` and how it ended.
///
/// - The lowest hand wins. With a knocker: if he is tied for lowest with others, those
///   others win (each with the undercut bonus); a non-knocker winner gets +10.
/// - Without a knocker (stock ran out) all players tied for lowest win, without bonus.
/// - A winner scores the sum of the differences to every other player (with two players
///   the difference), which equals the sum over the non-winners since tied winners differ
///   by 0. Going out adds +25.
pub fn score_round(pips: &[u32], end: &RoundEnd) -> RoundScore {
    let n = pips.len();
    let knocker = end.knocker();
    let low = pips.iter().copied().min().unwrap_or(0);
    let lowest: Vec<Seat> = (0..n).filter(|&s| pips[s] == low).collect();
    let winners: Vec<Seat> = match knocker {
        Some(k) if lowest.len() > 1 && lowest.contains(&k) => {
            lowest.into_iter().filter(|&s| s != k).collect()
        }
        _ => lowest,
    };
    let mut details = vec![Vec::new(); n];
    for &w in &winners {
        let diff: i32 = (0..n)
            .filter(|&o| o != w)
            .map(|o| pips[o] as i32 - pips[w] as i32)
            .sum();
        details[w].push(ScoreLine::Differences { points: diff });
        if knocker.is_some_and(|k| k != w) {
            details[w].push(ScoreLine::Undercut {
                points: UNDERCUT_BONUS,
            });
        }
        if matches!(end, RoundEnd::WentOut { seat } if *seat == w) {
            details[w].push(ScoreLine::WentOut {
                points: GO_OUT_BONUS,
            });
        }
    }
    let points = details
        .iter()
        .map(|l| l.iter().map(ScoreLine::points).sum())
        .collect();
    RoundScore {
        winners,
        points,
        details,
    }
}

/// The bonuses at the match end: +100 to every player at or above the target, +25 per
/// round won (to everybody, or with `round_bonus_for_all = false` only to the players
/// below the target).
pub fn match_bonuses(
    totals: &[i32],
    rounds_won: &[u32],
    target: u32,
    round_bonus_for_all: bool,
) -> MatchBonus {
    let reached: Vec<Seat> = (0..totals.len())
        .filter(|&s| totals[s] >= target as i32)
        .collect();
    let target_bonus = (0..totals.len())
        .map(|s| {
            if reached.contains(&s) {
                TARGET_BONUS
            } else {
                0
            }
        })
        .collect();
    let round_bonus = (0..totals.len())
        .map(|s| {
            if round_bonus_for_all || !reached.contains(&s) {
                ROUND_BONUS * rounds_won.get(s).copied().unwrap_or(0) as i32
            } else {
                0
            }
        })
        .collect();
    MatchBonus {
        reached,
        target_bonus,
        round_bonus,
    }
}

/// The match-end bonuses (already included in the totals once the match is over).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchBonus {
    /// The players who reached the target.
    pub reached: Vec<Seat>,
    /// +100 for each of them.
    pub target_bonus: Vec<i32>,
    /// +25 per round won.
    pub round_bonus: Vec<i32>,
}

/// One row of the score sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRow {
    pub round: u32,
    pub dealer: Seat,
    pub end: RoundEnd,
    /// Hand values at the end.
    pub pips: Vec<u32>,
    pub winners: Vec<Seat>,
    pub points: Vec<i32>,
    pub details: Vec<Vec<ScoreLine>>,
    /// Running totals after this round.
    pub totals: Vec<i32>,
}

/// The revealed hands at the end of a round (faces only; the view's `revealed_hands`
/// has the cards while the round is over).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundSummary {
    pub round: u32,
    pub end: RoundEnd,
    pub hands: Vec<Vec<Face>>,
    pub pips: Vec<u32>,
    pub winners: Vec<Seat>,
    pub points: Vec<i32>,
    pub details: Vec<Vec<ScoreLine>>,
}

impl super::state::Karussell {
    /// Scores the round, writes the sheet row and ends the round or the match.
    pub(crate) fn finish_round(
        &mut self,
        end: RoundEnd,
        ev: &mut Vec<super::actions::KarussellEvent>,
    ) {
        use super::actions::KarussellEvent;
        use super::state::Phase;
        let pips: Vec<u32> = (0..self.seats).map(|s| self.hand_value(s)).collect();
        let score = score_round(&pips, &end);
        for (t, p) in self.totals.iter_mut().zip(&score.points) {
            *t += p;
        }
        for &w in &score.winners {
            self.rounds_won[w] += 1;
        }
        self.sheet.push(RoundRow {
            round: self.round_no,
            dealer: self.dealer,
            end,
            pips: pips.clone(),
            winners: score.winners.clone(),
            points: score.points.clone(),
            details: score.details.clone(),
            totals: self.totals.clone(),
        });
        self.summary = Some(RoundSummary {
            round: self.round_no,
            end,
            hands: self
                .round
                .hands
                .iter()
                .map(|h| h.iter().map(|c| c.face).collect())
                .collect(),
            pips,
            winners: score.winners.clone(),
            points: score.points.clone(),
            details: score.details,
        });
        ev.push(KarussellEvent::RoundScored {
            round: self.round_no,
            end,
            winners: score.winners,
            points: score.points,
            totals: self.totals.clone(),
        });
        let target = self.opts.target as i32;
        if self.totals.iter().any(|&t| t >= target) {
            let bonus = match_bonuses(
                &self.totals,
                &self.rounds_won,
                self.opts.target,
                self.opts.round_bonus_for_all,
            );
            for (s, t) in self.totals.iter_mut().enumerate() {
                *t += bonus.target_bonus[s] + bonus.round_bonus[s];
            }
            self.bonus = Some(bonus);
            self.phase = Phase::MatchOver;
            ev.push(KarussellEvent::MatchEnded {
                standings: self.standings_now(),
            });
        } else {
            self.phase = Phase::RoundOver;
        }
    }

    /// Standings: higher total is better, then more rounds won; otherwise shared.
    pub(crate) fn standings_now(&self) -> Vec<crate::game::Standing> {
        let tiebreak: Vec<i32> = self.rounds_won.iter().map(|&w| -(w as i32)).collect();
        crate::game::places_with_tiebreak(&self.totals, true, &tiebreak)
    }

    pub(crate) fn do_next_round(&mut self, ev: &mut Vec<super::actions::KarussellEvent>) {
        self.dealer = (self.dealer + 1) % self.seats;
        self.start_round(ev);
    }
}
