//! The hard Abluxxen bot: determinized Monte-Carlo lookahead over the normal bot's best
//! options.
//!
//! At a decision with a real choice (which group to lay, which shadow value to luxx,
//! whether to take luxxed cards, whether to take one's own back, what to draw) it lists the
//! normal bot's few best options, samples worlds — the cards it cannot see dealt to the
//! other hands, the pile and the discard and out-of-play piles — builds a full state for
//! each with [`Abluxxen::for_simulation`], plays every candidate out to the end of the
//! game (round) with the normal policy for every seat, and compares the candidates by
//! (own round points − best other seat's) plus a bonus for the first place. Every candidate
//! is played in the same worlds (common random numbers), so the comparison is paired; the
//! normal choice is kept unless another leads it by `Z` standard errors.
//!
//! It sees only its view: the unseen cards are the deck minus its hand, the displays, the
//! supply and the shadow. The recent public events tell it more, and it uses that: cards a
//! seat took (luxxed, taken back, drawn from the supply) and has not laid since are in that
//! seat's hand, discarded faces are on the discard pile, and the Profiduell's out-of-play
//! pile holds 13s and jokers only. All randomness comes from the bot's own [`BotRng`], so
//! two states with the same view get the same decision.

use super::{normal, ranked};
use crate::search::{Lookahead, Search};
use crate::BotRng;
use engine::abluxxen::{
    card_value, Abluxxen, AbluxxenAction, AbluxxenEvent, AbluxxenView, DrawSource, Guess, Pending,
};
use engine::card::{Card, DeckSpec, Face};
use engine::Game;

/// How much the hard bot thinks per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// The most worlds sampled per decision (every candidate is played in each).
    pub samples: usize,
    /// Candidates compared (the normal bot's best options).
    pub candidates: usize,
    /// Sampling stops once the rollouts have played this many actions (at least two
    /// worlds; heads-up, fewer with more seats: [`step_limit`]).
    pub steps: usize,
}

impl Budget {
    pub const DEFAULT: Budget = Budget {
        samples: 24,
        candidates: 3,
        steps: 6_000,
    };
}

/// The analysis after a deal ([`crate::Bot::judge`]): a fixed number of worlds per
/// decision, every candidate played out to the end of the round.
pub const ANALYSIS: Budget = Budget {
    samples: 32,
    candidates: 3,
    steps: usize::MAX,
};

/// A rollout stops (and counts as it stands) after this many actions; rounds last less.
const ROLLOUT_STEPS: usize = 1_500;

/// Points a first place is worth beyond the margin.
const WIN_BONUS: f64 = 6.0;

/// How sure the lookahead must be to overrule the normal choice (standard errors).
const Z: f64 = 1.0;

/// What the public events of the current game tell about hidden cards.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Known {
    /// Per seat: faces it took and has not laid since.
    pub hands: Vec<Vec<Face>>,
    /// Faces on the discard pile.
    pub discard: Vec<Face>,
    /// Faces that left the game (Profiduell).
    pub out_of_play: Vec<Face>,
}

fn remove_face(faces: &mut Vec<Face>, face: Face) {
    if let Some(i) = faces.iter().position(|f| *f == face) {
        faces.swap_remove(i);
    }
}

/// The hidden cards the view's recent events reveal (the events since the current game
/// started, as far as the view keeps them).
pub fn known(view: &AbluxxenView) -> Known {
    let mut k = Known {
        hands: vec![Vec::new(); view.seats],
        ..Known::default()
    };
    let start = view
        .last_events
        .iter()
        .rposition(|e| matches!(e, AbluxxenEvent::RoundStarted { .. }))
        .unwrap_or(0);
    for e in &view.last_events[start..] {
        match e {
            AbluxxenEvent::Took { by, faces, .. } => k.hands[*by].extend(faces),
            AbluxxenEvent::TookBack { seat, faces } => k.hands[*seat].extend(faces),
            AbluxxenEvent::Drew {
                seat,
                from: DrawSource::Supply { faces, .. },
                ..
            } => k.hands[*seat].extend(faces),
            AbluxxenEvent::Played { seat, faces, .. } => {
                for f in faces {
                    remove_face(&mut k.hands[*seat], *f);
                }
            }
            AbluxxenEvent::Discarded { faces, .. } => k.discard.extend(faces),
            AbluxxenEvent::ShadowRefilled { out_of_play, .. } => k.out_of_play.extend(out_of_play),
            _ => {}
        }
    }
    k.hands[view.seat].clear();
    k
}

