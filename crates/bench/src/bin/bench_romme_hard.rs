//! The hard Rommé bot's decision times: `cargo run -p bench --profile bench-native --bin
//! bench_romme_hard -- [PRESET|all] [PLAYERS] [DEALS] [SAMPLES] [DISCARDS]`.
//!
//! Plays DEALS deals (default 50) of PRESET (catalog id, default romme; `all`: the five
//! Rommé presets one after the other) with PLAYERS seats (default 2): one hard bot against
//! normal bots, the hard seat rotating. Times every decision of the hard bot and prints the
//! median (p50), p95, p99 and the maximum, wall clock and thread CPU, and how many
//! decisions were searched (slower than 0.5 ms). SAMPLES and DISCARDS override the budget.

use bots::romme::{Budget, Level, RommeBot};
use bots::Bot;
use engine::games::variant_options;
use engine::romme::{MatchEnd, Romme, RommeOptions};
use engine::Game;
use std::time::Instant;

/// The Rommé presets' catalog ids.
const PRESETS: [&str; 5] = [
    "romme",
    "romme_kaufen",
    "romme_anlegen",
    "romme_raeuber",
    "romme_trad",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let preset = arg(0).unwrap_or("romme");
    if let Some(n) = std::env::var("PROBE").ok().and_then(|s| s.parse().ok()) {
        let opts = RommeOptions {
            match_end: MatchEnd::Deals { count: Some(1) },
            ..variant_options::<Romme>(preset).expect("a Rommé catalog id")
        };
        probe(&opts, 2, n);
        return;
    }
    let players: usize = arg(1).and_then(|s| s.parse().ok()).unwrap_or(2);
    let deals: u64 = arg(2).and_then(|s| s.parse().ok()).unwrap_or(50);
    let mut budget = Budget::start();
    if let Some(n) = arg(3).and_then(|s| s.parse().ok()) {
        budget.samples = n;
    }
    if let Some(n) = arg(4).and_then(|s| s.parse().ok()) {
        budget.discards = n;
    }
    let presets: Vec<&str> = if preset == "all" {
        PRESETS.to_vec()
    } else {
        vec![preset]
    };
    for preset in presets {
        bench(preset, players, deals, budget);
    }
}

/// Times the hard bot's decisions in DEALS deals of one preset and prints the figures.
fn bench(preset: &str, players: usize, deals: u64, budget: Budget) {
    let opts = RommeOptions {
        match_end: MatchEnd::Deals { count: Some(1) },
        ..variant_options::<Romme>(preset).expect("a Rommé catalog id")
    };
    let mut times: Vec<f64> = Vec::new();
    let mut cpu_times: Vec<f64> = Vec::new();
    let mut overruled: std::collections::BTreeMap<&str, usize> = Default::default();
    let kind = |a: &engine::romme::RommeAction| -> &'static str {
        use engine::romme::RommeAction as A;
        match a {
            A::Discard { .. } => "discard",
            A::DrawTalon => "talon",
            A::DrawDiscard => "take discard",
            A::Buy => "buy",
            A::PassBuy => "pass",
            _ => "other",
        }
    };
    for deal in 0..deals {
        let hero = (deal as usize) % players;
        let mut game = Romme::new(&opts, players, 77 + deal).expect("options");
        let mut bots: Vec<RommeBot> = (0..players)
            .map(|s| {
                let level = if s == hero {
                    Level::Hard
                } else {
                    Level::Normal
                };
                RommeBot::new(level, deal * 10 + s as u64)
                    .with_options(&opts)
                    .with_budget(budget)
            })
            .collect();
        while let Some(s) = game.to_move() {
            let legal = game.legal_actions(s);
            let view = game.view(s);
            let normal = (s == hero).then(|| {
                let mut b = bots[s].clone();
                b.level = Level::Normal;
                b.choose(&view, &legal)
            });
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
    println!("{preset} {players} players, {deals} deals, budget {budget:?}");
    for (label, mut t) in [("wall", times), ("thread CPU", cpu_times)] {
        if t.is_empty() {
            continue;
        }
        t.sort_by(f64::total_cmp);
        let q = |p: f64| t[((t.len() - 1) as f64 * p).round() as usize];
        let searched = t.iter().filter(|&&x| x > 0.5).count();
        println!(
            "  {label}: {} decisions ({searched} over 0.5 ms), ms: p50 {:.2}, p95 {:.2}, p99 {:.2}, max {:.2}, mean {:.2}",
            t.len(),
            q(0.5),
            q(0.95),
            q(0.99),
            q(1.0),
            t.iter().sum::<f64>() / t.len().max(1) as f64
        );
    }
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

/// Debug: the lookahead's means for every discard at a few positions, with many samples.
#[allow(dead_code)]
pub fn probe(opts: &RommeOptions, players: usize, samples: usize) {
    use engine::romme::{PhaseView, RommeAction};
    for seed in 0..4u64 {
        let mut game = Romme::new(opts, players, 500 + seed).expect("options");
        let mut bots: Vec<RommeBot> = (0..players)
            .map(|s| RommeBot::new(Level::Normal, s as u64).with_options(opts))
            .collect();
        let mut turns = 0;
        while let Some(s) = game.to_move() {
            let legal = game.legal_actions(s);
            let view = game.view(s);
            let a = bots[s].choose(&view, &legal);
            if matches!(view.phase, PhaseView::Play { .. })
                && matches!(a, RommeAction::Discard { .. })
            {
                turns += 1;
                if turns == 7 {
                    let cands: Vec<RommeAction> = legal
                        .iter()
                        .filter(|x| matches!(x, RommeAction::Discard { .. }))
                        .cloned()
                        .collect();
                    let budget = Budget {
                        samples,
                        discards: 99,
                        steps: usize::MAX,
                        ..Budget::DEFAULT
                    };
                    let t = Instant::now();
                    let mut rng = bots::BotRng::seed_from_u64(seed);
                    let o = bots::romme::hard::evaluate(&view, &cands, &bots[s], budget, &mut rng);
                    let m = bots::romme::hard::means(&o, cands.len());
                    let faces: Vec<String> = cands
                        .iter()
                        .map(|c| match c {
                            RommeAction::Discard { card } => format!(
                                "{:?}",
                                view.hand.iter().find(|h| h.id == *card).unwrap().face
                            ),
                            _ => String::new(),
                        })
                        .collect();
                    println!(
                        "seed {seed}: normal {a:?}, {:.0} ms",
                        t.elapsed().as_secs_f64() * 1000.0
                    );
                    for (f, v) in faces.iter().zip(&m) {
                        println!("   {f}: {v:.1}");
                    }
                    break;
                }
            }
            game.apply(s, &a).expect("legal");
        }
    }
}
