//! What a guest's page shows while it is not at the table: the reply to hand back, the
//! search for the table in its room, the way back, or why it cannot join. Only a guest needs
//! it, so it is in the part `net` (which a guest fetches anyway), not in each game's part.

use super::guest_link::{GuestLink, Stage};
use super::share::{copy, system_share};
use super::table::RoomState;
use crate::components::qr::QrView;
use crate::ctx::use_app;
use crate::i18n::tr;
use leptos::prelude::*;

/// The guest's stage panel (its code fetched first: the part `net`).
pub(super) fn stage_part(link: GuestLink, title: String) -> AnyView {
    crate::components::lazy::lazy_view(
        Box::pin(net_stage_part(link, title)),
        "setup.loading",
        || ().into_any(),
    )
}

#[leptos::wasm_split::wasm_split(net, wasm_split_path = ::leptos::wasm_split, fallible)]
fn net_stage_part(
    link: GuestLink,
    title: String,
) -> Result<AnyView, crate::play::ui_game::LoadError> {
    Ok(stage_panel(link, title).into_any())
}

/// Where the guest stands while not at the table: the reply to hand back, the search for
/// the table in its room, the way back, or why it cannot join.
fn stage_panel(link: GuestLink, title: String) -> impl IntoView {
    let lang = use_app().lang();
    let t = move |k: &str| tr(lang, k).to_string();
    let stage = move || {
        match link.stage.get() {
        Stage::Preparing => view! { <p class="net-making" data-testid="guest-preparing">{t("net.making_reply")}</p> }.into_any(),
        Stage::Knocking => view! {
            <section class="panel" data-testid="guest-knocking">
                <h1>{title.clone()}</h1>
                <p class="net-making" role="status">{t("net.knocking")}</p>
            </section>
        }.into_any(),
        Stage::Returning => view! { <p class="net-note" role="status" data-testid="guest-returning">{t("net.returning")}</p> }.into_any(),
        Stage::Reply(l) => reply_box(l, title.clone()).into_any(),
        Stage::Failed(why) => view! {
            <div class="panel" data-testid="guest-failed"><p class="error-box" role="alert">{why}</p>
            <p>{t("net.fallback")}</p><a class="button" href="#/">{t("nav.home")}</a></div>
        }.into_any(),
        Stage::Seated | Stage::Lost => ().into_any(),
    }
    };
    // The room: its server away (said while it matters: not at the table), or the seat
    // played from another device just now.
    let room = move || {
        let shown = link.room_shown.get();
        let away = shown.state == RoomState::Down && link.stage.get() != Stage::Seated;
        let taken = shown.taken;
        view! {
            {away.then(|| view! { <p class="error-box" role="alert" data-testid="guest-room-down">{t("net.guest_room_down")}</p> })}
            {taken.then(|| view! { <p class="net-note" role="status" data-testid="guest-taken">{t("net.seat_taken")}</p> })}
        }
    };
    view! {
        {stage}
        {room}
        <Show when=move || link.stage.get() == Stage::Lost>
            <div class="error-box" role="alert" data-testid="guest-lost">
                <p>{t("net.lost")}</p>
                // The page anew tries the host's connection kept ready for this device.
                <button class="button" data-testid="guest-rejoin" on:click=|_| {
                    if let Some(w) = web_sys::window() { let _ = w.location().reload(); }
                }>{t("net.rejoin")}</button>
            </div>
        </Show>
    }
}

/// The reply to hand back to the host: a QR code for the host's camera, or the link to send.
fn reply_box(link: String, title: String) -> impl IntoView {
    let lang = use_app().lang();
    let (l2, l3) = (link.clone(), link.clone());
    view! {
        <section class="panel net-reply-box" data-testid="guest-reply">
            <h1>{title}</h1>
            <p>{tr(lang, "net.reply_hint").to_string()}</p>
            <QrView url=Signal::derive(move || link.clone())/>
            <input type="text" readonly data-testid="guest-reply-url" prop:value=l2 aria-label=tr(lang, "net.reply_link").to_string()/>
            <button class="button primary" data-testid="guest-reply-send" on:click=move |_| {
                if !system_share(&l3, tr(lang, "app.title")) { copy(&l3); }
            }>{tr(lang, "net.reply_send").to_string()}</button>
        </section>
    }
}
