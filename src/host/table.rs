//! The host's side of a table between devices ("Jeder am eigenen Gerät"): this page is the
//! table. Per seat played on another device it keeps one invitation ready (a WebRTC offer,
//! shown as a QR code and a link) and the open channel of the guest who answered it; it
//! applies a guest's intents after judging them (`play::remote::judge`), sends each guest
//! only its own view after every change, and shows who is away. It knows no game: what it
//! needs of one is a [`TableGame`], so this code is a part of the wasm of its own
//! (`net`), fetched when a table between devices opens.

use crate::ctx::{use_app, AppCtx};
use crate::i18n::{tr, Lang};
use crate::net::code::{code_in, Ice, Invite, Reply};
use crate::net::rtc::{Events, IceConfig, Link, Peer};
use crate::play::remote::{self, Denial, Refusal, Snapshot, ToGuest, ToHost};
use crate::storage;
use engine::{CardId, Seat};
use leptos::prelude::*;
use leptos::task::spawn_local;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use std::rc::Rc;
use std::sync::Arc;

mod back;
mod room;

pub use room::RoomState;

/// A seat played on another device, as stored beside the save (`kartenrunde.table.<id>`):
/// its secret stays the same when the host's page is reloaded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RemoteSeat {
    pub seat: Seat,
    pub token: u64,
    /// The guest's connection kept ready for this page's return (its reply code): answered
    /// when this page is opened again, so the guest is back with no step by anyone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back: Option<String>,
    /// The table's room on a signalling server (the same for every seat), once one was made:
    /// the links sent stay good when this page is opened again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub room: Option<String>,
}

/// The seats of game `id` played on other devices (none for a game on one device).
pub fn remote_seats(id: &str) -> Vec<RemoteSeat> {
    storage::get(&storage::table_key(id))
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

/// Stores the seats of a new table (kept pending in this page and retried where the browser
/// refuses, as every save is: see `storage::set`).
pub fn store_remote_seats(id: &str, seats: &[RemoteSeat]) {
    if let Ok(t) = serde_json::to_string(seats) {
        storage::set(&storage::table_key(id), &t);
    }
}

/// How a remote seat stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Presence {
    /// Nobody has answered the invitation yet.
    Invited,
    /// A reply was taken; the devices are finding each other.
    Joining,
    Here,
    /// Was here; the connection dropped.
    Away,
}

/// What the page shows of a remote seat.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatShown {
    pub seat: Seat,
    pub presence: Presence,
    /// The invitation link now ready for this seat (None while it is being made).
    pub invite: Option<String>,
    /// The guest's language (their log lines and refusals).
    pub lang: Lang,
}

/// The connections of one seat: the invitation waiting for a reply, the open channel, and
/// the ways back (see `back`).
#[derive(Default)]
struct Conns {
    token: u64,
    pending: Option<(Peer, String, String)>,
    active: Option<Peer>,
    /// Kept ready for the guest's return (its offer was sent to the guest).
    standing: Option<Peer>,
    /// The guest identity the standing connection was made for, and its invitation code.
    standing_for: Option<(Ice, String)>,
    /// A standing connection is being made.
    standing_making: bool,
    /// This page's answer to the guest's own ready connection (after this page was reloaded).
    calling: Option<Peer>,
    /// The guest's credentials and certificate (from its reply or its ready connection).
    guest: Option<Ice>,
    /// Messages that came on a channel before this page kept it (it opened while its
    /// candidates were still being gathered; a hello and the guest's way back come
    /// together): read in order once the channel is kept.
    early: Vec<String>,
    /// The last intent answered, and the guest's log lines.
    last_seq: u64,
    log: Vec<String>,
    welcomed: bool,
}

