//! Bot games: legality, deal ends, strength.

use super::arena::{normal_vs_easy, one_deal, play};
use super::{Level, RommeBot};
use engine::romme::Romme;
use engine::romme::{DealEnd, Preset};

const MIXES: [&[Level]; 4] = [
    &[Level::Normal, Level::Normal, Level::Normal],
    &[Level::Normal, Level::Easy],
    &[Level::Easy, Level::Normal, Level::Easy, Level::Normal],
    &[Level::Normal, Level::Normal],
];

fn legal_games(preset: Preset, games: u64) {
    let opts = one_deal(&preset.options());
    let (mut ended, mut exhausted) = (0, 0);
    for seed in 0..games {
        let levels = MIXES[(seed % 4) as usize];
        let out = play(&opts, levels, 1000 + seed)
            .unwrap_or_else(|e| panic!("{preset:?} seed {seed}: {e:?}"));
        for end in &out.ends {
            match end {
                DealEnd::TalonExhausted => exhausted += 1,
                _ => ended += 1,
            }
        }
    }
    assert!(
        ended >= 9 * (ended + exhausted) / 10,
        "{preset:?}: only {ended} of {} deals ended by a player",
        ended + exhausted
    );
}

#[test]
fn grundspiel_bots_play_legally_and_finish() {
    legal_games(Preset::Grundspiel, 300);
}

#[test]
fn kaufen_bots_play_legally_and_finish() {
    legal_games(Preset::MitKaufen, 300);
}

#[test]
fn anlegen_bots_play_legally_and_finish() {
    legal_games(Preset::MitAnlegen, 300);
}

#[test]
fn raeuber_bots_play_legally_and_finish() {
    legal_games(Preset::Raeuber, 300);
}

#[test]
fn traditionell_bots_play_legally_and_finish() {
    legal_games(Preset::Traditionell, 300);
}

#[test]
fn full_matches_end() {
    for (i, preset) in Preset::ALL.into_iter().enumerate() {
        let out = play(&preset.options(), MIXES[i % 4], 77 + i as u64).expect("legal match");
        assert!(out.totals.iter().any(|&t| t >= 500), "{preset:?}: {out:?}");
    }
}

#[test]
fn normal_beats_easy() {
    for preset in [Preset::Grundspiel, Preset::MitAnlegen] {
        let (win, normal, easy) = normal_vs_easy(&preset.options(), 2, 200, 5).expect("legal");
        assert!(win > 0.6, "{preset:?}: win share {win}");
        assert!(normal < easy, "{preset:?}: normal {normal} easy {easy}");
    }
}

#[test]
fn bots_without_the_options_stay_legal() {
    use super::RommeBot;
    use crate::{drive, Bot};
    use engine::romme::Romme;
    use engine::Game;
    for preset in Preset::ALL {
        let opts = one_deal(&preset.options());
        for seed in 0..40u64 {
            let mut g = Romme::new(&opts, 3, seed).expect("new");
            let mut bots: Vec<Box<dyn Bot<Romme>>> = (0..3)
                .map(|i| {
                    let level = if i == 1 { Level::Easy } else { Level::Normal };
                    Box::new(RommeBot::new(level, seed + i)) as Box<dyn Bot<Romme>>
                })
                .collect();
            drive(&mut g, &mut bots, 100_000)
                .unwrap_or_else(|e| panic!("{preset:?} seed {seed}: {e:?}"));
        }
    }
}

/// Random option mixes (the setup screen allows any combination).
fn random_options(rng: &mut crate::BotRng) -> engine::romme::RommeOptions {
    use engine::romme::{DiscardDraw, EndMode, LayOffPolicy, RommeOptions, Scoring};
    let base = Preset::ALL[rng.below(5) as usize].options();
    let pick = |rng: &mut crate::BotRng, n: u64| rng.below(n);
    RommeOptions {
        jokers: pick(rng, 9) as u8,
        hand_size: [7, 10, 13, 15][pick(rng, 4) as usize],
        upcard: pick(rng, 2) == 0,
        first_meld_min: [0, 30, 40, 60][pick(rng, 4) as usize],
        first_meld_counts_lay_off: pick(rng, 2) == 0,
        lay_off: [
            LayOffPolicy::OwnMelds,
            LayOffPolicy::AnyAfterOwnFirstMeld,
            LayOffPolicy::AnyAnyTime,
        ][pick(rng, 3) as usize],
        buying: pick(rng, 2) == 0,
        buy_limit: [None, Some(1), Some(3)][pick(rng, 3) as usize],
        robbing: pick(rng, 3) == 0,
        end_mode: [EndMode::BidAtMost, EndMode::GoOut][pick(rng, 2) as usize],
        target_pips: pick(rng, 10) as u8,
        scoring: [
            Scoring::Plain,
            Scoring::AnlegenBonuses,
            Scoring::Traditionell,
        ][pick(rng, 3) as usize],
        draw_from_discard: [DiscardDraw::Yes, DiscardDraw::OnlyIfMelded, DiscardDraw::No]
            [pick(rng, 3) as usize],
        go_out_needs_discard: pick(rng, 3) != 0,
        joker_exchange: pick(rng, 3) != 0,
        set_distinct_suits: pick(rng, 2) == 0,
        max_jokers_per_meld: [None, Some(0), Some(1), Some(2)][pick(rng, 4) as usize],
        ..one_deal(&base)
    }
}

