//! The game API every game implements, in the spirit of OpenSpiel: who must decide now,
//! which actions are legal, and `apply`, which validates fully before it changes anything.

use crate::card::{Card, CardId};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt::Debug;

/// A seat at the table, 0-based, clockwise.
pub type Seat = usize;

/// Why an action was rejected. Every variant carries the facts the UI needs to explain it
/// in any language. Game-specific reasons live in the game's own error enum.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum RuleError {
    /// The game is over; nothing more can be played.
    GameOver,
    /// `seat` tried to act but `expected` must decide now (None: nobody).
    NotYourDecision {
        seat: Seat,
        expected: Option<Seat>,
    },
    /// A seat number outside the table.
    NoSuchSeat {
        seat: Seat,
        seats: usize,
    },
    /// The player does not hold this card.
    CardNotInHand {
        card: CardId,
    },
    /// The same card was named twice in one action.
    DuplicateCard {
        card: CardId,
    },
    /// This kind of action is not possible at this moment (e.g. discarding before drawing).
    WrongPhase {
        expected: String,
    },
    /// Setup failed: the number of players is outside the game's limits.
    PlayerCount {
        min: usize,
        max: usize,
        got: usize,
    },
    /// Setup failed: an option has a value the game cannot use.
    BadOption {
        option: String,
        reason: String,
    },
    /// A meld is invalid.
    Meld(crate::meld::MeldError),
    Abluxxen(crate::abluxxen::AbluxxenError),
    // Game modules add their own variant here, e.g. `Romme(crate::romme::RommeError)`.
    Romme(crate::romme::RommeError),
}

impl From<crate::meld::MeldError> for RuleError {
    fn from(e: crate::meld::MeldError) -> Self {
        RuleError::Meld(e)
    }
}

/// Final or running standing of one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub seat: Seat,
    /// The game's score (penalty points for Rommé, points for Abluxxen).
    pub score: i32,
    /// 1 = best. Shared places have the same number.
    pub place: usize,
}

/// What the harness needs to know about where cards are. Used to check card conservation
/// and that views hide hidden cards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CardAudit {
    /// Every card in the game, each exactly once, wherever it is.
    pub all: Vec<CardId>,
    /// Per seat: the cards that seat must not be able to see.
    pub hidden_from: Vec<Vec<CardId>>,
}

/// A game: a pure state machine.
///
/// Contract (checked by [`crate::harness`] for every game):
/// - `to_move()` is the seat that must decide now (possibly not the turn owner), or `None`
///   when the game is over.
/// - every action in `legal_actions(seat)` is accepted by `apply(seat, …)`;
/// - a rejected `apply` leaves the state exactly as it was;
/// - `apply` never panics, whatever it is given;
/// - `view(seat)` contains no card from `audit().hidden_from[seat]`.
pub trait Game:
    Sized + Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static
{
    type Options: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    type Event: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    type View: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;

    /// Stable name used in saves and links, e.g. `"romme"`.
    const NAME: &'static str;

    /// Deals a new match. `seats` players, all randomness from `seed`.
    fn new(options: &Self::Options, seats: usize, seed: u64) -> Result<Self, RuleError>;
    fn options(&self) -> &Self::Options;
    fn seats(&self) -> usize;
    /// Who must decide now; `None` when the match is over.
    fn to_move(&self) -> Option<Seat>;
    /// The legal actions of `seat` now (empty if it is not that seat's decision).
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;
    /// Validates, then applies. On `Err` the state is unchanged.
    fn apply(&mut self, seat: Seat, action: &Self::Action) -> Result<Vec<Self::Event>, RuleError>;
    /// What `seat` may see.
    fn view(&self, seat: Seat) -> Self::View;
    /// Standings (running totals while playing, final once over).
    fn standings(&self) -> Vec<Standing>;
    fn is_over(&self) -> bool {
        self.to_move().is_none()
    }
    /// Where the cards are, for the invariant checks.
    fn audit(&self) -> CardAudit;
    /// Actions that must be rejected in this state (the harness checks they are, and that
    /// the state stays unchanged). Games add their own tricky cases.
    fn illegal_probes(&self, _seat: Seat) -> Vec<Self::Action> {
        Vec::new()
    }
}

/// Collects every `Card` serialised inside a JSON value (objects with `id` and `face`).
pub fn cards_in_json(value: &serde_json::Value, out: &mut Vec<CardId>) {
    match value {
        serde_json::Value::Object(map) => {
            if let (Some(id), Some(_face)) = (map.get("id"), map.get("face")) {
                if let Some(n) = id.as_u64() {
                    out.push(CardId(n as u16));
                }
            }
            for v in map.values() {
                cards_in_json(v, out);
            }
        }
        serde_json::Value::Array(items) => {
            for v in items {
                cards_in_json(v, out);
            }
        }
        _ => {}
    }
}

/// Convenience: a card as it appears in a view.
pub fn visible(cards: &[Card]) -> Vec<Card> {
    cards.to_vec()
}

/// Checks `seat` against `to_move` and the table size; the common first step of `apply`.
pub fn check_turn(to_move: Option<Seat>, seats: usize, seat: Seat) -> Result<(), RuleError> {
    if seat >= seats {
        return Err(RuleError::NoSuchSeat { seat, seats });
    }
    match to_move {
        None => Err(RuleError::GameOver),
        Some(s) if s == seat => Ok(()),
        expected => Err(RuleError::NotYourDecision { seat, expected }),
    }
}

/// Ranks scores into places: `higher_is_better` for Abluxxen, lower for Rommé penalties.
/// Ties share a place.
pub fn places(scores: &[i32], higher_is_better: bool) -> Vec<Standing> {
    places_with_tiebreak(scores, higher_is_better, &[])
}

/// Like [`places`], but equal scores are separated by `tiebreak` (lower is better, e.g.
/// Abluxxen's cards left in hand); still-equal seats share a place. Missing entries count 0.
pub fn places_with_tiebreak(
    scores: &[i32],
    higher_is_better: bool,
    tiebreak: &[i32],
) -> Vec<Standing> {
    let tie = |seat: usize| tiebreak.get(seat).copied().unwrap_or(0);
    let beats = |s: i32, t: i32, score: i32, my_tie: i32| {
        let better_score = if higher_is_better {
            s > score
        } else {
            s < score
        };
        better_score || (s == score && t < my_tie)
    };
    scores
        .iter()
        .enumerate()
        .map(|(seat, &score)| {
            let better = scores
                .iter()
                .enumerate()
                .filter(|&(o, &s)| beats(s, tie(o), score, tie(seat)))
                .count();
            Standing {
                seat,
                score,
                place: better + 1,
            }
        })
        .collect()
}
