//! Actions, events and errors of Rommé.

use super::options::{EndMode, LayOffPolicy};
use crate::card::{CardId, Face};
use crate::game::{Seat, Standing};
use crate::meld::{JokerHint, MeldError};
use serde::{Deserialize, Serialize};

/// Identity of a meld on the table (unique within a deal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct MeldId(pub u32);

/// Where a card was drawn from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DrawSource {
    Talon,
    Discard,
}

/// Everything a player can do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum RommeAction {
    /// Draw the top talon card (with buying: declines the discard; the other players may
    /// then buy it before the turn continues).
    DrawTalon,
    /// Take the top discard (with buying: the next player's first claim).
    DrawDiscard,
    /// Lay out a new set or sequence. Cards from the hand and freed jokers.
    Meld {
        cards: Vec<CardId>,
        hint: Option<JokerHint>,
    },
    /// Add one card (from the hand, or a freed joker) to a meld on the table.
    LayOff { card: CardId, meld: MeldId },
    /// Replace a joker in `meld` by the natural `card` from the hand. The freed joker must
    /// be melded or laid off in the same turn.
    ExchangeJoker { card: CardId, meld: MeldId },
    /// Räuber-Rommé: take cards from table melds (and, as the turn's draw, the top
    /// discard), build new melds and lay off — validated as a whole. Boxed: it is rare and
    /// large, and a game keeps every action (with it inline every action took 40 bytes on
    /// wasm32 instead of 16). Its JSON is the same as before, fields next to "type".
    Rob(Box<RobPlay>),
    /// Return every card played this turn to the hand and restore the table. The drawn
    /// card stays drawn.
    UndoTurn,
    /// End the turn by discarding a card.
    Discard { card: CardId },
    /// "Rommé bieten" after the discard (end mode bid ≤ N).
    DeclareRomme,
    /// Do not declare; the next player's turn begins.
    DeclineRomme,
    /// Buy the discard out of turn (takes the top talon card too).
    Buy,
    /// Do not buy.
    PassBuy,
    /// Deal the next deal after the deal-end summary.
    NextDeal,
}

/// What a [`RommeAction::Rob`] does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RobPlay {
    /// Cards taken from table melds (and the top discard as the turn's draw).
    pub take: Vec<CardId>,
    /// The new melds.
    pub melds: Vec<Vec<CardId>>,
    /// Cards laid off onto melds on the table.
    pub lay_offs: Vec<(CardId, MeldId)>,
}

/// A scoring line in a score-sheet cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum ScoreLine {
    /// Penalty pips of the cards left in hand.
    Hand { pips: i32 },
    /// Residual of the "Rommé" declarer.
    Residual { pips: i32 },
    /// mit Anlegen: the winner's bonus (−40).
    WinnerBonus { points: i32 },
    /// mit Anlegen: a lone joker costs this instead of its penalty.
    LoneJoker { points: i32 },
    /// mit Anlegen: made the first meld of the deal and lost (+20).
    FirstMeldMalus { points: i32 },
    /// Traditionell: the winner went Rommé (+25 for every loser).
    HandRomme { points: i32 },
}

/// How a deal ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum DealEnd {
    /// Declared "Rommé" with `residual` pips left (0 = went out).
    Declared { seat: Seat, residual: u32 },
    /// Went out (hand empty). `hand_romme`: all cards in one turn, nothing played before.
    WentOut { seat: Seat, hand_romme: bool },
    /// The talon ran out after the maximum number of reshuffles; nobody wins.
    TalonExhausted,
}

/// What happened, for the running log. Talon cards are never named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event")]
pub enum RommeEvent {
    DealStarted {
        deal: u32,
        dealer: Seat,
        starter: Seat,
    },
    /// `face` is only given for a discard draw (the talon card stays secret).
    Drew {
        seat: Seat,
        source: DrawSource,
        face: Option<Face>,
    },
    Melded {
        seat: Seat,
        meld: MeldId,
        faces: Vec<Face>,
    },
    LaidOff {
        seat: Seat,
        face: Face,
        meld: MeldId,
    },
    JokerExchanged {
        seat: Seat,
        face: Face,
        meld: MeldId,
    },
    Robbed {
        seat: Seat,
        taken: Vec<Face>,
        new_melds: Vec<MeldId>,
    },
    TurnUndone {
        seat: Seat,
    },
    Discarded {
        seat: Seat,
        face: Face,
    },
    /// A claim decision is pending for `seat`.
    ClaimOffered {
        seat: Seat,
        face: Face,
    },
    /// Buying: the next player left the top discard (he draws from the talon after the
    /// claim window).
    DiscardDeclined {
        seat: Seat,
    },
    BuyPassed {
        seat: Seat,
    },
    Bought {
        seat: Seat,
        face: Face,
    },
    DeclaredRomme {
        seat: Seat,
        residual: u32,
    },
    WentOut {
        seat: Seat,
    },
    Reshuffled {
        count: u8,
        talon: usize,
    },
    DealEnded {
        deal: u32,
        end: DealEnd,
        points: Vec<i32>,
        totals: Vec<i32>,
    },
    MatchEnded {
        standings: Vec<Standing>,
    },
}

/// Rommé-specific reasons for rejecting an action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason")]
pub enum RommeError {
    /// The opening turn's melds are worth `have`, the minimum is `needed`.
    OpeningTooLow { needed: u32, have: u32 },
    /// Laying off onto this meld is not allowed by the lay-off rule.
    LayOffNotAllowed { policy: LayOffPolicy },
    /// A joker exchange needs your own first meld.
    ExchangeNeedsFirstMeld,
    /// Joker exchange is switched off.
    ExchangeDisabled,
    /// The card taken from the discard pile may not be discarded in the same turn.
    CannotDiscardTakenCard { card: CardId },
    /// The card drawn from the discard pile must be melded or laid off this turn.
    DiscardMustBeMelded { card: CardId },
    /// Räuber-Rommé: the card taken from the discard pile must go into a new meld laid
    /// out this turn (laying it off or exchanging a joker with it does not count).
    DiscardMustGoIntoNewMeld { card: CardId },
    /// A joker freed by an exchange must be melded or laid off first.
    FreedJokerMustBePlaced { joker: CardId },
    /// Declaring needs at most `limit` pips in hand; `have` is what would be left even
    /// after the best discard.
    ResidualTooHigh { limit: u8, have: u32 },
    /// Declaring is only possible in end mode "bid ≤ N".
    NotInEndMode { mode: EndMode },
    /// The last card must be discarded (go_out_needs_discard).
    MustDiscardToGoOut,
    /// This player has bought as often as allowed in this deal.
    BuyLimitReached { limit: u8 },
    /// Buying is switched off.
    BuyingDisabled,
    /// The discard pile is empty or may not be drawn from.
    DiscardNotAvailable,
    /// Räuber-Rommé is switched off.
    RobbingDisabled,
    /// The rob would leave this meld illegal or shorter than 3 cards.
    RobLeavesIllegalMeld { meld: MeldId, error: MeldError },
    /// A card taken from the table (or the discard) was not melded or laid off again.
    TakenCardNotReused { card: CardId },
    /// The card is not in any meld on the table.
    CardNotOnTable { card: CardId },
    /// A rob must place at least one card.
    EmptyRob,
    /// The top discard may only be taken by a rob instead of the draw.
    DiscardOnlyAsDraw,
    /// No meld with this id on the table.
    NoSuchMeld { meld: MeldId },
    /// Nothing was played this turn.
    NothingToUndo,
}
