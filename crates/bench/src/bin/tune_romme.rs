//! Tunes the Rommé heuristic's constants ([`Params`]) by self-play against normal:
//! `cargo run -p bench --profile bench-native --bin tune_romme -- PRESET DEALS SEED [ROUNDS] [START]`.
//!
//! PRESET is a catalog id (romme, romme_kaufen, romme_anlegen, romme_raeuber, romme_trad).
//! Every candidate set plays DEALS duplicate heads-up deals (both seatings) against the
//! normal bot, the same deals for every candidate (common random numbers). A coordinate
//! search tries each parameter one step up and down and keeps a change when it wins more
//! than one standard error of the paired difference above the best so far; ROUNDS passes
//! (default 2). START: a comma-separated vector to start from (default: normal's), or
//! `tuned[,NAME=VALUE…]` (the hard bot's set, some parameters changed). With
//! `eval` as ROUNDS it only measures START. Validate the result on another SEED. With the
//! environment variable `PLAYERS=4` one tuned seat plays against three normal ones.

use bots::romme::arena::one_deal;
use bots::romme::{Level, Params, RommeBot};
use bots::{drive, Bot};
use engine::games::{find_variant, options_of};
use engine::romme::{Romme, RommeOptions};
use engine::Game;

/// The win shares of `params` against normal, one per game (deal × seating).
fn shares(opts: &RommeOptions, params: Params, deals: u64, seed: u64) -> Vec<f64> {
    let n = players();
    let mut out = Vec::with_capacity(deals as usize * n);
    for deal in 0..deals {
        let s = seed.wrapping_mul(1_000_003).wrapping_add(deal);
        for a_seat in 0..n {
            let mut game = Romme::new(opts, n, s).expect("a deal");
            let mut bots: Vec<Box<dyn Bot<Romme>>> = (0..n)
                .map(|seat| {
                    let b = RommeBot::new(Level::Normal, s ^ (seat as u64 + 1) << 20)
                        .with_options(opts);
                    let b = if seat == a_seat {
                        b.with_params(params)
                    } else {
                        b
                    };
                    Box::new(b) as Box<dyn Bot<Romme>>
                })
                .collect();
            drive(&mut game, &mut bots, 2_000_000).expect("a game");
            let st = game.standings();
            let firsts = st.iter().filter(|x| x.place == 1).count().max(1) as f64;
            let won = st.iter().any(|x| x.seat == a_seat && x.place == 1);
            out.push(if won { 1.0 / firsts } else { 0.0 });
            let mine = st.iter().find(|x| x.seat == a_seat).map_or(0, |x| x.score);
            let others: i32 = st
                .iter()
                .filter(|x| x.seat != a_seat)
                .map(|x| x.score)
                .sum();
            POINTS.with(|p| {
                let mut p = p.borrow_mut();
                p.0 += f64::from(mine);
                p.1 += f64::from(others) / (n - 1) as f64;
                p.2 += 1.0;
            });
        }
    }
    out
}

thread_local! {
    /// Sums of the tuned seat's points, the other seats' mean points and the games, since
    /// the last [`points`].
    static POINTS: std::cell::RefCell<(f64, f64, f64)> = const { std::cell::RefCell::new((0.0, 0.0, 0.0)) };
}

/// The mean points per game of the tuned seat and of the others since the last call.
fn points() -> (f64, f64) {
    POINTS.with(|p| {
        let (a, b, n) = p.replace((0.0, 0.0, 0.0));
        (a / n.max(1.0), b / n.max(1.0))
    })
}

