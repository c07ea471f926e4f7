//! Checking and applying the actions of a turn. Every `check_*` validates completely and
//! changes nothing; the matching `do_*` then mutates.

use super::actions::{DealEnd, ProfiSortError as E, ProfiSortEvent as Ev, RunEnd};
use super::extend::check_lay_off;
use super::find::jokers_in;
use super::state::{Phase, ProfiSort};
use super::tasks::{shape, TaskMeld};
use super::validate::check_layout;
use super::RuleError;
use crate::card::{Card, CardId};
use crate::family::hand_card;
use crate::game::{Moment, Seat};

/// A checked task lay.
#[derive(Clone, Debug)]
pub(crate) struct LayPlan {
    pub meld: TaskMeld,
    pub ids: Vec<CardId>,
    pub jokers: usize,
}

fn game(e: E) -> RuleError {
    RuleError::Game(e)
}

fn is_ace(c: &Card) -> bool {
    c.face.rank().is_some_and(|r| r.0 == 1)
}

impl ProfiSort {
    pub(crate) fn wrong_phase(&self) -> RuleError {
        let expected = match self.phase {
            // The redeal decision is a claim-like choice outside the turn order.
            Phase::RedealChoice => Moment::Claim,
            Phase::Draw => Moment::Draw,
            Phase::Play => Moment::Play,
            Phase::LastDiscard => Moment::Discard,
            Phase::DealOver => Moment::DealOver,
            Phase::MatchOver => return RuleError::GameOver,
        };
        RuleError::WrongPhase { expected }
    }

    pub(crate) fn need_phase(&self, phase: Phase) -> Result<(), RuleError> {
        if self.phase == phase {
            Ok(())
        } else {
            Err(self.wrong_phase())
        }
    }

    /// The own hand cards `ids`, each once.
    pub(crate) fn hand_cards(&self, seat: Seat, ids: &[CardId]) -> Result<Vec<Card>, RuleError> {
        let mut out: Vec<Card> = Vec::with_capacity(ids.len());
        for &id in ids {
            if out.iter().any(|c| c.id == id) {
                return Err(RuleError::DuplicateCard { card: id });
            }
            out.push(
                hand_card(&self.deal.hands, seat, id)
                    .ok_or(RuleError::CardNotInHand { card: id })?,
            );
        }
        Ok(out)
    }

    /// After removing `removed` from the hand the player must keep a card to discard (not
    /// the card taken from the pile), and with received aces one more.
    pub(crate) fn check_keep(&self, seat: Seat, removed: &[CardId]) -> Result<(), RuleError> {
        let d = &self.deal;
        let left = d.hands[seat].len().saturating_sub(removed.len());
        let taken_left = d
            .taken
            .is_some_and(|t| !removed.contains(&t) && hand_card(&d.hands, seat, t).is_some());
        let received = d.received[seat].len();
        if left <= usize::from(taken_left) || (received > 0 && left < 2) {
            return Err(game(E::MustKeepCard { left, received }));
        }
        Ok(())
    }

    pub(crate) fn check_lay_task(
        &self,
        seat: Seat,
        task: u8,
        repeat: Option<u8>,
        parts: &[Vec<CardId>],
    ) -> Result<LayPlan, RuleError> {
        self.need_phase(Phase::Play)?;
        if !(1..=15).contains(&task) {
            return Err(game(E::NoSuchTask { task }));
        }
        if !self.opts.in_play(task) {
            return Err(game(E::TaskLeftOut { task }));
        }
        if self.sheets[seat].is_done(task) {
            return Err(game(E::TaskDone { task }));
        }
        let shape_no = match (task, repeat) {
            (15, Some(r)) if (1..=14).contains(&r) => r,
            (t, None) if t < 15 => t,
            _ => return Err(game(E::RepeatShape { task, repeat })),
        };
        let sh = shape(shape_no).ok_or(game(E::NoSuchTask { task: shape_no }))?;
        let ids: Vec<CardId> = parts.iter().flatten().copied().collect();
        let cards = self.hand_cards(seat, &ids)?;
        let mut it = cards.into_iter();
        let grouped: Vec<Vec<Card>> = parts
            .iter()
            .map(|p| it.by_ref().take(p.len()).collect())
            .collect();
        let laid = check_layout(task, sh, &grouped, self.opts.distinct_ranks).map_err(game)?;
        if task == 15 {
            let d = &self.deal;
            let left = d.hands[seat].len() - ids.len();
            let received = d.received[seat].len();
            let taken_left = d
                .taken
                .is_some_and(|t| !ids.contains(&t) && hand_card(&d.hands, seat, t).is_some());
            if left != 1 || received > 0 || taken_left {
                return Err(game(E::Task15NeedsGoingOut { left, received }));
            }
        } else {
            self.check_keep(seat, &ids)?;
        }
        Ok(LayPlan {
            jokers: jokers_in(&grouped),
            meld: TaskMeld {
                owner: seat,
                task,
                shape: shape_no,
                parts: laid,
            },
            ids,
        })
    }

