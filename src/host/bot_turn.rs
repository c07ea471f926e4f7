//! A bot's turn in the page: the bot thinks in slices of at most [`SLICE_MS`], one timer
//! tick each, so the page stays responsive while a hard bot searches.

use super::SeatBots;
use crate::play::session::Session;
use crate::play::ui_game::{BotLevel, UiGame};
use bots::Bot;
use engine::{Game, Seat};
use leptos::prelude::*;

/// The longest a bot thinks at a time before it gives the page back its main thread
/// (a browser "long task" is one over 50 ms). 20 ms left too little room on a machine
/// slower than the development one: the project's CI measured long tasks of 50–70 ms there.
const SLICE_MS: f64 = 12.0;

/// A slice also ends when the next unit of work (a rollout, asked about after each one)
/// might not end within this many ms from the slice's start, judged by the longest unit so
/// far: a Karussell rollout with the solver can take 20–30 ms in the page, and a slice of
/// 20 ms plus one of those made tasks of 50–62 ms.
const TASK_MS: f64 = 25.0;

/// A decision reached after this many ms of its slice is played in a task of its own: the
/// action's autosave and the board's update (10–40 ms in the page) never add to a slice.
const APPLY_APART_MS: f64 = 4.0;

/// How often a decision looks whether its bot's code has arrived.
const WAIT_MS: u64 = 30;

/// How long after a failed fetch of the bots' code the next try starts.
const RETRY_MS: f64 = 3000.0;

/// A seat's bot: its code is a part of the wasm of its own, fetched on the first decision.
pub(super) enum BotSlot<G: Game> {
    /// Not asked for yet, or the last fetch failed at the given time (page clock, ms).
    Missing(Option<f64>),
    Loading,
    Ready(Box<dyn Bot<G>>),
}

impl<G: Game> Default for BotSlot<G> {
    fn default() -> Self {
        BotSlot::Missing(None)
    }
}

/// One bot decision in progress: it thinks in slices of [`SLICE_MS`], one timer tick each,
/// until it has decided; any change of the game (an undo, a new game, the page left)
/// cancels it.
pub(super) struct BotTurn<G: UiGame> {
    pub sess: RwSignal<Session<G>>,
    pub bots: StoredValue<SeatBots<G>, LocalStorage>,
    pub seq: StoredValue<u64>,
    pub my_seq: u64,
    pub seat: Seat,
    pub step: usize,
    pub level: BotLevel,
    /// Set while the search is paused between slices.
    pub thinking: RwSignal<bool>,
    /// Set while the bots' code could not be fetched (offline before it was ever cached).
    pub unreachable: RwSignal<bool>,
}

impl<G: UiGame> Clone for BotTurn<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: UiGame> Copy for BotTurn<G> {}

impl<G: UiGame> BotTurn<G> {
    /// The first slice, after `delay_ms`.
    pub fn slice_after(
        self,
        delay_ms: u64,
        apply: impl Fn(Seat, G::Action, bool) + Copy + 'static,
    ) {
        self.next_slice(delay_ms, 0.0, apply);
    }

    /// The next slice; `spent`: the milliseconds this decision has taken so far.
    fn next_slice(
        self,
        delay_ms: u64,
        spent: f64,
        apply: impl Fn(Seat, G::Action, bool) + Copy + 'static,
    ) {
        set_timeout(
            move || self.slice(spent, apply),
            std::time::Duration::from_millis(delay_ms),
        );
    }

    fn slice(self, spent: f64, apply: impl Fn(Seat, G::Action, bool) + Copy + 'static) {
        let started = now_ms();
        // The host may be gone (page left) by the time the timer fires.
        if self.seq.try_get_value() != Some(self.my_seq) {
            return;
        }
        // The session is read in place: a copy of it (its record grows with every action)
        // for every slice was a large block allocated and freed again and again, and it
        // fragmented the wasm heap of a long match.
        let decided = self
            .sess
            .try_with_untracked(|s| self.think(s, started))
            .flatten();
        match decided {
            Some(Thought::Decided(action)) => {
                self.stop_thinking();
                let now = now_ms();
                record_decision(self.level, started, spent + now - started);
                if now - started < APPLY_APART_MS {
                    return apply(self.seat, action, true);
                }
                set_timeout(
                    move || {
                        if self.still_due() {
                            apply(self.seat, action, true)
                        }
                    },
                    std::time::Duration::from_millis(0),
                );
            }
            // Not decided yet: go on after the browser had its turn.
            Some(Thought::Later) => {
                if self.thinking.try_get_untracked() == Some(false) {
                    self.thinking.try_set(true);
                    crate::components::lazy::busy(1);
                }
                self.next_slice(0, spent + now_ms() - started, apply)
            }
            // The bot's code is on its way: look again soon (the wait is not thinking time).
            Some(Thought::Wait) => self.next_slice(WAIT_MS, spent, apply),
            Some(Thought::Stale) => self.stop_thinking(),
            None => {}
        }
    }

    /// This decision is still the one the game waits for (no undo, no other action, the
    /// page not left since it began).
    fn still_due(self) -> bool {
        self.seq.try_get_value() == Some(self.my_seq)
            && self
                .sess
                .try_with_untracked(|s| self.waited_for(s))
                .unwrap_or(false)
    }

    /// The game `s` still waits for this seat's decision at the step it began at.
    fn waited_for(self, s: &Session<G>) -> bool {
        s.record.log.len() == self.step && s.state.to_move() == Some(self.seat)
    }

