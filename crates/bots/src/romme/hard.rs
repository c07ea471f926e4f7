//! The hard Rommé bot's lookahead: determinized Monte-Carlo over a few candidates.
//!
//! At a decision that matters (which card to discard, whether to take the discard or buy
//! it) the hard bot lists a few candidates (the normal bot's best discards), samples worlds
//! — the cards it cannot see dealt to the other hands, the talon and the discard pile below
//! its top card — builds a full state for each with [`Romme::for_simulation`], plays every
//! candidate out to the end of the deal with the normal policy for every seat, and takes
//! the candidate with the best mean outcome. Every candidate is played in the same worlds
//! with the same rollout bots (common random numbers), so the comparison is paired.
//!
//! It sees only its view: the unseen cards are the deck minus its hand, the table, the top
//! discard and the freed jokers; the hand sizes are public; the discards an opponent took
//! and has not melded (the bot's memory) go into that opponent's hand. All randomness comes
//! from the bot's own [`BotRng`], so two states with the same view get the same decision.

#[cfg(any(test, feature = "measure"))]
use super::plan_tree::{plan_ahead, PlanTree};
use super::{Level, RommeBot};
pub use crate::search::{argmax, means};
use crate::search::{Lookahead, Search};
use crate::Bot;
use crate::BotRng;
use engine::romme::{Guess, Phase, Romme, RommeAction, RommeView};
use engine::{Card, CardId, DeckSpec, Face, Game, Seat};

/// How much the hard bot thinks per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Worlds sampled per decision (every candidate is played in each).
    pub samples: usize,
    /// Discard candidates (the normal bot's best ones).
    pub discards: usize,
    /// Sampling stops early once the rollouts have played this many actions (heads-up; for
    /// more players in proportion less, as each action costs more).
    pub steps: usize,
    /// Rollouts stop after this many turns (0: at the end of the deal); a cut deal is
    /// judged by the deadwood of every hand.
    pub horizon: usize,
    /// Taking the top discard is played out with this many discards of the same turn (the
    /// normal choice and the next best ones, [`Look::plans`]); 1: with the normal choice only.
    pub joint: usize,
    /// The hard seat's own later discards searched in its rollouts (the plan ahead,
    /// `romme::plan_tree`): how many (0: none, the rollouts play its policy throughout).
    /// Measurement builds only (the feature `measure`, the tests): it measured no gain
    /// (docs/bots.md, plan-13), so the app plays without and does not carry it.
    pub tree: usize,
    /// How many of its own best discards each of those decisions compares.
    pub width: usize,
    /// The tree's exploration constant in hundredths of the outcomes' standard deviation.
    pub explore: u32,
    /// The tree also chooses the seat's draws (talon or discard) and buys (measurement only).
    pub draws: bool,
}

impl Budget {
    pub const DEFAULT: Budget = Budget {
        samples: 48,
        discards: 3,
        steps: 4_500,
        horizon: 0,
        joint: JOINT,
        tree: 0,
        width: 3,
        explore: 70,
        draws: false,
    };
}

impl Budget {
    /// What a new bot thinks with: [`Budget::DEFAULT`]; in measurement builds (the bench
    /// crate's feature `measure`, never the wasm) with the plan-ahead settings of the
    /// environment variable `ROMME_TREE` (`tree,width,explore[,draws]`), to compare them on the same
    /// deals without a rebuild.
    pub fn start() -> Budget {
        #[cfg(feature = "measure")]
        if let Ok(v) = std::env::var("ROMME_TREE") {
            let n: Vec<usize> = v.split(',').filter_map(|x| x.trim().parse().ok()).collect();
            let mut b = Budget::DEFAULT;
            if let [tree, width, explore, ..] = n[..] {
                b.tree = tree;
                b.width = width;
                b.explore = explore as u32;
                b.draws = n.get(3) == Some(&1);
            }
            return b;
        }
        Budget::DEFAULT
    }
}

