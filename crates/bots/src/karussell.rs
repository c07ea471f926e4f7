//! Karussell bots. They see only their view and the legal actions.
//! - Easy: melds what the legal list offers that adds the fewest cards (never a big
//!   rearrangement), knocks whenever it may.
//! - Greedy (the yardstick): the listed meld that adds the most cards, whenever there is
//!   one (no rearranging beyond what is listed, no solver); knocks whenever it may.
//! - Normal: the exact solver's best arrangement (most hand cards, then most points placed),
//!   whenever it places at least one card; knocks whenever it may.
//! - Hard: of the solver's arrangement and the listed melds it takes the one that leaves the
//!   lowest hand value (going out first); it knocks only when sampling the opponents' hands
//!   from the unseen cards says the knock gains on average (see [`hard`]).

pub mod hard;
pub mod positions;

use crate::Bot;
use engine::karussell::{affordable, slots_of, solve, Karussell, KarussellAction, KarussellView};
use engine::{BotLevel, GameRng};

/// The hard bot knocks when sampling says the knock gains at least this many points.
const KNOCK_MARGIN: f64 = 0.0;

#[derive(Clone, Debug)]
pub struct KarussellBot {
    pub level: BotLevel,
    rng: GameRng,
}

impl KarussellBot {
    pub fn new(level: BotLevel, seed: u64) -> KarussellBot {
        KarussellBot {
            level,
            rng: GameRng::seed_from_u64(seed),
        }
    }
}

/// Hand cards a `Meld` action puts on the table.
pub fn cards_added(view: &KarussellView, action: &KarussellAction) -> usize {
    match action {
        KarussellAction::Meld { table } => {
            let before: usize = view.table.iter().map(Vec::len).sum();
            table
                .iter()
                .map(Vec::len)
                .sum::<usize>()
                .saturating_sub(before)
        }
        _ => 0,
    }
}

impl Bot<Karussell> for KarussellBot {
    fn choose(&mut self, view: &KarussellView, legal: &[KarussellAction]) -> KarussellAction {
        let has = |a: &KarussellAction| legal.contains(a);
        if has(&KarussellAction::Knock) {
            if self.level == BotLevel::Hard && hard::knock_gain(view, &mut self.rng) < KNOCK_MARGIN
            {
                return KarussellAction::EndTurn;
            }
            return KarussellAction::Knock;
        }
        let melds: Vec<&KarussellAction> = legal
            .iter()
            .filter(|a| matches!(a, KarussellAction::Meld { .. }))
            .collect();
        let may_meld = legal
            .iter()
            .any(|a| matches!(a, KarussellAction::Meld { .. }));
        let solved = (matches!(self.level, BotLevel::Normal | BotLevel::Hard)
            && may_meld
            && affordable(&view.table, &view.hand))
        .then(|| solve(&view.table, &view.hand).ok())
        .flatten()
        .filter(|best| best.placed > 0)
        .map(|best| KarussellAction::Meld {
            table: slots_of(&best.table),
        });
        if self.level == BotLevel::Normal {
            if let Some(best) = solved {
                return best;
            }
        }
        let pick = match self.level {
            BotLevel::Easy => melds.iter().min_by_key(|a| cards_added(view, a)).copied(),
            BotLevel::Normal | BotLevel::Greedy => {
                melds.iter().max_by_key(|a| cards_added(view, a)).copied()
            }
            BotLevel::Hard => solved.as_ref().or_else(|| {
                melds
                    .iter()
                    .copied()
                    .min_by_key(|a| (hard::value_left(view, a), usize::MAX - cards_added(view, a)))
            }),
        };
        if let Some(m) = pick {
            // The easy bot sometimes waits for a better hand.
            if self.level != BotLevel::Easy || self.rng.below(4) != 0 {
                return m.clone();
            }
        }
        for a in [
            KarussellAction::NextRound,
            KarussellAction::Draw,
            KarussellAction::EndTurn,
            KarussellAction::Pass,
        ] {
            if has(&a) {
                return a;
            }
        }
        legal[self.rng.below(legal.len() as u64) as usize].clone()
    }
}

/// Plays `games` heads-up matches, `a` against `b`, seats swapped every other game.
/// Returns (wins of `a`, wins of `b`, decisions). Errors are bugs.
pub fn heads_up(
    a: BotLevel,
    b: BotLevel,
    games: u64,
    seed: u64,
) -> Result<crate::HeadsUp, crate::DriveError> {
    use engine::karussell::KarussellOptions;
    let options = KarussellOptions {
        target: 100,
        ..KarussellOptions::default()
    };
    crate::heads_up(
        (a, b),
        games,
        seed,
        20_000,
        |s| <Karussell as engine::Game>::new(&options, 2, s),
        |level, s| Box::new(KarussellBot::new(level, s)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_play_whole_matches_and_normal_beats_easy() {
        let (normal, easy, steps) = heads_up(BotLevel::Normal, BotLevel::Easy, 40, 11).unwrap();
        assert!(steps > 0);
        assert!(normal > easy, "normal {normal} vs easy {easy}");
    }
}
