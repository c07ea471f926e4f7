//! The turn: draw, meld (the transaction check), pass, knock, end of turn, final turns.
//!
//! Every action is first checked by a `check_*` method that only reads the state; the
//! matching `do_*` method then mutates. A rejected action never changes anything.

use super::actions::{KarussellError, KarussellEvent, RoundEnd, Slot};
use super::state::{Karussell, Phase};
use super::table::{check_meld, TableCard};
use super::RuleError;
use crate::card::{Card, CardId, Face, Rank, Suit};
use crate::family::hand_card;
use crate::game::{Moment, Seat};

pub(crate) fn err(e: KarussellError) -> RuleError {
    RuleError::Game(e)
}

/// A checked `Meld`: the new table and the hand cards it uses.
#[derive(Clone, Debug)]
pub(crate) struct MeldPlan {
    pub table: Vec<Vec<TableCard>>,
    pub from_hand: Vec<Card>,
}

/// Puts a legal meld in a readable order: groups by suit, sequences by rank (the ace high
/// when the sequence reaches the king or queen).
pub fn arrange(meld: &mut [TableCard]) {
    let face = |t: &TableCard| match t.as_face {
        Face::French { rank, suit } => (rank.0, suit),
        _ => (0, Suit::Clubs),
    };
    let is_group = meld.windows(2).all(|w| face(&w[0]).0 == face(&w[1]).0);
    if is_group {
        crate::sort::sort_by_key(meld, |t| face(t).1);
        return;
    }
    let ace_high = meld.iter().any(|t| face(t).0 >= 12) && !meld.iter().any(|t| face(t).0 == 2);
    crate::sort::sort_by_key(meld, |t| {
        let r = face(t).0;
        if r == 1 && ace_high {
            14
        } else {
            r
        }
    });
}

impl Karussell {
    /// What the game waits for now (for [`RuleError::WrongPhase`]).
    pub(crate) fn moment(&self) -> Moment {
        match self.phase {
            Phase::Turn if self.round.draws == 0 => Moment::Draw,
            Phase::Turn | Phase::FinalTurn => Moment::Play,
            Phase::KnockDecision => Moment::AfterDiscard,
            Phase::RoundOver | Phase::MatchOver => Moment::DealOver,
        }
    }

    pub(crate) fn wrong_phase(&self) -> RuleError {
        RuleError::WrongPhase {
            expected: self.moment(),
        }
    }

    // ---- draw ----------------------------------------------------------------------

    pub(crate) fn check_draw(&self) -> Result<(), RuleError> {
        let r = &self.round;
        match self.phase {
            Phase::Turn => {}
            Phase::FinalTurn => return Err(err(KarussellError::StockEmpty)),
            _ => return Err(self.wrong_phase()),
        }
        if r.melded {
            return Err(err(KarussellError::AlreadyMelded));
        }
        if r.draws >= 3 {
            return Err(err(KarussellError::NoMoreDraws));
        }
        if r.stock.is_empty() {
            return Err(err(KarussellError::StockEmpty));
        }
        Ok(())
    }

    pub(crate) fn do_draw(&mut self, seat: Seat, ev: &mut Vec<KarussellEvent>) {
        let r = &mut self.round;
        if let Some(c) = r.stock.pop() {
            r.hands[seat].push(c);
        }
        r.draws += 1;
        ev.push(KarussellEvent::Drew {
            seat,
            draw: r.draws,
        });
        if r.stock.is_empty() {
            r.emptied_by = Some(seat);
        }
        if r.draws >= 3 {
            ev.push(KarussellEvent::TurnEnded { seat });
            self.end_of_turn(ev);
        }
    }

    // ---- meld ----------------------------------------------------------------------

    /// May the turn owner meld now?
    pub(crate) fn check_meld_phase(&self) -> Result<(), RuleError> {
        let r = &self.round;
        match self.phase {
            Phase::Turn if r.draws == 0 => Err(self.wrong_phase()),
            Phase::Turn | Phase::FinalTurn => {
                if r.draws >= 3 {
                    Err(err(KarussellError::NotAfterThirdDraw))
                } else if r.melded && self.opts.meld_ends_turn {
                    Err(err(KarussellError::AlreadyMelded))
                } else {
                    Ok(())
                }
            }
            Phase::KnockDecision if r.draws >= 3 && !r.melded => {
                Err(err(KarussellError::NotAfterThirdDraw))
            }
            _ => Err(self.wrong_phase()),
        }
    }

