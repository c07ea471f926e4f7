//! States for a bot's lookahead: a viewer's [`AbluxxenView`] plus *guessed* hidden cards.
//!
//! A bot that looks ahead (determinized Monte-Carlo) samples the cards it cannot see (the
//! other hands, the pile order, the faces of the discard and out-of-play piles) from the
//! unseen cards and builds a full state from its own view and that guess. The builder takes
//! nothing but the view and the guess, so it cannot reveal a real hidden card: what a
//! simulation knows is what the bot put in.
//!
//! The bookkeeping the view does not show is inferred from it: the victims still to be
//! resolved after the current one are the later seats (clockwise from the turn owner)
//! whose open group the turn owner's open group luxxes; the summed hand cards of the match
//! (its tie-break) are those of the finished games' results; the first start player
//! follows from the start player and the game number.

use super::events::RoundResult;
use super::state::{group_value, victims_of, Phase};
use super::view::{AbluxxenView, Pending};
use super::{Abluxxen, RuleError};
use crate::card::{Card, DeckSpec};
use crate::game::Seat;
use crate::rng::GameRng;
use crate::sim::{bad_guess, each_card_once, seat_hands};

/// The hidden cards of a guess.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Guess {
    /// One hand per seat; the viewer's own entry is ignored (it is `view.hand`).
    pub hands: Vec<Vec<Card>>,
    /// Face down; the top card is the last element.
    pub pile: Vec<Card>,
    /// The rejected luxxed cards (shown as a count).
    pub discard: Vec<Card>,
    /// Profiduell: the 13s and jokers that left the game (shown as a count).
    pub out_of_play: Vec<Card>,
}

fn bad() -> RuleError {
    bad_guess()
}

impl Abluxxen {
    /// A state consistent with `view` in which the hidden cards are those of `guess`.
    /// Checks that the sizes match the view and that every card of the deck is used exactly
    /// once (with its face). Everything public (displays, supply, shadow, totals, results,
    /// log) is copied from the view, so the new state shows the viewer exactly `view`.
    /// `seed` seeds the deals of later games of the match.
    #[doc(hidden)]
    pub fn for_simulation(
        view: &AbluxxenView,
        guess: Guess,
        seed: u64,
    ) -> Result<Abluxxen, RuleError> {
        let Guess {
            mut hands,
            pile,
            discard,
            out_of_play,
        } = guess;
        let seats = view.seats;
        super::setup::check_setup(&view.options, seats)?;
        let sizes: Vec<usize> = view.players.iter().map(|p| p.hand_count).collect();
        if hands.len() != seats
            || view.players.len() != seats
            || view.seat >= seats
            || view.active >= seats
            || pile.len() != view.pile_count
            || discard.len() != view.discard_count
            || out_of_play.len() != view.out_of_play_count
            || view.supply.len() != super::SUPPLY_SLOTS
            || !seat_hands(&mut hands, view.seat, &view.hand, &sizes)
        {
            return Err(bad());
        }
        let displays: Vec<Vec<Vec<Card>>> = view
            .players
            .iter()
            .map(|p| p.display.iter().map(|g| g.cards.clone()).collect())
            .collect();
        let deck = DeckSpec::Abluxxen.cards();
        let public = displays
            .iter()
            .flatten()
            .flatten()
            .chain(view.supply.iter().flatten())
            .chain(&view.shadow);
        let guessed = hands
            .iter()
            .flatten()
            .chain(&pile)
            .chain(&discard)
            .chain(&out_of_play);
        if !each_card_once(&deck, public.chain(guessed).copied()) {
            return Err(bad());
        }
        let phase = phase_of(view, &displays)?;
        let round = view.round.max(1) as usize;
        let first_start = (view.start_player + seats * round - (round - 1) % seats) % seats;
        Ok(Abluxxen {
            options: view.options.clone(),
            seats,
            rng: GameRng::seed_from_u64(seed),
            round: view.round,
            first_start,
            active: view.active,
            hands,
            displays,
            supply: view.supply.clone(),
            pile,
            discard,
            out_of_play,
            shadow: view.shadow.clone(),
            phase,
            totals: view.totals.clone(),
            hand_totals: hand_totals(&view.results, seats),
            results: view.results.clone(),
            log: view.last_events.clone(),
        })
    }

    /// The results of the finished games of the match (for simulations).
    #[doc(hidden)]
    pub fn round_results(&self) -> &[RoundResult] {
        &self.results
    }
}

/// The summed hand cards of the finished games, per seat.
fn hand_totals(results: &[RoundResult], seats: usize) -> Vec<i32> {
    let mut totals = vec![0; seats];
    for r in results {
        for (t, h) in totals.iter_mut().zip(&r.hand_counts) {
            *t += *h as i32;
        }
    }
    totals
}

