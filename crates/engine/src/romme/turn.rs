//! The ordinary turn: draw, meld, lay off, joker exchange, undo, discard, declare.
//!
//! Every action is first checked by a `check_*` method that only reads the state and
//! returns what it needs; the matching `do_*` method then mutates. A rejected action
//! therefore never changes anything.

use super::actions::{DealEnd, DrawSource, MeldId, RommeError, RommeEvent};
use super::options::{DiscardDraw, EndMode, LayOffPolicy, RaeuberOpening};
use super::state::{remove_card, Phase, Romme, TableMeld, TurnState};
use super::RuleError;
use crate::card::{Card, CardId};
use crate::family::hand_card;
use crate::game::{Moment, Seat};
use crate::meld::{validate_with_hint, JokerHint, Meld};
use std::iter::once;

pub(crate) fn err(e: RommeError) -> RuleError {
    RuleError::Game(e)
}

pub(crate) fn wrong_phase(expected: Moment) -> RuleError {
    RuleError::WrongPhase { expected }
}

/// A checked `Meld` action.
pub(crate) struct MeldPlan {
    pub meld: Meld,
    /// The turn's opening points once it is on the table.
    pub opening: u32,
    pub goes_out: bool,
}

/// A checked `LayOff` action.
pub(crate) struct LayOffPlan {
    pub index: usize,
    pub meld: Meld,
    pub card: Card,
    /// The turn's opening points after the lay-off.
    pub opening: u32,
    /// The meld now counts towards the opening ([`RaeuberOpening::Reused`]).
    pub counts: bool,
    pub goes_out: bool,
}

impl Romme {
    pub(crate) fn expect_phase(&self, play: bool) -> Result<(), RuleError> {
        match (&self.phase, play) {
            (Phase::Play, true) | (Phase::Draw, false) => Ok(()),
            _ => Err(self.not_now()),
        }
    }

    /// Why an action that belongs to another moment is refused now: what has to happen
    /// first (the UI says "erst …"), or the turn's open obligation.
    pub(crate) fn not_now(&self) -> RuleError {
        match &self.phase {
            Phase::Draw => wrong_phase(Moment::Draw),
            Phase::Claim { .. } => wrong_phase(Moment::Claim),
            Phase::Play => self.open_obligation().unwrap_or_else(|| {
                // The taken discard as the last card: it may not go back on the pile.
                match (
                    self.deal.ts.taken_discard,
                    &self.deal.hands[self.deal.turn][..],
                ) {
                    (Some(t), [c]) if c.id == t => {
                        err(RommeError::CannotDiscardTakenCard { card: t })
                    }
                    _ => wrong_phase(Moment::Play),
                }
            }),
            Phase::MayDeclare => wrong_phase(Moment::Declare),
            Phase::DealOver => wrong_phase(Moment::DealOver),
            Phase::MatchOver => RuleError::GameOver,
        }
    }

    /// What keeps the turn owner's turn from ending now: a freed joker or the taken
    /// discard still to place, or an opening below the minimum.
    pub(crate) fn open_obligation(&self) -> Option<RuleError> {
        let ts = &self.deal.ts;
        if let Some(j) = ts.freed_jokers.first() {
            return Some(err(RommeError::FreedJokerMustBePlaced { joker: j.id }));
        }
        if let Some(card) = ts.must_place {
            return Some(err(
                if self.opts.draw_from_discard == DiscardDraw::IntoNewMeld {
                    RommeError::DiscardMustGoIntoNewMeld { card }
                } else {
                    RommeError::DiscardMustBeMelded { card }
                },
            ));
        }
        if ts.played {
            return self.check_opening(ts.opening_points).err();
        }
        None
    }

    /// Refuses placing the taken discard anywhere but in a new meld when the rules say so.
    pub(crate) fn check_not_taken_card(&self, id: CardId) -> Result<(), RuleError> {
        if self.opts.draw_from_discard == DiscardDraw::IntoNewMeld
            && self.deal.ts.must_place == Some(id)
        {
            return Err(err(RommeError::DiscardMustGoIntoNewMeld { card: id }));
        }
        Ok(())
    }

