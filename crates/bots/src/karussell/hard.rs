//! The hard Karussell bot's judgement: which arrangement leaves the lowest hand, and whether
//! a knock is worth it given what the opponents probably hold.
//!
//! It sees only its view: the unseen cards are the deck minus its hand and the table; the
//! opponents' hands are sampled from them (their sizes are public).

use engine::card::{Card, CardId};
use engine::karussell::{score_round, KarussellAction, KarussellView, RoundEnd};
use engine::penalty::{penalty, PenaltyTable};
use engine::GameRng;

fn card_value(card: &Card) -> u32 {
    penalty(card.face, PenaltyTable::Manipulation)
}

/// Samples of the opponents' hands per knock decision.
const SAMPLES: usize = 400;

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

/// The hand value left after `action` (a `Meld` with the complete new table).
pub fn value_left(view: &KarussellView, action: &KarussellAction) -> u32 {
    let KarussellAction::Meld { table } = action else {
        return view.hand_value;
    };
    let placed: u32 = view
        .hand
        .iter()
        .filter(|c| table.iter().flatten().any(|s| s.card == c.id))
        .map(card_value)
        .sum();
    view.hand_value.saturating_sub(placed)
}

/// The expected gain of knocking now (own round points minus the best opponent's), over
/// sampled opponent hands.
pub fn knock_gain(view: &KarussellView, rng: &mut GameRng) -> f64 {
    let mut pool = unseen(view);
    let me = view.seat;
    let mut total = 0i64;

    for _ in 0..SAMPLES {
        let mut values = vec![0u32; view.seats];
        values[me] = view.hand_value;
        let mut next = 0;
        for (seat, v) in values.iter_mut().enumerate() {
            if seat == me {
                continue;
            }
            for _ in 0..view.hand_sizes[seat] {
                if next >= pool.len() {
                    break;
                }
                let j = next + rng.below((pool.len() - next) as u64) as usize;
                pool.swap(next, j);
                *v += card_value(&pool[next]);
                next += 1;
            }
        }
        let end = RoundEnd::Knocked {
            seat: me,
            pips: view.hand_value,
        };
        let points = score_round(&values, &end).points;
        let best_other = (0..view.seats)
            .filter(|&s| s != me)
            .map(|s| points[s])
            .max()
            .unwrap_or(0);
        total += i64::from(points[me] - best_other);
    }
    total as f64 / SAMPLES as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::karussell::{Karussell, KarussellOptions};
    use engine::Game;

    #[test]
    fn unseen_is_the_deck_minus_hand_and_table() {
        let game = Karussell::new(&KarussellOptions::default(), 3, 5).unwrap();
        let view = game.view(0);
        let deck = view.options.deck(3).len();
        assert_eq!(unseen(&view).len(), deck - view.hand.len());
    }
}
