//! Deal scoring (plain, Anlegen bonuses, Traditionell), the score sheet, ring-game
//! settlement and the match end.

use super::actions::{DealEnd, RommeEvent, ScoreLine};
use super::options::{MatchEnd, RommeOptions, Scoring};
use super::state::{Phase, Romme};
use crate::card::{Card, Face};
use crate::game::{places, Seat, Standing};
use crate::penalty::hand_penalty;
use serde::{Deserialize, Serialize};

/// Bonus of the mit-Anlegen winner.
pub const WINNER_BONUS: i32 = -40;
/// Points struck from the charge of a mit-Anlegen loser whose hand is one joker: seed 002,
/// "Wer nur einen Joker übrig behält, bekommt 20 Verlustpunkte gestrichen" (the joker's
/// penalty minus 20, never below 0; 20 with the preset's joker penalty of 40).
pub const LONE_JOKER_RELIEF: i32 = 20;
/// Extra charge of the deal's first melder who did not win (mit Anlegen).
pub const FIRST_MELD_MALUS: i32 = 20;
/// Extra charge of every loser after a hand-Rommé (Traditionell).
pub const HAND_ROMME: i32 = 25;
/// Ring game: players this many points or more behind the winner get nothing.
pub const RING_CUTOFF: i32 = 80;

/// One row of the score sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealRow {
    pub deal: u32,
    pub dealer: Seat,
    pub winner: Option<Seat>,
    /// This deal's points per player.
    pub points: Vec<i32>,
    /// Running totals after this deal.
    pub totals: Vec<i32>,
    /// The bonus/malus lines of each player's cell.
    pub details: Vec<Vec<ScoreLine>>,
    pub end: DealEnd,
    /// Ring game: chips each player wins from this deal's pot.
    pub ring_chips: Option<Vec<u64>>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreSheet {
    pub rows: Vec<DealRow>,
}

/// The revealed hands at the end of a deal (faces only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealSummary {
    pub deal: u32,
    pub end: DealEnd,
    pub hands: Vec<Vec<Face>>,
    /// Penalty pips of each hand.
    pub pips: Vec<u32>,
    pub points: Vec<i32>,
}

impl DealEnd {
    pub fn winner(&self) -> Option<Seat> {
        match self {
            DealEnd::Declared { seat, .. } | DealEnd::WentOut { seat, .. } => Some(*seat),
            DealEnd::TalonExhausted => None,
        }
    }
}

/// Scores one deal: the points and the detail lines of every player.
pub fn score_deal(
    opts: &RommeOptions,
    hands: &[Vec<Card>],
    end: &DealEnd,
    first_melder: Option<Seat>,
) -> (Vec<i32>, Vec<Vec<ScoreLine>>) {
    let table = opts.penalty_table();
    let winner = end.winner();
    let mut details = Vec::with_capacity(hands.len());
    for (seat, hand) in hands.iter().enumerate() {
        let pips = hand_penalty(hand, table) as i32;
        let mut lines = Vec::new();
        if winner == Some(seat) {
            if pips > 0 {
                lines.push(ScoreLine::Residual { pips });
            }
            if opts.scoring == Scoring::AnlegenBonuses {
                lines.push(ScoreLine::WinnerBonus {
                    points: WINNER_BONUS,
                });
            }
        } else {
            let lone_joker = hand.len() == 1 && hand[0].face == Face::Joker;
            if opts.scoring == Scoring::AnlegenBonuses && lone_joker {
                lines.push(ScoreLine::LoneJoker {
                    points: (pips - LONE_JOKER_RELIEF).max(0),
                });
            } else {
                lines.push(ScoreLine::Hand { pips });
            }
            if opts.scoring == Scoring::AnlegenBonuses && first_melder == Some(seat) {
                lines.push(ScoreLine::FirstMeldMalus {
                    points: FIRST_MELD_MALUS,
                });
            }
            let hand_romme = matches!(
                end,
                DealEnd::WentOut {
                    hand_romme: true,
                    ..
                }
            );
            if opts.scoring == Scoring::Traditionell && hand_romme {
                lines.push(ScoreLine::HandRomme { points: HAND_ROMME });
            }
        }
        details.push(lines);
    }
    let points = details
        .iter()
        .map(|l| l.iter().map(line_points).sum())
        .collect();
    (points, details)
}

