//! Räuber-Rommé: the rob transaction, validated as a whole.
//!
//! `Rob { take, melds, lay_offs }`:
//! - `take`: cards from table melds; in the draw phase it must also contain the top
//!   discard (the rob is then the turn's draw). In the play phase the discard cannot be
//!   taken (you have drawn already).
//! - every meld left on the table must still be legal (≥ 3 cards); a meld whose cards
//!   are all taken disappears;
//! - `melds`: new melds from hand cards, freed jokers and taken cards;
//! - `lay_offs`: applied in order after the new melds; the target may be an existing meld
//!   or one of the new melds (their ids follow on from the table's);
//! - every taken card must end up on the table again;
//! - opening points (`raeuber_opening_counts`): `Reused`, the new melds (taken cards
//!   included) and every meld extended this turn, whole; `Table`, the whole table after
//!   the rob; `AddedOnly` (saves begun before issue 25), the new melds plus what the
//!   lay-offs added when `first_meld_counts_lay_off`.

use super::actions::{MeldId, RommeError, RommeEvent};
use super::options::LayOffPolicy;
use super::state::{remove_card, Phase, Romme, TableMeld};
use super::turn::{err, wrong_phase};
use super::RuleError;
use crate::card::{Card, CardId};
use crate::game::{Moment, Seat};
use crate::meld::validate;

pub(crate) struct RobPlan {
    table: Vec<TableMeld>,
    next_meld: u32,
    hand: Vec<Card>,
    freed: Vec<Card>,
    /// The turn's opening points after the rob.
    opening: u32,
    /// Melds that now count towards the opening (new ones, extended ones).
    counted: Vec<MeldId>,
    goes_out: bool,
    discard: Option<Card>,
    taken: Vec<Card>,
    new_ids: Vec<MeldId>,
}

/// The table after a rob's `take`: the melds that lost cards checked again (emptied ones
/// gone), the cards taken (the top discard among them) and the discard, when taken.
struct Taken {
    table: Vec<TableMeld>,
    taken: Vec<Card>,
    discard: Option<Card>,
}

/// Where a rob's melds and lay-offs find their cards: the taken cards first, then the hand,
/// then the freed jokers; each card once.
struct RobCards {
    pool: Vec<Card>,
    hand: Vec<Card>,
    freed: Vec<Card>,
    used: Vec<CardId>,
}

impl RobCards {
    /// Takes card `id` from the pool, the hand or the freed jokers; a card named twice is a
    /// `DuplicateCard`, one found nowhere `CardNotInHand`.
    fn grab(&mut self, id: CardId) -> Result<Card, RuleError> {
        if self.used.contains(&id) {
            return Err(RuleError::DuplicateCard { card: id });
        }
        self.used.push(id);
        remove_card(&mut self.pool, id)
            .or_else(|| remove_card(&mut self.hand, id))
            .or_else(|| remove_card(&mut self.freed, id))
            .ok_or(RuleError::CardNotInHand { card: id })
    }
}

