//! Karussell bot strength: heads-up matches (to 100 points), seats swapped every other game.
//! `cargo run -p bots --profile bench-native --bin bench_karussell [games] [pairs]`
//! (`pairs`: a comma list like `hard-easy,hard-normal`; default: all three pairings).

use bots::karussell::heads_up;
use engine::BotLevel;
use std::time::Instant;

fn level(code: &str) -> BotLevel {
    BotLevel::ALL
        .into_iter()
        .find(|l| l.code() == code)
        .unwrap_or_else(|| panic!("unknown level {code}"))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(2_000);
    let pairs = args
        .next()
        .unwrap_or_else(|| "normal-easy,hard-easy,hard-normal".to_string());
    println!("Karussell heads-up, {games} matches to 100 per pairing, seats swapped:");
    for pair in pairs.split(',') {
        let (a, b) = pair.split_once('-').expect("pairs look like hard-easy");
        let (a, b) = (level(a), level(b));
        let t = Instant::now();
        let (wa, wb, steps) = heads_up(a, b, games, 2026).expect("bot games never fail");
        let secs = t.elapsed().as_secs_f64();
        let rate = wa as f64 / games as f64;
        let ci = 1.96 * (rate * (1.0 - rate) / games as f64).sqrt();
        println!(
            "  {} vs {}: {} won {wa} ({:.1} % ± {:.1}), {} won {wb}; {steps} decisions, {:.0}/s",
            a.code(),
            b.code(),
            a.code(),
            rate * 100.0,
            ci * 100.0,
            b.code(),
            steps as f64 / secs
        );
    }
}
