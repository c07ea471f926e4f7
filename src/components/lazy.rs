//! A part of a page whose code is a lazily loaded part of the wasm (docs/DESIGN.md, "Code
//! splitting"): a game's table, a game's setup panel.

use crate::app::use_app;
use crate::play::ui_game::ViewLoad;
use leptos::prelude::*;

/// Shows the view `load` builds once its part of the wasm has arrived (at once when it is
/// cached); `loading` (a text key) until then; `failed()` if the part cannot be fetched.
pub fn lazy_view(load: ViewLoad, loading: &'static str, failed: fn() -> AnyView) -> AnyView {
    let app = use_app();
    // The page's futures never leave its one thread; Suspend asks for Send (as Leptos' own
    // `#[lazy]` does, through the same wrapper).
    let part = Suspend::new(leptos::__reexports::send_wrapper::SendWrapper::new(
        async move { load.await.unwrap_or_else(|_| failed()) },
    ));
    view! {
        <Suspense fallback=move || view! { <p class="part-loading" data-testid="part-loading" role="status">{move || app.t(loading)}</p> }>
            {part}
        </Suspense>
    }
    .into_any()
}

/// Reloads the page: the next try to fetch a part that could not be fetched.
pub fn retry() {
    if let Some(w) = web_sys::window() {
        let _ = w.location().reload();
    }
}
