//! The generic game host: holds the session (record + state), autosaves after every
//! action, runs bots paced by a timer (thinking in short slices, so the page never freezes),
//! shows the privacy screen between humans on one device, explains rejections and keeps
//! the running log.

mod again;
pub(crate) mod analysis;
pub mod bot_turn;
mod bound;
pub mod flip;
pub mod guest;
pub mod guest_link;
mod guest_stage;
mod hint;
mod other_tabs;
mod replay;
mod scan;
pub mod servers;
mod share;
pub mod table;
pub mod table_view;

pub use replay::ReplayHost;

use crate::components::coach::coach_slot;
use crate::components::dock::{ErrorLine, HostError};
use crate::ctx::{prune, set_pruned, update_pruned, use_app, AppCtx, BoardSignals};
use crate::i18n::tr;
use crate::play::session::{replay_events, Session};
use crate::play::ui_game::{BoardProps, UiGame};
use crate::storage;
use bot_turn::BotTurn;
use engine::save::Record;
use engine::{CardId, Seat};
use leptos::prelude::*;
use other_tabs::{follow_other_tabs, other_tab, OtherTab};
use std::sync::Arc;

const LOG_LINES: usize = 60;

/// How often (in actions) the host prunes the signals that are not set with every action
/// (see `ctx::prune`): the settings, the shown seat and the board's (`BoardSignals`).
const PRUNE_EVERY: usize = 64;

/// The bots of a session, built on their first decision.
type SeatBots<G> = Vec<bot_turn::BotSlot<G>>;

/// The last log lines of a replayed record.
fn log_lines<G: UiGame>(
    record: &Record<G>,
    names: &[String],
    lang: crate::i18n::Lang,
) -> Vec<String> {
    let mut lines: Vec<String> = replay_events(record)
        .iter()
        .filter_map(|e| G::describe(e, names, lang))
        .collect();
    let skip = lines.len().saturating_sub(LOG_LINES);
    lines.drain(..skip);
    lines
}

/// The viewer's view and legal actions (none while others decide, none for a bot's seat or
/// one played on another device).
fn seat_signals<G: UiGame>(
    sess: RwSignal<Session<G>>,
    viewer: RwSignal<Seat>,
    elsewhere: Arc<Vec<Seat>>,
) -> (Signal<G::View>, Signal<Vec<G::Action>>) {
    let view = Signal::derive(move || sess.with(|s| s.state.view(viewer.get())));
    let legal = Signal::derive(move || {
        let v = viewer.get();
        sess.with(|s| {
            // Only a human decides here: watching a bots-only game offers nothing.
            if s.state.to_move() == Some(v) && s.is_human(v) && !elsewhere.contains(&v) {
                s.state.legal_actions(v)
            } else {
                Vec::new()
            }
        })
    });
    (view, legal)
}

/// Bots: one decision per timer tick, after the configured delay. A bot waits while the
/// game holds bots (`UiGame::hold_bots`) until a human let them go on (`proceeded`).
fn run_bots<G: UiGame>(
    sess: RwSignal<Session<G>>,
    viewer: RwSignal<Seat>,
    proceeded: RwSignal<Option<usize>>,
    thinking: RwSignal<bool>,
    unreachable: RwSignal<bool>,
    owner: RwSignal<bool>,
    apply: impl Fn(Seat, G::Action, bool) + Copy + 'static,
) {
    let app = use_app();
    let bot_seq = StoredValue::new(0u64);
    // One bot per seat for the whole session, so bots keep their memory of the game.
    let bots_by_seat: StoredValue<SeatBots<G>, LocalStorage> = StoredValue::new_local(Vec::new());
    Effect::new(move |_| {
        // Another tab on this game runs its bots (this one follows its saves).
        if !owner.get() {
            return;
        }
        // Read in place: a copy of the session (and its growing record) per action
        // fragmented the wasm heap of a long match.
        let Some((seat, level, step, hold)) = sess.with(|s| {
            let seat = s.state.to_move()?;
            let level = s.bot_level(seat)?;
            let hold = G::hold_bots(&s.state.view(viewer.get_untracked()));
            Some((seat, level, s.record.log.len(), hold))
        }) else {
            return;
        };
        if hold && proceeded.get() != Some(step) {
            return;
        }
        bot_seq.update_value(|v| *v += 1);
        let turn = BotTurn {
            sess,
            bots: bots_by_seat,
            seq: bot_seq,
            my_seq: bot_seq.get_value(),
            seat,
            step,
            level,
            thinking,
            unreachable,
        };
        let delay = app.settings.with_untracked(|st| st.bot_delay_ms);
        turn.slice_after(delay as u64, apply);
    });
}

