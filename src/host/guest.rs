//! A guest's page at a table between devices: answers the host's invitation, shows the reply
//! to hand back (QR code, link, share sheet), then the game's own board fed with the view the
//! host sends, and sends the board's actions as intents. Nothing is applied here: the host's
//! page is the table.

use super::share::{copy, system_share};
use crate::components::qr::QrView;
use crate::ctx::use_app;
use crate::i18n::{common::fill, tr, Lang};
use crate::net::code::{Invite, Reply};
use crate::net::rtc::{Events, Link, Peer};
use crate::play::remote::{self, Refusal, Snapshot, ToGuest, ToHost};
use crate::play::ui_game::BoardProps;
use crate::play::UiGame;
use crate::storage;
use engine::{RuleError, Seat};
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::sync::Arc;

/// Where the guest's page stands.
#[derive(Clone, Debug, PartialEq)]
enum Stage {
    /// Making the reply.
    Preparing,
    /// The reply to hand to the host (its link).
    Reply(String),
    /// At the table.
    Seated,
    /// The connection to the table is gone (the host's page was closed, or the network).
    Lost,
    /// Cannot join (why, in the player's language).
    Failed(String),
}

/// The guest's record of a seat on this device (`kartenrunde.guest.<table>.<seat>`): the
/// invitation last opened, and the host's next invitation for the seat, sent while the guest
/// was at the table.
#[derive(Default, serde::Serialize, serde::Deserialize)]
struct SeatRecord {
    opened: String,
    spare: Option<String>,
}

fn record_key(inv: &Invite) -> String {
    format!("kartenrunde.guest.{}.{}", inv.table, inv.seat)
}

fn read_record(inv: &Invite) -> Option<SeatRecord> {
    storage::get(&record_key(inv)).and_then(|t| serde_json::from_str(&t).ok())
}

fn write_record(inv: &Invite, r: &SeatRecord) {
    if let Ok(t) = serde_json::to_string(r) {
        storage::set(&record_key(inv), &t);
    }
}

/// The invitation to answer. The same invitation opened again (the guest's page reloaded):
/// the host's next one for this seat, kept here, since the first is used. Any other (a new
/// invitation after the host's page was reloaded): that one.
fn newest(inv: Invite) -> Invite {
    let opened = inv.encode();
    match read_record(&inv) {
        Some(r) if r.opened == opened => r
            .spare
            .and_then(|c| Invite::decode(&c).ok())
            .filter(|s| s.table == inv.table && s.seat == inv.seat && s.token == inv.token)
            .unwrap_or(inv),
        _ => {
            write_record(
                &inv,
                &SeatRecord {
                    opened,
                    spare: None,
                },
            );
            inv
        }
    }
}

/// The signals of a guest's table.
struct Guest<G: UiGame> {
    stage: RwSignal<Stage>,
    view: RwSignal<Option<RwSignal<G::View>>>,
    snap: RwSignal<Option<Snapshot>>,
    legal: RwSignal<Vec<G::Action>>,
    names: RwSignal<Arc<Vec<String>>>,
    error: RwSignal<Option<String>>,
    seq: StoredValue<u64>,
    peer: StoredValue<Option<Peer>, LocalStorage>,
}

impl<G: UiGame> Clone for Guest<G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: UiGame> Copy for Guest<G> {}

impl<G: UiGame> Guest<G> {
    fn send(self, msg: &ToHost) {
        if let Ok(t) = serde_json::to_string(msg) {
            self.peer.with_value(|p| p.as_ref().map(|p| p.send(&t)));
        }
    }

