//! Playing a game, below the components: the running game as saved ([`session::Session`]),
//! how a game plugs into the app ([`UiGame`]), undo, notices between pages and the match
//! statistics. The generic host that shows a game is `crate::host`, above the components.

pub mod again;
pub mod notice;
pub mod remote;
pub mod session;
pub mod stats;
pub mod ui_game;
pub mod undo;

pub use ui_game::{BoardProps, BotLevel, UiGame};