/// With several humans on one device: whose turn it is, and the button that shows the hand.
fn privacy_screen(privacy: RwSignal<Option<Seat>>, names: Arc<Vec<String>>) -> impl IntoView {
    let app = use_app();
    view! {
        <Show when=move || privacy.get().is_some()>
            {
                let names = names.clone();
                view! {
                    <div class="privacy" data-testid="privacy">
                        <p class="privacy-text">{move || {
                            let n = privacy.get().and_then(|s| names.get(s).cloned()).unwrap_or_default();
                            tr(app.lang(), "host.pass_to").replace("{name}", &n)
                        }}</p>
                        <button class="button primary" data-testid="privacy-ok" on:click=move |_| privacy.set(None)>
                            {move || tr(app.lang(), "host.show_hand").to_string()}
                        </button>
                    </div>
                }
            }
        </Show>
    }
}

/// Stores the session; a failure is shown in `save_error` (the game goes on in memory).
/// A match that has just ended leaves its result for the statistics page (kept pending with
/// the save when storage is full, and stored with it once there is room).
/// When another tab saved or deleted this game meanwhile, the page moves on (see
/// [`other_tab`]).
fn persist_into<G: UiGame>(s: &mut Session<G>, save_error: RwSignal<Option<String>>, app: AppCtx) {
    let lang = app.lang();
    let was_over = s.meta.finished;
    match s.persist() {
        Ok(storage::Saved::Copied(copy)) => {
            other_tab(app, &s.id, OtherTab::Copied(copy));
        }
        Ok(storage::Saved::Deleted) => {
            other_tab(app, &s.id, OtherTab::Deleted);
        }
        Ok(storage::Saved::Overtaken) => {
            other_tab(app, &s.id, OtherTab::Newer);
        }
        Ok(storage::Saved::Stored | storage::Saved::Pending) => {
            save_error.set(None);
            // A deal played again is practice: its match stays out of the statistics.
            if s.meta.finished && !was_over && s.meta.again.is_none() {
                storage::ask_persistence();
                let mut result = crate::play::stats::MatchResult::new(
                    &s.id,
                    &s.meta.variant,
                    s.meta.updated_ms,
                    &s.meta.player_names,
                    &s.meta.seat_kinds,
                    &s.state.standings(),
                    G::deals_played_of(&s.state),
                );
                result.hints = s.meta.hints_used;
                crate::play::stats::record(result);
            }
        }
        Err(e) => save_error.set(Some(crate::i18n::common::explain_save_error(&e, lang))),
    }
}

/// Undo within the own turn: whether something can be taken back, and the callback that
/// takes the last undoable action out of the log, replays and rewrites the save.
fn undo_tools<G: UiGame>(
    sess: RwSignal<Session<G>>,
    error: RwSignal<Option<String>>,
    save_error: RwSignal<Option<String>>,
    highlight: RwSignal<Vec<CardId>>,
    log: RwSignal<Vec<String>>,
    names: RwSignal<Arc<Vec<String>>>,
) -> (Signal<bool>, Callback<()>) {
    let app = use_app();
    let can_undo = Signal::derive(move || {
        sess.with(|s| crate::play::undo::undo_steps(&s.record, &s.state, |x| s.is_human(x)) > 0)
    });
    let undo = Callback::new(move |_: ()| {
        let mut s = sess.get_untracked();
        if crate::play::undo::undo_steps(&s.record, &s.state, |x| s.is_human(x)) == 0 {
            return;
        }
        let lang = app.lang();
        match s.record.undo_to(s.record.log.len() - 1) {
            Ok(state) => {
                s.state = state;
                error.set(None);
                highlight.set(Vec::new());
                log.set(log_lines(&s.record, &names.get_untracked(), lang));
                persist_into(&mut s, save_error, app);
                set_pruned(sess, s);
            }
            Err(e) => error.set(Some(crate::i18n::common::explain_save_error(&e, lang))),
        }
    });
    (can_undo, undo)
}

