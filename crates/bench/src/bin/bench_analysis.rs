//! How well the analysis after a deal estimates what a move costs: `cargo run -p bench
//! --profile bench-native --bin bench_analysis -- [GAME|all] [N] [SEATS]`.
//!
//! GAME is `romme` (and the Rommé catalog ids `romme_kaufen`, `romme_anlegen`,
//! `romme_raeuber`, `romme_trad`), `karussell`, `profisort`, `abluxxen` or `all` (default);
//! N positions per game (default 40), SEATS players (default 2). Each position comes from
//! a seeded game of normal bots: at one of seat 0's decisions (picked at random among those
//! where the hard bot has candidates to compare) the played move is the normal bot's
//! choice. The hard bot's analysis lookahead ([`Thinker::judging`], exactly what
//! `Bot::judge` runs) estimates the difference between the best other candidate and the
//! played move from seat 0's view. The real difference plays both moves out from the TRUE
//! state with the lookahead's own rollout policy and value, in the same units: Rommé's
//! rollout bots draw from a generator, so [`PLAYOUTS`] seeds (the same for both moves);
//! the other games' rollout policies are deterministic, so one playout is the exact value.
//!
//! Prints per game: positions, mean absolute error, correlation, how often the sign and
//! the "matters" call (≥ threshold) agree, the precision of "matters" (the real difference
//! is positive), and the mean analysis time (thread CPU, native) per searched decision and per judged
//! decision of whole deals.

use bots::abluxxen::{AbluxxenBot, Level as ALevel};
use bots::analysis::{Analysis, THRESHOLD};
use bots::karussell::KarussellBot;
use bots::profisort::ProfiSortBot;
use bots::romme::{Level, RommeBot};
use bots::search::{argmax, means, Lookahead, Search};
use bots::think::{verdict, Thinker};
use bots::{bot_for, Bot, BotGame, BotRng};
use engine::games::variant_options;
use engine::romme::{MatchEnd, Romme, RommeOptions};
use engine::save::Record;
use engine::{BotLevel, Game};

/// Playouts from the true state per move where the rollout policy draws random numbers.
const PLAYOUTS: u64 = 200;

/// One position: the estimated and the real difference (best other − played), and the
/// analysis time.
struct Sample {
    estimate: f64,
    /// The verdict's cost (0 without a verdict: not clearly worse).
    verdict: f64,
    /// The same difference from [`REFERENCE`] times as many worlds sampled from the view.
    reference: f64,
    real: f64,
    /// Thread CPU time (ms).
    time: f64,
}

/// The reference estimate runs the analysis lookahead this many more times.
const REFERENCE: u64 = 12;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args.first().map_or("all", String::as_str);
    let n: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(40);
    let seats: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2);
    let all = game == "all";
    if all || game.starts_with("romme") {
        let id = if all { "romme" } else { game };
        let opts = RommeOptions {
            match_end: MatchEnd::Deals { count: Some(1) },
            ..variant_options::<Romme>(id).expect("a Rommé catalog id")
        };
        let hard = |seed| RommeBot::new(Level::Hard, seed).with_options(&opts);
        let truth = |look: &mut bots::romme::hard::Look, state: &Romme, c, seed| {
            look.play_from(state, c, seed)
        };
        report(id, &measure(&opts, seats, n, hard, truth, PLAYOUTS));
        whole_deals::<Romme>(&opts, seats);
    }
    if all || game == "karussell" {
        let hard = |seed| KarussellBot::new(BotLevel::Hard, seed);
        let opts = Default::default();
        report("karussell", &measure(&opts, seats, n, hard, exact, 1));
        whole_deals::<engine::karussell::Karussell>(&opts, seats);
    }
    if all || game == "profisort" {
        let hard = |seed| ProfiSortBot::new(BotLevel::Hard, seed);
        let opts = Default::default();
        report("profisort", &measure(&opts, seats, n, hard, exact, 1));
        whole_deals::<engine::profisort::ProfiSort>(&opts, seats);
    }
    if all || game == "abluxxen" {
        let hard = |seed| AbluxxenBot::new(ALevel::Hard, seed);
        let opts = Default::default();
        report("abluxxen", &measure(&opts, seats, n, hard, exact, 1));
        whole_deals::<engine::abluxxen::Abluxxen>(&opts, seats);
    }
}

