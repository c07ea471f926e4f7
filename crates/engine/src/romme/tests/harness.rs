//! The generic `engine::harness` on Rommé: every preset, with the playout policy (games
//! finish) and with uniformly random choices (bounded by a step limit).

use super::playout::Policy;
use crate::game::Game;
use crate::harness::{check_playout, random_playouts};
use crate::rng::GameRng;
use crate::romme::*;

fn one_deal(p: Preset) -> RommeOptions {
    RommeOptions {
        match_end: MatchEnd::Deals { count: Some(1) },
        ..p.options()
    }
}

/// The harness serialises state and every view at every step, so it runs on a few games;
/// the 2,000-game playouts per preset are in `playout.rs`.
const GAMES: u64 = 6;

#[test]
fn harness_policy_playouts_every_preset() {
    for p in Preset::ALL {
        let opts = one_deal(p);
        let mut finished = 0;
        for seed in 0..GAMES {
            let seats = 2 + (seed % 5) as usize;
            let g = Romme::new(&opts, seats, seed).expect("new");
            let mut pol = Policy {
                rng: GameRng::seed_from_u64(seed),
                undone: false,
            };
            let mut choose = |g: &Romme, _seat: usize, legal: &[RommeAction]| {
                let a = pol.choose(g, legal);
                legal.iter().position(|l| *l == a).unwrap_or(0)
            };
            let report = check_playout(g, &mut choose, 3000)
                .unwrap_or_else(|e| panic!("{p:?} seed {seed}: {e}"));
            finished += usize::from(report.finished);
        }
        assert_eq!(finished, GAMES as usize, "{p:?}");
    }
}

#[test]
fn harness_random_playouts_every_preset() {
    for p in Preset::ALL {
        let opts = RommeOptions {
            match_end: MatchEnd::Points { limit: 200 },
            ..p.options()
        };
        for seats in [2, 5] {
            random_playouts::<Romme>(&opts, seats, 0..2, 150)
                .unwrap_or_else(|e| panic!("{p:?} {seats} seats: {e}"));
        }
    }
}