/// The signals an action touches: the session, and what the host shows of it.
struct Played<G: UiGame> {
    sess: RwSignal<Session<G>>,
    viewer: RwSignal<Seat>,
    error: RwSignal<Option<String>>,
    save_error: RwSignal<Option<String>>,
    log: RwSignal<Vec<String>>,
    highlight: RwSignal<Vec<CardId>>,
    board_signals: BoardSignals,
    /// The names at the table (a guest may bring its own: `table`).
    names: RwSignal<Arc<Vec<String>>>,
    /// Who played the last action, the log's length after it and its events (for the
    /// guests of a table between devices).
    last: RwSignal<(Seat, usize, Vec<G::Event>)>,
    /// Taken when the host is built: `apply` also runs from timers, outside any context.
    app: AppCtx,
}

impl<G: UiGame> Clone for Played<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: UiGame> Copy for Played<G> {}

impl<G: UiGame> Played<G> {
    /// The signals of a new host for `sess` shown to `viewer`: no error, the log so far, no
    /// highlight; the board's long-lived signals are provided as context (pruned with the
    /// host's, see `ctx::prune`).
    fn new(
        sess: RwSignal<Session<G>>,
        viewer: RwSignal<Seat>,
        log: Vec<String>,
        names: Arc<Vec<String>>,
        app: AppCtx,
    ) -> Played<G> {
        let board_signals = BoardSignals(StoredValue::new(Vec::new()));
        provide_context(board_signals);
        Played {
            sess,
            viewer,
            error: RwSignal::new(None),
            save_error: RwSignal::new(None),
            log: RwSignal::new(log),
            highlight: RwSignal::new(Vec::new()),
            board_signals,
            names: RwSignal::new(names),
            last: RwSignal::new((0, 0, Vec::new())),
            app,
        }
    }

    /// Saves the session as it is (after a change that is not an action, e.g. who plays a
    /// seat); a failure is said as after a move.
    fn persist(self) {
        let (save_error, app) = (self.save_error, self.app);
        self.sess
            .try_update_untracked(|s| persist_into(s, save_error, app));
    }

    /// Plays `action` of `seat`: the log, the highlight and the autosave follow; a rejection
    /// is explained in the error line.
    fn apply(self, seat: Seat, action: G::Action, from_bot: bool) {
        if let Err(e) = self.try_apply(seat, action, from_bot) {
            let text = G::explain(&e, &self.names.get_untracked(), self.app.lang());
            self.error.set(Some(text));
        }
    }

    /// Plays `action` of `seat` as [`Self::apply`] does, and returns a rejection instead of
    /// showing it (a guest's at a table between devices is explained on the guest's device).
    /// The engine leaves the state unchanged when it rejects an action.
    fn try_apply(
        self,
        seat: Seat,
        action: G::Action,
        from_bot: bool,
    ) -> Result<(), engine::RuleError<G::Error>> {
        let Played {
            sess,
            viewer,
            error,
            save_error,
            log,
            highlight,
            board_signals,
            names,
            last,
            app,
        } = self;
        let lang = app.lang();
        // Played on the session in place: a copy of the whole session (its record grows with
        // every action) for every action left the wasm memory ever more fragmented.
        // (The engine leaves the state unchanged when it rejects an action.)
        let Some(played) = sess.try_update_untracked(|s| s.record.play(&mut s.state, seat, action))
        else {
            return Ok(());
        };
        let events = played?;
        // The signals set with every action forget the views rebuilt since (see
        // `ctx::prune`); the others every `PRUNE_EVERY` actions.
        set_pruned(error, None);
        let lines: Vec<String> = events
            .iter()
            .filter_map(|e| G::describe(e, &names.get_untracked(), lang))
            .collect();
        if from_bot {
            set_pruned(highlight, events.iter().flat_map(G::event_cards).collect());
        } else {
            set_pruned(highlight, Vec::new());
        }
        update_pruned(log, |l| {
            l.extend(lines);
            let skip = l.len().saturating_sub(LOG_LINES);
            l.drain(..skip);
        });
        let step = sess
            .try_update_untracked(|s| {
                persist_into(s, save_error, app);
                s.record.log.len()
            })
            .unwrap_or(0);
        set_pruned(last, (seat, step, events));
        let before = flip::snapshot();
        prune(sess);
        if step % PRUNE_EVERY == 0 {
            app.prune();
            prune(viewer);
            board_signals.prune();
        }
        let others = seat != viewer.get_untracked();
        flip::play(before, others.then_some(seat));
        if !from_bot {
            // The control just used may be gone (a discard): the focus goes to the hand,
            // never to the page body.
            request_animation_frame(refocus_if_lost);
        }
        Ok(())
    }
}

