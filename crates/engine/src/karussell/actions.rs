//! Actions, events and errors of Karussell.

use super::table::KMeldError;
use crate::card::{CardId, Face};
use crate::game::{Seat, Standing};
use serde::{Deserialize, Serialize};

/// One card of the new table in a [`KarussellAction::Meld`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Slot {
    pub card: CardId,
    /// A joker's declared identity (a French face). `None` for a natural card, and for a
    /// joker already on the table that keeps its identity. A natural card may also name its
    /// own face; any other face is an illegal meld (`KMeldError::BadIdentity`).
    #[serde(default)]
    pub as_face: Option<Face>,
}

impl Slot {
    /// A natural card (or a table joker keeping its identity).
    pub fn card(card: CardId) -> Slot {
        Slot {
            card,
            as_face: None,
        }
    }

    /// A joker standing for `face`.
    pub fn joker(card: CardId, face: Face) -> Slot {
        Slot {
            card,
            as_face: Some(face),
        }
    }
}

/// Everything a player can do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum KarussellAction {
    /// Draw the top card of the stock (1st, 2nd or 3rd draw of the turn).
    Draw,
    /// Commit a transaction: `table` is the complete new table, meld by meld. Every card
    /// of the old table must be in it exactly once, at least one hand card must be added.
    Meld { table: Vec<Vec<Slot>> },
    /// End the round now (hand worth at most `knock_limit`, at the end of one's own turn).
    Knock,
    /// Do not knock; the turn passes on.
    EndTurn,
    /// End the turn without (further) melding: in a final turn after the stock ran out; in
    /// the turn that emptied the stock (the missing draws are skipped); after a meld when
    /// `meld_ends_turn` is off.
    Pass,
    /// Deal the next round after the round-end summary (the next dealer decides).
    NextRound,
}

/// A line of a round's score for one player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum ScoreLine {
    /// The winner's hand differences (to the other player, or summed over the others /
    /// over the non-winners).
    Differences { points: i32 },
    /// The winner is not the knocker (+10).
    Undercut { points: i32 },
    /// Won by playing all cards (+25).
    WentOut { points: i32 },
}

impl ScoreLine {
    pub fn points(&self) -> i32 {
        match self {
            ScoreLine::Differences { points }
            | ScoreLine::Undercut { points }
            | ScoreLine::WentOut { points } => *points,
        }
    }
}

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum RoundEnd {
    /// `seat` knocked with `pips` in hand.
    Knocked { seat: Seat, pips: u32 },
    /// `seat` played his last card (counts as a knock with 0).
    WentOut { seat: Seat },
    /// The stock ran out (emptied by `emptied_by`) and everybody had his final turn.
    StockExhausted { emptied_by: Seat },
}

impl RoundEnd {
    /// The player who knocked (or went out).
    pub fn knocker(&self) -> Option<Seat> {
        match *self {
            RoundEnd::Knocked { seat, .. } | RoundEnd::WentOut { seat } => Some(seat),
            RoundEnd::StockExhausted { .. } => None,
        }
    }
}

/// What happened, for the running log. Stock cards are never named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event")]
pub enum KarussellEvent {
    RoundStarted {
        round: u32,
        dealer: Seat,
        starter: Seat,
    },
    /// The `draw`-th draw (1–3) of the turn.
    Drew {
        seat: Seat,
        draw: u8,
    },
    /// A committed transaction: `from_hand` cards came from the hand (their faces),
    /// `melds` is the number of melds on the table now.
    Melded {
        seat: Seat,
        from_hand: usize,
        faces: Vec<Face>,
        melds: usize,
    },
    /// The turn ended without a meld after the third draw (or the last possible draw).
    TurnEnded {
        seat: Seat,
    },
    Passed {
        seat: Seat,
    },
    Knocked {
        seat: Seat,
        pips: u32,
    },
    WentOut {
        seat: Seat,
    },
    /// `seat` drew the last stock card: after his turn everybody, from `first` round to
    /// `seat`, has one final turn.
    StockEmpty {
        seat: Seat,
        first: Seat,
    },
    RoundScored {
        round: u32,
        end: RoundEnd,
        winners: Vec<Seat>,
        points: Vec<i32>,
        totals: Vec<i32>,
    },
    MatchEnded {
        standings: Vec<Standing>,
    },
}

/// Karussell-specific reasons for rejecting an action (data only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason")]
pub enum KarussellError {
    /// Meld number `meld` (0-based, in the new table) is not a legal group or sequence.
    IllegalMeld { meld: usize, error: KMeldError },
    /// A card of the old table is not in the new table (table cards never go to a hand).
    TableCardMissing { card: CardId },
    /// The transaction adds no card from the hand.
    NoHandCard,
    /// A joker placed from the hand needs a declared identity (rank and suit).
    JokerNeedsIdentity { card: CardId },
    /// A table joker's identity may only change when the real card it stood for is on the
    /// table (it was replaced).
    JokerIdentityChanged { card: CardId },
    /// The first meld of the round must contain a group or sequence of hand cards only.
    FirstMeldNeedsHandMeld,
    /// After the third draw of a turn there is no meld.
    NotAfterThirdDraw,
    /// This turn already melded (`meld_ends_turn`).
    AlreadyMelded,
    /// Knocking needs a hand worth at most `limit`; it is worth `have`.
    HandTooHigh { limit: u8, have: u32 },
    /// No knocking in a final turn after the stock ran out.
    NoKnockInFinalTurn,
    /// The stock is empty.
    StockEmpty,
    /// Three cards were drawn this turn already.
    NoMoreDraws,
    /// `Pass` is only possible in a final turn, when the stock is empty, or after a meld.
    CannotPass,
}
