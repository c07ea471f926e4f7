//! The game API every game implements, in the spirit of OpenSpiel: who must decide now,
//! which actions are legal, and `apply`, which validates fully before it changes anything.

use crate::card::{Card, CardId};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt::Debug;

/// A seat at the table, 0-based, clockwise.
pub type Seat = usize;

/// Why an action was rejected. Every variant carries the facts the UI needs to explain it
/// in any language (no English text inside). Game-specific reasons are the game's own
/// error type `E` ([`Game::Error`]), so this module knows no game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    tag = "kind",
    bound(serialize = "E: Serialize", deserialize = "E: DeserializeOwned")
)]
pub enum RuleError<E = NoGameError> {
    /// The game is over; nothing more can be played.
    GameOver,
    /// `seat` tried to act but `expected` must decide now (None: nobody).
    NotYourDecision { seat: Seat, expected: Option<Seat> },
    /// A seat number outside the table.
    NoSuchSeat { seat: Seat, seats: usize },
    /// The player does not hold this card.
    CardNotInHand { card: CardId },
    /// The same card was named twice in one action.
    DuplicateCard { card: CardId },
    /// This kind of action is not possible at this moment (e.g. discarding before drawing);
    /// `expected` is what the game waits for now.
    WrongPhase { expected: Moment },
    /// Setup failed: the number of players is outside the game's limits.
    PlayerCount { min: usize, max: usize, got: usize },
    /// Setup failed: option `option` (its field name) is outside `limit`.
    BadOption { option: String, limit: OptionLimit },
    /// A meld is invalid.
    Meld(crate::meld::MeldError),
    /// A reason only this game has.
    Game(E),
}

/// The error type of a game without reasons of its own (and the default of [`RuleError`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoGameError {}

/// What a game waits for now, named in a [`RuleError::WrongPhase`]: the moments several
/// games share. A decision only one game has is that game's own error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Moment {
    /// The turn owner must draw first.
    Draw,
    /// The turn owner plays (melds, lays off, discards).
    Play,
    /// The turn owner must discard to end the turn.
    Discard,
    /// Somebody decides about buying the top discard.
    Claim,
    /// Only right after one's own discard.
    AfterDiscard,
    /// The turn owner decides whether to declare "Rommé" (after his discard).
    Declare,
    /// The deal (or game) is over; the next one must be started.
    DealOver,
    /// The pile to draw from is empty.
    PileEmpty,
}

/// Why an option value was refused at setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OptionLimit {
    /// Allowed: `min..=max`.
    Range { min: u32, max: u32 },
    /// Not enough cards in the deck for this many players with these options.
    NotEnoughCards,
    /// Only for a given number of players (e.g. Profiduell: 2).
    OnlyPlayers { players: u32 },
}

impl<E> RuleError<E> {
    /// The same error with the game part converted (e.g. into a dispatch enum).
    pub fn map_game<F>(self, f: impl FnOnce(E) -> F) -> RuleError<F> {
        match self {
            RuleError::GameOver => RuleError::GameOver,
            RuleError::NotYourDecision { seat, expected } => {
                RuleError::NotYourDecision { seat, expected }
            }
            RuleError::NoSuchSeat { seat, seats } => RuleError::NoSuchSeat { seat, seats },
            RuleError::CardNotInHand { card } => RuleError::CardNotInHand { card },
            RuleError::DuplicateCard { card } => RuleError::DuplicateCard { card },
            RuleError::WrongPhase { expected } => RuleError::WrongPhase { expected },
            RuleError::PlayerCount { min, max, got } => RuleError::PlayerCount { min, max, got },
            RuleError::BadOption { option, limit } => RuleError::BadOption { option, limit },
            RuleError::Meld(e) => RuleError::Meld(e),
            RuleError::Game(e) => RuleError::Game(f(e)),
        }
    }
}

/// A rule error whose game part is kept as JSON: for containers that hold errors of any game
/// (save errors, the playout harness).
pub type ErasedRuleError = RuleError<serde_json::Value>;

impl<E: Serialize> RuleError<E> {
    /// The same error with the game part as JSON.
    pub fn erase(self) -> ErasedRuleError {
        self.map_game(|e| serde_json::to_value(e).unwrap_or(serde_json::Value::Null))
    }
}

impl<E> From<crate::meld::MeldError> for RuleError<E> {
    fn from(e: crate::meld::MeldError) -> Self {
        RuleError::Meld(e)
    }
}

