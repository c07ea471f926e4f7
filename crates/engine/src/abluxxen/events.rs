//! Public events. They never name a card drawn face down from the pile, and cards that may
//! later rest in a hidden hand are given by face only (no id), so an event log shown to
//! everyone never leaks where a hidden card is.

use crate::card::Face;
use crate::game::Seat;
use serde::{Deserialize, Serialize};

/// A card laid on a supply place.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SupplyPlacement {
    pub slot: usize,
    pub face: Face,
}

/// Where a drawn card came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "source")]
pub enum DrawSource {
    /// An open supply place; `faces` are the one or two cards taken (they were public).
    Supply { slot: usize, faces: Vec<Face> },
    /// The face-down pile: the card is not revealed.
    Pile,
}

/// The result of one game of the match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResult {
    pub round: u8,
    /// +1 per display card, −1 per hand card.
    pub scores: Vec<i32>,
    pub display_counts: Vec<usize>,
    pub hand_counts: Vec<usize>,
    /// 1 = best; ties broken by fewer hand cards, then shared.
    pub places: Vec<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event")]
pub enum AbluxxenEvent {
    /// A game of the match was dealt.
    RoundStarted { round: u8, start_player: Seat },
    /// `seat` laid a group of `value` (14 = jokers only).
    Played {
        seat: Seat,
        value: u8,
        faces: Vec<Face>,
    },
    /// `by` luxxed `victim`'s open group (`None` = the shadow).
    Luxxed {
        by: Seat,
        victim: Option<Seat>,
        value: u8,
        faces: Vec<Face>,
    },
    /// The turn owner took the luxxed cards of `victim` (or of the shadow) into his hand.
    Took {
        by: Seat,
        victim: Option<Seat>,
        faces: Vec<Face>,
    },
    /// The turn owner left the luxxed cards to the victim.
    Left { by: Seat, victim: Seat },
    /// The victim took his cards back into his hand.
    TookBack { seat: Seat, faces: Vec<Face> },
    /// The victim put his cards on the out-of-play discard pile.
    Discarded { seat: Seat, faces: Vec<Face> },
    /// `seat` drew `count` cards (2 for a supply pair) from `from`.
    Drew {
        seat: Seat,
        from: DrawSource,
        count: u8,
    },
    /// `seat` declined the optional draw.
    Passed { seat: Seat },
    /// Empty supply places were filled from the pile.
    SupplyRefilled { placed: Vec<SupplyPlacement> },
    /// Profiduell: the shadow got `added` from the pile; 13s/jokers went onto the supply
    /// (`to_supply`) or left the game (`out_of_play`).
    ShadowRefilled {
        added: Vec<Face>,
        to_supply: Vec<SupplyPlacement>,
        out_of_play: Vec<Face>,
    },
    /// A game ended (hand emptied or stock exhausted).
    RoundEnded { result: RoundResult },
    /// The whole match is over.
    MatchEnded { totals: Vec<i32> },
}
