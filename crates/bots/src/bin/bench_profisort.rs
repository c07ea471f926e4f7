//! Profi-Sort bot strength: normal vs easy, two players, whole matches, seats swapped every
//! other game.
//! `cargo run -p bots --profile bench-native --bin bench_profisort [games]`

use bots::profisort::heads_up;
use engine::BotLevel;
use std::time::Instant;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2_000);
    let t = Instant::now();
    let (normal, easy, steps) =
        heads_up(BotLevel::Normal, BotLevel::Easy, games, 2026).expect("bot games never fail");
    let secs = t.elapsed().as_secs_f64();
    let rate = normal as f64 / games as f64;
    let ci = 1.96 * (rate * (1.0 - rate) / games as f64).sqrt();
    println!("Profi-Sort heads-up, {games} whole matches, seats swapped:");
    println!(
        "  normal vs easy: normal won {normal} ({:.1} % ± {:.1}), easy won {easy}",
        rate * 100.0,
        ci * 100.0
    );
    println!(
        "  {steps} decisions in {secs:.1} s: {:.0} decisions/s",
        steps as f64 / secs
    );
}
