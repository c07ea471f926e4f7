//! What the bots know about a position: the options, the hand, the plan for the turn, and
//! how useful each card is.

use super::outs::Outs;
use super::params::Params;
use super::partition::{best_partition, best_reading, Partition};
use engine::meld::MeldRules;
use engine::romme::{
    EndMode, LayOffPolicy, PhaseView, RommeAction, RommeOptions, RommeView, TableMeldView,
};
use engine::{penalty, Card, CardId, Face, PenaltyTable, Seat};

/// A position as one bot sees it.
pub(crate) struct Ctx<'a> {
    pub view: &'a RommeView,
    pub legal: &'a [RommeAction],
    pub opts: &'a RommeOptions,
    /// The options were given to the bot (otherwise only listed melds are played).
    pub known: bool,
    pub rules: MeldRules,
    pub table: PenaltyTable,
    pub me: Seat,
    /// Discards opponents took this deal (and have not melded).
    pub collected: &'a [(Seat, Face)],
    /// The heuristic's constants.
    pub p: Params,
    /// Copies of each French face (suit × 13 + rank − 1) this seat has seen: its hand, the
    /// table and the discard pile as remembered (only with [`Params::live`], [`Params::outs`]
    /// or [`Params::learned`]).
    pub(crate) seen: [u8; 52],
}

impl<'a> Ctx<'a> {
    pub fn new(
        view: &'a RommeView,
        legal: &'a [RommeAction],
        opts: &'a RommeOptions,
        known: bool,
        seen: (&'a [(Seat, Face)], &[Face]),
        p: Params,
    ) -> Ctx<'a> {
        let (collected, pile) = seen;
        Ctx {
            seen: if p.live != 0 || p.outs != 0 || p.learned != 0 {
                seen_faces(view, pile)
            } else {
                [0; 52]
            },
            view,
            legal,
            opts,
            known,
            rules: opts.meld_rules(),
            table: opts.penalty_table(),
            me: view.seat,
            collected,
            p,
        }
    }

    pub fn pen(&self, c: &Card) -> u32 {
        penalty(c.face, self.table)
    }

    pub fn listed(&self, a: &RommeAction) -> bool {
        self.legal.contains(a)
    }

    /// Hand cards plus freed jokers (everything that may be placed).
    pub fn placeable(&self) -> Vec<Card> {
        let mut v = self.view.hand.clone();
        if self.view.turn == self.me {
            v.extend(self.view.freed_jokers.iter().copied());
        }
        v
    }

    pub fn in_hand(&self, id: CardId) -> bool {
        self.view.hand.iter().any(|c| c.id == id)
    }

    /// The turn owner still has to reach the opening minimum this turn.
    pub fn opening_turn(&self) -> bool {
        let pending = self
            .view
            .table
            .iter()
            .any(|t| t.pending && t.owner == self.me);
        !self.view.opened.get(self.me).copied().unwrap_or(false) || pending
    }

    pub fn needs_minimum(&self) -> bool {
        self.view.opening_needed > 0 && self.opening_turn()
    }

    /// May `seat` lay off onto `m` (if `opened`)?
    pub fn may_lay_on(&self, seat: Seat, m: &TableMeldView, opened: bool) -> bool {
        match self.opts.lay_off {
            LayOffPolicy::OwnMelds => m.owner == seat,
            LayOffPolicy::AnyAfterOwnFirstMeld => m.owner == seat || opened,
            LayOffPolicy::AnyAnyTime => true,
        }
    }