/// Players per game: the environment variable `PLAYERS` (default 2).
fn players() -> usize {
    std::env::var("PLAYERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2)
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

/// Standard error of the mean paired difference of `a` and `b`.
fn paired_se(a: &[f64], b: &[f64]) -> f64 {
    let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
    let m = mean(&d);
    let var = d.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (d.len().max(2) - 1) as f64;
    (var / d.len().max(1) as f64).sqrt()
}

/// How far one step of each parameter goes.
const STEPS: [i64; 19] = [3, 2, 2, 2, 3, 2, 3, 10, 1, 1, 1, 1, 1, 1, 4, 1, 1, 4, 1];

/// START `tuned` or `tuned,NAME=VALUE,…`: the hard bot's set for these options and
/// players ([`Params::tuned`]), with the named parameters changed.
fn tuned_with(opts: &RommeOptions, spec: &str) -> Vec<i64> {
    let mut v = Params::tuned(opts, players()).to_vec();
    for item in spec.split(',').skip(1) {
        let (name, value) = item.split_once('=').expect("NAME=VALUE");
        let k = Params::NAMES
            .iter()
            .position(|n| *n == name)
            .expect("a parameter name");
        v[k] = value.parse().expect("a number");
    }
    v
}

fn show(v: &[i64]) -> String {
    v.iter().map(i64::to_string).collect::<Vec<_>>().join(",")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let preset = arg(0).unwrap_or("romme");
    let deals: u64 = arg(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let seed: u64 = arg(2).and_then(|s| s.parse().ok()).unwrap_or(2026);
    let mode = arg(3).unwrap_or("2");
    let info = find_variant(preset).expect("a Rommé preset");
    let opts = one_deal(&options_of::<Romme>(info).expect("a Rommé preset"));
    let mut best: Vec<i64> = match arg(4) {
        Some(s) if s.starts_with("tuned") => tuned_with(&opts, s),
        Some(s) => s.split(',').filter_map(|x| x.parse().ok()).collect(),
        None => Params::NORMAL.to_vec(),
    };
    let t = std::time::Instant::now();
    let mut best_shares = shares(&opts, Params::from_vec(&best), deals, seed);
    let (mine, others) = points();
    let normal = shares(&opts, Params::NORMAL, deals, seed);
    let se = paired_se(&best_shares, &normal);
    println!(
        "{preset}: start {} wins {:.2} % (± {:.2} vs normal, 95 %), points {mine:.1} / {others:.1}, {:.1} s per evaluation",
        show(&best),
        100.0 * mean(&best_shares),
        196.0 * se,
        t.elapsed().as_secs_f64()
    );
    let Ok(rounds) = mode.parse::<usize>() else {
        return;
    };
    for round in 0..rounds {
        let mut moved = false;
        for k in 0..STEPS.len() {
            // take_keep starts off (i64::MAX): try it at a few levels instead of steps.
            let tries: Vec<i64> = if best[k] >= 1_000 {
                vec![12, 16, 20, 24]
            } else {
                vec![best[k] + STEPS[k], best[k] - STEPS[k]]
            };
            for value in tries {
                if value < 0 {
                    continue;
                }
                let mut v = best.clone();
                v[k] = value;
                let s = shares(&opts, Params::from_vec(&v), deals, seed);
                let gain = mean(&s) - mean(&best_shares);
                let se = paired_se(&s, &best_shares);
                let keep = gain > se && gain > 0.0;
                println!(
                    "round {round} {}={value}: {:.2} % ({:+.2} ± {:.2}){}",
                    Params::NAMES[k],
                    100.0 * mean(&s),
                    100.0 * gain,
                    100.0 * se,
                    if keep { "  kept" } else { "" }
                );
                if keep {
                    best = v;
                    best_shares = s;
                    moved = true;
                    break;
                }
            }
        }
        println!(
            "after round {round}: {} wins {:.2} %",
            show(&best),
            100.0 * mean(&best_shares)
        );
        if !moved {
            break;
        }
    }
    let se = paired_se(&best_shares, &normal);
    println!(
        "{preset}: best {} wins {:.2} % ± {:.2} against normal ({} games, seed {seed})",
        show(&best),
        100.0 * mean(&best_shares),
        196.0 * se,
        players() as u64 * deals
    );
}
