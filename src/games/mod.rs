//! The games' boards and their glue to the host. Every game is one entry of
//! [`registry::REGISTRY`]; see docs/DESIGN.md, "Adding a game".

use crate::play::session::Session;
use crate::play::UiGame;
use crate::seats::SeatConfig;
use crate::storage;
use engine::save::SaveMeta;
use leptos::prelude::*;

pub mod abluxxen;
pub mod karussell;
pub mod profisort;
pub mod registry;
pub mod romme;
pub mod rules_doc;

#[cfg(test)]
mod again_tests;
#[cfg(test)]
mod analysis_tests;
#[cfg(test)]
mod hint_tests;

/// Builds the host for a stored save, dispatching on the save's game name (the save is read
/// and checked with the game's table, in its part of the wasm).
pub fn host_for_save(
    id: String,
    json: String,
    mode: crate::play::ui_game::TableMode,
) -> Result<crate::play::ui_game::ViewLoad, String> {
    registry::host_for_save(id, json, crate::ctx::use_app().lang(), mode)
}

/// Imports a shared game from a link payload: decodes, re-validates by replaying, stores it
/// and returns the id of the saved game to open and whom the opener plays (see
/// [`crate::games::link_player`]). A malformed link changes nothing. The same game
/// arriving twice is stored once (see `bundle::place_link`): a stored save at the link's
/// point or further is opened as it is; one at an earlier point is brought up to the link;
/// otherwise the game is stored under an id derived from the game (seed, options, seats).
/// Runs in the part of the wasm with the link page (`more_pages`: it holds the engines).
pub fn import_link(
    payload: &str,
    lang: crate::i18n::Lang,
) -> Result<(String, Option<String>), String> {
    use crate::storage::bundle::{place_link, LinkPlace};
    let explain = |e: engine::save::SaveError| crate::i18n::common::explain_save_error(&e, lang);
    let json = engine::save::decode_link(payload).map_err(explain)?;
    // Sizes and names within what the app writes, before anything is read further or stored.
    engine::save::check_arrived(&json).map_err(explain)?;
    // Read, replayed (every action re-validated) and written again in the current format.
    let (mut loaded, text) =
        engine::games::resave_any(&json, storage::now_ms()).map_err(explain)?;
    // A game that arrived by link goes on by link: each device shows its own player.
    loaded.meta.by_link = true;
    let text = mark_by_link(&text).unwrap_or(text);
    let id = match place_link(&json, &storage::all_games()) {
        Some(LinkPlace::Open(id)) => {
            // Opened as stored: whom the opener plays there.
            let who = storage::load_game(&id)
                .and_then(|stored| engine::games::load_any(&stored).ok())
                .and_then(|stored| link_player_of(&stored));
            return Ok((id, who));
        }
        Some(LinkPlace::Update(id) | LinkPlace::New(id)) => id,
        None => storage::new_id(),
    };
    // When the browser refuses it, the game is played from memory and saving is retried
    // (the app's notice says so).
    storage::store_arrived(storage::IndexEntry::of(&id, &loaded.meta), &text, true);
    Ok((id, link_player_of(&loaded)))
}

/// The save `text` with its meta marked as a game played by link.
fn mark_by_link(text: &str) -> Option<String> {
    let mut v: serde_json::Value = serde_json::from_str(text).ok()?;
    *v.get_mut("meta")?.get_mut("by_link")? = serde_json::Value::Bool(true);
    serde_json::to_string(&v).ok()
}

/// Who the opener of a link plays in the game `loaded` (see
/// [`crate::games::link_player`]).
fn link_player_of(loaded: &engine::games::Loaded) -> Option<String> {
    crate::games::link_player(
        loaded.game.to_move(),
        &loaded.meta.seat_kinds,
        &loaded.meta.player_names,
    )
}

/// Checks a stored save completely (format, replay, position), as opening it would.
pub fn check_save(json: &str, lang: crate::i18n::Lang) -> Result<(), String> {
    engine::games::load_any(json)
        .map(|_| ())
        .map_err(|e| crate::i18n::common::explain_save_error(&e, lang))
}

