//! A bot's turn in the page: the bot thinks in slices of at most [`SLICE_MS`], one timer
//! tick each, so the page stays responsive while a hard bot searches.

use super::host::{SeatBots, Session};
use super::ui_game::{BotLevel, UiGame};
use engine::Seat;
use leptos::prelude::*;

/// The longest a bot thinks at a time before it gives the page back its main thread
/// (a browser "long task" is one over 50 ms).
const SLICE_MS: f64 = 20.0;

/// One bot decision in progress: it thinks in slices of [`SLICE_MS`], one timer tick each,
/// until it has decided; any change of the game (an undo, a new game, the page left)
/// cancels it.
pub(super) struct BotTurn<G: UiGame> {
    pub sess: RwSignal<Session<G>>,
    pub bots: StoredValue<SeatBots<G>, LocalStorage>,
    pub seq: StoredValue<u64>,
    pub my_seq: u64,
    pub seat: Seat,
    pub step: usize,
    pub level: BotLevel,
}

impl<G: UiGame> Clone for BotTurn<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: UiGame> Copy for BotTurn<G> {}

impl<G: UiGame> BotTurn<G> {
    pub fn slice_after(
        self,
        delay_ms: u64,
        apply: impl Fn(Seat, G::Action, bool) + Copy + 'static,
    ) {
        set_timeout(
            move || self.slice(apply),
            std::time::Duration::from_millis(delay_ms),
        );
    }

    fn slice(self, apply: impl Fn(Seat, G::Action, bool) + Copy + 'static) {
        // The host may be gone (page left) by the time the timer fires.
        if self.seq.try_get_value() != Some(self.my_seq) {
            return;
        }
        let Some(s) = self.sess.try_get_untracked() else {
            return;
        };
        let seat = self.seat;
        if s.record.log.len() != self.step || s.state.to_move() != Some(seat) {
            return;
        }
        let legal = s.state.legal_actions(seat);
        if legal.is_empty() {
            return;
        }
        let view = s.state.view(seat);
        let started = now_ms();
        let mut pause = move || now_ms() - started > SLICE_MS;
        let level = self.level;
        let decided = self.bots.try_update_value(|all| {
            if all.len() <= seat {
                all.resize_with(seat + 1, || None);
            }
            let bot = all[seat].get_or_insert_with(|| {
                let seed = s.record.seed
                    ^ (self.step as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    ^ seat as u64;
                let mut bot = G::bot_for(level, seed, &s.record.options);
                // A resumed game: the bot rebuilds its memory from the history.
                bots::recall(bot.as_mut(), &s.record, seat);
                bot
            });
            bot.think(&view, &legal, &mut pause)
        });
        match decided {
            Some(Some(action)) => apply(seat, action, true),
            // Not decided yet: go on after the browser had its turn.
            Some(None) => self.slice_after(0, apply),
            None => {}
        }
    }
}

/// Milliseconds on the page's clock.
fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or_else(js_sys::Date::now)
}
