//! Rommé mit Kaufen: the claim window for the top discard.
//!
//! Sequencing (the rules only say "before the next player draws"):
//! 1. After P discards, the next player Q is to draw. Taking the discard (`DrawDiscard`)
//!    is his first claim; nobody else is asked.
//! 2. If Q draws from the talon instead, he has declined. Before he continues, every other
//!    player in turn order after Q (skipping P, who threw the card, and players at their
//!    `buy_limit`) is asked once: `Buy` or `PassBuy`. `to_move()` is that claimant.
//! 3. The first `Buy` closes the window: the buyer takes the discard and the top talon
//!    card. Then (or when everybody passed) Q continues his turn. The turn order does not
//!    change.
//! 4. No window opens when the discard pile or the talon is empty (a buyer could not take
//!    his extra card).

use super::actions::{RommeError, RommeEvent};
use super::state::{Phase, Romme};
use super::turn::{err, wrong_phase};
use crate::game::{RuleError, Seat};

impl Romme {
    fn may_buy(&self, seat: Seat) -> bool {
        self.opts
            .buy_limit
            .is_none_or(|limit| self.deal.buys[seat] < limit)
    }

    /// Called after the turn owner `seat` drew from the talon.
    pub(crate) fn open_claims(&mut self, seat: Seat, ev: &mut Vec<RommeEvent>) {
        if self.opts.buying && !self.deal.talon.is_empty() {
            if let Some(top) = self.deal.discard.last().copied() {
                let n = self.seats;
                let mut queue: Vec<Seat> = (1..n)
                    .map(|k| (seat + k) % n)
                    .filter(|&s| Some(s) != self.deal.discarder && self.may_buy(s))
                    .collect();
                if !queue.is_empty() {
                    let claimant = queue.remove(0);
                    ev.push(RommeEvent::ClaimOffered {
                        seat: claimant,
                        face: top.face,
                    });
                    self.phase = Phase::Claim { claimant, queue };
                    return;
                }
            }
        }
        self.enter_play();
    }

    pub(crate) fn check_buy(&self, seat: Seat) -> Result<(), RuleError> {
        if !self.opts.buying {
            return Err(err(RommeError::BuyingDisabled));
        }
        let Phase::Claim { claimant, .. } = &self.phase else {
            return Err(wrong_phase("claim window"));
        };
        if *claimant != seat {
            return Err(wrong_phase("claim window"));
        }
        if let Some(limit) = self.opts.buy_limit {
            if self.deal.buys[seat] >= limit {
                return Err(err(RommeError::BuyLimitReached { limit }));
            }
        }
        if self.deal.discard.is_empty() || self.deal.talon.is_empty() {
            return Err(err(RommeError::DiscardNotAvailable));
        }
        Ok(())
    }

    pub(crate) fn do_buy(&mut self, seat: Seat, ev: &mut Vec<RommeEvent>) {
        let d = &mut self.deal;
        if let Some(c) = d.discard.pop() {
            d.hands[seat].push(c);
            ev.push(RommeEvent::Bought { seat, face: c.face });
        }
        if let Some(c) = d.talon.pop() {
            d.hands[seat].push(c);
        }
        d.discarder = None;
        d.buys[seat] = d.buys[seat].saturating_add(1);
        self.enter_play();
    }

    pub(crate) fn check_pass_buy(&self, seat: Seat) -> Result<(), RuleError> {
        match &self.phase {
            Phase::Claim { claimant, .. } if *claimant == seat => Ok(()),
            _ => Err(wrong_phase("claim window")),
        }
    }

    pub(crate) fn do_pass_buy(&mut self, seat: Seat, ev: &mut Vec<RommeEvent>) {
        ev.push(RommeEvent::BuyPassed { seat });
        let next = match &mut self.phase {
            Phase::Claim { queue, .. } if !queue.is_empty() => {
                Some((queue.remove(0), queue.clone()))
            }
            _ => None,
        };
        match next {
            Some((claimant, queue)) => {
                if let Some(top) = self.deal.discard.last() {
                    ev.push(RommeEvent::ClaimOffered {
                        seat: claimant,
                        face: top.face,
                    });
                }
                self.phase = Phase::Claim { claimant, queue };
            }
            None => self.enter_play(),
        }
    }
}
