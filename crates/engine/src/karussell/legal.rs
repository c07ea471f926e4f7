//! Enumeration of legal actions, meld candidates and illegal probes.

use super::actions::{KarussellAction, Slot};
use super::state::{Karussell, Phase};
use super::table::{check_meld, KMeldKind, TableCard};
use super::turn::face;
use crate::card::{Card, CardId, Face, Suit};
use crate::game::Seat;

/// At most this many hand-only melds and this many lay-offs are listed.
pub const MAX_HAND_MELDS: usize = 12;
pub const MAX_LAY_OFFS: usize = 16;

/// A table card as it is named in a `Meld` action (jokers with their identity).
pub fn slot_of(t: &TableCard) -> Slot {
    Slot {
        card: t.card.id,
        as_face: t.is_joker().then_some(t.as_face),
    }
}

/// The table as `Meld` slots.
pub fn slots_of(table: &[Vec<TableCard>]) -> Vec<Vec<Slot>> {
    table
        .iter()
        .map(|m| m.iter().map(slot_of).collect())
        .collect()
}

fn natural(c: &Card) -> TableCard {
    TableCard::natural(*c)
}

/// Legal melds made of `hand` cards only: groups (all distinct suits of a rank, three of
/// four, or two or three with a joker for a missing suit) and sequences (every three-card
/// window with at most one joker filling a gap, and every maximal run of four or more).
pub fn hand_melds(hand: &[Card]) -> Vec<Vec<TableCard>> {
    let jokers: Vec<Card> = hand
        .iter()
        .copied()
        .filter(|c| c.face == Face::Joker)
        .collect();
    let joker_as = |f: Face| {
        jokers.first().map(|j| TableCard {
            card: *j,
            as_face: f,
        })
    };
    let mut raw: Vec<Vec<TableCard>> = Vec::new();
    for rank in 1..=13u8 {
        let mut by_suit: Vec<TableCard> = Vec::new();
        for c in hand {
            if c.face.rank().map(|r| r.0) == Some(rank)
                && !by_suit.iter().any(|t| t.card.face.suit() == c.face.suit())
            {
                by_suit.push(natural(c));
            }
        }
        if by_suit.len() >= 3 {
            raw.push(by_suit.clone());
            if by_suit.len() == 4 {
                raw.push(by_suit[..3].to_vec());
            }
        }
        if (2..=3).contains(&by_suit.len()) {
            let missing = Suit::ALL
                .into_iter()
                .find(|s| !by_suit.iter().any(|t| t.card.face.suit() == Some(*s)));
            if let Some(j) = missing.and_then(|s| joker_as(face(rank, s))) {
                let mut m = by_suit.clone();
                m.push(j);
                raw.push(m);
            }
        }
    }
    for suit in Suit::ALL {
        let mut at: [Option<Card>; 15] = [None; 15];
        for c in hand {
            if let Face::French { rank, suit: s } = c.face {
                if s == suit {
                    at[rank.0 as usize].get_or_insert(*c);
                    if rank.0 == 1 {
                        at[14].get_or_insert(*c);
                    }
                }
            }
        }
        for s in 1..=12usize {
            let present: Vec<TableCard> = (s..s + 3)
                .filter_map(|p| at[p].map(|c| natural(&c)))
                .collect();
            if present.len() == 3 {
                raw.push(present);
            } else if present.len() == 2 {
                let gap = (s..s + 3).find(|&p| at[p].is_none()).unwrap_or(s);
                if let Some(j) = joker_as(face(gap as u8, suit)) {
                    let mut m = present;
                    m.push(j);
                    raw.push(m);
                }
            }
            if at[s].is_some() && (s == 1 || at[s - 1].is_none()) {
                let run: Vec<TableCard> =
                    (s..=14).map_while(|p| at[p].map(|c| natural(&c))).collect();
                if run.len() >= 4 {
                    raw.push(run);
                }
            }
        }
    }
    let mut out: Vec<Vec<TableCard>> = Vec::new();
    let mut seen: Vec<Vec<CardId>> = Vec::new();
    for m in raw {
        let mut key: Vec<CardId> = m.iter().map(|t| t.card.id).collect();
        crate::sort::sort(&mut key);
        if !seen.contains(&key) && check_meld(&m).is_ok() {
            seen.push(key);
            out.push(m);
        }
    }
    out
}

