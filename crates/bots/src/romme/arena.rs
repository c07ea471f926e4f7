//! Bot-vs-bot matches for tests and benchmarks.

use super::{Level, RommeBot};
use crate::{drive, Bot, DriveError};
use engine::romme::{DealEnd, MatchEnd, Romme, RommeOptions};
use engine::Game;

/// The result of one match.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Final totals per seat (lower is better).
    pub totals: Vec<i32>,
    /// How each deal ended.
    pub ends: Vec<DealEnd>,
    /// Actions applied.
    pub steps: usize,
}

impl Outcome {
    /// Share of first place of `seat`: 1 if alone lowest, 1/k if k seats share it, else 0.
    pub fn win_share(&self, seat: usize) -> f64 {
        let Some(&mine) = self.totals.get(seat) else {
            return 0.0;
        };
        let best = self.totals.iter().copied().min().unwrap_or(mine);
        if mine > best {
            return 0.0;
        }
        1.0 / self.totals.iter().filter(|&&t| t == best).count() as f64
    }
}

/// The options of `opts` limited to a single deal.
pub fn one_deal(opts: &RommeOptions) -> RommeOptions {
    RommeOptions {
        match_end: MatchEnd::Deals { count: Some(1) },
        ..opts.clone()
    }
}

/// Plays a match with one bot of the given level per seat (all knowing the options).
pub fn play(opts: &RommeOptions, levels: &[Level], seed: u64) -> Result<Outcome, DriveError> {
    let mut game = Romme::new(opts, levels.len(), seed).map_err(|error| DriveError::Rejected {
        seat: 0,
        error: error.erase(),
    })?;
    let mut bots: Vec<Box<dyn Bot<Romme>>> = levels
        .iter()
        .enumerate()
        .map(|(i, &l)| {
            let seed = seed.wrapping_mul(0x9E37_79B9).wrapping_add(i as u64);
            Box::new(RommeBot::new(l, seed).with_options(opts)) as Box<dyn Bot<Romme>>
        })
        .collect();
    let steps = drive(&mut game, &mut bots, 1_000_000)?;
    let sheet = game.score_sheet();
    Ok(Outcome {
        totals: game.totals().to_vec(),
        ends: sheet.rows.iter().map(|r| r.end.clone()).collect(),
        steps,
    })
}

/// Seat-rotated games of one `Normal` bot against `Easy` bots (`seats` players, one deal
/// each). Returns (win share of the normal bot, mean points normal, mean points easy).
pub fn normal_vs_easy(
    opts: &RommeOptions,
    seats: usize,
    games: usize,
    seed: u64,
) -> Result<(f64, f64, f64), DriveError> {
    normal_vs_easy_matches(&one_deal(opts), seats, games, seed)
}

/// Like [`normal_vs_easy`] with the match end of `opts` (e.g. full matches to 500).
pub fn normal_vs_easy_matches(
    opts: &RommeOptions,
    seats: usize,
    games: usize,
    seed: u64,
) -> Result<(f64, f64, f64), DriveError> {
    let (mut wins, mut normal, mut easy) = (0.0, 0.0, 0.0);
    for g in 0..games {
        let hero = g % seats;
        let levels: Vec<Level> = (0..seats)
            .map(|s| {
                if s == hero {
                    Level::Normal
                } else {
                    Level::Easy
                }
            })
            .collect();
        let out = play(opts, &levels, seed.wrapping_add(g as u64))?;
        wins += out.win_share(hero);
        for (s, &t) in out.totals.iter().enumerate() {
            if s == hero {
                normal += f64::from(t);
            } else {
                easy += f64::from(t) / (seats - 1) as f64;
            }
        }
    }
    let n = games.max(1) as f64;
    Ok((wins / n, normal / n, easy / n))
}