    /// The turn's opening points after an action: `melds` is the table as it would be,
    /// `counts` says which of its melds count ([`RaeuberOpening::Reused`]), `added` is
    /// what the action adds under the other rules.
    pub(crate) fn opening_after<'a>(
        &self,
        melds: impl Iterator<Item = (MeldId, &'a Meld)>,
        counts: impl Fn(MeldId) -> bool,
        added: u32,
    ) -> u32 {
        match (self.opts.robbing, self.opts.raeuber_opening_counts) {
            (true, RaeuberOpening::Reused) => melds
                .filter(|(id, _)| counts(*id))
                .map(|(_, m)| m.opening_value())
                .sum(),
            (true, RaeuberOpening::Table) => melds.map(|(_, m)| m.opening_value()).sum(),
            _ => self.deal.ts.opening_points + added,
        }
    }

    /// A card the turn owner may place: from his hand or a freed joker.
    pub(crate) fn placeable(&self, seat: Seat, id: CardId) -> Result<Card, RuleError> {
        hand_card(&self.deal.hands, seat, id)
            .or_else(|| {
                self.deal
                    .ts
                    .freed_jokers
                    .iter()
                    .copied()
                    .find(|c| c.id == id)
            })
            .ok_or(RuleError::CardNotInHand { card: id })
    }

    /// The opening rule: `points` must reach the minimum if this is the opening turn.
    pub(crate) fn check_opening(&self, points: u32) -> Result<(), RuleError> {
        let needed = self.opts.first_meld_min;
        if self.deal.ts.opening_turn && needed > 0 && points < needed {
            return Err(err(RommeError::OpeningTooLow {
                needed,
                have: points,
            }));
        }
        Ok(())
    }

    /// Whether placing cards so that `hand_after` hand cards and `freed_after` freed
    /// jokers remain ends the deal; rejects emptying the hand when a discard is needed.
    pub(crate) fn check_go_out(
        &self,
        hand_after: usize,
        freed_after: usize,
        points_after: u32,
    ) -> Result<bool, RuleError> {
        if hand_after > 0 {
            return Ok(false);
        }
        if self.opts.go_out_needs_discard {
            return Err(err(RommeError::MustDiscardToGoOut));
        }
        if freed_after > 0 {
            return Ok(false);
        }
        self.check_opening(points_after)?;
        Ok(true)
    }

    /// Whether `seat` may lay off onto the meld at `index` under the lay-off rule.
    pub(crate) fn may_lay_off_on(&self, seat: Seat, index: usize) -> bool {
        let Some(m) = self.deal.table.get(index) else {
            return false;
        };
        match self.opts.lay_off {
            LayOffPolicy::OwnMelds => m.owner == seat,
            LayOffPolicy::AnyAfterOwnFirstMeld => m.owner == seat || self.deal.opened[seat],
            LayOffPolicy::AnyAnyTime => true,
        }
    }

    // ---- draw ----------------------------------------------------------------------

    pub(crate) fn check_draw_discard(&self) -> Result<Card, RuleError> {
        self.expect_phase(false)?;
        if self.opts.draw_from_discard == DiscardDraw::No {
            return Err(err(RommeError::DiscardNotAvailable));
        }
        self.deal
            .discard
            .last()
            .copied()
            .ok_or(err(RommeError::DiscardNotAvailable))
    }

    pub(crate) fn do_draw_discard(&mut self, seat: Seat, card: Card, ev: &mut Vec<RommeEvent>) {
        self.deal.discard.pop();
        self.deal.hands[seat].push(card);
        self.deal.ts.drawn = true;
        self.deal.ts.taken_discard = Some(card.id);
        if matches!(
            self.opts.draw_from_discard,
            DiscardDraw::OnlyIfMelded | DiscardDraw::IntoNewMeld
        ) {
            self.deal.ts.must_place = Some(card.id);
        }
        ev.push(RommeEvent::Drew {
            seat,
            source: DrawSource::Discard,
            face: Some(card.face),
        });
        self.enter_play();
    }

    pub(crate) fn check_draw_talon(&self) -> Result<(), RuleError> {
        self.expect_phase(false)?;
        if self.deal.talon.is_empty() {
            return Err(wrong_phase(Moment::PileEmpty));
        }
        Ok(())
    }

    pub(crate) fn do_draw_talon(&mut self, seat: Seat, ev: &mut Vec<RommeEvent>) {
        if self.decline_discard(seat, ev) {
            return;
        }
        self.take_talon_card(seat, ev);
        self.open_claims(seat, ev);
    }

