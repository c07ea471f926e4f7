//! A guest's connection to the table between devices: answers the host's invitation (the
//! reply to hand back), comes back by itself by the connections both sides keep ready
//! (`host::table::back`), and sends the board's intents. It knows no game (the view arrives
//! as the game's JSON, read by the game's part in `host::guest`), so this code is in the part
//! of the wasm with the host's table (`net`), fetched when a guest opens an invitation.

use super::table::RoomState;
use crate::i18n::{tr, Lang};
use crate::net::code::{Creds, Ice, Invite, Reply, RoomRef, Side};
use crate::net::config::NetConfig;
use crate::net::room::{Room, RoomEvent, Said};
use crate::net::rtc::{sleep, Events, IceConfig, Link, Peer};
use crate::play::remote::{self, Refusal, Snapshot, ToGuest, ToHost};
use crate::storage;
use engine::Seat;
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde_json::value::RawValue;
use std::sync::Arc;

/// Starts `link` (its code fetched first: the part `net`).
pub(super) async fn start(link: GuestLink) -> Result<(), crate::play::ui_game::LoadError> {
    net_guest_part(link).await
}

#[leptos::wasm_split::wasm_split(net, wasm_split_path = ::leptos::wasm_split, fallible)]
fn net_guest_part(link: GuestLink) -> Result<(), crate::play::ui_game::LoadError> {
    link.start();
    Ok(())
}

/// Where the guest's page stands.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Stage {
    /// Making the reply.
    Preparing,
    /// Looking for the table in its room (waiting for the host's page, or connecting).
    Knocking,
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

/// How long a way back may take before the guest is told the table does not answer (ms);
/// with a room, before it asks for its seat there.
const RETURN_MS: i32 = 12_000;
const RETURN_ROOM_MS: i32 = 3_000;
/// How long to wait before asking again for a seat played from another device (ms).
const TAKEN_MS: i32 = 5_000;

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
    read_record(inv).is_some_and(|r| r.opened == inv.encode())
        && (inv.room.is_some() || kept_way_back(inv).is_some())
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

/// A guest's connection to the table and what it hears from it (all `Copy`).
#[derive(Clone, Copy)]
pub(super) struct GuestLink {
    pub stage: RwSignal<Stage>,
    /// The host's last view of the table for this seat (the game's JSON).
    pub snap: RwSignal<Option<Snapshot>>,
    pub names: RwSignal<Arc<Vec<String>>>,
    /// The last intent the host refused, and why.
    pub refused: RwSignal<Option<Refusal>>,
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
    /// The servers and the table's room (one value: each stored value costs code in every
    /// game's part, which makes the link).
    net: StoredValue<NetSide, LocalStorage>,
    /// How the room stands, as the page shows it.
    pub room_shown: RwSignal<RoomShown>,
}

/// What the page shows of the room.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoomShown {
    pub state: RoomState,
    /// The seat is played from another device that is at the table now.
    pub taken: bool,
}

/// The guest's servers and room.
#[derive(Default)]
struct NetSide {
    /// The STUN/TURN servers the connections use, and whether a TURN server is among them.
    ice: IceConfig,
    turn: bool,
    /// The table's room, for an invitation to one; the host's page's id there.
    room: Option<Room>,
    host: Option<String>,
}

impl GuestLink {
    /// The link of a guest who opened `invite` and plays as `name` (nothing is connected
    /// before [`start`]).
    pub fn new(invite: &Invite, name: &str, lang: Lang) -> Self {
        let hello = ToHost::Hello {
            token: remote::token_text(invite.token),
            name: name.to_string(),
            lang: lang.code().into(),
        };
        GuestLink {
            stage: RwSignal::new(Stage::Preparing),
            snap: RwSignal::new(None),
            names: RwSignal::new(Arc::new(Vec::new())),
            refused: RwSignal::new(None),
            seq: StoredValue::new(0),
            inv: StoredValue::new(invite.clone()),
            hello: StoredValue::new(serde_json::to_string(&hello).unwrap_or_default()),
            lang,
            peer: StoredValue::new_local(None),
            made: StoredValue::new(0),
            main: StoredValue::new(0),
            standing: StoredValue::new_local(None),
            ready: StoredValue::new(None),
            net: StoredValue::new_local(NetSide::default()),
            room_shown: RwSignal::new(RoomShown::default()),
        }
    }

