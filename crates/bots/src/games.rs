//! One entry point for a bot of any game at any level: [`bot_for`], for the app, the
//! tournament and the fixture generator alike. A game joins with one [`BotGame`] impl here.

use crate::Bot;
use engine::abluxxen::Abluxxen;
use engine::karussell::Karussell;
use engine::profisort::ProfiSort;
use engine::romme::Romme;
use engine::BotLevel;

/// A game the bots play.
pub trait BotGame: engine::Game {
    /// The bot of `level` for a table with `options` (public knowledge), seeded with `seed`.
    fn bot(level: BotLevel, seed: u64, options: &Self::Options) -> Box<dyn Bot<Self>>;
}

/// The bot of `level` for a game of `G` with `options`.
pub fn bot_for<G: BotGame>(level: BotLevel, seed: u64, options: &G::Options) -> Box<dyn Bot<G>> {
    G::bot(level, seed, options)
}

impl BotGame for Romme {
    /// The Rommé bot knows the table's options: it builds its own melds and judges by them.
    fn bot(level: BotLevel, seed: u64, options: &Self::Options) -> Box<dyn Bot<Romme>> {
        let level = crate::romme::Level::from(level);
        Box::new(crate::romme::RommeBot::new(level, seed).with_options(options))
    }
}

impl BotGame for Abluxxen {
    fn bot(level: BotLevel, seed: u64, _options: &Self::Options) -> Box<dyn Bot<Abluxxen>> {
        use crate::abluxxen::{AbluxxenBot, GreedyBot, Level};
        match level {
            BotLevel::Greedy => Box::new(GreedyBot),
            BotLevel::Easy => Box::new(AbluxxenBot::new(Level::Easy, seed)),
            BotLevel::Normal => Box::new(AbluxxenBot::new(Level::Normal, seed)),
            BotLevel::Hard => Box::new(AbluxxenBot::new(Level::Hard, seed)),
        }
    }
}

impl BotGame for Karussell {
    fn bot(level: BotLevel, seed: u64, _options: &Self::Options) -> Box<dyn Bot<Karussell>> {
        Box::new(crate::karussell::KarussellBot::new(level, seed))
    }
}

impl BotGame for ProfiSort {
    fn bot(level: BotLevel, seed: u64, _options: &Self::Options) -> Box<dyn Bot<ProfiSort>> {
        Box::new(crate::profisort::ProfiSortBot::new(level, seed))
    }
}