/// The analysis of seat 0 over the first [`DEAL_STEPS`] actions of [`DEALS`] games of
/// normal bots (about a deal or round): the mean time per judged decision, as the page
/// would spend it (natively), and how many findings a deal of normal play has.
fn whole_deals<G: BotGame>(options: &G::Options, seats: usize) {
    let (mut time, mut judged, mut found) = (0, 0, 0);
    for seed in 0..DEALS {
        let Ok(mut game) = G::new(options, seats, 500 + seed) else {
            continue;
        };
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
            .map(|s| bot_for::<G>(BotLevel::Normal, seed * 7 + s as u64, options))
            .collect();
        let mut log = Vec::new();
        while log.len() < DEAL_STEPS {
            let Some(s) = game.to_move() else { break };
            let a = bots[s].choose(&game.view(s), &game.legal_actions(s));
            if game.apply(s, &a).is_err() {
                break;
            }
            log.push((s, a));
        }
        let record = Record {
            options: options.clone(),
            seats,
            seed: 500 + seed,
            log,
        };
        let bot = bot_for::<G>(BotLevel::Hard, seed, options);
        let t0 = thread_cpu_ns();
        let mut analysis = Analysis::new(&record, 0, 0..record.log.len(), bot);
        analysis.run(&mut || false);
        time += thread_cpu_ns().saturating_sub(t0);
        judged += analysis.progress().0;
        found += analysis.findings().len();
    }
    println!(
        "  whole deals: {judged} decisions judged in {DEALS} deals, {:.0} ms (thread CPU) per decision, \
         {:.1} findings per deal of normal play",
        time as f64 / 1e6 / judged.max(1) as f64,
        found as f64 / DEALS as f64
    );
}

/// Games (and actions of each) for [`whole_deals`].
const DEALS: u64 = 6;
const DEAL_STEPS: usize = 150;

/// The value of candidate `c` played out from `state` by a lookahead whose world is the
/// game's state (deterministic rollouts: the seed is not used).
fn exact<L: Lookahead<World = G>, G>(look: &mut L, state: &G, c: usize, _seed: u64) -> f64 {
    look.play(state, c).0
}

/// `n` positions of `G` (see the module).
fn measure<G, B>(
    options: &G::Options,
    seats: usize,
    n: u64,
    hard: impl Fn(u64) -> B,
    truth: impl Fn(&mut B::Look, &G, usize, u64) -> f64,
    playouts: u64,
) -> Vec<Sample>
where
    G: BotGame,
    G::View: PartialEq,
    B: Thinker<G> + Bot<G> + Clone,
{
    let mut out = Vec::new();
    for p in 0..n * 4 {
        if out.len() as u64 >= n {
            break;
        }
        let seed = 1_000 + p;
        let Ok(mut game) = G::new(options, seats, seed) else {
            continue;
        };
        let mut normal: Vec<Box<dyn Bot<G>>> = (0..seats)
            .map(|s| bot_for::<G>(BotLevel::Normal, seed * 7 + s as u64, options))
            .collect();
        let mut me = hard(seed);
        let mut pick = BotRng::seed_from_u64(seed);
        for _ in 0..3_000 {
            let Some(s) = game.to_move() else { break };
            let legal = game.legal_actions(s);
            let view = game.view(s);
            let played = normal[s].choose(&view, &legal);
            if s == 0 && legal.len() >= 2 && pick.below(3) == 0 {
                if let Some(sample) =
                    judge(&mut me.clone(), &game, &legal, &played, &truth, playouts)
                {
                    out.push(sample);
                    break;
                }
            }
            if s == 0 {
                Bot::observe(&mut me, &view);
            }
            if game.apply(s, &played).is_err() {
                break;
            }
        }
    }
    out
}

