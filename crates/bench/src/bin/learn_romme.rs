//! Fits the learned discard ranking ([`bots::romme::learned`]) by self-play and measures it:
//! `cargo run -p bench --profile bench-native --bin learn_romme -- PRESET DEALS SEED [EVAL_DEALS EVAL_SEED]`.
//!
//! The tuned seat (the hard bot's own continuation) plays DEALS duplicate deals against
//! normal (`PLAYERS=4`: three normal), exploring its discards; the deal's value (the best
//! other seat's points minus its own, plus 20 for winning) is regressed on the explored
//! discards' centred features (ridge, two threads). Prints the weights with their t values
//! and the line for `crates/bots/src/romme/learned_weights.rs`, then plays EVAL_DEALS
//! duplicate deals (default 20,000, seed EVAL_SEED, default 2027) of the tuned set with and
//! without the learned ranking against normal, on the same deals, and prints both win rates
//! and the paired difference.

use bots::romme::arena::one_deal;
use bots::romme::learned::{self, Features, K};
use bots::romme::{Level, Params, RommeBot};
use bots::Bot;
use engine::games::{find_variant, options_of};
use engine::romme::{Romme, RommeOptions};
use engine::Game;

fn players() -> usize {
    std::env::var("PLAYERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2)
}

/// Plays one deal; returns the value of the deal for `a_seat` and its share of the win.
fn play(opts: &RommeOptions, bots: &mut [RommeBot], seed: u64, a_seat: usize) -> (f64, f64) {
    let mut game = Romme::new(opts, bots.len(), seed).expect("a deal");
    for _ in 0..2_000_000 {
        let Some(s) = game.to_move() else { break };
        let legal = game.legal_actions(s);
        let action = bots[s].choose(&game.view(s), &legal);
        if game.apply(s, &action).is_err() {
            game.apply(s, &legal[0]).expect("a listed action");
        }
    }
    let st = game.standings();
    let score = |seat: usize| st.iter().find(|x| x.seat == seat).map_or(0, |x| x.score);
    let best_other = (0..bots.len())
        .filter(|&s| s != a_seat)
        .map(score)
        .min()
        .unwrap_or(0);
    let firsts = st.iter().filter(|x| x.place == 1).count().max(1) as f64;
    let won = st.iter().any(|x| x.seat == a_seat && x.place == 1);
    let share = if won { 1.0 / firsts } else { 0.0 };
    (f64::from(best_other - score(a_seat)) + 20.0 * share, share)
}

fn bots_for(
    opts: &RommeOptions,
    n: usize,
    s: u64,
    a_seat: usize,
    a: Params,
    explore: bool,
) -> Vec<RommeBot> {
    (0..n)
        .map(|seat| {
            let b = RommeBot::new(Level::Normal, s ^ (seat as u64 + 1) << 20).with_options(opts);
            match (seat == a_seat, explore) {
                (true, true) => b.with_params(a).exploring(),
                (true, false) => b.with_params(a),
                _ => b,
            }
        })
        .collect()
}

/// X'X and X'y over the explored discards of `deals` deals from `first`.
type Sums = (Vec<[f64; K]>, [f64; K], f64, usize);

fn gather(opts: &RommeOptions, tuned: Params, seed: u64, deals: std::ops::Range<u64>) -> Sums {
    let n = players();
    let (mut xtx, mut xty, mut yy, mut count) = (vec![[0.0; K]; K], [0.0; K], 0.0, 0);
    for deal in deals {
        let s = seed.wrapping_mul(1_000_003).wrapping_add(deal);
        for a_seat in 0..n {
            let mut bots = bots_for(opts, n, s, a_seat, tuned, true);
            let (y, _) = play(opts, &mut bots, s, a_seat);
            for x in bots[a_seat].take_samples() {
                for i in 0..K {
                    for j in 0..K {
                        xtx[i][j] += x[i] * x[j];
                    }
                    xty[i] += x[i] * y;
                }
                yy += y * y;
                count += 1;
            }
        }
    }
    (xtx, xty, yy, count)
}

/// Solves `a w = b` (Gauss–Jordan with partial pivoting); also returns the inverse's diagonal.
fn solve(mut a: Vec<[f64; K]>, mut b: [f64; K]) -> (Features, [f64; K]) {
    let mut inv = vec![[0.0; K]; K];
    for (i, row) in inv.iter_mut().enumerate() {
        row[i] = 1.0;
    }
    for c in 0..K {
        let p = (c..K)
            .max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))
            .unwrap_or(c);
        a.swap(c, p);
        inv.swap(c, p);
        b.swap(c, p);
        let d = a[c][c];
        if d.abs() < 1e-12 {
            continue;
        }
        for j in 0..K {
            a[c][j] /= d;
            inv[c][j] /= d;
        }
        b[c] /= d;
        for r in 0..K {
            if r != c {
                let f = a[r][c];
                for j in 0..K {
                    a[r][j] -= f * a[c][j];
                    inv[r][j] -= f * inv[c][j];
                }
                b[r] -= f * b[c];
            }
        }
    }
    let diag = std::array::from_fn(|i| inv[i][i]);
    (b, diag)
}