    /// The bot thought and is done (the page is no longer busy with it).
    fn stop_thinking(self) {
        if self.thinking.try_get_untracked() == Some(true) {
            self.thinking.try_set(false);
            crate::components::lazy::busy(-1);
        }
    }

    /// One slice of thinking on the session as it is; `None`: nothing to decide (no legal
    /// action, or the bots are gone with the page).
    fn think(self, s: &Session<G>, started: f64) -> Option<Thought<G::Action>> {
        let seat = self.seat;
        if !self.waited_for(s) {
            return Some(Thought::Stale);
        }
        let level = self.level;
        self.bots
            .try_update_value(|all| {
                if all.len() <= seat {
                    all.resize_with(seat + 1, BotSlot::default);
                }
                match &mut all[seat] {
                    // The view and the legal actions only once there is a bot to read them
                    // (not on every look whether its code has arrived).
                    BotSlot::Ready(bot) => {
                        let legal = s.state.legal_actions(seat);
                        if legal.is_empty() {
                            return None;
                        }
                        let view = s.state.view(seat);
                        let mut pause = slice_pause(started);
                        Some(match bot.think(&view, &legal, &mut pause) {
                            Some(action) => Thought::Decided(settled(s, seat, action, &legal)),
                            None => Thought::Later,
                        })
                    }
                    BotSlot::Loading => Some(Thought::Wait),
                    BotSlot::Missing(Some(failed)) if started - *failed < RETRY_MS => {
                        Some(Thought::Wait)
                    }
                    slot @ BotSlot::Missing(_) => {
                        *slot = BotSlot::Loading;
                        let seed = s.record.seed
                            ^ (self.step as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                            ^ seat as u64;
                        self.load(G::load_bot(level, seed, &s.record.options));
                        Some(Thought::Wait)
                    }
                }
            })
            .flatten()
    }

    /// Waits for the seat's bot to be built (its code fetched) and puts it in its slot; the
    /// decision waiting for it finds it there. A failed fetch is shown and tried again after
    /// [`RETRY_MS`].
    fn load(self, bot: crate::play::ui_game::BotLoad<G>) {
        let seat = self.seat;
        leptos::task::spawn_local(async move {
            let slot = match bot.await {
                Ok(mut bot) => {
                    // A resumed game: the bot rebuilds its memory from the history.
                    self.sess
                        .try_with_untracked(|s| bots::recall(bot.as_mut(), &s.record, seat));
                    BotSlot::Ready(bot)
                }
                Err(_) => BotSlot::Missing(Some(now_ms())),
            };
            let failed = matches!(slot, BotSlot::Missing(_));
            // The bots are gone with the page if the host is.
            if self.bots.try_update_value(|all| all[seat] = slot).is_some() {
                self.unreachable.try_set(failed);
            }
        });
    }
}

/// The bot's `action` through the one legality check of every bot action
/// (`bots::think::settle`): a refused one is replaced by a legal one, so the table goes on,
/// and logged on the console (an e2e test fails on it: it is a bot's mistake).
fn settled<G: UiGame>(
    s: &Session<G>,
    seat: Seat,
    action: G::Action,
    legal: &[G::Action],
) -> G::Action {
    let seed = s.record.seed ^ (s.record.log.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let (action, refusal) = bots::think::settle(&s.state, seat, action, legal, seed);
    if let Some(r) = refusal {
        web_sys::console::error_1(
            &format!(
                "kr: the bot of seat {seat} proposed {:?}, refused ({:?}); played {:?}",
                r.proposed, r.error, r.played
            )
            .into(),
        );
    }
    action
}

/// What a slice of thinking came to.
enum Thought<A> {
    Decided(A),
    /// The search paused: another slice after the browser had its turn.
    Later,
    /// The game moved on (an undo, another action): this decision is void.
    Stale,
    /// The bot's code is being fetched.
    Wait,
}

/// Adds a User Timing entry "kr-bot:<level>" whose duration is the time the bot thought
/// (all its slices), so the bots' speed can be read in the browser's performance panel or
/// by a test (with a PerformanceObserver). The entries are cleared every 200 decisions, as
/// the browser's buffer for them is unbounded.
fn record_decision(level: BotLevel, start: f64, thought: f64) {
    use wasm_bindgen::JsCast;
    thread_local!(static COUNT: std::cell::Cell<u32> = const { std::cell::Cell::new(0) });
    let Some(perf) = web_sys::window().and_then(|w| w.performance()) else {
        return;
    };
    if COUNT.with(|c| {
        c.set(c.get() + 1);
        c.get() % 200 == 0
    }) {
        perf.clear_measures();
    }
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"start".into(), &start.into());
    let _ = js_sys::Reflect::set(&options, &"duration".into(), &thought.into());
    let name = format!("kr-bot:{}", level.code());
    if let Ok(measure) = js_sys::Reflect::get(&perf, &"measure".into()) {
        if let Some(f) = measure.dyn_ref::<js_sys::Function>() {
            let _ = f.call2(&perf, &name.into(), &options);
        }
    }
}

/// Milliseconds on the page's clock.
/// The `pause` of a slice begun at `started` (page clock, ms): asked after each unit of
/// work, it ends the slice after [`SLICE_MS`], or earlier when the next unit might not end
/// within [`TASK_MS`] (judged by the longest unit of this slice so far).
pub(super) fn slice_pause(started: f64) -> impl FnMut() -> bool {
    let (mut last, mut longest) = (started, 0.0f64);
    move || {
        let now = now_ms();
        longest = longest.max(now - last);
        last = now;
        now - started > SLICE_MS || now - started + longest > TASK_MS
    }
}

pub(super) fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or_else(js_sys::Date::now)
}
