//! Seeded random playouts through the generic harness (every invariant after every action:
//! card conservation, serde round trip, hidden cards, legal actions accepted, wrong seats
//! and illegal probes rejected without change, determinism of deal and replay).

use crate::harness::{random_playouts, Stats};
use crate::karussell::*;

/// Short rounds: a big hand and a small stock (13 cards with two players, 6 with five),
/// so that the stock runs out, final turns are played and knocking (high limit) happens
/// within a few dozen actions. `variant` varies the other options.
fn short(seats: usize, variant: u64) -> KarussellOptions {
    KarussellOptions {
        hand_size: 20,
        jokers: (seats > 2).then_some(2),
        knock_limit: [5, 30, 50][(variant % 3) as usize],
        meld_ends_turn: variant % 4 != 1,
        target: [1, 40][(variant % 2) as usize],
        round_bonus_for_all: variant.is_multiple_of(2),
        ..KarussellOptions::default()
    }
}

fn run(opts: &KarussellOptions, seats: usize, seeds: std::ops::Range<u64>, cap: usize) -> Stats {
    random_playouts::<Karussell>(opts, seats, seeds.clone(), cap)
        .unwrap_or_else(|e| panic!("{opts:?}, {seats} seats, seeds {seeds:?}: {e}"))
}

/// 2,000 games through the harness: 800 short-round matches (their first 14 actions) and
/// 1,200 deals with the default options (their first 2 actions). The harness serialises
/// the state and every view at every step and for every rejection (about 2 ms a step), so
/// complete matches are in `full_matches` (harness) and `complete_short_matches` (cheaper
/// checks, many matches).
#[test]
fn harness_two_thousand_games() {
    let t = std::time::Instant::now();
    let mut short_stats = Stats::default();
    for seats in 2..=5usize {
        for v in 0..5u64 {
            let from = 1000 * seats as u64 + 100 * v;
            let s = run(&short(seats, v), seats, from..from + 40, 14);
            short_stats.games += s.games;
            short_stats.finished += s.finished;
            short_stats.total_steps += s.total_steps;
        }
        let from = 50_000 + 1000 * seats as u64;
        let s = run(&KarussellOptions::default(), seats, from..from + 300, 2);
        assert_eq!(s.games, 300);
    }
    eprintln!("short: {short_stats:?}; 2000 games in {:?}", t.elapsed());
    assert_eq!(short_stats.games, 800);
}

/// Complete matches with the default options (to 150), one per table size.
#[test]
fn full_matches() {
    for seats in 2..=5usize {
        let s = run(&KarussellOptions::default(), seats, 0..1, 5000);
        assert_eq!(s.finished, 1);
    }
}

/// Many complete short matches with cheap checks after every action: every listed action
/// is accepted (a sample on clones), other seats have no actions, cards are conserved,
/// views hide the stock and other hands, and every round is scored.
#[test]
fn complete_short_matches() {
    use crate::game::{cards_in_json, Game};
    use crate::rng::GameRng;
    let mut rounds = 0;
    let mut ends = [0usize; 3];
    for i in 0..600u64 {
        let seats = 2 + (i % 4) as usize;
        let mut opts = short(seats, i / 4);
        if i.is_multiple_of(3) {
            opts.hand_size = 10;
        }
        let mut g = Karussell::new(&opts, seats, 7_000 + i).unwrap();
        let total = g.audit().all.len();
        let mut rng = GameRng::seed_from_u64(i);
        let mut steps = 0usize;
        while let Some(seat) = g.to_move() {
            steps += 1;
            assert!(steps < 5_000, "match {i} too long");
            let legal = g.legal_actions(seat);
            assert!(!legal.is_empty());
            for o in (0..seats).filter(|&o| o != seat) {
                assert!(g.legal_actions(o).is_empty());
            }
            // Meld when possible (mostly), otherwise anything.
            let melds: Vec<&KarussellAction> = legal
                .iter()
                .filter(|a| matches!(a, KarussellAction::Meld { .. }))
                .collect();
            let a = if !melds.is_empty() && rng.below(10) < 8 {
                melds[rng.below(melds.len() as u64) as usize]
            } else {
                &legal[rng.below(legal.len() as u64) as usize]
            };
            let probe = &legal[rng.below(legal.len() as u64) as usize];
            g.clone()
                .apply(seat, probe)
                .unwrap_or_else(|e| panic!("{probe:?}: {e:?}"));
            g.apply(seat, a).unwrap_or_else(|e| panic!("{a:?}: {e:?}"));
            let audit = g.audit();
            let mut all = audit.all.clone();
            all.sort();
            all.dedup();
            assert_eq!(all.len(), total, "match {i}: card conservation");
            if steps.is_multiple_of(10) {
                for s in 0..seats {
                    let v = serde_json::to_value(g.view(s)).unwrap();
                    let mut shown = Vec::new();
                    cards_in_json(&v, &mut shown);
                    assert!(shown.iter().all(|c| !audit.hidden_from[s].contains(c)));
                }
            }
        }
        rounds += g.score_sheet().len();
        for row in g.score_sheet() {
            ends[match row.end {
                RoundEnd::Knocked { .. } => 0,
                RoundEnd::WentOut { .. } => 1,
                RoundEnd::StockExhausted { .. } => 2,
            }] += 1;
            assert!(!row.winners.is_empty());
        }
        assert!(g.totals().iter().any(|&t| t >= opts.target as i32));
        assert!(g.match_bonus().is_some());
    }
    eprintln!("{rounds} rounds: knocked/out/exhausted {ends:?}");
    assert!(ends.iter().all(|&n| n > 0), "{ends:?}");
}