/// Shows the human whose turn it is, behind the privacy screen when the device must change
/// hands; and tells the app whether the match is over (a newer version is offered only then,
/// see `AppCtx::match_over`).
fn follow_turns<G: UiGame>(
    sess: RwSignal<Session<G>>,
    viewer: RwSignal<Seat>,
    privacy: RwSignal<Option<Seat>>,
    several_humans: bool,
    elsewhere: Arc<Vec<Seat>>,
) {
    let app = use_app();
    Effect::new(move |_| {
        let over = sess.with(|s| s.state.is_over());
        if app.match_over.get_untracked() != over {
            app.match_over.set(over);
        }
    });
    on_cleanup(move || {
        app.match_over.try_set(false);
    });
    Effect::new(move |_| {
        // A game that travels by link shows this device's player only (see `share`).
        let next = sess.with(|s| {
            let next = s
                .state
                .to_move()
                .filter(|&n| s.is_human(n) && !elsewhere.contains(&n));
            next.filter(|_| !s.meta.by_link)
        });
        if let Some(next) = next {
            if next != viewer.get_untracked() {
                viewer.set(next);
                if several_humans {
                    privacy.set(Some(next));
                }
            }
        }
    });
}

/// The board, hidden behind the privacy screen.
///
/// Every deal (round) gets its board built anew: new memos and effects, in the task after the
/// one that took the old board away (the focus, gone with it, goes to the hand). Leptos 0.8
/// keeps every view that read one of the board's memos in that memo's list of readers after
/// the view is gone (see `ctx::prune`, which cannot help with memos); the new board drops the
/// old memos with their lists. Live wasm heap of a 20-deal bot match: 8.2 → 1.1 KB per deal kept of views that are gone
/// (`tests/e2e/bench_live.mjs`). Only where the board keeps no UI state across a deal change
/// (`NEW_BOARD_EACH_DEAL`: Rommé; Karussell's and Abluxxen's boards remember a round's end).
fn board_slot<G: UiGame>(
    props: BoardProps<G>,
    sess: RwSignal<Session<G>>,
    privacy: RwSignal<Option<Seat>>,
) -> impl IntoView {
    let deal = Memo::new(move |_| {
        sess.with(|s| G::NEW_BOARD_EACH_DEAL.then(|| G::deals_played_of(&s.state)))
    });
    let built = StoredValue::new(false);
    // The deal whose board is shown. A new deal's board is built in a task after the one
    // that took the last deal's board away: both in one task (50–60 ms in the page) was a
    // long task on a slower machine.
    let shown = RwSignal::new(deal.get_untracked());
    move || {
        // Read, not only tracked: a memo computes (and so follows the game) only once read.
        let now = deal.get();
        if shown.get() != now {
            set_timeout(
                move || {
                    shown.try_set(now);
                },
                std::time::Duration::from_millis(0),
            );
            return None;
        }
        // A board shows the names as they were when it was built: a guest who brings its
        // own name (a table between devices) gets a new one.
        props.names.track();
        // `try_…`: nothing here may panic while the host is being disposed.
        if built.try_get_value().unwrap_or(false) {
            // After the DOM update; touches no signal (the board may be gone by then).
            request_animation_frame(refocus_if_lost);
        }
        built.try_set_value(true);
        privacy
            .try_get()
            .is_some_and(|p| p.is_none())
            .then(|| G::board(props.clone()))
    }
}

