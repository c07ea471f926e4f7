//! What the host's page shows of a table between devices: per remote seat who is there, its
//! invitation (QR code, link, share sheet) and where a guest's reply goes; the screen kept on
//! while the table is open; replies handed over by a reply link opened on this device.

use super::share::{copy, quietly, system_share};
use super::table::{Presence, RemoteSeat, RoomState, SeatShown, Table, TableGame};
use crate::components::qr::QrView;
use crate::ctx::use_app;
use crate::i18n::{common::fill, tr};
use crate::net::local::{Channel, REPLY_CHANNEL};
use leptos::prelude::*;
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::JsCast;

/// The table panel of `game` (its code fetched first: the part `net`).
pub(super) fn table_part(game: Rc<dyn TableGame>, remote: Vec<RemoteSeat>) -> AnyView {
    crate::components::lazy::lazy_view(
        Box::pin(net_table_part(game, remote)),
        "setup.loading",
        unreachable,
    )
}

fn unreachable() -> AnyView {
    crate::components::lazy::unreachable_panel(
        "net-unreachable",
        "page.unreachable_title",
        "page.unreachable",
        ("#/", "nav.home"),
    )
}

#[leptos::wasm_split::wasm_split(net, wasm_split_path = ::leptos::wasm_split, fallible)]
fn net_table_part(
    game: Rc<dyn TableGame>,
    remote: Vec<RemoteSeat>,
) -> Result<AnyView, crate::play::ui_game::LoadError> {
    crate::i18n::install_part(crate::i18n::net::NET);
    Ok(table_panel(game, remote).into_any())
}

/// The table panel; its table starts inviting at once.
fn table_panel(game: Rc<dyn TableGame>, remote: Vec<RemoteSeat>) -> impl IntoView {
    let table = Table::new(game, &remote);
    // Through a room on a signalling server, if one is configured (else by codes).
    table.open_room(&crate::host::servers::current(), &remote);
    for r in &remote {
        table.invite(r.seat);
        // This page was opened again: the guests come back by the connections they kept.
        if let Some(back) = &r.back {
            table.call_back(r.seat, back);
            // And ready for their next return at once.
            table.stand(r.seat);
        }
    }
    // After every action the guests' logs grow by its lines and everyone gets the new table;
    // after any other change (an undo, a seat given to a bot, a pause let go) the logs are
    // made anew and the table is sent as it is.
    let seen = StoredValue::new(untrack(|| table.changes().0));
    Effect::new(move |first: Option<()>| {
        let len = table.changes().0;
        let before = seen.get_value();
        seen.set_value(len);
        if first.is_none() {
            return;
        }
        if len == before + 1 && table.last_at() == len {
            table.after_action();
        } else if len != before {
            table.after_change();
        } else {
            table.broadcast(&[]);
        }
    });
    listen_for_replies(table);
    keep_screen_on();
    let app = use_app();
    let t = move |k: &str| tr(app.lang(), k).to_string();
    let problem = table.problem();
    let rows = move || {
        table
            .shown()
            .get()
            .into_iter()
            .map(|x| seat_row(table, x, table.names().get()))
            .collect_view()
    };
    let by_codes = move || table.room_state().get() == RoomState::Off;
    view! {
        <section class="net-table" data-testid="net-table" aria-label=move || t("net.table")>
            <h2>{move || t("net.table")}</h2>
            <p class="net-note">{move || t("net.host_note")}</p>
            {room_line(table)}
            <Show when=move || problem.get().is_some()>
                <p class="error-box" role="alert" data-testid="net-problem">{move || problem.get().unwrap_or_default()}</p>
            </Show>
            <ul class="net-seats">{rows}</ul>
            <Show when=by_codes>{reply_field(table)}</Show>
        </section>
    }
}

