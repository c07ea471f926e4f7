//! Seeded playouts through the generic harness (every invariant after every action: card
//! conservation, serde round trip, hidden cards, legal actions accepted, wrong seats and
//! illegal probes rejected without change, determinism of deal and replay), and many
//! complete matches with cheaper checks.

use crate::game::{cards_in_json, Game};
use crate::harness::{random_playouts, Stats};
use crate::profisort::*;
use crate::rng::GameRng;

/// Option variety: the variant, reshuffle at talon end, equal ranks, a beginner match.
fn opts(v: u64) -> ProfiSortOptions {
    ProfiSortOptions {
        draw_from_discard: v % 2 == 1,
        talon_end: if v % 3 == 2 {
            TalonEnd::Reshuffle
        } else {
            TalonEnd::ScoreAll
        },
        distinct_ranks: v % 5 != 4,
        beginner_tasks: (v % 7 == 3).then_some(2),
        jokers: [6, 8, 0][(v % 3) as usize],
        ..ProfiSortOptions::default()
    }
}

fn run(o: &ProfiSortOptions, seats: usize, seeds: std::ops::Range<u64>, cap: usize) -> Stats {
    random_playouts::<ProfiSort>(o, seats, seeds.clone(), cap)
        .unwrap_or_else(|e| panic!("{o:?}, {seats} seats, seeds {seeds:?}: {e}"))
}

/// 2,000 seeded games through the harness (it serialises state and views at every step and
/// test-applies actions on clones, about 2 ms a step): 1,000 of their first 10 actions,
/// 1,000 of their first 3, options varied.
#[test]
fn harness_two_thousand_games() {
    let t = std::time::Instant::now();
    let mut total = Stats::default();
    for v in 0..20u64 {
        for seats in 2..=3usize {
            let from = 10_000 * v + 1000 * seats as u64;
            let cap = if v < 10 { 10 } else { 3 };
            let s = run(&opts(v), seats, from..from + 50, cap);
            total.games += s.games;
            total.total_steps += s.total_steps;
        }
    }
    eprintln!("{total:?} in {:?}", t.elapsed());
    assert_eq!(total.games, 2000);
}

/// A few whole deals through the full harness.
#[test]
fn harness_long_games() {
    for seats in 2..=3usize {
        run(&opts(seats as u64), seats, 0..3, 400);
    }
}

/// Plays a match: lays tasks whenever the list offers one (mostly), lays off, else random.
fn play_match(o: &ProfiSortOptions, seats: usize, seed: u64, cap: usize) -> (ProfiSort, usize) {
    let mut g = ProfiSort::new(o, seats, seed).unwrap();
    let total = g.audit().all.len();
    let mut rng = GameRng::seed_from_u64(seed ^ 0x5eed);
    let mut steps = 0;
    while let Some(seat) = g.to_move() {
        steps += 1;
        if steps > cap {
            break;
        }
        let legal = g.legal_actions(seat);
        assert!(!legal.is_empty(), "seed {seed}: no action");
        for other in (0..seats).filter(|&x| x != seat) {
            assert!(g.legal_actions(other).is_empty());
        }
        let lays: Vec<&ProfiSortAction> = legal
            .iter()
            .filter(|a| {
                matches!(
                    a,
                    ProfiSortAction::LayTask { .. } | ProfiSortAction::LayOff { .. }
                )
            })
            .collect();
        let a = if !lays.is_empty() && rng.below(10) < 9 {
            lays[rng.below(lays.len() as u64) as usize].clone()
        } else {
            let keep = legal
                .iter()
                .filter(|a| !matches!(a, ProfiSortAction::Redeal))
                .count()
                > 0;
            let pool: Vec<&ProfiSortAction> = legal
                .iter()
                .filter(|a| !keep || **a != ProfiSortAction::Redeal)
                .collect();
            pool[rng.below(pool.len() as u64) as usize].clone()
        };
        g.apply(seat, &a)
            .unwrap_or_else(|e| panic!("seed {seed}: {a:?}: {e:?}"));
        let audit = g.audit();
        let mut all = audit.all.clone();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), total, "seed {seed}: card conservation");
        if steps % 25 == 0 {
            for s in 0..seats {
                let v = serde_json::to_value(g.view(s)).unwrap();
                let mut shown = Vec::new();
                cards_in_json(&v, &mut shown);
                assert!(shown.iter().all(|c| !audit.hidden_from[s].contains(c)));
            }
        }
    }
    (g, steps)
}

/// Complete matches (capped at 6,000 actions) with cheap checks after every action.
#[test]
fn complete_matches() {
    let mut finished = 0;
    let mut deals = 0;
    for i in 0..60u64 {
        let seats = 2 + (i % 2) as usize;
        let o = opts(i);
        let (g, _) = play_match(&o, seats, 77_000 + i, 6_000);
        deals += g.score_rows().len();
        if g.is_over() {
            finished += 1;
            if o.beginner_tasks.is_none() {
                assert!((0..seats).any(|s| g.sheet_complete(s)));
                assert!(g.special_points().is_some());
            }
        }
    }
    eprintln!("{finished} of 60 matches finished, {deals} deals");
    assert!(finished >= 20, "{finished}");
}