/// A board built anew gives the keyboard focus it dropped to the hand: only while a game
/// host is still on the page (not after the player left it in the same frame) and the focus
/// is nowhere (on the body or on an element that has left the page).
fn refocus_if_lost() {
    let lost = web_sys::window()
        .and_then(|w| w.document())
        .is_some_and(|d| {
            let hosted = d.query_selector(".game-host").ok().flatten().is_some();
            let nowhere = match d.active_element() {
                None => true,
                Some(a) => !a.is_connected() || d.body().is_some_and(|b| *b == a),
            };
            hosted && nowhere
        });
    if lost {
        crate::ctx::skip_to_content();
    }
}

/// Taps on the same action closer together than this are one tap.
pub const REPEAT_MS: u64 = 400;

/// The last action a person sent from this page. A double or triple tap sends the same
/// action again: a repeat the game no longer offers is dropped silently (one action
/// happens, and no error about the second); a repeat it still offers is played (Karussell:
/// draw, then draw again).
struct Taps<G: UiGame>(StoredValue<Option<(Seat, G::Action, u64)>>);

impl<G: UiGame> Clone for Taps<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: UiGame> Copy for Taps<G> {}

impl<G: UiGame> Taps<G> {
    fn new() -> Self {
        Taps(StoredValue::new(None))
    }

    /// Notes `action` of `seat`; true when it repeats the last one within [`REPEAT_MS`] and
    /// is no longer among the `legal` actions.
    fn is_stale_repeat(
        self,
        seat: Seat,
        action: &G::Action,
        legal: Signal<Vec<G::Action>>,
    ) -> bool {
        let now = storage::now_ms();
        let repeat = self.0.with_value(|l| {
            matches!(l, Some((s, b, t)) if *s == seat && b == action && now.saturating_sub(*t) < REPEAT_MS)
        });
        self.0.set_value(Some((seat, action.clone(), now)));
        repeat && !legal.with_untracked(|l| l.contains(action))
    }
}

/// Who sits where, as the host sees it when it is built.
struct Seating {
    /// The names at the table.
    names: Arc<Vec<String>>,
    /// Seats played on other devices (a table between devices).
    remote: Vec<table::RemoteSeat>,
    /// The seats of `remote`: never shown here.
    elsewhere: Arc<Vec<Seat>>,
    /// Several humans play at this device.
    several_humans: bool,
    /// Several humans pass this one device (a game by link is on several devices).
    pass_device: bool,
    /// A human plays at this device.
    has_human: bool,
    /// The seat shown first: the human to move, else the first human, else seat 0 — only a
    /// person at this device is ever shown (never a seat played on another device).
    first_viewer: Seat,
}

impl Seating {
    /// The seating of `session`.
    fn of<G: UiGame>(session: &Session<G>) -> Seating {
        let names: Arc<Vec<String>> = Arc::new(session.meta.player_names.clone());
        let remote = table::remote_seats(&session.id);
        let elsewhere: Arc<Vec<Seat>> = Arc::new(remote.iter().map(|r| r.seat).collect());
        let humans: Vec<Seat> = (0..session.record.seats)
            .filter(|&s| session.is_human(s) && !elsewhere.contains(&s))
            .collect();
        let several_humans = humans.len() > 1;
        let first_viewer = session
            .state
            .to_move()
            .filter(|s| humans.contains(s))
            .or_else(|| humans.first().copied())
            .unwrap_or(0);
        Seating {
            names,
            remote,
            elsewhere,
            several_humans,
            pass_device: several_humans && !session.meta.by_link,
            has_human: !humans.is_empty(),
            first_viewer,
        }
    }
}