/// The analysis of `played` at seat 0's decision in `game` and the real difference.
fn judge<G, B>(
    bot: &mut B,
    game: &G,
    legal: &[G::Action],
    played: &G::Action,
    truth: &impl Fn(&mut B::Look, &G, usize, u64) -> f64,
    playouts: u64,
) -> Option<Sample>
where
    G: Game,
    G::View: PartialEq,
    B: Thinker<G>,
{
    let view = game.view(0);
    let t0 = thread_cpu_ns();
    let mut cands = match bot.start(&view, legal) {
        Ok(a) if a == *played => return None,
        Ok(a) => vec![a],
        Err(look) => look.listed().to_vec(),
    };
    if !cands.contains(played) {
        cands.push(played.clone());
    }
    if cands.len() < 2 {
        return None;
    }
    let look = bot.judging(&view, cands.clone());
    let mut search = Search::new(*look, bot.mind().1.clone());
    search.run(&mut || false);
    let (mut look, outcomes, _) = search.into_parts();
    let time = thread_cpu_ns().saturating_sub(t0) as f64 / 1e6;
    let verdict = verdict(&cands, &outcomes, played).map_or(0.0, |v| v.cost);
    let mut all = outcomes.clone();
    for r in 0..REFERENCE {
        let look = bot.judging(&view, cands.clone());
        let mut s = Search::new(*look, BotRng::seed_from_u64(0x5EED + r));
        s.run(&mut || false);
        all.extend(s.into_parts().1);
    }
    let wide = means(&all, cands.len());
    let m = means(&outcomes, cands.len());
    let p = cands.iter().position(|a| a == played)?;
    let others: Vec<f64> = (0..m.len())
        .map(|i| if i == p { f64::NEG_INFINITY } else { m[i] })
        .collect();
    let b = argmax(&others);
    let real = (0..playouts)
        .map(|s| truth(&mut look, game, b, s) - truth(&mut look, game, p, s))
        .sum::<f64>()
        / playouts as f64;
    Some(Sample {
        estimate: m[b] - m[p],
        verdict,
        reference: wide[b] - wide[p],
        real,
        time,
    })
}

/// CPU time of this thread in ns (Linux: /proc/thread-self/schedstat; 0 elsewhere), so that
/// the timings do not depend on the load of a shared machine.
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Pearson's correlation of `x` and `y`.
fn correlation(x: &[f64], y: &[f64]) -> f64 {
    let n = x.len() as f64;
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let cov: f64 = x.iter().zip(y).map(|(a, b)| (a - mx) * (b - my)).sum();
    let vx: f64 = x.iter().map(|a| (a - mx).powi(2)).sum();
    let vy: f64 = y.iter().map(|b| (b - my).powi(2)).sum();
    cov / (vx * vy).sqrt().max(1e-12)
}

fn report(name: &str, samples: &[Sample]) {
    let n = samples.len() as f64;
    if samples.is_empty() {
        println!("{name}: no positions");
        return;
    }
    let col = |f: fn(&Sample) -> f64| samples.iter().map(f).collect::<Vec<f64>>();
    let (est, real, refr) = (col(|s| s.estimate), col(|s| s.real), col(|s| s.reference));
    let mae = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| (x - y).abs()).sum::<f64>() / n;
    let share =
        |f: &dyn Fn(&Sample) -> bool| samples.iter().filter(|s| f(s)).count() as f64 / n * 100.0;
    let sign = share(&|s| (s.estimate > 0.0) == (s.real > 0.0));
    let sign_ref = share(&|s| (s.estimate > 0.0) == (s.reference > 0.0));
    let time = samples.iter().map(|s| s.time).sum::<f64>() / n;
    println!(
        "{name}: {} positions, {time:.0} ms (thread CPU) per searched decision\n  against the true state: \
         mean |estimate − real| {:.2} points, correlation {:.2}, sign agrees {sign:.0} %\n  \
         against {}× the worlds: mean |estimate − reference| {:.2}, correlation {:.2}, sign \
         agrees {sign_ref:.0} %",
        samples.len(),
        mae(&est, &real),
        correlation(&est, &real),
        REFERENCE + 1,
        mae(&est, &refr),
        correlation(&est, &refr),
    );
    for t in [1.0, 2.0, THRESHOLD, 5.0, 8.0] {
        let flagged: Vec<&Sample> = samples.iter().filter(|s| s.verdict >= t).collect();
        let right = flagged.iter().filter(|s| s.real > 0.0).count();
        let right_ref = flagged.iter().filter(|s| s.reference > 0.0).count();
        let agree = share(&|s| (s.verdict >= t) == (s.real >= t));
        let agree_ref = share(&|s| (s.verdict >= t) == (s.reference >= t));
        println!(
            "  threshold {t}: flagged {} (real difference > 0: {right}, reference > 0: \
             {right_ref}); 'matters' agrees with real {agree:.0} %, with reference {agree_ref:.0} %",
            flagged.len()
        );
    }
}
