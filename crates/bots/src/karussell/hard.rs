//! The hard Karussell bot: determinized Monte-Carlo lookahead (the idea of ISMCTS,
//! simplified to one level).
//!
//! At a decision that matters it lists a few candidate actions, samples `SAMPLES` worlds
//! (the other hands and the stock order) from the cards it cannot see, builds a full state
//! for each with [`Karussell::for_simulation`], plays every candidate out to the end of the
//! round with the normal policy for every seat, and takes the candidate with the best mean
//! of (own round points − best opponent's round points), with the real `score_round`.
//! Every candidate is played in the same worlds (common random numbers).
//!
//! It sees only its view: the unseen cards are the deck minus its hand and the table; the
//! sizes of the other hands and of the stock are public. All randomness comes from the
//! bot's own [`GameRng`], so two states with the same view get the same decision.

use super::{normal_choice, solver_meld};
use engine::card::{Card, CardId};
use engine::karussell::{Karussell, KarussellAction, KarussellView, Phase, PhaseView};
use engine::{Game, GameRng};

/// Worlds sampled per decision.
pub const SAMPLES: usize = 40;

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
pub fn sample_world(view: &KarussellView, pool: &[Card], rng: &mut GameRng) -> Option<Karussell> {
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

/// Plays `game` to the end of the round with the normal policy for every seat; returns
/// `seat`'s round points minus the best other seat's.
pub fn rollout(mut game: Karussell, seat: usize) -> i32 {
    for _ in 0..ROLLOUT_STEPS {
        if matches!(game.phase(), Phase::RoundOver | Phase::MatchOver) {
            break;
        }
        let Some(s) = game.to_move() else { break };
        let legal = game.legal_actions(s);
        let action = normal_choice(&game.view(s), &legal);
        if game.apply(s, &action).is_err() {
            break;
        }
    }
    let Some(points) = game.last_round_points() else {
        return 0;
    };
    let best_other = (0..points.len())
        .filter(|&s| s != seat)
        .map(|s| points[s])
        .max()
        .unwrap_or(0);
    points[seat] - best_other
}

/// Mean outcome of each candidate over the same sampled worlds.
pub fn evaluate(
    view: &KarussellView,
    candidates: &[KarussellAction],
    samples: usize,
    rng: &mut GameRng,
) -> Vec<f64> {
    let pool = unseen(view);
    let mut totals = vec![0i64; candidates.len()];
    let mut worlds = 0;
    for _ in 0..samples {
        let Some(world) = sample_world(view, &pool, rng) else {
            continue;
        };
        worlds += 1;
        for (total, action) in totals.iter_mut().zip(candidates) {
            let mut g = world.clone();
            if g.apply(view.seat, action).is_ok() {
                *total += i64::from(rollout(g, view.seat));
            } else {
                *total -= 1_000;
            }
        }
    }
    totals
        .iter()
        .map(|&t| t as f64 / worlds.max(1) as f64)
        .collect()
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

/// The hard bot's decision.
pub fn choose(
    view: &KarussellView,
    legal: &[KarussellAction],
    rng: &mut GameRng,
) -> KarussellAction {
    let cands = candidates(view, legal);
    if cands.len() < 2 {
        return cands
            .into_iter()
            .next()
            .unwrap_or_else(|| normal_choice(view, legal));
    }
    let means = evaluate(view, &cands, SAMPLES, rng);
    let best = (0..cands.len())
        .max_by(|&a, &b| means[a].total_cmp(&means[b]).then(b.cmp(&a)))
        .unwrap_or(0);
    cands[best].clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::karussell::KarussellOptions;

    #[test]
    fn unseen_is_the_deck_minus_hand_and_table() {
        let game = Karussell::new(&KarussellOptions::default(), 3, 5).unwrap();
        let view = game.view(0);
        let deck = view.options.deck(3).len();
        assert_eq!(unseen(&view).len(), deck - view.hand.len());
    }
}