/// Win shares of the tuned set with the learned ranking on and off, per game, same deals.
fn evaluate(opts: &RommeOptions, tuned: Params, deals: u64, seed: u64) -> (Vec<f64>, Vec<f64>) {
    let n = players();
    let on = Params {
        learned: 1,
        ..tuned
    };
    let off = Params {
        learned: 0,
        ..tuned
    };
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for deal in 0..deals {
        let s = seed.wrapping_mul(1_000_003).wrapping_add(deal);
        for a_seat in 0..n {
            a.push(
                play(
                    opts,
                    &mut bots_for(opts, n, s, a_seat, on, false),
                    s,
                    a_seat,
                )
                .1,
            );
            b.push(
                play(
                    opts,
                    &mut bots_for(opts, n, s, a_seat, off, false),
                    s,
                    a_seat,
                )
                .1,
            );
        }
    }
    (a, b)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let preset = arg(0).unwrap_or("romme");
    let deals: u64 = arg(1).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let seed: u64 = arg(2).and_then(|s| s.parse().ok()).unwrap_or(2026);
    let eval_deals: u64 = arg(3).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let eval_seed: u64 = arg(4).and_then(|s| s.parse().ok()).unwrap_or(2027);
    let info = find_variant(preset).expect("a Rommé preset");
    let opts = one_deal(&options_of::<Romme>(info).expect("a Rommé preset"));
    let n = players();
    let tuned = Params {
        learned: 0,
        ..Params::tuned(&opts, n)
    };
    let t = std::time::Instant::now();
    let half = deals / 2;
    let (a, b) = std::thread::scope(|s| {
        let h = s.spawn(|| gather(&opts, tuned, seed, 0..half));
        let b = gather(&opts, tuned, seed, half..deals);
        (h.join().expect("a thread"), b)
    });
    let mut xtx = a.0;
    let mut xty = a.1;
    for (row, other) in xtx.iter_mut().zip(&b.0) {
        for (x, y) in row.iter_mut().zip(other) {
            *x += y;
        }
    }
    for (x, y) in xty.iter_mut().zip(&b.1) {
        *x += y;
    }
    let (yy, count) = (a.2 + b.2, a.3 + b.3);
    let ridge = 1e-3 * (0..K).map(|i| xtx[i][i]).sum::<f64>() / K as f64;
    for (i, row) in xtx.iter_mut().enumerate() {
        row[i] += ridge;
    }
    let (w, diag) = solve(xtx, xty);
    let sigma2 = yy / count.max(1) as f64;
    println!(
        "{preset}, {n} players: {count} explored discards in {deals} deals (seed {seed}), {:.0} s",
        t.elapsed().as_secs_f64()
    );
    for i in 0..K {
        let se = (sigma2 * diag[i]).sqrt();
        println!(
            "  {:<22} {:>8.3}  (t {:>6.1})",
            learned::NAMES[i],
            w[i],
            w[i] / se.max(1e-12)
        );
    }
    let line: Vec<String> = w.iter().map(|x| format!("{x:.4}")).collect();
    println!("weights: Some([{}])", line.join(", "));
    learned::override_weights(&opts, n, Some(w));
    let t = std::time::Instant::now();
    let (on, off) = std::thread::scope(|s| {
        let h = s.spawn(|| evaluate(&opts, tuned, eval_deals / 2, eval_seed));
        let b = evaluate(
            &opts,
            tuned,
            eval_deals - eval_deals / 2,
            eval_seed ^ 0x5eed,
        );
        let mut a = h.join().expect("a thread");
        a.0.extend(b.0);
        a.1.extend(b.1);
        a
    });
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let d: Vec<f64> = on.iter().zip(&off).map(|(x, y)| x - y).collect();
    let md = mean(&d);
    let se = (d.iter().map(|x| (x - md).powi(2)).sum::<f64>()
        / (d.len().max(2) - 1) as f64
        / d.len() as f64)
        .sqrt();
    println!(
        "against normal ({} games, seed {eval_seed}): tuned + learned {:.2} %, tuned {:.2} %, difference {:+.2} ± {:.2} (95 %), {:.0} s",
        on.len(),
        100.0 * mean(&on),
        100.0 * mean(&off),
        100.0 * md,
        196.0 * se,
        t.elapsed().as_secs_f64()
    );
}
