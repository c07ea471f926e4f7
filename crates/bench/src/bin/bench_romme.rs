//! Rommé bot benchmark: `cargo run -p bench --profile bench-native --bin bench_romme`.
//!
//! Prints bot-vs-bot speed, meld-partition timing and the normal bot's win rate against
//! the easy one. An optional argument scales the number of games (default 1.0).

use bots::romme::arena::{normal_vs_easy, normal_vs_easy_matches, one_deal, play};
use bots::romme::{best_partition, Level};
use bots::BotRng;
use engine::romme::{DealEnd, Preset};
use engine::DeckSpec;
use std::time::Instant;

fn speed(label: &str, opts: &engine::romme::RommeOptions, games: u64) {
    let levels = [Level::Normal; 3];
    let start = Instant::now();
    let (mut deals, mut by_player, mut steps) = (0usize, 0usize, 0usize);
    for seed in 0..games {
        match play(opts, &levels, seed) {
            Ok(out) => {
                deals += out.ends.len();
                by_player += out
                    .ends
                    .iter()
                    .filter(|e| !matches!(e, DealEnd::TalonExhausted))
                    .count();
                steps += out.steps;
            }
            Err(e) => println!("  ERROR seed {seed}: {e:?}"),
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{label}: {:.1} games/s ({games} games, {:.2} deals/game, {:.1}% of deals won by a player, {:.0} actions/game)",
        games as f64 / secs,
        deals as f64 / games as f64,
        100.0 * by_player as f64 / deals.max(1) as f64,
        steps as f64 / games as f64
    );
}

fn partition_timing(hands: usize) {
    let opts = Preset::Grundspiel.options();
    let rules = opts.meld_rules();
    let table = opts.penalty_table();
    let mut deck = DeckSpec::French {
        packs: 2,
        jokers: 2,
    }
    .cards();
    let mut rng = BotRng::seed_from_u64(2024);
    for _ in 0..200 {
        // warm-up (caches, allocator)
        rng.shuffle(&mut deck);
        best_partition(&deck[..14], &rules, table);
    }
    let mut times = Vec::with_capacity(hands);
    let mut melded = 0u64;
    for i in 0..hands {
        rng.shuffle(&mut deck);
        let n = 13 + i % 2;
        let start = Instant::now();
        let p = best_partition(&deck[..n], &rules, table);
        times.push(start.elapsed().as_secs_f64() * 1e6);
        melded += u64::from(p.value);
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let mean = times.iter().sum::<f64>() / hands as f64;
    let median = times[hands / 2];
    let p99 = times[(hands * 99 / 100).min(hands - 1)];
    let p999 = times[(hands * 999 / 1000).min(hands - 1)];
    let max = times[hands - 1];
    println!(
        "partition of random 13/14-card hands ({hands} hands, 2 jokers): mean {mean:.1} µs, median {median:.1} µs, p99 {p99:.1} µs, p99.9 {p999:.1} µs, max {max:.1} µs (mean melded value {:.1})",
        melded as f64 / hands as f64
    );
}

fn main() {
    let scale: f64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1.0);
    let n = |k: f64| ((k * scale).round() as usize).max(1);
    println!("== Rommé bots benchmark ==");
    partition_timing(n(20_000.0));
    let grund = Preset::Grundspiel.options();
    speed(
        "normal bots, Grundspiel, 3 players, one-deal matches",
        &one_deal(&grund),
        n(500.0) as u64,
    );
    speed(
        "normal bots, Grundspiel, 3 players, full matches (to 500)",
        &grund,
        n(40.0) as u64,
    );
    let matches = n(200.0);
    println!("normal vs easy, full matches to 500, seats rotated, {matches} matches each:");
    for preset in [Preset::Grundspiel, Preset::MitAnlegen] {
        for seats in [2, 3] {
            match normal_vs_easy_matches(&preset.options(), seats, matches, 500) {
                Ok((win, _, _)) => println!(
                    "  {preset:?}, {seats} players: normal wins {:.1}% of matches (fair share {:.1}%)",
                    100.0 * win,
                    100.0 / seats as f64
                ),
                Err(e) => println!("  {preset:?}, {seats} players: ERROR {e:?}"),
            }
        }
    }
    let games = n(2000.0);
    println!("normal vs easy, one deal per game, seats rotated, {games} games each:");
    for preset in Preset::ALL {
        for seats in [2, 3] {
            match normal_vs_easy(&preset.options(), seats, games, 9000) {
                Ok((win, normal, easy)) => println!(
                    "  {preset:?}, {seats} players (1 normal vs {} easy): normal win rate {:.1}% (fair share {:.1}%), mean points normal {normal:.1} vs easy {easy:.1}",
                    seats - 1,
                    100.0 * win,
                    100.0 / seats as f64
                ),
                Err(e) => println!("  {preset:?}, {seats} players: ERROR {e:?}"),
            }
        }
    }
}
