//! Measurement only: a clairvoyant hard bot, to measure the ceiling of the hard bot's
//! one-step search (`bin/ceiling_romme.rs`). Never part of the app or the wasm build: the
//! module exists only natively and is reached only from that benchmark, which drives the
//! games itself and hands the true state to the bot at every decision.
//!
//! It is exactly the hard bot — the same candidates ([`super::super::RommeBot`]'s
//! `Thinker::start`), the same rollouts with the normal policy in the other seats, the same
//! value and the same overrule rule ([`Look`]) — except where its worlds come from:
//!
//! - [`Sight::Hands`]: the opponents' hands are the true ones (what perfect inference could
//!   give at best); the talon order and the pile below the top are sampled as the hard bot
//!   samples them (the remembered part of the pile on top, the rest shuffled);
//! - [`Sight::All`]: every world is the true state (hands, talon order, pile, the engine's
//!   own generator for a reshuffle).
//!
//! [`Sight::View`] samples the worlds from the view exactly as the hard bot does (a check of
//! this code path: it must play as the hard bot, to the digit).

use super::{rollout_bots, Look};
use crate::search::{Lookahead, Search};
use crate::think::Thinker;
use crate::BotRng;
use engine::romme::{Romme, RommeAction};
use engine::{Card, Game, Seat};

use super::super::RommeBot;

/// What the clairvoyant knows beyond its view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sight {
    /// The opponents' true hands.
    Hands,
    /// The whole true state.
    All,
    /// Nothing: the hard bot's own worlds.
    View,
    /// This percentage of each opponent's hand (each card by chance; the discards he took
    /// always), the rest drawn from the unseen cards: how much a partial reading is worth.
    Share(u8),
}

impl Sight {
    pub fn parse(code: &str) -> Option<Sight> {
        match code {
            "hands" => Some(Sight::Hands),
            "all" => Some(Sight::All),
            "view" => Some(Sight::View),
            _ => code
                .strip_prefix("share")
                .and_then(|p| p.parse().ok())
                .filter(|&p: &u8| p <= 100)
                .map(Sight::Share),
        }
    }
}

/// The hard bot's lookahead with worlds built from the true state.
struct Oracle {
    look: Look,
    truth: Romme,
    sight: Sight,
    /// Worlds that could not be built.
    failed: usize,
}

impl Lookahead for Oracle {
    type World = (Romme, Vec<RommeBot>);
    type Choice = RommeAction;

    fn best(self, outcomes: &[Vec<f64>]) -> RommeAction {
        self.look.best(outcomes)
    }

    fn candidates(&self) -> usize {
        self.look.candidates()
    }

    fn listed(&self) -> &[RommeAction] {
        self.look.listed()
    }

    fn samples(&self) -> usize {
        self.look.samples()
    }

    fn sample(&mut self, rng: &mut BotRng) -> Option<Self::World> {
        let world = match self.sight {
            Sight::All => Some(self.truth.clone()),
            Sight::Hands => hands_world(&self.look, &self.truth, rng),
            Sight::Share(pct) => share_world(&self.look, &self.truth, pct, rng),
            Sight::View => {
                let memory = (&self.look.collected[..], &self.look.pile[..]);
                super::sample_world(&self.look.view, &self.look.pool, memory, rng)
            }
        };
        let Some(world) = world else {
            self.failed += 1;
            return None;
        };
        Some((world, rollout_bots(&self.look.view, &self.look.me, rng)))
    }

    fn play(&mut self, world: &Self::World, candidate: usize) -> (f64, usize) {
        self.look.play(world, candidate)
    }

    fn enough(&self, outcomes: &[Vec<f64>], tried: usize, steps: usize) -> bool {
        self.look.enough(outcomes, tried, steps)
    }
}

/// A world with the opponents' true hands; the talon and the pile below the top drawn from
/// the rest of the unseen cards as [`super::sample_world`] draws them (the remembered faces
/// of the pile on its top part).
fn hands_world(look: &Look, truth: &Romme, rng: &mut BotRng) -> Option<Romme> {
    let view = &look.view;
    let true_hands = &truth.deal_state().hands;
    let mut hands = vec![Vec::new(); view.seats];
    for (seat, hand) in hands.iter_mut().enumerate() {
        if seat != view.seat {
            hand.clone_from(&true_hands[seat]);
        }
    }
    let held: Vec<_> = hands.iter().flatten().map(|c: &Card| c.id).collect();
    let mut cards: Vec<Card> = look
        .pool
        .iter()
        .filter(|c| !held.contains(&c.id))
        .copied()
        .collect();
    rng.shuffle(&mut cards);
    let pile_top_part = super::remembered_pile(view, &look.pile, &mut cards);
    super::world_of(view, hands, cards, pile_top_part, rng)
}

