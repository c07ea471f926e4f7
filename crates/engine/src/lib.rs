//! # Kartenrunde engine
//!
//! Pure rules for the card games of Kartenrunde. No web, UI or OS randomness in here: every
//! game is a deterministic state machine of `(options, seats, seed, actions)`.
//!
//! ```
//! use engine::card::{DeckSpec, Face, Suit};
//! use engine::rng::GameRng;
//!
//! let mut deck = DeckSpec::French { packs: 2, jokers: 2 }.cards();
//! assert_eq!(deck.len(), 106);
//! GameRng::seed_from_u64(2026).shuffle(&mut deck);
//! let hearts_sevens = deck.iter().filter(|c| c.face == Face::french(7, Suit::Hearts)).count();
//! assert_eq!(hearts_sevens, 2);
//! ```
//!
//! Modules:
//! - [`card`], [`rng`] — cards with stable ids, deck specifications, the seeded generator;
//! - [`game`] — the [`Game`] trait every game implements, [`RuleError`], [`CardAudit`];
//! - [`meld`] — sets and sequences with jokers for the Rommé family; [`penalty`](mod@penalty) — hand
//!   penalty tables;
//! - `harness` — a generic playout checker for every game's tests, and `fuzz` — input
//!   mutation for the decoder fuzz tests (both only in tests or with the feature `testing`);
//! - [`save`](mod@save) — versioned save files, replay and undo from a [`save::Record`], share links.
//!
//! ```
//! use engine::card::{Card, CardId, Face, Suit};
//! use engine::meld::{validate, MeldError, MeldRules};
//! use engine::penalty::{hand_penalty, PenaltyTable};
//!
//! let cards = |faces: &[Face]| -> Vec<Card> {
//!     faces.iter().enumerate().map(|(i, &face)| Card { id: CardId(i as u16), face }).collect()
//! };
//! let queen_king_ace = cards(&[
//!     Face::french(12, Suit::Spades),
//!     Face::french(13, Suit::Spades),
//!     Face::french(1, Suit::Spades),
//! ]);
//! let meld = validate(&queen_king_ace, &MeldRules::default()).unwrap();
//! assert_eq!(meld.opening_value(), 31);
//! let corner = cards(&[
//!     Face::french(13, Suit::Spades),
//!     Face::french(1, Suit::Spades),
//!     Face::french(2, Suit::Spades),
//! ]);
//! assert_eq!(validate(&corner, &MeldRules::default()), Err(MeldError::AroundTheCorner));
//! assert_eq!(hand_penalty(&corner, PenaltyTable::ace_high(40)), 10 + 11 + 2);
//! ```

pub mod abluxxen;
pub mod card;
mod family;
#[cfg(any(test, feature = "testing"))]
pub mod fuzz;
pub mod game;
pub mod games;
#[cfg(any(test, feature = "testing"))]
pub mod harness;
pub mod karussell;
pub mod meld;
pub mod penalty;
pub mod profisort;
pub mod rng;
pub mod romme;
pub mod save;
mod sim;
pub mod sort;

pub use card::{Card, CardId, DeckSpec, Face, Rank, Suit};
pub use game::{
    cards_in_json, CardAudit, Game, Moment, OptionLimit, Position, RuleError, Seat, Standing,
};
#[cfg(any(test, feature = "testing"))]
pub use harness::{check_playout, random_playouts, HarnessError, PlayoutReport, Stats, Violation};
pub use karussell::{Karussell, KarussellAction, KarussellOptions, KarussellView};
pub use meld::{validate, JokerHint, Meld, MeldError, MeldKind, MeldRules, Placed};
pub use penalty::{hand_penalty, penalty, PenaltyTable};
pub use profisort::{ProfiSort, ProfiSortAction, ProfiSortError, ProfiSortOptions, ProfiSortView};
pub use rng::GameRng;
pub use save::{load, save, BotLevel, Record, SaveError, SaveFile, SaveMeta, SeatKind};
