//! The tournament tool: one level against another in any game, duplicate format.
//!
//! `cargo run -p bench --profile bench-native --bin tournament -- GAME A B [PLAYERS] [DEALS] [SEED]`
//! e.g. `... tournament -- romme normal greedy 2 1000`. GAME is a catalog id (romme,
//! romme_kaufen, romme_anlegen, romme_raeuber, romme_trad, karussell, profisort, abluxxen,
//! profiduell) or `all` (every game, heads-up and, where allowed, four players). A and B are
//! easy, greedy, normal or hard. Prints the win rate of A with its 95 % confidence interval,
//! the par rate, the average scores and decisions per second; exits non-zero if a game fails.

use bench::tournament::{run, variants, Report, Spec};
use engine::games::find_variant;
use engine::BotLevel;
use std::process::ExitCode;
use std::time::Instant;

fn level(code: &str) -> Option<BotLevel> {
    BotLevel::ALL.into_iter().find(|l| l.code() == code)
}

fn line(spec: &Spec) -> Result<(), String> {
    let t = Instant::now();
    let r: Report = run(spec).map_err(|e| e.to_string())?;
    let secs = t.elapsed().as_secs_f64().max(1e-9);
    println!(
        "| {} | {} | {} vs {} | {} × {} | {:.1} % ± {:.1} | {:.0} % | {:.1} / {:.1} | {:.0} |",
        spec.variant,
        spec.players,
        spec.a.code(),
        spec.b.code(),
        r.games,
        r.unit,
        r.rate() * 100.0,
        r.ci95() * 100.0,
        Report::par(spec.players) * 100.0,
        r.a_score / r.games.max(1) as f64,
        r.b_score / r.games.max(1) as f64,
        r.decisions as f64 / secs
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let (Some(game), Some(a), Some(b)) = (arg(0), arg(1).and_then(level), arg(2).and_then(level))
    else {
        eprintln!("usage: tournament GAME|all A B [PLAYERS] [DEALS] [SEED]  (levels: easy greedy normal hard)");
        return ExitCode::from(2);
    };
    let players: Option<usize> = arg(3).and_then(|s| s.parse().ok());
    let deals: u64 = arg(4).and_then(|s| s.parse().ok()).unwrap_or(500);
    let seed: u64 = arg(5).and_then(|s| s.parse().ok()).unwrap_or(2026);
    println!("| game | players | levels | games | A wins (95 % CI) | par | avg score A / B | decisions/s |");
    println!("|---|---|---|---|---|---|---|---|");
    let games: Vec<&str> = if game == "all" {
        variants().collect()
    } else {
        vec![game]
    };
    let mut failed = false;
    for g in games {
        let counts: Vec<usize> = match (players, find_variant(g)) {
            (Some(p), _) => vec![p],
            (None, Some(v)) => [2, 4].into_iter().filter(|&p| p <= v.max_players).collect(),
            (None, None) => vec![2],
        };
        for p in counts {
            let spec = Spec {
                variant: g.to_string(),
                a,
                b,
                players: p,
                deals,
                seed,
            };
            if let Err(e) = line(&spec) {
                eprintln!("{g} with {p} players: {e}");
                failed = true;
            }
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