/// The end of every setup panel: why starting failed (if it did) and the start button.
pub fn start_footer(
    problem: RwSignal<Option<String>>,
    start: impl Fn(leptos::ev::MouseEvent) + 'static,
) -> impl IntoView {
    let app = crate::ctx::use_app();
    view! {
        <Show when=move || problem.get().is_some()>
            <p class="error-box" data-testid="setup-error">{move || problem.get().unwrap_or_default()}</p>
        </Show>
        <button class="button primary big" data-testid="start" data-skip-target="" on:click=start>{move || app.t("setup.start")}</button>
    }
}

/// The setup panel below the seats: the one-line summary of the chosen rules and the start
/// button (kept in view), then the house rules, collapsed; what was changed stays when the
/// section is closed again.
pub fn setup_layout(
    summary: Signal<String>,
    problem: RwSignal<Option<String>>,
    start: impl Fn(leptos::ev::MouseEvent) + 'static,
    rules: AnyView,
) -> AnyView {
    let app = crate::ctx::use_app();
    // Several people: on one device (passed round) or each on their own.
    let devices = use_context::<crate::ctx::SetupDevices>().map(|d| {
        move || {
            d.several.get().then(|| view! {
                <label class="option-row" data-testid="devices-choice" title=move || app.t("net.devices_note")>
                    <span>{move || app.t("net.devices")}</span>
                    <input type="checkbox" data-testid="devices" prop:checked=move || d.wish.get()
                        on:change=move |ev| d.wish.set(event_target_checked(&ev))/>
                </label>
            })
        }
    });
    view! {
        <div class="setup-go" data-testid="setup-go">
            <p class="rules-summary" data-testid="rules-summary">{move || summary.get()}</p>
            {devices}
            {start_footer(problem, start)}
        </div>
        <details class="rules house-rules" data-testid="house-rules">
            <summary><h2>{move || app.t("setup.house_rules")}</h2></summary>
            {rules}
        </details>
    }
    .into_any()
}

/// The setup panel of a game whose options start at the catalog entry's preset: a rules
/// summary line, the start button, and the house rules (a reset button plus `form`) folded
/// below.
pub fn options_setup_panel<G: registry::Registered>(
    entry: &'static engine::games::VariantInfo,
    seats: RwSignal<Vec<SeatConfig>>,
    summary: fn(&G::Options, crate::i18n::Lang) -> String,
    form: fn(RwSignal<G::Options>) -> AnyView,
) -> AnyView
where
    G::Options: Default + Send + Sync + 'static,
{
    let app = crate::ctx::use_app();
    let preset = move || engine::games::options_of::<G>(entry).unwrap_or_default();
    let opts = RwSignal::new(preset());
    let problem = RwSignal::new(None::<String>);
    let start = move |_| {
        let title = app.t(&format!("game.{}", entry.id));
        let seat_list = seats.get_untracked();
        start_game::<G>(entry.id, title, &seat_list, opts.get_untracked(), problem);
    };
    let line = Signal::derive(move || opts.with(|o| summary(o, app.lang())));
    let rules = view! {
        <button class="button small" on:click=move |_| opts.set(preset())>{move || app.t("setup.reset_rules")}</button>
        {form(opts)}
    }
    .into_any();
    setup_layout(line, problem, start, rules)
}

/// What starting a new game needs, gathered on the setup page (its contexts are not at hand
/// where the game is made: the game's table part).
pub struct NewGame<O> {
    pub variant: &'static str,
    pub title: String,
    pub seats: Vec<SeatConfig>,
    pub options: O,
    pub lang: crate::i18n::Lang,
    /// "Tipp" on or off (the setup's choice, if it offers one).
    pub hints: Option<bool>,
    /// Everyone on their own device.
    pub devices: bool,
}

/// A new game being made by its table part: its id, or why it cannot start (`Err` of the
/// outer result: the part could not be fetched).
pub type NewGameLoad = std::pin::Pin<
    Box<
        dyn std::future::Future<
            Output = Result<Result<String, String>, crate::play::ui_game::LoadError>,
        >,
    >,
>;

