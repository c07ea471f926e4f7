//! The ways back to the table with no step by anyone. Both sides keep a connection ready for
//! the other's return: an offer with their fixed credentials ([`Creds::of`] the seat's
//! secret) and this device's certificate (`net::ident`), whose answer they wrote themselves
//! from what the other device will answer with ([`Peer::standing`]). A guest whose page was
//! reloaded or whose network dropped answers the host's ready offer; a host whose page was
//! reloaded answers each guest's ready offer, kept beside its save. The channel opens with no
//! message between them; the guest says hello as on its first arrival.

use super::{Presence, Table};
use crate::net::code::{Creds, Reply, Side};
use crate::net::rtc::Peer;
use crate::play::remote::ToGuest;
use engine::Seat;
use leptos::prelude::*;
use leptos::task::spawn_local;

impl Table {
    /// Keeps a connection ready for the guest at `seat` to come back by itself (unless one
    /// for this guest is ready or being made), and gives the guest its offer.
    pub(in crate::host) fn stand(self, seat: Seat) {
        let Some(i) = self.index(seat) else { return };
        let (token, guest, ready, making) = self.conns.with_value(|c| {
            let cs = &c[i];
            let ready = cs.standing.as_ref().is_some_and(|p| !p.is_closed())
                && cs.standing_for.as_ref().map(|s| &s.0) == cs.guest.as_ref();
            (cs.token, cs.guest.clone(), ready, cs.standing_making)
        });
        let Some(guest) = guest else { return };
        if ready {
            let code = self
                .conns
                .with_value(|c| c[i].standing_for.clone().map(|s| s.1));
            if let Some(code) = code {
                self.send(seat, &ToGuest::Back { code });
            }
            return;
        }
        if making {
            // The connection being made is handed over when it is ready.
            return;
        }
        self.conns.update_value(|c| c[i].standing_making = true);
        spawn_local(async move {
            let creds = Creds::of(token, Side::Host);
            let ice = self.ice.get_value();
            let made = Peer::standing(self.events(seat), &ice, &creds, &guest).await;
            self.conns.update_value(|c| c[i].standing_making = false);
            if let Ok((peer, ice)) = made {
                let code = self.invite_code(seat, ice);
                self.conns.update_value(|c| {
                    c[i].standing = Some(peer);
                    c[i].standing_for = Some((guest.clone(), code.clone()));
                });
                self.send(seat, &ToGuest::Back { code });
            }
        });
    }

    /// The guest at `seat` keeps a connection ready for this page's return (`code`): kept
    /// beside the save with the seat's secret.
    pub(super) fn keep_back(self, seat: Seat, code: &str) {
        let Some(i) = self.index(seat) else { return };
        let id = self.game().id();
        let token = self.conns.with_value(|c| c[i].token);
        let Ok(reply) = Reply::decode(code) else {
            return;
        };
        if reply.table != id || reply.seat as Seat != seat || reply.token != token {
            return;
        }
        self.conns
            .update_value(|c| c[i].guest = Some(reply.ice.identity()));
        let mut seats = super::remote_seats(&id);
        if let Some(r) = seats.iter_mut().find(|r| r.seat == seat) {
            if r.back.as_deref() != Some(code) {
                r.back = Some(code.to_string());
                super::store_remote_seats(&id, &seats);
            }
        }
    }

    /// After this page was opened again: answers the connection the guest at `seat` kept
    /// ready (`code`). The seat is away until the guest is back.
    pub(in crate::host) fn call_back(self, seat: Seat, code: &str) {
        let Some(i) = self.index(seat) else { return };
        let Ok(reply) = Reply::decode(code) else {
            return;
        };
        let token = self.conns.with_value(|c| c[i].token);
        if reply.token != token {
            return;
        }
        self.set_shown(seat, |x| x.presence = Presence::Away);
        spawn_local(async move {
            let creds = Creds::of(token, Side::Host);
            let ice = self.ice.get_value();
            let made = Peer::come_back(&reply.ice, self.events(seat), &ice, &creds).await;
            if let Ok(peer) = made {
                // It may have opened while its candidates were being gathered.
                let open = peer.is_open();
                self.conns.update_value(|c| c[i].calling = Some(peer));
                if open {
                    self.link(seat, crate::net::rtc::Link::Open);
                }
            }
        });
    }
}