/// A world with `pct` % of each opponent's true hidden cards (each kept by chance; the
/// discards he took are kept as the hard bot keeps them), the rest of his hand, the talon
/// and the pile below the top drawn from the remaining unseen cards.
fn share_world(look: &Look, truth: &Romme, pct: u8, rng: &mut BotRng) -> Option<Romme> {
    let view = &look.view;
    let true_hands = &truth.deal_state().hands;
    let mut hands = vec![Vec::new(); view.seats];
    for (seat, hand) in hands.iter_mut().enumerate() {
        if seat == view.seat {
            continue;
        }
        let mut taken: Vec<_> = look
            .collected
            .iter()
            .filter(|(s, _)| *s == seat)
            .map(|&(_, f)| f)
            .collect();
        for c in &true_hands[seat] {
            let pinned = taken.iter().position(|f| *f == c.face);
            if let Some(i) = pinned {
                taken.swap_remove(i);
                hand.push(*c);
            } else if rng.below(100) < u64::from(pct) {
                hand.push(*c);
            }
        }
    }
    let held: Vec<_> = hands.iter().flatten().map(|c: &Card| c.id).collect();
    let mut cards: Vec<Card> = look
        .pool
        .iter()
        .filter(|c| !held.contains(&c.id))
        .copied()
        .collect();
    rng.shuffle(&mut cards);
    let pile_top_part = super::remembered_pile(view, &look.pile, &mut cards);
    for (seat, hand) in hands.iter_mut().enumerate() {
        if seat != view.seat {
            let n = view.hand_sizes[seat]
                .saturating_sub(hand.len())
                .min(cards.len());
            hand.extend(cards.split_off(cards.len() - n));
        }
    }
    super::world_of(view, hands, cards, pile_top_part, rng)
}

/// What the clairvoyant did over a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Decisions searched.
    pub searched: usize,
    /// Searched decisions where it played another candidate than normal's choice.
    pub overruled: usize,
    /// Worlds that could not be built.
    pub failed: usize,
    /// `Sight::All`: searched decisions whose worlds did not all give the same values.
    pub varied: usize,
}

/// The hard bot (the same seed, options and budget as a tournament's) deciding with the
/// true state.
pub struct Clairvoyant {
    pub bot: RommeBot,
    pub sight: Sight,
    pub tally: Tally,
}

impl Clairvoyant {
    pub fn new(bot: RommeBot, sight: Sight) -> Clairvoyant {
        Clairvoyant {
            bot,
            sight,
            tally: Tally::default(),
        }
    }

    /// The action for `seat` (to move) in the true state `game`: the hard bot's decision
    /// ([`crate::think::decide`]) with the oracle's worlds.
    pub fn choose(&mut self, game: &Romme, seat: Seat) -> RommeAction {
        let view = game.view(seat);
        let legal = game.legal_actions(seat);
        let look = match self.bot.start(&view, &legal) {
            Ok(action) => return action,
            Err(_) if legal.len() == 1 => return legal[0].clone(),
            Err(look) => *look,
        };
        let oracle = Oracle {
            look,
            truth: game.clone(),
            sight: self.sight,
            failed: 0,
        };
        let rng = self.bot.mind().1.clone();
        let mut search = Search::new(oracle, rng);
        search.run(&mut || false);
        let (oracle, outcomes, rng) = search.into_parts();
        *self.bot.mind().1 = rng;
        self.tally.searched += 1;
        self.tally.failed += oracle.failed;
        if outcomes.windows(2).any(|w| w[0] != w[1]) {
            self.tally.varied += 1;
        }
        let normal = oracle.listed().first().cloned();
        let action = oracle.best(&outcomes);
        if Some(&action) != normal.as_ref() {
            self.tally.overruled += 1;
        }
        if legal.contains(&action) {
            action
        } else {
            self.bot.fallback(&view, &legal)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::walk_decisions;
    use super::*;
    use crate::romme::{Budget, Level};
    use crate::Bot;
    use engine::romme::Preset;

    fn sorted(hand: &[Card]) -> Vec<engine::CardId> {
        let mut ids: Vec<_> = hand.iter().map(|c| c.id).collect();
        ids.sort();
        ids
    }

    #[test]
    fn hands_worlds_hold_the_true_hands_and_show_the_view() {
        let opts = Preset::MitKaufen.options();
        let mut rng = BotRng::seed_from_u64(1);
        let checked = walk_decisions(&opts, 3, 7, |g, s, view, legal, bot| {
            let look = Look::new(view, legal.to_vec(), bot, Budget::DEFAULT);
            let w = hands_world(&look, g, &mut rng).unwrap();
            assert_eq!(w.view(s), *view);
            assert_eq!(w.legal_actions(s), legal);
            for o in (0..3).filter(|&o| o != s) {
                let (hand, truth) = (&w.deal_state().hands[o], &g.deal_state().hands[o]);
                assert_eq!(sorted(hand), sorted(truth));
            }
        });
        assert!(checked > 20, "{checked}");
    }

    #[test]
    fn the_clairvoyant_plays_legal_actions_to_the_end_of_a_deal() {
        let opts = crate::romme::arena::one_deal(&Preset::Grundspiel.options());
        let budget = Budget {
            samples: 4,
            ..Budget::DEFAULT
        };
        for sight in [Sight::Hands, Sight::All, Sight::Share(50)] {
            let mut g = Romme::new(&opts, 2, 3).unwrap();
            let hard = RommeBot::new(Level::Hard, 1).with_options(&opts);
            let mut clair = Clairvoyant::new(hard.with_budget(budget), sight);
            let mut normal = RommeBot::new(Level::Normal, 2).with_options(&opts);
            while let Some(s) = g.to_move() {
                let legal = g.legal_actions(s);
                let a = if s == 0 {
                    clair.choose(&g, s)
                } else {
                    normal.choose(&g.view(s), &legal)
                };
                g.apply(s, &a).unwrap();
            }
            assert!(clair.tally.searched > 0, "{sight:?}");
            assert_eq!(clair.tally.failed, 0, "{sight:?}");
        }
    }
}