/// What the table needs of the game it is the table of (made for each game in its own part:
/// `host::bound`); the table's own code knows no game.
pub trait TableGame {
    /// The engine's name of the game.
    fn game(&self) -> &'static str;
    /// The save's id.
    fn id(&self) -> String;
    fn variant(&self) -> String;
    fn seats(&self) -> usize;
    /// The names at the table (live: a guest may bring its own).
    fn names(&self) -> RwSignal<Arc<Vec<String>>>;
    /// The host's language.
    fn lang(&self) -> Lang;
    /// The log's length and the pause let go, read so that a reactive effect follows them.
    fn changes(&self) -> (usize, Option<usize>);
    fn log_len(&self) -> usize;
    /// Who played the last action, the log's length after it and the cards it moved.
    fn last(&self) -> (Seat, usize, Vec<CardId>);
    /// The log lines of the last action in `lang`.
    fn last_lines(&self, lang: Lang) -> Vec<String>;
    /// The log lines of the whole game in `lang`.
    fn lines(&self, lang: Lang) -> Vec<String>;
    /// Seat `seat` is played by `kind` from now on (saved at once).
    fn set_kind(&self, seat: Seat, kind: engine::SeatKind);
    /// Seat `seat` is called `name` from now on (an empty name changes nothing; saved at
    /// once).
    fn rename(&self, seat: Seat, name: &str);
    /// Judges and plays a guest's intent (`play::remote::judge`, then the engine).
    fn act(
        &self,
        seat: Seat,
        last_seq: u64,
        seq: u64,
        claimed: Seat,
        at: usize,
        action: &RawValue,
    ) -> Result<(), Refusal>;
    /// The guest's view of the table (`play::remote::snapshot`).
    fn snapshot(
        &self,
        seat: Seat,
        seq: u64,
        log: &[String],
        moved: &[CardId],
        away: Vec<bool>,
    ) -> Snapshot;
    /// A guest let the bots go on after `at` actions (if the table still stands there).
    fn proceed(&self, at: usize);
}

/// The table's state for its callbacks (all `Copy`).
#[derive(Clone, Copy)]
pub(super) struct Table {
    game: StoredValue<Rc<dyn TableGame>, LocalStorage>,
    /// Taken when the table is built: its callbacks run outside any reactive owner.
    app: AppCtx,
    shown: RwSignal<Vec<SeatShown>>,
    conns: StoredValue<Vec<Conns>, LocalStorage>,
    /// A problem with the table itself (no WebRTC, a reply that does not fit).
    problem: RwSignal<Option<String>>,
    /// The STUN/TURN servers the connections use.
    ice: StoredValue<IceConfig>,
    /// The table's room on a signalling server, while guests join through one.
    room: StoredValue<Option<room::TableRoom>, LocalStorage>,
    room_state: RwSignal<RoomState>,
}

const LOG_KEEP: usize = 12;

impl Table {
    /// The table of `game` with the seats `remote` played on other devices.
    pub(super) fn new(game: Rc<dyn TableGame>, remote: &[RemoteSeat]) -> Self {
        let app = use_app();
        let lang = app.lang();
        let shown = remote
            .iter()
            .map(|r| SeatShown {
                seat: r.seat,
                presence: Presence::Invited,
                invite: None,
                lang,
            })
            .collect();
        let conns = remote
            .iter()
            .map(|r| Conns {
                token: r.token,
                guest: r
                    .back
                    .as_deref()
                    .and_then(|b| Reply::decode(b).ok())
                    .map(|b| b.ice.identity()),
                ..Conns::default()
            })
            .collect();
        Table {
            game: StoredValue::new_local(game),
            app,
            shown: RwSignal::new(shown),
            conns: StoredValue::new_local(conns),
            problem: RwSignal::new(None),
            ice: StoredValue::new(IceConfig::default()),
            room: StoredValue::new_local(None),
            room_state: RwSignal::new(RoomState::Off),
        }
    }

    /// The game (a handle: the calls into it happen after this borrow ends).
    fn game(self) -> Rc<dyn TableGame> {
        self.game.with_value(Rc::clone)
    }