#[test]
fn bots_stay_legal_under_random_options() {
    let mut rng = crate::BotRng::seed_from_u64(99);
    let mut played = 0;
    for round in 0..400u64 {
        let opts = random_options(&mut rng);
        let seats = 2 + rng.below(4) as usize;
        if opts.validate(seats).is_err() {
            continue;
        }
        let levels: Vec<Level> = (0..seats)
            .map(|s| {
                if (s as u64 + round).is_multiple_of(3) {
                    Level::Easy
                } else {
                    Level::Normal
                }
            })
            .collect();
        play(&opts, &levels, round).unwrap_or_else(|e| panic!("{opts:?} {seats}: {e:?}"));
        played += 1;
    }
    assert!(played > 300, "{played}");
}

/// A bot that joins a game in progress (a resumed save) rebuilds the memory it would have
/// had from the public history: at every step, a fresh bot with `recall` remembers the same
/// discards as the bot that played from the start.
#[test]
fn a_resumed_bot_remembers_what_the_playing_bot_remembers() {
    use crate::{recall, Bot};
    use engine::save::Record;
    use engine::Game;
    let opts = engine::romme::Preset::MitKaufen.options();
    let mut record: Record<Romme> = Record::new(opts.clone(), 3, 41);
    let mut game = Romme::new(&opts, 3, 41).unwrap();
    let mut bots: Vec<RommeBot> = (0..3)
        .map(|s| RommeBot::new(Level::Normal, 100 + s).with_options(&opts))
        .collect();
    let mut checked = 0;
    let mut remembered_any = false;
    for step in 0..400 {
        let Some(seat) = game.to_move() else { break };
        let legal = game.legal_actions(seat);
        let action = bots[seat].choose(&game.view(seat), &legal);
        if step % 25 == 24 {
            let mut fresh = RommeBot::new(Level::Normal, 7).with_options(&opts);
            // The fresh bot is asked at the same moment as the playing one was.
            recall(&mut fresh, &record, seat);
            fresh.choose(&game.view(seat), &legal);
            assert_eq!(fresh.remembered(), bots[seat].remembered(), "step {step}");
            remembered_any |= !fresh.remembered().is_empty();
            checked += 1;
        }
        record.play(&mut game, seat, action).unwrap();
    }
    assert!(checked >= 8, "checked {checked} times");
    assert!(remembered_any, "some taken discard was remembered");
}

#[test]
fn a_forced_discard_is_another_listed_discard_and_holds_for_one_turn() {
    use crate::Bot;
    use engine::romme::{PhaseView, RommeAction};
    use engine::Game;
    let opts = one_deal(&Preset::Grundspiel.options());
    let mut g = Romme::new(&opts, 2, 7).unwrap();
    let mut bots: Vec<RommeBot> = (0..2)
        .map(|s| RommeBot::new(Level::Normal, s).with_options(&opts))
        .collect();
    let mut forced = 0;
    for _ in 0..300 {
        let Some(s) = g.to_move() else { break };
        let view = g.view(s);
        let legal = g.legal_actions(s);
        let discards = legal
            .iter()
            .filter(|a| matches!(a, RommeAction::Discard { .. }))
            .count();
        let own = bots[s].clone().choose(&view, &legal);
        if matches!(view.phase, PhaseView::Play { .. })
            && discards >= 3
            && matches!(own, RommeAction::Discard { .. })
        {
            let mut b = bots[s].clone();
            b.force_discard(Some(1));
            let other = b.choose(&view, &legal);
            assert!(legal.contains(&other));
            assert!(matches!(other, RommeAction::Discard { .. }));
            // A bid-reaching discard is never replaced.
            if other != own {
                forced += 1;
            }
            // Used up: the next decision is the bot's own again.
            assert_eq!(b.choose(&view, &legal), own);
        }
        let a = bots[s].choose(&view, &legal);
        g.apply(s, &a).unwrap();
    }
    assert!(forced >= 3, "only {forced} forced discards");
}