/// The cards this seat cannot see (other hands, pile, discard and out-of-play piles).
pub fn unseen(view: &AbluxxenView) -> Vec<Card> {
    let mut seen = vec![false; DeckSpec::Abluxxen.len()];
    let public = view
        .players
        .iter()
        .flat_map(|p| p.display.iter().flat_map(|g| g.cards.iter()))
        .chain(view.supply.iter().flatten())
        .chain(&view.shadow)
        .chain(&view.hand);
    for c in public {
        if let Some(s) = seen.get_mut(usize::from(c.id.0)) {
            *s = true;
        }
    }
    DeckSpec::Abluxxen
        .cards()
        .into_iter()
        .filter(|c| !seen[usize::from(c.id.0)])
        .collect()
}

/// Takes up to `n` cards from `cards` (shuffled), those of the faces in `faces` first,
/// then any for which `fits` holds, then any.
fn take(
    cards: &mut Vec<Card>,
    faces: &[Face],
    n: usize,
    fits: impl Fn(&Card) -> bool,
) -> Vec<Card> {
    let mut out = Vec::with_capacity(n);
    for f in faces {
        if out.len() >= n {
            break;
        }
        if let Some(i) = cards.iter().position(|c| c.face == *f) {
            out.push(cards.swap_remove(i));
        }
    }
    while out.len() < n {
        match cards.iter().rposition(&fits) {
            Some(i) => out.push(cards.swap_remove(i)),
            None => break,
        }
    }
    let rest = (n - out.len()).min(cards.len());
    out.extend(cards.split_off(cards.len() - rest));
    out
}

/// One world consistent with the view: the known cards where the events put them, the
/// other unseen cards shuffled and dealt to the other hands, the discard and out-of-play
/// piles and the pile.
pub fn sample_world(
    view: &AbluxxenView,
    pool: &[Card],
    known: &Known,
    rng: &mut BotRng,
) -> Option<Abluxxen> {
    let mut cards = pool.to_vec();
    rng.shuffle(&mut cards);
    let out_of_play = take(
        &mut cards,
        &known.out_of_play,
        view.out_of_play_count,
        |c| card_value(c) >= 13,
    );
    let discard = take(&mut cards, &known.discard, view.discard_count, |_| false);
    let mut hands = vec![Vec::new(); view.seats];
    for (seat, hand) in hands.iter_mut().enumerate() {
        if seat != view.seat {
            let n = view.players[seat].hand_count;
            let faces = known.hands.get(seat).map_or(&[][..], Vec::as_slice);
            *hand = take(&mut cards, faces, n, |_| false);
        }
    }
    let guess = Guess {
        hands,
        pile: cards,
        discard,
        out_of_play,
    };
    Abluxxen::for_simulation(view, guess, rng.next_u64()).ok()
}

/// Plays `game` to the end of the current game of the match with the normal policy for
/// every seat; returns the actions played.
pub fn rollout(game: &mut Abluxxen, results_before: usize) -> usize {
    let mut rng = BotRng::seed_from_u64(0);
    let mut steps = 0;
    while steps < ROLLOUT_STEPS && game.round_results().len() <= results_before {
        let Some(s) = game.to_move() else { break };
        let legal = game.legal_actions(s);
        let Some(first) = legal.first().cloned() else {
            break;
        };
        let action = if legal.len() == 1 {
            first.clone()
        } else {
            normal(&game.view(s), &legal, &mut rng)
        };
        steps += 1;
        if game.apply(s, &action).is_err() && game.apply(s, &first).is_err() {
            break;
        }
    }
    steps
}

