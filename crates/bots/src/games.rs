//! The bots' list of games and one entry point for a bot of any game at any level
//! ([`bot_for`]), for the app, the tournament and the fixture generator alike.
//!
//! Adding a game: a [`BotGame`] impl in its bots module, and one line in the `bot_games!`
//! list below. A test fails while the engine's list (`engine::games::GAMES`) and this one
//! differ.

use crate::Bot;
use engine::games::{Listed, UnknownGame};
use engine::BotLevel;

/// A game the bots play. Implemented in the game's bots module.
pub trait BotGame: Listed {
    /// What one game of a tournament is ("deal", "round", …; `bench::tournament`).
    const UNIT: &'static str;

    /// The bot of `level` for a table with `options` (public knowledge; the bots that do not
    /// need them ignore them), seeded with `seed`.
    fn bot(level: BotLevel, seed: u64, options: &Self::Options) -> Box<dyn Bot<Self>>;

    /// A catalog entry's options made one tournament game ([`BotGame::UNIT`]), e.g. a
    /// single deal.
    fn tournament_options(options: Self::Options) -> Self::Options {
        options
    }
}

/// The bot of `level` for a game of `G` with `options`.
pub fn bot_for<G: BotGame>(level: BotLevel, seed: u64, options: &G::Options) -> Box<dyn Bot<G>> {
    G::bot(level, seed, options)
}

/// Work done with a game's type, chosen by its name: see [`with_bot_game`].
pub trait BotVisitor {
    type Out;
    fn visit<G: BotGame>(self) -> Self::Out;
}

/// The bots' list of games, one line each; generates [`BOT_GAMES`] and [`with_bot_game`],
/// the one place the bots match a game's name.
macro_rules! bot_games {
    ($($game:ty),+ $(,)?) => {
        /// The names ([`engine::Game::NAME`]) of every game the bots play.
        pub static BOT_GAMES: &[&str] = &[$(<$game as engine::Game>::NAME),+];

        /// Hands the type of the game named `name` to `visitor`.
        pub fn with_bot_game<V: BotVisitor>(name: &str, visitor: V) -> Result<V::Out, UnknownGame> {
            $(if name == <$game as engine::Game>::NAME {
                return Ok(visitor.visit::<$game>());
            })+
            Err(UnknownGame {
                name: name.to_string(),
            })
        }
    };
}

bot_games! {
    engine::romme::Romme,
    engine::abluxxen::Abluxxen,
    engine::karussell::Karussell,
    engine::profisort::ProfiSort,
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::games::GAMES;

    /// A game's name, read through its type.
    struct Name;
    impl BotVisitor for Name {
        type Out = &'static str;
        fn visit<G: BotGame>(self) -> &'static str {
            G::INFO.name
        }
    }

    #[test]
    fn the_bots_play_exactly_the_engines_games() {
        for g in GAMES {
            assert_eq!(
                with_bot_game(g.name, Name),
                Ok(g.name),
                "no bots for {}",
                g.name
            );
        }
        for (i, name) in BOT_GAMES.iter().enumerate() {
            assert!(!BOT_GAMES[..i].contains(name), "{name} twice");
            assert!(
                GAMES.iter().any(|g| g.name == *name),
                "{name} is not in the engine's list"
            );
        }
        assert_eq!(BOT_GAMES.len(), GAMES.len());
        assert_eq!(
            with_bot_game("skat", Name),
            Err(UnknownGame {
                name: "skat".into()
            })
        );
    }
}
