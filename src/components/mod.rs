pub mod card;
pub mod options;
