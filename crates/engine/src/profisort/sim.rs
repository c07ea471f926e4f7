//! States for a bot's lookahead: a viewer's [`ProfiSortView`] plus *guessed* hidden cards.
//!
//! A bot that looks ahead (determinized Monte-Carlo) samples the cards it cannot see (the
//! other players' own hand cards and the talon order) from the unseen cards and builds a
//! full state from its own view and that guess. Everything else is public: the discard
//! pile, the task melds, received aces, sheets, scores. The builder takes nothing but the
//! view and the guess, so it cannot reveal a real hidden card: what a simulation knows is
//! what the bot put in.
//!
//! During a redeal choice the seats still to decide after the current one follow from the
//! guessed hands (3+ aces, in turn order from the starter); the deciding seat's guessed
//! hand must hold the number of aces the view announces.

use super::state::{Deal, Phase, ProfiSort, Sheet};
use super::view::ProfiSortView;
use super::RuleError;
use crate::card::Card;
use crate::sim::{bad_guess, each_card_once, seat_hands};

/// The hidden cards of a guess.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Guess {
    /// Own hand cards per seat (received aces are public and come from the view); the
    /// viewer's own entry is ignored (it is `view.hand`).
    pub hands: Vec<Vec<Card>>,
    /// Face down; the top card is the last element.
    pub talon: Vec<Card>,
}

fn bad() -> RuleError {
    bad_guess()
}

fn aces(hand: &[Card]) -> usize {
    hand.iter()
        .filter(|c| c.face.rank().is_some_and(|r| r.0 == 1))
        .count()
}

impl ProfiSort {
    /// A state consistent with `view` in which the hidden cards are those of `guess`.
    /// Checks that the sizes match the view and that every card of the deck is used exactly
    /// once (with its face). Everything public (sheets, totals, score rows, log) is copied
    /// from the view, so the new state shows the viewer exactly `view`. Refused between
    /// deals and after the match (nothing is hidden there).
    #[doc(hidden)]
    pub fn for_simulation(
        view: &ProfiSortView,
        guess: Guess,
        seed: u64,
    ) -> Result<ProfiSort, RuleError> {
        let Guess { mut hands, talon } = guess;
        let seats = view.seats;
        if hands.len() != seats
            || view.seat >= seats
            || talon.len() != view.talon
            || view.received.len() != seats
            || !seat_hands(&mut hands, view.seat, &view.hand, &view.hand_sizes)
        {
            return Err(bad());
        }
        if matches!(view.phase, Phase::DealOver | Phase::MatchOver) {
            return Err(bad());
        }
        let deck = view.options.deck().cards();
        let open = view
            .received
            .iter()
            .flatten()
            .chain(&view.discard)
            .chain(view.melds.iter().flat_map(|m| m.cards()));
        let cards = hands.iter().flatten().chain(&talon).chain(open).copied();
        if !each_card_once(&deck, cards) {
            return Err(bad());
        }
        let redeal_queue = match (view.phase, view.redeal) {
            (Phase::RedealChoice, Some((first, n))) => redeal_queue(view, &hands, first, n)?,
            (Phase::RedealChoice, None) => return Err(bad()),
            _ => Vec::new(),
        };
        let mut g = ProfiSort::fresh(&view.options, seats, seed)?;
        g.deal = Deal {
            hands,
            received: view.received.clone(),
            talon,
            discard: view.discard.clone(),
            melds: view.melds.clone(),
            turn: view.turn,
            opened: view.opened.clone(),
            gave_ace: view.gave_ace.clone(),
            taken: view.taken,
            redeal_queue,
            rebuilt: view.rebuilt,
        };
        g.phase = view.phase;
        g.deal_no = view.deal;
        g.dealer = view.dealer;
        g.totals = view.totals.clone();
        g.sheets = view
            .sheets
            .iter()
            .map(|s| Sheet {
                done: s.done.clone(),
                joker_free: s
                    .joker_free
                    .iter()
                    .filter(|b| b.struck)
                    .flat_map(|b| b.tasks.iter().copied())
                    .collect(),
            })
            .collect();
        g.rows = view.rows.clone();
        g.summary = view.summary.clone();
        g.special = view.special.clone();
        g.log = view.log.clone();
        Ok(g)
    }
}

/// The seats still to decide about a redeal: `first` (whose hand must hold `n` aces), then
/// every later seat in turn order from the starter with 3+ aces.
fn redeal_queue(
    view: &ProfiSortView,
    hands: &[Vec<Card>],
    first: usize,
    n: usize,
) -> Result<Vec<usize>, RuleError> {
    let seats = view.seats;
    if first >= seats || aces(&hands[first]) != n || n < 3 {
        return Err(bad());
    }
    let starter = (view.dealer + 1) % seats;
    let order: Vec<usize> = (0..seats).map(|k| (starter + k) % seats).collect();
    let at = order.iter().position(|&s| s == first).unwrap_or(0);
    Ok(order[at..]
        .iter()
        .copied()
        .filter(|&s| s == first || aces(&hands[s]) >= 3)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::profisort::{ProfiSortAction, ProfiSortOptions};

    fn guess_of(g: &ProfiSort) -> Guess {
        Guess {
            hands: g.deal().hands.clone(),
            talon: g.deal().talon.clone(),
        }
    }

    #[test]
    fn the_real_cards_give_the_same_view_and_a_wrong_guess_is_refused() {
        let mut g = ProfiSort::new(&ProfiSortOptions::default(), 3, 9).unwrap();
        while g.phase() == Phase::RedealChoice {
            let s = g.to_move().unwrap();
            g.apply(s, &ProfiSortAction::KeepHand).unwrap();
        }
        let seat = g.to_move().unwrap();
        g.apply(seat, &ProfiSortAction::Draw).unwrap();
        for viewer in 0..3 {
            let view = g.view(viewer);
            let sim = ProfiSort::for_simulation(&view, guess_of(&g), 1).unwrap();
            assert_eq!(sim.view(viewer), view);
            assert_eq!(sim.deal(), g.deal());
            assert_eq!(sim.legal_actions(seat), g.legal_actions(seat));
        }
        let view = g.view(seat);
        let other = (seat + 1) % 3;
        // A card twice is refused.
        let mut dup = guess_of(&g);
        dup.hands[other][0] = dup.talon[0];
        assert!(ProfiSort::for_simulation(&view, dup, 1).is_err());
        // A wrong hand size is refused.
        let mut short = guess_of(&g);
        let c = short.hands[other].pop().unwrap();
        short.talon.push(c);
        assert!(ProfiSort::for_simulation(&view, short, 1).is_err());
        // The talon's size is public.
        let mut no_talon = guess_of(&g);
        no_talon.talon.pop();
        assert!(ProfiSort::for_simulation(&view, no_talon, 1).is_err());
    }
}
