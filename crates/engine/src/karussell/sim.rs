//! States for a bot's lookahead: a viewer's [`KarussellView`] plus *guessed* hidden cards.
//!
//! A bot that wants to look ahead (determinized Monte-Carlo) samples the cards it cannot
//! see (the other hands and the stock order) from the unseen cards and builds a full state
//! from its own view and that guess. The builder takes nothing but the view and the guess,
//! so it cannot reveal a real hidden card: what a simulation knows is what the bot put in.

use super::state::{Karussell, Phase, Round};
use super::view::{KarussellView, PhaseView};
use super::RuleError;
use crate::card::Card;
use crate::sim::{bad_guess, each_card_once, seat_hands};

impl Karussell {
    /// A state consistent with `view` in which the other seats hold `hands[s]` (the
    /// viewer's own entry is ignored: it is `view.hand`) and the stock is `stock` (top =
    /// last element). Checks that the sizes match the view and that every card of the deck
    /// is used exactly once. Everything public (sheet, log, totals) is copied from the view,
    /// so the new state shows the viewer exactly `view`.
    #[doc(hidden)]
    pub fn for_simulation(
        view: &KarussellView,
        mut hands: Vec<Vec<Card>>,
        stock: Vec<Card>,
        seed: u64,
    ) -> Result<Karussell, RuleError> {
        let bad = bad_guess::<super::KarussellError>;
        let seats = view.seats;
        if hands.len() != seats
            || stock.len() != view.stock_size
            || !seat_hands(&mut hands, view.seat, &view.hand, &view.hand_sizes)
        {
            return Err(bad());
        }
        let deck = view.options.deck(seats).cards();
        let table = view.table.iter().flatten().map(|t| t.card);
        let guessed = hands.iter().flatten().chain(&stock).copied();
        if !each_card_once(&deck, table.chain(guessed)) {
            return Err(bad());
        }
        let mut g = Karussell::fresh(&view.options, seats, seed)?;
        let (phase, final_left) = match view.phase {
            PhaseView::Draw { .. } | PhaseView::MayMeld { .. } | PhaseView::AfterMeld { .. } => {
                (Phase::Turn, 0)
            }
            PhaseView::KnockDecision { .. } => (Phase::KnockDecision, 0),
            PhaseView::FinalTurn { left, .. } => (Phase::FinalTurn, left),
            PhaseView::RoundOver { .. } | PhaseView::MatchOver => return Err(bad()),
        };
        g.round = Round {
            hands,
            stock,
            table: view.table.clone(),
            turn: view.turn,
            draws: view.draws,
            melded: view.melded,
            emptied_by: view.stock_emptied_by,
            final_left,
        };
        g.phase = phase;
        g.round_no = view.round;
        g.dealer = view.dealer;
        g.totals = view.totals.clone();
        g.rounds_won = view.rounds_won.clone();
        g.sheet = view.sheet.clone();
        g.log = view.events.clone();
        Ok(g)
    }

    /// The points of the last scored round (for simulations), once the round is over.
    #[doc(hidden)]
    pub fn last_round_points(&self) -> Option<&[i32]> {
        self.summary.as_ref().map(|s| s.points.as_slice())
    }
}

#[cfg(test)]
mod tests {
    use crate::card::Card;
    use crate::game::Game;
    use crate::karussell::{Karussell, KarussellOptions};

    #[test]
    fn a_state_from_the_real_cards_has_the_same_view() {
        let mut g = Karussell::new(&KarussellOptions::default(), 3, 9).unwrap();
        let seat = g.to_move().unwrap();
        g.apply(seat, &crate::karussell::KarussellAction::Draw)
            .unwrap();
        let view = g.view(seat);
        let r = g.round_state();
        let sim = Karussell::for_simulation(&view, r.hands.clone(), r.stock.clone(), 1).unwrap();
        assert_eq!(sim.round_state(), r);
        assert_eq!(sim.view(seat), view);
        assert_eq!(sim.phase(), g.phase());
        assert_eq!(sim.legal_actions(seat), g.legal_actions(seat));
        // A card twice (or missing) is refused.
        let mut hands = r.hands.clone();
        let other = (seat + 1) % 3;
        let dup: Card = r.stock[0];
        hands[other][0] = dup;
        assert!(Karussell::for_simulation(&view, hands, r.stock.clone(), 1).is_err());
    }
}