/// The value of the finished (or cut) game for `seat`: its points minus the best other
/// seat's, plus a bonus for the first place (shared: split).
fn round_value(game: &Abluxxen, seat: usize, results_before: usize) -> f64 {
    let (points, firsts, first) = match game.round_results().get(results_before) {
        Some(r) => {
            let firsts = r.places.iter().filter(|&&p| p == 1).count().max(1);
            (r.scores.clone(), firsts, r.places[seat] == 1)
        }
        None => {
            // Cut: the points as they stand (display cards − hand cards).
            let v = game.view(seat);
            let points: Vec<i32> = v
                .players
                .iter()
                .map(|p| p.display_count as i32 - p.hand_count as i32)
                .collect();
            (points, 1, false)
        }
    };
    let mine = points[seat];
    let best_other = (0..points.len())
        .filter(|&s| s != seat)
        .map(|s| points[s])
        .max()
        .unwrap_or(mine);
    let bonus = if first {
        WIN_BONUS / firsts as f64
    } else {
        0.0
    };
    f64::from(mine - best_other) + bonus
}

/// The Abluxxen lookahead for [`Search`]: the candidates played out with the normal policy
/// in worlds sampled from the view, until the rollouts have played the step limit.
pub struct Look {
    view: AbluxxenView,
    candidates: Vec<AbluxxenAction>,
    pool: Vec<Card>,
    known: Known,
    results_before: usize,
    budget: Budget,
}

impl Look {
    pub fn new(view: &AbluxxenView, candidates: Vec<AbluxxenAction>, budget: Budget) -> Look {
        Look {
            pool: unseen(view),
            known: known(view),
            results_before: view.results.len(),
            view: view.clone(),
            candidates,
            budget,
        }
    }
}

impl Lookahead for Look {
    type World = Abluxxen;
    type Choice = AbluxxenAction;

