//! `#/replay/<id>`: a stored game watched again, action by action, on the game's own board
//! in a read-only mode (no legal actions; a tap explains that nothing is played here).
//!
//! What it shows is what the watcher was allowed to see: a finished match (not by link) may
//! be watched from every seat in turn ("Karten von"); a running game only from the one
//! person at this device, and a running game of several people (at one device or by link)
//! not before it is over. The board only ever gets `view(seat)` of an allowed seat.

use super::again;
use crate::ctx::{use_app, BoardSignals};
use crate::i18n::common::{fill, name};
use crate::i18n::tr;
use crate::play::session::Session;
use crate::play::ui_game::{BoardProps, UiGame};
use crate::routes::Route;
use engine::save::Record;
use engine::Seat;
use leptos::prelude::*;
use std::sync::Arc;

/// A state is kept every this many actions, so a step back replays at most as many.
const KEEP_EVERY: usize = 24;

/// A state of the replay with the seat and events of the step that led to it.
pub(crate) type Frame<G> = (G, Option<(Seat, Vec<<G as engine::Game>::Event>)>);

/// The record with the states kept along it and where each deal begins.
pub(crate) struct Tape<G: UiGame> {
    record: Record<G>,
    /// (actions played, state after them), in order; the first is the start.
    kept: Vec<(usize, G)>,
    /// The number of actions before each deal (deal 1 at index 0).
    deals: Vec<usize>,
}

impl<G: UiGame> Tape<G> {
    pub(crate) fn new(record: Record<G>) -> Option<Self> {
        let mut g = record.start().ok()?;
        let mut kept = vec![(0, g.clone())];
        let mut deals = vec![0];
        let mut deal = G::deals_played_of(&g);
        for (i, (seat, action)) in record.log.iter().enumerate() {
            g.apply(*seat, action).ok()?;
            let d = G::deals_played_of(&g);
            if d > deal {
                deals.push(i + 1);
                deal = d;
            }
            if (i + 1) % KEEP_EVERY == 0 {
                kept.push((i + 1, g.clone()));
            }
        }
        Some(Tape {
            record,
            kept,
            deals,
        })
    }

    pub(crate) fn len(&self) -> usize {
        self.record.log.len()
    }

    /// The state after `step` actions, with the seat and events of the last of them.
    pub(crate) fn at(&self, step: usize) -> Frame<G> {
        let step = step.min(self.len());
        let before = step.saturating_sub(1);
        let (from, state) = self
            .kept
            .iter()
            .rev()
            .find(|(n, _)| *n <= before)
            .unwrap_or(&self.kept[0]);
        let mut g = state.clone();
        for (seat, action) in &self.record.log[*from..before] {
            let _ = g.apply(*seat, action);
        }
        if step == 0 {
            return (g, None);
        }
        let (seat, action) = &self.record.log[before];
        let events = g.apply(*seat, action).unwrap_or_default();
        (g, Some((*seat, events)))
    }

    /// The deal (1 = the first) in progress after `step` actions.
    pub(crate) fn deal_at(&self, step: usize) -> usize {
        self.deals.iter().filter(|&&d| d <= step).count().max(1)
    }

    /// Where deal `deal` (1 = the first) begins, the end for a deal past the last.
    pub(crate) fn deal_start(&self, deal: usize) -> usize {
        match deal {
            0 => 0,
            d => self.deals.get(d - 1).copied().unwrap_or(self.len()),
        }
    }

    pub(crate) fn deals(&self) -> usize {
        self.deals.len()
    }
}

/// The seats this device may watch the game from (see the module's text).
pub(crate) fn watchable<G: UiGame>(s: &Session<G>) -> Vec<Seat> {
    let humans: Vec<Seat> = (0..s.record.seats).filter(|&x| s.is_human(x)).collect();
    if s.state.is_over() && !s.meta.by_link {
        (0..s.record.seats).collect()
    } else if humans.len() == 1 && !s.meta.by_link {
        humans
    } else if s.state.is_over() {
        // A finished game by link: the seats of its people, not the bots' hands.
        humans
    } else {
        Vec::new()
    }
}

