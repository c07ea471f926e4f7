pub mod card;
pub mod drag;
pub mod options;
pub mod score_sheet;