    pub(super) fn shown(self) -> RwSignal<Vec<SeatShown>> {
        self.shown
    }

    pub(super) fn problem(self) -> RwSignal<Option<String>> {
        self.problem
    }

    /// Gives the seat of an away player to a bot (normal) until the player is back.
    pub(super) fn give_to_bot(self, seat: Seat) {
        self.game()
            .set_kind(seat, engine::SeatKind::Bot(engine::BotLevel::Normal));
    }

    /// The names at the table (live: a guest may bring its own).
    pub(super) fn names(self) -> RwSignal<Arc<Vec<String>>> {
        self.game().names()
    }

    /// The log's length after the last action.
    pub(super) fn last_at(self) -> usize {
        self.game().last().1
    }

    /// The log's length and the pause let go (tracked: see [`TableGame::changes`]).
    pub(super) fn changes(self) -> (usize, Option<usize>) {
        self.game().changes()
    }

    /// Seat `seat` is called `wanted` from now on (trimmed to what the setup allows; an empty
    /// name changes nothing), saved at once.
    fn rename(self, seat: Seat, wanted: &str) {
        let wanted: String = wanted
            .trim()
            .chars()
            .filter(|c| !c.is_control())
            .take(16)
            .collect();
        self.game().rename(seat, &wanted);
    }

    /// The last log lines of the whole game in `lang` (a guest who arrives, or after an undo).
    fn log_for(self, lang: Lang) -> Vec<String> {
        let mut log = self.game().lines(lang);
        log.drain(..log.len().saturating_sub(LOG_KEEP));
        log
    }

    fn index(self, seat: Seat) -> Option<usize> {
        self.shown
            .with_untracked(|s| s.iter().position(|x| x.seat == seat))
    }

    fn set_shown(self, seat: Seat, f: impl FnOnce(&mut SeatShown)) {
        self.shown.update(|s| {
            if let Some(x) = s.iter_mut().find(|x| x.seat == seat) {
                f(x)
            }
        });
    }

    /// Makes a new invitation for `seat` (the old one, if any, is dropped): its room's link
    /// while guests join through a room, else a connection offered by code.
    pub(super) fn invite(self, seat: Seat) {
        if let Some(link) = self.room_link(seat) {
            self.set_shown(seat, |x| x.invite = Some(link));
            return;
        }
        self.set_shown(seat, |x| x.invite = None);
        spawn_local(async move {
            let events = self.events(seat);
            match Peer::offer(events, &self.ice.get_value()).await {
                Ok((peer, ice)) => {
                    let Some(i) = self.index(seat) else { return };
                    let ufrag = ice.ufrag.clone();
                    let code = self.invite_code(seat, ice);
                    let link = format!("{}#/join/{code}", super::share::page_base());
                    self.conns
                        .update_value(|c| c[i].pending = Some((peer, ufrag, code.clone())));
                    self.set_shown(seat, |x| x.invite = Some(link));
                }
                Err(_) => self
                    .problem
                    .set(Some(tr(self.app.lang(), "net.no_webrtc").to_string())),
            }
        });
    }

    /// The invitation code to seat `seat` whose connection data is `ice`.
    fn invite_code(self, seat: Seat, ice: Ice) -> String {
        self.invitation(seat, ice, None)
    }

    /// The invitation code to seat `seat`: by connection data `ice`, or to `room`.
    fn invitation(self, seat: Seat, ice: Ice, room: Option<crate::net::code::RoomRef>) -> String {
        let token = self
            .index(seat)
            .map_or(0, |i| self.conns.with_value(|c| c[i].token));
        let game = self.game();
        Invite {
            game: game.game().to_string(),
            variant: game.variant(),
            table: game.id(),
            seat: seat as u8,
            seats: game.seats() as u8,
            name: game
                .names()
                .with_untracked(|n| crate::i18n::common::name(n, seat)),
            token,
            ice,
            room,
        }
        .encode()
    }