    /// Sends the board's action (the game's JSON) as the guest's next intent, chosen on the
    /// table as last shown.
    pub fn act(self, action: Box<RawValue>) {
        if self.stage.get_untracked() != Stage::Seated {
            return;
        }
        let seq = self.seq.get_value() + 1;
        self.seq.set_value(seq);
        let seat = self.inv.with_value(|i| i.seat as Seat);
        self.send(&ToHost::Act {
            seq,
            seat,
            at: self.at(),
            action,
        });
    }

    /// The guest has seen a pause (a deal's end) and lets the bots go on.
    pub fn proceed(self) {
        self.send(&ToHost::Proceed { at: self.at() });
    }

    /// The log's length of the table as last shown.
    fn at(self) -> usize {
        self.snap.with_untracked(|s| s.as_ref().map_or(0, |s| s.at))
    }

    /// Starts: back by the host's connection kept ready for this device, or an answer to the
    /// invitation.
    fn start(self) {
        // (Read here, in the part `net`, not by the game's part that makes the link.)
        let config = crate::host::servers::current();
        self.net.update_value(|n| {
            n.ice = config.ice();
            n.turn = config.has_turn();
        });
        let invite = self.inv.get_value();
        let way = newest(&invite);
        if let Some(room) = &invite.room {
            self.enter_room(room);
        }
        match way {
            Some(way) => {
                self.stage.set(Stage::Returning);
                // Ready for the host's return at once: its page may be the one that reloads.
                self.stand(&way.ice);
                self.return_by(way);
            }
            // The host's page offers a connection once it hears this device in the room.
            None if invite.room.is_some() => self.stage.set(Stage::Knocking),
            None => self.answer(invite, None),
        }
    }

    /// Enters the table's room on its signalling server.
    fn enter_room(self, at: &RoomRef) {
        self.room_shown.update(|r| r.state = RoomState::Connecting);
        let url = NetConfig::room_url(&at.signal, &at.id);
        let room = Room::open(&url, move |e| self.on_room(e));
        self.net.update_value(|n| n.room = Some(room));
    }

    /// This device wants a connection through the room (it is not at the table and not on
    /// its way back).
    fn wants_seat(self) -> bool {
        matches!(
            self.stage.try_get_untracked(),
            Some(Stage::Knocking | Stage::Lost)
        )
    }

    /// Asks the device `host` in the room for this device's seat.
    fn knock(self, host: &str) {
        let inv = self.inv.get_value();
        self.say(
            host,
            &Said::Knock {
                table: inv.table,
                seat: inv.seat,
            },
        );
    }

    fn say(self, to: &str, what: &Said) {
        self.net.with_value(|n| {
            if let Some(r) = &n.room {
                r.say(to, what);
            }
        });
    }

    fn on_room(self, e: RoomEvent) {
        let inv = self.inv.get_value();
        match e {
            RoomEvent::Up => {
                self.room_shown.update(|r| r.state = RoomState::Up);
                if let (true, Some(h)) = (self.wants_seat(), self.host()) {
                    self.knock(&h);
                }
            }
            RoomEvent::Down => self.room_shown.update(|r| r.state = RoomState::Down),
            // The host's page came into the room (or another guest: it does not answer).
            RoomEvent::Arrived(p) => {
                if self.wants_seat() {
                    self.knock(&p);
                }
            }
            RoomEvent::Said(p, Said::Host { table }) if table == inv.table => {
                self.net.update_value(|n| n.host = Some(p.clone()));
                if self.wants_seat() {
                    self.knock(&p);
                }
            }
            RoomEvent::Said(p, Said::Offer { code }) => {
                let Ok(offer) = Invite::decode(&code) else {
                    return;
                };
                if offer.table != inv.table || offer.seat != inv.seat || !self.wants_seat() {
                    return;
                }
                self.net.update_value(|n| n.host = Some(p.clone()));
                self.room_shown.update(|r| r.taken = false);
                self.stage.set(Stage::Knocking);
                // The secret is this device's own (the server never had it).
                self.answer(
                    Invite {
                        token: inv.token,
                        ..offer
                    },
                    Some(p),
                );
            }
            RoomEvent::Said(p, Said::Taken) => {
                self.room_shown.update(|r| r.taken = true);
                spawn_local(async move {
                    sleep(TAKEN_MS).await;
                    if self.wants_seat() {
                        self.knock(&p);
                    }
                });
            }
            RoomEvent::Said(..) => {}
        }
    }

