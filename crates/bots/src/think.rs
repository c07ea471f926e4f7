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
//! - the search's choice must be one of `legal`, else the level's normal choice is played;
//! - whatever a bot decides then passes [`settle`] before it is played, in the page and in
//!   the native driver: an action the game refuses is replaced by a legal one, so no table
//!   stalls on a bot.
//!
//! The random generator (one rule for every game): the search runs on a copy of the bot's
//! generator, and when it finishes the bot keeps the generator as the search left it
//! (`Search::into_parts`), exactly as if the search had drawn from the bot's own. A paused
//! search holds its copy, so the bot's generator does not depend on where the search
//! paused, and `think` in slices decides what `choose` decides (`search::check_slicing`).

use crate::search::{argmax, means, paired, Lookahead, Pending, Search};
use crate::{BotRng, Judging, Verdict};
use engine::Game;

/// A bot whose decisions may need a search (see the module).
pub trait Thinker<G: Game> {
    /// The lookahead its searches run.
    type Look: Lookahead<Choice = G::Action>;

    /// Everything of a decision but the search: the action (`Ok`; at levels that never
    /// search, always), or the lookahead that decides among listed candidates (`Err`).
    /// An `Ok` action is the level's own (a Rommé bot may build a meld the bounded legal
    /// list does not name); the game checks it in [`settle`] before it is played.
    fn start(&mut self, view: &G::View, legal: &[G::Action]) -> Result<G::Action, Box<Self::Look>>;

    /// The level's normal choice, played when the search's choice is not listed (never the
    /// case while the candidates are listed actions).
    fn fallback(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action;

    /// The search kept between slices, and the bot's generator (see the module for what a
    /// search does with it).
    fn mind(&mut self) -> (&mut Pending<G::View, Self::Look>, &mut BotRng);

    /// `Bot::observe`: a bot with a memory updates it (the default: nothing).
    fn observe(&mut self, _view: &G::View) {}

    /// The lookahead an analysis runs ([`judge`]): `candidates` (at least two, all legal
    /// here) compared with the level's analysis budget, larger than a decision's and fixed
    /// (the same number of worlds at every decision).
    fn judging(&mut self, view: &G::View, candidates: Vec<G::Action>) -> Box<Self::Look>;
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

            fn judge(
                &mut self,
                view: &<$game as engine::Game>::View,
                legal: &[<$game as engine::Game>::Action],
                played: &<$game as engine::Game>::Action,
                pause: &mut dyn FnMut() -> bool,
            ) -> $crate::Judging<<$game as engine::Game>::Action> {
                $crate::think::judge(self, view, legal, played, pause)
            }

            fn reseed(&mut self, seed: u64) {
                *$crate::think::Thinker::mind(self).1 = $crate::BotRng::seed_from_u64(seed);
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

/// `Bot::judge` of a [`Thinker`]: the candidates are the level's own (the lookahead
/// [`Thinker::start`] would run, or the one action it plays at once) plus `played`, compared
/// by [`Thinker::judging`]'s lookahead in the same worlds; the verdict names the candidate
/// with the best mean and its lead over `played`. With one legal action, or when the level
/// plays `played` at once, there is nothing to compare (`Done(None)`, no search; a bot with
/// a memory still sees the view). Pauses like [`think`] (after every rollout) and keeps the
/// search in the same place; the search draws from a copy of the bot's generator.
pub fn judge<G: Game, B: Thinker<G> + ?Sized>(
    bot: &mut B,
    view: &G::View,
    legal: &[G::Action],
    played: &G::Action,
    pause: &mut dyn FnMut() -> bool,
) -> Judging<G::Action>
where
    G::View: PartialEq,
{
    let mut search = match bot.mind().0.take_for(view) {
        Some(search) => search,
        None => {
            if legal.len() < 2 {
                bot.observe(view);
                return Judging::Done(None);
            }
            let mut candidates = match bot.start(view, legal) {
                Ok(action) if action == *played => return Judging::Done(None),
                Ok(action) => vec![action],
                Err(look) => look.listed().to_vec(),
            };
            if !candidates.contains(played) {
                candidates.push(played.clone());
            }
            if candidates.len() < 2 {
                return Judging::Done(None);
            }
            let look = bot.judging(view, candidates);
            Box::new(Search::new(*look, bot.mind().1.clone()))
        }
    };
    if !search.run(pause) {
        bot.mind().0.keep(view.clone(), search);
        return Judging::Paused;
    }
    let (look, outcomes, rng) = search.into_parts();
    *bot.mind().1 = rng;
    Judging::Done(verdict(look.listed(), &outcomes, played))
}

/// How sure a verdict must be: the best candidate's lead over the played move must exceed
/// this many standard errors of the paired difference (else the played move is as good as
/// far as the lookahead can tell). About 2.5 % of equally good moves are judged worse.
pub const VERDICT_Z: f64 = 2.0;

/// The best candidate by mean and its lead over `played` (`None`: `played` is the best or
/// not clearly worse ([`VERDICT_Z`]), not listed, or fewer than two worlds were played
/// out).
pub fn verdict<A: Clone + PartialEq>(
    listed: &[A],
    outcomes: &[Vec<f64>],
    played: &A,
) -> Option<Verdict<A>> {
    let p = listed.iter().position(|a| a == played)?;
    if outcomes.len() < 2 {
        return None;
    }
    let best = argmax(&means(outcomes, listed.len()));
    let (cost, se) = paired(outcomes, best, p);
    (best != p && cost > 0.0 && cost > VERDICT_Z * se).then(|| Verdict {
        better: listed[best].clone(),
        cost,
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

/// A bot's action that the game refused, and the legal action played in its place.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal<A> {
    /// What the bot proposed.
    pub proposed: A,
    /// Why the game refused it.
    pub error: engine::game::ErasedRuleError,
    /// The legal action played instead.
    pub played: A,
}

/// The one legality check every bot action passes before it is played, at every level, in
/// the page and in the native driver alike: `proposed` stands if it is one of `legal` or
/// the game accepts it (tried on a copy of `game`, which is left as it is: a level may build
/// an action the bounded legal list does not name, such as a Rommé meld or a Karussell
/// rearrangement). Otherwise one of `legal` (never empty), chosen by `seed`, is played in
/// its place and the refusal is returned for the caller to log. It never fails, so a table
/// cannot stall on a bot, whatever the bot proposes.
pub fn settle<G: Game>(
    game: &G,
    seat: engine::Seat,
    proposed: G::Action,
    legal: &[G::Action],
    seed: u64,
) -> (G::Action, Option<Refusal<G::Action>>) {
    if legal.contains(&proposed) {
        return (proposed, None);
    }
    let error = match game.clone().apply(seat, &proposed) {
        Ok(_) => return (proposed, None),
        Err(e) => e.erase(),
    };
    let pick = BotRng::seed_from_u64(seed).below(legal.len() as u64) as usize;
    let Some(played) = legal.get(pick).cloned() else {
        return (proposed, None);
    };
    let refusal = Refusal {
        proposed,
        error,
        played: played.clone(),
    };
    (played, Some(refusal))
}
