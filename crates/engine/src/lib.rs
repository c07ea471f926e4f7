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

pub mod abluxxen;
pub mod card;
pub mod game;
pub mod meld;
pub mod rng;

pub use card::{Card, CardId, DeckSpec, Face, Rank, Suit};
pub use game::{Game, RuleError, Seat, Standing};
pub use rng::GameRng;
