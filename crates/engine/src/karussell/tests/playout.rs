//! Seeded random playouts through the generic harness (every invariant after every action:
//! card conservation, serde round trip, hidden cards, legal actions accepted, wrong seats
//! and illegal probes rejected without change, determinism of deal and replay).

use crate::harness::random_playouts;
use crate::karussell::*;

/// Short rounds: a big hand and a small stock, so that the stock runs out, final turns are
/// played and knocking (high limit) happens within a few dozen actions.
fn short(seats: usize, variant: u64) -> KarussellOptions {
    KarussellOptions {
        hand_size: if seats == 2 {
            20
        } else {
            (100 / seats as u8).min(20)
        },
        knock_limit: [5, 30, 50][(variant % 3) as usize],
        meld_ends_turn: variant % 4 != 1,
        target: [1, 40][(variant % 2) as usize],
        round_bonus_for_all: variant % 2 == 0,
        ..KarussellOptions::default()
    }
}

/// 2,000 games: 1,600 short-round matches (played to the end or 60 actions) and 400 games
/// with the default options, checked for their first 12 actions (the harness serialises
/// the state for every rejection, so long matches are in `full_matches`).
#[test]
fn harness_two_thousand_games() {
    let t = std::time::Instant::now();
    let mut finished = 0;
    for seats in 2..=5usize {
        for v in 0..4u64 {
            let seeds = 1000 * seats as u64 + 100 * v;
            let s = random_playouts::<Karussell>(&short(seats, v), seats, seeds..seeds + 100, 60)
                .unwrap_or_else(|e| panic!("{seats} seats, variant {v}: {e}"));
            finished += s.finished;
        }
        let seeds = 50_000 + 1000 * seats as u64;
        random_playouts::<Karussell>(&KarussellOptions::default(), seats, seeds..seeds + 100, 12)
            .unwrap_or_else(|e| panic!("{seats} seats, default: {e}"));
    }
    eprintln!("2000 games, {finished} finished, {:?}", t.elapsed());
    assert!(finished > 800, "{finished}");
}

/// A few complete matches with the default options (to 150).
#[test]
fn full_matches() {
    for seats in 2..=5usize {
        let s = random_playouts::<Karussell>(&KarussellOptions::default(), seats, 0..1, 5000)
            .unwrap_or_else(|e| panic!("{seats} seats: {e}"));
        assert_eq!(s.finished, 1);
    }
}
