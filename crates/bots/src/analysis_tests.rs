//! The analysis after a deal: it judges from the seat's view only, slices give the same
//! result, a bad move is found, forced moves are skipped, a broken record ends quietly.

use super::*;
use crate::romme::{hard, Level, RommeBot};
use crate::{bot_for, BotGame, BotRng};
use engine::romme::{Preset, Romme, RommeAction};
use engine::BotLevel;

/// A game of normal bots: its record after at most `steps` actions, and `pick`'s choice of
/// a deviation: at the first decision of seat 0 where `pick` returns an action, that
/// action is played instead of the normal bot's (its index is returned).
fn record_with<G: BotGame>(
    options: &G::Options,
    seats: usize,
    seed: u64,
    steps: usize,
    pick: impl Fn(&G::View, &[G::Action]) -> Option<G::Action>,
) -> (Record<G>, Option<usize>) {
    let mut game = G::new(options, seats, seed).unwrap();
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
        .map(|s| bot_for::<G>(BotLevel::Normal, seed + s as u64, options))
        .collect();
    let mut log = Vec::new();
    let mut deviated = None;
    while log.len() < steps {
        let Some(s) = game.to_move() else { break };
        let legal = game.legal_actions(s);
        let view = game.view(s);
        let mut action = bots[s].choose(&view, &legal);
        if s == 0 && deviated.is_none() {
            if let Some(a) = pick(&view, &legal) {
                action = a;
                deviated = Some(log.len());
            }
        }
        game.apply(s, &action).unwrap();
        log.push((s, action));
    }
    let record = Record {
        options: options.clone(),
        seats,
        seed,
        log,
    };
    (record, deviated)
}

fn record<G: BotGame>(options: &G::Options, seats: usize, seed: u64, steps: usize) -> Record<G> {
    record_with(options, seats, seed, steps, |_, _| None).0
}

fn hard_bot<G: BotGame>(options: &G::Options) -> Box<dyn Bot<G>> {
    bot_for::<G>(BotLevel::Hard, 5, options)
}

/// Runs an analysis to its end, pausing after every unit when `sliced`; returns it and
/// the number of pauses.
fn finish<G: Game>(mut analysis: Analysis<G>, sliced: bool) -> (Analysis<G>, usize) {
    let mut pauses = 0;
    while !analysis.run(&mut || sliced) {
        pauses += 1;
        assert!(pauses < 1_000_000);
    }
    (analysis, pauses)
}

/// What the findings say, for comparisons.
fn summary<G: Game>(a: &Analysis<G>) -> Vec<(usize, usize, String, String, u64)> {
    a.findings_above(0.0)
        .iter()
        .map(|f| {
            let (p, b) = (format!("{:?}", f.played), format!("{:?}", f.better));
            (f.step, f.number, p, b, f.cost.to_bits())
        })
        .collect()
}

/// Seat 0's decisions in `record.log[range]` with more than one legal action.
fn choices<G: Game>(record: &Record<G>, range: Range<usize>) -> (usize, usize) {
    let mut game = G::new(&record.options, record.seats, record.seed).unwrap();
    let (mut all, mut real) = (0, 0);
    for (i, (who, action)) in record.log.iter().enumerate() {
        if *who == 0 && range.contains(&i) {
            all += 1;
            real += usize::from(game.legal_actions(0).len() > 1);
            // (a played move may be legal without being listed: a meld the player built)
        }
        game.apply(*who, action).unwrap();
    }
    (all, real)
}

/// Every game: the analysis judges every real decision of a deal, skips the forced ones,
/// its findings are in log order, cost at least the threshold and name another move.
fn analyses_a_deal<G: BotGame>(options: &G::Options, seed: u64, steps: usize) {
    let rec = record::<G>(options, 2, seed, steps);
    let range = 0..rec.log.len();
    let (all, real) = choices(&rec, range.clone());
    let (a, _) = finish(Analysis::new(&rec, 0, range, hard_bot::<G>(options)), false);
    assert!(a.done());
    assert_eq!(a.progress(), (real, real), "{}", G::NAME);
    assert!(real > 0 && all >= real, "{}", G::NAME);
    let found = a.findings();
    for w in found.windows(2) {
        assert!(w[0].step < w[1].step);
        assert!(w[0].number < w[1].number);
    }
    for f in &found {
        assert!(f.cost >= THRESHOLD, "{}", G::NAME);
        assert_ne!(f.played, f.better, "{}", G::NAME);
        assert_eq!(rec.log[f.step], (0, f.played.clone()), "{}", G::NAME);
    }
}

