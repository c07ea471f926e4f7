pub mod card;
pub mod options;
pub mod score_sheet;
