//! Bots for Kartenrunde and a pure driver that plays games natively.
//!
//! Bots only ever see `view(seat)` and the legal actions; each has its own seeded RNG.

pub mod abluxxen;
pub mod karussell;
pub mod profisort;

use engine::game::ErasedRuleError;
use engine::{Game, GameRng, Seat};

pub mod romme;

/// A player that decides from its own view and the list of legal actions.
pub trait Bot<G: Game> {
    /// Picks one of `legal` (which is never empty when called).
    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action;
}

/// Picks uniformly among the legal actions.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: GameRng::seed_from_u64(seed),
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
    /// The game rejected an action it listed as legal (a bug in the game).
    Rejected { seat: Seat, error: ErasedRuleError },
    /// The game did not end within the step limit.
    TooLong { steps: usize },
}

/// Plays `game` to the end with one bot per seat. Returns the number of actions applied.
pub fn drive<G: Game>(
    game: &mut G,
    bots: &mut [Box<dyn Bot<G>>],
    max_steps: usize,
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
        let action = bots[seat % bots.len()].choose(&view, &legal);
        game.apply(seat, &action)
            .map_err(|error| DriveError::Rejected {
                seat,
                error: error.erase(),
            })?;
        steps += 1;
    }
    Ok(steps)
}
