//! Rommé bots: an exact best meld partition ([`partition`]) and a heuristic player
//! ([`RommeBot`]) in two strengths.
//!
//! ```
//! use bots::romme::{Level, RommeBot};
//! use engine::romme::Preset;
//! let opts = Preset::Grundspiel.options();
//! let bot = RommeBot::new(Level::Normal, 7).with_options(&opts);
//! assert_eq!(bot.level, Level::Normal);
//! ```

pub mod arena;
mod bot;
mod heuristic;
pub mod partition;

pub use bot::{Level, RommeBot};
pub use partition::{best_partition, Partition};

#[cfg(test)]
mod tests;