    /// The candidate to play ([`decide`]).
    fn best(self, outcomes: &[Vec<f64>]) -> AbluxxenAction {
        let i = decide(outcomes, self.candidates.len());
        self.candidates
            .into_iter()
            .nth(i)
            .unwrap_or(AbluxxenAction::Pass)
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

    fn sample(&mut self, rng: &mut BotRng) -> Option<Abluxxen> {
        sample_world(&self.view, &self.pool, &self.known, rng)
    }

    fn play(&mut self, world: &Abluxxen, candidate: usize) -> (f64, usize) {
        let mut g = world.clone();
        if g.apply(self.view.seat, &self.candidates[candidate])
            .is_err()
        {
            return (-1_000.0, 0);
        }
        let steps = rollout(&mut g, self.results_before);
        (round_value(&g, self.view.seat, self.results_before), steps)
    }

    fn enough(&self, outcomes: &[Vec<f64>], _tried: usize, steps: usize) -> bool {
        steps >= step_limit(self.view.seats, self.budget) && outcomes.len() >= 2
    }
}

/// The rollout actions one decision may play: `budget.steps` heads-up, fewer with more
/// seats (an action costs more there: a bigger view, more opponents to weigh).
pub fn step_limit(seats: usize, budget: Budget) -> usize {
    budget.steps.saturating_mul(4) / (seats.max(2) + 2)
}

/// The candidate to play: the best mean, but the first (the normal choice) unless the best
/// leads it by `Z` standard errors of the paired difference.
pub fn decide(outcomes: &[Vec<f64>], candidates: usize) -> usize {
    crate::search::overrule(outcomes, candidates, Z)
}

/// The candidates worth comparing here, the normal choice first (fewer than two: nothing
/// to think about).
pub fn candidates(
    view: &AbluxxenView,
    legal: &[AbluxxenAction],
    budget: Budget,
) -> Vec<AbluxxenAction> {
    if legal.len() < 2 || matches!(view.pending, Pending::MatchOver) {
        return Vec::new();
    }
    let mut c = ranked(view, legal);
    if let AbluxxenAction::Play { cards } = &c[0] {
        if cards.len() == view.hand.len() {
            // Going out with the normal choice: the heuristic only does it when it wins.
            return Vec::new();
        }
    }
    c.truncate(budget.candidates.max(2));
    c
}

/// The hard bot's decision at once (`Ok`: normal's, on a copy of `rng`), or the lookahead
/// that decides it (`Err`, for [`crate::think`]).
pub fn start(
    view: &AbluxxenView,
    legal: &[AbluxxenAction],
    budget: Budget,
    rng: &BotRng,
) -> Result<AbluxxenAction, Box<Look>> {
    let cands = candidates(view, legal, budget);
    if cands.len() < 2 {
        return Ok(normal(view, legal, &mut rng.clone()));
    }
    Err(Box::new(Look::new(view, cands, budget)))
}

/// The value of every candidate in each sampled world (one row per world).
pub fn evaluate(
    view: &AbluxxenView,
    candidates: &[AbluxxenAction],
    budget: Budget,
    rng: &mut BotRng,
) -> Vec<Vec<f64>> {
    let look = Look::new(view, candidates.to_vec(), budget);
    let (outcomes, after) = Search::new(look, rng.clone()).finish();
    *rng = after;
    outcomes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abluxxen::{AbluxxenBot, Level};
    use crate::Bot;
    use engine::abluxxen::AbluxxenOptions;

    fn options(profiduell: bool, draw_if_no_luxx: bool) -> AbluxxenOptions {
        AbluxxenOptions {
            draw_if_no_luxx,
            rounds: 2,
            profiduell,
        }
    }

    /// Positions where the hard bot searches (`count` of them, after `skip` such
    /// decisions), reached by normal play.
    fn thinking_positions(
        o: &AbluxxenOptions,
        seats: usize,
        count: usize,
    ) -> Vec<(Abluxxen, usize)> {
        let mut out = Vec::new();
        for seed in 0..50 {
            let mut g = Abluxxen::new(o, seats, seed).unwrap();
            let mut rng = BotRng::seed_from_u64(seed);
            let mut seen = 0;
            while let Some(s) = g.to_move() {
                let legal = g.legal_actions(s);
                let view = g.view(s);
                if candidates(&view, &legal, Budget::DEFAULT).len() >= 2 {
                    seen += 1;
                    if seen % 7 == 3 {
                        out.push((g.clone(), s));
                        if out.len() >= count {
                            return out;
                        }
                    }
                }
                let a = normal(&view, &legal, &mut rng);
                g.apply(s, &a).unwrap();
            }
        }
        panic!("too few positions with a real choice");
    }

    #[test]
    fn bots_never_peek_the_same_view_gets_the_same_decision() {
        for (o, seats) in [
            (options(false, false), 2),
            (options(false, true), 4),
            (options(true, false), 2),
        ] {
            for (real, seat) in thinking_positions(&o, seats, 4) {
                let view = real.view(seat);
                // Another state with the same view: the hidden cards dealt differently.
                let mut rng = BotRng::seed_from_u64(99);
                let other = sample_world(&view, &unseen(&view), &Known::default(), &mut rng)
                    .expect("a world");
                assert_eq!(other.view(seat), view);
                let hidden = |g: &Abluxxen| {
                    let json = serde_json::to_value(g).unwrap();
                    (json["hands"].clone(), json["pile"].clone())
                };
                assert_ne!(hidden(&real), hidden(&other), "the hidden cards differ");
                let legal = real.legal_actions(seat);
                assert_eq!(other.legal_actions(seat), legal);
                let mut a_bot = AbluxxenBot::new(Level::Hard, 7);
                let mut b_bot = AbluxxenBot::new(Level::Hard, 7);
                let a = a_bot.choose(&view, &legal);
                let b = b_bot.choose(&other.view(seat), &other.legal_actions(seat));
                assert_eq!(a, b);
                assert!(legal.contains(&a));
            }
        }
    }

    #[test]
    fn thinking_in_slices_decides_as_choose_does() {
        for (o, seats) in [
            (options(false, false), 2),
            (options(false, false), 3),
            (options(true, true), 2),
        ] {
            for (g, seat) in thinking_positions(&o, seats, 3) {
                let view = g.view(seat);
                let legal = g.legal_actions(seat);
                let (mut whole, mut sliced) = crate::search::check_slicing::<
                    engine::abluxxen::Abluxxen,
                    _,
                >(
                    || AbluxxenBot::new(Level::Hard, 5), &view, &legal
                );
                assert_eq!(whole.rng.next_u64(), sliced.rng.next_u64());
            }
        }
    }

    /// Every state reached by bot play (2–5 seats, the Profiduell, every phase): a world
    /// sampled from a seat's view shows that seat the same view and the same actions, and
    /// what the events tell about hidden cards is true.
    #[test]
    fn sampled_worlds_match_the_view_in_every_phase_of_bot_games() {
        let mut phases = std::collections::BTreeSet::new();
        for (o, seats) in [
            (options(false, false), 2),
            (options(false, true), 3),
            (options(false, false), 4),
            (options(false, true), 5),
            (options(true, false), 2),
            (options(true, true), 2),
        ] {
            for seed in 0..3 {
                let mut g = Abluxxen::new(&o, seats, seed).unwrap();
                let mut bots: Vec<Box<dyn Bot<Abluxxen>>> = (0..seats)
                    .map(|s| -> Box<dyn Bot<Abluxxen>> {
                        match s {
                            0 => Box::new(AbluxxenBot::new(Level::Normal, s as u64)),
                            1 => Box::new(AbluxxenBot::new(Level::Easy, s as u64)),
                            _ => Box::new(crate::abluxxen::GreedyBot),
                        }
                    })
                    .collect();
                let mut rng = BotRng::seed_from_u64(seed);
                while let Some(s) = g.to_move() {
                    let legal = g.legal_actions(s);
                    for viewer in 0..seats {
                        let view = g.view(viewer);
                        let k = known(&view);
                        let w = sample_world(&view, &unseen(&view), &k, &mut rng)
                            .unwrap_or_else(|| panic!("no world for {:?}", view.pending));
                        assert_eq!(w.view(viewer), view);
                        if viewer == s {
                            assert_eq!(w.legal_actions(s), legal);
                        }
                        // The known faces are really in those hands.
                        let real = serde_json::to_value(&g).unwrap();
                        for (seat, faces) in k.hands.iter().enumerate() {
                            let hand: Vec<Face> =
                                serde_json::from_value::<Vec<Card>>(real["hands"][seat].clone())
                                    .unwrap()
                                    .iter()
                                    .map(|c| c.face)
                                    .collect();
                            let mut left = hand.clone();
                            for f in faces {
                                let i = left.iter().position(|x| x == f);
                                assert!(i.is_some(), "seat {seat} holds no {f:?}: {hand:?}");
                                left.swap_remove(i.unwrap());
                            }
                        }
                    }
                    let kind = format!("{:?}", g.view(s).pending);
                    phases.insert(kind.split([' ', '{']).next().unwrap_or("").to_string());
                    let a = bots[s].choose(&g.view(s), &legal);
                    g.apply(s, &a).unwrap();
                }
            }
        }
        for p in [
            "Play",
            "ShadowChoice",
            "LuxxDecision",
            "VictimDecision",
            "Draw",
        ] {
            assert!(phases.contains(p), "{p} not reached: {phases:?}");
        }
    }

    #[test]
    fn unseen_is_the_deck_minus_what_the_seat_sees() {
        let g = Abluxxen::new(&options(true, false), 2, 5).unwrap();
        let view = g.view(0);
        let shown = view.hand.len() + view.shadow.len() + view.supply.iter().flatten().count();
        assert_eq!(unseen(&view).len(), 109 - shown);
    }

    #[test]
    fn the_first_candidate_is_the_normal_choice() {
        for (o, seats) in [(options(false, true), 3), (options(true, false), 2)] {
            for (g, seat) in thinking_positions(&o, seats, 6) {
                let view = g.view(seat);
                let legal = g.legal_actions(seat);
                let c = candidates(&view, &legal, Budget::DEFAULT);
                assert_eq!(c[0], normal(&view, &legal, &mut BotRng::seed_from_u64(1)));
            }
        }
    }
}
