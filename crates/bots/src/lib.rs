//! Bots for Kartenrunde and a pure driver that plays games natively.
//!
//! Bots only ever see `view(seat)` and the legal actions; each has its own seeded RNG.

pub mod abluxxen;
pub mod analysis;
pub mod games;
pub mod karussell;
pub mod profisort;
pub mod search;
#[cfg(test)]
mod stall_tests;
pub mod think;

use engine::game::ErasedRuleError;
use engine::{BotLevel, Game, Seat};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};

pub mod romme;

pub use games::{bot_for, BotGame};

/// A player that decides from its own view and the list of legal actions.
pub trait Bot<G: Game> {
    /// Picks one of `legal` (which is never empty when called).
    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action;

    /// Shows the bot its view at one of its past decisions without asking it to decide.
    /// [`recall`] calls it when a saved game is resumed, so that a bot with a memory
    /// rebuilds it from the public history. Bots without memory ignore it.
    fn observe(&mut self, _view: &G::View) {}

    /// Decides in slices, for a page that must not block: works until it has decided
    /// (`Some`) or `pause()`, asked between units of work, says to stop for now (`None`).
    /// Called again with the same view and legal actions, it goes on where it stopped; a
    /// different view starts afresh. The decision is `choose`'s, however it was sliced.
    /// Bots that decide quickly keep this default: they decide at once.
    fn think(
        &mut self,
        view: &G::View,
        legal: &[G::Action],
        _pause: &mut dyn FnMut() -> bool,
    ) -> Option<G::Action> {
        Some(self.choose(view, legal))
    }

    /// Judges `played` (one of `legal`) at this decision against the bot's own best, in
    /// slices like `think`: `Paused` when `pause()` says to stop for now (call again with
    /// the same view and played to go on), else the verdict (`None`: `played` is as good
    /// as the best, or there is nothing to compare). A bot judging is not playing: it
    /// keeps the judging search where `think` keeps its own. The default judges nothing.
    fn judge(
        &mut self,
        _view: &G::View,
        _legal: &[G::Action],
        _played: &G::Action,
        _pause: &mut dyn FnMut() -> bool,
    ) -> Judging<G::Action> {
        Judging::Done(None)
    }

    /// Seeds the bot's generator afresh (the analysis makes every verdict depend only on
    /// the record, the seat and the decision). Bots without a generator ignore it.
    fn reseed(&mut self, _seed: u64) {}
}

/// Where [`Bot::judge`] stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Judging<A> {
    /// `pause()` said to stop for now.
    Paused,
    /// The verdict: `None` when the played move is as good as the best (or nothing to
    /// compare).
    Done(Option<Verdict<A>>),
}

/// A played move judged worse than the bot's best.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict<A> {
    /// The bot's best alternative.
    pub better: A,
    /// The estimated cost of the played move in the game's points (> 0): the lookahead's
    /// mean value of `better` minus that of the played move, in each game's lookahead
    /// unit (the seat's points minus the best other seat's, see `docs/bots.md`).
    pub cost: f64,
}

/// Rebuilds the memory of a bot for `seat` joining a game in progress: replays `record` and
/// shows the bot its own view at each of its past decisions (exactly what it saw then).
/// A record that does not replay (never the case for a loaded save) stops the recall there.
pub fn recall<G: Game>(bot: &mut dyn Bot<G>, record: &engine::save::Record<G>, seat: Seat) {
    let Ok(mut game) = G::new(&record.options, record.seats, record.seed) else {
        return;
    };
    for (who, action) in &record.log {
        if *who == seat {
            bot.observe(&game.view(seat));
        }
        if game.apply(*who, action).is_err() {
            return;
        }
    }
}

/// The bots' random generator: the `rand` crate's xoshiro256++, always seeded from the game
/// (never from the OS), so a bot with the same seed decides the same on every platform.
/// The engine keeps its own pinned generator (`engine::GameRng`) for deals and saves.
#[derive(Clone, Debug)]
pub struct BotRng(rand::rngs::Xoshiro256PlusPlus);

impl BotRng {
    pub fn seed_from_u64(seed: u64) -> BotRng {
        BotRng(rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    pub fn next_u64(&mut self) -> u64 {
        rand::Rng::next_u64(&mut self.0)
    }

    /// A uniform number in `0..n` (0 when `n == 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        self.0.random_range(0..n)
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        items.shuffle(&mut self.0);
    }

    /// An independent generator seeded from this one's next output.
    pub fn fork(&mut self) -> BotRng {
        BotRng::seed_from_u64(self.next_u64())
    }
}

/// Picks uniformly among the legal actions.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: BotRng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: BotRng::seed_from_u64(seed),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, _view: &G::View, legal: &[G::Action]) -> G::Action {
        let i = self.rng.below(legal.len() as u64) as usize;
        legal[i].clone()
    }
}

