//! What one seat sees: its own hand, everybody's sheets, the open melds and received aces,
//! the discard pile, pile sizes and scores; never another hand or the talon.

use super::actions::ProfiSortEvent;
use super::options::ProfiSortOptions;
use super::scoring::{bonuses, special_left, Bonus, DealSummary, ScoreRow};
use super::state::{Phase, ProfiSort};
use super::tasks::TaskMeld;
use crate::card::{Card, CardId};
use crate::game::Seat;
use serde::{Deserialize, Serialize};

/// A task sheet as everybody sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetView {
    /// Per entry 1–15 (index 0–14): the deal in which it was completed.
    pub done: Vec<Option<u32>>,
    /// Left-out entries (option `left_out`).
    pub left_out: Vec<u8>,
    /// Joker-free special points per joker-allowed task, struck or open.
    pub joker_free: Vec<Bonus>,
    /// Task-pair special points, struck or open.
    pub pairs: Vec<Bonus>,
    /// Sum of the open special points.
    pub special_left: u32,
    pub tasks_done: usize,
}

/// Everything `seat` may know.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProfiSortView {
    pub seat: Seat,
    pub seats: usize,
    pub options: ProfiSortOptions,
    pub deal: u32,
    pub dealer: Seat,
    pub turn: Seat,
    pub phase: Phase,
    /// Who decides now (`None`: the match is over).
    pub to_move: Option<Seat>,
    /// The own hand (without received aces).
    pub hand: Vec<Card>,
    /// Own hand cards per seat (received aces not counted).
    pub hand_sizes: Vec<usize>,
    /// Received aces per seat, lying open.
    pub received: Vec<Vec<Card>>,
    /// The open task melds.
    pub melds: Vec<TaskMeld>,
    pub talon: usize,
    /// The discard pile, top last.
    pub discard: Vec<Card>,
    /// The talon was rebuilt from the discard pile in this deal (`talon_end = reshuffle`
    /// does it once); everybody saw it.
    #[serde(default)]
    pub rebuilt: bool,
    /// Per seat: laid a task in this deal (may lay off).
    pub opened: Vec<bool>,
    /// Per seat: gave his ace in this deal.
    pub gave_ace: Vec<bool>,
    /// The card the turn owner took from the discard pile this turn.
    pub taken: Option<CardId>,
    /// The seat deciding about a redeal and its aces (public: the reason is said aloud).
    pub redeal: Option<(Seat, usize)>,
    pub sheets: Vec<SheetView>,
    pub totals: Vec<i32>,
    pub rows: Vec<ScoreRow>,
    pub summary: Option<DealSummary>,
    /// Unstruck special points per seat, once the match is over (already in `totals`).
    pub special: Option<Vec<u32>>,
    pub log: Vec<ProfiSortEvent>,
}

impl ProfiSort {
    pub fn sheet_view(&self, seat: Seat) -> SheetView {
        let sheet = &self.sheets[seat];
        let (joker_free, pairs) = bonuses(&self.opts, sheet);
        SheetView {
            done: sheet.done.clone(),
            left_out: self.opts.left_out.clone(),
            joker_free,
            pairs,
            special_left: special_left(&self.opts, sheet),
            tasks_done: sheet.count(),
        }
    }

    pub(crate) fn make_view(&self, seat: Seat) -> ProfiSortView {
        let d = &self.deal;
        let redeal = (self.phase == Phase::RedealChoice)
            .then(|| d.redeal_queue.first().copied())
            .flatten()
            .map(|s| {
                let aces = d.hands[s]
                    .iter()
                    .filter(|c| c.face.rank().is_some_and(|r| r.0 == 1))
                    .count();
                (s, aces)
            });
        ProfiSortView {
            seat,
            seats: self.seats,
            options: self.opts.clone(),
            deal: self.deal_no,
            dealer: self.dealer,
            turn: d.turn,
            phase: self.phase,
            to_move: self.decider(),
            hand: d.hands.get(seat).cloned().unwrap_or_default(),
            hand_sizes: d.hands.iter().map(Vec::len).collect(),
            received: d.received.clone(),
            melds: d.melds.clone(),
            talon: d.talon.len(),
            discard: d.discard.clone(),
            rebuilt: d.rebuilt,
            opened: d.opened.clone(),
            gave_ace: d.gave_ace.clone(),
            taken: d.taken,
            redeal,
            sheets: (0..self.seats).map(|s| self.sheet_view(s)).collect(),
            totals: self.totals.clone(),
            rows: self.rows.clone(),
            summary: self.summary.clone(),
            special: self.special.clone(),
            log: self.log.clone(),
        }
    }
}
