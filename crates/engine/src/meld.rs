//! Meld validation for the Rommé family: sets, sequences, jokers, opening values.
//!
//! API (shared by Rommé, Karussell and Profi-Sort):
//! - [`MeldRules`] — the options that change what a legal meld is.
//! - [`validate`] — checks a group of cards and returns a [`Meld`] with every joker's
//!   represented card fixed, or a typed [`MeldError`] the UI can translate.
//! - [`Meld::extend`] — lay off one card; [`Meld::replace_joker`] — joker exchange.
//! - [`Meld::opening_value`] — points for a first-meld minimum.

use crate::card::{Card, Face, Rank, Suit};
use serde::{Deserialize, Serialize};

/// Options that decide what a legal meld is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeldRules {
    /// Sets need distinct suits (and so have at most 4 cards).
    pub set_distinct_suits: bool,
    /// At most this many jokers in one meld (`None` = unlimited).
    pub max_jokers_per_meld: Option<u8>,
    /// Minimum meld length (3 in every game here).
    pub min_len: u8,
}

impl Default for MeldRules {
    fn default() -> Self {
        MeldRules {
            set_distinct_suits: false,
            max_jokers_per_meld: None,
            min_len: 3,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MeldKind {
    /// Same rank.
    Set,
    /// Consecutive ranks of one suit.
    Sequence,
}

/// A card on the table and the card it stands for (itself unless it is a joker).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placed {
    pub card: Card,
    /// The French card this card represents. For a natural card, its own face.
    /// For a joker in a set: the rank and a suit the set still lacks.
    pub stands_for: Face,
}

/// A validated meld. Sequences are stored in ascending order (ace last when high).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Meld {
    pub kind: MeldKind,
    pub cards: Vec<Placed>,
    /// For sequences containing an ace: true if the ace plays high (D-K-A).
    pub ace_high: bool,
}

/// Why a group of cards is not a legal meld.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason")]
pub enum MeldError {
    /// Fewer cards than the minimum.
    TooShort { min: u8, got: u8 },
    /// Only jokers.
    OnlyJokers,
    /// More jokers than `max_jokers_per_meld`.
    TooManyJokers { max: u8, got: u8 },
    /// A card that is not a French card or a Rommé joker.
    NotARummyCard,
    /// Neither all the same rank nor all the same suit.
    Mixed,
    /// A set with a repeated suit where suits must differ.
    SuitRepeated { suit: Suit },
    /// A set larger than allowed (4 when suits must differ).
    SetTooLarge { max: u8 },
    /// A sequence with the same rank twice.
    RankRepeated { rank: Rank },
    /// A sequence with a gap the jokers cannot fill.
    Gap { missing: u8 },
    /// K-A-2: the ace is used as low and high at once.
    AroundTheCorner,
    /// A sequence would need ranks beyond the ace.
    TooLong,
    /// The card does not fit this meld (lay-off).
    DoesNotFit,
    /// Joker exchange: the meld holds no joker that stands for this card.
    NoJokerFor { face: Face },
}