fn line_points(line: &ScoreLine) -> i32 {
    match line {
        ScoreLine::Hand { pips } | ScoreLine::Residual { pips } => *pips,
        ScoreLine::WinnerBonus { points }
        | ScoreLine::LoneJoker { points }
        | ScoreLine::FirstMeldMalus { points }
        | ScoreLine::HandRomme { points } => *points,
    }
}

/// Ring-game settlement (virtual chips): every player staked `stake`; `points` are the
/// penalty points, `winner` the winning seat. Each other player less than 80 points behind
/// the winner gets `25 % · pot · w / (players − 1)` with `w = (80 − d) / 80`, rounded
/// down; the winner gets the rest (at least 75 %).
pub fn ring_settlement(stake: u32, points: &[i32], winner: Seat) -> Vec<u64> {
    let n = points.len();
    if n < 2 || winner >= n {
        return vec![0; n];
    }
    let pot = u64::from(stake) * n as u64;
    let best = points[winner];
    let mut chips = vec![0u64; n];
    for (i, &p) in points.iter().enumerate() {
        if i == winner {
            continue;
        }
        let d = (i64::from(p) - i64::from(best)).max(0);
        if d < i64::from(RING_CUTOFF) {
            let w = (i64::from(RING_CUTOFF) - d) as u64;
            chips[i] = pot * 25 * w / (100 * RING_CUTOFF as u64 * (n as u64 - 1));
        }
    }
    chips[winner] = pot - chips.iter().sum::<u64>();
    chips
}

/// The seat with the fewest points (first on ties).
fn lowest(points: &[i32]) -> Seat {
    (0..points.len()).min_by_key(|&i| points[i]).unwrap_or(0)
}

impl Romme {
    /// The standings now (for `Game::standings`): lowest penalty total first.
    pub(crate) fn standings_now(&self) -> Vec<Standing> {
        places(&self.totals, false)
    }

    /// Scores the deal, writes the score sheet row and ends the deal or the match.
    pub(crate) fn finish_deal(&mut self, end: DealEnd, ev: &mut Vec<RommeEvent>) {
        let d = &self.deal;
        let (points, details) = score_deal(&self.opts, &d.hands, &end, d.first_melder);
        for (t, p) in self.totals.iter_mut().zip(&points) {
            *t += p;
        }
        let table = self.opts.penalty_table();
        self.summary = Some(DealSummary {
            deal: self.deal_no,
            end: end.clone(),
            hands: d
                .hands
                .iter()
                .map(|h| h.iter().map(|c| c.face).collect())
                .collect(),
            pips: d.hands.iter().map(|h| hand_penalty(h, table)).collect(),
            points: points.clone(),
        });
        let winner = end.winner();
        let ring_chips = self
            .opts
            .ring_pot
            .map(|stake| ring_settlement(stake, &points, winner.unwrap_or(lowest(&points))));
        self.sheet.rows.push(DealRow {
            deal: self.deal_no,
            dealer: self.dealer,
            winner,
            points: points.clone(),
            totals: self.totals.clone(),
            details,
            end: end.clone(),
            ring_chips,
        });
        ev.push(RommeEvent::DealEnded {
            deal: self.deal_no,
            end,
            points,
            totals: self.totals.clone(),
        });
        self.snapshot = None;
        if self.match_is_over() {
            self.phase = Phase::MatchOver;
            ev.push(RommeEvent::MatchEnded {
                standings: places(&self.totals, false),
            });
        } else {
            self.phase = Phase::DealOver;
        }
    }

    fn match_is_over(&self) -> bool {
        match self.opts.match_end {
            MatchEnd::Points { limit } => self.totals.iter().any(|&t| t >= limit as i32),
            MatchEnd::Deals { count } => {
                let count = count.map_or(self.seats as u32, u32::from);
                self.deal_no >= count
            }
        }
    }

    /// Ring settlement of the whole match from the totals (lowest total wins).
    pub fn ring_match_settlement(&self) -> Option<Vec<u64>> {
        let stake = self.opts.ring_pot?;
        Some(ring_settlement(stake, &self.totals, lowest(&self.totals)))
    }

    pub(crate) fn do_next_deal(&mut self, ev: &mut Vec<RommeEvent>) {
        self.dealer = (self.dealer + 1) % self.seats;
        self.start_deal(ev);
    }

    /// The score sheet so far.
    pub fn score_sheet(&self) -> &ScoreSheet {
        &self.sheet
    }

    pub fn totals(&self) -> &[i32] {
        &self.totals
    }
}