    /// A meld of these cards as an action, only if it is certainly legal now.
    pub fn meld_action(&self, cards: &[Card]) -> Option<RommeAction> {
        let mut ids: Vec<CardId> = cards.iter().map(|c| c.id).collect();
        engine::sort::sort(&mut ids);
        let listed = self.legal.iter().find(|a| match a {
            RommeAction::Meld { cards, .. } => {
                let mut k = cards.clone();
                engine::sort::sort(&mut k);
                k == ids
            }
            _ => false,
        });
        if let Some(a) = listed {
            return Some(a.clone());
        }
        let playing = matches!(self.view.phase, PhaseView::Play { seat } if seat == self.me);
        if !self.known || !playing {
            return None;
        }
        let (_, hint) = best_reading(cards, &self.rules)?;
        let from_hand = cards.iter().filter(|c| self.in_hand(c.id)).count();
        let freed_left = self
            .view
            .freed_jokers
            .len()
            .saturating_sub(cards.len() - from_hand);
        let hand_after = self.view.hand.len() - from_hand;
        if hand_after == 0 && (self.opts.go_out_needs_discard || freed_left > 0) {
            return None;
        }
        if hand_after == 0 && self.needs_minimum() {
            let pts = self.view.opening_points
                + best_reading(cards, &self.rules).map_or(0, |(m, _)| m.opening_value());
            if pts < self.view.opening_needed {
                return None;
            }
        }
        Some(RommeAction::Meld {
            cards: cards.iter().map(|c| c.id).collect(),
            hint: Some(hint),
        })
    }

    /// The partition to play this turn: the best one that keeps a card to discard when
    /// going out needs a discard.
    pub fn plan(&self, cards: &[Card]) -> Partition {
        let p = best_partition(cards, &self.rules, self.table);
        if !self.opts.go_out_needs_discard || p.rest.iter().any(|c| self.discardable(c.id)) {
            return p;
        }
        let mut best: Option<Partition> = None;
        for d in cards.iter().filter(|c| self.discardable(c.id)) {
            let others: Vec<Card> = cards.iter().filter(|c| c.id != d.id).copied().collect();
            let mut q = best_partition(&others, &self.rules, self.table);
            q.rest.push(*d);
            if best.as_ref().is_none_or(|b| q.value > b.value) {
                best = Some(q);
            }
        }
        best.unwrap_or(p)
    }

    pub fn discardable(&self, id: CardId) -> bool {
        self.in_hand(id) && self.view.taken_discard != Some(id)
    }

    /// Opening points that lay-offs of `rest` would add (one card per table meld).
    pub fn lay_off_points(&self, rest: &[Card]) -> u32 {
        if !self.opts.first_meld_counts_lay_off {
            return 0;
        }
        let mut pts = 0;
        for m in &self.view.table {
            if m.owner != self.me && self.opts.lay_off == LayOffPolicy::OwnMelds {
                continue;
            }
            let best = rest
                .iter()
                .filter(|c| c.face != Face::Joker)
                .filter_map(|c| m.meld.extend(*c, &self.rules).ok())
                .map(|n| n.opening_value().saturating_sub(m.meld.opening_value()))
                .max();
            pts += best.unwrap_or(0);
        }
        pts
    }

    /// Can `card` be laid off onto a meld on the table by `seat` (who has `opened`)?
    pub fn fits_table(&self, seat: Seat, card: &Card, opened: bool) -> bool {
        self.view
            .table
            .iter()
            .any(|m| self.may_lay_on(seat, m, opened) && m.meld.extend(*card, &self.rules).is_ok())
    }

    /// Does adding `card` to the hand make it part of the planned melds (keeping another
    /// card to discard when going out needs one)?
    pub fn melds_with(&self, card: Card) -> (bool, Partition) {
        let mut cards = self.placeable();
        let before = self.plan(&cards).value;
        cards.push(card);
        // The new card is not in the hand yet, so `plan` never keeps it as the discard.
        let p = self.plan(&cards);
        let covered = p.melds.iter().flatten().any(|c| c.id == card.id)
            && p.value >= before + self.pen(&card);
        (covered, p)
    }

    /// How much keeping `c` is worth: partial sets and sequences with the other cards.
    pub fn keep_value(&self, c: &Card, others: &[Card]) -> i32 {
        let Face::French { rank, suit } = c.face else {
            return 200;
        };
        let p = &self.p;
        let mut keep = 0;
        for o in others.iter().filter(|o| o.id != c.id) {
            match o.face {
                Face::Joker => keep += p.keep_joker,
                Face::French { rank: r, suit: s } => {
                    if r == rank && !(self.rules.set_distinct_suits && s == suit) {
                        keep += p.keep_rank;
                    }
                    if s == suit && r != rank {
                        let d = seq_distance(rank.0, r.0);
                        let k = match d {
                            1 => p.keep_seq1,
                            2 => p.keep_seq2,
                            _ => 0,
                        };
                        keep += if p.live != 0 && k != 0 {
                            k * self.live_outs(rank.0, r.0, suit).min(2) / 2
                        } else {
                            k
                        };
                    }
                }
                _ => {}
            }
        }
        keep
    }