/// A setup error for option `option` outside `min..=max`.
pub fn out_of_range<E>(option: &str, min: u32, max: u32) -> RuleError<E> {
    RuleError::BadOption {
        option: option.to_string(),
        limit: OptionLimit::Range { min, max },
    }
}

/// A setup error unless `seats` is within `min..=max`.
pub fn check_players<E>(seats: usize, min: usize, max: usize) -> Result<(), RuleError<E>> {
    if (min..=max).contains(&seats) {
        Ok(())
    } else {
        Err(RuleError::PlayerCount {
            min,
            max,
            got: seats,
        })
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
/// Contract (checked by the playout harness, `engine::harness`, for every game):
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
    /// The game's own rejection reasons, inside [`RuleError::Game`].
    type Error: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;

    /// Stable name used in saves and links, e.g. `"romme"`.
    const NAME: &'static str;

    /// Deals a new match. `seats` players, all randomness from `seed`.
    fn new(
        options: &Self::Options,
        seats: usize,
        seed: u64,
    ) -> Result<Self, RuleError<Self::Error>>;
    fn options(&self) -> &Self::Options;
    fn seats(&self) -> usize;
    /// Who must decide now; `None` when the match is over.
    fn to_move(&self) -> Option<Seat>;
    /// The legal actions of `seat` now (empty if it is not that seat's decision).
    fn legal_actions(&self, seat: Seat) -> Vec<Self::Action>;
    /// Validates, then applies. On `Err` the state is unchanged.
    fn apply(
        &mut self,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, RuleError<Self::Error>>;
    /// What `seat` may see.
    fn view(&self, seat: Seat) -> Self::View;
    /// Standings (running totals while playing, final once over).
    fn standings(&self) -> Vec<Standing>;
    fn is_over(&self) -> bool {
        self.to_move().is_none()
    }
    /// Where the cards are, for the invariant checks.
    fn audit(&self) -> CardAudit;
    /// The position as players see it, in a form that stays stable across refactorings
    /// (saves compare its [`Position::digest`] after replaying, never internal JSON).
    fn position(&self) -> Position;
    /// Brings a record written by save format `from_version` up to date (e.g. sets an option
    /// added since to the value that reproduces the old rules). Called before the record is
    /// deserialised; the default changes nothing.
    fn migrate_record(_from_version: u32, _record: &mut serde_json::Value) {}
    /// Actions that must be rejected in this state (the harness checks they are, and that
    /// the state stays unchanged). Games add their own tricky cases.
    fn illegal_probes(&self, _seat: Seat) -> Vec<Self::Action> {
        Vec::new()
    }
}

/// What the players of a game can see between them: each seat's hand, the open cards on the
/// table, the sizes of the hidden piles, the scores and who decides. Deliberately plain (card
/// ids and numbers only) so that it does not change when a game's internals are refactored;
/// it changes only when the rules would produce a different game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub to_move: Option<Seat>,
    /// Per seat: the ids of the cards in hand, sorted.
    pub hands: Vec<Vec<u16>>,
    /// Open card groups (melds, displays, supply places, face-up piles), in the game's order.
    pub open: Vec<Vec<u16>>,
    /// Sizes of the face-down piles (talon, draw pile).
    pub hidden: Vec<usize>,
    /// Running totals per seat.
    pub scores: Vec<i32>,
}

impl Position {
    /// Sorted ids of `cards` (a hand's order is the player's business, not the game's).
    pub fn hand(cards: &[Card]) -> Vec<u16> {
        let mut ids: Vec<u16> = cards.iter().map(|c| c.id.0).collect();
        crate::sort::sort(&mut ids);
        ids
    }

    /// Ids of `cards` in their order.
    pub fn group(cards: &[Card]) -> Vec<u16> {
        cards.iter().map(|c| c.id.0).collect()
    }

    /// A short stable fingerprint: FNV-1a 64 of the canonical JSON, as 16 hex digits.
    pub fn digest(&self) -> String {
        let json = serde_json::to_string(self).unwrap_or_default();
        let hash = json.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        });
        format!("{hash:016x}")
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

/// Appends `events` to a game's running `log`, of which the last `len` are kept.
pub(crate) fn keep_last<T: Clone>(log: &mut Vec<T>, events: &[T], len: usize) {
    log.extend(events.iter().cloned());
    if log.len() > len {
        let cut = log.len() - len;
        log.drain(..cut);
    }
}

/// Checks `seat` against `to_move` and the table size; the common first step of `apply`.
pub fn check_turn<E>(to_move: Option<Seat>, seats: usize, seat: Seat) -> Result<(), RuleError<E>> {
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