/// The faces a hand card could take when added to `meld` (a natural card: its own face if
/// it might fit; a joker: the missing suits of a group, the cards beyond both ends of a
/// sequence).
fn lay_off_faces(card: &Card, meld: &[TableCard]) -> Vec<Face> {
    let Ok(kind) = check_meld(meld) else {
        return Vec::new();
    };
    let faces: Vec<(u8, Suit)> = meld
        .iter()
        .filter_map(|t| Some((t.as_face.rank()?.0, t.as_face.suit()?)))
        .collect();
    let Some(&(rank0, suit0)) = faces.first() else {
        return Vec::new();
    };
    match (card.face, kind) {
        (Face::Joker, KMeldKind::Group) => Suit::ALL
            .into_iter()
            .filter(|s| !faces.iter().any(|f| f.1 == *s))
            .map(|s| face(rank0, s))
            .collect(),
        (Face::Joker, KMeldKind::Sequence) => {
            // `meld` is arranged: first and last card are the ends.
            let pos = |t: &TableCard, last: bool| {
                let r = t.as_face.rank().map_or(0, |r| r.0);
                if r == 1 && last {
                    14
                } else {
                    r
                }
            };
            let lo = meld.first().map_or(0, |t| pos(t, false));
            let hi = meld.last().map_or(0, |t| pos(t, true));
            let mut v = Vec::new();
            if lo > 1 {
                v.push(face(lo - 1, suit0));
            }
            if (1..14).contains(&hi) {
                v.push(face(hi + 1, suit0));
            }
            v
        }
        (Face::French { rank, .. }, KMeldKind::Group) if rank.0 == rank0 => vec![card.face],
        (Face::French { suit, .. }, KMeldKind::Sequence) if suit == suit0 => vec![card.face],
        _ => Vec::new(),
    }
}

impl Karussell {
    pub(crate) fn legal(&self, seat: Seat) -> Vec<KarussellAction> {
        if self.decider() != Some(seat) {
            return Vec::new();
        }
        let mut out = Vec::new();
        match self.phase {
            Phase::Turn | Phase::FinalTurn => {
                if self.check_draw().is_ok() {
                    out.push(KarussellAction::Draw);
                }
                out.extend(self.meld_candidates(seat));
                if self.check_pass().is_ok() {
                    out.push(KarussellAction::Pass);
                }
            }
            Phase::KnockDecision => {
                out.push(KarussellAction::Knock);
                out.push(KarussellAction::EndTurn);
            }
            Phase::RoundOver => out.push(KarussellAction::NextRound),
            Phase::MatchOver => {}
        }
        out
    }

