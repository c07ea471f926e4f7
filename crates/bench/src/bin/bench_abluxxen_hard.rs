//! The hard Abluxxen bot's decision times: `cargo run -p bench --profile bench-native --bin
//! bench_abluxxen_hard -- [VARIANT] [PLAYERS] [ROUNDS] [SAMPLES] [CANDIDATES] [STEPS]`.
//!
//! Plays ROUNDS games (default 40) of VARIANT (abluxxen or profiduell) with PLAYERS seats
//! (default 2): one hard bot against normal bots, the hard seat rotating. Times every
//! decision of the hard bot and prints the median, p95, p99 and the maximum, how many
//! decisions were searched, how many overruled the normal choice, and the time per rollout.
//! SAMPLES, CANDIDATES and STEPS override the budget.

use bots::abluxxen::hard::Budget;
use bots::abluxxen::{normal, AbluxxenBot, Level};
use bots::Bot;
use engine::abluxxen::{Abluxxen, AbluxxenAction, AbluxxenOptions};
use engine::Game;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let variant = arg(0).unwrap_or("abluxxen");
    let players: usize = arg(1).and_then(|s| s.parse().ok()).unwrap_or(2);
    let rounds: u64 = arg(2).and_then(|s| s.parse().ok()).unwrap_or(40);
    let mut budget = Budget::DEFAULT;
    if let Some(n) = arg(3).and_then(|s| s.parse().ok()) {
        budget.samples = n;
    }
    if let Some(n) = arg(4).and_then(|s| s.parse().ok()) {
        budget.candidates = n;
    }
    if let Some(n) = arg(5).and_then(|s| s.parse().ok()) {
        budget.steps = n;
    }
    let opts = AbluxxenOptions {
        profiduell: variant == "profiduell",
        ..AbluxxenOptions::default()
    };
    let mut times: Vec<f64> = Vec::new();
    let mut cpu_times: Vec<f64> = Vec::new();
    let mut overruled: std::collections::BTreeMap<&str, usize> = Default::default();
    let kind = |a: &AbluxxenAction| -> &'static str {
        match a {
            AbluxxenAction::Play { .. } => "play",
            AbluxxenAction::LuxxShadow { .. } => "shadow",
            AbluxxenAction::TakeLuxxed | AbluxxenAction::LeaveLuxxed => "take luxxed",
            AbluxxenAction::TakeBack | AbluxxenAction::DiscardAndDraw => "take back",
            _ => "draw",
        }
    };
    let mut rollouts = 0usize;
    let mut rollout_ms = 0.0;
    for round in 0..rounds {
        let hero = (round as usize) % players;
        let mut game = Abluxxen::new(&opts, players, 77 + round).expect("options");
        let mut bots: Vec<AbluxxenBot> = (0..players)
            .map(|s| {
                let level = if s == hero {
                    Level::Hard
                } else {
                    Level::Normal
                };
                AbluxxenBot::new(level, round * 10 + s as u64).with_budget(budget)
            })
            .collect();
        while let Some(s) = game.to_move() {
            let legal = game.legal_actions(s);
            let view = game.view(s);
            let t = Instant::now();
            let cpu = thread_cpu_ns();
            let a = bots[s].choose(&view, &legal);
            if s == hero {
                times.push(t.elapsed().as_secs_f64() * 1000.0);
                cpu_times.push(thread_cpu_ns().saturating_sub(cpu) as f64 / 1e6);
                let n = normal(&view, &legal, &mut bots::BotRng::seed_from_u64(0));
                if n != a {
                    *overruled.entry(kind(&a)).or_insert(0) += 1;
                }
                let cands = bots::abluxxen::hard::candidates(&view, &legal, budget);
                if cands.len() >= 2 && rollouts < 2_000 {
                    // The time of single rollouts (one world, one candidate).
                    let mut rng = bots::BotRng::seed_from_u64(round);
                    let t = Instant::now();
                    let one = Budget {
                        samples: 1,
                        steps: 0,
                        ..budget
                    };
                    let o = bots::abluxxen::hard::evaluate(&view, &cands, one, &mut rng);
                    rollout_ms += t.elapsed().as_secs_f64() * 1000.0;
                    rollouts += o.len() * cands.len();
                }
            }
            game.apply(s, &a).expect("a bot's action is legal");
        }
    }
    println!("{variant} {players} players, {rounds} rounds, budget {budget:?}");
    for (label, mut t) in [("wall", times), ("thread CPU", cpu_times)] {
        t.sort_by(f64::total_cmp);
        let q = |p: f64| t[((t.len() - 1) as f64 * p).round() as usize];
        let searched = t.iter().filter(|&&x| x > 0.2).count();
        println!(
            "  {label}: {} decisions ({searched} over 0.2 ms), ms: median {:.2}, p95 {:.2}, p99 {:.2}, max {:.2}, mean {:.2}",
            t.len(),
            q(0.5),
            q(0.95),
            q(0.99),
            q(1.0),
            t.iter().sum::<f64>() / t.len().max(1) as f64
        );
    }
    println!(
        "  one rollout (one world, one candidate, with its sampling): {:.3} ms mean over {rollouts}",
        rollout_ms / rollouts.max(1) as f64
    );
    println!("overruled the normal choice: {overruled:?}");
}

/// CPU time of this thread in ns (Linux: /proc/thread-self/schedstat; 0 elsewhere), so that
/// the timings do not depend on the load of a shared machine.
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}