    /// Validates a whole transaction (see the module docs) without changing anything.
    pub(crate) fn check_meld_tx(
        &self,
        seat: Seat,
        table: &[Vec<Slot>],
    ) -> Result<MeldPlan, RuleError> {
        self.check_meld_phase()?;
        let r = &self.round;
        let n = self.opts.deck(self.seats).len();
        // The old identity of every table card, by id.
        let mut old: Vec<Option<TableCard>> = vec![None; n];
        for t in r.table.iter().flatten() {
            if let Some(o) = old.get_mut(t.card.id.0 as usize) {
                *o = Some(*t);
            }
        }
        let mut seen = vec![false; n];
        let mut from_hand: Vec<Card> = Vec::new();
        let mut new_table: Vec<Vec<TableCard>> = Vec::with_capacity(table.len());
        let mut hand_only: Vec<bool> = Vec::with_capacity(table.len());
        for meld in table {
            let mut cards = Vec::with_capacity(meld.len());
            let mut only_hand = true;
            for slot in meld {
                let id = slot.card;
                let i = id.0 as usize;
                if i >= n {
                    return Err(RuleError::CardNotInHand { card: id });
                }
                if seen[i] {
                    return Err(RuleError::DuplicateCard { card: id });
                }
                seen[i] = true;
                let (card, was) = if let Some(t) = old[i] {
                    only_hand = false;
                    (t.card, Some(t.as_face))
                } else if let Some(c) = hand_card(&r.hands, seat, id) {
                    from_hand.push(c);
                    (c, None)
                } else {
                    return Err(RuleError::CardNotInHand { card: id });
                };
                let as_face = if card.face == Face::Joker {
                    match (slot.as_face, was) {
                        (Some(f), _) => f,
                        (None, Some(w)) => w,
                        (None, None) => {
                            return Err(err(KarussellError::JokerNeedsIdentity { card: id }))
                        }
                    }
                } else {
                    slot.as_face.unwrap_or(card.face)
                };
                cards.push(TableCard { card, as_face });
            }
            new_table.push(cards);
            hand_only.push(only_hand);
        }
        if let Some(t) = r
            .table
            .iter()
            .flatten()
            .find(|t| !seen[t.card.id.0 as usize])
        {
            return Err(err(KarussellError::TableCardMissing { card: t.card.id }));
        }
        if from_hand.is_empty() {
            return Err(err(KarussellError::NoHandCard));
        }
        for (i, m) in new_table.iter().enumerate() {
            check_meld(m).map_err(|error| err(KarussellError::IllegalMeld { meld: i, error }))?;
        }
        check_joker_identities(&old, &new_table)?;
        if r.table.is_empty() && !hand_only.iter().any(|&h| h) {
            return Err(err(KarussellError::FirstMeldNeedsHandMeld));
        }
        for m in &mut new_table {
            arrange(m);
        }
        Ok(MeldPlan {
            table: new_table,
            from_hand,
        })
    }

    pub(crate) fn do_meld(&mut self, seat: Seat, plan: MeldPlan, ev: &mut Vec<KarussellEvent>) {
        let r = &mut self.round;
        r.hands[seat].retain(|c| !plan.from_hand.iter().any(|h| h.id == c.id));
        r.table = plan.table;
        r.melded = true;
        ev.push(KarussellEvent::Melded {
            seat,
            from_hand: plan.from_hand.len(),
            faces: plan.from_hand.iter().map(|c| c.face).collect(),
            melds: r.table.len(),
        });
        if r.hands[seat].is_empty() {
            ev.push(KarussellEvent::WentOut { seat });
            self.finish_round(RoundEnd::WentOut { seat }, ev);
        } else if self.opts.meld_ends_turn {
            self.end_of_turn(ev);
        }
    }

    // ---- pass / knock / end turn ---------------------------------------------------