    /// `Meld` actions that are certainly legal for `seat` now: every hand-only meld (see
    /// [`hand_melds`]) appended to the unchanged table, and single hand cards laid off on a
    /// table meld (jokers declared as a missing suit or beyond a sequence's end). Bounded by
    /// [`MAX_HAND_MELDS`] and [`MAX_LAY_OFFS`]. A solver can add rearrangements here.
    pub fn meld_candidates(&self, seat: Seat) -> Vec<KarussellAction> {
        let r = &self.round;
        if seat != r.turn || self.decider() != Some(seat) || self.check_meld_phase().is_err() {
            return Vec::new();
        }
        let hand = &r.hands[seat];
        let base = slots_of(&r.table);
        let mut out = Vec::new();
        for m in hand_melds(hand).into_iter().take(MAX_HAND_MELDS) {
            let mut table = base.clone();
            table.push(m.iter().map(slot_of).collect());
            out.push(KarussellAction::Meld { table });
        }
        let mut lay_offs = 0;
        let mut faces_done: Vec<Face> = Vec::new();
        'cards: for c in hand {
            if faces_done.contains(&c.face) {
                continue;
            }
            faces_done.push(c.face);
            for (i, meld) in r.table.iter().enumerate() {
                for as_face in lay_off_faces(c, meld) {
                    let mut m = meld.clone();
                    m.push(TableCard { card: *c, as_face });
                    if check_meld(&m).is_err() {
                        continue;
                    }
                    let mut table = base.clone();
                    table[i] = m.iter().map(slot_of).collect();
                    out.push(KarussellAction::Meld { table });
                    lay_offs += 1;
                    if lay_offs >= MAX_LAY_OFFS {
                        break 'cards;
                    }
                }
            }
        }
        out
    }

    pub(crate) fn probes(&self, seat: Seat) -> Vec<KarussellAction> {
        let r = &self.round;
        let hand: Vec<CardId> = r
            .hands
            .get(seat)
            .map(|h| h.iter().map(|c| c.id).collect())
            .unwrap_or_default();
        let base = slots_of(&r.table);
        let with = |extra: Vec<CardId>| {
            let mut t = base.clone();
            t.push(extra.into_iter().map(Slot::card).collect());
            KarussellAction::Meld { table: t }
        };
        // A handful of probes, each certainly illegal (the harness serialises the state
        // for every one, so they are few and chosen by phase).
        let mut probes = vec![with(vec![CardId(u16::MAX); 3])];
        let melding = self.check_meld_phase().is_ok();
        if melding {
            // nothing from the hand
            probes.push(KarussellAction::Meld {
                table: base.clone(),
            });
            if hand.len() >= 2 {
                // a meld of two; a card twice
                probes.push(with(hand[..2].to_vec()));
                probes.push(with(vec![hand[0], hand[0], hand[1]]));
            }
            if let Some(top) = r.stock.last() {
                probes.push(with(vec![top.id, top.id, top.id]));
            }
            if !r.table.is_empty() && !hand.is_empty() {
                // a table card missing (it went to the hand)
                let mut t = base.clone();
                t[0].remove(0);
                t.push(hand.iter().copied().take(3).map(Slot::card).collect());
                probes.push(KarussellAction::Meld { table: t });
            }
            // a table joker re-declared (without a hand card)
            if let Some((i, j)) = base
                .iter()
                .enumerate()
                .find_map(|(i, m)| m.iter().position(|s| s.as_face.is_some()).map(|j| (i, j)))
            {
                let mut t = base.clone();
                let old = t[i][j].as_face;
                let other = if old == Some(face(5, Suit::Hearts)) {
                    face(6, Suit::Hearts)
                } else {
                    face(5, Suit::Hearts)
                };
                t[i][j].as_face = Some(other);
                probes.push(KarussellAction::Meld { table: t });
            }
        }
        if !melding && hand.len() >= 3 {
            // e.g. a meld after the third draw, or in the knock decision
            for m in hand_melds(&r.hands[seat]).into_iter().take(1) {
                let mut t = base.clone();
                t.push(m.iter().map(slot_of).collect());
                probes.push(KarussellAction::Meld { table: t });
            }
        }
        for a in [
            KarussellAction::Draw,
            KarussellAction::Knock,
            KarussellAction::EndTurn,
            KarussellAction::Pass,
            KarussellAction::NextRound,
        ] {
            if !self.legal(seat).contains(&a) && self.is_simple_illegal(seat, &a) {
                probes.push(a);
            }
        }
        probes
    }

    /// Whether a simple (card-free) action is rejected now.
    fn is_simple_illegal(&self, seat: Seat, a: &KarussellAction) -> bool {
        if self.decider() != Some(seat) {
            return true;
        }
        match a {
            KarussellAction::Draw => self.check_draw().is_err(),
            KarussellAction::Knock => self.check_knock(seat).is_err(),
            KarussellAction::EndTurn => self.check_end_turn().is_err(),
            KarussellAction::Pass => self.check_pass().is_err(),
            KarussellAction::NextRound => self.phase != Phase::RoundOver,
            KarussellAction::Meld { .. } => false,
        }
    }
}
