//! Games played by link: "Als Link teilen", and after one's own turn in a game that travels
//! by link, whose turn it is and the link to send (the system share sheet where the browser
//! has one, copying otherwise). Each device shows its own player's hand: a link game never
//! says "Gib das Gerät an …".

use crate::components::coach::show_button;
use crate::components::qr::QrView;
use crate::ctx::use_app;
use crate::i18n::common::fill;
use crate::i18n::tr;
use crate::play::session::Session;
use crate::play::ui_game::UiGame;
use engine::save;
use engine::Seat;
use leptos::prelude::*;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// The link of the game as it stands (the page's address with `#/link/<payload>`), and the
/// game marked as travelling by link from now on.
fn link_of<G: UiGame>(sess: RwSignal<Session<G>>) -> Result<String, save::SaveError> {
    sess.update(|s| s.meta.by_link = true);
    let s = sess.get_untracked();
    let payload = save::share_link(&s.record, &s.meta)?;
    Ok(format!("{}#/link/{payload}", page_base()))
}

/// The page's address without its route (where links to this app start).
pub(crate) fn page_base() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or("").to_string())
        .unwrap_or_default()
}

/// Lets `p` settle without an unhandled rejection (a cancelled share sheet, a wake lock the
/// browser refused: nothing to show).
pub(super) fn quietly(p: js_sys::Promise) {
    let ignore = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
    let _ = p.catch(&ignore);
    // Called at most once, when the promise is rejected.
    ignore.forget();
}

/// Offers `url` to the system share sheet; false where the browser has none (or refused).
pub(super) fn system_share(url: &str, title: &str) -> bool {
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        return false;
    };
    let share = js_sys::Reflect::get(&nav, &"share".into()).ok();
    let Some(share) = share.and_then(|f| f.dyn_into::<js_sys::Function>().ok()) else {
        return false;
    };
    let data = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&data, &"url".into(), &url.into());
    let _ = js_sys::Reflect::set(&data, &"title".into(), &title.into());
    // The promise settles when the sheet closes; cancelling it is no error to show.
    match share.call1(&nav, &data) {
        Ok(p) => {
            if let Ok(p) = p.dyn_into::<js_sys::Promise>() {
                quietly(p);
            }
            true
        }
        Err(_) => false,
    }
}

pub(super) fn copy(url: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().clipboard().write_text(url);
    }
}

/// The copied link, shown to select and copy by hand.
fn share_box(share: RwSignal<Option<String>>) -> impl IntoView {
    let app = use_app();
    let t = move |k: &str| tr(app.lang(), k).to_string();
    view! {
        <Show when=move || share.get().is_some()>
            <label class="share-box">
                <span>{move || t("host.share_hint")}</span>
                <span class="share-warning" data-testid="share-warning">{move || t("st.share_warning")}</span>
                <input type="text" readonly data-testid="share-url" prop:value=move || share.get().unwrap_or_default()
                    on:focus=move |ev| {
                        if let Some(i) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) { i.select(); }
                    }/>
            </label>
            <QrView url=Signal::derive(move || share.get().unwrap_or_default())/>
        </Show>
    }
}

/// "Rules", the guide and "Share as link" with the link to copy.
pub(super) fn share_tools<G: UiGame>(
    sess: RwSignal<Session<G>>,
    error: RwSignal<Option<String>>,
    coach: Option<(RwSignal<bool>, RwSignal<usize>)>,
) -> impl IntoView {
    let app = use_app();
    let share = RwSignal::new(None::<String>);
    let t = move |k: &str| tr(app.lang(), k).to_string();
    // The rules with this game's options (its house rules).
    let rules_href = sess.with_untracked(|s| format!("#/rules/{}/{}", s.meta.variant, s.id));
    view! {
        <div class="host-tools">
            <a class="button small" data-testid="rules-link" href=rules_href>{move || t("rules.of_game")}</a>
            {coach.map(|(open, step)| show_button(open, step))}
            <button class="button small" data-testid="share" on:click=move |_| match link_of(sess) {
                Ok(url) => {
                    copy(&url);
                    share.set(Some(url));
                }
                Err(e) => error.set(Some(crate::i18n::common::explain_save_error(&e, app.lang()))),
            }>{move || t("host.share")}</button>
            {share_box(share)}
        </div>
    }
}

/// In a game that travels by link, while another person is to play: whose turn it is and
/// the link to send them.
pub(super) fn link_turn<G: UiGame>(
    sess: RwSignal<Session<G>>,
    viewer: RwSignal<Seat>,
    names: std::sync::Arc<Vec<String>>,
    error: RwSignal<Option<String>>,
) -> impl IntoView {
    let app = use_app();
    let share = RwSignal::new(None::<String>);
    let waiting_for = move || {
        sess.with(|s| {
            let next = s.state.to_move()?;
            (s.meta.by_link && s.is_human(next) && next != viewer.get()).then_some(next)
        })
    };
    move || {
        let next = waiting_for()?;
        let lang = app.lang();
        let name = crate::i18n::common::name(&names, next);
        let text = fill(lang, "host.link_turn", &[("name", name.clone())]);
        let label = fill(lang, "host.link_send", &[("name", name)]);
        Some(view! {
            <div class="link-turn" data-testid="link-turn" role="status">
                <p>{text}</p>
                <button class="button primary" data-testid="link-send" on:click=move |_| match link_of(sess) {
                    Ok(url) => {
                        let title = tr(app.lang(), "app.title").to_string();
                        if !system_share(&url, &title) {
                            copy(&url);
                            share.set(Some(url));
                        }
                    }
                    Err(e) => error.set(Some(crate::i18n::common::explain_save_error(&e, app.lang()))),
                }>{label}</button>
                {share_box(share)}
            </div>
        })
    }
}
