//! Measurement only: a clairvoyant hard bot, to measure the ceiling of the hard bot's
//! one-step search (`bin/ceiling_romme.rs`). Never part of the app or the wasm build (the
//! app does not depend on this crate): it is reached only from that benchmark, which drives
//! the games itself and hands the true state to the bot at every decision.
//!
//! It is exactly the hard bot — the same candidates ([`RommeBot`]'s `Thinker::start`), the
//! same rollouts with the normal policy in the other seats, the same value and the same
//! overrule rule ([`Look`]) — except where its worlds come from:
//!
//! - [`Sight::Hands`]: the opponents' hands are the true ones (what perfect inference could
//!   give at best); the talon order and the pile below the top are sampled as the hard bot
//!   samples them (the remembered part of the pile on top, the rest shuffled);
//! - [`Sight::All`]: every world is the true state (hands, talon order, pile, the engine's
//!   own generator for a reshuffle);
//! - [`Sight::Melds`] / [`Sight::Rest`]: only a part of each opponent's true hand — the
//!   cards in the melds of its best partition, or the cards outside them — the rest of the
//!   hand drawn as the hard bot draws it (which part of the hands the gain comes from);
//! - [`Sight::Pips`]: the hands drawn as the hard bot draws them, but up to
//!   [`PIPS_TRIES`] times, keeping the draw whose deadwood comes closest to the true one.
//!
//! [`Sight::View`] samples the worlds from the view exactly as the hard bot does (a check of
//! this code path: it must play as the hard bot, to the digit).

use bots::romme::hard::{deal_hands, rollout_bots, sample_world, world_of, Look};
use bots::romme::partition::best_partition;
use bots::romme::RommeBot;
use bots::search::{Lookahead, Search};
use bots::think::Thinker;
use bots::BotRng;
use engine::penalty::hand_penalty;
use engine::romme::{Romme, RommeAction, RommeOptions};
use engine::{Card, Game, Seat};

/// What the clairvoyant knows beyond its view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sight {
    /// The opponents' true hands.
    Hands,
    /// The whole true state.
    All,
    /// Nothing: the hard bot's own worlds.
    View,
    /// The melded part of the opponents' hands (their best partitions' melds).
    Melds,
    /// The unmelded part of the opponents' hands (their best partitions' rest).
    Rest,
    /// The deadwood pips of the opponents' hands.
    Pips,
    /// This percentage of each opponent's hand (each card by chance, drawn again for every
    /// world), the rest drawn as the hard bot draws it: how much a partial reading is worth.
    Share(u8),
}

