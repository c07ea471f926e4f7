//! `#/play/<id>`: loads a saved game (re-validated) and hands it to the game's host.
//! A corrupt save shows a specific message and stays untouched in storage.

use crate::components::hand::HandStore;
use crate::components::lazy::{lazy_view, unreachable_panel};
use crate::ctx::use_app;
use crate::games;
use crate::i18n::common::fill;
use crate::i18n::tr;
use crate::play::notice::{corrupt_save, page_notice, take_announced};
use crate::storage;
use leptos::prelude::*;
use std::cell::RefCell;

thread_local! {
    /// Set by [`OpenLink`] for the page it opens: (game id, the seat's name or `None`).
    static FROM_LINK: RefCell<Option<(String, Option<String>)>> = const { RefCell::new(None) };
}

#[component]
pub fn Play(id: String) -> impl IntoView {
    let app = use_app();
    let announced = take_announced(&id).map(page_notice);
    let json = match storage::read_game(&id) {
        Ok(json) => json,
        // Unknown, not absent: said as such, and the save stays untouched.
        Err(storage::Blocked) => {
            return view! {
                <section class="panel" data-testid="load-error">
                    <h1>{move || app.t("error.title")}</h1>
                    <p class="error-box" data-testid="load-blocked">{move || app.t("play.blocked")}</p>
                    <a class="button" href="#/">{move || app.t("nav.home")}</a>
                </section>
            }
            .into_any();
        }
    };
    // The revision shown here: a later save of another tab is noticed (see `host`).
    storage::note_opened(&id);
    let Some(json) = json else {
        return view! {
            <section class="panel" data-testid="load-error">
                <h1>{move || app.t("error.title")}</h1>
                <p>{move || app.t("play.no_such_game")}</p>
                <a class="button" href="#/saves">{move || app.t("nav.saves")}</a>
            </section>
        }
        .into_any();
    };
    // The hand order the player arranged is kept for this game (see `HandStore`).
    provide_context(HandStore(id.clone()));
    let notice = FROM_LINK
        .with(|f| f.borrow_mut().take())
        .filter(|(for_id, _)| *for_id == id)
        .map(|(_, who)| who);
    let notice_open = RwSignal::new(true);
    let notice_view = notice.map(|who| {
        let text = move || {
            let lang = app.lang();
            match &who {
                Some(name) => fill(lang, "play.from_link", &[("name", name.clone())]),
                None => tr(lang, "play.from_link_watch").to_string(),
            }
        };
        view! {
            <Show when=move || notice_open.get()>
                <div class="page-notice" role="status" data-testid="link-notice">
                    <span>{text.clone()}</span>
                    <button class="button small" on:click=move |_| notice_open.set(false)>{move || app.t("play.notice_close")}</button>
                </div>
            </Show>
        }
    });
    match games::host_for_save(id, json, crate::play::ui_game::TableMode::Play) {
        // The table comes with its part of the wasm (at once once it is cached).
        Ok(load) => view! {
            {announced}
            {notice_view}
            {lazy_view(load, "play.table_loading", unreachable_table)}
        }
        .into_any(),
        Err(reason) => corrupt_save(reason),
    }
}

/// `#/replay/<id>`: a stored game watched again (see `host::replay`); the save stays as it
/// is, and a game that cannot be read says why.
#[component]
pub fn Replay(id: String) -> impl IntoView {
    let app = use_app();
    let json = match storage::read_game(&id) {
        Ok(Some(json)) => json,
        other => {
            let why = if other.is_err() {
                "play.blocked"
            } else {
                "play.no_such_game"
            };
            return view! {
                <section class="panel" data-testid="load-error">
                    <h1>{move || app.t("replay.title")}</h1>
                    <p>{move || app.t(why)}</p>
                    <a class="button" href="#/saves">{move || app.t("nav.saves")}</a>
                </section>
            }
            .into_any();
        }
    };
    match games::host_for_save(id, json, crate::play::ui_game::TableMode::Replay) {
        Ok(load) => lazy_view(load, "play.table_loading", unreachable_table),
        Err(reason) => corrupt_save(reason),
    }
}

/// What shows when a game's part of the wasm cannot be fetched (offline before it was ever
/// cached): why, that the game is kept, and a button to try again.
fn unreachable_table() -> AnyView {
    unreachable_panel(
        "table-unreachable",
        "play.table_unreachable_title",
        "play.table_unreachable",
        ("#/saves", "nav.saves"),
    )
}

/// `#/link/<payload>`: a game someone shared. Stored (once per game, see
/// `games::import_link`), then opened in place of the link route. Built in the part of the
/// wasm `more_pages` (`app::link_view`): it needs the engines.
#[component]
pub fn OpenLink(payload: String) -> impl IntoView {
    let app = use_app();
    match games::import_link(&payload, app.lang()) {
        Ok((id, who)) => {
            FROM_LINK.with(|f| *f.borrow_mut() = Some((id.clone(), who)));
            // Replace the link's history entry: Back leaves the app's link route instead of
            // opening (importing) the link again.
            app.replace(crate::routes::Route::Play(id));
            ().into_any()
        }
        Err(reason) => view! {
            <section class="panel" data-testid="link-error">
                <h1>{move || app.t("play.bad_link_title")}</h1>
                <p class="error-box">{reason}</p>
                <a class="button" href="#/">{move || app.t("nav.home")}</a>
            </section>
        }
        .into_any(),
    }
}
