//! `#/play/<id>`: loads a saved game (re-validated) and hands it to the game's host.
//! A corrupt save shows a specific message and stays untouched in storage.

use crate::app::use_app;
use crate::games;
use crate::play::storage;
use leptos::prelude::*;

#[component]
pub fn Play(id: String) -> impl IntoView {
    let app = use_app();
    let Some(json) = storage::load_game(&id) else {
        return view! {
            <section class="panel" data-testid="load-error">
                <h1>{move || app.t("error.title")}</h1>
                <p>{move || app.t("play.no_such_game")}</p>
                <a class="button" href="#/saves">{move || app.t("nav.saves")}</a>
            </section>
        }
        .into_any();
    };
    match games::host_for_save(id, &json) {
        Ok(view) => view,
        Err(reason) => view! {
            <section class="panel" data-testid="load-error">
                <h1>{move || app.t("play.corrupt")}</h1>
                <p class="error-box">{reason}</p>
                <p>{move || app.t("play.corrupt_kept")}</p>
                <a class="button" href="#/saves">{move || app.t("nav.saves")}</a>
            </section>
        }
        .into_any(),
    }
}

/// `#/link/<payload>`: a game someone shared. Stored (once per game, see
/// `games::import_link`), then opened in place of the link route.
#[component]
pub fn OpenLink(payload: String) -> impl IntoView {
    let app = use_app();
    match games::import_link(&payload) {
        Ok(id) => {
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
