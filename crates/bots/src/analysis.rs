//! The analysis after a deal: the hard bot judges each of one seat's decisions in a range of
//! a game's log against its own best ([`Bot::judge`]), in slices, and lists the decisions
//! where the played move costs enough to matter ([`THRESHOLD`]).
//!
//! The bot sees what the seat saw and nothing else: the record is replayed, the bot is
//! shown the seat's view at each of its decisions before the range ([`Bot::observe`], as
//! [`crate::recall`] does) and at every decision in it, and judges from that view alone.
//! Decisions with a single legal action are skipped (neither judged nor counted). Every
//! verdict draws from a generator seeded from the record's seed, the seat and the log index
//! ([`Bot::reseed`]), so the analysis does not depend on the bot's seed, on the decisions
//! before or on where it paused.

use crate::{Bot, Judging, Verdict};
use engine::save::Record;
use engine::{Game, Seat};
use std::ops::Range;

/// The smallest estimated cost (points) worth showing. The benchmark
/// (`bench_analysis`, docs/bots.md "Analysis after a deal") measured the estimate's error
/// against the real difference: below this, the sign of the estimate is about as often
/// wrong as right and the cost is within the lookahead's noise.
pub const THRESHOLD: f64 = 3.0;

/// A decision where the played move costs at least [`THRESHOLD`].
#[derive(Clone, Debug)]
pub struct Finding<G: Game> {
    /// The index in `record.log` of the decision.
    pub step: usize,
    /// The 1-based count of this seat's decisions in the analysed range (decisions with a
    /// single legal action are not counted).
    pub number: usize,
    /// The seat's view before the decision.
    pub view: G::View,
    pub played: G::Action,
    /// The hard bot's better alternative.
    pub better: G::Action,
    /// The estimated cost in the game's points (see [`Verdict::cost`]).
    pub cost: f64,
}

/// One unit of the analysis: show the bot a view, or judge a decision.
enum Unit<G: Game> {
    Observe(G::View),
    Judge {
        step: usize,
        number: usize,
        view: G::View,
        legal: Vec<G::Action>,
        played: G::Action,
    },
}

/// An analysis in progress (see the module). The page runs it in slices and drops it to
/// cancel.
pub struct Analysis<G: Game> {
    bot: Box<dyn Bot<G>>,
    units: Vec<Unit<G>>,
    /// The next unit to work on, and whether its verdict was started (seeded).
    next: usize,
    started: bool,
    seed: u64,
    judged: usize,
    total: usize,
    /// Every decision judged worse than the best (any cost), in log order.
    verdicts: Vec<Finding<G>>,
}

impl<G: Game> Analysis<G> {
    /// Analyses `seat`'s decisions among `record.log[steps]` with `bot` (the hard bot of
    /// that game, built for that seat). Replays the record (a record that does not replay
    /// is analysed up to where it fails); the bot sees the seat's earlier decisions.
    pub fn new(
        record: &Record<G>,
        seat: Seat,
        steps: Range<usize>,
        mut bot: Box<dyn Bot<G>>,
    ) -> Analysis<G> {
        let mut units = Vec::new();
        let mut total = 0;
        if let Ok(mut game) = G::new(&record.options, record.seats, record.seed) {
            for (i, (who, action)) in record.log.iter().enumerate().take(steps.end) {
                if *who == seat && i < steps.start {
                    // Before the deal: the bot's memory only (no legal actions needed).
                    bot.observe(&game.view(seat));
                } else if *who == seat {
                    let view = game.view(seat);
                    let legal = game.legal_actions(seat);
                    if legal.len() < 2 {
                        units.push(Unit::Observe(view));
                    } else {
                        total += 1;
                        units.push(Unit::Judge {
                            step: i,
                            number: total,
                            view,
                            legal,
                            played: action.clone(),
                        });
                    }
                }
                if game.apply(*who, action).is_err() {
                    break;
                }
            }
        }
        Analysis {
            bot,
            units,
            next: 0,
            started: false,
            seed: mix(record.seed, seat as u64),
            judged: 0,
            total,
            verdicts: Vec::new(),
        }
    }

    /// Works until done (`true`) or `pause()`, asked between units of work (rollouts),
    /// says to stop for now (`false`; call again to go on).
    pub fn run(&mut self, pause: &mut dyn FnMut() -> bool) -> bool {
        while let Some(unit) = self.units.get(self.next) {
            match unit {
                Unit::Observe(view) => self.bot.observe(view),
                Unit::Judge {
                    step,
                    number,
                    view,
                    legal,
                    played,
                } => {
                    if !self.started {
                        self.bot.reseed(mix(self.seed, *step as u64));
                        self.started = true;
                    }
                    match self.bot.judge(view, legal, played, pause) {
                        Judging::Paused => return false,
                        Judging::Done(verdict) => {
                            self.judged += 1;
                            if let Some(Verdict { better, cost }) = verdict {
                                self.verdicts.push(Finding {
                                    step: *step,
                                    number: *number,
                                    view: view.clone(),
                                    played: played.clone(),
                                    better,
                                    cost,
                                });
                            }
                        }
                    }
                }
            }
            self.next += 1;
            self.started = false;
            if self.next < self.units.len() && pause() {
                return false;
            }
        }
        true
    }

    /// (decisions judged, decisions to judge).
    pub fn progress(&self) -> (usize, usize) {
        (self.judged, self.total)
    }

    /// Is the analysis done?
    pub fn done(&self) -> bool {
        self.next >= self.units.len()
    }

    /// The findings whose cost matters (at least [`THRESHOLD`]), in log order.
    pub fn findings(&self) -> Vec<Finding<G>> {
        self.findings_above(THRESHOLD)
    }

    /// The decisions judged worse than the best by at least `threshold` points, in log
    /// order (for the benchmark and tests; the page shows [`Analysis::findings`]).
    pub fn findings_above(&self, threshold: f64) -> Vec<Finding<G>> {
        self.verdicts
            .iter()
            .filter(|f| f.cost >= threshold)
            .cloned()
            .collect()
    }
}

/// A seed from two numbers (splitmix64 of their combination).
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
#[path = "analysis_tests.rs"]
mod tests;
