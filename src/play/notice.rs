//! Notices that pass between pages (another tab played on, a game was closed elsewhere) and
//! the panel shown in place of a save that cannot be used.

use crate::ctx::use_app;
use leptos::prelude::*;
use std::cell::RefCell;

thread_local! {
    /// A notice for the next page that opens game `.0` (`""`: the saves page), e.g. that
    /// another tab played on: (id, text key).
    static ANNOUNCED: RefCell<Option<(String, &'static str)>> = const { RefCell::new(None) };
}

/// Leaves the notice `key` for the next page that shows game `id` (`""`: the saves page).
pub fn announce(id: String, key: &'static str) {
    ANNOUNCED.with(|a| *a.borrow_mut() = Some((id, key)));
}

/// Takes the notice left for game `id` (see [`announce`]).
pub fn take_announced(id: &str) -> Option<&'static str> {
    ANNOUNCED.with(|a| {
        let mut a = a.borrow_mut();
        if a.as_ref().is_some_and(|(for_id, _)| for_id == id) {
            a.take().map(|(_, key)| key)
        } else {
            None
        }
    })
}

/// A notice at the top of a page, with a close button.
pub fn page_notice(key: &'static str) -> impl IntoView {
    let app = use_app();
    let open = RwSignal::new(true);
    view! {
        <Show when=move || open.get()>
            <div class="page-notice" role="status" data-testid="tab-notice">
                <span>{move || app.t(key)}</span>
                <button class="button small" on:click=move |_| open.set(false)>{move || app.t("play.notice_close")}</button>
            </div>
        </Show>
    }
}

/// What shows in place of a game whose save cannot be used: why, and that it is kept.
pub fn corrupt_save(reason: String) -> AnyView {
    let app = use_app();
    view! {
        <section class="panel" data-testid="load-error">
            <h1>{move || app.t("play.corrupt")}</h1>
            <p class="error-box">{reason}</p>
            <p>{move || app.t("play.corrupt_kept")}</p>
            <a class="button" href="#/saves">{move || app.t("nav.saves")}</a>
        </section>
    }
    .into_any()
}