/// The state's phase behind the view's pending decision.
fn phase_of(view: &AbluxxenView, displays: &[Vec<Vec<Card>>]) -> Result<Phase, RuleError> {
    // The victims of the turn owner's open group (the group just played), clockwise.
    let played = || {
        let group = displays[view.active].last().ok_or_else(bad)?;
        Ok::<_, RuleError>(victims_of(
            displays,
            view.active,
            group_value(group),
            group.len(),
        ))
    };
    let seats = view.seats;
    let after = |victim: Seat| -> Result<Vec<Seat>, RuleError> {
        let rank = |s: Seat| (s + seats - view.active) % seats;
        Ok(played()?
            .into_iter()
            .filter(|&s| rank(s) > rank(victim))
            .collect())
    };
    Ok(match &view.pending {
        Pending::Play { .. } => Phase::Play,
        Pending::ShadowChoice { count, options, .. } => Phase::ShadowChoice {
            options: options.iter().map(|o| o.value).collect(),
            count: *count,
            victims: played()?,
        },
        Pending::LuxxDecision { victim, .. } => Phase::LuxxDecision {
            victim: *victim,
            queue: after(*victim)?,
        },
        Pending::VictimDecision { seat, .. } => Phase::VictimDecision {
            victim: *seat,
            queue: after(*seat)?,
        },
        Pending::Draw {
            seat,
            remaining,
            can_pass,
            ..
        } => Phase::Draw {
            seat: *seat,
            remaining: *remaining,
            queue: if *can_pass { Vec::new() } else { after(*seat)? },
            optional: *can_pass,
        },
        Pending::MatchOver => Phase::Over,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abluxxen::AbluxxenOptions;
    use crate::game::Game;
    use crate::rng::GameRng;

    /// The real hidden cards of `g` as a guess for `seat`.
    fn real_guess(g: &Abluxxen) -> Guess {
        Guess {
            hands: g.hands.clone(),
            pile: g.pile.clone(),
            discard: g.discard.clone(),
            out_of_play: g.out_of_play.clone(),
        }
    }

    /// Random play through every phase with 2–5 seats and the Profiduell: a state built
    /// from a seat's view and the real hidden cards shows that seat the same view, offers
    /// the same actions and plays on the same.
    #[test]
    fn a_state_from_the_real_cards_has_the_same_view_in_every_phase() {
        let mut phases = std::collections::BTreeSet::new();
        let configs = [
            (2, false, false),
            (3, true, false),
            (4, false, false),
            (5, true, false),
            (2, true, true),
            (2, false, true),
        ];
        for (seats, draw_if_no_luxx, profiduell) in configs {
            let o = AbluxxenOptions {
                draw_if_no_luxx,
                rounds: 2,
                profiduell,
            };
            for seed in 0..6 {
                let mut g = Abluxxen::new(&o, seats, seed).unwrap();
                let mut rng = GameRng::seed_from_u64(seed + 100);
                let mut step = 0;
                while let Some(s) = g.to_move() {
                    for viewer in 0..seats {
                        let view = g.view(viewer);
                        let sim = Abluxxen::for_simulation(&view, real_guess(&g), 7)
                            .unwrap_or_else(|e| panic!("{e:?} {:?} {:?}", view.pending, g.phase));
                        assert_eq!(sim.view(viewer), view, "seat {viewer}, step {step}");
                        assert_eq!(sim.phase, g.phase, "step {step}");
                        assert_eq!(sim.legal_actions(s), g.legal_actions(s));
                        assert_eq!(sim.standings(), g.standings());
                    }
                    phases.insert(
                        format!("{:?}", g.view(s).pending)
                            .chars()
                            .take(8)
                            .collect::<String>(),
                    );
                    let legal = g.legal_actions(s);
                    let a = &legal[rng.below(legal.len() as u64) as usize];
                    // The simulated state plays on like the real one within the game.
                    let mut sim = Abluxxen::for_simulation(&g.view(s), real_guess(&g), 7).unwrap();
                    let mut real = g.clone();
                    let e1 = real.apply(s, a).unwrap();
                    let e2 = sim.apply(s, a).unwrap();
                    if real.round == g.round {
                        assert_eq!(e1, e2);
                        assert_eq!(real.phase, sim.phase);
                        for v in 0..seats {
                            assert_eq!(real.view(v), sim.view(v), "after {a:?}");
                        }
                    }
                    g.apply(s, a).unwrap();
                    step += 1;
                }
            }
        }
        for p in ["Play { s", "ShadowCh", "LuxxDeci", "VictimDe", "Draw { s"] {
            assert!(phases.contains(p), "phase {p} not reached: {phases:?}");
        }
    }

    #[test]
    fn a_guess_that_does_not_fit_the_view_is_refused() {
        let o = AbluxxenOptions::default();
        let g = Abluxxen::new(&o, 3, 4).unwrap();
        let view = g.view(0);
        assert!(Abluxxen::for_simulation(&view, real_guess(&g), 1).is_ok());
        // A card twice (and one missing).
        let mut dup = real_guess(&g);
        dup.hands[1][0] = dup.pile[0];
        assert!(Abluxxen::for_simulation(&view, dup, 1).is_err());
        // Wrong hand size.
        let mut short = real_guess(&g);
        let c = short.hands[2].pop().unwrap();
        short.pile.push(c);
        assert!(Abluxxen::for_simulation(&view, short, 1).is_err());
        // A card with another face.
        let mut face = real_guess(&g);
        face.pile[0].face = match face.pile[0].face {
            crate::card::Face::Lux(v) => crate::card::Face::Lux(v % 13 + 1),
            _ => crate::card::Face::Lux(1),
        };
        assert!(Abluxxen::for_simulation(&view, face, 1).is_err());
        // Wrong number of hands.
        let mut hands = real_guess(&g);
        hands.hands.pop();
        assert!(Abluxxen::for_simulation(&view, hands, 1).is_err());
    }
}