    pub(crate) fn check_pass(&self) -> Result<(), RuleError> {
        let r = &self.round;
        match self.phase {
            Phase::FinalTurn => Ok(()),
            Phase::Turn if r.draws == 0 => Err(self.wrong_phase()),
            Phase::Turn if r.stock.is_empty() || r.melded => Ok(()),
            Phase::Turn => Err(err(KarussellError::CannotPass)),
            _ => Err(self.wrong_phase()),
        }
    }

    pub(crate) fn do_pass(&mut self, seat: Seat, ev: &mut Vec<KarussellEvent>) {
        ev.push(KarussellEvent::Passed { seat });
        self.end_of_turn(ev);
    }

    pub(crate) fn check_knock(&self, seat: Seat) -> Result<u32, RuleError> {
        let have = self.hand_value(seat);
        let limit = self.opts.knock_limit;
        match self.phase {
            Phase::KnockDecision => Ok(have),
            Phase::FinalTurn => Err(err(KarussellError::NoKnockInFinalTurn)),
            Phase::Turn if have > u32::from(limit) => {
                Err(err(KarussellError::HandTooHigh { limit, have }))
            }
            _ => Err(self.wrong_phase()),
        }
    }

    pub(crate) fn do_knock(&mut self, seat: Seat, pips: u32, ev: &mut Vec<KarussellEvent>) {
        ev.push(KarussellEvent::Knocked { seat, pips });
        self.finish_round(RoundEnd::Knocked { seat, pips }, ev);
    }

    pub(crate) fn check_end_turn(&self) -> Result<(), RuleError> {
        if self.phase == Phase::KnockDecision {
            Ok(())
        } else {
            Err(self.wrong_phase())
        }
    }

    /// The turn owner's turn is over (drew three, melded, or passed).
    pub(crate) fn end_of_turn(&mut self, ev: &mut Vec<KarussellEvent>) {
        let seat = self.round.turn;
        match self.phase {
            Phase::FinalTurn => self.next_final_turn(ev),
            _ if self.hand_value(seat) <= u32::from(self.opts.knock_limit) => {
                self.phase = Phase::KnockDecision;
            }
            _ => self.pass_on(ev),
        }
    }

    /// The next player's normal turn — or the final turns if the stock ran out.
    pub(crate) fn pass_on(&mut self, ev: &mut Vec<KarussellEvent>) {
        let seat = self.round.turn;
        if self.round.stock.is_empty() {
            let emptier = *self.round.emptied_by.get_or_insert(seat);
            self.start_final_turns(emptier, ev);
        } else {
            self.begin_turn((seat + 1) % self.seats, ev);
        }
    }

    fn next_final_turn(&mut self, ev: &mut Vec<KarussellEvent>) {
        let r = &mut self.round;
        r.final_left = r.final_left.saturating_sub(1);
        if r.final_left == 0 {
            let emptied_by = r.emptied_by.unwrap_or(r.turn);
            self.finish_round(RoundEnd::StockExhausted { emptied_by }, ev);
        } else {
            r.turn = (r.turn + 1) % self.seats;
            r.draws = 0;
            r.melded = false;
        }
    }
}

/// The joker rule: for each face F, the table jokers whose identity changes away from F
/// may be at most as many as the real F cards on the new table.
fn check_joker_identities(
    old: &[Option<TableCard>],
    new_table: &[Vec<TableCard>],
) -> Result<(), RuleError> {
    let changed: Vec<(CardId, Face)> = new_table
        .iter()
        .flatten()
        .filter(|t| t.is_joker())
        .filter_map(|t| {
            let was = old.get(t.card.id.0 as usize).copied().flatten()?;
            (was.as_face != t.as_face).then_some((t.card.id, was.as_face))
        })
        .collect();
    for (k, &(card, face)) in changed.iter().enumerate() {
        let away = changed[..=k].iter().filter(|c| c.1 == face).count();
        let real = new_table
            .iter()
            .flatten()
            .filter(|t| !t.is_joker() && t.card.face == face)
            .count();
        if away > real {
            return Err(err(KarussellError::JokerIdentityChanged { card }));
        }
    }
    Ok(())
}

/// A French face from rank and suit (ranks 1..=13; 14 is the ace).
pub(crate) fn face(rank: u8, suit: Suit) -> Face {
    Face::French {
        rank: Rank(if rank == 14 { 1 } else { rank }),
        suit,
    }
}