    /// The host's page's id in the room, once known.
    fn host(self) -> Option<String> {
        self.net.with_value(|n| n.host.clone())
    }

    /// The way to the table is gone: with a room, this device asks the host's page there
    /// again (at once if it knows it, else when it comes into the room).
    fn lost(self) {
        self.stage.set(Stage::Lost);
        if let Some(h) = self.host() {
            self.knock(&h);
        }
    }

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
                Stage::Returning => self.lost(),
                // The devices did not reach each other through the room's offer.
                Stage::Knocking => {
                    let key = if self.net.with_value(|n| n.turn) {
                        "net.unreachable_relay"
                    } else {
                        "net.unreachable_no_relay"
                    };
                    self.stage.set(Stage::Failed(tr(lang, key).to_string()))
                }
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
            None => self.lost(),
        }
    }

    /// Answers invitation `offer`: by code with this device's fixed credentials (its reply is
    /// shown to hand back), or through the room to the host's page `via` with one-time ones
    /// and no secret (the server sees the reply).
    fn answer(self, offer: Invite, via: Option<String>) {
        let lang = self.lang;
        let id = self.try_channel();
        spawn_local(async move {
            let creds = via.is_none().then(|| Creds::of(offer.token, Side::Guest));
            let ice = self.net.with_value(|n| n.ice.clone());
            match Peer::answer(&offer.ice, self.events(id), &ice, creds.as_ref()).await {
                Ok((peer, ice)) => {
                    self.peer.set_value(Some(peer));
                    let reply = Reply {
                        table: offer.table.clone(),
                        seat: offer.seat,
                        token: if via.is_some() { 0 } else { offer.token },
                        offer: offer.ice.ufrag.clone(),
                        ice,
                    };
                    if let Some(host) = via {
                        self.say(
                            &host,
                            &Said::Reply {
                                code: reply.encode(),
                            },
                        );
                        return;
                    }
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
            let ice = self.net.with_value(|n| n.ice.clone());
            match Peer::come_back(&way.ice, self.events(id), &ice, &creds).await {
                // Unless the host's page opened a way back meanwhile (it came back itself).
                Ok(peer) if self.main.try_get_value() == Some(id) => {
                    self.peer.set_value(Some(peer));
                    let wait = if self.net.with_value(|n| n.room.is_some()) {
                        RETURN_ROOM_MS
                    } else {
                        RETURN_MS
                    };
                    sleep(wait).await;
                    if self.stage.try_get_untracked() == Some(Stage::Returning) {
                        self.lost();
                    }
                }
                Ok(_) => {}
                Err(_) => self.lost(),
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
            let ice = self.net.with_value(|n| n.ice.clone());
            let number = self.number();
            let made = Peer::standing(self.events(number), &ice, &creds, &id).await;
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
                self.room_shown.update(|r| r.taken = false);
                self.names.set(Arc::new(names));
                self.stage.set(Stage::Seated);
            }
            ToGuest::State(snap) => {
                self.seq.update_value(|s| *s = (*s).max(snap.seq));
                if self.names.with_untracked(|n| **n != snap.names) {
                    self.names.set(Arc::new(snap.names.clone()));
                }
                self.snap.set(Some(*snap));
            }
            ToGuest::Refused { why, .. } => {
                if why != Refusal::Repeated {
                    self.refused.set(Some(why));
                }
            }
            ToGuest::Denied { .. } => self
                .stage
                .set(Stage::Failed(tr(lang, "net.denied").to_string())),
            ToGuest::Back { code } => self.keep_way_back(code),
        }
    }
}
