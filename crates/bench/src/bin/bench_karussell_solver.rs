//! Karussell solver benchmark:
//! `cargo run -p bench --profile bench-native --bin bench_karussell_solver [positions]`
//! (environment `ROW_TABLE=n` and `ROW_JOKERS=n` replace the table sizes 20, 50, 100 and
//! the joker counts 0, 2, 6 by one value each; `SLOW_MS=n` prints every position slower
//! than n ms to stderr as a `karussell-solve` input line; `CPU_TIME=1` measures the
//! thread's CPU time (Linux) instead of wall time, which helps on a loaded machine).
//!
//! Random realistic positions (`bots::karussell::positions`, seeded per row, so the browser
//! benchmark `node tests/e2e/bench_solver.mjs` solves the very same positions).
//! Prints mean, p95 and max solve time per row. A row stops early after 60 s of solving
//! (column `n`: positions measured); one position is not interrupted, so the rows with 6
//! jokers at 50 and 100 cards can take minutes. Memory stays bounded (the solver's memo is a
//! capped cache). `--all` is accepted for compatibility; every row runs.

use bench::karussell_positions::{row_with_hand, summary};
use engine::card::{Card, Face, Suit};
use engine::karussell::{check_meld, solve, TableCard};
use std::time::Instant;

/// A card in the `karussell-solve` notation.
fn cli_face(face: Face) -> String {
    match face {
        Face::French { rank, suit } => {
            let r = match rank.0 {
                1 => "A".to_string(),
                11 => "J".to_string(),
                12 => "Q".to_string(),
                13 => "K".to_string(),
                n => n.to_string(),
            };
            let s = match suit {
                Suit::Spades => "S",
                Suit::Hearts => "H",
                Suit::Diamonds => "D",
                Suit::Clubs => "C",
            };
            format!("{r}{s}")
        }
        _ => "JK".to_string(),
    }
}

/// The position as one `karussell-solve` input line (environment `SLOW_MS=n` prints the
/// positions taking at least n ms to stderr).
fn cli_line(table: &[Vec<TableCard>], hand: &[Card]) -> String {
    let meld = |m: &Vec<TableCard>| {
        let cards: Vec<String> = m
            .iter()
            .map(|t| {
                if t.is_joker() {
                    format!("\"JK:{}\"", cli_face(t.as_face))
                } else {
                    format!("\"{}\"", cli_face(t.card.face))
                }
            })
            .collect();
        format!("[{}]", cards.join(","))
    };
    let melds: Vec<String> = table.iter().map(meld).collect();
    let hand: Vec<String> = hand
        .iter()
        .map(|c| format!("\"{}\"", cli_face(c.face)))
        .collect();
    format!(
        "{{\"table\": [{}], \"hand\": [{}]}}",
        melds.join(","),
        hand.join(",")
    )
}

/// CPU time of this thread in ms (Linux `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`).
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn thread_cpu_ms() -> Option<f64> {
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: a valid clock id and a pointer to a live, properly laid out timespec.
    let rc = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) };
    (rc == 0).then(|| t.sec as f64 * 1e3 + t.nsec as f64 / 1e6)
}

#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn thread_cpu_ms() -> Option<f64> {
    None
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: usize = args.iter().find_map(|s| s.parse().ok()).unwrap_or(200);
    println!("Karussell solver, {count} positions per row (times in ms)");
    println!(
        "{:>6} {:>6} {:>4} | {:>6} {:>5} {:>5} | {:>8} {:>8} {:>8} | {:>6}",
        "table", "jokers", "n", "t.mean", "hand", "jk/t", "mean", "p95", "max", "placed"
    );
    let env = |name: &str| {
        std::env::var(name)
            .ok()
            .and_then(|s| s.parse::<usize>().ok())
    };
    let hand_size = env("HAND").unwrap_or(15);
    let cpu_time = env("CPU_TIME").is_some_and(|c| c > 0);
    let targets = env("ROW_TABLE").map_or(vec![20, 50, 100], |t| vec![t]);
    let joker_counts = env("ROW_JOKERS").map_or(vec![0, 2, 6], |j| vec![j as u8]);
    for &target in &targets {
        for &jokers in &joker_counts {
            let mut times = Vec::with_capacity(count);
            let (mut tsize, mut hsize, mut tjk, mut placed) = (0usize, 0usize, 0usize, 0usize);
            let row_start = Instant::now();
            for (table, hand) in row_with_hand(target, jokers, count, hand_size) {
                if row_start.elapsed().as_secs() >= 60 {
                    break;
                }
                tsize += table.iter().map(Vec::len).sum::<usize>();
                tjk += table.iter().flatten().filter(|t| t.is_joker()).count();
                hsize += hand.len();
                let cpu0 = cpu_time.then(thread_cpu_ms).flatten();
                let start = Instant::now();
                let sol = solve(&table, &hand).expect("legal table");
                let ms = match (cpu0, cpu_time.then(thread_cpu_ms).flatten()) {
                    (Some(a), Some(b)) => b - a,
                    _ => start.elapsed().as_secs_f64() * 1e3,
                };
                times.push(ms);
                if env("SLOW_MS").is_some_and(|slow| ms >= slow as f64) {
                    eprintln!("{:.0} ms: {}", ms, cli_line(&table, &hand));
                }
                placed += sol.placed;
                assert!(sol.table.iter().all(|m| check_meld(m).is_ok()));
            }
            let count = times.len();
            let (mean, p95, max) = summary(&times);
            let c = count as f64;
            println!(
                "{target:>6} {jokers:>6} {count:>4} | {:>6.1} {:>5.1} {:>5.2} | {mean:>8.3} {p95:>8.3} {max:>8.3} | {:>6.2}",
                tsize as f64 / c,
                hsize as f64 / c,
                tjk as f64 / c,
                placed as f64 / c
            );
        }
    }
}