/// How the table's room stands: open (links work from anywhere), being entered, or the
/// signalling server away (with the way to invite by codes instead).
fn room_line(table: Table) -> impl IntoView {
    let app = use_app();
    let lang = app.lang();
    let server = move || {
        let s = table.room_server().unwrap_or_default();
        s.split("://").nth(1).unwrap_or(&s).to_string()
    };
    move || {
        match table.room_state().get() {
        RoomState::Off => ().into_any(),
        RoomState::Connecting => view! {
            <p class="net-note" role="status" data-testid="net-room" data-room="connecting">{tr(lang, "net.room_connecting").to_string()}</p>
        }.into_any(),
        RoomState::Up => view! {
            <p class="net-ok" role="status" data-testid="net-room" data-room="up">{fill(lang, "net.room_up", &[("server", server())])}</p>
        }.into_any(),
        // Everyone is at the table: said, but no alarm (nobody needs the room now).
        RoomState::Down if table.shown().with(|s| s.iter().all(|x| x.presence == Presence::Here)) => view! {
            <p class="net-note" role="status" data-testid="net-room" data-room="down">{fill(lang, "net.room_down_all_here", &[("server", server())])}</p>
        }.into_any(),
        RoomState::Down => view! {
            <div class="error-box" role="alert" data-testid="net-room" data-room="down">
                <p>{fill(lang, "net.room_down", &[("server", server())])}</p>
                <button class="button small" data-testid="net-room-codes" on:click=move |_| table.leave_room()>{tr(lang, "net.room_codes").to_string()}</button>
            </div>
        }.into_any(),
    }
    }
}

fn presence_key(p: Presence) -> &'static str {
    match p {
        Presence::Invited => "net.invited",
        Presence::Joining => "net.joining",
        Presence::Here => "net.here",
        Presence::Away => "net.away",
    }
}

/// One remote seat: name, who is there, and its invitation while nobody is.
fn seat_row(table: Table, x: SeatShown, names: Arc<Vec<String>>) -> impl IntoView {
    let app = use_app();
    let lang = app.lang();
    let name = crate::i18n::common::name(&names, x.seat);
    let seat = x.seat;
    let open = RwSignal::new(x.presence != Presence::Here);
    let invite = x.invite.clone();
    let away = x.presence == Presence::Away;
    let status = tr(lang, presence_key(x.presence)).to_string();
    let share_label = fill(lang, "net.send_invite", &[("name", name.clone())]);
    view! {
        <li class="net-seat" data-testid="net-seat" data-seat=seat data-presence=presence_key(x.presence)>
            <div class="net-seat-head">
                <strong>{name.clone()}</strong>
                <span class="net-status" data-testid="net-status">{status}</span>
                {(x.presence == Presence::Here).then(|| view! {
                    <button class="button small" on:click=move |_| open.update(|o| *o = !*o)>{tr(lang, "net.invite_again").to_string()}</button>
                })}
            </div>
            {away.then(|| view! {
                <div class="net-away" data-testid="net-away-actions">
                    <span>{fill(lang, "net.away_wait", &[("name", name.clone())])}</span>
                    <button class="button small" data-testid="net-to-bot" on:click=move |_| table.give_to_bot(seat)>{tr(lang, "net.to_bot").to_string()}</button>
                </div>
            })}
            {move || open.get().then(|| match invite.clone() {
                None => view! { <p class="net-making">{tr(lang, "net.making").to_string()}</p> }.into_any(),
                Some(link) => invite_box(link, share_label.clone()).into_any(),
            })}
        </li>
    }
}

/// An invitation: its QR code to scan at the table, the link, and the share sheet.
fn invite_box(link: String, label: String) -> impl IntoView {
    let app = use_app();
    let lang = app.lang();
    let l2 = link.clone();
    let l3 = link.clone();
    view! {
        <div class="net-invite" data-testid="net-invite">
            <QrView url=Signal::derive(move || link.clone())/>
            <input type="text" readonly data-testid="net-invite-url" prop:value=l2 aria-label=tr(lang, "net.invite_link").to_string()
                on:focus=move |ev| {
                    if let Some(i) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) { i.select(); }
                }/>
            <button class="button small" data-testid="net-share" on:click=move |_| {
                if !system_share(&l3, tr(lang, "app.title")) { copy(&l3); }
            }>{label}</button>
        </div>
    }
}

