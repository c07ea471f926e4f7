//! A table's room on a signalling server (`net::room`), for guests in other homes. Each
//! seat's link names the room and carries the seat's secret; the guest's device enters the
//! room and asks for its seat, this page offers it a connection through the server, and the
//! guest says its secret over the channel once it opens (a wrong one is denied as with an
//! invitation by code). The server never sees a secret, a name or a game message. Guests at
//! the table stay connected when the server goes away; new ones come once it is back, or by
//! invitation codes if the host switches to them.

use super::{Presence, RemoteSeat, Table};
use crate::i18n::tr;
use crate::net::code::{Ice, Invite, Reply, RoomRef};
use crate::net::config::NetConfig;
use crate::net::room::{Room, RoomEvent, Said};
use crate::net::rtc::Peer;
use engine::Seat;
use leptos::prelude::*;
use leptos::task::spawn_local;

/// How the table's room stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RoomState {
    /// No room: guests join by invitation codes.
    #[default]
    Off,
    /// Entering the room.
    Connecting,
    /// In the room: guests can join by their links.
    Up,
    /// The signalling server cannot be reached; tried again by itself.
    Down,
}

/// The table's room and where it is.
pub(in crate::host) struct TableRoom {
    room: Room,
    at: RoomRef,
}

impl Table {
    /// Takes the servers of `config` for every connection and, if it names a signalling
    /// server, opens the table's room there (made once per table and kept with its seats).
    pub(in crate::host) fn open_room(self, config: &NetConfig, remote: &[RemoteSeat]) {
        self.ice.set_value(config.ice());
        if !config.rooms() {
            return;
        }
        let id = match remote.iter().find_map(|r| r.room.clone()) {
            Some(id) => id,
            None => {
                let id = format!(
                    "kr1-{:016x}{:016x}",
                    crate::storage::fresh_seed(),
                    crate::storage::fresh_seed()
                );
                let table = self.game().id();
                let mut seats = super::remote_seats(&table);
                for r in &mut seats {
                    r.room = Some(id.clone());
                }
                super::store_remote_seats(&table, &seats);
                id
            }
        };
        let url = NetConfig::room_url(&config.signal, &id);
        self.room_state.set(RoomState::Connecting);
        let room = Room::open(&url, move |e| self.on_room(e));
        self.room.set_value(Some(TableRoom {
            room,
            at: RoomRef {
                signal: config.signal.clone(),
                id,
            },
        }));
    }

    pub(in crate::host) fn room_state(self) -> RwSignal<RoomState> {
        self.room_state
    }

    /// The signalling server's address (while guests join through a room).
    pub(in crate::host) fn room_server(self) -> Option<String> {
        self.room
            .with_value(|r| r.as_ref().map(|r| r.at.signal.clone()))
    }

    /// Guests join by invitation codes from now on (the signalling server is away): the room
    /// is left and every seat gets an invitation by code. Guests at the table stay.
    pub(in crate::host) fn leave_room(self) {
        self.room.set_value(None);
        self.room_state.set(RoomState::Off);
        let seats: Vec<Seat> = self
            .shown
            .with_untracked(|s| s.iter().map(|x| x.seat).collect());
        for seat in seats {
            self.invite(seat);
        }
    }

    /// The link of `seat` to the table's room (None while guests join by codes).
    pub(super) fn room_link(self, seat: Seat) -> Option<String> {
        let at = self.room.with_value(|r| r.as_ref().map(|r| r.at.clone()))?;
        let code = self.invitation(seat, Ice::default(), Some(at));
        Some(format!("{}#/join/{code}", crate::host::share::page_base()))
    }

    fn say(self, to: &str, what: &Said) {
        self.room.with_value(|r| {
            if let Some(r) = r {
                r.room.say(to, what);
            }
        });
    }

    fn on_room(self, e: RoomEvent) {
        let table = self.game().id();
        match e {
            RoomEvent::Up => self.room_state.set(RoomState::Up),
            RoomEvent::Down => self.room_state.set(RoomState::Down),
            // Whoever comes in learns where the table is (and asks for a seat).
            RoomEvent::Arrived(p) => self.say(&p, &Said::Host { table }),
            RoomEvent::Said(p, Said::Knock { table: t, seat }) if t == table => {
                self.knocked(p, seat as Seat)
            }
            RoomEvent::Said(_, Said::Reply { code }) => {
                // A reply to an offer no longer open is not taken (the guest tries again).
                if let Ok(reply) = Reply::decode(&code) {
                    let _ = self.accept_reply(reply, false);
                }
            }
            RoomEvent::Said(..) => {}
        }
    }

    /// A device in the room asks for `seat`: it gets an offer, unless the seat's player is at
    /// the table now (then it is told so; a device that lost its connection is not here).
    fn knocked(self, from: String, seat: Seat) {
        let Some(i) = self.index(seat) else { return };
        let here = self.shown.with_untracked(|s| {
            s.iter()
                .any(|x| x.seat == seat && x.presence == Presence::Here)
        });
        if here {
            self.say(&from, &Said::Taken);
            return;
        }
        spawn_local(async move {
            match Peer::offer(self.events(seat), &self.ice.get_value()).await {
                Ok((peer, ice)) => {
                    let game = self.game();
                    let ufrag = ice.ufrag.clone();
                    // Only what the connection needs: no secret, no names.
                    let code = Invite {
                        game: String::new(),
                        variant: String::new(),
                        table: game.id(),
                        seat: seat as u8,
                        seats: game.seats() as u8,
                        name: String::new(),
                        token: 0,
                        ice,
                        room: None,
                    }
                    .encode();
                    self.conns
                        .update_value(|c| c[i].pending = Some((peer, ufrag, code.clone())));
                    self.say(&from, &Said::Offer { code });
                }
                Err(_) => self
                    .problem
                    .set(Some(tr(self.app.lang(), "net.no_webrtc").to_string())),
            }
        });
    }
}
