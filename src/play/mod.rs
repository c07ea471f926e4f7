//! Playing a game: the generic host (autosave, bots, privacy screen, errors, log) and the
//! per-game boards. The host knows no rules; each game plugs in through [`UiGame`].

pub mod bot_turn;
pub mod bundle;
pub mod flip;
pub mod host;
pub mod stats;
pub mod storage;
pub mod ui_game;
pub mod undo;

pub use ui_game::{BoardProps, BotLevel, UiGame};