/// The analysis after a deal ([`crate::Bot::judge`]): a fixed number of worlds per
/// decision, every candidate played out to the end of the deal (twice a decision's
/// samples: a Rommé rollout is cheap, about 20 ms per decision natively for 32 worlds).
pub const ANALYSIS: Budget = Budget {
    samples: 64,
    discards: 3,
    steps: usize::MAX,
    horizon: 0,
    joint: 1,
    tree: 0,
    width: 3,
    explore: 70,
    draws: false,
};

/// The discards played out after taking the top discard ([`Budget::joint`]).
const JOINT: usize = 1;

/// A rollout stops (and counts as it stands, by the pips in hand) after this many actions.
const ROLLOUT_STEPS: usize = 600;

/// The cards this seat cannot see (other hands, talon, discard pile below the top).
pub fn unseen(view: &RommeView) -> Vec<Card> {
    let mut seen: Vec<CardId> = view.hand.iter().map(|c| c.id).collect();
    seen.extend(
        view.table
            .iter()
            .flat_map(|m| m.meld.cards.iter().map(|p| p.card.id)),
    );
    seen.extend(view.discard_top.map(|c| c.id));
    seen.extend(view.freed_jokers.iter().map(|c| c.id));
    DeckSpec::French {
        packs: 2,
        jokers: view.options.jokers,
    }
    .cards()
    .into_iter()
    .filter(|c| !seen.contains(&c.id))
    .collect()
}

/// What the bot remembers: the discards opponents took and hold, the discard pile's faces.
pub type Seen<'a> = (&'a [(Seat, Face)], &'a [Face]);

/// One world consistent with the view: the remembered discards in their takers' hands,
/// the other unseen cards shuffled and dealt to the other hands, the discard pile and the
/// talon.
pub fn sample_world(
    view: &RommeView,
    pool: &[Card],
    memory: Seen,
    rng: &mut BotRng,
) -> Option<Romme> {
    let nothing = vec![Vec::new(); view.seats];
    let (hands, cards, pile_top_part) = deal_hands(view, pool, memory, &nothing, rng);
    world_of(view, hands, cards, pile_top_part, rng)
}

/// The hands, talon cards and remembered pile part of a world whose hands hold `known`
/// (none: [`sample_world`]; the bench crate's clairvoyant: parts of the true hands): the other
/// unseen cards shuffled, the remembered pile faces out first, then the remembered takes
/// into their takers' hands unless a known card of that face stands for it, then the hands
/// filled up.
#[doc(hidden)]
pub fn deal_hands(
    view: &RommeView,
    pool: &[Card],
    memory: Seen,
    known: &[Vec<Card>],
    rng: &mut BotRng,
) -> (Vec<Vec<Card>>, Vec<Card>, Vec<Card>) {
    let (collected, pile) = memory;
    let mut hands = known.to_vec();
    let held: Vec<CardId> = hands.iter().flatten().map(|c| c.id).collect();
    let mut cards: Vec<Card> = pool
        .iter()
        .filter(|c| !held.contains(&c.id))
        .copied()
        .collect();
    rng.shuffle(&mut cards);
    let pile_top_part = remembered_pile(view, pile, &mut cards);
    let mut cover: Vec<Vec<Face>> = known
        .iter()
        .map(|h| h.iter().map(|c| c.face).collect())
        .collect();
    for &(seat, face) in collected {
        let room = view.hand_sizes.get(seat).copied().unwrap_or(0);
        if seat == view.seat || hands[seat].len() >= room {
            continue;
        }
        if let Some(i) = cover[seat].iter().position(|&f| f == face) {
            cover[seat].swap_remove(i);
        } else if let Some(i) = cards.iter().position(|c| c.face == face) {
            hands[seat].push(cards.swap_remove(i));
        }
    }
    for (seat, hand) in hands.iter_mut().enumerate() {
        if seat != view.seat {
            let n = view.hand_sizes[seat]
                .saturating_sub(hand.len())
                .min(cards.len());
            hand.extend(cards.split_off(cards.len() - n));
        }
    }
    (hands, cards, pile_top_part)
}