/// Why a driven game stopped early.
#[derive(Debug, Clone, PartialEq)]
pub enum DriveError {
    /// The seat to move had no legal action (a bug in the game).
    NoLegalAction { seat: Seat },
    /// The game rejected an action: one it listed as legal (a bug in the game), or, in
    /// [`drive`], a bot's action that failed [`think::settle`] (a bug in the bot).
    Rejected { seat: Seat, error: ErasedRuleError },
    /// The game did not end within the step limit.
    TooLong { steps: usize },
}

/// Plays `game` to the end with one bot per seat. Returns the number of actions applied.
/// A bot action the game refuses is an error here ([`DriveError::Rejected`]): the tests and
/// benchmarks that drive bots find a bot's mistake at once. The page plays on instead
/// ([`drive_with`]).
pub fn drive<G: Game>(
    game: &mut G,
    bots: &mut [Box<dyn Bot<G>>],
    max_steps: usize,
) -> Result<usize, DriveError> {
    drive_with(game, bots, max_steps, &mut |seat, refusal| {
        Err(DriveError::Rejected {
            seat,
            error: refusal.error,
        })
    })
}

/// [`drive`], every bot action through [`think::settle`] as in the page: a refused action
/// is handed to `refused` (which may stop the game with an error) and a legal one is played
/// in its place.
pub fn drive_with<G: Game>(
    game: &mut G,
    bots: &mut [Box<dyn Bot<G>>],
    max_steps: usize,
    refused: &mut dyn FnMut(Seat, think::Refusal<G::Action>) -> Result<(), DriveError>,
) -> Result<usize, DriveError> {
    let mut steps = 0;
    while let Some(seat) = game.to_move() {
        if steps >= max_steps {
            return Err(DriveError::TooLong { steps });
        }
        let legal = game.legal_actions(seat);
        if legal.is_empty() {
            return Err(DriveError::NoLegalAction { seat });
        }
        let view = game.view(seat);
        let proposed = bots[seat % bots.len()].choose(&view, &legal);
        let (action, refusal) = think::settle(game, seat, proposed, &legal, steps as u64);
        if let Some(refusal) = refusal {
            refused(seat, refusal)?;
        }
        game.apply(seat, &action)
            .map_err(|error| DriveError::Rejected {
                seat,
                error: error.erase(),
            })?;
        steps += 1;
    }
    Ok(steps)
}

/// Heads-up results: wins of `a`, wins of `b` (both count on a shared first place) and the
/// decisions taken.
pub type HeadsUp = (u64, u64, usize);

/// Plays `games` two-player matches, level `a` against level `b`, seats swapped every other
/// game. `game(seed)` starts a match, `bot(level, seed)` makes a bot; `max_steps` bounds one
/// match. Errors are bugs of the game or a bot.
pub fn heads_up<G: Game>(
    (a, b): (BotLevel, BotLevel),
    games: u64,
    seed: u64,
    max_steps: usize,
    game: impl Fn(u64) -> Result<G, engine::RuleError<G::Error>>,
    bot: impl Fn(BotLevel, u64) -> Box<dyn Bot<G>>,
) -> Result<HeadsUp, DriveError> {
    let (mut wa, mut wb, mut steps) = (0, 0, 0);
    for g in 0..games {
        let s = seed.wrapping_add(g);
        let mut state = game(s).map_err(|e| DriveError::Rejected {
            seat: 0,
            error: e.erase(),
        })?;
        let a_seat = (g % 2) as usize;
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..2)
            .map(|seat| bot(if seat == a_seat { a } else { b }, s * 7 + seat as u64))
            .collect();
        steps += drive(&mut state, &mut bots, max_steps)?;
        let st = state.standings();
        let first = |seat: usize| st.iter().any(|x| x.seat == seat && x.place == 1);
        wa += u64::from(first(a_seat));
        wb += u64::from(first(1 - a_seat));
    }
    Ok((wa, wb, steps))
}

/// [`heads_up`] in a game of `G` with `options`, with the bots of [`bot_for`].
pub fn heads_up_in<G: BotGame>(
    levels: (BotLevel, BotLevel),
    games: u64,
    seed: u64,
    max_steps: usize,
    options: &G::Options,
) -> Result<HeadsUp, DriveError> {
    heads_up(
        levels,
        games,
        seed,
        max_steps,
        |s| G::new(options, 2, s),
        |level, s| bot_for::<G>(level, s, options),
    )
}