    /// The turn owner's draw from the talon.
    pub(crate) fn take_talon_card(&mut self, seat: Seat, ev: &mut Vec<RommeEvent>) {
        if let Some(c) = self.deal.talon.pop() {
            self.deal.hands[seat].push(c);
        }
        self.deal.ts.drawn = true;
        ev.push(RommeEvent::Drew {
            seat,
            source: DrawSource::Talon,
            face: None,
        });
    }

    // ---- meld / lay off / exchange -------------------------------------------------

    pub(crate) fn check_meld(
        &self,
        seat: Seat,
        ids: &[CardId],
        hint: Option<JokerHint>,
    ) -> Result<MeldPlan, RuleError> {
        self.expect_phase(true)?;
        let mut cards = Vec::with_capacity(ids.len());
        let mut from_hand = 0;
        for (i, &id) in ids.iter().enumerate() {
            if ids[..i].contains(&id) {
                return Err(RuleError::DuplicateCard { card: id });
            }
            let c = self.placeable(seat, id)?;
            if hand_card(&self.deal.hands, seat, id).is_some() {
                from_hand += 1;
            }
            cards.push(c);
        }
        let meld = validate_with_hint(&cards, &self.opts.meld_rules(), hint.unwrap_or_default())?;
        let ts = &self.deal.ts;
        let new_id = MeldId(self.deal.next_meld);
        let table = self.deal.table.iter().map(|m| (m.id, &m.meld));
        let opening = self.opening_after(
            table.chain(once((new_id, &meld))),
            |id| id == new_id || ts.counted.contains(&id),
            meld.opening_value(),
        );
        let freed_after = ts.freed_jokers.len() - (ids.len() - from_hand);
        let goes_out = self.check_go_out(
            self.deal.hands[seat].len() - from_hand,
            freed_after,
            opening,
        )?;
        Ok(MeldPlan {
            meld,
            opening,
            goes_out,
        })
    }

    pub(crate) fn do_meld(&mut self, seat: Seat, plan: MeldPlan, ev: &mut Vec<RommeEvent>) {
        let id = MeldId(self.deal.next_meld);
        let faces = plan.meld.cards.iter().map(|p| p.card.face).collect();
        self.place_new_meld(seat, plan.meld, plan.opening);
        ev.push(RommeEvent::Melded {
            seat,
            meld: id,
            faces,
        });
        if plan.goes_out {
            self.went_out(seat, ev);
        }
    }

    /// Puts a validated meld on the table, taking its cards from hand / freed jokers;
    /// `opening` is the turn's opening points with it.
    pub(crate) fn place_new_meld(&mut self, seat: Seat, meld: Meld, opening: u32) {
        for p in &meld.cards {
            self.remove_placed(seat, p.card.id);
        }
        let d2 = &mut self.deal;
        if d2.ts.opening_turn {
            d2.ts.opening_points = opening;
        }
        d2.ts.counted.push(MeldId(d2.next_meld));
        d2.ts.played = true;
        d2.opened[seat] = true;
        d2.first_melder.get_or_insert(seat);
        d2.table.push(TableMeld {
            id: MeldId(d2.next_meld),
            owner: seat,
            meld,
        });
        d2.next_meld += 1;
    }

    /// Removes a card being placed from the hand or the freed jokers.
    pub(crate) fn remove_placed(&mut self, seat: Seat, id: CardId) {
        let d = &mut self.deal;
        if remove_card(&mut d.hands[seat], id).is_none() {
            remove_card(&mut d.ts.freed_jokers, id);
        }
        if d.ts.must_place == Some(id) {
            d.ts.must_place = None;
        }
    }