/// The discard pile below the top as far as remembered (its top part): those faces taken
/// out of the shuffled `cards`.
pub(crate) fn remembered_pile(view: &RommeView, pile: &[Face], cards: &mut Vec<Card>) -> Vec<Card> {
    let below = view.discard_size.saturating_sub(1);
    let known = &pile[..pile.len().saturating_sub(1)];
    let known = &known[known.len().saturating_sub(below)..];
    let mut pile_top_part = Vec::new();
    for &face in known {
        if let Some(i) = cards.iter().position(|c| c.face == face) {
            pile_top_part.push(cards.swap_remove(i));
        }
    }
    pile_top_part
}

/// The world with these `hands`: the rest of the pile below the top from the end of the
/// shuffled `cards` (under the remembered top part), the talon the cards left.
#[doc(hidden)]
pub fn world_of(
    view: &RommeView,
    hands: Vec<Vec<Card>>,
    mut cards: Vec<Card>,
    pile_top_part: Vec<Card>,
    rng: &mut BotRng,
) -> Option<Romme> {
    let below = view.discard_size.saturating_sub(1);
    let unknown = below.saturating_sub(pile_top_part.len()).min(cards.len());
    let mut discard_below = cards.split_off(cards.len() - unknown);
    discard_below.extend(pile_top_part);
    let guess = Guess {
        hands,
        talon: cards,
        discard_below,
    };
    Romme::for_simulation(view, guess, rng.next_u64()).ok()
}

/// The value of a finished (or cut) deal for `seat`: the best other seat's points minus
/// its own (lower points are better), plus a bonus for winning.
fn deal_value(game: &Romme, seat: Seat, rows_before: usize) -> f64 {
    let points: Vec<i32> = match game.score_sheet().rows.get(rows_before) {
        Some(row) => row.points.clone(),
        None => {
            // Cut: every hand counts its deadwood (the pips outside its best melds).
            let opts = game.options();
            let (rules, table) = (opts.meld_rules(), opts.penalty_table());
            game.deal_state()
                .hands
                .iter()
                .map(|h| {
                    let p = super::partition::best_partition(h, &rules, table);
                    engine::penalty::hand_penalty(&p.rest, table) as i32
                })
                .collect()
        }
    };
    let mine = points[seat];
    let best_other = (0..points.len())
        .filter(|&s| s != seat)
        .map(|s| points[s])
        .min()
        .unwrap_or(mine);
    let win = if mine < best_other { WIN_BONUS } else { 0.0 };
    f64::from(best_other - mine) + win
}

/// Points a won deal is worth beyond its margin.
const WIN_BONUS: f64 = 20.0;

/// What a rollout asks before each action: given the seat, its view and legal actions, the
/// action its bot chose and the bot, the action to play instead (the identity: the bots'
/// own play).
type Steer<'a> =
    &'a mut dyn FnMut(Seat, &RommeView, &[RommeAction], RommeAction, &mut RommeBot) -> RommeAction;

/// Plays `game` to the end of the deal with `bots` (one per seat), each action through
/// `steer`; returns the actions played.
fn rollout(game: &mut Romme, bots: &mut [RommeBot], horizon: usize, steer: Steer) -> usize {
    let mut steps = 0;
    let mut turn = game.deal_state().turn;
    let mut turns = 0;
    while steps < ROLLOUT_STEPS {
        if game.deal_state().turn != turn {
            turn = game.deal_state().turn;
            turns += 1;
            if turns == horizon {
                break;
            }
        }
        if matches!(game.phase(), Phase::DealOver | Phase::MatchOver) {
            break;
        }
        let Some(s) = game.to_move() else { break };
        let legal = game.legal_actions(s);
        let Some(first) = legal.first().cloned() else {
            break;
        };
        let view = game.view(s);
        let chosen = bots[s].choose(&view, &legal);
        let action = steer(s, &view, &legal, chosen, &mut bots[s]);
        steps += 1;
        if game.apply(s, &action).is_err() && game.apply(s, &first).is_err() {
            break;
        }
    }
    steps
}

/// The bots' own play ([`Steer`]).
fn own_play(
    _: Seat,
    _: &RommeView,
    _: &[RommeAction],
    action: RommeAction,
    _: &mut RommeBot,
) -> RommeAction {
    action
}

