//! One tournament tool for every game (`cargo run -p bench --profile bench-native --bin
//! tournament`): a level `a` against a level `b` in any catalog variant, with 2–5 players.
//!
//! Duplicate format: every deal (the same seed, so the same cards) is played once per seat
//! with `a` in that seat and `b` in all the others, so the luck of the cards cancels. A game
//! is won by the seats in first place (a shared first place is shared: 1/k each). The unit
//! is a deal where that is a game of its own (Rommé: one deal; Abluxxen: one round), a short
//! match where rounds make no sense alone (Karussell: to 100 points; Profi-Sort: the whole
//! task sheet): each game's [`BotGame::UNIT`] and [`BotGame::tournament_options`]. A game is
//! reached through the bots' list ([`bots::games::with_bot_game`]); a catalog entry whose
//! game is not in it is an unknown variant.

use bots::games::{with_bot_game, BotVisitor};
use bots::{drive, Bot, BotGame, DriveError};
use engine::games::{find_variant, options_of, VariantInfo};
use engine::BotLevel;

/// What to play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// A catalog id: romme, romme_kaufen, romme_anlegen, romme_raeuber, romme_trad,
    /// karussell, profisort, abluxxen, profiduell.
    pub variant: String,
    pub a: BotLevel,
    pub b: BotLevel,
    pub players: usize,
    /// Deals; each is played `players` times (once with `a` in every seat).
    pub deals: u64,
    pub seed: u64,
}

/// The outcome of a tournament.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Games played (deals × seats).
    pub games: u64,
    /// Win shares of `a`.
    pub a_wins: f64,
    /// Sum over games of `a`'s score and of the mean score of the `b` seats.
    pub a_score: f64,
    pub b_score: f64,
    pub decisions: usize,
    /// What one game is (for the printout).
    pub unit: &'static str,
}

impl Report {
    /// `a`'s win rate.
    pub fn rate(&self) -> f64 {
        self.a_wins / self.games.max(1) as f64
    }

    /// Half width of the 95 % confidence interval of [`Report::rate`] (normal
    /// approximation).
    pub fn ci95(&self) -> f64 {
        let p = self.rate();
        1.96 * (p * (1.0 - p) / self.games.max(1) as f64).sqrt()
    }

    /// The par rate: the share of first places one seat gets among equals.
    pub fn par(players: usize) -> f64 {
        1.0 / players.max(1) as f64
    }
}

/// Every playable catalog entry, in catalog order.
pub fn variants() -> impl Iterator<Item = &'static str> {
    engine::games::VARIANTS
        .iter()
        .filter(|v| v.game.is_some())
        .map(|v| v.id)
}

/// Why a tournament could not be played.
#[derive(Clone, Debug, PartialEq)]
pub enum TournamentError {
    UnknownVariant(String),
    Players {
        min: usize,
        max: usize,
    },
    /// A game failed: a bug of the game or a bot.
    Game {
        seed: u64,
        error: DriveError,
    },
}

impl std::fmt::Display for TournamentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TournamentError::UnknownVariant(v) => write!(f, "unknown game or preset {v:?}"),
            TournamentError::Players { min, max } => {
                write!(f, "this game takes {min} to {max} players")
            }
            TournamentError::Game { seed, error } => write!(f, "game with seed {seed}: {error:?}"),
        }
    }
}

/// Plays the tournament `spec`.
pub fn run(spec: &Spec) -> Result<Report, TournamentError> {
    let info = find_variant(&spec.variant)
        .ok_or_else(|| TournamentError::UnknownVariant(spec.variant.clone()))?;
    run_variant(spec, info)
}

/// Plays `spec` in the catalog entry `info`.
fn run_variant(spec: &Spec, info: &'static VariantInfo) -> Result<Report, TournamentError> {
    let unknown = || TournamentError::UnknownVariant(spec.variant.clone());
    let game = info.game.ok_or_else(unknown)?;
    if spec.players < info.min_players || spec.players > info.max_players {
        return Err(TournamentError::Players {
            min: info.min_players,
            max: info.max_players,
        });
    }
    /// The tournament in one game, with its type.
    struct Play<'a>(&'a Spec, &'static VariantInfo);
    impl BotVisitor for Play<'_> {
        type Out = Result<Report, TournamentError>;
        fn visit<G: BotGame>(self) -> Self::Out {
            let Play(spec, info) = self;
            let options = options_of::<G>(info)
                .map_err(|_| TournamentError::UnknownVariant(spec.variant.clone()))?;
            duplicate::<G>(spec, &G::tournament_options(options), G::UNIT)
        }
    }
    with_bot_game(game, Play(spec, info)).map_err(|_| unknown())?
}