/// A stored game watched again, step by step, from the seats this device may watch; a panel
/// saying why when there is none (yet) or the record does not replay.
#[component]
pub fn ReplayHost<G: UiGame>(session: Session<G>) -> impl IntoView {
    let app = use_app();
    let seats = watchable(&session);
    let names: Arc<Vec<String>> = Arc::new(session.meta.player_names.clone());
    let title = session.meta.title.clone();
    let tape = Tape::<G>::new(session.record.clone());
    let (Some(&first), Some(tape)) = (seats.first(), tape) else {
        return replay_unavailable(&session);
    };
    let tape = StoredValue::new(tape);
    let end = tape.with_value(|t| t.len());
    let step = RwSignal::new(0usize);
    let viewer = RwSignal::new(first);
    let playing = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    provide_watching(error);
    // "Diese Runde nochmal" from the replay: the host's offer for the stored game.
    let sess = RwSignal::new(session);
    again::provide(sess, error);
    super::analysis::provide(sess, viewer.into());
    autoplay(step, playing, end);
    // The state shown, with the seat and events of the step that led to it.
    let shown = RwSignal::new(tape.with_value(|t| t.at(0)));
    Effect::new(move |_| {
        let n = step.get();
        shown.set(tape.with_value(|t| t.at(n)));
        error.set(None);
    });
    let now = step_line(step, shown, sess, tape);
    let view = Signal::derive(move || shown.with(|(g, _)| g.view(viewer.get())));
    // The board is built anew for every deal and every seat watched, as the game host does
    // for a new deal; within a deal it follows the steps like a game in play.
    let key = Memo::new(move |_| (shown.with(|(g, _)| G::deals_played_of(g)), viewer.get()));
    let props = read_only_props(viewer, view, names.clone(), error);
    let board = move || {
        let _ = key.get();
        G::board(props.clone())
    };
    view! {
        <div class="game-host replay" data-testid="replay">
            <section class="replay-bar" aria-label=move || app.t("replay.title")>
                <h1 class="replay-title">{move || fill(app.lang(), "replay.heading", &[("title", title.clone())])}</h1>
                {controls(step, playing, end, tape, now)}
                {seat_switch(&seats, names.clone(), viewer)}
                <p class="replay-line" data-testid="replay-line" aria-live="polite">
                    {move || now.get().1.unwrap_or_else(|| app.t("replay.start"))}
                </p>
                <crate::components::dock::ErrorLine error=error/>
            </section>
            <div class="replay-board">{board}</div>
        </div>
    }
    .into_any()
}

/// The panel of a game that cannot be watched: not yet (no seat this device may watch from),
/// or never (its record does not replay); with the way back to the game.
fn replay_unavailable<G: UiGame>(session: &Session<G>) -> AnyView {
    let app = use_app();
    let id = session.id.clone();
    let why = if tape_ok(session) {
        "replay.not_yet"
    } else {
        "replay.broken"
    };
    view! {
        <section class="panel" data-testid="replay-unavailable">
            <h1>{move || app.t("replay.title")}</h1>
            <p>{move || app.t(why)}</p>
            <a class="button" href=Route::Play(id.clone()).to_hash()>{move || app.t("replay.back_to_game")}</a>
        </section>
    }
    .into_any()
}

/// Provides every context a board reads as this page's own (none of a game host shown
/// before it may be found): the error line, no next-level offer, no hints, the hand order
/// not stored.
fn provide_watching(error: RwSignal<Option<String>>) {
    provide_context(BoardSignals(StoredValue::new(Vec::new())));
    provide_context(crate::components::dock::HostError(error));
    provide_context(crate::ctx::Watching(true));
    provide_context(crate::ctx::NextLevelOffer(Signal::stored(None)));
    provide_context(crate::components::hand::HandStore(String::new()));
    provide_context(crate::ctx::HintCtx {
        allowed: false,
        ready: Signal::stored(false),
        ask: Callback::new(|_| {}),
        text: RwSignal::new(None),
        cards: RwSignal::new(Vec::new()),
    });
}

/// Where the replay stands: the step, the line saying what it did (the events described, else
/// the name of the seat that acted; none at the start), the deal in progress and the number
/// of deals.
fn step_line<G: UiGame>(
    step: RwSignal<usize>,
    shown: RwSignal<Frame<G>>,
    sess: RwSignal<Session<G>>,
    tape: StoredValue<Tape<G>>,
) -> Memo<(usize, Option<String>, usize, usize)> {
    let app = use_app();
    Memo::new(move |_| {
        let n = step.get();
        let lang = app.lang();
        let nm = sess.with_untracked(|s| s.meta.player_names.clone());
        let line = shown.with(|(_, last)| {
            last.as_ref().map(|(seat, events)| {
                let lines: Vec<String> = events
                    .iter()
                    .filter_map(|e| G::describe(e, &nm, lang))
                    .collect();
                if lines.is_empty() {
                    name(&nm, *seat)
                } else {
                    lines.join(" · ")
                }
            })
        });
        tape.with_value(|t| (n, line, t.deal_at(n), t.deals()))
    })
}