/// A game in play: the board of the shown seat, the privacy screen between humans on one
/// device, the bots, the first-game guide, the table between devices, the sharing tools and
/// the log.
#[component]
pub fn GameHost<G: UiGame>(session: Session<G>) -> impl IntoView {
    let app = use_app();
    // Leaving the game mid-move: no card keeps flying over the next page.
    on_cleanup(flip::cancel_all);
    let seating = Seating::of(&session);
    // Whether this tab runs the bots (another tab on the same game may).
    let owner = follow_other_tabs(session.id.clone());
    // The first-game guide: once per game family, only with a human at the table.
    let coach_open = RwSignal::new(
        seating.has_human && !session.state.is_over() && !crate::components::coach::seen(G::NAME),
    );
    let coach_step = RwSignal::new(0usize);
    let initial_log = log_lines(&session.record, &seating.names, app.lang());

    let sess = RwSignal::new(session);
    let viewer = RwSignal::new(seating.first_viewer);
    // With several humans, the hand stays hidden until the shown player confirms.
    let privacy = RwSignal::new(seating.pass_device.then_some(seating.first_viewer));
    let elsewhere = seating.elsewhere.clone();
    follow_turns(
        sess,
        viewer,
        privacy,
        seating.several_humans,
        elsewhere.clone(),
    );
    // The log length at which a human let the bots go on after a pause (`hold_bots`).
    let proceeded = RwSignal::new(None::<usize>);
    let played = Played::new(sess, viewer, initial_log, seating.names.clone(), app);
    let (error, save_error, log) = (played.error, played.save_error, played.log);
    end_panel_offers(sess, viewer, error);
    let thinking = start_bots(played, proceeded, owner);
    let signals = seat_signals(sess, viewer, elsewhere);
    hint::provide(sess, viewer, signals.1);
    let props = board_props(played, signals, owner, proceeded, seating.several_humans);
    let net = table_of(seating.remote, played, proceeded);
    let names = seating.names;
    let names_priv = names.clone();
    let t = move |k: &str| tr(app.lang(), k).to_string();
    // The board's dock shows the error line next to the actions.
    provide_context(HostError(error));

    view! {
        <div class="game-host" data-thinking=move || thinking.get().to_string()>
            {privacy_screen(privacy, names_priv)}
            {board_slot(props, sess, privacy)}
            <Show when=move || privacy.get().is_some()>
                <ErrorLine error=error/>
            </Show>
            <Show when=move || save_error.get().is_some()>
                <p class="error-box" data-testid="save-error">{move || format!("{}: {}", t("host.save_failed"), save_error.get().unwrap_or_default())}</p>
            </Show>
            // Not over the privacy screen: only once a hand is visible.
            {coach_slot(G::NAME, G::COACH, coach_open, coach_step, Signal::derive(move || privacy.get().is_some()))}
            {net}
            {share::link_turn(sess, viewer, names.clone(), error)}
            {share::share_tools(sess, error, seating.has_human.then_some((coach_open, coach_step)))}
            {game_log(sess, log)}
        </div>
    }
}

/// Starts the bots of a game in play; returns whether a bot's search is paused between
/// slices (the page shows it is busy). While the bots' code cannot be fetched (offline before
/// it was cached), the error line says so, until they have arrived.
fn start_bots<G: UiGame>(
    played: Played<G>,
    proceeded: RwSignal<Option<usize>>,
    owner: RwSignal<bool>,
) -> RwSignal<bool> {
    let Played {
        sess,
        viewer,
        error,
        app,
        ..
    } = played;
    let thinking = RwSignal::new(false);
    // A bot still thinking when the game is left keeps the page busy no longer.
    on_cleanup(move || {
        if thinking.try_get_untracked() == Some(true) {
            crate::components::lazy::busy(-1);
        }
    });
    let unreachable = RwSignal::new(false);
    let apply =
        move |seat: Seat, action: G::Action, from_bot: bool| played.apply(seat, action, from_bot);
    run_bots(sess, viewer, proceeded, thinking, unreachable, owner, apply);
    // Said in the error line (in the dock: in view on a phone), and taken back once the bots
    // have arrived.
    Effect::new(move |_| {
        let text = tr(app.lang(), "host.bots_unreachable");
        if unreachable.get() {
            error.set(Some(text.to_string()));
        } else if error.with_untracked(|e| e.as_deref() == Some(text)) {
            error.set(None);
        }
    });
    thinking
}

