//! Rommé mit Kaufen: the claim window for the top discard.
//!
//! Sequencing (rules/romme.md, seed 002), [`BuyOrder::DeclineFirst`]:
//! 1. After P discards, the next player Q decides first, before anyone draws: taking the
//!    discard (`DrawDiscard`) is his claim and his draw; nobody else is asked.
//! 2. `DrawTalon` is his explicit "no". Every other player in turn order after Q (skipping
//!    P, who threw the card, and players at their `buy_limit`) is then asked once: `Buy` or
//!    `PassBuy`. `to_move()` is that claimant; Q has not drawn yet.
//! 3. The first `Buy` closes the window: the buyer takes the discard and the top talon card
//!    (only the discard if the talon holds a single card). Then (or when everybody passed)
//!    Q draws from the talon — the card after the buyer's — and plays his turn. The turn
//!    order does not change.
//! 4. No window opens when the discard pile or the talon is empty.
//!
//! [`BuyOrder::DrawFirst`] is the wave-1 order (Q drew from the talon first, a buyer got the
//! next card), kept only for matches stored by that build.

use super::actions::{RommeError, RommeEvent};
use super::options::BuyOrder;
use super::state::{Phase, Romme};
use super::turn::err;
use super::RuleError;
use crate::game::Seat;

impl Romme {
    fn may_buy(&self, seat: Seat) -> bool {
        self.opts
            .buy_limit
            .is_none_or(|limit| self.deal.buys[seat] < limit)
    }

    /// The claim window after the turn owner `seat` declined the discard, or `None`.
    fn claim_queue(&self, seat: Seat) -> Option<Vec<Seat>> {
        if !self.opts.buying || self.deal.talon.is_empty() || self.deal.discard.is_empty() {
            return None;
        }
        let n = self.seats;
        let queue: Vec<Seat> = (1..n)
            .map(|k| (seat + k) % n)
            .filter(|&s| Some(s) != self.deal.discarder && self.may_buy(s))
            .collect();
        (!queue.is_empty()).then_some(queue)
    }

    fn offer(&mut self, mut queue: Vec<Seat>, owner_draws: bool, ev: &mut Vec<RommeEvent>) {
        let claimant = queue.remove(0);
        if let Some(top) = self.deal.discard.last() {
            ev.push(RommeEvent::ClaimOffered {
                seat: claimant,
                face: top.face,
            });
        }
        self.phase = Phase::Claim {
            claimant,
            queue,
            owner_draws,
        };
    }

    /// The turn owner `seat` chose the talon. Opens the claim window if there is one;
    /// returns true if his draw waits for it (rules order).
    pub(crate) fn decline_discard(&mut self, seat: Seat, ev: &mut Vec<RommeEvent>) -> bool {
        if self.opts.buy_order != BuyOrder::DeclineFirst {
            return false;
        }
        match self.claim_queue(seat) {
            Some(queue) => {
                ev.push(RommeEvent::DiscardDeclined { seat });
                self.offer(queue, true, ev);
                true
            }
            None => false,
        }
    }

    /// Called after the turn owner `seat` drew from the talon (wave-1 order only).
    pub(crate) fn open_claims(&mut self, seat: Seat, ev: &mut Vec<RommeEvent>) {
        if self.opts.buy_order == BuyOrder::DrawFirst {
            if let Some(queue) = self.claim_queue(seat) {
                self.offer(queue, false, ev);
                return;
            }
        }
        self.enter_play();
    }

    /// The window is closed: the turn owner draws if he still has to, then plays.
    fn close_claims(&mut self, ev: &mut Vec<RommeEvent>) {
        if matches!(
            self.phase,
            Phase::Claim {
                owner_draws: true,
                ..
            }
        ) {
            let turn = self.deal.turn;
            self.take_talon_card(turn, ev);
        }
        self.enter_play();
    }

    pub(crate) fn check_buy(&self, seat: Seat) -> Result<(), RuleError> {
        if !self.opts.buying {
            return Err(err(RommeError::BuyingDisabled));
        }
        let Phase::Claim { claimant, .. } = &self.phase else {
            return Err(self.not_now());
        };
        if *claimant != seat {
            return Err(self.not_now());
        }
        if let Some(limit) = self.opts.buy_limit {
            if self.deal.buys[seat] >= limit {
                return Err(err(RommeError::BuyLimitReached { limit }));
            }
        }
        if self.deal.discard.is_empty() {
            return Err(err(RommeError::DiscardNotAvailable));
        }
        Ok(())
    }

    pub(crate) fn do_buy(&mut self, seat: Seat, ev: &mut Vec<RommeEvent>) {
        let owner_draws = matches!(
            self.phase,
            Phase::Claim {
                owner_draws: true,
                ..
            }
        );
        let d = &mut self.deal;
        if let Some(c) = d.discard.pop() {
            d.hands[seat].push(c);
            ev.push(RommeEvent::Bought { seat, face: c.face });
        }
        // The turn owner still needs a talon card when he draws after the window.
        if d.talon.len() > usize::from(owner_draws) {
            if let Some(c) = d.talon.pop() {
                d.hands[seat].push(c);
            }
        }
        d.discarder = None;
        d.buys[seat] = d.buys[seat].saturating_add(1);
        self.close_claims(ev);
    }

    pub(crate) fn check_pass_buy(&self, seat: Seat) -> Result<(), RuleError> {
        match &self.phase {
            Phase::Claim { claimant, .. } if *claimant == seat => Ok(()),
            _ => Err(self.not_now()),
        }
    }

    pub(crate) fn do_pass_buy(&mut self, seat: Seat, ev: &mut Vec<RommeEvent>) {
        ev.push(RommeEvent::BuyPassed { seat });
        match &self.phase {
            Phase::Claim {
                queue, owner_draws, ..
            } if !queue.is_empty() => {
                let (queue, owner_draws) = (queue.clone(), *owner_draws);
                self.offer(queue, owner_draws, ev);
            }
            _ => self.close_claims(ev),
        }
    }
}