/// The rollout bots of one world: the normal policy in every seat, `me` with the hard
/// bot's memory. Public for the bench crate's clairvoyant (`crates/bench/src/ceiling.rs`).
#[doc(hidden)]
pub fn rollout_bots(view: &RommeView, me: &RommeBot, rng: &mut BotRng) -> Vec<RommeBot> {
    (0..view.seats)
        .map(|s| {
            let mut b = if s == view.seat {
                me.clone()
            } else {
                RommeBot::new(Level::Normal, rng.next_u64()).with_options(&view.options)
            };
            b.level = Level::Normal;
            b.rng = BotRng::seed_from_u64(rng.next_u64());
            b
        })
        .collect()
}

/// The Rommé lookahead for [`Search`]: the candidates played out with the normal policy in
/// worlds sampled from the view and the bot's memory, until the rollouts have played the
/// step limit.
///
/// The fields the bench crate's clairvoyant builds its worlds from
/// (`crates/bench/src/ceiling.rs`) are public, hidden from the docs: the view, the bot, the
/// unseen cards and the memory.
pub struct Look {
    #[doc(hidden)]
    pub view: RommeView,
    candidates: Vec<RommeAction>,
    #[doc(hidden)]
    pub me: RommeBot,
    #[doc(hidden)]
    pub pool: Vec<Card>,
    #[doc(hidden)]
    pub collected: Vec<(Seat, Face)>,
    #[doc(hidden)]
    pub pile: Vec<Face>,
    rows_before: usize,
    budget: Budget,
    /// Per candidate: the discard (its rank in the hard seat's own ranking, 0 the best) the
    /// hard seat's rollout bot plays at the end of this turn (`None`: its own choice).
    plans: Vec<Option<usize>>,
    /// Per candidate: a value added to each of its outcomes before the decision (the learned
    /// gain of a discard, [`super::learned::prior`]; none: nothing).
    prior: Option<Vec<f64>>,
    /// The hard seat's own later discards searched ([`Budget::tree`]), one tree per candidate.
    #[cfg(any(test, feature = "measure"))]
    tree: PlanTree,
}

impl Look {
    pub fn new(
        view: &RommeView,
        candidates: Vec<RommeAction>,
        me: &RommeBot,
        budget: Budget,
    ) -> Look {
        let me = me.clone();
        Look {
            pool: unseen(view),
            collected: me.remembered().to_vec(),
            pile: me.remembered_pile().to_vec(),
            rows_before: view.sheet.rows.len(),
            view: view.clone(),
            plans: vec![None; candidates.len()],
            prior: None,
            #[cfg(any(test, feature = "measure"))]
            tree: PlanTree::new(0),
            candidates,
            me,
            budget,
        }
    }

    /// Adds `prior[i]` to every outcome of candidate `i` before the decision (ignored unless
    /// there is one value per candidate).
    pub fn with_prior(mut self, prior: Option<Vec<f64>>) -> Look {
        self.prior = prior.filter(|p| p.len() == self.candidates.len());
        self
    }

    /// The draw and the discard of the same turn searched together: taking the top discard
    /// becomes [`Budget::joint`] candidates, each followed by another discard of the turn
    /// (the seat's own ranking: the best, the second, …); the other candidates stay as they
    /// are. The decision compares the draws by their best plan ([`Look::best`]).
    pub fn plans(mut self) -> Look {
        let mut candidates = Vec::new();
        let mut plans = Vec::new();
        for a in std::mem::take(&mut self.candidates) {
            let n = if a == RommeAction::DrawDiscard {
                self.budget.joint.max(1)
            } else {
                1
            };
            for k in 0..n {
                candidates.push(a.clone());
                plans.push((k > 0).then_some(k));
            }
        }
        self.candidates = candidates;
        self.plans = plans;
        self
    }
}

impl Look {
    /// Candidate `candidate` played out from a known state (the true one, in the analysis
    /// benchmark) with rollout bots seeded from `seed`: its value, in [`Lookahead::play`]'s
    /// unit.
    pub fn play_from(&mut self, state: &Romme, candidate: usize, seed: u64) -> f64 {
        let bots = rollout_bots(&self.view, &self.me, &mut BotRng::seed_from_u64(seed));
        self.play(&(state.clone(), bots), candidate).0
    }
}