    fn on_message(self, inv: &Invite, text: &str, lang: Lang) {
        let Ok(msg) = serde_json::from_str::<ToGuest>(text) else {
            return;
        };
        match msg {
            ToGuest::Welcome { names, .. } => {
                self.names.set(Arc::new(names));
                self.stage.set(Stage::Seated);
            }
            ToGuest::State(snap) => {
                let view = serde_json::from_str::<G::View>(snap.view.get());
                let legal = serde_json::from_str::<Vec<G::Action>>(snap.legal.get());
                let (Ok(view), Ok(legal)) = (view, legal) else {
                    self.stage
                        .set(Stage::Failed(tr(lang, "net.other_version").to_string()));
                    return;
                };
                self.seq.update_value(|s| *s = (*s).max(snap.seq));
                if self.names.with_untracked(|n| **n != snap.names) {
                    self.names.set(Arc::new(snap.names.clone()));
                }
                match self.view.get_untracked() {
                    Some(v) => v.set(view),
                    None => self.view.set(Some(RwSignal::new(view))),
                }
                self.legal.set(legal);
                self.snap.set(Some(*snap));
            }
            ToGuest::Refused { why, .. } => {
                let names = self.names.get_untracked();
                let text = match why {
                    Refusal::Rule { error } => serde_json::to_value(&error)
                        .ok()
                        .and_then(|v| serde_json::from_value::<RuleError<G::Error>>(v).ok())
                        .map(|e| G::explain(&e, &names, lang))
                        .unwrap_or_else(|| tr(lang, "net.refused").to_string()),
                    Refusal::Stale => tr(lang, "net.stale").to_string(),
                    Refusal::Repeated => return,
                    Refusal::NotYourSeat => tr(lang, "net.not_your_seat").to_string(),
                    Refusal::Malformed => tr(lang, "net.refused").to_string(),
                };
                self.error.set(Some(text));
            }
            ToGuest::Denied { .. } => self
                .stage
                .set(Stage::Failed(tr(lang, "net.denied").to_string())),
            ToGuest::Spare { code } => {
                if Invite::decode(&code).is_ok_and(|s| s.table == inv.table && s.seat == inv.seat) {
                    let mut r = read_record(inv).unwrap_or_default();
                    r.spare = Some(code);
                    write_record(inv, &r);
                }
            }
        }
    }
}

/// The guest's page for invitation `invite`, playing as `name`.
pub fn guest_table<G: UiGame>(invite: Invite, name: String) -> AnyView {
    let app = use_app();
    let lang = app.lang();
    let inv = newest(invite);
    let g = Guest::<G> {
        stage: RwSignal::new(Stage::Preparing),
        view: RwSignal::new(None),
        snap: RwSignal::new(None),
        legal: RwSignal::new(Vec::new()),
        names: RwSignal::new(Arc::new(Vec::new())),
        error: RwSignal::new(None),
        seq: StoredValue::new(0),
        peer: StoredValue::new_local(None),
    };
    let seat = inv.seat as Seat;
    let hello = ToHost::Hello {
        token: remote::token_text(inv.token),
        name: name.clone(),
        lang: lang.code().into(),
    };
    let inv2 = inv.clone();
    let events = Events {
        link: Box::new(move |l| match l {
            Link::Open => g.send(&hello),
            Link::Interrupted => {}
            Link::Closed => match g.stage.get_untracked() {
                Stage::Seated => g.stage.set(Stage::Lost),
                // The host took the reply, but the devices never reached each other.
                Stage::Reply(_) => g
                    .stage
                    .set(Stage::Failed(tr(lang, "net.unreachable_guest").to_string())),
                _ => {}
            },
        }),
        message: Box::new(move |m| g.on_message(&inv2, &m, lang)),
    };
    let inv3 = inv.clone();
    spawn_local(async move {
        match Peer::answer(&inv3.ice, events, &js_sys::Array::new()).await {
            Ok((peer, ice)) => {
                let reply = Reply {
                    table: inv3.table.clone(),
                    seat: inv3.seat,
                    token: inv3.token,
                    offer: inv3.ice.ufrag.clone(),
                    ice,
                };
                g.peer.set_value(Some(peer));
                let link = format!("{}#/reply/{}", super::share::page_base(), reply.encode());
                if g.stage.get_untracked() == Stage::Preparing {
                    g.stage.set(Stage::Reply(link));
                }
            }
            Err(crate::net::rtc::RtcError::Code(e)) => {
                g.stage.set(Stage::Failed(tr(lang, e.key()).to_string()))
            }
            Err(_) => g
                .stage
                .set(Stage::Failed(tr(lang, "net.no_webrtc").to_string())),
        }
    });
    let title = tr(lang, &format!("game.{}", inv.variant)).to_string();
    view! {
        <div class="game-host guest" data-testid="guest">
            {move || match g.stage.get() {
                Stage::Preparing => view! { <p class="net-making" data-testid="guest-preparing">{tr(lang, "net.making_reply").to_string()}</p> }.into_any(),
                Stage::Reply(link) => reply_box(link, title.clone()).into_any(),
                Stage::Failed(why) => view! {
                    <div class="panel" data-testid="guest-failed"><p class="error-box" role="alert">{why}</p>
                    <p>{tr(lang, "net.fallback").to_string()}</p><a class="button" href="#/">{tr(lang, "nav.home").to_string()}</a></div>
                }.into_any(),
                Stage::Seated | Stage::Lost => ().into_any(),
            }}
            <Show when=move || g.stage.get() == Stage::Lost>
                <div class="error-box" role="alert" data-testid="guest-lost">
                    <p>{tr(lang, "net.lost").to_string()}</p>
                    // The page anew answers the host's next invitation for this seat (kept here).
                    <button class="button" data-testid="guest-rejoin" on:click=|_| {
                        if let Some(w) = web_sys::window() { let _ = w.location().reload(); }
                    }>{tr(lang, "net.rejoin").to_string()}</button>
                </div>
            </Show>
            {move || g.view.get().map(|v| {
                // Built anew when someone at the table brings its own name.
                g.names.track();
                guest_board(g, v, seat)
            })}
            {guest_log(g.snap, lang)}
        </div>
    }
    .into_any()
}

