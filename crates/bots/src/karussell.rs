//! Karussell bots. They see only their view and the legal actions.
//! - Easy: melds what the legal list offers that adds the fewest cards (never a big
//!   rearrangement), knocks whenever it may.
//! - Greedy (the yardstick): the listed meld that adds the most cards, whenever there is
//!   one (no rearranging beyond what is listed, no solver); knocks whenever it may.
//! - Normal: the exact solver's best arrangement (most hand cards, then most points placed),
//!   whenever it places at least one card; knocks whenever it may.
//! - Hard: determinized Monte-Carlo lookahead at the decisions that matter (meld now or draw
//!   on, knock or not): it samples the hidden cards consistently with its view and plays
//!   each candidate out to the end of the round with the normal policy (see [`hard`]).

pub mod hard;

use crate::search::Pending;
use crate::think::{self, Thinker};
use crate::Bot;
use crate::BotRng;
use engine::karussell::{
    affordable, slots_of, solve, Karussell, KarussellAction, KarussellOptions, KarussellView,
};
use engine::BotLevel;

#[derive(Clone, Debug)]
pub struct KarussellBot {
    pub level: BotLevel,
    /// The hard level's sampling budget.
    pub budget: hard::Budget,
    rng: BotRng,
    /// The hard level's search between slices ([`Bot::think`]).
    pending: Pending<KarussellView, hard::Look>,
}

impl KarussellBot {
    pub fn new(level: BotLevel, seed: u64) -> KarussellBot {
        KarussellBot {
            level,
            budget: hard::Budget::DEFAULT,
            rng: BotRng::seed_from_u64(seed),
            pending: Pending::none(),
        }
    }
}

impl crate::BotGame for Karussell {
    const UNIT: &'static str = "match to 100";

    fn bot(level: BotLevel, seed: u64, _: &KarussellOptions) -> Box<dyn Bot<Karussell>> {
        Box::new(KarussellBot::new(level, seed))
    }

    /// A short match: to 100 points (a round alone says little).
    fn tournament_options(options: KarussellOptions) -> KarussellOptions {
        KarussellOptions {
            target: 100,
            ..options
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

/// The solver's arrangement (most hand cards, then most points) when melding is allowed,
/// the solver is affordable here and it places at least one card.
pub fn solver_meld(view: &KarussellView, legal: &[KarussellAction]) -> Option<KarussellAction> {
    let may_meld = legal
        .iter()
        .any(|a| matches!(a, KarussellAction::Meld { .. }));
    (may_meld && affordable(&view.table, &view.hand))
        .then(|| solve(&view.table, &view.hand).ok())
        .flatten()
        .filter(|best| best.placed > 0)
        .map(|best| KarussellAction::Meld {
            table: slots_of(&best.table),
        })
}

/// The listed meld that adds the most (`most`) or the fewest hand cards.
pub(crate) fn listed_meld(
    view: &KarussellView,
    legal: &[KarussellAction],
    most: bool,
) -> Option<KarussellAction> {
    let melds = legal
        .iter()
        .filter(|a| matches!(a, KarussellAction::Meld { .. }));
    if most {
        melds.max_by_key(|a| cards_added(view, a)).cloned()
    } else {
        melds.min_by_key(|a| cards_added(view, a)).cloned()
    }
}

/// The first of the turn-moving actions that is legal.
fn default_action(legal: &[KarussellAction]) -> Option<KarussellAction> {
    [
        KarussellAction::NextRound,
        KarussellAction::Draw,
        KarussellAction::EndTurn,
        KarussellAction::Pass,
    ]
    .into_iter()
    .find(|a| legal.contains(a))
}

/// The normal bot's decision (deterministic): knock whenever allowed, else the solver's
/// arrangement, else the listed meld adding the most cards, else draw / end the turn.
pub fn normal_choice(view: &KarussellView, legal: &[KarussellAction]) -> KarussellAction {
    if legal.contains(&KarussellAction::Knock) {
        return KarussellAction::Knock;
    }
    solver_meld(view, legal)
        .or_else(|| listed_meld(view, legal, true))
        .or_else(|| default_action(legal))
        .unwrap_or_else(|| legal[0].clone())
}

think::thinking_bot!(KarussellBot, Karussell);

impl Thinker<Karussell> for KarussellBot {
    type Look = hard::Look;

    fn start(
        &mut self,
        view: &KarussellView,
        legal: &[KarussellAction],
    ) -> Result<KarussellAction, Box<hard::Look>> {
        match self.level {
            BotLevel::Normal => Ok(normal_choice(view, legal)),
            BotLevel::Greedy => {
                if legal.contains(&KarussellAction::Knock) {
                    return Ok(KarussellAction::Knock);
                }
                Ok(listed_meld(view, legal, true)
                    .or_else(|| default_action(legal))
                    .unwrap_or_else(|| legal[0].clone()))
            }
            BotLevel::Hard => hard::start(view, legal, self.budget),
            BotLevel::Easy => Ok(self.easy(view, legal)),
        }
    }

    fn fallback(&mut self, view: &KarussellView, legal: &[KarussellAction]) -> KarussellAction {
        normal_choice(view, legal)
    }

    fn judging(
        &mut self,
        view: &KarussellView,
        candidates: Vec<KarussellAction>,
    ) -> Box<hard::Look> {
        let budget = hard::Budget::ANALYSIS.for_seats(view.seats);
        Box::new(hard::Look::new(view, candidates, budget))
    }

    fn mind(&mut self) -> (&mut Pending<KarussellView, hard::Look>, &mut BotRng) {
        (&mut self.pending, &mut self.rng)
    }
}

impl KarussellBot {
    fn easy(&mut self, view: &KarussellView, legal: &[KarussellAction]) -> KarussellAction {
        if legal.contains(&KarussellAction::Knock) {
            return KarussellAction::Knock;
        }
        if let Some(m) = listed_meld(view, legal, false) {
            // The easy bot sometimes waits for a better hand.
            if self.rng.below(4) != 0 {
                return m;
            }
        }
        default_action(legal)
            .unwrap_or_else(|| legal[self.rng.below(legal.len() as u64) as usize].clone())
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
    use crate::BotGame;
    let options = Karussell::tournament_options(KarussellOptions::default());
    crate::heads_up_in::<Karussell>((a, b), games, seed, 20_000, &options)
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
