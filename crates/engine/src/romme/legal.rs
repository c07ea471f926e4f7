//! Enumeration of legal actions: candidate melds from a hand, lay-offs, exchanges, robs.

use super::actions::{MeldId, RommeAction};
use super::state::{Phase, Romme};
use crate::card::{Card, CardId, Face};
use crate::game::Seat;
use crate::meld::{validate_with_hint, JokerHint, Meld, MeldKind, MeldRules};

/// Candidate melds from `cards` (sets and sequences, jokers filling gaps), bounded: for
/// each rank the growing prefixes of its cards (distinct suits first), with one or two
/// jokers; for each suit every window whose two end cards are natural and whose gaps the
/// jokers can fill, plus one extra joker. Only legal melds are returned.
pub fn meld_candidates(cards: &[Card], rules: &MeldRules) -> Vec<(Vec<CardId>, JokerHint)> {
    let jokers: Vec<CardId> = cards
        .iter()
        .filter(|c| c.face == Face::Joker)
        .map(|c| c.id)
        .collect();
    let nj = jokers.len();
    let mut raw: Vec<Vec<CardId>> = Vec::new();
    // Sets.
    for rank in 1..=13u8 {
        let mut distinct: Vec<Card> = Vec::new();
        let mut dupes: Vec<Card> = Vec::new();
        for c in cards {
            if let Face::French { rank: r, suit } = c.face {
                if r.0 != rank {
                    continue;
                }
                if distinct.iter().any(|d| d.face.suit() == Some(suit)) {
                    dupes.push(*c);
                } else {
                    distinct.push(*c);
                }
            }
        }
        if !rules.set_distinct_suits {
            distinct.extend(dupes);
        }
        let ids: Vec<CardId> = distinct.iter().map(|c| c.id).collect();
        for k in 3..=ids.len().min(8) {
            raw.push(ids[..k].to_vec());
        }
        if nj >= 1 && ids.len() >= 2 {
            raw.push([&ids[..2], &jokers[..1]].concat());
            if ids.len() >= 3 {
                raw.push([&ids[..], &jokers[..1]].concat());
            }
        }
        if nj >= 2 && !ids.is_empty() {
            raw.push([&ids[..1], &jokers[..2]].concat());
        }
    }
    // Sequences.
    for suit in crate::card::Suit::ALL {
        let mut at: [Option<CardId>; 15] = [None; 15];
        for c in cards {
            if let Face::French { rank, suit: s } = c.face {
                if s == suit && (1..=13).contains(&rank.0) {
                    let p = rank.0 as usize;
                    at[p].get_or_insert(c.id);
                    if p == 1 {
                        at[14].get_or_insert(c.id);
                    }
                }
            }
        }
        for s in 1..=13usize {
            if at[s].is_none() {
                continue;
            }
            for e in s + 1..=(s + 12).min(14) {
                if at[e].is_none() {
                    continue;
                }
                let naturals: Vec<CardId> = (s..=e).filter_map(|p| at[p]).collect();
                let missing = e - s + 1 - naturals.len();
                if missing > nj {
                    continue;
                }
                let base = [&naturals[..], &jokers[..missing]].concat();
                if base.len() >= 3 {
                    raw.push(base.clone());
                }
                if nj > missing && base.len() >= 2 {
                    raw.push([&base[..], &jokers[missing..missing + 1]].concat());
                }
            }
        }
    }
    let mut out: Vec<(Vec<CardId>, JokerHint)> = Vec::new();
    let mut seen: Vec<Vec<CardId>> = Vec::new();
    for ids in raw {
        let mut key = ids.clone();
        crate::sort::sort(&mut key);
        if seen.contains(&key) {
            continue;
        }
        let group: Vec<Card> = ids
            .iter()
            .filter_map(|id| cards.iter().copied().find(|c| c.id == *id))
            .collect();
        if validate_with_hint(&group, rules, JokerHint::High).is_ok() {
            seen.push(key);
            out.push((ids, JokerHint::High));
        }
    }
    out
}