impl Lookahead for Look {
    type World = (Romme, Vec<RommeBot>);
    type Choice = RommeAction;

    /// The candidate to play ([`decide`]).
    fn best(self, outcomes: &[Vec<f64>]) -> RommeAction {
        let z = z_for(&self.view.options);
        let shifted: Vec<Vec<f64>>;
        let outcomes = match &self.prior {
            Some(p) => {
                shifted = outcomes
                    .iter()
                    .map(|row| row.iter().zip(p).map(|(v, d)| v + d).collect())
                    .collect();
                &shifted
            }
            None => outcomes,
        };
        let i = if self.plans.iter().any(Option::is_some) {
            overrule_plans(outcomes, &self.candidates, z)
        } else {
            crate::search::overrule(outcomes, self.candidates.len(), z)
        };
        self.candidates
            .into_iter()
            .nth(i)
            .unwrap_or(RommeAction::NextDeal)
    }

    fn candidates(&self) -> usize {
        self.candidates.len()
    }

    fn listed(&self) -> &[Self::Choice] {
        &self.candidates
    }

    fn samples(&self) -> usize {
        self.budget.samples
    }

    fn sample(&mut self, rng: &mut BotRng) -> Option<Self::World> {
        let world = sample_world(&self.view, &self.pool, (&self.collected, &self.pile), rng)?;
        Some((world, rollout_bots(&self.view, &self.me, rng)))
    }

    fn play(&mut self, (world, bots): &Self::World, candidate: usize) -> (f64, usize) {
        let mut g = world.clone();
        let me = self.view.seat;
        if g.apply(me, &self.candidates[candidate]).is_err() {
            return (-1_000.0, 0);
        }
        let mut bots = bots.clone();
        bots[me].force_discard(self.plans[candidate]);
        #[cfg(any(test, feature = "measure"))]
        if self.budget.tree > 0 {
            return self.play_planned(g, bots, candidate);
        }
        let steps = rollout(&mut g, &mut bots, self.budget.horizon, &mut own_play);
        (deal_value(&g, me, self.rows_before), steps)
    }

    fn enough(&self, outcomes: &[Vec<f64>], _tried: usize, steps: usize) -> bool {
        steps >= step_limit(&self.view, self.budget) && outcomes.len() >= 2
    }
}

#[cfg(any(test, feature = "measure"))]
impl Look {
    /// [`Lookahead::play`] with the plan ahead: the rollout's own discards of the seat,
    /// [`Budget::tree`] of them, chosen in the candidate's [`PlanTree`].
    fn play_planned(
        &mut self,
        mut g: Romme,
        mut bots: Vec<RommeBot>,
        candidate: usize,
    ) -> (f64, usize) {
        let me = self.view.seat;
        if self.tree.roots() != self.candidates.len() {
            self.tree = PlanTree::new(self.candidates.len());
        }
        let (tree, budget) = (&mut self.tree, self.budget);
        let mut path = Vec::new();
        let steps = rollout(
            &mut g,
            &mut bots,
            budget.horizon,
            &mut |s, view, legal, action, bot| {
                if s != me || path.len() >= budget.tree {
                    return action;
                }
                plan_ahead(
                    tree,
                    candidate,
                    &mut path,
                    budget,
                    (view, legal),
                    action,
                    bot,
                )
            },
        );
        let value = deal_value(&g, me, self.rows_before);
        self.tree.back_up(&path, value);
        (value, steps)
    }
}

/// The value of every candidate in each sampled world (one row per world, the candidates
/// in the same worlds with the same rollout bots).
pub fn evaluate(
    view: &RommeView,
    candidates: &[RommeAction],
    me: &RommeBot,
    budget: Budget,
    rng: &mut BotRng,
) -> Vec<Vec<f64>> {
    let look = Look::new(view, candidates.to_vec(), me, budget);
    let (outcomes, after) = Search::new(look, rng.clone()).finish();
    *rng = after;
    outcomes
}