impl Romme {
    /// Validates a whole rob of `seat` without changing the state — robbing allowed now, the
    /// cards taken, the new melds and the lay-offs legal, every taken card placed again, the
    /// opening and going out — and returns the plan that [`Romme::do_rob`] carries out.
    pub(crate) fn check_rob(
        &self,
        seat: Seat,
        take: &[CardId],
        melds: &[Vec<CardId>],
        lay_offs: &[(CardId, MeldId)],
    ) -> Result<RobPlan, RuleError> {
        let drawing = self.check_rob_moment()?;
        if melds.is_empty() && lay_offs.is_empty() {
            return Err(err(RommeError::EmptyRob));
        }
        let d = &self.deal;
        let Taken {
            mut table,
            taken,
            discard,
        } = self.take_from_table(take, drawing)?;
        let mut cards = RobCards {
            pool: taken.clone(),
            hand: d.hands[seat].clone(),
            freed: d.ts.freed_jokers.clone(),
            used: Vec::new(),
        };
        let mut next_meld = d.next_meld;
        let (mut points, new_ids) =
            self.rob_new_melds(seat, melds, &mut cards, &mut table, &mut next_meld)?;
        let opened = d.opened[seat] || !melds.is_empty();
        let mut counted = d.ts.counted.clone();
        counted.extend(new_ids.iter().copied());
        for &(id, target) in lay_offs {
            if discard.is_some_and(|c| c.id == id) {
                // The discard taken by this rob: as if it were the turn's `must_place`.
                if self.opts.draw_from_discard == super::options::DiscardDraw::IntoNewMeld {
                    return Err(err(RommeError::DiscardMustGoIntoNewMeld { card: id }));
                }
            }
            self.check_not_taken_card(id)?;
            let card = cards.grab(id)?;
            points += self.rob_lay_off(seat, opened, &mut table, card, target, &mut counted)?;
        }
        if let Some(c) = cards.pool.first() {
            return Err(err(RommeError::TakenCardNotReused { card: c.id }));
        }
        let opening = self.opening_after(
            table.iter().map(|m| (m.id, &m.meld)),
            |id| counted.contains(&id),
            points,
        );
        let goes_out = self.check_go_out(cards.hand.len(), cards.freed.len(), opening)?;
        Ok(RobPlan {
            table,
            next_meld,
            hand: cards.hand,
            freed: cards.freed,
            opening,
            counted,
            goes_out,
            discard,
            taken,
            new_ids,
        })
    }

    /// Whether a rob may be played now; `true` when it is the turn's draw (the draw phase),
    /// `false` in the play phase.
    fn check_rob_moment(&self) -> Result<bool, RuleError> {
        if !self.opts.robbing {
            return Err(err(RommeError::RobbingDisabled));
        }
        match self.phase {
            Phase::Draw => Ok(true),
            Phase::Play => Ok(false),
            _ => Err(self.not_now()),
        }
    }

    /// Takes a rob's `take` cards from a copy of the table (the top discard only as the turn's
    /// draw, when `drawing`, and which a draw must include), then checks the melds that lost
    /// cards again and drops the emptied ones.
    fn take_from_table(&self, take: &[CardId], drawing: bool) -> Result<Taken, RuleError> {
        let top = self.deal.discard.last().copied();
        let mut table = self.deal.table.clone();
        let mut taken: Vec<Card> = Vec::new();
        let mut discard = None;
        let mut touched: Vec<usize> = Vec::new();
        for (i, &id) in take.iter().enumerate() {
            if take[..i].contains(&id) {
                return Err(RuleError::DuplicateCard { card: id });
            }
            if top.is_some_and(|c| c.id == id) {
                if !drawing {
                    return Err(err(RommeError::DiscardOnlyAsDraw));
                }
                if self.opts.draw_from_discard == super::options::DiscardDraw::No {
                    return Err(err(RommeError::DiscardNotAvailable));
                }
                discard = top;
                taken.extend(top);
                continue;
            }
            let found = table.iter().enumerate().find_map(|(mi, m)| {
                m.meld
                    .cards
                    .iter()
                    .position(|p| p.card.id == id)
                    .map(|ci| (mi, ci))
            });
            let Some((mi, ci)) = found else {
                return Err(err(RommeError::CardNotOnTable { card: id }));
            };
            taken.push(table[mi].meld.cards.remove(ci).card);
            if !touched.contains(&mi) {
                touched.push(mi);
            }
        }
        if drawing && discard.is_none() {
            // Without the top discard a rob is no draw: draw first.
            return Err(wrong_phase(Moment::Draw));
        }
        let rules = self.opts.meld_rules();
        // Re-check the melds that lost cards.
        for &mi in &touched {
            let m = &mut table[mi];
            if m.meld.cards.is_empty() {
                continue;
            }
            let rest: Vec<Card> = m.meld.cards.iter().map(|p| p.card).collect();
            m.meld = validate(&rest, &rules)
                .map_err(|error| err(RommeError::RobLeavesIllegalMeld { meld: m.id, error }))?;
        }
        table.retain(|m| !m.meld.cards.is_empty());
        Ok(Taken {
            table,
            taken,
            discard,
        })
    }

