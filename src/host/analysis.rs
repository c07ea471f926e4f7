//! "Analyse" after a deal: the hard bot judges each decision the person made in that deal
//! from the person's own view and the public history ([`bots::analysis`]), in slices like a
//! bot's turn (no long task), with progress and "Abbrechen"; the panel lists the decisions
//! that cost points, said in the person's language ([`crate::components::analysis`]).

use super::bot_turn::{now_ms, slice_pause};
use crate::ctx::{use_app, AnalysisItem, AnalysisState, DealAnalysis};
use crate::i18n::Lang;
use crate::play::again::deal_in_log;
use crate::play::session::Session;
use crate::play::ui_game::UiGame;
use bots::analysis::{Analysis, Finding};
use engine::save::Record;
use engine::{BotLevel, Seat};
use leptos::prelude::*;

/// Provides [`DealAnalysis`] for the game in `sess` shown from `viewer`, where a person
/// plays: the person analysed is the one shown, else the first person at the table.
pub(super) fn provide<G: UiGame>(sess: RwSignal<Session<G>>, viewer: Signal<Seat>) {
    let app = use_app();
    let offered = G::BOT_LEVELS.contains(&BotLevel::Hard)
        && sess.with_untracked(|s| (0..s.record.seats).any(|seat| s.is_human(seat)));
    if !offered {
        // Provided as none: an end panel finds no offer of a page shown before.
        provide_context(None::<DealAnalysis>);
        return;
    }
    let state = RwSignal::new(AnalysisState::Idle);
    // The analysis running, and a number that a cancelled or restarted one no longer has.
    let running = StoredValue::new_local(None::<Analysis<G>>);
    let generation = StoredValue::new(0u64);
    let stop = move || {
        generation.update_value(|g| *g += 1);
        if running.try_update_value(|r| r.take().is_some()) == Some(true) {
            crate::components::lazy::busy(-1);
        }
    };
    on_cleanup(move || {
        if running.try_with_value(|r| r.is_some()) == Some(true) {
            crate::components::lazy::busy(-1);
        }
    });
    let cancel = Callback::new(move |_| {
        stop();
        state.set(AnalysisState::Idle);
    });
    let start = Callback::new(move |deal: u32| {
        stop();
        let my = generation.get_value();
        let seat = sess.with_untracked(|s| {
            let v = viewer.get_untracked();
            if s.is_human(v) {
                v
            } else {
                (0..s.record.seats).find(|&x| s.is_human(x)).unwrap_or(v)
            }
        });
        let (record, load) = sess.with_untracked(|s| {
            let load = G::load_bot(BotLevel::Hard, s.record.seed ^ 0xA7A1, &s.record.options);
            (s.record.clone(), load)
        });
        let Some(steps) = deal_steps(&record, deal) else {
            return;
        };
        state.set(AnalysisState::Running {
            deal,
            done: 0,
            total: 0,
        });
        leptos::task::spawn_local(async move {
            let Ok(bot) = load.await else {
                if generation.try_get_value() == Some(my) {
                    state.try_set(AnalysisState::Failed {
                        deal,
                        text: app.t("host.bots_unreachable"),
                    });
                }
                return;
            };
            if generation.try_get_value() != Some(my) {
                return;
            }
            running.set_value(Some(Analysis::new(&record, seat, steps, bot)));
            crate::components::lazy::busy(1);
            let names = sess.with_untracked(|s| s.meta.player_names.clone());
            let job = Job {
                app,
                state,
                running,
                generation,
                my,
                deal,
                record,
                seat,
                names,
            };
            job.slice();
        });
    });
    provide_context(Some(DealAnalysis {
        start,
        cancel,
        state,
    }));
}

/// The log's range of deal `deal`'s actions (1 = the first).
pub(crate) fn deal_steps<G: UiGame>(
    record: &Record<G>,
    deal: u32,
) -> Option<std::ops::Range<usize>> {
    let (from, _, _) = deal_in_log(record, deal)?;
    let to = deal_in_log(record, deal + 1).map_or(record.log.len(), |(at, _, _)| at);
    Some(from..to.max(from))
}

/// The analysis of one deal as it runs, slice by slice.
struct Job<G: UiGame> {
    app: crate::ctx::AppCtx,
    state: RwSignal<AnalysisState>,
    running: StoredValue<Option<Analysis<G>>, LocalStorage>,
    generation: StoredValue<u64>,
    my: u64,
    deal: u32,
    record: Record<G>,
    seat: Seat,
    names: Vec<String>,
}

impl<G: UiGame> Job<G> {
    fn slice(self) {
        if self.generation.try_get_value() != Some(self.my) {
            return;
        }
        let started = now_ms();
        let mut pause = slice_pause(started);
        let step = self.running.try_update_value(|r| {
            let a = r.as_mut()?;
            let done = a.run(&mut pause);
            Some((done, a.progress()))
        });
        let Some(Some((done, (judged, total)))) = step else {
            return;
        };
        if !done {
            let deal = self.deal;
            self.state.try_set(AnalysisState::Running {
                deal,
                done: judged,
                total,
            });
            set_timeout(move || self.slice(), std::time::Duration::from_millis(0));
            return;
        }
        let findings = self
            .running
            .try_update_value(|r| r.take().map(|a| a.findings()))
            .flatten()
            .unwrap_or_default();
        crate::components::lazy::busy(-1);
        let lang = self.app.lang();
        let items = items(&self.record, self.seat, &self.names, &findings, lang);
        self.state.try_set(AnalysisState::Done {
            deal: self.deal,
            judged: total,
            items,
        });
    }
}

/// The findings said as the panel shows them: what was played (the log's words), the
/// better move and why, its cost, the hand with the better move's cards marked.
pub(crate) fn items<G: UiGame>(
    record: &Record<G>,
    seat: Seat,
    names: &[String],
    findings: &[Finding<G>],
    lang: Lang,
) -> Vec<AnalysisItem> {
    let mut out = Vec::new();
    let Ok(mut g) = record.start() else {
        return out;
    };
    let mut next = findings.iter().peekable();
    for (i, (who, action)) in record.log.iter().enumerate() {
        let Ok(events) = g.apply(*who, action) else {
            break;
        };
        let Some(f) = next.next_if(|f| f.step == i) else {
            if next.peek().is_none() {
                break;
            }
            continue;
        };
        debug_assert_eq!(*who, seat);
        let played: Vec<String> = events
            .iter()
            .filter_map(|e| G::describe(e, names, lang))
            .collect();
        let Some(better) = G::advice(&f.view, &f.better, lang) else {
            continue;
        };
        let hand = G::hand(&f.view)
            .into_iter()
            .map(|c| (c, better.cards.contains(&c.id)))
            .collect();
        out.push(AnalysisItem {
            number: f.number,
            played: played.join(" "),
            better: better.text,
            cost: f.cost.round().max(1.0) as u32,
            hand,
        });
    }
    out
}