    pub(crate) fn do_lay_task(&mut self, seat: Seat, plan: LayPlan, ev: &mut Vec<Ev>) {
        let d = &mut self.deal;
        d.hands[seat].retain(|c| !plan.ids.contains(&c.id));
        d.opened[seat] = true;
        let task = plan.meld.task;
        let sheet = &mut self.sheets[seat];
        sheet.done[usize::from(task) - 1] = Some(self.deal_no);
        if plan.jokers == 0 && task < 15 && plan.meld.jokers_allowed() {
            sheet.joker_free.push(task);
        }
        ev.push(Ev::TaskLaid {
            seat,
            task,
            repeat: (task == 15).then_some(plan.meld.shape),
            meld: d.melds.len(),
            faces: plan.meld.cards().map(|c| c.face).collect(),
            jokers: plan.jokers,
        });
        d.melds.push(plan.meld);
        if task == 15 {
            self.phase = Phase::LastDiscard;
        }
        if let Some(n) = self.opts.beginner_tasks {
            if self.sheets[seat].count() >= usize::from(n) {
                self.end_deal(DealEnd::BeginnerWin { seat }, ev);
            }
        }
    }

    pub(crate) fn check_lay_off(
        &self,
        seat: Seat,
        meld: usize,
        part: Option<usize>,
        end: RunEnd,
        ids: &[CardId],
    ) -> Result<(TaskMeld, Vec<CardId>), RuleError> {
        self.need_phase(Phase::Play)?;
        if !self.deal.opened[seat] {
            return Err(game(E::NotOpened));
        }
        let target = self
            .deal
            .melds
            .get(meld)
            .ok_or(game(E::NoSuchMeld { meld }))?;
        let cards = self.hand_cards(seat, ids)?;
        let grown = check_lay_off(target, meld, part, end, &cards).map_err(game)?;
        self.check_keep(seat, ids)?;
        Ok((grown, ids.to_vec()))
    }

    pub(crate) fn do_lay_off(
        &mut self,
        seat: Seat,
        meld: usize,
        grown: TaskMeld,
        ids: Vec<CardId>,
        ev: &mut Vec<Ev>,
    ) {
        let d = &mut self.deal;
        let faces = d.hands[seat]
            .iter()
            .filter(|c| ids.contains(&c.id))
            .map(|c| c.face)
            .collect();
        d.hands[seat].retain(|c| !ids.contains(&c.id));
        d.melds[meld] = grown;
        ev.push(Ev::LaidOff { seat, meld, faces });
    }

    pub(crate) fn check_give(&self, seat: Seat, card: CardId, to: Seat) -> Result<Card, RuleError> {
        self.need_phase(Phase::Play)?;
        if self.deal.gave_ace[seat] {
            return Err(game(E::AceAlreadyGiven));
        }
        if to == seat || to >= self.seats {
            return Err(game(E::NoSuchOpponent { to }));
        }
        let c = hand_card(&self.deal.hands, seat, card).ok_or(RuleError::CardNotInHand { card })?;
        if !is_ace(&c) {
            return Err(game(E::NotAnAce { card }));
        }
        self.check_keep(seat, &[card])?;
        Ok(c)
    }

