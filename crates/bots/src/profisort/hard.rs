//! The hard Profi-Sort bot: determinized Monte-Carlo lookahead over a few candidates.
//!
//! At a decision that matters (which card to discard, whether to give its ace, whether to
//! sit out or take the discard, which of several tasks to lay) the hard bot lists a few
//! candidates (the normal choice first), samples worlds — the cards it cannot see dealt
//! to the other hands (their public sizes) and the talon — builds a full state for each
//! with [`ProfiSort::for_simulation`], plays every candidate out to the end of the deal with
//! the normal policy in every seat, and compares the outcomes. Every candidate is played
//! in the same worlds (common random numbers; the normal policy is deterministic), so the
//! comparison is paired; normal's choice is overruled only when the best candidate leads
//! it clearly ([`decide`]).
//!
//! It sees only its view: the unseen cards are the deck minus its hand, the received aces,
//! the discard pile and the task melds. All randomness comes from the bot's own
//! [`BotRng`], so two states with the same view get the same decision.

use super::{discard_ranking, normal, ProfiSortBot};
use crate::search::Lookahead;
use crate::{Bot, BotRng};
use engine::card::{Card, Face};
use engine::profisort::{
    special_left, Guess, Phase, ProfiSort, ProfiSortAction as A, ProfiSortView,
};
use engine::{BotLevel, Game, Seat};

/// How much the hard bot thinks per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The most worlds sampled per decision (every candidate is played in each).
    pub samples: usize,
    /// Discard candidates (the normal bot's best ones, one per face).
    pub discards: usize,
    /// Sampling stops once the rollouts have played this many actions (heads-up; with
    /// three players two thirds of it).
    pub steps: usize,
}

impl Budget {
    pub const DEFAULT: Budget = Budget {
        samples: 48,
        discards: 3,
        steps: 1_200,
    };
}

/// The analysis after a deal ([`crate::Bot::judge`]): a fixed number of worlds per
/// decision, every candidate played out to the end of the deal.
pub const ANALYSIS: Budget = Budget {
    samples: 32,
    discards: 3,
    steps: usize::MAX,
};

/// A rollout stops (and counts the hands as they stand) after this many actions.
const ROLLOUT_STEPS: usize = 1_000;

/// What a task laid in the rollout is worth beyond the cards it takes out of the hand
/// (points): progress towards the end of the sheet.
const TASK_VALUE: f64 = 15.0;

/// Ending the match in first place.
const WIN_BONUS: f64 = 30.0;

/// How sure the lookahead must be to overrule the normal choice (standard errors of the
/// paired difference).
const Z: f64 = 1.0;

/// The cards this seat cannot see: the other players' own hands and the talon.
pub fn unseen(view: &ProfiSortView) -> Vec<Card> {
    let mut seen = vec![false; view.options.deck().len()];
    let open = view
        .hand
        .iter()
        .chain(view.received.iter().flatten())
        .chain(&view.discard)
        .chain(view.melds.iter().flat_map(|m| m.cards()));
    for c in open {
        if let Some(s) = seen.get_mut(usize::from(c.id.0)) {
            *s = true;
        }
    }
    view.options
        .deck()
        .cards()
        .into_iter()
        .filter(|c| !seen.get(usize::from(c.id.0)).copied().unwrap_or(true))
        .collect()
}

/// One world consistent with the view: the unseen cards shuffled and dealt to the other
/// hands (their public sizes), the rest is the talon.
pub fn sample_world(view: &ProfiSortView, pool: &[Card], rng: &mut BotRng) -> Option<ProfiSort> {
    let mut cards = pool.to_vec();
    rng.shuffle(&mut cards);
    let mut hands = vec![Vec::new(); view.seats];
    for (seat, hand) in hands.iter_mut().enumerate() {
        if seat != view.seat {
            let n = view.hand_sizes.get(seat).copied()?.min(cards.len());
            *hand = cards.split_off(cards.len() - n);
        }
    }
    let guess = Guess {
        hands,
        talon: cards,
    };
    ProfiSort::for_simulation(view, guess, rng.next_u64()).ok()
}

/// Per seat: tasks done and special points left.
fn progress(game: &ProfiSort) -> Vec<(usize, u32)> {
    game.sheets()
        .iter()
        .map(|s| (s.count(), special_left(game.options(), s)))
        .collect()
}

