//! Rommé in the app: setup panel, board, texts.

pub mod setup;
pub mod texts;

pub use setup::setup_panel;
pub use texts::explain_meld;