/// The board's props in the read-only mode: no legal actions, no undo, and a tap explains in
/// the error line that nothing is played here.
fn read_only_props<G: UiGame>(
    viewer: RwSignal<Seat>,
    view: Signal<G::View>,
    names: Arc<Vec<String>>,
    error: RwSignal<Option<String>>,
) -> BoardProps<G> {
    let app = use_app();
    BoardProps::<G> {
        seat: viewer.into(),
        view,
        legal: Signal::stored(Vec::new()),
        names: Signal::stored(names),
        act: Callback::new(move |_| error.set(Some(tr(app.lang(), "replay.read_only").into()))),
        highlight: Signal::stored(Vec::new()),
        error: error.write_only(),
        pass_and_play: false,
        proceed: Callback::new(|_| {}),
        can_undo: Signal::stored(false),
        undo: Callback::new(|_| {}),
    }
}

/// True when the record replays (only the seats to watch from are missing).
fn tape_ok<G: UiGame>(s: &Session<G>) -> bool {
    s.record.start().is_ok()
}

/// Steps forward at the bot speed while `playing`; stops at the end.
fn autoplay(step: RwSignal<usize>, playing: RwSignal<bool>, end: usize) {
    let app = use_app();
    Effect::new(move |_| {
        if !playing.get() {
            return;
        }
        let n = step.get();
        if n >= end {
            playing.set(false);
            return;
        }
        let delay = app.settings.with_untracked(|s| s.bot_delay_ms).max(150);
        set_timeout(
            move || {
                if playing.try_get_untracked() == Some(true) && step.try_get_untracked() == Some(n)
                {
                    step.set(n + 1);
                }
            },
            std::time::Duration::from_millis(u64::from(delay)),
        );
    });
}

/// The step buttons: a deal back, an action back, play/pause, an action on, a deal on; and
/// where the replay stands.
fn controls<G: UiGame>(
    step: RwSignal<usize>,
    playing: RwSignal<bool>,
    end: usize,
    tape: StoredValue<Tape<G>>,
    now: Memo<(usize, Option<String>, usize, usize)>,
) -> impl IntoView {
    let app = use_app();
    let t = move |k: &'static str| move || app.t(k);
    let deal_back = move |_| {
        playing.set(false);
        let n = step.get_untracked();
        let target = tape.with_value(|t| {
            let d = t.deal_at(n);
            let here = t.deal_start(d);
            if n > here {
                here
            } else {
                t.deal_start(d.saturating_sub(1))
            }
        });
        step.set(target);
    };
    let deal_on = move |_| {
        playing.set(false);
        let n = step.get_untracked();
        step.set(tape.with_value(|t| t.deal_start(t.deal_at(n) + 1)));
    };
    let back = move |_| {
        playing.set(false);
        step.update(|n| *n = n.saturating_sub(1));
    };
    let on = move |_| {
        playing.set(false);
        step.update(|n| *n = (*n + 1).min(end));
    };
    let toggle = move |_| {
        if step.get_untracked() >= end {
            step.set(0);
        }
        playing.update(|p| *p = !*p);
    };
    let position = move || {
        let (n, _, deal, deals) = now.get();
        fill(
            app.lang(),
            "replay.position",
            &[
                ("n", n.to_string()),
                ("of", end.to_string()),
                ("deal", deal.to_string()),
                ("deals", deals.to_string()),
            ],
        )
    };
    let at_start = move || step.get() == 0;
    let at_end = move || step.get() >= end;
    view! {
        <div class="replay-controls" role="group" aria-label=t("replay.controls")>
            <button class="button" data-testid="replay-deal-back" on:click=deal_back disabled=at_start
                aria-label=t("replay.deal_back") title=t("replay.deal_back")>"◀◀"<span class="lbl">{t("replay.deal")}</span></button>
            <button class="button" data-testid="replay-back" on:click=back disabled=at_start
                aria-label=t("replay.back") title=t("replay.back")>"◀"<span class="lbl">{t("replay.move")}</span></button>
            <button class="button primary" data-testid="replay-play" on:click=toggle aria-pressed=move || playing.get().to_string()
                aria-label=move || app.t(if playing.get() { "replay.pause" } else { "replay.play" })>
                {move || if playing.get() { "❚❚" } else { "▶" }}<span class="lbl">{move || app.t(if playing.get() { "replay.pause" } else { "replay.play" })}</span>
            </button>
            <button class="button" data-testid="replay-on" on:click=on disabled=at_end
                aria-label=t("replay.on") title=t("replay.on")><span class="lbl">{t("replay.move")}</span>"▶"</button>
            <button class="button" data-testid="replay-deal-on" on:click=deal_on disabled=at_end
                aria-label=t("replay.deal_on") title=t("replay.deal_on")><span class="lbl">{t("replay.deal")}</span>"▶▶"</button>
        </div>
        <p class="replay-position" data-testid="replay-position">{position}</p>
    }
}