thread_local! {
    /// A game is being started (a second tap on "Spiel starten" meanwhile starts none).
    static STARTING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Starts a new game of `G` from its setup page: the game is made and stored by its table
/// part (the engine is not in the setup's part; the part was fetched while the visitor chose
/// the options), then the page goes to it, or `problem` says why not.
pub fn start_game<G: registry::Registered>(
    variant: &'static str,
    title: String,
    seats: &[SeatConfig],
    options: G::Options,
    problem: RwSignal<Option<String>>,
) {
    if STARTING.with(|s| s.replace(true)) {
        return;
    }
    let app = crate::ctx::use_app();
    let load = G::NEW(NewGame {
        variant,
        title,
        seats: seats.to_vec(),
        options,
        lang: app.lang(),
        hints: use_context::<crate::ctx::SetupHints>().map(|h| h.0.get_untracked()),
        devices: use_context::<crate::ctx::SetupDevices>().is_some_and(|d| d.chosen()),
    });
    leptos::task::spawn_local(async move {
        let made = load.await;
        STARTING.with(|s| s.set(false));
        match made {
            Ok(Ok(id)) => app.go(crate::routes::Route::Play(id)),
            Ok(Err(e)) => {
                problem.try_set(Some(e));
            }
            Err(_) => {
                problem.try_set(Some(app.t("page.unreachable")));
            }
        }
    });
}

/// Makes a new game and stores it (in the game's table part); returns its id.
pub fn create_game<G: UiGame>(a: NewGame<G::Options>) -> Result<String, String> {
    let (lang, seats, options) = (a.lang, &a.seats, a.options);
    let now = storage::now_ms();
    let meta = SaveMeta {
        title: a.title,
        created_ms: now,
        updated_ms: now,
        player_names: seats.iter().map(|s| s.name.clone()).collect(),
        variant: a.variant.to_string(),
        seat_kinds: seats.iter().map(|s| s.kind).collect(),
        finished: false,
        by_link: false,
        again: None,
        hints: a.hints,
        hints_used: false,
    };
    let mut session = Session::<G>::start(storage::new_id(), options, meta, storage::fresh_seed())
        .map_err(|e| G::explain(&e, &[], lang))?;
    session
        .persist()
        .map_err(|e| crate::i18n::common::explain_save_error(&e, lang))?;
    // Everyone on their own device: every human but the first plays by invitation.
    if a.devices {
        let remote: Vec<crate::host::table::RemoteSeat> = seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind.is_human())
            .skip(1)
            .map(|(seat, _)| crate::host::table::RemoteSeat {
                seat,
                token: storage::fresh_seed(),
                back: None,
                room: None,
            })
            .collect();
        // A write the browser refused stays pending in this page and is retried; the app's
        // storage notice says so (the table works from memory meanwhile).
        crate::host::table::store_remote_seats(&session.id, &remote);
    }
    Ok(session.id)
}

/// Whom the person who opened a link plays: the human to move, else the first human
/// (as the game host chooses the shown seat); `None` if all seats are bots.
pub fn link_player(
    to_move: Option<usize>,
    kinds: &[engine::SeatKind],
    names: &[String],
) -> Option<String> {
    let human = |s: &usize| kinds.get(*s).is_none_or(|k| k.is_human());
    let seat = to_move
        .filter(human)
        .or_else(|| (0..kinds.len()).find(|s| human(s)))?;
    Some(crate::i18n::common::name(names, seat))
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{BotLevel, SeatKind};

    #[test]
    fn the_link_says_whom_the_opener_plays() {
        let names: Vec<String> = ["Anna", "Bea", "Cara"].map(String::from).to_vec();
        let bot = SeatKind::Bot(BotLevel::Normal);
        let kinds = [SeatKind::Human, SeatKind::Human, bot];
        assert_eq!(link_player(Some(1), &kinds, &names).as_deref(), Some("Bea"));
        // A bot to move: the first human.
        assert_eq!(
            link_player(Some(2), &kinds, &names).as_deref(),
            Some("Anna")
        );
        assert_eq!(link_player(None, &[bot, bot, bot], &names), None);
    }
}