    /// Lays a rob's new `melds` of `seat` on the plan's table, their ids from `next_meld` on;
    /// returns their opening points and their ids.
    fn rob_new_melds(
        &self,
        seat: Seat,
        melds: &[Vec<CardId>],
        cards: &mut RobCards,
        table: &mut Vec<TableMeld>,
        next_meld: &mut u32,
    ) -> Result<(u32, Vec<MeldId>), RuleError> {
        let rules = self.opts.meld_rules();
        let mut points = 0;
        let mut new_ids = Vec::new();
        for ids in melds {
            let meld_cards = ids
                .iter()
                .map(|&id| cards.grab(id))
                .collect::<Result<Vec<_>, _>>()?;
            let meld = validate(&meld_cards, &rules)?;
            points += meld.opening_value();
            new_ids.push(MeldId(*next_meld));
            table.push(TableMeld {
                id: MeldId(*next_meld),
                owner: seat,
                meld,
            });
            *next_meld += 1;
        }
        Ok((points, new_ids))
    }

    /// One lay-off of a rob onto the table as it stands in the plan (`opened`: the player
    /// has opened, this rob's new melds included); returns the opening points it adds
    /// ([`RaeuberOpening::AddedOnly`]) and notes the meld in `counted`.
    ///
    /// [`RaeuberOpening::AddedOnly`]: super::options::RaeuberOpening::AddedOnly
    fn rob_lay_off(
        &self,
        seat: Seat,
        opened: bool,
        table: &mut [TableMeld],
        card: Card,
        target: MeldId,
        counted: &mut Vec<MeldId>,
    ) -> Result<u32, RuleError> {
        let mi = table
            .iter()
            .position(|m| m.id == target)
            .ok_or(err(RommeError::NoSuchMeld { meld: target }))?;
        let allowed = match self.opts.lay_off {
            LayOffPolicy::OwnMelds => table[mi].owner == seat,
            LayOffPolicy::AnyAfterOwnFirstMeld => table[mi].owner == seat || opened,
            LayOffPolicy::AnyAnyTime => true,
        };
        if !allowed {
            return Err(err(RommeError::LayOffNotAllowed {
                policy: self.opts.lay_off,
            }));
        }
        let old = &table[mi].meld;
        let new = old.extend(card, &self.opts.meld_rules())?;
        let mut added = 0;
        if self.opts.first_meld_counts_lay_off {
            added = new.opening_value().saturating_sub(old.opening_value());
            if !counted.contains(&target) {
                counted.push(target);
            }
        }
        table[mi].meld = new;
        Ok(added)
    }

    pub(crate) fn do_rob(&mut self, seat: Seat, plan: RobPlan, ev: &mut Vec<RommeEvent>) {
        if let Some(c) = plan.discard {
            // The rob is the turn's draw: record it as a discard draw (so `UndoTurn`
            // returns to "drew the discard"), then play.
            self.do_draw_discard(seat, c, ev);
        }
        let d = &mut self.deal;
        d.table = plan.table;
        d.next_meld = plan.next_meld;
        d.hands[seat] = plan.hand;
        d.ts.freed_jokers = plan.freed;
        if let Some(c) = d.ts.must_place {
            if !d.hands[seat].iter().any(|h| h.id == c) {
                d.ts.must_place = None;
            }
        }
        d.ts.played = true;
        if d.ts.opening_turn {
            d.ts.opening_points = plan.opening;
        }
        d.ts.counted = plan.counted;
        if !plan.new_ids.is_empty() {
            d.opened[seat] = true;
            d.first_melder.get_or_insert(seat);
        }
        ev.push(RommeEvent::Robbed {
            seat,
            taken: plan.taken.iter().map(|c| c.face).collect(),
            new_melds: plan.new_ids,
        });
        if plan.goes_out {
            self.went_out(seat, ev);
        }
    }
}
