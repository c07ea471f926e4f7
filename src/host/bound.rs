//! A game's session as the table between devices sees it ([`TableGame`]): what the table's
//! code (a part of the wasm of its own, `net`, knowing no game) needs of the game, made
//! here for each game in its own part.

use super::table::TableGame;
use super::Played;
use crate::i18n::Lang;
use crate::play::remote::{self, judge, Refusal, Snapshot};
use crate::play::session::Session;
use crate::play::UiGame;
use engine::{CardId, Seat, SeatKind};
use leptos::prelude::*;
use serde_json::value::RawValue;
use std::sync::Arc;

/// The session, and what the host shows of it.
pub(super) struct Bound<G: UiGame> {
    pub sess: RwSignal<Session<G>>,
    pub played: Played<G>,
    /// A human let the bots go on after this many actions.
    pub proceeded: RwSignal<Option<usize>>,
}

impl<G: UiGame> TableGame for Bound<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn id(&self) -> String {
        self.sess.with_untracked(|s| s.id.clone())
    }

    fn variant(&self) -> String {
        self.sess.with_untracked(|s| s.meta.variant.clone())
    }

    fn seats(&self) -> usize {
        self.sess.with_untracked(|s| s.record.seats)
    }

    fn names(&self) -> RwSignal<Arc<Vec<String>>> {
        self.played.names
    }

    fn lang(&self) -> Lang {
        self.played.app.lang()
    }

    fn changes(&self) -> (usize, Option<usize>) {
        (self.sess.with(|s| s.record.log.len()), self.proceeded.get())
    }

    fn log_len(&self) -> usize {
        self.sess.with_untracked(|s| s.record.log.len())
    }

    fn last(&self) -> (Seat, usize, Vec<CardId>) {
        self.played
            .last
            .with_untracked(|(by, at, e)| (*by, *at, e.iter().flat_map(G::event_cards).collect()))
    }

    fn last_lines(&self, lang: Lang) -> Vec<String> {
        let names = self.sess.with_untracked(|s| s.meta.player_names.clone());
        self.played
            .last
            .with_untracked(|(_, _, e)| remote::lines::<G>(e, &names, lang))
    }

    fn lines(&self, lang: Lang) -> Vec<String> {
        self.sess.with_untracked(|s| {
            let events = crate::play::session::replay_events(&s.record);
            remote::lines::<G>(&events, &s.meta.player_names, lang)
        })
    }

    fn set_kind(&self, seat: Seat, kind: SeatKind) {
        let changed = self
            .sess
            .with_untracked(|s| s.meta.seat_kinds.get(seat) != Some(&kind));
        if changed {
            self.sess.update(|s| {
                if let Some(k) = s.meta.seat_kinds.get_mut(seat) {
                    *k = kind;
                }
            });
            self.played.persist();
        }
    }

    fn rename(&self, seat: Seat, wanted: &str) {
        let changed = self.sess.with_untracked(|s| {
            s.meta
                .player_names
                .get(seat)
                .is_some_and(|n| !wanted.is_empty() && *n != wanted)
        });
        if !changed {
            return;
        }
        self.sess.update(|s| {
            if let Some(n) = s.meta.player_names.get_mut(seat) {
                *n = wanted.to_string();
            }
        });
        let names = self.sess.with_untracked(|s| s.meta.player_names.clone());
        self.played.names.set(Arc::new(names));
        self.played.persist();
    }

    fn act(
        &self,
        seat: Seat,
        last_seq: u64,
        seq: u64,
        claimed: Seat,
        at: usize,
        action: &RawValue,
    ) -> Result<(), Refusal> {
        let judged = self
            .sess
            .with_untracked(|s| judge(s, seat, last_seq, seq, claimed, at, action))?;
        // The engine decides: applied, or its reason goes back to the guest.
        self.played
            .try_apply(seat, judged, true)
            .map_err(|e| Refusal::Rule { error: e.erase() })
    }

    fn snapshot(
        &self,
        seat: Seat,
        seq: u64,
        log: &[String],
        moved: &[CardId],
        away: Vec<bool>,
    ) -> Snapshot {
        let proceeded = self.proceeded.get_untracked();
        self.sess
            .with_untracked(|s| remote::snapshot(s, seat, seq, log, moved, away, proceeded))
    }

    fn proceed(&self, at: usize) {
        if self.log_len() == at {
            self.proceeded.set(Some(at));
        }
    }
}
