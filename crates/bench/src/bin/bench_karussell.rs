//! Karussell bot strength: heads-up matches (to 100 points), seats swapped every other game.
//! `cargo run -p bench --profile bench-native --bin bench_karussell [games] [pairs]`
//! (`pairs`: a comma list like `hard-easy,hard-normal`; default: all three pairings).
//! For the hard bot it also prints its decision times: mean, p95 and max of the decisions
//! that looked ahead (over 1 ms), and how many took over 150 ms. `HARD_BUDGET=max,min`
//! (environment) changes the hard bot's sample budget for experiments.

use bench::karussell_positions::summary;
use bots::karussell::KarussellBot;
use bots::Bot;
use engine::karussell::{Karussell, KarussellAction, KarussellOptions, KarussellView};
use engine::BotLevel;
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

fn level(code: &str) -> BotLevel {
    BotLevel::ALL
        .into_iter()
        .find(|l| l.code() == code)
        .unwrap_or_else(|| panic!("unknown level {code}"))
}

/// A bot that records how long each of its decisions takes (ms).
struct Timed {
    bot: KarussellBot,
    times: Rc<RefCell<Vec<f64>>>,
}

impl Bot<Karussell> for Timed {
    fn choose(&mut self, view: &KarussellView, legal: &[KarussellAction]) -> KarussellAction {
        let t = Instant::now();
        let a = self.bot.choose(view, legal);
        let ms = t.elapsed().as_secs_f64() * 1e3;
        self.times.borrow_mut().push(ms);
        if ms > 150.0 && std::env::var("SHOW_SLOW").is_ok() {
            let table: usize = view.table.iter().map(Vec::len).sum();
            println!(
                "    slow {ms:.0} ms: hand {}, table {table}, stock {}, draws {}, opponent {:?}",
                view.hand.len(),
                view.stock_size,
                view.draws,
                view.hand_sizes
            );
        }
        a
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(2_000);
    let pairs = args
        .next()
        .unwrap_or_else(|| "normal-easy,hard-easy,hard-normal".to_string());
    let options = KarussellOptions {
        target: 100,
        ..KarussellOptions::default()
    };
    let mut budget = bots::karussell::hard::Budget::DEFAULT;
    if let Ok(b) = std::env::var("HARD_BUDGET") {
        let (max, min) = b.split_once(',').expect("HARD_BUDGET=max,min");
        budget.samples = max.parse().expect("a number");
        budget.min_samples = min.parse().expect("a number");
        println!("hard budget {budget:?}");
    }
    println!("Karussell heads-up, {games} matches to 100 per pairing, seats swapped:");
    for pair in pairs.split(',') {
        if let Some(seats) = pair.strip_prefix("timing") {
            timing(seats.parse().expect("timing3 .. timing5"), games, &options);
            continue;
        }
        let (a, b) = pair.split_once('-').expect("pairs look like hard-easy");
        let (a, b) = (level(a), level(b));
        let times = Rc::new(RefCell::new(Vec::new()));
        let t = Instant::now();
        let (wa, wb, steps) = bots::heads_up(
            (a, b),
            games,
            2026,
            20_000,
            |s| <Karussell as engine::Game>::new(&options, 2, s),
            |level, s| {
                let mut bot = KarussellBot::new(level, s);
                bot.budget = budget;
                if level == BotLevel::Hard {
                    Box::new(Timed {
                        bot,
                        times: times.clone(),
                    })
                } else {
                    Box::new(bot)
                }
            },
        )
        .expect("bot games never fail");
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
        print_times(&times.borrow());
    }
}

/// Mean, p95 and max of the hard decisions that looked ahead (over 1 ms).
fn print_times(times: &[f64]) {
    if times.is_empty() {
        return;
    }
    let slow: Vec<f64> = times.iter().copied().filter(|&t| t > 1.0).collect();
    let (mean, p95, max) = summary(&slow);
    let over = slow.iter().filter(|&&t| t > 150.0).count();
    println!(
        "    hard decisions: {} ({} looked ahead: mean {mean:.1} ms, p95 {p95:.1} ms, \
         max {max:.1} ms; {over} over 150 ms)",
        times.len(),
        slow.len()
    );
}

/// `timingN`: `games` matches of N seats (two packs, two jokers), one hard bot against
/// normal ones, for the hard bot's decision times only.
fn timing(seats: usize, games: u64, options: &KarussellOptions) {
    let times = Rc::new(RefCell::new(Vec::new()));
    let mut wins = 0;
    for g in 0..games {
        let mut state = <Karussell as engine::Game>::new(options, seats, 77 + g).unwrap();
        let hard = (g as usize) % seats;
        let mut bots: Vec<Box<dyn Bot<Karussell>>> = (0..seats)
            .map(|s| -> Box<dyn Bot<Karussell>> {
                if s == hard {
                    Box::new(Timed {
                        bot: KarussellBot::new(BotLevel::Hard, g * 7 + s as u64),
                        times: times.clone(),
                    })
                } else {
                    bots::bot_for::<Karussell>(BotLevel::Normal, g * 7 + s as u64, options)
                }
            })
            .collect();
        bots::drive(&mut state, &mut bots, 20_000).expect("bot games never fail");
        let st = <Karussell as engine::Game>::standings(&state);
        wins += u64::from(st.iter().any(|x| x.seat == hard && x.place == 1));
    }
    println!(
        "  {seats} seats, hard vs {} normal: hard first in {wins} of {games}",
        seats - 1
    );
    print_times(&times.borrow());
}
