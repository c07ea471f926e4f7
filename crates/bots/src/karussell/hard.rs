//! The hard Karussell bot: determinized Monte-Carlo lookahead (the idea of ISMCTS,
//! simplified to one level).
//!
//! At a decision that matters it lists a few candidate actions, samples a few dozen worlds
//! (the other hands and the stock order) from the cards it cannot see, builds a full state
//! for each with [`Karussell::for_simulation`], plays every candidate out to the end of the
//! round with the normal policy for every seat, and takes the candidate with the best mean
//! of (own round points − best opponent's round points), with the real `score_round`.
//! Every candidate is played in the same worlds (common random numbers).
//!
//! It sees only its view: the unseen cards are the deck minus its hand and the table; the
//! sizes of the other hands and of the stock are public. All randomness comes from the
//! bot's own [`BotRng`], so two states with the same view get the same decision.

use super::{listed_meld, normal_choice, solver_meld};
use crate::search::{argmax, means, paired, Lookahead, Search};
use crate::BotRng;
use engine::card::{Card, CardId, Face};
use engine::karussell::{
    affordable, slots_of, solve, Karussell, KarussellAction, KarussellView, Phase, PhaseView,
    TableCard,
};
use engine::Game;

/// Worlds sampled per decision: at most `samples`, at least `min_samples`, then in batches
/// of `BATCH` until the best candidate leads every other by `Z` standard errors of the
/// paired difference, or that difference is known to be below `INDIFFERENT` points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub samples: usize,
    pub min_samples: usize,
    /// Sampling also stops (after `BATCH` worlds) when the rollouts have played this many
    /// actions: long rounds (three or more seats, a full stock) would take too long.
    pub steps: usize,
}

impl Budget {
    pub const DEFAULT: Budget = Budget {
        samples: 16,
        min_samples: 8,
        steps: usize::MAX,
    };
}

impl Budget {
    /// The analysis after a deal ([`crate::Bot::judge`]): a fixed number of worlds per
    /// decision (`min_samples` = `samples`: no early stop), shrunk for more seats like a
    /// decision's ([`Budget::for_seats`]).
    pub const ANALYSIS: Budget = Budget {
        samples: 32,
        min_samples: 32,
        steps: usize::MAX,
    };

    /// Rollouts grow with the seats: `samples` is meant for two players and shrinks in
    /// proportion for more (at least `BATCH`), with a cap of `MULTI_STEPS` rollout actions.
    pub fn for_seats(self, seats: usize) -> Budget {
        if seats <= 2 {
            return self;
        }
        let scale = |n: usize| (n * 2 / seats).max(BATCH);
        Budget {
            samples: scale(self.samples),
            min_samples: scale(self.min_samples),
            steps: self.steps.min(MULTI_STEPS),
        }
    }
}

const BATCH: usize = 4;

/// The rollout actions per decision with three or more seats (see [`Budget::for_seats`]).
const MULTI_STEPS: usize = 600;

/// See [`rollout_affordable`].
const ROLLOUT_JOKER_CARDS: usize = 45;
const Z: f64 = 2.0;
const INDIFFERENT: f64 = 3.0;

/// A rollout stops (and counts as it stands) after this many actions; rounds last far less.
const ROLLOUT_STEPS: usize = 400;

/// The cards this seat cannot see (stock and the other hands), from its view.
pub fn unseen(view: &KarussellView) -> Vec<Card> {
    let mut seen: Vec<CardId> = view.hand.iter().map(|c| c.id).collect();
    seen.extend(view.table.iter().flatten().map(|t| t.card.id));
    view.options
        .deck(view.seats)
        .cards()
        .into_iter()
        .filter(|c| !seen.contains(&c.id))
        .collect()
}

/// One world consistent with the view: the unseen cards shuffled and dealt to the other
/// seats (their public hand sizes), the rest is the stock.
pub fn sample_world(view: &KarussellView, pool: &[Card], rng: &mut BotRng) -> Option<Karussell> {
    let mut cards = pool.to_vec();
    rng.shuffle(&mut cards);
    let mut hands = vec![Vec::new(); view.seats];
    for (seat, hand) in hands.iter_mut().enumerate() {
        if seat != view.seat {
            let n = view.hand_sizes[seat].min(cards.len());
            *hand = cards.split_off(cards.len() - n);
        }
    }
    Karussell::for_simulation(view, hands, cards, rng.next_u64()).ok()
}