    /// Unseen copies of the cards that make a sequence of two cards of `suit` (ranks `a`
    /// and `b`, one or two apart) a meld of three.
    pub(crate) fn live_outs(&self, a: u8, b: u8, suit: engine::Suit) -> i32 {
        // Positions 1..=14, the ace low (1) or high (14), whichever makes the pair close.
        let (x, y) = if a.abs_diff(b) <= 2 {
            (a.min(b), a.max(b))
        } else {
            let hi = |r: u8| if r == 1 { 14 } else { r };
            (hi(a).min(hi(b)), hi(a).max(hi(b)))
        };
        let unseen = |pos: u8| -> i32 {
            if pos == 0 || pos > 14 {
                return 0;
            }
            let rank = if pos == 14 { 1 } else { pos };
            let i = suit_index(suit) * 13 + usize::from(rank) - 1;
            2 - i32::from(self.seen[i].min(2))
        };
        if y - x == 2 {
            unseen(x + 1)
        } else {
            unseen(x - 1) + unseen(y + 1)
        }
    }

    /// How much discarding `c` helps an opponent.
    pub fn danger(&self, c: &Card, collected: &[(Seat, Face)]) -> i32 {
        let n = self.view.seats.max(1);
        let next = (self.me + 1) % n;
        let Face::French { rank, suit } = c.face else {
            return self.p.danger_joker;
        };
        let mut d = 0;
        for &(seat, f) in collected {
            if let Face::French { rank: r, suit: s } = f {
                let close = r == rank || (s == suit && seq_distance(r.0, rank.0) <= 2);
                if close {
                    d += if seat == next || self.opts.buying {
                        self.p.danger_near
                    } else {
                        self.p.danger_far
                    };
                }
            }
        }
        let opened = self.view.opened.get(next).copied().unwrap_or(false);
        if self.opts.draw_from_discard != engine::romme::DiscardDraw::No
            && self.fits_table(next, c, opened)
        {
            d += self.p.danger_fit;
        }
        d
    }

    /// The card to throw away among the listed discards.
    pub fn best_discard(&self, plan: &Partition) -> Option<RommeAction> {
        let card = match self.finishing_discard() {
            Some(id) => id,
            None => *self.ranked_discards(plan).first()?,
        };
        Some(RommeAction::Discard { card })
    }

    /// The listed discards, hand cards only.
    pub(crate) fn discard_cards(&self) -> Vec<Card> {
        self.legal
            .iter()
            .filter_map(|a| match a {
                RommeAction::Discard { card } => self.view.hand.iter().find(|c| c.id == *card),
                _ => None,
            })
            .copied()
            .collect()
    }

    /// End mode bid ≤ N: the highest discard that leaves at most N pips (declare at once).
    pub fn finishing_discard(&self) -> Option<CardId> {
        if self.opts.end_mode != EndMode::BidAtMost {
            return None;
        }
        let pips: u32 = self.view.hand.iter().map(|c| self.pen(c)).sum();
        let limit = u32::from(self.opts.target_pips);
        self.discard_cards()
            .into_iter()
            .filter(|c| pips.saturating_sub(self.pen(c)) <= limit)
            .max_by_key(|c| (self.pen(c), c.id))
            .map(|c| c.id)
    }

    /// An opponent holds at most [`Params::close_hand`] cards.
    pub fn danger_close(&self) -> bool {
        self.view
            .hand_sizes
            .iter()
            .enumerate()
            .any(|(s, &n)| s != self.me && n <= self.p.close_hand)
    }