/// The value of the played-out deal for `seat` (higher is better): per seat minus its
/// deal points, plus [`TASK_VALUE`] per task laid and the special points struck; `seat`'s
/// value minus the best other seat's, plus [`WIN_BONUS`] for winning the match.
fn deal_value(game: &ProfiSort, seat: Seat, before: &[(usize, u32)]) -> f64 {
    let points: Vec<i32> = match game.summary() {
        Some(s) => s.points.clone(),
        None => {
            let d = game.deal();
            (0..game.seats())
                .map(|s| engine::profisort::hand_points(&d.hands[s], &d.received[s]))
                .collect()
        }
    };
    let after = progress(game);
    let value = |s: usize| {
        let tasks = after[s].0.saturating_sub(before[s].0) as f64;
        let struck = f64::from(before[s].1) - f64::from(after[s].1);
        -f64::from(points[s]) + TASK_VALUE * tasks + struck
    };
    let mine = value(seat);
    let best_other = (0..points.len())
        .filter(|&s| s != seat)
        .map(value)
        .fold(f64::NEG_INFINITY, f64::max);
    let won = game.phase() == Phase::MatchOver
        && game
            .standings()
            .iter()
            .any(|st| st.seat == seat && st.place == 1);
    mine - best_other + if won { WIN_BONUS } else { 0.0 }
}

/// Plays `game` to the end of the deal with the normal policy in every seat; returns the
/// actions played.
fn rollout(game: &mut ProfiSort, bots: &mut [ProfiSortBot]) -> usize {
    let mut steps = 0;
    while steps < ROLLOUT_STEPS {
        if matches!(game.phase(), Phase::DealOver | Phase::MatchOver) {
            break;
        }
        let Some(s) = game.to_move() else { break };
        // Drawing is the only choice without a received ace or the variant.
        if game.phase() == Phase::Draw
            && game.deal().received[s].is_empty()
            && !game.options().draw_from_discard
        {
            steps += 1;
            if game.apply(s, &A::Draw).is_err() {
                break;
            }
            continue;
        }
        let legal = game.legal_actions(s);
        let Some(first) = legal.first().cloned() else {
            break;
        };
        let view = game.view(s);
        let action = bots[s].choose(&view, &legal);
        steps += 1;
        if game.apply(s, &action).is_err() && game.apply(s, &first).is_err() {
            break;
        }
    }
    steps
}

/// The Profi-Sort lookahead for [`crate::search::Search`]: the candidates played out with the normal
/// policy in worlds sampled from the view, until the rollouts have played the step limit.
pub struct Look {
    view: ProfiSortView,
    /// The view the worlds are built from: without the running log and the score rows,
    /// which no rule and no normal decision reads (every rollout view is cheaper).
    sim_view: ProfiSortView,
    candidates: Vec<A>,
    pool: Vec<Card>,
    before: Vec<(usize, u32)>,
    budget: Budget,
}

impl Look {
    pub fn new(view: &ProfiSortView, candidates: Vec<A>, budget: Budget) -> Look {
        let before = view
            .sheets
            .iter()
            .map(|s| (s.tasks_done, s.special_left))
            .collect();
        let mut sim_view = view.clone();
        sim_view.log.clear();
        sim_view.rows.clear();
        Look {
            pool: unseen(view),
            sim_view,
            view: view.clone(),
            candidates,
            before,
            budget,
        }
    }

    /// The rollout actions one decision may play.
    fn step_limit(&self) -> usize {
        self.budget.steps.saturating_mul(2) / self.view.seats.max(2)
    }
}

impl Lookahead for Look {
    type World = ProfiSort;
    type Choice = A;

