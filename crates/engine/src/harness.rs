//! A generic playout checker for any [`Game`]: plays a game with a chooser and checks the
//! [`Game`] contract after every action.
//!
//! Checked after setup and after every applied action:
//! - **card conservation**: `audit().all`, sorted, equals the initial set and has no
//!   duplicates; `audit().hidden_from` has one entry per seat;
//! - **serde round trip**: state → JSON → state → JSON gives the same JSON;
//! - `standings()` has one entry per seat;
//! - **hidden cards stay hidden**: for every seat, the JSON of `view(seat)` contains no card
//!   of `audit().hidden_from[seat]` (cards are found with [`cards_in_json`]).
//!
//! Checked before every action, on clones of the state:
//! - the seat to move has at least one legal action, other seats (and a seat outside the
//!   table) have none;
//! - every legal action (or, for more than [`SAMPLE`] actions, a random sample plus the
//!   chosen one) is accepted by `apply`;
//! - the chosen action applied by any other seat (and by a seat outside the table) is
//!   rejected and leaves the state unchanged (compared as `serde_json::to_string`);
//! - every action of `illegal_probes(seat)` is rejected and leaves the state unchanged.
//!
//! "Unchanged" is judged by serialised JSON, so game states should serialise
//! deterministically (no `HashMap`s).

use crate::card::CardId;
use crate::game::{cards_in_json, ErasedRuleError, Game, Seat};
use crate::rng::GameRng;
use std::fmt;
use std::ops::Range;

#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) mod toy;

/// At most this many legal actions (plus the chosen one) are test-applied per step.
pub const SAMPLE: usize = 8;

/// Which invariant failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// `G::new` failed.
    Setup { error: ErasedRuleError },
    /// Cards appeared or disappeared compared with the initial audit.
    CardsChanged {
        missing: Vec<CardId>,
        extra: Vec<CardId>,
    },
    /// The audit lists a card twice.
    DuplicateCard { card: CardId },
    /// `audit().hidden_from` does not have one entry per seat.
    AuditShape { entries: usize, seats: usize },
    /// The state does not survive serialise → deserialise → serialise.
    SerdeRoundTrip { detail: String },
    /// `view(seat)` shows a card hidden from that seat.
    ViewLeak { seat: Seat, card: CardId },
    /// The seat to move has no legal action.
    NoLegalAction { seat: Seat },
    /// A seat that is not to move has legal actions.
    ActionsOutOfTurn { seat: Seat },
    /// The chooser returned an index outside the legal list.
    ChoiceOutOfRange { index: usize, len: usize },
    /// `apply` rejected an action listed as legal.
    LegalRejected { seat: Seat, error: ErasedRuleError },
    /// An action was accepted from a seat that is not to move.
    WrongSeatAccepted { seat: Seat },
    /// An illegal probe was accepted.
    ProbeAccepted { seat: Seat },
    /// A rejected action changed the state.
    MutatedOnReject { seat: Seat, error: ErasedRuleError },
    /// `standings()` does not have one entry per seat.
    Standings { entries: usize, seats: usize },
    /// The same options, seats, seed and actions gave a different state
    /// ([`random_playouts`] deals twice and replays every playout).
    Nondeterministic { detail: String },
}

/// A failed check: what, at which step (0 = after setup, n = before/after the n-th
/// action), with which action (as JSON) and, for [`random_playouts`], which seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HarnessError {
    pub step: usize,
    pub violation: Violation,
    pub action: Option<String>,
    pub seed: Option<u64>,
}

impl fmt::Display for HarnessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step {}: {:?}", self.step, self.violation)?;
        if let Some(a) = &self.action {
            write!(f, " (action {a})")?;
        }
        if let Some(s) = self.seed {
            write!(f, " (seed {s})")?;
        }
        Ok(())
    }
}

impl std::error::Error for HarnessError {}

/// What one checked playout did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayoutReport {
    /// Actions applied.
    pub steps: usize,
    /// The game ended (`to_move() == None`) within the step limit.
    pub finished: bool,
    /// Legal actions test-applied on clones.
    pub actions_checked: usize,
    /// Wrong-seat and illegal-probe actions checked.
    pub rejections_checked: usize,
}

/// Totals over many playouts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub games: usize,
    pub finished: usize,
    pub unfinished: usize,
    pub total_steps: usize,
    pub longest: usize,
    pub actions_checked: usize,
    pub rejections_checked: usize,
}

/// Picks the index of the action to play among the legal actions of the seat to move.
pub type Chooser<'a, G> = dyn FnMut(&G, Seat, &[<G as Game>::Action]) -> usize + 'a;