    /// The listed discards, the best first (the normal bot's judgement; with
    /// [`Params::learned`] its first three in the learned order, [`super::learned`]).
    pub fn ranked_discards(&self, plan: &Partition) -> Vec<CardId> {
        let collected = self.collected;
        let rest = &plan.rest;
        let danger_close = self.danger_close();
        let melded: Vec<CardId> = plan.melds.iter().flatten().map(|c| c.id).collect();
        // The outs count serves the score (`Params::outs`) and the learned order's features.
        let learned = super::learned::weights(self);
        let outs = (self.p.outs != 0 || learned.is_some())
            .then(|| Outs::new(rest, &self.seen, &self.rules));
        let score = |c: &Card| -> i32 {
            let pen = self.pen(c) as i32;
            let mut s = if danger_close || self.opts.end_mode == EndMode::BidAtMost {
                pen * self.p.pips_close / 4
            } else {
                pen * self.p.pips / 4
            };
            s -= self.keep_value(c, rest);
            s -= self.danger(c, collected);
            if melded.contains(&c.id) {
                s -= 300;
            }
            if let (Some(outs), true) = (&outs, self.p.outs != 0) {
                s += outs.of(c.id) * self.p.outs / 4;
            }
            s
        };
        let discards = self.discard_cards();
        let mut cards: Vec<(i32, u32, Card)> = discards
            .iter()
            .map(|c| (score(c), self.pen(c), *c))
            .collect();
        engine::sort::sort_by_key(&mut cards, |b| std::cmp::Reverse((b.0, b.1, b.2.id)));
        let mut ranked: Vec<CardId> = cards.into_iter().map(|(_, _, c)| c.id).collect();
        if let (Some(w), Some(outs)) = (learned, &outs) {
            super::learned::rerank(self, (plan, outs, &discards), w, &mut ranked);
        }
        ranked
    }
}

pub(crate) fn suit_index(s: engine::Suit) -> usize {
    engine::Suit::ALL.iter().position(|&x| x == s).unwrap_or(0)
}

/// Copies of each French face seen by the view's seat: hand, freed jokers, table, the
/// remembered discard pile (its top included).
fn seen_faces(view: &RommeView, pile: &[Face]) -> [u8; 52] {
    let mut seen = [0u8; 52];
    let faces = view
        .hand
        .iter()
        .map(|c| c.face)
        .chain(
            view.table
                .iter()
                .flat_map(|m| m.meld.cards.iter().map(|p| p.card.face)),
        )
        .chain(pile.iter().copied());
    for f in faces {
        if let Face::French { rank, suit } = f {
            let i = suit_index(suit) * 13 + usize::from(rank.0).saturating_sub(1);
            seen[i.min(51)] = seen[i.min(51)].saturating_add(1);
        }
    }
    seen
}

/// Distance of two ranks in a sequence, the ace counting low or high.
pub fn seq_distance(a: u8, b: u8) -> u8 {
    let d = a.abs_diff(b);
    let hi = |r: u8| if r == 1 { 14 } else { r };
    d.min(hi(a).abs_diff(hi(b)))
}

/// Cards used from the hand by a rob and the opening value of its new melds.
pub(crate) fn rob_effect(
    ctx: &Ctx,
    melds: &[Vec<CardId>],
    lay_offs: &[(CardId, engine::romme::MeldId)],
) -> (Vec<CardId>, u32) {
    let mut known: Vec<Card> = ctx.placeable();
    known.extend(ctx.view.discard_top);
    for m in &ctx.view.table {
        known.extend(m.meld.cards.iter().map(|p| p.card));
    }
    let mut used = Vec::new();
    let mut pts = 0;
    for ids in melds {
        let cards: Vec<Card> = ids
            .iter()
            .filter_map(|id| known.iter().find(|c| c.id == *id).copied())
            .collect();
        if let Ok(m) = engine::validate(&cards, &ctx.rules) {
            pts += m.opening_value();
        }
        used.extend(ids.iter().copied().filter(|id| ctx.in_hand(*id)));
    }
    used.extend(
        lay_offs
            .iter()
            .map(|(id, _)| *id)
            .filter(|id| ctx.in_hand(*id)),
    );
    (used, pts)
}