    /// What a connection of `seat` reports.
    fn events(self, seat: Seat) -> Events {
        Events {
            link: Box::new(move |l| self.link(seat, l)),
            message: Box::new(move |m| self.message(seat, &m)),
        }
    }

    /// A connection of `seat` (index `i`) that opened becomes the seat's channel: the
    /// invitation's (a new invitation waits for the next device) or a way back. False when
    /// none of them is open (the channel already kept reported again).
    fn promote(self, seat: Seat, i: usize) -> bool {
        let opened = self.conns.try_update_value(|c| {
            let cs = &mut c[i];
            let open = |p: &Option<Peer>| p.as_ref().is_some_and(Peer::is_open);
            let came = if cs.pending.as_ref().is_some_and(|(p, _, _)| p.is_open()) {
                cs.pending.take().map(|(p, _, _)| (p, true))
            } else if open(&cs.standing) {
                cs.standing_for = None;
                cs.standing.take().map(|p| (p, false))
            } else if open(&cs.calling) {
                cs.calling.take().map(|p| (p, false))
            } else {
                None
            };
            came.map(|(p, invited)| {
                cs.active = Some(p);
                cs.welcomed = false;
                invited
            })
        });
        let Some(Some(invited)) = opened else {
            return false;
        };
        if invited {
            self.invite(seat);
        }
        // What came on it before it was kept here (a guest's hello).
        let early = self
            .conns
            .try_update_value(|c| std::mem::take(&mut c[i].early))
            .unwrap_or_default();
        for text in early {
            self.message(seat, &text);
        }
        true
    }

    fn link(self, seat: Seat, l: Link) {
        let Some(i) = self.index(seat) else { return };
        match l {
            Link::Open => {
                if !self.promote(seat, i) && self.conns.with_value(|c| c[i].welcomed) {
                    // The network came back by itself.
                    self.set_shown(seat, |x| x.presence = Presence::Here);
                    self.broadcast(&[]);
                }
            }
            Link::Interrupted => {
                self.set_shown(seat, |x| x.presence = Presence::Away);
                self.broadcast(&[]);
            }
            Link::Closed => {
                let active_gone = self.conns.try_update_value(|c| {
                    let gone = c[i].active.as_ref().is_some_and(|p| !p.is_open());
                    if gone {
                        c[i].active = None;
                    }
                    gone
                });
                if active_gone == Some(true) {
                    self.conns.update_value(|c| c[i].welcomed = false);
                    self.set_shown(seat, |x| x.presence = Presence::Away);
                    self.broadcast(&[]);
                }
                // A way back that failed is dropped (the guest can still use the invitation).
                self.conns.update_value(|c| {
                    let cs = &mut c[i];
                    if cs.standing.as_ref().is_some_and(Peer::is_closed) {
                        cs.standing = None;
                        cs.standing_for = None;
                    }
                    if cs.calling.as_ref().is_some_and(Peer::is_closed) {
                        cs.calling = None;
                    }
                });
                // An invitation whose connection failed is made anew.
                let pending_dead = self
                    .conns
                    .with_value(|c| c[i].pending.as_ref().is_some_and(|(p, _, _)| p.is_closed()));
                if pending_dead {
                    // A reply was taken but the devices never reached each other.
                    let joining = self.shown.with_untracked(|s| {
                        s.iter()
                            .any(|x| x.seat == seat && x.presence == Presence::Joining)
                    });
                    if joining {
                        self.set_shown(seat, |x| x.presence = Presence::Invited);
                        let name = self
                            .names()
                            .with_untracked(|n| crate::i18n::common::name(n, seat));
                        let lang = self.app.lang();
                        self.problem.set(Some(crate::i18n::common::fill(
                            lang,
                            "net.unreachable",
                            &[("name", name)],
                        )));
                    }
                    self.invite(seat);
                }
            }
        }
    }

