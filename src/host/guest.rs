//! A guest's page at a table between devices: answers the host's invitation, shows the reply
//! to hand back (QR code, link, share sheet), then the game's own board fed with the view the
//! host sends, and sends the board's actions as intents. Nothing is applied here: the host's
//! page is the table.

use super::share::{copy, system_share};
use crate::components::qr::QrView;
use crate::ctx::use_app;
use crate::i18n::{common::fill, tr, Lang};
use crate::net::code::{Creds, Ice, Invite, Reply, Side};
use crate::net::rtc::{sleep, Events, Link, Peer};
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
    /// Coming back by the connection the host kept ready (after a reload or a lost network).
    Returning,
    /// The connection to the table is gone and the way back did not open (the host's page is
    /// closed, or the network): back by itself when the host's page returns.
    Lost,
    /// Cannot join (why, in the player's language).
    Failed(String),
}

/// How long a way back may take before the guest is told the table does not answer (ms).
const RETURN_MS: i32 = 12_000;

/// The guest's record of a seat on this device (`kartenrunde.guest.<table>.<seat>`): the
/// invitation last opened, and the host's connection kept ready for this device's return
/// (an invitation code), sent while the guest was at the table.
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

/// The host's connection kept ready for this device at the seat of `inv`, if any.
fn kept_way_back(inv: &Invite) -> Option<Invite> {
    read_record(inv)?
        .spare
        .and_then(|c| Invite::decode(&c).ok())
        .filter(|s| s.table == inv.table && s.seat == inv.seat && s.token == inv.token)
}

/// Whether this device sat at the seat of `inv` (opened from this invitation) and can come
/// back by itself: the join page then goes straight to the table.
pub fn seated_here(inv: &Invite) -> bool {
    read_record(inv).is_some_and(|r| r.opened == inv.encode()) && kept_way_back(inv).is_some()
}