/// The rollout actions one decision may play: `budget.steps` heads-up, with more seats
/// [`MORE_SEATS`] times that in proportion less, and a quarter with robbing (Räuber), whose
/// robs cost three to four times as much as other actions. The other go-out presets (mit
/// Anlegen, Traditionell) get the full budget: with a quarter of it the lookahead was too
/// noisy there and lost to normal (44 % and 39 % heads-up).
fn step_limit(view: &RommeView, budget: Budget) -> usize {
    let factor = if view.seats > 2 { MORE_SEATS } else { 1 };
    let steps = budget.steps.saturating_mul(2 * factor) / view.seats.max(2);
    if view.options.robbing {
        steps / 4
    } else {
        steps
    }
}

/// With more than two seats the step budget is this many times the heads-up one (in
/// proportion to the seats): with four players about 60 rollouts (20 worlds) were too few,
/// three times that reaches [`Budget::samples`] and gained 1.8 points (docs/bots.md,
/// bots-hard-7), at a p95 well within the 300 ms.
const MORE_SEATS: usize = 3;

/// With plans ([`Look::plans`]): the action of the best plan, unless that action differs
/// from the normal choice (candidate 0) and its best plan does not lead the normal
/// choice's best plan by `z` standard errors of the paired difference.
fn overrule_plans(outcomes: &[Vec<f64>], candidates: &[RommeAction], z: f64) -> usize {
    let m = means(outcomes, candidates.len());
    let best_of = |a: &RommeAction| {
        (0..candidates.len())
            .filter(|&i| candidates[i] == *a)
            .max_by(|&x, &y| m[x].total_cmp(&m[y]).then(y.cmp(&x)))
            .unwrap_or(0)
    };
    let best = argmax(&m);
    if outcomes.len() < 2 || candidates[best] == candidates[0] {
        return 0;
    }
    let (mean, se) = crate::search::paired(outcomes, best, best_of(&candidates[0]));
    if mean > z * se {
        best
    } else {
        0
    }
}

/// The candidate to play: the best mean, but the first (the normal choice) unless the best
/// leads it by `Z` standard errors of the paired difference.
pub fn decide(outcomes: &[Vec<f64>], candidates: usize) -> usize {
    crate::search::overrule(outcomes, candidates, Z)
}

/// How sure the lookahead must be to overrule the normal choice (standard errors).
const Z: f64 = 0.5;

/// The same with the mit-Anlegen and the Traditionell scoring, whose deals are longer and
/// whose bonuses make the rollouts noisier.
const Z_BONUS_SCORING: f64 = 1.0;

/// How sure the lookahead must be with these options.
fn z_for(options: &engine::romme::RommeOptions) -> f64 {
    if options.scoring == engine::romme::Scoring::Plain {
        Z
    } else {
        Z_BONUS_SCORING
    }
}

/// Plays up to 300 actions of normal bots at `seats` seats and calls `check` at every
/// decision outside the deal's end (game, seat, view, legal actions, the seat's bot);
/// returns how often it was called. Shared by the tests here and the clairvoyant's tests in
/// the bench crate (which enables the feature `measure`).
#[cfg(any(test, feature = "measure"))]
#[doc(hidden)]
pub fn walk_decisions(
    opts: &engine::romme::RommeOptions,
    seats: usize,
    seed: u64,
    mut check: impl FnMut(&Romme, Seat, &RommeView, &[RommeAction], &RommeBot),
) -> usize {
    let mut g = Romme::new(opts, seats, seed).unwrap();
    let mut bots: Vec<RommeBot> = (0..seats)
        .map(|s| RommeBot::new(Level::Normal, s as u64).with_options(opts))
        .collect();
    let mut checked = 0;
    for _ in 0..300 {
        let Some(s) = g.to_move() else { break };
        let view = g.view(s);
        let legal = g.legal_actions(s);
        if !matches!(
            view.phase,
            engine::romme::PhaseView::DealOver { .. } | engine::romme::PhaseView::MatchOver
        ) {
            check(&g, s, &view, &legal, &bots[s]);
            checked += 1;
        }
        let a = bots[s].choose(&view, &legal);
        g.apply(s, &a).unwrap();
    }
    checked
}

#[cfg(test)]
#[path = "hard_tests.rs"]
mod tests;
