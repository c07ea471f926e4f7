//! Seeded random playouts checking the game contract after every action.

use super::*;
use crate::card::CardId;
use crate::game::cards_in_json;
use std::collections::BTreeSet;

/// Checks the invariants of the current state. `full` adds the serde round trip and the
/// JSON scan of every seat's view.
fn check_invariants(g: &Abluxxen, full: bool, step: usize) {
    let audit = g.audit();
    let mut all = audit.all.clone();
    all.sort_unstable();
    assert_eq!(
        all,
        (0..109).map(CardId).collect::<Vec<_>>(),
        "card conservation broken"
    );
    // The visible counts agree with the state.
    let seat = g.to_move().unwrap_or(step % g.seats);
    let v = g.view(seat);
    assert_eq!(v.hand.len(), g.hands[seat].len());
    assert_eq!(v.to_move, g.to_move());
    assert_eq!(v.pending.seat(), g.to_move());
    if !full {
        // Structural scan of the view (the JSON scan runs in full mode).
        let hidden = &audit.hidden_from[seat];
        let mut shown: Vec<CardId> = v.hand.iter().map(|c| c.id).collect();
        for p in &v.players {
            shown.extend(p.display.iter().flat_map(|g| g.cards.iter().map(|c| c.id)));
        }
        shown.extend(v.supply.iter().flatten().map(|c| c.id));
        shown.extend(v.shadow.iter().map(|c| c.id));
        for id in shown {
            assert!(
                !hidden.contains(&id),
                "view of seat {seat} shows hidden card {id:?}"
            );
        }
        return;
    }
    for s in 0..g.seats {
        let hidden: BTreeSet<CardId> = audit.hidden_from[s].iter().copied().collect();
        let json = serde_json::to_value(g.view(s)).unwrap();
        let mut shown = Vec::new();
        cards_in_json(&json, &mut shown);
        for id in shown {
            assert!(
                !hidden.contains(&id),
                "view of seat {s} shows hidden card {id:?}"
            );
        }
    }
    if full {
        let json = serde_json::to_string(g).unwrap();
        let back: Abluxxen = serde_json::from_str(&json).unwrap();
        assert_eq!(&back, g, "serde round trip changed the state");
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
    }
}

/// Every rejected action must leave the state exactly as it was (`before` is a copy of it).
fn assert_rejected(g: &mut Abluxxen, before: &Abluxxen, seat: Seat, action: &AbluxxenAction) {
    let r = g.apply(seat, action);
    assert!(
        r.is_err(),
        "seat {seat} {action:?} was accepted in {:?}",
        before.phase
    );
    assert!(*g == *before, "rejected {action:?} changed the state");
}

/// Plays one seeded game with random legal actions, checking everything after each step.
/// Returns the number of actions.
pub(crate) fn random_playout(
    options: &AbluxxenOptions,
    seats: usize,
    seed: u64,
    full: bool,
) -> usize {
    let mut g = Abluxxen::new(options, seats, seed).unwrap();
    let mut rng = GameRng::seed_from_u64(seed ^ 0xA5A5_5A5A);
    let mut steps = 0;
    check_invariants(&g, full, 0);
    while let Some(seat) = g.to_move() {
        assert!(steps < 20_000, "game {seed} did not end");
        let legal = g.legal_actions(seat);
        assert!(!legal.is_empty(), "no legal action in {:?}", g.phase);
        // Other seats (and a seat outside the table) may not act.
        let before = g.clone();
        let json = if full {
            Some(serde_json::to_string(&g).unwrap())
        } else {
            None
        };
        for other in 0..=g.seats {
            if other != seat {
                assert_rejected(&mut g, &before, other, &legal[0]);
                assert!(g.legal_actions(other).is_empty());
            }
        }
        for probe in g.illegal_probes(seat) {
            assert_rejected(&mut g, &before, seat, &probe);
        }
        if let Some(j) = json {
            assert_eq!(
                serde_json::to_string(&g).unwrap(),
                j,
                "a rejection changed the JSON"
            );
        }
        // Every legal action is accepted (sampled when there are many).
        let sample: Vec<usize> = if legal.len() <= 4 {
            (0..legal.len()).collect()
        } else {
            (0..2)
                .map(|_| rng.below(legal.len() as u64) as usize)
                .collect()
        };
        for &i in &sample {
            let mut c = g.clone();
            if let Err(e) = c.apply(seat, &legal[i]) {
                panic!("legal {:?} rejected: {e:?}", legal[i]);
            }
        }
        let pick = &legal[rng.below(legal.len() as u64) as usize];
        g.apply(seat, pick).unwrap();
        steps += 1;
        check_invariants(&g, full, steps);
    }
    assert!(g.is_over());
    assert_eq!(g.results.len(), options.rounds as usize);
    let sum: Vec<i32> = (0..g.seats)
        .map(|s| g.results.iter().map(|r| r.scores[s]).sum())
        .collect();
    assert_eq!(sum, g.totals);
    steps
}

fn run_mode(profiduell: bool, seats: usize, games: u64, salt: u64) {
    let mut total = 0;
    for i in 0..games {
        let seed = salt.wrapping_mul(1_000_003).wrapping_add(i);
        let options = AbluxxenOptions {
            draw_if_no_luxx: i % 3 == 1,
            rounds: if i % 25 == 0 { 3 } else { 1 },
            profiduell,
        };
        // The expensive checks (serde round trip, JSON of all views) on every 32nd game.
        total += random_playout(&options, seats, seed, i % 32 == 0);
    }
    assert!(total > games as usize * 10);
}

#[test]
fn playouts_base_2_players() {
    run_mode(false, 2, 700, 2);
}

#[test]
fn playouts_base_3_players() {
    run_mode(false, 3, 700, 3);
}

#[test]
fn playouts_base_4_players() {
    run_mode(false, 4, 700, 4);
}

#[test]
fn playouts_base_5_players() {
    run_mode(false, 5, 700, 5);
}

#[test]
fn playouts_profiduell_a() {
    run_mode(true, 2, 1250, 11);
}

#[test]
fn playouts_profiduell_b() {
    run_mode(true, 2, 1250, 12);
}

/// The shared harness of `engine::harness` (JSON comparisons at every step, replay
/// determinism) on a smaller number of games; the bulk runs use the faster checks above.
fn harness_mode(options: AbluxxenOptions, seats: usize, games: u64, salt: u64) {
    let start = salt * 100_000;
    let stats =
        crate::harness::random_playouts::<Abluxxen>(&options, seats, start..start + games, 20_000)
            .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(stats.finished as u64, games);
}

#[test]
fn harness_base_all_table_sizes() {
    for seats in 2..=5 {
        let options = AbluxxenOptions {
            draw_if_no_luxx: seats % 2 == 0,
            ..AbluxxenOptions::default()
        };
        harness_mode(options, seats, 8, 20 + seats as u64);
    }
}

#[test]
fn harness_profiduell() {
    for draw_if_no_luxx in [false, true] {
        let options = AbluxxenOptions {
            draw_if_no_luxx,
            rounds: 1,
            profiduell: true,
        };
        harness_mode(options, 2, 10, 30 + draw_if_no_luxx as u64);
    }
}