impl Sight {
    pub fn parse(code: &str) -> Option<Sight> {
        match code {
            "hands" => Some(Sight::Hands),
            "all" => Some(Sight::All),
            "view" => Some(Sight::View),
            "melds" => Some(Sight::Melds),
            "rest" => Some(Sight::Rest),
            "pips" => Some(Sight::Pips),
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
    /// Per seat, the true cards every world puts in that hand (`Melds`, `Rest`).
    known: Vec<Vec<Card>>,
    /// Per seat, the true deadwood pips (`Pips`).
    pips: Vec<u32>,
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
            Sight::View => {
                let memory = (&self.look.collected[..], &self.look.pile[..]);
                sample_world(&self.look.view, &self.look.pool, memory, rng)
            }
            Sight::Melds | Sight::Rest => {
                let (hands, cards, pile) = deal(&self.look, &self.known, rng);
                world_of(&self.look.view, hands, cards, pile, rng)
            }
            Sight::Pips => pips_world(&self.look, &self.pips, rng),
            Sight::Share(pct) => {
                let known = share_of(&self.truth, self.look.view.seat, pct, rng);
                let (hands, cards, pile) = deal(&self.look, &known, rng);
                world_of(&self.look.view, hands, cards, pile, rng)
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
/// the rest of the unseen cards as [`sample_world`] draws them (the remembered faces
/// of the pile on its top part).
fn hands_world(look: &Look, truth: &Romme, rng: &mut BotRng) -> Option<Romme> {
    let me = look.view.seat;
    let hands = &truth.deal_state().hands;
    let known: Vec<Vec<Card>> = (0..hands.len())
        .map(|s| {
            if s == me {
                Vec::new()
            } else {
                hands[s].clone()
            }
        })
        .collect();
    let (hands, cards, pile) = deal(look, &known, rng);
    world_of(&look.view, hands, cards, pile, rng)
}

/// A hand's deadwood: the pips outside the melds of its best partition.
fn deadwood(hand: &[Card], opts: &RommeOptions) -> u32 {
    let table = opts.penalty_table();
    hand_penalty(&best_partition(hand, &opts.meld_rules(), table).rest, table)
}

/// Per seat, the part of the true hand that `sight` reveals (none for the own seat).
fn known_parts(truth: &Romme, me: Seat, sight: Sight) -> Vec<Vec<Card>> {
    let opts = truth.options();
    let (rules, table) = (opts.meld_rules(), opts.penalty_table());
    let hands = &truth.deal_state().hands;
    let part = |hand: &[Card]| {
        let p = best_partition(hand, &rules, table);
        match sight {
            Sight::Melds => p.melds.concat(),
            Sight::Rest => p.rest,
            _ => Vec::new(),
        }
    };
    (0..hands.len())
        .map(|s| if s == me { Vec::new() } else { part(&hands[s]) })
        .collect()
}

/// Per seat, `pct` % of the true hand, each card by chance (none for the own seat).
fn share_of(truth: &Romme, me: Seat, pct: u8, rng: &mut BotRng) -> Vec<Vec<Card>> {
    let hands = &truth.deal_state().hands;
    (0..hands.len())
        .map(|s| {
            let hand = if s == me { &[][..] } else { &hands[s][..] };
            hand.iter()
                .filter(|_| rng.below(100) < u64::from(pct))
                .copied()
                .collect()
        })
        .collect()
}

/// The hands, talon cards and remembered pile part of a world whose hands hold `known`,
/// the rest dealt as the hard bot deals it ([`deal_hands`]).
fn deal(
    look: &Look,
    known: &[Vec<Card>],
    rng: &mut BotRng,
) -> (Vec<Vec<Card>>, Vec<Card>, Vec<Card>) {
    let memory = (&look.collected[..], &look.pile[..]);
    deal_hands(&look.view, &look.pool, memory, known, rng)
}

/// Hands drawn up to this many times for [`Sight::Pips`].
pub const PIPS_TRIES: usize = 200;

/// A world drawn as the hard bot draws it, redrawn until the opponents' deadwood equals
/// `pips` (the true deadwood), at most [`PIPS_TRIES`] times; the closest draw (the least
/// sum of the misses) is kept.
fn pips_world(look: &Look, pips: &[u32], rng: &mut BotRng) -> Option<Romme> {
    let view = &look.view;
    let nothing = vec![Vec::new(); view.seats];
    let mut best = None;
    for _ in 0..PIPS_TRIES {
        let dealt = deal(look, &nothing, rng);
        let miss: u32 = (0..view.seats)
            .filter(|&s| s != view.seat)
            .map(|s| deadwood(&dealt.0[s], &view.options).abs_diff(pips[s]))
            .sum();
        if best.as_ref().is_none_or(|(m, _)| miss < *m) {
            best = Some((miss, dealt));
        }
        if miss == 0 {
            break;
        }
    }
    let (_, (hands, cards, pile)) = best?;
    world_of(view, hands, cards, pile, rng)
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
    /// ([`bots::think::decide`]) with the oracle's worlds.
    pub fn choose(&mut self, game: &Romme, seat: Seat) -> RommeAction {
        let view = game.view(seat);
        let legal = game.legal_actions(seat);
        let look = match self.bot.start(&view, &legal) {
            Ok(action) => return action,
            Err(_) if legal.len() == 1 => return legal[0].clone(),
            Err(look) => *look,
        };
        let hands = &game.deal_state().hands;
        let (known, pips) = match self.sight {
            Sight::Melds | Sight::Rest => (known_parts(game, seat, self.sight), Vec::new()),
            Sight::Pips => {
                let pips = hands.iter().map(|h| deadwood(h, game.options()));
                (Vec::new(), pips.collect())
            }
            _ => (Vec::new(), Vec::new()),
        };
        let oracle = Oracle {
            look,
            truth: game.clone(),
            sight: self.sight,
            known,
            pips,
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
    use super::*;
    use bots::romme::hard::walk_decisions;
    use bots::romme::{Budget, Level};
    use bots::Bot;
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

    /// Worlds with the `sight` part of the true hands: the view and the legal actions are
    /// unchanged, and every opponent's hand holds its known part.
    fn check_part_worlds(sight: Sight) {
        let opts = Preset::MitKaufen.options();
        let mut rng = BotRng::seed_from_u64(1);
        let mut revealed = 0;
        let checked = walk_decisions(&opts, 3, 7, |g, s, view, legal, bot| {
            let look = Look::new(view, legal.to_vec(), bot, Budget::DEFAULT);
            let known = known_parts(g, s, sight);
            let (hands, cards, pile) = deal(&look, &known, &mut rng);
            let w = world_of(view, hands, cards, pile, &mut rng).unwrap();
            assert_eq!(w.view(s), *view);
            assert_eq!(w.legal_actions(s), legal);
            assert!(known[s].is_empty());
            for o in (0..3).filter(|&o| o != s) {
                let (hand, truth) = (&w.deal_state().hands[o], &g.deal_state().hands[o]);
                let ids = sorted(hand);
                assert!(known[o].iter().all(|c| ids.contains(&c.id)));
                assert!(known[o].iter().all(|c| truth.contains(c)));
                revealed += known[o].len();
            }
        });
        assert!(checked > 20, "{checked}");
        assert!(revealed > 0, "{sight:?}");
    }

    #[test]
    fn melds_worlds_hold_the_melded_part_of_the_true_hands() {
        check_part_worlds(Sight::Melds);
    }

    #[test]
    fn rest_worlds_hold_the_unmelded_part_of_the_true_hands() {
        check_part_worlds(Sight::Rest);
    }

    #[test]
    fn pips_worlds_mostly_hit_the_true_deadwood_and_show_the_view() {
        let opts = Preset::Grundspiel.options();
        let mut rng = BotRng::seed_from_u64(1);
        let mut hit = 0;
        let checked = walk_decisions(&opts, 2, 7, |g, s, view, legal, bot| {
            let look = Look::new(view, legal.to_vec(), bot, Budget::DEFAULT);
            let hands = &g.deal_state().hands;
            let pips: Vec<u32> = hands.iter().map(|h| deadwood(h, &opts)).collect();
            let w = pips_world(&look, &pips, &mut rng).unwrap();
            assert_eq!(w.view(s), *view);
            assert_eq!(w.legal_actions(s), legal);
            if deadwood(&w.deal_state().hands[1 - s], &opts) == pips[1 - s] {
                hit += 1;
            }
        });
        assert!(checked > 20, "{checked}");
        assert!(hit * 4 > checked * 3, "{hit} of {checked}");
    }

    #[test]
    fn the_clairvoyant_plays_legal_actions_to_the_end_of_a_deal() {
        let opts = bots::romme::arena::one_deal(&Preset::Grundspiel.options());
        let budget = Budget {
            samples: 4,
            ..Budget::DEFAULT
        };
        for sight in [
            Sight::Hands,
            Sight::All,
            Sight::Melds,
            Sight::Rest,
            Sight::Pips,
            Sight::Share(50),
        ] {
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
