//! The bottom of every board: the status line, the error line, the action bar and the own
//! hand, kept together and in view (sticky at the bottom of the screen), so a decision never
//! needs scrolling and an explanation appears next to the action that caused it.

use crate::ctx::{use_app, HintCtx};
use leptos::prelude::*;

/// The host's error line (a rejection explained), given to the board's dock as context.
#[derive(Clone, Copy)]
pub struct HostError(pub RwSignal<Option<String>>);

/// The error line: hidden while there is nothing to explain.
#[component]
pub fn ErrorLine(error: RwSignal<Option<String>>) -> impl IntoView {
    let app = use_app();
    view! {
        <div class="host-error" role="alert" data-testid="error" class:hidden=move || error.get().is_none()>
            <span>{move || error.get().unwrap_or_default()}</span>
            <button class="button small" on:click=move |_| error.set(None)
                aria-label=move || app.t("st.close")>"✕"</button>
        </div>
    }
}

/// The dock: `children` are the status line, the actions and the hand, in that order; the
/// host's error line comes right after the status line's place (first child).
#[component]
pub fn Dock(children: Children) -> impl IntoView {
    let error = use_context::<HostError>().map(|HostError(e)| view! { <ErrorLine error=e/> });
    let hint = use_context::<HintCtx>()
        .filter(|h| h.allowed)
        .map(hint_line);
    view! {
        <div class="dock" data-testid="dock">
            {error}
            {hint}
            {children()}
        </div>
    }
}

/// "Tipp" and the hint it gave (one line, always there where hints are allowed, so nothing
/// moves when a hint comes or goes).
fn hint_line(h: HintCtx) -> impl IntoView {
    let app = use_app();
    view! {
        <div class="hint-line" data-testid="hint-line">
            <button class="button small" data-testid="hint-ask" disabled=move || !h.ready.get()
                on:click=move |_| h.ask.run(())>{move || app.t("host.hint")}</button>
            <span data-testid="hint-text" aria-live="polite">{move || h.text.get().unwrap_or_default()}</span>
        </div>
    }
}

/// The part of a board that is the table in front of the player: opponents, piles, the melds
/// and the dock, one screen high (the table's own area scrolls, `grow`); what comes after it
/// (score sheet, house rules) is below the fold.
#[component]
pub fn PlayArea(children: Children) -> impl IntoView {
    view! { <div class="play-area">{children()}</div> }
}