/// A chooser that picks uniformly with its own seeded generator.
pub fn random_chooser<G: Game>(seed: u64) -> impl FnMut(&G, Seat, &[G::Action]) -> usize {
    let mut rng = GameRng::seed_from_u64(seed);
    move |_game, _seat, legal| rng.below(legal.len() as u64) as usize
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<String, String> {
    serde_json::to_string(value).map_err(|e| e.to_string())
}

/// Checks card conservation, serde round trip and views.
fn check_state<G: Game>(game: &G, initial: &[CardId]) -> Result<(), Violation> {
    let audit = game.audit();
    let mut all = audit.all.clone();
    all.sort();
    if let Some(w) = all.windows(2).find(|w| w[0] == w[1]) {
        return Err(Violation::DuplicateCard { card: w[0] });
    }
    if all != initial {
        let missing = initial
            .iter()
            .filter(|c| !all.contains(c))
            .copied()
            .collect();
        let extra = all
            .iter()
            .filter(|c| !initial.contains(c))
            .copied()
            .collect();
        return Err(Violation::CardsChanged { missing, extra });
    }
    let seats = game.seats();
    let entries = game.standings().len();
    if entries != seats {
        return Err(Violation::Standings { entries, seats });
    }
    if audit.hidden_from.len() != seats {
        return Err(Violation::AuditShape {
            entries: audit.hidden_from.len(),
            seats,
        });
    }
    let round_trip = || -> Result<(), String> {
        let first = to_json(game)?;
        let back: G = serde_json::from_str(&first).map_err(|e| e.to_string())?;
        let second = to_json(&back)?;
        if first == second {
            Ok(())
        } else {
            Err(format!("{first} became {second}"))
        }
    };
    round_trip().map_err(|detail| Violation::SerdeRoundTrip { detail })?;
    for (seat, hidden) in audit.hidden_from.iter().enumerate() {
        let value =
            serde_json::to_value(game.view(seat)).map_err(|e| Violation::SerdeRoundTrip {
                detail: format!("view({seat}): {e}"),
            })?;
        let mut shown = Vec::new();
        cards_in_json(&value, &mut shown);
        if let Some(card) = shown.into_iter().find(|c| hidden.contains(c)) {
            return Err(Violation::ViewLeak { seat, card });
        }
    }
    Ok(())
}

/// Applies `action` as `seat` on a clone; it must be rejected without changing anything.
fn expect_rejected<G: Game>(
    game: &G,
    before: &str,
    seat: Seat,
    action: &G::Action,
    accepted: Violation,
) -> Result<(), Violation> {
    let mut probe = game.clone();
    match probe.apply(seat, action) {
        Ok(_) => Err(accepted),
        Err(error) => {
            if to_json(&probe).as_deref() == Ok(before) {
                Ok(())
            } else {
                Err(Violation::MutatedOnReject {
                    seat,
                    error: error.erase(),
                })
            }
        }
    }
}

/// The checks made before applying the chosen action.
fn check_decision<G: Game>(
    game: &G,
    seat: Seat,
    legal: &[G::Action],
    chosen: usize,
    rng: &mut GameRng,
    report: &mut PlayoutReport,
) -> Result<(), (Violation, Option<String>)> {
    let json = |a: &G::Action| to_json(a).ok();
    let before = to_json(game).map_err(|detail| (Violation::SerdeRoundTrip { detail }, None))?;
    // legal actions are accepted (all of them, or a sample plus the chosen one)
    let mut indices: Vec<usize> = (0..legal.len()).collect();
    if legal.len() > SAMPLE {
        rng.shuffle(&mut indices);
        indices.truncate(SAMPLE);
        if !indices.contains(&chosen) {
            indices.push(chosen);
        }
    }
    for i in indices {
        let Some(action) = legal.get(i) else { continue };
        let mut trial = game.clone();
        if let Err(error) = trial.apply(seat, action) {
            return Err((
                Violation::LegalRejected {
                    seat,
                    error: error.erase(),
                },
                json(action),
            ));
        }
        report.actions_checked += 1;
    }
    let Some(action) = legal.get(chosen) else {
        return Err((
            Violation::ChoiceOutOfRange {
                index: chosen,
                len: legal.len(),
            },
            None,
        ));
    };
    // other seats (and a seat outside the table) may not play it
    for other in (0..=game.seats()).filter(|&s| s != seat) {
        let accepted = Violation::WrongSeatAccepted { seat: other };
        expect_rejected(game, &before, other, action, accepted).map_err(|v| (v, json(action)))?;
        report.rejections_checked += 1;
    }
    for probe in game.illegal_probes(seat) {
        expect_rejected(
            game,
            &before,
            seat,
            &probe,
            Violation::ProbeAccepted { seat },
        )
        .map_err(|v| (v, json(&probe)))?;
        report.rejections_checked += 1;
    }
    Ok(())
}

/// Plays `game` with `choose` (which returns an index into the legal actions of the seat to
/// move) for at most `max_steps` actions, checking the contract at every step (see the
/// module docs). Sampling of large legal lists uses a fixed-seed generator, so a playout is
/// reproducible.
pub fn check_playout<G: Game>(
    game: G,
    choose: &mut Chooser<'_, G>,
    max_steps: usize,
) -> Result<PlayoutReport, HarnessError> {
    run_checked(game, choose, max_steps).map(|p| p.report)
}

/// An applied action: the seat and what it played.
type Logged<G> = (Seat, <G as Game>::Action);

/// A checked playout: its report, final state and applied actions.
struct Playout<G: Game> {
    report: PlayoutReport,
    last: G,
    log: Vec<Logged<G>>,
}

/// [`check_playout`], also returning the final state and the applied actions.
fn run_checked<G: Game>(
    mut game: G,
    choose: &mut Chooser<'_, G>,
    max_steps: usize,
) -> Result<Playout<G>, HarnessError> {
    let mut log = Vec::new();
    let mut rng = GameRng::seed_from_u64(0x4b41_5254_454e);
    let mut report = PlayoutReport::default();
    let fail = |step, violation, action| HarnessError {
        step,
        violation,
        action,
        seed: None,
    };
    let mut initial = game.audit().all;
    initial.sort();
    check_state(&game, &initial).map_err(|v| fail(0, v, None))?;
    while let Some(seat) = game.to_move() {
        if report.steps >= max_steps {
            return Ok(Playout {
                report,
                last: game,
                log,
            });
        }
        let step = report.steps + 1;
        for other in (0..=game.seats()).filter(|&s| s != seat) {
            if !game.legal_actions(other).is_empty() {
                return Err(fail(
                    step,
                    Violation::ActionsOutOfTurn { seat: other },
                    None,
                ));
            }
        }
        let legal = game.legal_actions(seat);
        if legal.is_empty() {
            return Err(fail(step, Violation::NoLegalAction { seat }, None));
        }
        let chosen = choose(&game, seat, &legal);
        check_decision(&game, seat, &legal, chosen, &mut rng, &mut report)
            .map_err(|(v, a)| fail(step, v, a))?;
        let Some(action) = legal.get(chosen) else {
            return Err(fail(
                step,
                Violation::ChoiceOutOfRange {
                    index: chosen,
                    len: legal.len(),
                },
                None,
            ));
        };
        let action_json = to_json(action).ok();
        if let Err(error) = game.apply(seat, action) {
            return Err(fail(
                step,
                Violation::LegalRejected {
                    seat,
                    error: error.erase(),
                },
                action_json,
            ));
        }
        log.push((seat, action.clone()));
        report.steps = step;
        check_state(&game, &initial).map_err(|v| fail(step, v, action_json))?;
    }
    report.finished = true;
    Ok(Playout {
        report,
        last: game,
        log,
    })
}

/// Deals again and replays `log`; the result must equal `last`.
fn check_replay<G: Game>(
    options: &G::Options,
    seats: usize,
    seed: u64,
    first_deal: &str,
    log: &[Logged<G>],
    last: &G,
) -> Result<(), HarnessError> {
    let fail = |step, detail: String| HarnessError {
        step,
        violation: Violation::Nondeterministic { detail },
        action: None,
        seed: Some(seed),
    };
    let mut game = G::new(options, seats, seed).map_err(|e| fail(0, format!("{e:?}")))?;
    if to_json(&game).as_deref() != Ok(first_deal) {
        return Err(fail(0, "two deals from one seed differ".into()));
    }
    for (i, (seat, action)) in log.iter().enumerate() {
        game.apply(*seat, action)
            .map_err(|e| fail(i + 1, format!("replay rejected: {e:?}")))?;
    }
    if to_json(&game) != to_json(last) {
        return Err(fail(log.len(), "replay ended in another state".into()));
    }
    Ok(())
}

/// Deals one game per seed in `seeds` and checks a random playout of each (the chooser is
/// seeded from the game's seed). Also checks determinism: dealing again from the same seed
/// gives the same state, and replaying the playout's actions ends in the same state.
/// Stops at the first violation, naming the seed.
pub fn random_playouts<G: Game>(
    options: &G::Options,
    seats: usize,
    seeds: Range<u64>,
    max_steps: usize,
) -> Result<Stats, HarnessError> {
    let mut stats = Stats::default();
    for seed in seeds {
        let with_seed = |mut e: HarnessError| {
            e.seed = Some(seed);
            e
        };
        let game = G::new(options, seats, seed).map_err(|error| {
            with_seed(HarnessError {
                step: 0,
                violation: Violation::Setup {
                    error: error.erase(),
                },
                action: None,
                seed: None,
            })
        })?;
        let first_deal = to_json(&game).unwrap_or_default();
        let mut choose = random_chooser::<G>(seed ^ 0x5eed);
        let Playout { report, last, log } =
            run_checked(game, &mut choose, max_steps).map_err(with_seed)?;
        check_replay(options, seats, seed, &first_deal, &log, &last)?;
        stats.games += 1;
        if report.finished {
            stats.finished += 1;
        } else {
            stats.unfinished += 1;
        }
        stats.total_steps += report.steps;
        stats.longest = stats.longest.max(report.steps);
        stats.actions_checked += report.actions_checked;
        stats.rejections_checked += report.rejections_checked;
    }
    Ok(stats)
}