    pub(crate) fn check_lay_off(
        &self,
        seat: Seat,
        id: CardId,
        meld: MeldId,
    ) -> Result<LayOffPlan, RuleError> {
        self.expect_phase(true)?;
        let card = self.placeable(seat, id)?;
        self.check_not_taken_card(id)?;
        let index = self
            .deal
            .meld_index(meld)
            .ok_or(err(RommeError::NoSuchMeld { meld }))?;
        if !self.may_lay_off_on(seat, index) {
            return Err(err(RommeError::LayOffNotAllowed {
                policy: self.opts.lay_off,
            }));
        }
        let old = &self.deal.table[index].meld;
        let new = old.extend(card, &self.opts.meld_rules())?;
        let counts_lay_off = self.opts.first_meld_counts_lay_off;
        let added = if counts_lay_off {
            new.opening_value().saturating_sub(old.opening_value())
        } else {
            0
        };
        let ts = &self.deal.ts;
        let table = self.deal.table.iter().enumerate();
        let opening = self.opening_after(
            table.map(|(i, m)| (m.id, if i == index { &new } else { &m.meld })),
            |m| ts.counted.contains(&m) || (m == meld && counts_lay_off),
            added,
        );
        let in_hand = hand_card(&self.deal.hands, seat, id).is_some();
        let hand_after = self.deal.hands[seat].len() - usize::from(in_hand);
        let freed_after = self.deal.ts.freed_jokers.len() - usize::from(!in_hand);
        let goes_out = self.check_go_out(hand_after, freed_after, opening)?;
        Ok(LayOffPlan {
            index,
            meld: new,
            card,
            opening,
            counts: counts_lay_off,
            goes_out,
        })
    }

    pub(crate) fn do_lay_off(&mut self, seat: Seat, plan: LayOffPlan, ev: &mut Vec<RommeEvent>) {
        self.remove_placed(seat, plan.card.id);
        let d = &mut self.deal;
        let id = d.table[plan.index].id;
        d.table[plan.index].meld = plan.meld;
        d.ts.played = true;
        if d.ts.opening_turn {
            d.ts.opening_points = plan.opening;
        }
        if plan.counts && !d.ts.counted.contains(&id) {
            d.ts.counted.push(id);
        }
        ev.push(RommeEvent::LaidOff {
            seat,
            face: plan.card.face,
            meld: id,
        });
        if plan.goes_out {
            self.went_out(seat, ev);
        }
    }

    pub(crate) fn check_exchange(
        &self,
        seat: Seat,
        id: CardId,
        meld: MeldId,
    ) -> Result<(usize, Meld, Card, Card), RuleError> {
        self.expect_phase(true)?;
        if !self.opts.joker_exchange {
            return Err(err(RommeError::ExchangeDisabled));
        }
        let card =
            hand_card(&self.deal.hands, seat, id).ok_or(RuleError::CardNotInHand { card: id })?;
        if self.opts.exchange_needs_first_meld && !self.deal.opened[seat] {
            return Err(err(RommeError::ExchangeNeedsFirstMeld));
        }
        self.check_not_taken_card(id)?;
        let index = self
            .deal
            .meld_index(meld)
            .ok_or(err(RommeError::NoSuchMeld { meld }))?;
        let (new, joker) = self.deal.table[index]
            .meld
            .replace_joker(card, &self.opts.meld_rules())?;
        if self.deal.hands[seat].len() == 1 && self.opts.go_out_needs_discard {
            return Err(err(RommeError::MustDiscardToGoOut));
        }
        Ok((index, new, card, joker))
    }

    pub(crate) fn do_exchange(
        &mut self,
        seat: Seat,
        plan: (usize, Meld, Card, Card),
        ev: &mut Vec<RommeEvent>,
    ) {
        let (index, new, card, joker) = plan;
        let d = &mut self.deal;
        remove_card(&mut d.hands[seat], card.id);
        if d.ts.must_place == Some(card.id) {
            d.ts.must_place = None;
        }
        d.table[index].meld = new;
        d.ts.freed_jokers.push(joker);
        d.ts.played = true;
        ev.push(RommeEvent::JokerExchanged {
            seat,
            face: card.face,
            meld: d.table[index].id,
        });
    }

    // ---- undo / discard / declare --------------------------------------------------

    pub(crate) fn check_undo(&self) -> Result<(), RuleError> {
        self.expect_phase(true)?;
        let ts = &self.deal.ts;
        if !(ts.played || ts.must_place.is_some()) || self.snapshot.is_none() {
            return Err(err(RommeError::NothingToUndo));
        }
        Ok(())
    }