/// A cheap pre-filter for lay-offs: could `card` extend `meld` at all?
fn might_fit(card: &Card, meld: &Meld) -> bool {
    let Face::French { rank, suit } = card.face else {
        return true;
    };
    let mut naturals = meld.cards.iter().filter_map(|p| match p.stands_for {
        Face::French { rank, suit } => Some((rank.0, suit)),
        _ => None,
    });
    match meld.kind {
        MeldKind::Set => naturals.next().is_none_or(|(r, _)| r == rank.0),
        MeldKind::Sequence => naturals.any(|(r, s)| {
            s == suit
                && (r.abs_diff(rank.0) <= 1 || (rank.0 == 1 && r >= 12) || (r == 1 && rank.0 >= 12))
        }),
    }
}

impl Romme {
    /// Actions that must be rejected now (for `Game::illegal_probes`).
    pub(crate) fn probes(&self, seat: Seat) -> Vec<RommeAction> {
        let d = &self.deal;
        let hand = d.hands.get(seat).cloned().unwrap_or_default();
        let mut probes = vec![
            RommeAction::Discard {
                card: CardId(u16::MAX),
            },
            RommeAction::LayOff {
                card: hand.first().map_or(CardId(u16::MAX), |c| c.id),
                meld: MeldId(u32::MAX),
            },
            RommeAction::Rob(Box::new(crate::romme::RobPlay {
                take: vec![CardId(u16::MAX)],
                melds: vec![],
                lay_offs: vec![],
            })),
        ];
        if hand.len() >= 2 {
            probes.push(RommeAction::Meld {
                cards: vec![hand[0].id, hand[1].id],
                hint: None,
            });
            probes.push(RommeAction::Meld {
                cards: vec![hand[0].id, hand[0].id, hand[1].id],
                hint: None,
            });
        }
        if let Some(t) = d.talon.last() {
            probes.push(RommeAction::Discard { card: t.id });
            probes.push(RommeAction::Meld {
                cards: vec![t.id, t.id, t.id],
                hint: None,
            });
        }
        match &self.phase {
            Phase::Draw => {
                if let Some(c) = hand.first() {
                    probes.push(RommeAction::Discard { card: c.id });
                }
                probes.push(RommeAction::UndoTurn);
                probes.push(RommeAction::DeclareRomme);
                probes.push(RommeAction::Buy);
            }
            Phase::Play => {
                probes.push(RommeAction::DrawTalon);
                probes.push(RommeAction::DrawDiscard);
                probes.push(RommeAction::NextDeal);
                probes.push(RommeAction::PassBuy);
                if let Some(t) = d.ts.taken_discard {
                    probes.push(RommeAction::Discard { card: t });
                }
            }
            Phase::Claim { .. } => {
                probes.push(RommeAction::DrawTalon);
                probes.push(RommeAction::DeclareRomme);
            }
            Phase::MayDeclare => {
                probes.push(RommeAction::DrawTalon);
                probes.push(RommeAction::UndoTurn);
            }
            Phase::DealOver | Phase::MatchOver => {
                probes.push(RommeAction::DrawTalon);
                probes.push(RommeAction::DeclineRomme);
            }
        }
        probes
    }

    pub(crate) fn legal(&self, seat: Seat) -> Vec<RommeAction> {
        if self.decider() != Some(seat) {
            return Vec::new();
        }
        let mut out = Vec::new();
        match &self.phase {
            Phase::Draw => {
                if self.check_draw_talon().is_ok() {
                    out.push(RommeAction::DrawTalon);
                }
                if self.check_draw_discard().is_ok() {
                    out.push(RommeAction::DrawDiscard);
                }
                if self.opts.robbing {
                    self.rob_candidates(seat, &mut out);
                }
            }
            Phase::Claim { .. } => {
                if self.check_buy(seat).is_ok() {
                    out.push(RommeAction::Buy);
                }
                out.push(RommeAction::PassBuy);
            }
            Phase::Play => self.play_actions(seat, &mut out),
            Phase::MayDeclare => {
                out.push(RommeAction::DeclareRomme);
                out.push(RommeAction::DeclineRomme);
            }
            Phase::DealOver => out.push(RommeAction::NextDeal),
            Phase::MatchOver => {}
        }
        out
    }

