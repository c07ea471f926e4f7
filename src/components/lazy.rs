//! A part of a page whose code is a lazily loaded part of the wasm (docs/DESIGN.md, "Code
//! splitting"): a game's table, a game's setup panel.

use crate::ctx::use_app;
use crate::play::ui_game::ViewLoad;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Marks the page busy (`delta` 1) or done (-1) with something a player waits for: a bot
/// thinking, a part of the wasm on its way. The offline copy (index.html, `precache`) fetches
/// its next files only while nothing is (`window.krBusy` is 0).
pub fn busy(delta: i32) {
    let Some(w) = web_sys::window() else {
        return;
    };
    let key = wasm_bindgen::JsValue::from_str("krBusy");
    let now = js_sys::Reflect::get(&w, &key)
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(0.0);
    let next = (now + f64::from(delta)).max(0.0);
    let _ = js_sys::Reflect::set(&w, &key, &next.into());
}

/// The page is busy while this lives ([`busy`]): dropped when the wait is over, or when
/// what waited is gone (a page left while its part was on its way), so no count is left
/// behind.
pub struct Busy(());

impl Busy {
    pub fn start() -> Busy {
        busy(1);
        Busy(())
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        busy(-1);
    }
}

/// Shows the view `load` builds once its part of the wasm has arrived (at once when it is
/// cached); `loading` (a text key) until then; `failed()` if the part cannot be fetched.
pub fn lazy_view(load: ViewLoad, loading: &'static str, failed: fn() -> AnyView) -> AnyView {
    let app = use_app();
    // The page's futures never leave its one thread; Suspend asks for Send (as Leptos' own
    // `#[lazy]` does, through the same wrapper).
    let part = Suspend::new(leptos::__reexports::send_wrapper::SendWrapper::new(
        async move {
            let waiting = Busy::start();
            let view = load.await;
            drop(waiting);
            view.unwrap_or_else(|_| failed())
        },
    ));
    view! {
        <Suspense fallback=move || view! { <p class="part-loading" data-testid="part-loading" role="status">{move || app.t(loading)}</p> }>
            {part}
        </Suspense>
    }
    .into_any()
}

/// What shows in place of a page whose part cannot be fetched (offline before it was ever
/// cached): `title`, why (`text`), "Erneut versuchen" and a way back (`back`: link, text);
/// text keys throughout.
pub fn unreachable_panel(
    testid: &'static str,
    title: &'static str,
    text: &'static str,
    back: (&'static str, &'static str),
) -> AnyView {
    let app = use_app();
    view! {
        <section class="panel" data-testid=testid>
            <h1>{move || app.t(title)}</h1>
            <p class="error-box" role="alert">{move || app.t(text)}</p>
            <div class="rules-actions">
                <button class="button primary" on:click=|_| retry()>{move || app.t("play.table_retry")}</button>
                <a class="button" href=back.0>{move || app.t(back.1)}</a>
            </div>
        </section>
    }
    .into_any()
}

/// Reloads the page: the next try to fetch a part that could not be fetched.
pub fn retry() {
    if let Some(w) = web_sys::window() {
        let _ = w.location().reload();
    }
}

/// Starts fetching the files of the lazily loaded part `part` (its module and chunks) without
/// loading it, so that loading it later does not wait for the network: the boot page's
/// `krPrefetch` (index.html), whose fetches the parts' loader takes over. Nothing happens
/// where the page has none (a test page).
pub fn prefetch(part: &str) {
    let Some(w) = web_sys::window() else { return };
    let f = js_sys::Reflect::get(&w, &"krPrefetch".into()).ok();
    if let Some(f) = f.and_then(|f| f.dyn_into::<js_sys::Function>().ok()) {
        let _ = f.call1(&w, &js_sys::Array::of1(&part.into()));
    }
}