    pub(crate) fn do_undo(&mut self, seat: Seat, ev: &mut Vec<RommeEvent>) {
        if let Some(snap) = &self.snapshot {
            self.deal = (**snap).clone();
        }
        // A discard taken under `DiscardDraw::OnlyIfMelded` that cannot be placed goes
        // back: the draw is undone too.
        if let Some(id) = self.deal.ts.must_place {
            if let Some(c) = remove_card(&mut self.deal.hands[seat], id) {
                self.deal.discard.push(c);
            }
            self.deal.ts = TurnState {
                opening_turn: self.deal.ts.opening_turn,
                ..TurnState::default()
            };
            self.snapshot = None;
            self.phase = Phase::Draw;
        }
        ev.push(RommeEvent::TurnUndone { seat });
    }

    /// Checks that the turn may end now (nothing pending, opening reached).
    pub(crate) fn check_turn_can_end(&self) -> Result<(), RuleError> {
        self.open_obligation().map_or(Ok(()), Err)
    }

    pub(crate) fn check_discard(&self, seat: Seat, id: CardId) -> Result<Card, RuleError> {
        self.expect_phase(true)?;
        // A freed joker is not in the hand, but the player sees it: say what it needs.
        if self.deal.ts.freed_jokers.iter().any(|j| j.id == id) {
            return Err(err(RommeError::FreedJokerMustBePlaced { joker: id }));
        }
        let card =
            hand_card(&self.deal.hands, seat, id).ok_or(RuleError::CardNotInHand { card: id })?;
        self.check_turn_can_end()?;
        if self.deal.ts.taken_discard == Some(id) {
            return Err(err(RommeError::CannotDiscardTakenCard { card: id }));
        }
        Ok(card)
    }

    pub(crate) fn do_discard(&mut self, seat: Seat, card: Card, ev: &mut Vec<RommeEvent>) {
        remove_card(&mut self.deal.hands[seat], card.id);
        self.deal.discard.push(card);
        self.deal.discarder = Some(seat);
        ev.push(RommeEvent::Discarded {
            seat,
            face: card.face,
        });
        if self.deal.hands[seat].is_empty() {
            self.went_out(seat, ev);
        } else if self.opts.end_mode == EndMode::BidAtMost
            && self.hand_pips(seat) <= u32::from(self.opts.target_pips)
        {
            self.phase = Phase::MayDeclare;
        } else {
            self.end_turn(ev);
        }
    }

    pub(crate) fn check_declare(&self, seat: Seat) -> Result<u32, RuleError> {
        if self.phase != Phase::MayDeclare {
            if self.opts.end_mode != EndMode::BidAtMost {
                return Err(err(RommeError::NotInEndMode {
                    mode: self.opts.end_mode,
                }));
            }
            if self.phase != Phase::Play || self.deal.turn != seat {
                return Err(self.not_now());
            }
            if let Some(e) = self.open_obligation() {
                return Err(e);
            }
            // Before the discard: tell the player whether even his best discard would
            // leave too many pips.
            let table = self.opts.penalty_table();
            let best = self.deal.hands[seat]
                .iter()
                .filter(|c| self.deal.ts.taken_discard != Some(c.id))
                .map(|c| crate::penalty::penalty(c.face, table))
                .max()
                .unwrap_or(0);
            let have = self.hand_pips(seat).saturating_sub(best);
            let limit = self.opts.target_pips;
            if have > u32::from(limit) {
                return Err(err(RommeError::ResidualTooHigh { limit, have }));
            }
            return Err(wrong_phase(Moment::AfterDiscard));
        }
        let have = self.hand_pips(seat);
        let limit = self.opts.target_pips;
        if have > u32::from(limit) {
            return Err(err(RommeError::ResidualTooHigh { limit, have }));
        }
        Ok(have)
    }

    pub(crate) fn do_declare(&mut self, seat: Seat, residual: u32, ev: &mut Vec<RommeEvent>) {
        self.deal.played_before[seat] |= self.deal.ts.played;
        ev.push(RommeEvent::DeclaredRomme { seat, residual });
        self.finish_deal(DealEnd::Declared { seat, residual }, ev);
    }

    pub(crate) fn went_out(&mut self, seat: Seat, ev: &mut Vec<RommeEvent>) {
        let hand_romme = !self.deal.played_before[seat];
        ev.push(RommeEvent::WentOut { seat });
        let end = if self.opts.end_mode == EndMode::BidAtMost {
            DealEnd::Declared { seat, residual: 0 }
        } else {
            DealEnd::WentOut { seat, hand_romme }
        };
        self.finish_deal(end, ev);
    }
}