    /// Hand cards plus freed jokers.
    fn placeable_cards(&self, seat: Seat) -> Vec<Card> {
        let mut cards = self.deal.hands[seat].clone();
        cards.extend(self.deal.ts.freed_jokers.iter().copied());
        cards
    }

    fn play_actions(&self, seat: Seat, out: &mut Vec<RommeAction>) {
        let cards = self.placeable_cards(seat);
        for (ids, hint) in meld_candidates(&cards, &self.opts.meld_rules()) {
            if self.check_meld(seat, &ids, Some(hint)).is_ok() {
                out.push(RommeAction::Meld {
                    cards: ids,
                    hint: Some(hint),
                });
            }
        }
        let ids: Vec<MeldId> = self.deal.table.iter().map(|m| m.id).collect();
        for c in &cards {
            for (&m, tm) in ids.iter().zip(&self.deal.table) {
                if might_fit(c, &tm.meld) && self.check_lay_off(seat, c.id, m).is_ok() {
                    out.push(RommeAction::LayOff {
                        card: c.id,
                        meld: m,
                    });
                }
            }
        }
        if self.opts.joker_exchange
            && (self.deal.opened[seat] || !self.opts.exchange_needs_first_meld)
        {
            for c in &self.deal.hands[seat] {
                for m in &self.deal.table {
                    if m.meld.jokers() > 0 && self.check_exchange(seat, c.id, m.id).is_ok() {
                        out.push(RommeAction::ExchangeJoker {
                            card: c.id,
                            meld: m.id,
                        });
                    }
                }
            }
        }
        if self.opts.robbing {
            self.rob_candidates(seat, out);
        }
        if self.check_undo().is_ok() {
            out.push(RommeAction::UndoTurn);
        }
        if self.check_turn_can_end().is_ok() {
            for c in &self.deal.hands[seat] {
                if self.deal.ts.taken_discard != Some(c.id) {
                    out.push(RommeAction::Discard { card: c.id });
                }
            }
        }
    }

    /// A few simple robs: take one table card (or, when drawing, the top discard) and
    /// meld it with hand cards.
    fn rob_candidates(&self, seat: Seat, out: &mut Vec<RommeAction>) {
        const MAX: usize = 6;
        let rules = self.opts.meld_rules();
        let mut takeable: Vec<Card> = Vec::new();
        if matches!(self.phase, Phase::Draw) {
            takeable.extend(self.deal.discard.last().copied());
        } else {
            for m in &self.deal.table {
                if m.meld.len() >= 4 && takeable.len() < 8 {
                    let n = m.meld.len();
                    takeable.push(m.meld.cards[0].card);
                    takeable.push(m.meld.cards[n - 1].card);
                }
            }
        }
        let mut found = 0;
        for t in takeable {
            let mut cards = self.placeable_cards(seat);
            cards.push(t);
            for (ids, _) in meld_candidates(&cards, &rules) {
                if !ids.contains(&t.id) {
                    continue;
                }
                let take = vec![t.id];
                let melds = vec![ids];
                if self.check_rob(seat, &take, &melds, &[]).is_ok() {
                    out.push(RommeAction::Rob(Box::new(crate::romme::RobPlay {
                        take,
                        melds,
                        lay_offs: Vec::new(),
                    })));
                    found += 1;
                    break;
                }
            }
            if found >= MAX {
                break;
            }
        }
    }
}
