//! The ceiling of the hard Rommé bot's one-step search: a clairvoyant hard bot against
//! normal, in the tournament's duplicate format on the tournament's deals (measurement
//! only; see `bench::ceiling` and docs/bots.md).
//!
//! `cargo run -p bench --profile bench-native --bin ceiling_romme -- PRESET SIGHT [PLAYERS]
//! [DEALS] [SEED]`: PRESET romme, romme_kaufen, romme_anlegen, romme_raeuber or romme_trad;
//! SIGHT `hands` (the opponents' true hands), `all` (the whole true state), `view` (the hard
//! bot's own worlds through the same code) or `hard` (the plain hard bot driven here); the
//! last two must give `tournament -- PRESET hard normal` to the digit. `melds` / `rest`: only
//! the melded / unmelded part of the opponents' true hands (their best partitions), `pips`:
//! sampled hands redrawn to the true deadwood pips, `shareP` (e.g. `share20`): P % of each
//! opponent's true hand, each card by chance.
//! Every deal (seed `SEED × 1,000,003 + deal`) is played once per seat with the measured bot
//! in that seat and normal in the others, the bots seeded as the tournament seeds them.
//! Prints the tournament's line (win rate ± 95 % interval, par, average points) and what the
//! clairvoyant did; a running figure every 25 deals on stderr.

use bench::ceiling::{Clairvoyant, Sight, Tally};
use bench::tournament::{score, Report};
use bots::romme::arena::one_deal;
use bots::romme::{Level, RommeBot};
use bots::Bot;
use engine::games::{find_variant, options_of};
use engine::romme::{Romme, RommeOptions};
use engine::Game;
use std::process::ExitCode;
use std::time::Instant;

/// The measured seat: the clairvoyant, or the plain hard bot.
enum Hero {
    Clair(Box<Clairvoyant>),
    Hard(Box<RommeBot>),
}

/// Plays one game of the duplicate (the measured bot in `a_seat`); adds it to `report`.
fn game(
    opts: &RommeOptions,
    (n, seed, a_seat): (usize, u64, usize),
    sight: Option<Sight>,
    report: &mut Report,
    tally: &mut Tally,
) -> Result<(), String> {
    let mut g = Romme::new(opts, n, seed).map_err(|e| format!("{e:?}"))?;
    let bot_seed = |seat: usize| seed ^ (((a_seat * 31 + seat) as u64 + 1) << 20);
    let mut normals: Vec<RommeBot> = (0..n)
        .map(|s| RommeBot::new(Level::Normal, bot_seed(s)).with_options(opts))
        .collect();
    let hard = RommeBot::new(Level::Hard, bot_seed(a_seat)).with_options(opts);
    let mut hero = match sight {
        Some(s) => Hero::Clair(Box::new(Clairvoyant::new(hard, s))),
        None => Hero::Hard(Box::new(hard)),
    };
    let mut steps = 0;
    while let Some(seat) = g.to_move() {
        steps += 1;
        if steps > 2_000_000 {
            return Err(format!("seed {seed}: too long"));
        }
        let legal = g.legal_actions(seat);
        let action = match (&mut hero, seat == a_seat) {
            (Hero::Clair(c), true) => c.choose(&g, seat),
            (Hero::Hard(h), true) => h.choose(&g.view(seat), &legal),
            (_, false) => normals[seat].choose(&g.view(seat), &legal),
        };
        g.apply(seat, &action)
            .map_err(|e| format!("seed {seed}: seat {seat} {action:?}: {e:?}"))?;
    }
    if let Hero::Clair(c) = &hero {
        tally.searched += c.tally.searched;
        tally.overruled += c.tally.overruled;
        tally.failed += c.tally.failed;
        tally.varied += c.tally.varied;
    }
    report.decisions += steps;
    score(report, &g.standings(), a_seat, n);
    Ok(())
}

fn line(label: &str, r: &Report, players: usize) -> String {
    format!(
        "| {} | {} | {} × {} | {:.1} % ± {:.1} | {:.0} % | {:.1} / {:.1} |",
        label,
        players,
        r.games,
        r.unit,
        r.rate() * 100.0,
        r.ci95() * 100.0,
        Report::par(players) * 100.0,
        r.a_score / r.games.max(1) as f64,
        r.b_score / r.games.max(1) as f64,
    )
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let usage =
        "usage: ceiling_romme PRESET hands|all|view|hard|melds|rest|pips|shareP [PLAYERS] [DEALS] [SEED]";
    let (Some(variant), Some(code)) = (arg(0), arg(1)) else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let sight = Sight::parse(code);
    let info = find_variant(variant).filter(|v| v.game == Some("romme"));
    let (Some(info), true) = (info, sight.is_some() || code == "hard") else {
        eprintln!("{usage}");
        return ExitCode::from(2);
    };
    let Ok(opts) = options_of::<Romme>(info) else {
        eprintln!("unknown preset {variant}");
        return ExitCode::from(2);
    };
    let opts = one_deal(&opts);
    let players: usize = arg(2).and_then(|s| s.parse().ok()).unwrap_or(2);
    let deals: u64 = arg(3).and_then(|s| s.parse().ok()).unwrap_or(250);
    let seed: u64 = arg(4).and_then(|s| s.parse().ok()).unwrap_or(99);
    let label = format!("{variant} {code} vs normal");
    let mut report = Report {
        unit: "deal",
        ..Report::default()
    };
    let mut tally = Tally::default();
    let t = Instant::now();
    for deal in 0..deals {
        let deal_seed = seed.wrapping_mul(1_000_003).wrapping_add(deal);
        for a_seat in 0..players {
            let spec = (players, deal_seed, a_seat);
            if let Err(e) = game(&opts, spec, sight, &mut report, &mut tally) {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
        if (deal + 1) % 25 == 0 {
            eprintln!(
                "{} deals, {:.0} s: {}",
                deal + 1,
                t.elapsed().as_secs_f64(),
                line(&label, &report, players)
            );
        }
    }
    println!("| run | players | games | A wins (95 % CI) | par | avg score A / B |");
    println!("|---|---|---|---|---|---|");
    println!("{}", line(&label, &report, players));
    println!(
        "searched {} decisions, overruled normal {} ({:.1} %), worlds not built {}, \
         searches whose worlds differed {}; {:.0} s",
        tally.searched,
        tally.overruled,
        100.0 * tally.overruled as f64 / tally.searched.max(1) as f64,
        tally.failed,
        tally.varied,
        t.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