/// Where a guest's reply is pasted (a reply link sent by message, or its code).
fn reply_field(table: Table) -> impl IntoView {
    let app = use_app();
    let t = move |k: &str| tr(app.lang(), k).to_string();
    let text = RwSignal::new(String::new());
    let said = RwSignal::new(None::<Result<String, String>>);
    let take = move || {
        let v = text.get_untracked();
        if v.trim().is_empty() {
            return;
        }
        said.set(Some(match table.take_reply(&v) {
            Ok(()) => Ok(t("net.reply_taken")),
            Err(e) => Err(e),
        }));
        text.set(String::new());
        forget_later(said);
    };
    view! {
        <form class="net-reply" on:submit=move |ev| { ev.prevent_default(); take(); }>
            <label>
                <span>{move || t("net.reply_label")}</span>
                <input type="text" data-testid="net-reply-input" autocomplete="off" prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))/>
            </label>
            <div class="net-reply-actions">
                <button class="button" type="submit" data-testid="net-reply-take">{move || t("net.reply_take")}</button>
                {super::scan::scan_button(move |text| {
                    let taken = table.take_reply(&text);
                    if taken.is_ok() {
                        said.set(Some(Ok(t("net.reply_taken"))));
                        forget_later(said);
                    }
                    taken
                })}
            </div>
            {move || said.get().map(|r| match r {
                Ok(m) => view! { <p class="net-ok" role="status" data-testid="net-reply-ok">{m}</p> }.into_any(),
                Err(m) => view! { <p class="error-box" role="alert" data-testid="net-reply-error">{m}</p> }.into_any(),
            })}
        </form>
    }
}

/// "Antwort übernommen" is news for a moment (the seat's state says the rest); an error
/// stays until the next try.
fn forget_later(said: RwSignal<Option<Result<String, String>>>) {
    set_timeout(
        move || {
            if said.try_with_untracked(|s| matches!(s, Some(Ok(_)))) == Some(true) {
                said.try_set(None);
            }
        },
        std::time::Duration::from_secs(6),
    );
}

/// Replies handed over by a reply link opened in another tab of this browser: taken, and
/// answered so that tab can say it arrived ("ack:<code>" or "err:<code>:<why>").
fn listen_for_replies(table: Table) {
    let channel = Channel::listen(REPLY_CHANNEL, move |code| {
        if code.starts_with("ack:") || code.starts_with("err:") {
            return None;
        }
        Some(match table.take_reply(&code) {
            Ok(()) => format!("ack:{code}"),
            Err(e) => format!("err:{code}:{e}"),
        })
    });
    let keep = leptos::__reexports::send_wrapper::SendWrapper::new(channel);
    on_cleanup(move || drop(keep.take()));
}

/// Keeps the host's screen on while the table is open (Screen Wake Lock, where the browser
/// has it; it is let go when the page is hidden and asked for again when it is shown).
fn keep_screen_on() {
    let request = || {
        let nav = web_sys::window().map(|w| w.navigator());
        let lock = nav.and_then(|n| js_sys::Reflect::get(&n, &"wakeLock".into()).ok());
        let Some(lock) = lock.filter(|l| !l.is_undefined()) else {
            return;
        };
        if let Ok(f) = js_sys::Reflect::get(&lock, &"request".into()) {
            if let Ok(f) = f.dyn_into::<js_sys::Function>() {
                if let Ok(p) = f.call1(&lock, &"screen".into()) {
                    if let Ok(p) = p.dyn_into::<js_sys::Promise>() {
                        quietly(p);
                    }
                }
            }
        }
    };
    request();
    let shown = window_event_listener(leptos::ev::visibilitychange, move |_| {
        let visible = web_sys::window()
            .and_then(|w| w.document())
            .is_some_and(|d| !d.hidden());
        if visible {
            request();
        }
    });
    on_cleanup(move || shown.remove());
}