/// The game's own board, fed from the host's messages.
fn guest_board<G: UiGame>(g: Guest<G>, view: RwSignal<G::View>, seat: Seat) -> AnyView {
    let lang = use_app().lang();
    let error = g.error;
    provide_context(crate::components::dock::HostError(error));
    provide_context(crate::ctx::Watching(false));
    let at = move || g.snap.with_untracked(|s| s.as_ref().map_or(0, |s| s.at));
    let props = BoardProps::<G> {
        seat: Signal::stored(seat),
        view: view.into(),
        legal: g.legal.into(),
        names: g.names.into(),
        act: Callback::new(move |a: G::Action| {
            if g.stage.get_untracked() != Stage::Seated {
                error.set(Some(tr(lang, "net.lost").to_string()));
                return;
            }
            let seq = g.seq.get_value() + 1;
            g.seq.set_value(seq);
            error.set(None);
            let Ok(action) = serde_json::value::to_raw_value(&a) else {
                return;
            };
            g.send(&ToHost::Act {
                seq,
                seat,
                at: at(),
                action,
            });
        }),
        highlight: Signal::derive(move || {
            g.snap
                .with(|s| s.as_ref().map(|s| s.highlight.clone()).unwrap_or_default())
        }),
        error: error.write_only(),
        pass_and_play: false,
        proceed: Callback::new(move |_| g.send(&ToHost::Proceed { at: at() })),
        can_undo: Signal::stored(false),
        undo: Callback::new(|_| {}),
    };
    let away = move || {
        g.snap.with(|s| {
            let s = s.as_ref()?;
            let names = g.names.get();
            let who: Vec<String> = s
                .away
                .iter()
                .enumerate()
                .filter(|(_, a)| **a)
                .map(|(i, _)| crate::i18n::common::name(&names, i))
                .collect();
            (!who.is_empty()).then(|| fill(lang, "net.guest_away", &[("names", who.join(", "))]))
        })
    };
    view! {
        {move || away().map(|t| view! { <p class="net-note" role="status" data-testid="guest-away">{t}</p> })}
        {G::board(props)}
    }
    .into_any()
}

/// The running log the host sends (in this guest's language), shown once there is one; it
/// stays open or closed as the player left it.
fn guest_log(snap: RwSignal<Option<Snapshot>>, lang: Lang) -> impl IntoView {
    let lines = Memo::new(move |_| snap.with(|s| s.as_ref().map(|s| s.log.clone())));
    let any = Memo::new(move |_| lines.with(Option::is_some));
    move || {
        any.get().then(|| view! {
            <details class="game-log" open>
                <summary>{tr(lang, "host.log").to_string()}</summary>
                <ol data-testid="log" aria-live="polite">
                    {move || lines.get().unwrap_or_default().into_iter().rev().map(|l| view! { <li>{l}</li> }).collect_view()}
                </ol>
            </details>
        })
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