    /// Takes a guest's reply (pasted, scanned or handed over by a reply link).
    pub(super) fn take_reply(self, text: &str) -> Result<(), String> {
        // Called from events and tasks with no reactive owner: the app's context as taken when
        // the host was built.
        let lang = self.app.lang();
        let reply = Reply::decode(code_in(text)).map_err(|e| tr(lang, e.key()).to_string())?;
        self.accept_reply(reply, true)
    }

    /// Takes a guest's `reply` to the connection offered to its seat (`secret`: the reply
    /// must name the seat's secret; a reply through a room does not: the guest says it over
    /// the channel).
    fn accept_reply(self, reply: Reply, secret: bool) -> Result<(), String> {
        let lang = self.app.lang();
        let seat = reply.seat as Seat;
        let wrong = || tr(lang, "net.reply_other_table").to_string();
        if reply.table != self.game().id() {
            return Err(wrong());
        }
        let i = self.index(seat).ok_or_else(wrong)?;
        let fits = self.conns.with_value(|c| {
            (!secret || c[i].token == reply.token)
                && c[i]
                    .pending
                    .as_ref()
                    .is_some_and(|(_, u, _)| *u == reply.offer)
        });
        if !fits {
            return Err(tr(lang, "net.reply_old").to_string());
        }
        self.set_shown(seat, |x| x.presence = Presence::Joining);
        // What the guest's device answers with when it comes back: its fixed credentials (a
        // reply through a room has one-time ones, so the server never sees these) and its
        // certificate.
        self.conns.update_value(|c| {
            let creds = crate::net::code::Creds::of(c[i].token, crate::net::code::Side::Guest);
            c[i].guest = Some(Ice {
                ufrag: creds.ufrag,
                pwd: creds.pwd,
                ..reply.ice.identity()
            })
        });
        spawn_local(async move {
            let result = self
                .conns
                .with_value(|c| c[i].pending.as_ref().map(|(p, _, _)| p.accept(&reply.ice)));
            if let Some(fut) = result {
                if fut.await.is_err() {
                    self.problem
                        .set(Some(tr(self.app.lang(), "net.reply_refused").to_string()));
                }
            }
        });
        Ok(())
    }

    fn send(self, seat: Seat, msg: &ToGuest) {
        let Some(i) = self.index(seat) else { return };
        if let Ok(text) = serde_json::to_string(msg) {
            self.conns.with_value(|c| {
                if let Some(p) = &c[i].active {
                    p.send(&text);
                }
            });
        }
    }

    fn message(self, seat: Seat, text: &str) {
        let Some(i) = self.index(seat) else { return };
        let kept = self
            .conns
            .with_value(|c| c[i].active.as_ref().is_some_and(Peer::is_open));
        if !kept && !self.promote(seat, i) {
            self.conns.update_value(|c| {
                // (a few: a device that keeps talking on a channel not kept is not heard)
                if c[i].early.len() < 8 {
                    c[i].early.push(text.to_string())
                }
            });
            return;
        }
        let Ok(msg) = serde_json::from_str::<ToHost>(text) else {
            return;
        };
        match msg {
            // Said once per channel (a second one, as a browser may report the opening twice,
            // changes nothing).
            ToHost::Hello { .. } if self.conns.with_value(|c| c[i].welcomed) => {}
            ToHost::Hello { token, name, lang } => {
                let ok = self
                    .conns
                    .with_value(|c| remote::token_text(c[i].token) == token);
                if !ok {
                    self.send(
                        seat,
                        &ToGuest::Denied {
                            why: Denial::WrongToken,
                        },
                    );
                    return;
                }
                let lang = if lang == "en" { Lang::En } else { Lang::De };
                self.set_shown(seat, |x| {
                    x.presence = Presence::Here;
                    x.lang = lang;
                });
                // A seat a bot took over while its player was away is the player's again,
                // under the name the guest chose.
                self.game().set_kind(seat, engine::SeatKind::Human);
                self.rename(seat, &name);
                let log = self.log_for(lang);
                let game = self.game();
                let (names, variant) = (game.names().get_untracked().to_vec(), game.variant());
                self.conns.update_value(|c| {
                    c[i].log = log;
                    c[i].welcomed = true;
                });
                self.send(
                    seat,
                    &ToGuest::Welcome {
                        seat,
                        game: game.game().into(),
                        variant,
                        names,
                    },
                );
                // A connection kept ready for this guest's return.
                self.stand(seat);
                self.broadcast(&[]);
            }
            ToHost::Act {
                seq,
                seat: claimed,
                at,
                action,
            } => {
                if !self.conns.with_value(|c| c[i].welcomed) {
                    return;
                }
                let last = self.conns.with_value(|c| c[i].last_seq);
                if seq > last {
                    self.conns.update_value(|c| c[i].last_seq = seq);
                }
                // Judged, then the engine decides: applied, or its reason goes back.
                let done = self.game().act(seat, last, seq, claimed, at, &action);
                if let Err(why) = done {
                    self.send(seat, &ToGuest::Refused { seq, why });
                    self.send_state(seat, &[]);
                }
            }
            ToHost::Back { code } => self.keep_back(seat, &code),
            ToHost::Proceed { at } => {
                self.game().proceed(at);
            }
        }
    }

