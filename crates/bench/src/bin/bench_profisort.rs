//! Profi-Sort bot strength and the hard level's decision times.
//! - `cargo run -p bench --profile bench-native --bin bench_profisort [games]`: normal vs
//!   easy, two players, whole matches, seats swapped every other game.
//! - `... bench_profisort hard [PLAYERS] [MATCHES] [STEPS] [DISCARDS]`: one hard bot
//!   against normal bots in MATCHES whole matches (default 2 players, 2 matches), the hard
//!   seat rotating; times every decision of the hard bot (wall and thread CPU time) and
//!   prints the median, p95, p99 and maximum, how many were searched and how often the
//!   search overruled the normal choice. STEPS and DISCARDS override the budget.

use bots::profisort::hard::{start, Budget};
use bots::profisort::{heads_up, ProfiSortBot};
use bots::search::Lookahead;
use bots::Bot;
use engine::profisort::{ProfiSort, ProfiSortAction as A, ProfiSortOptions, ProfiSortView};
use engine::{BotLevel, Game};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("hard") {
        let arg = |i: usize| args.get(i).and_then(|s| s.parse::<usize>().ok());
        let mut budget = Budget::DEFAULT;
        if let Some(n) = arg(3) {
            budget.steps = n;
        }
        if let Some(n) = arg(4) {
            budget.discards = n;
        }
        hard_times(arg(1).unwrap_or(2), arg(2).unwrap_or(2) as u64, budget);
        return;
    }
    let games: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(2_000);
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

fn kind(a: &A) -> &'static str {
    match a {
        A::Discard { .. } => "discard",
        A::GiveAce { .. } => "give ace",
        A::LayTask { .. } => "task",
        A::SitOut => "sit out",
        A::Draw => "draw",
        A::TakeDiscard => "take discard",
        _ => "other",
    }
}

fn hard_times(players: usize, matches: u64, budget: Budget) {
    let opts = ProfiSortOptions::default();
    let mut times: Vec<f64> = Vec::new();
    let mut cpu_times: Vec<f64> = Vec::new();
    let mut overruled: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut rollouts: Vec<f64> = Vec::new();
    let mut rollout_cpu = 0u64;
    for m in 0..matches {
        let hero = (m as usize) % players;
        let mut game = ProfiSort::new(&opts, players, 77 + m).expect("options");
        let mut bots: Vec<ProfiSortBot> = (0..players)
            .map(|s| {
                let level = if s == hero {
                    BotLevel::Hard
                } else {
                    BotLevel::Normal
                };
                let mut b = ProfiSortBot::new(level, m * 10 + s as u64);
                b.budget = budget;
                b
            })
            .collect();
        while let Some(s) = game.to_move() {
            let legal = game.legal_actions(s);
            let view = game.view(s);
            let normal = (s == hero).then(|| {
                let mut b = bots[s].clone();
                b.level = BotLevel::Normal;
                b.choose(&view, &legal)
            });
            if s == hero && times.len().is_multiple_of(10) {
                let cpu = thread_cpu_ns();
                time_rollouts(&mut bots[s].clone(), &view, &legal, &mut rollouts);
                rollout_cpu += thread_cpu_ns().saturating_sub(cpu);
            }
            let t = Instant::now();
            let cpu = thread_cpu_ns();
            let a = bots[s].choose(&view, &legal);
            if s == hero {
                times.push(t.elapsed().as_secs_f64() * 1000.0);
                cpu_times.push(thread_cpu_ns().saturating_sub(cpu) as f64 / 1e6);
                if normal.as_ref() != Some(&a) {
                    *overruled.entry(kind(&a)).or_insert(0) += 1;
                }
            }
            game.apply(s, &a).expect("a bot's action is legal");
        }
    }
    println!("Profi-Sort hard, {players} players, {matches} matches, budget {budget:?}");
    for (label, mut t) in [("wall", times), ("thread CPU", cpu_times)] {
        t.sort_by(f64::total_cmp);
        let q = |p: f64| t[((t.len() - 1) as f64 * p).round() as usize];
        let searched: Vec<f64> = t.iter().copied().filter(|&x| x > 0.5).collect();
        let sq = |p: f64| {
            searched
                .get(((searched.len().max(1) - 1) as f64 * p).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        println!(
            "  {label}: {} decisions, ms: median {:.2}, p95 {:.2}, p99 {:.2}, max {:.2}, mean {:.2}; {} searched (over 0.5 ms): median {:.2}, p95 {:.2}",
            t.len(),
            q(0.5),
            q(0.95),
            q(0.99),
            q(1.0),
            t.iter().sum::<f64>() / t.len().max(1) as f64,
            searched.len(),
            sq(0.5),
            sq(0.95),
        );
    }
    println!("  overruled the normal choice: {overruled:?}");
    rollouts.sort_by(f64::total_cmp);
    let q = |p: f64| rollouts[((rollouts.len() - 1) as f64 * p).round() as usize];
    if !rollouts.is_empty() {
        println!(
            "  one rollout (one world × one candidate): {} timed, wall ms: median {:.2}, p95 {:.2}, max {:.2}; thread CPU mean {:.2} ms",
            rollouts.len(),
            q(0.5),
            q(0.95),
            q(1.0),
            rollout_cpu as f64 / 1e6 / rollouts.len() as f64
        );
    }
}

/// Times single rollouts of the search the hard bot would start here (a few worlds).
fn time_rollouts(bot: &mut ProfiSortBot, view: &ProfiSortView, legal: &[A], out: &mut Vec<f64>) {
    let Err(mut look) = start(bot, view, legal) else {
        return;
    };
    let mut rng = bots::BotRng::seed_from_u64(1);
    for _ in 0..3 {
        let Some(world) = look.sample(&mut rng) else {
            continue;
        };
        for c in 0..look.candidates() {
            let t = Instant::now();
            look.play(&world, c);
            out.push(t.elapsed().as_secs_f64() * 1000.0);
        }
    }
}

/// CPU time of this thread in ns (Linux: /proc/thread-self/schedstat; 0 elsewhere), so that
/// the timings do not depend on the load of a shared machine.
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}
