//! Rommé bots: an exact best meld partition ([`partition`]) and a heuristic player
//! ([`RommeBot`]) in four strengths ([`Level`]): easy, greedy, normal, and hard (normal plus
//! a determinized Monte-Carlo lookahead, [`hard`]).
//!
//! - [`best_partition`] — disjoint legal melds of maximal penalty value (exact; a random
//!   13/14-card hand natively in about 1.2 µs median, 8 µs p99).
//! - [`RommeBot`] implements [`crate::Bot`]`<Romme>`. Give it the table's options with
//!   [`RommeBot::with_options`] (public knowledge): it then builds its own melds (checked
//!   with `engine::meld`) and judges by the right rules. Without them it only plays melds
//!   from the legal list and assumes the Grundspiel for its judgement. Either way it only
//!   returns listed actions or melds it has validated, and never panics.
//! - [`arena`] — bot-vs-bot matches for tests and `bench_romme`.
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
pub mod hard;
mod heuristic;
pub mod learned;
mod learned_weights;
mod memory;
mod outs;
pub mod params;
pub mod partition;
#[cfg(any(test, feature = "measure"))]
mod plan_tree;

pub use bot::{Level, RommeBot};
pub use hard::Budget;
pub use params::Params;
pub use partition::{best_partition, Partition};

impl crate::BotGame for engine::romme::Romme {
    const UNIT: &'static str = "deal";

    /// The Rommé bot knows the table's options: it builds its own melds and judges by them.
    fn bot(
        level: engine::BotLevel,
        seed: u64,
        options: &engine::romme::RommeOptions,
    ) -> Box<dyn crate::Bot<Self>> {
        Box::new(RommeBot::new(Level::from(level), seed).with_options(options))
    }

    /// One deal.
    fn tournament_options(options: engine::romme::RommeOptions) -> engine::romme::RommeOptions {
        arena::one_deal(&options)
    }
}

#[cfg(test)]
mod scenario_tests;
#[cfg(test)]
mod tests;