    fn away(self) -> Vec<bool> {
        let seats = self.game().seats();
        let mut away = vec![false; seats];
        self.shown.with_untracked(|s| {
            for x in s {
                if let Some(a) = away.get_mut(x.seat) {
                    *a = x.presence != Presence::Here;
                }
            }
        });
        away
    }

    /// Sends `seat` its view of the table; `moved`: the cards the last action moved (none
    /// when the guest made it).
    fn send_state(self, seat: Seat, moved: &[CardId]) {
        let Some(i) = self.index(seat) else { return };
        let (last_seq, log, welcomed) = self
            .conns
            .with_value(|c| (c[i].last_seq, c[i].log.clone(), c[i].welcomed));
        if !welcomed {
            return;
        }
        let by_guest = self.game().last().0 == seat;
        let moved = if by_guest { &[][..] } else { moved };
        let away = self.away();
        let snap = self.game().snapshot(seat, last_seq, &log, moved, away);
        self.send(seat, &ToGuest::State(Box::new(snap)));
    }

    /// Every guest gets its view of the table as it stands (`moved`: see [`Self::send_state`]).
    pub(super) fn broadcast(self, moved: &[CardId]) {
        let seats: Vec<Seat> = self
            .shown
            .with_untracked(|s| s.iter().map(|x| x.seat).collect());
        for seat in seats {
            self.send_state(seat, moved);
        }
    }

    /// After one action: the guests' logs grow by its events, then everyone is sent the
    /// table with the cards it moved.
    pub(super) fn after_action(self) {
        let moved = self.game().last().2;
        for (i, lang) in self.langs() {
            let lines = self.game().last_lines(lang);
            self.conns.update_value(|c| {
                let log = &mut c[i].log;
                log.extend(lines);
                log.drain(..log.len().saturating_sub(LOG_KEEP));
            });
        }
        self.broadcast(&moved);
    }

    /// After anything else (an undo, several actions at once): the guests' logs are made
    /// anew from the game, then everyone is sent the table.
    pub(super) fn after_change(self) {
        for (i, lang) in self.langs() {
            let log = self.log_for(lang);
            self.conns.update_value(|c| c[i].log = log);
        }
        self.broadcast(&[]);
    }

    /// The connected guests' languages (by their index).
    fn langs(self) -> Vec<(usize, Lang)> {
        let welcomed: Vec<bool> = self
            .conns
            .with_value(|c| c.iter().map(|x| x.welcomed).collect());
        self.shown.with_untracked(|s| {
            s.iter()
                .enumerate()
                .filter(|(i, _)| welcomed.get(*i).copied().unwrap_or(false))
                .map(|(i, x)| (i, x.lang))
                .collect()
        })
    }
}
