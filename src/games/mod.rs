//! The games' boards and their glue to the host. Adding a game: a module with a
//! `UiGame` impl, an options form, and one arm in each function below.

use crate::catalog::Engine;
use crate::i18n::{tr, Lang};
use crate::pages::setup::SeatConfig;
use crate::play::host::{GameHost, Session};
use crate::play::storage;
use crate::play::UiGame;
use engine::save::SaveMeta;
use engine::Game;
use leptos::prelude::*;

pub mod abluxxen;
pub mod common;
pub mod romme;

/// Builds the host for a stored save, dispatching on the save's game name.
pub fn host_for_save(id: String, json: &str) -> Result<AnyView, String> {
    let lang = crate::app::use_app().lang();
    let file = engine::save::read_file(json).map_err(|e| common::explain_save_error(&e, lang))?;
    match file.game.as_str() {
        n if n == engine::romme::Romme::NAME => host::<engine::romme::Romme>(id, json, lang),
        n if n == engine::abluxxen::Abluxxen::NAME => {
            host::<engine::abluxxen::Abluxxen>(id, json, lang)
        }
        other => Err(tr(lang, "play.unknown_game").replace("{game}", other)),
    }
}

fn host<G: UiGame>(id: String, json: &str, lang: Lang) -> Result<AnyView, String> {
    let session =
        Session::<G>::from_json(id, json).map_err(|e| common::explain_save_error(&e, lang))?;
    Ok(view! { <GameHost<G> session=session/> }.into_any())
}

/// Imports a shared game from a link payload: decodes, re-validates by replaying and returns
/// the id of the saved game to open. A malformed link changes nothing. The same game
/// arriving twice is stored once (see `bundle::place_link`): a stored save at the link's
/// point or further is opened as it is; one at an earlier point is brought up to the link;
/// otherwise the game is stored under an id derived from the game (seed, options, seats).
pub fn import_link(payload: &str) -> Result<String, String> {
    let lang = crate::app::use_app().lang();
    let json =
        engine::save::decode_link(payload).map_err(|e| common::explain_save_error(&e, lang))?;
    let file = engine::save::read_file(&json).map_err(|e| common::explain_save_error(&e, lang))?;
    match file.game.as_str() {
        n if n == engine::romme::Romme::NAME => import::<engine::romme::Romme>(&json, lang),
        n if n == engine::abluxxen::Abluxxen::NAME => {
            import::<engine::abluxxen::Abluxxen>(&json, lang)
        }
        other => Err(tr(lang, "play.unknown_game").replace("{game}", other)),
    }
}

fn import<G: UiGame>(json: &str, lang: Lang) -> Result<String, String> {
    use crate::play::bundle::{place_link, LinkPlace};
    let mut session = Session::<G>::from_json(String::new(), json)
        .map_err(|e| common::explain_save_error(&e, lang))?;
    let id = match place_link(json, &storage::all_games()) {
        Some(LinkPlace::Open(id)) => return Ok(id),
        Some(LinkPlace::Update(id) | LinkPlace::New(id)) => id,
        None => storage::new_id(),
    };
    session.id = id;
    session
        .persist()
        .map_err(|e| common::explain_save_error(&e, lang))?;
    Ok(session.id)
}

/// Checks a stored save completely (format, replay, snapshot), as opening it would.
pub fn check_save(json: &str, lang: Lang) -> Result<(), String> {
    let file = engine::save::read_file(json).map_err(|e| common::explain_save_error(&e, lang))?;
    let explain = |e: engine::save::SaveError| common::explain_save_error(&e, lang);
    match file.game.as_str() {
        n if n == engine::romme::Romme::NAME => engine::save::load::<engine::romme::Romme>(json)
            .map(|_| ())
            .map_err(explain),
        n if n == engine::abluxxen::Abluxxen::NAME => {
            engine::save::load::<engine::abluxxen::Abluxxen>(json)
                .map(|_| ())
                .map_err(explain)
        }
        other => Err(tr(lang, "play.unknown_game").replace("{game}", other)),
    }
}

/// The end of every setup panel: why starting failed (if it did) and the start button.
pub fn start_footer(
    problem: RwSignal<Option<String>>,
    start: impl Fn(leptos::ev::MouseEvent) + 'static,
) -> impl IntoView {
    let app = crate::app::use_app();
    view! {
        <Show when=move || problem.get().is_some()>
            <p class="error-box" data-testid="setup-error">{move || problem.get().unwrap_or_default()}</p>
        </Show>
        <button class="button primary big" data-testid="start" on:click=start>{move || app.t("setup.start")}</button>
    }
}

/// Starts a new game and stores it; returns its id.
pub fn start_game<G: UiGame>(
    variant: &str,
    title: String,
    seats: &[SeatConfig],
    options: G::Options,
) -> Result<String, String> {
    let lang = crate::app::use_app().lang();
    let now = storage::now_ms();
    let meta = SaveMeta {
        title,
        created_ms: now,
        updated_ms: now,
        player_names: seats.iter().map(|s| s.name.clone()).collect(),
        variant: variant.to_string(),
        seat_kinds: seats.iter().map(|s| s.kind.code().to_string()).collect(),
        finished: false,
    };
    let mut session = Session::<G>::start(storage::new_id(), options, meta, storage::fresh_seed())
        .map_err(|e| G::explain(&e, &[], lang))?;
    session
        .persist()
        .map_err(|e| common::explain_save_error(&e, lang))?;
    Ok(session.id)
}

/// Which engine a stored save belongs to (for the list of saves).
pub fn engine_of(variant: &str) -> Engine {
    crate::catalog::find(variant)
        .map(|e| e.engine)
        .unwrap_or(Engine::NotYet)
}