/// Plays every deal of `spec` once per seat with `a` in that seat.
fn duplicate<G: BotGame>(
    spec: &Spec,
    options: &G::Options,
    unit: &'static str,
) -> Result<Report, TournamentError> {
    let n = spec.players;
    let mut report = Report {
        unit,
        ..Report::default()
    };
    for deal in 0..spec.deals {
        let seed = spec.seed.wrapping_mul(1_000_003).wrapping_add(deal);
        for a_seat in 0..n {
            let fail = |error| TournamentError::Game { seed, error };
            let mut game = G::new(options, n, seed).map_err(|e| {
                fail(DriveError::Rejected {
                    seat: 0,
                    error: e.erase(),
                })
            })?;
            let mut bots: Vec<Box<dyn Bot<G>>> = (0..n)
                .map(|seat| {
                    let level = if seat == a_seat { spec.a } else { spec.b };
                    // The bots' own seeds differ per seat and per rotation.
                    let bot_seed = seed ^ ((a_seat * 31 + seat) as u64 + 1) << 20;
                    G::bot(level, bot_seed, options)
                })
                .collect();
            report.decisions += drive(&mut game, &mut bots, 2_000_000).map_err(fail)?;
            score(&mut report, &game.standings(), a_seat, n);
        }
    }
    Ok(report)
}

/// Adds one finished game to `report`: seat `a_seat`'s win (shared among the first places)
/// and points, and the mean points of the other seats.
pub fn score(report: &mut Report, standings: &[engine::Standing], a_seat: usize, n: usize) {
    report.games += 1;
    let firsts = standings.iter().filter(|s| s.place == 1).count().max(1);
    if standings.iter().any(|s| s.seat == a_seat && s.place == 1) {
        report.a_wins += 1.0 / firsts as f64;
    }
    let of = |seat: usize| {
        standings
            .iter()
            .find(|s| s.seat == seat)
            .map_or(0.0, |s| f64::from(s.score))
    };
    report.a_score += of(a_seat);
    let others: f64 = (0..n).filter(|&s| s != a_seat).map(of).sum();
    report.b_score += others / (n - 1).max(1) as f64;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(variant: &str, a: BotLevel, b: BotLevel, players: usize, deals: u64) -> Spec {
        Spec {
            variant: variant.into(),
            a,
            b,
            players,
            deals,
            seed: 5,
        }
    }

    #[test]
    fn every_game_plays_in_duplicate_and_the_same_levels_are_at_par() {
        for v in variants() {
            let players = find_variant(v).unwrap().default_players;
            let r = run(&spec(v, BotLevel::Greedy, BotLevel::Greedy, players, 2)).unwrap();
            assert_eq!(r.games, 2 * players as u64, "{v}");
            assert!(r.decisions > 0, "{v}");
            // Identical bots in every seat of the same deals: the first places add up.
            assert!(r.a_wins > 0.0, "{v}: {r:?}");
        }
    }

    #[test]
    fn the_same_spec_gives_the_same_report() {
        let s = spec("romme", BotLevel::Normal, BotLevel::Greedy, 2, 3);
        assert_eq!(run(&s).unwrap(), run(&s).unwrap());
    }

    #[test]
    fn unknown_games_and_player_counts_are_refused() {
        let e = run(&spec("skat", BotLevel::Normal, BotLevel::Greedy, 2, 1)).unwrap_err();
        assert_eq!(e, TournamentError::UnknownVariant("skat".into()));
        let e = run(&spec(
            "profiduell",
            BotLevel::Normal,
            BotLevel::Greedy,
            3,
            1,
        ))
        .unwrap_err();
        assert!(matches!(e, TournamentError::Players { .. }));
    }

    #[test]
    fn a_game_the_bots_do_not_know_is_refused_never_played_as_another() {
        // A game outside the bots' list, and a listed game with a preset it does not have.
        for (game, preset) in [("skat", "standard"), ("romme", "odd")] {
            let info: &'static VariantInfo = Box::leak(Box::new(VariantInfo {
                id: "odd",
                game: Some(game),
                preset,
                min_players: 2,
                max_players: 5,
                default_players: 3,
            }));
            let s = spec("odd", BotLevel::Normal, BotLevel::Greedy, 3, 1);
            let e = run_variant(&s, info).unwrap_err();
            assert_eq!(e, TournamentError::UnknownVariant("odd".into()), "{game}");
        }
    }

    #[test]
    fn the_confidence_interval_shrinks_with_games() {
        let r = |games| Report {
            games,
            a_wins: games as f64 * 0.6,
            ..Report::default()
        };
        assert!((r(100).rate() - 0.6).abs() < 1e-9);
        assert!(r(2_000).ci95() < r(100).ci95());
        assert!((r(2_000).ci95() - 0.0215).abs() < 0.001);
    }
}