/// What the board gets: the shown seat's view and legal actions (`signals`), the names, the
/// highlight and the error line, undo, and the callbacks that play an action of the shown
/// seat (a repeated tap of a stale action ignored; playing here makes this tab run the bots)
/// and that let the bots go on.
fn board_props<G: UiGame>(
    played: Played<G>,
    signals: (Signal<G::View>, Signal<Vec<G::Action>>),
    owner: RwSignal<bool>,
    proceeded: RwSignal<Option<usize>>,
    pass_and_play: bool,
) -> BoardProps<G> {
    let Played {
        sess,
        viewer,
        error,
        save_error,
        log,
        highlight,
        names,
        ..
    } = played;
    let (view, legal) = signals;
    let (can_undo, undo) = undo_tools(sess, error, save_error, highlight, log, names);
    let taps = Taps::<G>::new();
    BoardProps::<G> {
        seat: viewer.into(),
        view,
        legal,
        names: names.into(),
        act: Callback::new(move |a: G::Action| {
            if taps.is_stale_repeat(viewer.get_untracked(), &a, legal) {
                return;
            }
            // Played here: this tab runs the bots from now on.
            if !owner.get_untracked() {
                sess.with_untracked(|s| storage::claim(&s.id));
                owner.set(true);
            }
            played.apply(viewer.get_untracked(), a, false)
        }),
        highlight: highlight.into(),
        error: error.write_only(),
        pass_and_play,
        proceed: Callback::new(move |_| {
            proceeded.set(Some(sess.with_untracked(|s| s.record.log.len())))
        }),
        can_undo,
        undo,
    }
}

/// The table between devices, when seats are played on other devices (`remote`).
fn table_of<G: UiGame>(
    remote: Vec<table::RemoteSeat>,
    played: Played<G>,
    proceeded: RwSignal<Option<usize>>,
) -> Option<AnyView> {
    (!remote.is_empty()).then(|| {
        let game: std::rc::Rc<dyn table::TableGame> = std::rc::Rc::new(bound::Bound {
            sess: played.sess,
            played,
            proceeded,
        });
        table_view::table_part(game, remote)
    })
}

/// What the end panels offer (read from the context): the next bot level after a won match,
/// "Diese Runde nochmal", "Analyse"; and that this is a game in play, not a replay.
fn end_panel_offers<G: UiGame>(
    sess: RwSignal<Session<G>>,
    viewer: RwSignal<Seat>,
    error: RwSignal<Option<String>>,
) {
    let offer = Memo::new(move |_| {
        sess.with(|s| {
            let standings = s.state.is_over().then(|| s.state.standings())?;
            crate::ctx::NextLevel::after(
                &s.meta.variant,
                &s.meta.seat_kinds,
                &standings,
                G::BOT_LEVELS,
            )
        })
    });
    provide_context(crate::ctx::NextLevelOffer(offer.into()));
    again::provide(sess, error);
    analysis::provide(sess, viewer.into());
    provide_context(crate::ctx::Watching(false));
}

/// The running log, and the way to watch the whole game again where this device may (see
/// `replay::watchable`).
fn game_log<G: UiGame>(sess: RwSignal<Session<G>>, log: RwSignal<Vec<String>>) -> impl IntoView {
    let app = use_app();
    let t = move |k: &str| tr(app.lang(), k).to_string();
    let watch = Memo::new(move |_| sess.with(|s| !replay::watchable(s).is_empty()));
    let watch_href = sess.with_untracked(|s| crate::routes::Route::Replay(s.id.clone()).to_hash());
    view! {
        <details class="game-log" open>
            <summary>{move || t("host.log")}</summary>
            <ol data-testid="log" aria-live="polite" aria-relevant="additions" tabindex="0">
                {move || log.get().into_iter().rev().take(12).map(|l| view! { <li>{l}</li> }).collect_view()}
            </ol>
            {move || watch.get().then(|| view! {
                <a class="rules-link" data-testid="watch-game" href=watch_href.clone()>{t("replay.watch_game")}</a>
            })}
        </details>
    }
}
