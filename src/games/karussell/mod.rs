//! Karussell in the app: the scratch table, board, setup and texts.

pub mod scratch;