/// "Karten von": the seat whose view the board shows (only where more than one may be
/// watched).
fn seat_switch(
    seats: &[Seat],
    names: Arc<Vec<String>>,
    viewer: RwSignal<Seat>,
) -> Option<impl IntoView> {
    let app = use_app();
    (seats.len() > 1).then(|| {
        let buttons = seats
            .iter()
            .map(|&seat| {
                let label = name(&names, seat);
                view! {
                    <button class="button small" data-testid="replay-seat"
                        aria-pressed=move || (viewer.get() == seat).to_string()
                        on:click=move |_| viewer.set(seat)>{label}</button>
                }
            })
            .collect_view();
        view! {
            <div class="replay-seats" role="group" aria-label=move || app.t("replay.seats")>
                <span>{move || app.t("replay.seats")}</span>
                {buttons}
            </div>
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::romme::Romme;
    use engine::save::SaveMeta;
    use engine::{BotLevel, Game, SeatKind};

    /// A Rommé match of `kinds` played by normal bots for `actions` actions (or to its end).
    fn played(kinds: Vec<SeatKind>, actions: usize) -> Session<Romme> {
        let options = engine::games::variant_options::<Romme>("romme").expect("preset");
        let meta = SaveMeta {
            player_names: vec!["A".into(), "B".into()],
            seat_kinds: kinds,
            ..SaveMeta::default()
        };
        let mut s = Session::<Romme>::start("x".into(), options.clone(), meta, 11).expect("start");
        let mut bots: Vec<_> = (0..2)
            .map(|i| bots::bot_for::<Romme>(BotLevel::Normal, i, &options))
            .collect();
        for _ in 0..actions {
            let Some(seat) = s.state.to_move() else { break };
            let legal = s.state.legal_actions(seat);
            let a = bots[seat].choose(&s.state.view(seat), &legal);
            s.record.play(&mut s.state, seat, a).expect("legal");
        }
        s
    }

    #[test]
    fn the_tape_gives_the_state_after_any_number_of_actions() {
        let s = played(
            vec![SeatKind::Human, SeatKind::Bot(BotLevel::Normal)],
            100_000,
        );
        assert!(s.state.is_over());
        let tape = Tape::<Romme>::new(s.record.clone()).expect("tape");
        assert!(tape.deals() >= 2, "a match of several deals");
        for n in [
            0,
            1,
            23,
            24,
            25,
            47,
            48,
            tape.len() / 2,
            tape.len() - 1,
            tape.len(),
        ] {
            let mut g = s.record.start().expect("start");
            for (seat, a) in &s.record.log[..n] {
                g.apply(*seat, a).expect("replay");
            }
            let (at, last) = tape.at(n);
            assert_eq!(at.position().digest(), g.position().digest(), "after {n}");
            assert_eq!(
                last.map(|(seat, _)| seat),
                n.checked_sub(1).map(|i| s.record.log[i].0)
            );
        }
        // Every deal begins where the deal number changes, and the buttons land there.
        for d in 1..=tape.deals() {
            let start = tape.deal_start(d);
            assert_eq!(tape.deal_at(start), d);
            assert_eq!(Romme::deals_played_of(&tape.at(start).0), d as u32);
            if start > 0 {
                assert_eq!(tape.deal_at(start - 1), d - 1);
            }
        }
        assert_eq!(tape.deal_start(tape.deals() + 1), tape.len());
    }

    #[test]
    fn a_replay_shows_only_the_seats_this_device_may_see() {
        let (h, b) = (SeatKind::Human, SeatKind::Bot(BotLevel::Normal));
        let over = played(vec![h, b], 100_000);
        assert_eq!(watchable(&over), vec![0, 1], "a finished match: every hand");
        let running = played(vec![h, b], 30);
        assert_eq!(
            watchable(&running),
            vec![0],
            "a running game: the own hand only"
        );
        let hot_seat = played(vec![h, h], 30);
        assert!(
            watchable(&hot_seat).is_empty(),
            "two people at one device: not before the end"
        );
        let mut by_link = played(vec![h, h], 30);
        by_link.meta.by_link = true;
        assert!(watchable(&by_link).is_empty());
        let mut link_over = played(vec![h, b], 100_000);
        link_over.meta.by_link = true;
        assert_eq!(
            watchable(&link_over),
            vec![0],
            "by link: its people's hands, no bot's"
        );
    }
}
