//! Bot games: legality, deal ends, strength.

use super::arena::{normal_vs_easy, one_deal, play};
use super::Level;
use engine::romme::{DealEnd, Preset};

const MIXES: [&[Level]; 3] = [
    &[Level::Normal, Level::Normal, Level::Normal],
    &[Level::Normal, Level::Easy],
    &[Level::Easy, Level::Normal, Level::Easy, Level::Normal],
];

fn legal_games(preset: Preset, games: u64) {
    let opts = one_deal(&preset.options());
    let (mut ended, mut exhausted) = (0, 0);
    for seed in 0..games {
        let levels = MIXES[(seed % 3) as usize];
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
        let out = play(&preset.options(), MIXES[i % 3], 77 + i as u64).expect("legal match");
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