/// [`analyses_a_deal`] of one catalog entry.
struct Analyses(&'static str);

impl crate::games::BotVisitor for Analyses {
    type Out = ();
    fn visit<G: BotGame>(self) {
        let options = engine::games::variant_options::<G>(self.0).unwrap();
        analyses_a_deal::<G>(&options, 4, 60);
    }
}

#[test]
fn every_game_is_analysed_and_forced_moves_are_skipped() {
    analyses_a_deal::<Romme>(&Preset::Grundspiel.options(), 3, 120);
    for variant in engine::games::VARIANTS {
        if let Some(game) = variant.game {
            crate::games::with_bot_game(game, Analyses(variant.id)).unwrap();
        }
    }
}

#[test]
fn a_forced_move_is_skipped_and_not_counted() {
    // Karussell: drawing is often the only action; find a record where seat 0 had one.
    let opts = Default::default();
    let (rec, all, real) = (0..20)
        .map(|seed| {
            let rec = record::<engine::karussell::Karussell>(&opts, 2, seed, 40);
            let (all, real) = choices(&rec, 0..rec.log.len());
            (rec, all, real)
        })
        .find(|(_, all, real)| all > real)
        .expect("a forced move of seat 0");
    let bot = hard_bot::<engine::karussell::Karussell>(&opts);
    let (a, _) = finish(Analysis::new(&rec, 0, 0..rec.log.len(), bot), false);
    assert_eq!(a.progress(), (real, real));
    assert!(all > real);
}

#[test]
fn slicing_gives_the_same_findings_as_running_at_once() {
    let (rec, at) = joker_discard();
    let opts = rec.options.clone();
    let range = at.saturating_sub(12)..at + 1;
    let new = || Analysis::new(&rec, 0, range.clone(), hard_bot::<Romme>(&opts));
    let (whole, _) = finish(new(), false);
    let (sliced, pauses) = finish(new(), true);
    assert!(pauses > 10, "paused {pauses} times");
    assert_eq!(whole.progress(), sliced.progress());
    assert!(
        !summary(&whole).is_empty(),
        "nothing judged worse to compare"
    );
    assert_eq!(summary(&whole), summary(&sliced));
    // Another bot seed: the same analysis (seeded from the record and the seat).
    let other = Analysis::new(
        &rec,
        0,
        range.clone(),
        bot_for::<Romme>(BotLevel::Hard, 99, &opts),
    );
    assert_eq!(summary(&finish(other, false).0), summary(&whole));
}

/// A Rommé record where seat 0 throws away a joker while holding another card to discard.
fn joker_discard() -> (Record<Romme>, usize) {
    let opts = Preset::Grundspiel.options();
    for seed in 0..100 {
        let (rec, at) = record_with::<Romme>(&opts, 2, seed, 200, |view, legal| {
            let joker = view.hand.iter().find(|c| c.face == engine::Face::Joker)?;
            let discards = legal
                .iter()
                .filter(|a| matches!(a, RommeAction::Discard { .. }))
                .count();
            let throw = RommeAction::Discard { card: joker.id };
            (discards >= 3 && legal.contains(&throw)).then_some(throw)
        });
        if let Some(at) = at {
            return (rec, at);
        }
    }
    panic!("no position to throw a joker away");
}

#[test]
fn throwing_away_a_joker_is_found_with_a_cost() {
    let (rec, at) = joker_discard();
    let opts = rec.options.clone();
    let bot = hard_bot::<Romme>(&opts);
    let (a, _) = finish(Analysis::new(&rec, 0, at..at + 1, bot), false);
    assert_eq!(a.progress(), (1, 1));
    let found = a.findings();
    assert_eq!(found.len(), 1, "{:?}", summary(&a));
    assert_eq!(found[0].step, at);
    assert_eq!(found[0].number, 1);
    assert!(found[0].cost >= THRESHOLD, "cost {}", found[0].cost);
    assert!(matches!(found[0].better, RommeAction::Discard { .. }));
}

#[test]
fn analysis_never_peeks_the_same_view_gets_the_same_verdict() {
    let (rec, at) = joker_discard();
    let opts = rec.options.clone();
    let mut real = Romme::new(&opts, 2, rec.seed).unwrap();
    let mut bot = RommeBot::new(Level::Hard, 5).with_options(&opts);
    for (who, action) in &rec.log[..at] {
        if *who == 0 {
            Bot::observe(&mut bot, &real.view(0));
        }
        real.apply(*who, action).unwrap();
    }
    let view = real.view(0);
    // Another state with the same view: the hidden cards dealt differently.
    let mut rng = BotRng::seed_from_u64(99);
    let other = hard::sample_world(&view, &hard::unseen(&view), (&[], &[]), &mut rng).unwrap();
    assert_eq!(other.view(0), view);
    assert_ne!(real.deal_state().hands, other.deal_state().hands);
    let played = &rec.log[at].1;
    let judge = |game: &Romme| {
        let mut b = bot.clone();
        Bot::reseed(&mut b, 3);
        let legal = game.legal_actions(0);
        match Bot::judge(&mut b, &game.view(0), &legal, played, &mut || false) {
            Judging::Done(v) => v,
            Judging::Paused => panic!("paused without being asked to"),
        }
    };
    let (a, b) = (judge(&real), judge(&other));
    assert!(a.is_some());
    assert_eq!(a, b);
}

#[test]
fn a_record_that_does_not_replay_ends_without_panic() {
    let opts = Preset::Grundspiel.options();
    let mut rec = record::<Romme>(&opts, 2, 4, 40);
    let (_, real) = choices(&rec, 0..20);
    // Entry 20 repeated by the wrong seat: the replay fails there.
    let (who, action) = rec.log[20].clone();
    rec.log.insert(20, (1 - who, action));
    let bot = hard_bot::<Romme>(&opts);
    let (a, _) = finish(Analysis::new(&rec, 0, 0..rec.log.len(), bot), false);
    assert!(a.done());
    let (judged, total) = a.progress();
    assert_eq!(judged, total);
    assert!(total >= real && total <= real + 1, "{total} of {real}");
    // Options that cannot start a game: nothing to judge.
    let broken = Record::<Romme> {
        seats: 99,
        ..rec.clone()
    };
    let (a, _) = finish(
        Analysis::new(&broken, 0, 0..10, hard_bot::<Romme>(&opts)),
        true,
    );
    assert_eq!(a.progress(), (0, 0));
    // A range beyond the log.
    let (a, _) = finish(
        Analysis::new(&rec, 0, 30..500, hard_bot::<Romme>(&opts)),
        false,
    );
    assert!(a.done());
}