/// With two or more jokers in play the solver has slow positions from about 45 cards
/// (table + hand); rollouts use the listed melds there (with one joker, as in two-player
/// games, this is `affordable` itself).
fn rollout_affordable(table: &[Vec<TableCard>], hand: &[Card]) -> bool {
    let jokers = table.iter().flatten().filter(|t| t.is_joker()).count()
        + hand.iter().filter(|c| c.face == Face::Joker).count();
    let cards = table.iter().map(Vec::len).sum::<usize>() + hand.len();
    affordable(table, hand) && (jokers <= 1 || cards <= ROLLOUT_JOKER_CARDS)
}

/// The rollout policy: the normal bot's decisions, read straight from the state (no view,
/// no listed actions unless the solver is not affordable here).
fn rollout_action(game: &Karussell, seat: usize) -> KarussellAction {
    let r = game.round_state();
    let may_meld = match game.phase() {
        Phase::KnockDecision => return KarussellAction::Knock,
        Phase::Turn if r.draws == 0 => return KarussellAction::Draw,
        Phase::Turn => !r.melded && r.draws < 3,
        Phase::FinalTurn => true,
        Phase::RoundOver | Phase::MatchOver => return KarussellAction::NextRound,
    };
    let hand = &r.hands[seat];
    if may_meld {
        if !rollout_affordable(&r.table, hand) {
            let legal = game.legal_actions(seat);
            let view = game.view(seat);
            return listed_meld(&view, &legal, true)
                .unwrap_or_else(|| normal_choice(&view, &legal));
        }
        if let Ok(best) = solve(&r.table, hand) {
            if best.placed > 0 {
                return KarussellAction::Meld {
                    table: slots_of(&best.table),
                };
            }
        }
    }
    if game.phase() == Phase::Turn && !r.stock.is_empty() && !r.melded {
        KarussellAction::Draw
    } else {
        KarussellAction::Pass
    }
}

/// Plays `game` to the end of the round with the normal policy for every seat; returns
/// `seat`'s round points minus the best other seat's, and the actions played.
pub fn rollout(mut game: Karussell, seat: usize) -> (i32, usize) {
    let mut steps = 0;
    while steps < ROLLOUT_STEPS {
        steps += 1;
        if matches!(game.phase(), Phase::RoundOver | Phase::MatchOver) {
            break;
        }
        let Some(s) = game.to_move() else { break };
        let action = rollout_action(&game, s);
        if game.apply(s, &action).is_err() {
            break;
        }
    }
    let Some(points) = game.last_round_points() else {
        return (0, steps);
    };
    let best_other = (0..points.len())
        .filter(|&s| s != seat)
        .map(|s| points[s])
        .max()
        .unwrap_or(0);
    (points[seat] - best_other, steps)
}

/// Is the best candidate (by mean) settled? Against every other candidate the paired
/// difference is either beyond `Z` standard errors or too small to matter.
fn settled(outcomes: &[Vec<f64>], best: usize) -> bool {
    (0..outcomes[0].len()).filter(|&c| c != best).all(|c| {
        let (mean, se) = paired(outcomes, best, c);
        mean > Z * se || Z * se < INDIFFERENT
    })
}

/// The Karussell lookahead for [`Search`]: candidates played out in worlds sampled from the
/// view, batches of worlds until the best is settled (within the budget).
pub struct Look {
    view: KarussellView,
    candidates: Vec<KarussellAction>,
    pool: Vec<Card>,
    budget: Budget,
}

impl Look {
    pub fn new(view: &KarussellView, candidates: Vec<KarussellAction>, budget: Budget) -> Look {
        Look {
            pool: unseen(view),
            view: view.clone(),
            candidates,
            budget,
        }
    }
}

impl Lookahead for Look {
    type World = Karussell;
    type Choice = KarussellAction;