    pub(crate) fn do_give(&mut self, seat: Seat, card: Card, to: Seat, ev: &mut Vec<Ev>) {
        let d = &mut self.deal;
        d.hands[seat].retain(|c| c.id != card.id);
        d.received[to].push(card);
        d.gave_ace[seat] = true;
        ev.push(Ev::AceGiven { seat, to });
    }

    pub(crate) fn check_discard(&self, seat: Seat, card: CardId) -> Result<Card, RuleError> {
        if !matches!(self.phase, Phase::Play | Phase::LastDiscard) {
            return Err(self.wrong_phase());
        }
        let c = hand_card(&self.deal.hands, seat, card).ok_or(RuleError::CardNotInHand { card })?;
        if self.deal.taken == Some(card) {
            return Err(game(E::TakenDiscard { card }));
        }
        let d = &self.deal;
        let received = d.received[seat].len();
        if received > 0 && d.hands[seat].len() < 2 {
            return Err(game(E::MustKeepCard { left: 0, received }));
        }
        Ok(c)
    }

    pub(crate) fn do_discard(&mut self, seat: Seat, card: Card, ev: &mut Vec<Ev>) {
        let d = &mut self.deal;
        d.hands[seat].retain(|c| c.id != card.id);
        d.discard.push(card);
        ev.push(Ev::Discarded {
            seat,
            face: card.face,
        });
        if self.deal.hands[seat].is_empty() {
            self.end_deal(DealEnd::WentOut { seat }, ev);
        } else {
            self.begin_turn((seat + 1) % self.seats, ev);
        }
    }

    pub(crate) fn do_draw(&mut self, seat: Seat, ev: &mut Vec<Ev>) {
        // `begin_turn` ended the deal if the talon was empty.
        if let Some(c) = self.deal.talon.pop() {
            self.deal.hands[seat].push(c);
        }
        self.phase = Phase::Play;
        ev.push(Ev::Drew { seat });
    }

    pub(crate) fn check_take_discard(&self) -> Result<(), RuleError> {
        self.need_phase(Phase::Draw)?;
        if !self.opts.draw_from_discard {
            return Err(game(E::VariantOff));
        }
        match self.deal.discard.last() {
            None => Err(game(E::DiscardPileEmpty)),
            Some(c) if is_ace(c) => Err(game(E::TopDiscardIsAce)),
            Some(_) => Ok(()),
        }
    }

    pub(crate) fn do_take_discard(&mut self, seat: Seat, ev: &mut Vec<Ev>) {
        if let Some(c) = self.deal.discard.pop() {
            self.deal.hands[seat].push(c);
            self.deal.taken = Some(c.id);
            ev.push(Ev::TookDiscard { seat, face: c.face });
        }
        self.phase = Phase::Play;
    }

    pub(crate) fn check_sit_out(&self, seat: Seat) -> Result<(), RuleError> {
        self.need_phase(Phase::Draw)?;
        if self.deal.received[seat].is_empty() {
            return Err(game(E::NoReceivedAce));
        }
        Ok(())
    }

    pub(crate) fn do_sit_out(&mut self, seat: Seat, ev: &mut Vec<Ev>) {
        if let Some(ace) = self.deal.received[seat].pop() {
            self.deal.discard.push(ace);
        }
        ev.push(Ev::SatOut { seat });
        self.begin_turn((seat + 1) % self.seats, ev);
    }

    pub(crate) fn do_redeal_choice(&mut self, seat: Seat, redeal: bool, ev: &mut Vec<Ev>) {
        if redeal {
            ev.push(Ev::Redealt { seat });
            self.deal_cards(true, ev);
        } else {
            ev.push(Ev::KeptHand { seat });
            self.deal.redeal_queue.remove(0);
            self.offer_redeal_or_start(ev);
        }
    }

    pub(crate) fn do_next_deal(&mut self, ev: &mut Vec<Ev>) {
        self.dealer = (self.dealer + 1) % self.seats;
        self.deal_cards(false, ev);
    }
}