    /// The candidate to play ([`decide`]).
    fn best(self, outcomes: &[Vec<f64>]) -> A {
        let i = decide(outcomes, self.candidates.len());
        self.candidates.into_iter().nth(i).unwrap_or(A::Draw)
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

    fn sample(&mut self, rng: &mut BotRng) -> Option<ProfiSort> {
        sample_world(&self.sim_view, &self.pool, rng)
    }

    fn play(&mut self, world: &ProfiSort, candidate: usize) -> (f64, usize) {
        let mut g = world.clone();
        if g.apply(self.view.seat, &self.candidates[candidate])
            .is_err()
        {
            return (-1_000.0, 0);
        }
        let mut bots: Vec<ProfiSortBot> = (0..self.view.seats)
            .map(|s| ProfiSortBot::new(BotLevel::Normal, s as u64))
            .collect();
        let steps = rollout(&mut g, &mut bots);
        (deal_value(&g, self.view.seat, &self.before), steps)
    }

    fn enough(&self, outcomes: &[Vec<f64>], _tried: usize, steps: usize) -> bool {
        steps >= self.step_limit() && outcomes.len() >= 2
    }
}

/// The candidate to play: the best mean, but the first (the normal choice) unless the best
/// leads it by [`Z`] standard errors of the paired difference.
pub fn decide(outcomes: &[Vec<f64>], candidates: usize) -> usize {
    crate::search::overrule(outcomes, candidates, Z)
}

/// The choices worth comparing here, the normal choice `chosen` first (fewer than two:
/// nothing to think about).
pub fn candidates(
    view: &ProfiSortView,
    legal: &[A],
    chosen: &A,
    ps: &[super::plan::Plan],
    budget: Budget,
) -> Vec<A> {
    let mut out = vec![chosen.clone()];
    let add = |a: &A, out: &mut Vec<A>| {
        if !out.contains(a) && legal.contains(a) {
            out.push(a.clone());
        }
    };
    match (view.phase, chosen) {
        (Phase::Draw, _) => {
            for a in [A::Draw, A::SitOut, A::TakeDiscard] {
                add(&a, &mut out);
            }
        }
        (Phase::Play, A::Discard { .. } | A::GiveAce { .. }) => {
            // Normal's best discards, one per face (the second pack's twin is the same
            // choice); after a gift only the best discard competes.
            let wanted = if matches!(chosen, A::GiveAce { .. }) {
                1
            } else {
                budget.discards
            };
            let mut faces: Vec<Face> = match chosen {
                A::Discard { card } => view
                    .hand
                    .iter()
                    .filter(|c| c.id == *card)
                    .map(|c| c.face)
                    .collect(),
                _ => Vec::new(),
            };
            for (a, c) in discard_ranking(view, legal, ps) {
                if faces.len() >= wanted {
                    break;
                }
                if !faces.contains(&c.face) {
                    faces.push(c.face);
                    add(a, &mut out);
                }
            }
            if !matches!(chosen, A::GiveAce { .. }) {
                if let Some(gift) = super::best_gift(view, legal) {
                    add(&gift, &mut out);
                }
            }
        }
        (Phase::Play, A::LayTask { task, .. }) => {
            let mut tasks = vec![*task];
            for a in legal {
                if let A::LayTask { task, .. } = a {
                    if !tasks.contains(task) && tasks.len() < 3 {
                        tasks.push(*task);
                        add(a, &mut out);
                    }
                }
            }
        }
        _ => {}
    }
    out
}

/// The hard bot's decision at once (`Ok`), or the lookahead that decides it (`Err`, for
/// [`crate::think`]).
pub fn start(bot: &mut ProfiSortBot, view: &ProfiSortView, legal: &[A]) -> Result<A, Box<Look>> {
    for a in [A::Redeal, A::NextDeal, A::KeepHand] {
        if legal.contains(&a) {
            return Ok(a);
        }
    }
    let ps = bot.plans(view);
    let chosen = normal(view, legal, &ps);
    let cands = candidates(view, legal, &chosen, &ps, bot.budget);
    if cands.len() < 2 {
        return Ok(chosen);
    }
    Err(Box::new(Look::new(view, cands, bot.budget)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::profisort::{ProfiSortOptions, TalonEnd};

    /// A position where the hard bot searches (`seats` players), reached by normal play.
    fn thinking_position(seats: usize, skip: usize) -> (ProfiSort, Seat) {
        let opts = ProfiSortOptions::default();
        let mut skipped = 0;
        for seed in 0..50 {
            let mut g = ProfiSort::new(&opts, seats, seed).unwrap();
            let mut bots: Vec<ProfiSortBot> = (0..seats)
                .map(|s| ProfiSortBot::new(BotLevel::Normal, s as u64))
                .collect();
            for _ in 0..2_000 {
                let Some(s) = g.to_move() else { break };
                let legal = g.legal_actions(s);
                let view = g.view(s);
                let mut probe = ProfiSortBot::new(BotLevel::Hard, 1);
                if view.deal > 1
                    && g.deal().talon.len() > 30
                    && start(&mut probe, &view, &legal).is_err()
                {
                    if skipped == skip {
                        return (g, s);
                    }
                    skipped += 1;
                }
                let a = bots[s].choose(&view, &legal);
                g.apply(s, &a).unwrap();
            }
        }
        panic!("no position with a real choice");
    }

    #[test]
    fn bots_never_peek_the_same_view_gets_the_same_decision() {
        for (seats, skip) in [(2, 0), (2, 7), (3, 3)] {
            let (real, seat) = thinking_position(seats, skip);
            let view = real.view(seat);
            // Another state with the same view: the hidden cards dealt differently.
            let mut rng = BotRng::seed_from_u64(99);
            let other = sample_world(&view, &unseen(&view), &mut rng).unwrap();
            assert_eq!(other.view(seat), view);
            assert!(
                real.deal().hands != other.deal().hands || real.deal().talon != other.deal().talon
            );
            let legal = real.legal_actions(seat);
            assert_eq!(other.legal_actions(seat), legal);
            let a = ProfiSortBot::new(BotLevel::Hard, 7).choose(&view, &legal);
            let b = ProfiSortBot::new(BotLevel::Hard, 7).choose(&other.view(seat), &legal);
            assert_eq!(a, b, "{seats} players");
            assert!(legal.contains(&a));
        }
    }

    #[test]
    fn thinking_in_slices_decides_as_choose_does() {
        for (seats, skip) in [(2, 0), (2, 5), (3, 2)] {
            let (real, seat) = thinking_position(seats, skip);
            let view = real.view(seat);
            let legal = real.legal_actions(seat);
            let (mut whole, mut sliced) = crate::search::check_slicing::<
                engine::profisort::ProfiSort,
                _,
            >(
                || ProfiSortBot::new(BotLevel::Hard, 5), &view, &legal
            );
            assert_eq!(whole.rng.next_u64(), sliced.rng.next_u64());
        }
    }

    /// `for_simulation` from the real hidden cards rebuilds the deal and every seat's view;
    /// a sampled world shows the viewer its view with the same legal actions. Whole matches
    /// of normal bots, two and three players, with the variants (taking the discard, the
    /// talon rebuilt), so every phase occurs.
    #[test]
    fn simulated_states_show_exactly_the_view_in_every_phase() {
        let mut phases = std::collections::BTreeSet::new();
        let mut rebuilt = false;
        for (i, seats) in [(0u64, 2usize), (1, 3), (2, 2), (3, 3)] {
            let opts = ProfiSortOptions {
                draw_from_discard: i >= 2,
                talon_end: if i % 2 == 1 {
                    TalonEnd::Reshuffle
                } else {
                    TalonEnd::ScoreAll
                },
                ..ProfiSortOptions::default()
            };
            let mut g = ProfiSort::new(&opts, seats, 40 + i).unwrap();
            let mut bots: Vec<ProfiSortBot> = (0..seats)
                .map(|s| ProfiSortBot::new(BotLevel::Normal, s as u64))
                .collect();
            let mut rng = BotRng::seed_from_u64(i);
            let mut step = 0;
            while let Some(s) = g.to_move() {
                step += 1;
                phases.insert(format!("{:?}", g.phase()));
                rebuilt |= g.deal().rebuilt;
                let guess = Guess {
                    hands: g.deal().hands.clone(),
                    talon: g.deal().talon.clone(),
                };
                let view = g.view(s);
                let sim = ProfiSort::for_simulation(&view, guess, 3);
                if matches!(g.phase(), Phase::DealOver | Phase::MatchOver) {
                    assert!(sim.is_err());
                } else {
                    let sim = sim.unwrap();
                    assert_eq!(sim.deal(), g.deal());
                    for viewer in 0..seats {
                        assert_eq!(sim.view(viewer), g.view(viewer), "step {step}");
                    }
                    if g.phase() != Phase::RedealChoice && step % 3 == 0 {
                        let w = sample_world(&view, &unseen(&view), &mut rng).unwrap();
                        assert_eq!(w.view(s), view, "step {step}");
                        assert_eq!(w.legal_actions(s), g.legal_actions(s));
                    }
                }
                let legal = g.legal_actions(s);
                let a = bots[s].choose(&view, &legal);
                g.apply(s, &a).unwrap();
            }
        }
        for p in ["RedealChoice", "Draw", "Play", "LastDiscard", "DealOver"] {
            assert!(phases.contains(p), "{p} never reached: {phases:?}");
        }
        assert!(rebuilt, "the talon was never rebuilt");
    }

    #[test]
    fn a_guess_that_does_not_fit_the_view_is_refused() {
        let (real, seat) = thinking_position(2, 0);
        let view = real.view(seat);
        let other = 1 - seat;
        let good = || Guess {
            hands: real.deal().hands.clone(),
            talon: real.deal().talon.clone(),
        };
        assert!(ProfiSort::for_simulation(&view, good(), 1).is_ok());
        let mut dup = good();
        dup.hands[other][0] = dup.talon[0];
        assert!(ProfiSort::for_simulation(&view, dup, 1).is_err());
        let mut size = good();
        let c = size.talon.pop().unwrap();
        size.hands[other].push(c);
        assert!(ProfiSort::for_simulation(&view, size, 1).is_err());
        // A card of the discard pile in a guessed hand (it is open).
        let mut open = good();
        if let Some(top) = view.discard.last() {
            open.hands[other][0] = *top;
            assert!(ProfiSort::for_simulation(&view, open, 1).is_err());
        }
    }

    #[test]
    fn unseen_is_the_deck_minus_what_the_seat_sees() {
        let (real, seat) = thinking_position(3, 0);
        let view = real.view(seat);
        let hidden: usize = (0..3)
            .filter(|&s| s != seat)
            .map(|s| view.hand_sizes[s])
            .sum();
        assert_eq!(unseen(&view).len(), hidden + view.talon);
    }
}
