//! Joining a table between devices: the page an invitation link opens (the seat, a name
//! field, then the game's guest page), and the page a guest's reply link opens on the host's
//! device (handed to the running table in another tab of this browser).

use crate::ctx::use_app;
use crate::net::code::{code_in, Invite, Reply};
use crate::net::local::{Channel, REPLY_CHANNEL};
use crate::storage;
use leptos::prelude::*;

/// The name this device last played under at a table (the name field's default).
const NAME_KEY: &str = "kartenrunde.guest_name";

#[component]
pub fn Join(code: String) -> impl IntoView {
    let app = use_app();
    let invite = match Invite::decode(code_in(&code)) {
        Ok(i) => i,
        Err(e) => return bad_code(e.key()).into_any(),
    };
    let Some(ui) = crate::games::registry::find(&invite.game) else {
        return bad_code("net.code_newer").into_any();
    };
    let name = RwSignal::new(storage::get(NAME_KEY).unwrap_or_else(|| invite.name.clone()));
    // A device that sat at this seat goes back to the table under its name at once.
    let joined = RwSignal::new(crate::host::guest_link::seated_here(&invite));
    let title = app.t(&format!("game.{}", invite.variant));
    let seat_line = crate::i18n::common::fill(
        app.lang(),
        "net.your_seat",
        &[
            ("seat", (invite.seat + 1).to_string()),
            ("seats", invite.seats.to_string()),
        ],
    );
    let guest = ui.guest;
    view! {
        <Show when=move || !joined.get() fallback=move || {
            let n = name.get_untracked();
            crate::components::lazy::lazy_view(guest(code.clone(), n), "setup.loading", crate::pages::join::unreachable)
        }>
            <section class="panel join" data-testid="join">
                <h1>{title.clone()}</h1>
                <p data-testid="join-seat">{seat_line.clone()}</p>
                <form on:submit=move |ev| {
                    ev.prevent_default();
                    let n: String = name.get_untracked().trim().chars().take(16).collect();
                    if !n.is_empty() {
                        storage::set(NAME_KEY, &n);
                        name.set(n);
                    }
                    joined.set(true);
                }>
                    <label class="option-row">
                        <span>{move || app.t("net.your_name")}</span>
                        <input class="seat-name" type="text" maxlength="16" data-testid="join-name"
                            prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev))/>
                    </label>
                    <button class="button primary big" type="submit" data-testid="join-go">{move || app.t("net.join")}</button>
                </form>
                <p class="net-note">{move || app.t("net.join_note")}</p>
            </section>
        </Show>
    }
    .into_any()
}

pub fn unreachable() -> AnyView {
    crate::components::lazy::unreachable_panel(
        "page-unreachable",
        "page.unreachable_title",
        "page.unreachable",
        ("#/", "nav.home"),
    )
}

fn bad_code(key: &'static str) -> impl IntoView {
    let app = use_app();
    view! {
        <section class="panel" data-testid="join-error">
            <h1>{move || app.t("net.bad_code_title")}</h1>
            <p class="error-box" role="alert">{move || app.t(key)}</p>
            <p>{move || app.t("net.fallback")}</p>
            <a class="button" href="#/">{move || app.t("nav.home")}</a>
        </section>
    }
}

/// A reply link opened on the host's device: handed to the table open in another tab.
#[component]
pub fn ReplyPage(code: String) -> impl IntoView {
    let app = use_app();
    let code = code_in(&code).to_string();
    if let Err(e) = Reply::decode(&code) {
        return bad_code(e.key()).into_any();
    }
    // None: waiting for the table's answer; Some(Ok) taken; Some(Err(text)) refused.
    let state = RwSignal::new(None::<Result<(), String>>);
    let (ack, err) = (format!("ack:{code}"), format!("err:{code}:"));
    let channel = Channel::listen(REPLY_CHANNEL, move |m| {
        if m == ack {
            state.try_set(Some(Ok(())));
        } else if let Some(why) = m.strip_prefix(&err) {
            state.try_set(Some(Err(why.to_string())));
        }
        None
    });
    if let Some(c) = &channel {
        c.post(&code);
    }
    let keep = leptos::__reexports::send_wrapper::SendWrapper::new(channel);
    on_cleanup(move || drop(keep.take()));
    let late = RwSignal::new(false);
    set_timeout(
        move || {
            late.try_set(true);
        },
        std::time::Duration::from_millis(2000),
    );
    view! {
        <section class="panel" data-testid="reply-page">
            <h1>{move || app.t("net.table")}</h1>
            {move || match state.get() {
                Some(Ok(())) => view! { <p class="net-ok" data-testid="reply-taken">{app.t("net.reply_handed")}</p> }.into_any(),
                Some(Err(why)) => view! { <p class="error-box" role="alert" data-testid="reply-refused">{why}</p> }.into_any(),
                None if late.get() => view! { <p class="error-box" role="alert" data-testid="reply-no-table">{app.t("net.no_table_here")}</p> }.into_any(),
                None => view! { <p>{app.t("net.handing")}</p> }.into_any(),
            }}
            <a class="button" href="#/">{move || app.t("nav.home")}</a>
        </section>
    }
    .into_any()
}