    /// The candidate with the best mean.
    fn best(self, outcomes: &[Vec<f64>]) -> KarussellAction {
        let best = argmax(&means(outcomes, self.candidates.len()));
        self.candidates
            .into_iter()
            .nth(best)
            .unwrap_or(KarussellAction::Pass)
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

    fn sample(&mut self, rng: &mut BotRng) -> Option<Karussell> {
        sample_world(&self.view, &self.pool, rng)
    }

    fn play(&mut self, world: &Karussell, candidate: usize) -> (f64, usize) {
        let mut g = world.clone();
        match g.apply(self.view.seat, &self.candidates[candidate]) {
            Ok(_) => {
                let (score, n) = rollout(g, self.view.seat);
                (f64::from(score), n)
            }
            Err(_) => (-1_000.0, 0),
        }
    }

    fn enough(&self, outcomes: &[Vec<f64>], tried: usize, steps: usize) -> bool {
        if steps >= self.budget.steps && outcomes.len() >= BATCH {
            return true;
        }
        tried >= self.budget.min_samples
            && tried.is_multiple_of(BATCH)
            && outcomes.len() > 1
            && settled(outcomes, argmax(&means(outcomes, self.candidates.len())))
    }
}

/// Mean outcome of each candidate over the same sampled worlds: batches of worlds until
/// the best is settled (within `budget`).
pub fn evaluate(
    view: &KarussellView,
    candidates: &[KarussellAction],
    budget: Budget,
    rng: &mut BotRng,
) -> Vec<f64> {
    let look = Look::new(view, candidates.to_vec(), budget);
    let (outcomes, after) = Search::new(look, rng.clone()).finish();
    *rng = after;
    means(&outcomes, candidates.len())
}

/// The candidate actions worth comparing here (empty or one: nothing to think about).
fn candidates(view: &KarussellView, legal: &[KarussellAction]) -> Vec<KarussellAction> {
    if legal.contains(&KarussellAction::Knock) {
        return vec![KarussellAction::Knock, KarussellAction::EndTurn];
    }
    if !matches!(view.phase, PhaseView::MayMeld { .. }) || !legal.contains(&KarussellAction::Draw) {
        return Vec::new();
    }
    let Some(meld) = solver_meld(view, legal) else {
        return Vec::new();
    };
    if super::cards_added(view, &meld) == view.hand.len() {
        // Going out: nothing beats it.
        return vec![meld];
    }
    vec![meld, KarussellAction::Draw]
}

/// The hard bot's decision at once (`Ok`), or the lookahead that decides it (`Err`, for
/// [`crate::think`]).
pub fn start(
    view: &KarussellView,
    legal: &[KarussellAction],
    budget: Budget,
) -> Result<KarussellAction, Box<Look>> {
    let cands = candidates(view, legal);
    if cands.len() < 2 {
        return Ok(cands
            .into_iter()
            .next()
            .unwrap_or_else(|| normal_choice(view, legal)));
    }
    Err(Box::new(Look::new(
        view,
        cands,
        budget.for_seats(view.seats),
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::karussell::KarussellOptions;

    /// A position (two players) where the hard bot looks ahead, reached by normal play.
    fn thinking_position() -> (Karussell, usize) {
        for seed in 0..200 {
            let mut g = Karussell::new(&KarussellOptions::default(), 2, seed).unwrap();
            for _ in 0..200 {
                let Some(s) = g.to_move() else { break };
                let legal = g.legal_actions(s);
                let view = g.view(s);
                if candidates(&view, &legal).len() >= 2 {
                    return (g, s);
                }
                g.apply(s, &normal_choice(&view, &legal)).unwrap();
            }
        }
        panic!("no position with a real choice");
    }

    #[test]
    fn bots_never_peek_the_same_view_gets_the_same_decision() {
        let (real, seat) = thinking_position();
        let view = real.view(seat);
        // Another state with the same view: the hidden cards dealt differently.
        let mut rng = BotRng::seed_from_u64(99);
        let other = sample_world(&view, &unseen(&view), &mut rng).unwrap();
        assert_eq!(other.view(seat), view);
        let r = real.round_state();
        let o = other.round_state();
        assert!(
            r.hands != o.hands || r.stock != o.stock,
            "the hidden cards differ"
        );
        let legal = real.legal_actions(seat);
        assert_eq!(other.legal_actions(seat), legal);
        let hard = || crate::karussell::KarussellBot::new(engine::BotLevel::Hard, 7);
        let a = crate::Bot::choose(&mut hard(), &view, &legal);
        let b = crate::Bot::choose(&mut hard(), &other.view(seat), &legal);
        assert_eq!(a, b);
        assert!(legal.contains(&a) || real.clone().apply(seat, &a).is_ok());
    }

    #[test]
    fn thinking_in_slices_decides_as_choose_does() {
        use crate::karussell::KarussellBot;
        use engine::BotLevel;
        let (real, seat) = thinking_position();
        let view = real.view(seat);
        let legal = real.legal_actions(seat);
        let _ = crate::search::check_slicing::<Karussell, _>(
            || KarussellBot::new(BotLevel::Hard, 5),
            &view,
            &legal,
        );
    }

    #[test]
    fn unseen_is_the_deck_minus_hand_and_table() {
        let game = Karussell::new(&KarussellOptions::default(), 3, 5).unwrap();
        let view = game.view(0);
        let deck = view.options.deck(3).len();
        assert_eq!(unseen(&view).len(), deck - view.hand.len());
    }
}
