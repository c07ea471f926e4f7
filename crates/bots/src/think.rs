//! One way for a bot to think: every game's bot, whose hard level searches in slices
//! ([`crate::search`]), implements [`Thinker`], and `thinking_bot!` makes it a `Bot` whose
//! `choose` and `think` are [`decide`] and [`think`]. The glue lives here once:
//!
//! - a search kept for this very view goes on; any other view starts afresh ([`Pending`]);
//! - the bot's [`Thinker::start`] does everything of a decision but the search: it returns
//!   the action at once, or the lookahead that compares the candidates;
//! - with exactly one legal action there is nothing to compare: that action, no search
//!   (`start` still runs, so a bot with a memory sees every decision);
//! - the search runs one slice with `pause`, is kept when it paused, or finishes;
//! - the search's choice must be one of `legal`, else the level's normal choice is played.
//!
//! The random generator (one rule for every game): the search runs on a copy of the bot's
//! generator, and when it finishes the bot keeps the generator as the search left it
//! (`Search::into_parts`), exactly as if the search had drawn from the bot's own. A paused
//! search holds its copy, so the bot's generator does not depend on where the search
//! paused, and `think` in slices decides what `choose` decides (`search::check_slicing`).

use crate::search::{Lookahead, Pending, Search};
use crate::BotRng;
use engine::Game;

/// A bot whose decisions may need a search (see the module).
pub trait Thinker<G: Game> {
    /// The lookahead its searches run.
    type Look: Lookahead<Choice = G::Action>;

    /// Everything of a decision but the search: the action (`Ok`; at levels that never
    /// search, always), or the lookahead that decides among listed candidates (`Err`).
    /// An `Ok` action is the level's own (a Rommé bot may build a meld it has checked
    /// itself); only the search's choice is checked against `legal`.
    fn start(&mut self, view: &G::View, legal: &[G::Action]) -> Result<G::Action, Box<Self::Look>>;

    /// The level's normal choice, played when the search's choice is not listed (never the
    /// case while the candidates are listed actions).
    fn fallback(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action;

    /// The search kept between slices, and the bot's generator (see the module for what a
    /// search does with it).
    fn mind(&mut self) -> (&mut Pending<G::View, Self::Look>, &mut BotRng);

    /// `Bot::observe`: a bot with a memory updates it (the default: nothing).
    fn observe(&mut self, _view: &G::View) {}
}

/// `impl Bot<$game> for $bot`, a [`Thinker`]: `choose` is [`decide`], `think` is [`think`],
/// `observe` is [`Thinker::observe`].
macro_rules! thinking_bot {
    ($bot:ty, $game:ty) => {
        impl $crate::Bot<$game> for $bot {
            fn choose(
                &mut self,
                view: &<$game as engine::Game>::View,
                legal: &[<$game as engine::Game>::Action],
            ) -> <$game as engine::Game>::Action {
                $crate::think::decide(self, view, legal)
            }

            fn observe(&mut self, view: &<$game as engine::Game>::View) {
                $crate::think::Thinker::observe(self, view)
            }

            fn think(
                &mut self,
                view: &<$game as engine::Game>::View,
                legal: &[<$game as engine::Game>::Action],
                pause: &mut dyn FnMut() -> bool,
            ) -> Option<<$game as engine::Game>::Action> {
                $crate::think::think(self, view, legal, pause)
            }
        }
    };
}
pub(crate) use thinking_bot;

/// `Bot::think` of a [`Thinker`]: decides (`Some`) or pauses (`None`) when `pause()`,
/// asked after every rollout, says to stop for now. Called again with the same view and
/// legal actions, it goes on where it stopped.
pub fn think<G: Game, B: Thinker<G> + ?Sized>(
    bot: &mut B,
    view: &G::View,
    legal: &[G::Action],
    pause: &mut dyn FnMut() -> bool,
) -> Option<G::Action>
where
    G::View: PartialEq,
{
    let mut search = match bot.mind().0.take_for(view) {
        Some(search) => search,
        None => match bot.start(view, legal) {
            Ok(action) => return Some(action),
            Err(_) if legal.len() == 1 => return legal.first().cloned(),
            Err(look) => Box::new(Search::new(*look, bot.mind().1.clone())),
        },
    };
    if !search.run(pause) {
        bot.mind().0.keep(view.clone(), search);
        return None;
    }
    let (look, outcomes, rng) = search.into_parts();
    *bot.mind().1 = rng;
    let action = look.best(&outcomes);
    Some(if legal.contains(&action) {
        action
    } else {
        bot.fallback(view, legal)
    })
}

/// `Bot::choose` of a [`Thinker`]: [`think`] without pausing.
pub fn decide<G: Game, B: Thinker<G> + ?Sized>(
    bot: &mut B,
    view: &G::View,
    legal: &[G::Action],
) -> G::Action
where
    G::View: PartialEq,
{
    match think(bot, view, legal, &mut || false) {
        Some(action) => action,
        None => bot.fallback(view, legal),
    }
}