/// What to answer, and whether it is the host's connection kept ready for this device (no
/// reply to hand back). The same invitation opened again (the guest's page reloaded): the
/// way back, since the invitation is used. Any other (a new invitation, after the host's page
/// could not bring the guest back): that one.
fn newest(inv: &Invite) -> Option<Invite> {
    let opened = inv.encode();
    match read_record(inv) {
        Some(r) if r.opened == opened => kept_way_back(inv),
        _ => {
            write_record(
                inv,
                &SeatRecord {
                    opened,
                    spare: None,
                },
            );
            None
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
    /// The invitation this device opened (its table, seat and secret).
    inv: StoredValue<Invite>,
    /// The first message on every new channel.
    hello: StoredValue<String>,
    lang: Lang,
    /// The channel to the table.
    peer: StoredValue<Option<Peer>, LocalStorage>,
    /// Numbers the connections made here, and the one that is (or is becoming) the channel:
    /// what the others report about their channel is not heard.
    made: StoredValue<u32>,
    main: StoredValue<u32>,
    /// This device's connection kept ready for the host's return.
    standing: StoredValue<Option<(u32, Peer)>, LocalStorage>,
    /// The host identity it was made for, and its offer's code for the host.
    ready: StoredValue<Option<(Ice, String)>>,
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

    /// The first messages on a new channel: who this is, and its way back for the host.
    fn hello(self) {
        self.hello
            .with_value(|h| self.peer.with_value(|p| p.as_ref().map(|p| p.send(h))));
        self.send_back();
    }

    /// What connection number `id` reports.
    fn events(self, id: u32) -> Events {
        Events {
            link: Box::new(move |l| self.link(l, id)),
            message: Box::new(move |m| self.on_message(&m)),
        }
    }

    /// A number for a new connection.
    fn number(self) -> u32 {
        self.made.update_value(|t| *t += 1);
        self.made.get_value()
    }

    /// A new channel is tried (number `id`); the earlier ones are not heard any more.
    fn try_channel(self) -> u32 {
        let id = self.number();
        self.main.set_value(id);
        id
    }

    fn link(self, l: Link, id: u32) {
        let lang = self.lang;
        let main = self.main.try_get_value() == Some(id);
        match l {
            Link::Open
                if self
                    .standing
                    .with_value(|s| s.as_ref().is_some_and(|s| s.0 == id)) =>
            {
                // The host's page came back by the connection kept ready here.
                if let Some((_, p)) = self.standing.try_update_value(Option::take).flatten() {
                    // Used: the host gets a new one after this hello.
                    self.ready.set_value(None);
                    self.main.set_value(id);
                    self.peer.set_value(Some(p));
                    self.hello();
                }
            }
            Link::Open if main => self.hello(),
            Link::Closed if main => match self.stage.get_untracked() {
                Stage::Seated => self.come_back(),
                Stage::Returning => self.stage.set(Stage::Lost),
                // The host took the reply, but the devices never reached each other.
                Stage::Reply(_) => self
                    .stage
                    .set(Stage::Failed(tr(lang, "net.unreachable_guest").to_string())),
                _ => {}
            },
            _ => {}
        }
    }

    /// The channel is gone: back by the host's connection kept ready for this device.
    fn come_back(self) {
        match self.inv.with_value(kept_way_back) {
            Some(way) => {
                self.stage.set(Stage::Returning);
                self.return_by(way);
            }
            None => self.stage.set(Stage::Lost),
        }
    }

    /// Answers invitation `offer` with this device's fixed credentials; its reply is shown to
    /// hand back.
    fn answer(self, offer: Invite) {
        let lang = self.lang;
        let id = self.try_channel();
        spawn_local(async move {
            let creds = Creds::of(offer.token, Side::Guest);
            let none = js_sys::Array::new();
            match Peer::answer(&offer.ice, self.events(id), &none, Some(&creds)).await {
                Ok((peer, ice)) => {
                    self.peer.set_value(Some(peer));
                    let reply = Reply {
                        table: offer.table.clone(),
                        seat: offer.seat,
                        token: offer.token,
                        offer: offer.ice.ufrag.clone(),
                        ice,
                    };
                    let link = format!("{}#/reply/{}", super::share::page_base(), reply.encode());
                    if self.stage.get_untracked() == Stage::Preparing {
                        self.stage.set(Stage::Reply(link));
                    }
                }
                Err(crate::net::rtc::RtcError::Code(e)) => {
                    self.stage.set(Stage::Failed(tr(lang, e.key()).to_string()))
                }
                Err(_) => self
                    .stage
                    .set(Stage::Failed(tr(lang, "net.no_webrtc").to_string())),
            }
        });
    }

    /// Back to the table by the host's connection kept ready for this device (`way`):
    /// nothing to hand back. If it has not opened after a while, the guest is told.
    fn return_by(self, way: Invite) {
        let id = self.try_channel();
        spawn_local(async move {
            let creds = Creds::of(way.token, Side::Guest);
            let none = js_sys::Array::new();
            match Peer::come_back(&way.ice, self.events(id), &none, &creds).await {
                // Unless the host's page opened a way back meanwhile (it came back itself).
                Ok(peer) if self.main.try_get_value() == Some(id) => {
                    self.peer.set_value(Some(peer));
                    sleep(RETURN_MS).await;
                    if self.stage.try_get_untracked() == Some(Stage::Returning) {
                        self.stage.set(Stage::Lost);
                    }
                }
                Ok(_) => {}
                Err(_) => self.stage.set(Stage::Lost),
            }
        });
    }

    /// The host's connection kept ready for this device (`code`): kept for a reload, and
    /// answered by this device's own, kept ready for the host's return.
    fn keep_way_back(self, code: String) {
        let inv = self.inv.get_value();
        let Ok(host) = Invite::decode(&code) else {
            return;
        };
        if host.table != inv.table || host.seat != inv.seat || host.token != inv.token {
            return;
        }
        let mut r = read_record(&inv).unwrap_or_default();
        r.spare = Some(code);
        write_record(&inv, &r);
        self.stand(&host.ice);
    }

    /// Keeps a connection ready for the return of the host whose credentials and certificate
    /// `host` shows (unless one for it is ready), and hands its offer to the host.
    fn stand(self, host: &Ice) {
        let id = host.identity();
        let ready = self
            .standing
            .with_value(|s| s.as_ref().is_some_and(|(_, p)| !p.is_closed()))
            && self
                .ready
                .with_value(|r| r.as_ref().is_some_and(|(h, _)| *h == id));
        if ready {
            self.send_back();
            return;
        }
        let inv = self.inv.get_value();
        spawn_local(async move {
            let creds = Creds::of(inv.token, Side::Guest);
            let none = js_sys::Array::new();
            let number = self.number();
            let made = Peer::standing(self.events(number), &none, &creds, &id).await;
            if let Ok((peer, ice)) = made {
                let reply = Reply {
                    table: inv.table.clone(),
                    seat: inv.seat,
                    token: inv.token,
                    offer: String::new(),
                    ice,
                };
                self.standing.set_value(Some((number, peer)));
                self.ready.set_value(Some((id, reply.encode())));
                self.send_back();
            }
        });
    }

    /// Hands the host the offer of the connection kept ready for its return (if there is one
    /// and the channel is open).
    fn send_back(self) {
        if let Some(code) = self.ready.with_value(|r| r.as_ref().map(|r| r.1.clone())) {
            self.send(&ToHost::Back { code });
        }
    }

    fn on_message(self, text: &str) {
        let lang = self.lang;
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
            ToGuest::Back { code } => self.keep_way_back(code),
        }
    }
}

/// The guest's page for invitation `invite`, playing as `name`.
pub fn guest_table<G: UiGame>(invite: Invite, name: String) -> AnyView {
    let app = use_app();
    let lang = app.lang();
    let way_back = newest(&invite);
    let hello = ToHost::Hello {
        token: remote::token_text(invite.token),
        name: name.clone(),
        lang: lang.code().into(),
    };
    let g = Guest::<G> {
        stage: RwSignal::new(if way_back.is_some() {
            Stage::Returning
        } else {
            Stage::Preparing
        }),
        view: RwSignal::new(None),
        snap: RwSignal::new(None),
        legal: RwSignal::new(Vec::new()),
        names: RwSignal::new(Arc::new(Vec::new())),
        error: RwSignal::new(None),
        seq: StoredValue::new(0),
        inv: StoredValue::new(invite.clone()),
        hello: StoredValue::new(serde_json::to_string(&hello).unwrap_or_default()),
        lang,
        peer: StoredValue::new_local(None),
        made: StoredValue::new(0),
        main: StoredValue::new(0),
        standing: StoredValue::new_local(None),
        ready: StoredValue::new(None),
    };
    let seat = invite.seat as Seat;
    match way_back {
        Some(way) => {
            // Ready for the host's return at once: its page may be the one that reloads.
            g.stand(&way.ice);
            g.return_by(way);
        }
        None => g.answer(invite.clone()),
    }
    let title = tr(lang, &format!("game.{}", invite.variant)).to_string();
    view! {
        <div class="game-host guest" data-testid="guest">
            {move || match g.stage.get() {
                Stage::Preparing => view! { <p class="net-making" data-testid="guest-preparing">{tr(lang, "net.making_reply").to_string()}</p> }.into_any(),
                Stage::Returning => view! { <p class="net-note" role="status" data-testid="guest-returning">{tr(lang, "net.returning").to_string()}</p> }.into_any(),
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
                    // The page anew tries the host's connection kept ready for this device.
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
