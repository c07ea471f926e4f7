//! What one player may see.

use super::actions::{MeldId, RommeEvent};
use super::scoring::{DealSummary, ScoreSheet};
use super::state::{Phase, Romme};
use crate::card::{Card, CardId};
use crate::game::Seat;
use crate::meld::Meld;
use serde::{Deserialize, Serialize};

/// A meld on the table as everybody sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableMeldView {
    pub id: MeldId,
    pub owner: Seat,
    /// With `stands_for` of every joker.
    pub meld: Meld,
    /// Laid out this turn by a player still making his first meld (pending until his
    /// discard; `UndoTurn` takes it back).
    pub pending: bool,
}

/// The phase as the UI shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase")]
pub enum PhaseView {
    Draw {
        seat: Seat,
    },
    Play {
        seat: Seat,
    },
    /// Buying: `claimant` decides about the top discard; `turn` continues afterwards.
    Claim {
        claimant: Seat,
        turn: Seat,
    },
    MayDeclare {
        seat: Seat,
    },
    DealOver {
        next_dealer: Seat,
    },
    MatchOver,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RommeView {
    pub seat: Seat,
    pub seats: usize,
    pub deal: u32,
    pub dealer: Seat,
    /// The turn owner.
    pub turn: Seat,
    /// Who must decide now (`None`: match over).
    pub to_move: Option<Seat>,
    pub phase: PhaseView,
    pub hand: Vec<Card>,
    pub hand_sizes: Vec<usize>,
    pub table: Vec<TableMeldView>,
    pub discard_top: Option<Card>,
    pub discard_size: usize,
    pub talon_size: usize,
    pub reshuffles: u8,
    pub max_reshuffles: u8,
    /// Whether each player has made his first meld.
    pub opened: Vec<bool>,
    /// Opening points of the current turn so far (turn owner) and the minimum.
    pub opening_points: u32,
    pub opening_needed: u32,
    /// The melds whose value counts towards this turn's opening (Räuber-Rommé).
    #[serde(default)]
    pub opening_melds: Vec<MeldId>,
    /// Jokers freed by an exchange this turn that must still be placed.
    pub freed_jokers: Vec<Card>,
    /// The card the turn owner took from the discard pile this turn.
    pub taken_discard: Option<CardId>,
    /// It must still be melded or laid off (Räuber-Rommé).
    pub must_place: Option<CardId>,
    /// The turn owner played something this turn (`UndoTurn` possible).
    pub can_undo: bool,
    pub buys: Vec<u8>,
    pub totals: Vec<i32>,
    pub sheet: ScoreSheet,
    /// The last finished deal, all hands revealed (faces only).
    pub deal_summary: Option<DealSummary>,
    /// Ring game settlement of the match so far.
    pub ring_match: Option<Vec<u64>>,
    pub events: Vec<RommeEvent>,
    /// The rules of this match (public; the UI previews melds with `options.meld_rules()`).
    pub options: super::options::RommeOptions,
}

impl Romme {
    pub(crate) fn make_view(&self, seat: Seat) -> RommeView {
        let d = &self.deal;
        let turn = d.turn;
        let phase = match &self.phase {
            Phase::Draw => PhaseView::Draw { seat: turn },
            Phase::Play => PhaseView::Play { seat: turn },
            Phase::Claim { claimant, .. } => PhaseView::Claim {
                claimant: *claimant,
                turn,
            },
            Phase::MayDeclare => PhaseView::MayDeclare { seat: turn },
            Phase::DealOver => PhaseView::DealOver {
                next_dealer: (self.dealer + 1) % self.seats,
            },
            Phase::MatchOver => PhaseView::MatchOver,
        };
        let playing = matches!(self.phase, Phase::Play);
        let pending = playing && d.ts.opening_turn;
        let snap_ids: Vec<MeldId> = match (&self.snapshot, pending) {
            (Some(s), true) => s.table.iter().map(|m| m.id).collect(),
            _ => Vec::new(),
        };
        let table = d
            .table
            .iter()
            .map(|m| TableMeldView {
                id: m.id,
                owner: m.owner,
                meld: m.meld.clone(),
                pending: pending && m.owner == turn && !snap_ids.contains(&m.id),
            })
            .collect();
        RommeView {
            seat,
            seats: self.seats,
            deal: self.deal_no,
            dealer: self.dealer,
            turn,
            to_move: self.decider(),
            phase,
            hand: d.hands.get(seat).cloned().unwrap_or_default(),
            hand_sizes: d.hands.iter().map(Vec::len).collect(),
            table,
            discard_top: d.discard.last().copied(),
            discard_size: d.discard.len(),
            talon_size: d.talon.len(),
            reshuffles: d.reshuffles,
            max_reshuffles: self.opts.max_reshuffles,
            opened: d.opened.clone(),
            opening_points: d.ts.opening_points,
            opening_needed: self.opts.first_meld_min,
            opening_melds: d.ts.counted.clone(),
            freed_jokers: d.ts.freed_jokers.clone(),
            taken_discard: d.ts.taken_discard,
            must_place: d.ts.must_place,
            can_undo: playing && d.ts.played,
            buys: d.buys.clone(),
            totals: self.totals.clone(),
            sheet: self.sheet.clone(),
            deal_summary: self.summary.clone(),
            ring_match: self.ring_match_settlement(),
            events: self.log.clone(),
            options: self.opts.clone(),
        }
    }
}
