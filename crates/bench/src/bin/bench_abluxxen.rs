//! Abluxxen bot benchmark: speed and heuristic-vs-greedy win rates.
//!
//! Run with `cargo run -p bench --release --bin bench_abluxxen [games]`.

use bots::abluxxen::{heuristic_vs_greedy, Level};
use engine::abluxxen::AbluxxenOptions;
use std::time::Instant;

fn main() {
    let games: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let base = AbluxxenOptions::default();
    let profi = AbluxxenOptions {
        profiduell: true,
        ..AbluxxenOptions::default()
    };
    let modes: [(&str, &AbluxxenOptions, usize, Level); 5] = [
        (
            "Base, 3 players (1 heuristic vs 2 greedy)",
            &base,
            3,
            Level::Normal,
        ),
        (
            "Base, 2 players (heuristic vs greedy)",
            &base,
            2,
            Level::Normal,
        ),
        ("Profiduell (heuristic vs greedy)", &profi, 2, Level::Normal),
        ("Base, 3 players, EASY vs 2 greedy", &base, 3, Level::Easy),
        ("Profiduell, EASY vs greedy", &profi, 2, Level::Easy),
    ];
    println!("Abluxxen bench: {games} seat-rotated games per mode");
    let mut all_decisions = 0usize;
    let all = Instant::now();
    for (label, options, seats, level) in modes {
        let t = Instant::now();
        match heuristic_vs_greedy(options, seats, games, 2026, level) {
            Ok(s) => {
                let secs = t.elapsed().as_secs_f64();
                all_decisions += s.decisions;
                let (hp, gp) = s.avg_points();
                println!("\n== {label}");
                println!(
                    "  tested bot win rate {:5.1}%   greedy win rate (per seat) {:5.1}%   fair share {:5.1}%",
                    100.0 * s.heuristic_rate(),
                    100.0 * s.greedy_rate(),
                    100.0 / seats as f64
                );
                println!("  avg points per game: tested bot {hp:+.2}, greedy {gp:+.2}");
                println!(
                    "  {} decisions in {secs:.2} s = {:.0} decisions/s ({:.1} per game)",
                    s.decisions,
                    s.decisions as f64 / secs,
                    s.decisions as f64 / games as f64
                );
            }
            Err(e) => println!("\n== {label}: driver error {e:?}"),
        }
    }
    let secs = all.elapsed().as_secs_f64();
    println!(
        "\nTotal: {all_decisions} decisions in {secs:.2} s = {:.0} decisions/s",
        all_decisions as f64 / secs
    );
}
