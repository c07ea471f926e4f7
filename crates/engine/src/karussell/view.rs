//! What one player may see.

use super::actions::KarussellEvent;
use super::options::KarussellOptions;
use super::scoring::{MatchBonus, RoundRow, RoundSummary};
use super::state::{Karussell, Phase};
use super::table::TableCard;
use crate::card::Card;
use crate::game::Seat;
use serde::{Deserialize, Serialize};

/// The phase as the UI shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase")]
pub enum PhaseView {
    /// `seat` must draw his first card.
    Draw {
        seat: Seat,
    },
    /// `seat` drew `draws` cards (1 or 2): he may meld, or draw again. With an empty stock
    /// (he drew the last card) he may meld or `Pass`.
    MayMeld {
        seat: Seat,
        draws: u8,
    },
    /// `meld_ends_turn` off: `seat` melded and may meld again or `Pass`.
    AfterMeld {
        seat: Seat,
    },
    /// `seat`'s turn is over and his hand is worth `pips` ≤ the knock limit: `Knock` or
    /// `EndTurn`.
    KnockDecision {
        seat: Seat,
        pips: u32,
    },
    /// The stock ran out in `emptied_by`'s turn: `seat` plays a final turn (`Meld` or
    /// `Pass`); `left` final turns remain, this one included.
    FinalTurn {
        seat: Seat,
        emptied_by: Seat,
        left: usize,
    },
    /// The round is scored (see `round_summary`); `next_dealer` starts the next one.
    RoundOver {
        next_dealer: Seat,
    },
    MatchOver,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KarussellView {
    pub seat: Seat,
    pub seats: usize,
    pub round: u32,
    pub dealer: Seat,
    /// The turn owner.
    pub turn: Seat,
    /// Who must decide now (`None`: match over).
    pub to_move: Option<Seat>,
    pub phase: PhaseView,
    /// The viewer's hand.
    pub hand: Vec<Card>,
    /// The value of the viewer's hand (joker 25, B/D/K 10, 2–10, ace 1).
    pub hand_value: u32,
    pub hand_sizes: Vec<usize>,
    /// The table, meld by meld, every joker with its declared identity.
    pub table: Vec<Vec<TableCard>>,
    pub stock_size: usize,
    /// Cards the turn owner drew in this turn.
    pub draws: u8,
    /// The turn owner melded in this turn.
    pub melded: bool,
    /// Who emptied the stock (final turns announced / running).
    pub stock_emptied_by: Option<Seat>,
    pub totals: Vec<i32>,
    pub rounds_won: Vec<u32>,
    pub sheet: Vec<RoundRow>,
    /// The last finished round (all hands as faces, score lines), until the next deal.
    pub round_summary: Option<RoundSummary>,
    /// While the round (or match) is over: every hand, revealed.
    pub revealed_hands: Option<Vec<Vec<Card>>>,
    /// The match-end bonuses, once the match is over.
    pub match_bonus: Option<MatchBonus>,
    pub events: Vec<KarussellEvent>,
    /// The rules of this match (`hints`: show solver hints).
    pub options: KarussellOptions,
}

impl Karussell {
    pub(crate) fn phase_view(&self) -> PhaseView {
        let r = &self.round;
        let seat = r.turn;
        match self.phase {
            Phase::Turn if r.draws == 0 => PhaseView::Draw { seat },
            Phase::Turn if r.melded => PhaseView::AfterMeld { seat },
            Phase::Turn => PhaseView::MayMeld {
                seat,
                draws: r.draws,
            },
            Phase::KnockDecision => PhaseView::KnockDecision {
                seat,
                pips: self.hand_value(seat),
            },
            Phase::FinalTurn => PhaseView::FinalTurn {
                seat,
                emptied_by: r.emptied_by.unwrap_or(seat),
                left: r.final_left,
            },
            Phase::RoundOver => PhaseView::RoundOver {
                next_dealer: (self.dealer + 1) % self.seats,
            },
            Phase::MatchOver => PhaseView::MatchOver,
        }
    }

    pub(crate) fn make_view(&self, seat: Seat) -> KarussellView {
        let r = &self.round;
        let over = matches!(self.phase, Phase::RoundOver | Phase::MatchOver);
        KarussellView {
            seat,
            seats: self.seats,
            round: self.round_no,
            dealer: self.dealer,
            turn: r.turn,
            to_move: self.decider(),
            phase: self.phase_view(),
            hand: r.hands.get(seat).cloned().unwrap_or_default(),
            hand_value: self.hand_value(seat),
            hand_sizes: r.hands.iter().map(Vec::len).collect(),
            table: r.table.clone(),
            stock_size: r.stock.len(),
            draws: r.draws,
            melded: r.melded,
            stock_emptied_by: r.emptied_by,
            totals: self.totals.clone(),
            rounds_won: self.rounds_won.clone(),
            sheet: self.sheet.clone(),
            round_summary: self.summary.clone(),
            revealed_hands: over.then(|| r.hands.clone()),
            match_bonus: self.bonus.clone(),
            events: self.log.clone(),
            options: self.opts.clone(),
        }
    }
}
