//! A fast count of the outs of a discard (bots-hard-6): from the unmelded cards of the
//! hand's best partition, the French faces that would make a partial meld a meld of three —
//! a pair of a rank needs the rank in another suit, two cards of a suit one apart need an
//! end neighbour, two apart the middle card, a joker with a card anything near that card —
//! counted against the unseen copies (two packs minus what the seat has seen). No partition
//! per drawn face: the faces are bitmasks over the 52 French faces, one per partial meld.
//!
//! The outs of a discard are those of the partial melds that do not use it (the union, each
//! face counted once, weighted by its unseen copies: 0, 1 or 2).

use engine::meld::MeldRules;
use engine::{Card, CardId, Face};

/// The index of a French face: suit × 13 + rank − 1.
fn index(rank: u8, suit: engine::Suit) -> u32 {
    let s = engine::Suit::ALL
        .iter()
        .position(|&x| x == suit)
        .unwrap_or(0) as u32;
    s * 13 + u32::from(rank).saturating_sub(1).min(12)
}

/// The faces (as a mask) at sequence position `pos` of suit `s` (1..=14, 14: the ace high).
fn at(pos: i32, s: u32) -> u64 {
    if !(1..=14).contains(&pos) {
        return 0;
    }
    let rank = if pos == 14 { 1 } else { pos as u32 };
    1u64 << (s * 13 + rank - 1)
}

/// A card as (rank, suit index), or `None` for a joker.
fn french(c: &Card) -> Option<(u8, u32)> {
    match c.face {
        Face::French { rank, suit } => Some((rank.0, index(1, suit) / 13)),
        _ => None,
    }
}

/// The faces that complete the partial meld of `a` and `b` (both French).
fn completing(a: (u8, u32), b: (u8, u32), rules: &MeldRules) -> u64 {
    let ((ra, sa), (rb, sb)) = (a, b);
    if ra == rb {
        if rules.set_distinct_suits && sa == sb {
            return 0;
        }
        let mut m = 0;
        for s in 0..4 {
            if !(rules.set_distinct_suits && (s == sa || s == sb)) {
                m |= 1u64 << (s * 13 + u32::from(ra) - 1);
            }
        }
        return m;
    }
    if sa != sb {
        return 0;
    }
    // Positions with the ace low or high, whichever makes the two close.
    let (x, y) = (i32::from(ra.min(rb)), i32::from(ra.max(rb)));
    let (x, y) = if y - x <= 2 {
        (x, y)
    } else if x == 1 && 14 - y <= 2 {
        (y, 14)
    } else {
        return 0;
    };
    if y - x == 1 {
        at(x - 1, sa) | at(y + 1, sa)
    } else {
        at(x + 1, sa)
    }
}

/// The faces near `c` (a joker and `c` make a meld of three with any of them).
fn near(c: (u8, u32), rules: &MeldRules) -> u64 {
    let (r, s) = c;
    let mut m = 0;
    for t in 0..4 {
        if !(rules.set_distinct_suits && t == s) {
            m |= 1u64 << (t * 13 + u32::from(r) - 1);
        }
    }
    let p = i32::from(r);
    for d in [-2, -1, 1, 2] {
        m |= at(p + d, s);
        if r == 1 {
            m |= at(14 + d, s);
        }
    }
    // The card itself (sets without distinct suits) is counted above; never a sequence.
    m
}

/// The outs of each unmelded card's discard, computed once per hand.
pub(crate) struct Outs {
    ids: Vec<CardId>,
    /// The partial melds: (the two positions in `ids`, the completing faces).
    partials: Vec<(usize, usize, u64)>,
    /// Faces with at least one unseen copy, and with two.
    live: (u64, u64),
}

impl Outs {
    /// The partial melds among `rest` (the unmelded cards) and the unseen copies of every
    /// face (`seen`: copies of each face the seat has seen; two packs).
    pub fn new(rest: &[Card], seen: &[u8; 52], rules: &MeldRules) -> Outs {
        let (mut one, mut two) = (0u64, 0u64);
        for (i, &n) in seen.iter().enumerate() {
            if n < 2 {
                one |= 1 << i;
            }
            if n == 0 {
                two |= 1 << i;
            }
        }
        let faces: Vec<Option<(u8, u32)>> = rest.iter().map(french).collect();
        let mut partials = Vec::new();
        for i in 0..rest.len() {
            for j in i + 1..rest.len() {
                let m = match (faces[i], faces[j]) {
                    (Some(a), Some(b)) => completing(a, b, rules),
                    (Some(a), None) | (None, Some(a)) => near(a, rules),
                    (None, None) => 0,
                };
                if m != 0 {
                    partials.push((i, j, m));
                }
            }
        }
        Outs {
            ids: rest.iter().map(|c| c.id).collect(),
            partials,
            live: (one, two),
        }
    }

    /// The outs after discarding `card` (a card outside `rest`: the outs of all of it).
    pub fn of(&self, card: CardId) -> i32 {
        let k = self.ids.iter().position(|&id| id == card);
        let mask = self
            .partials
            .iter()
            .filter(|&&(i, j, _)| Some(i) != k && Some(j) != k)
            .fold(0u64, |m, p| m | p.2);
        ((mask & self.live.0).count_ones() + (mask & self.live.1).count_ones()) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Suit;

    fn card(id: u16, rank: u8, suit: Suit) -> Card {
        Card {
            id: CardId(id),
            face: Face::french(rank, suit),
        }
    }

    #[test]
    fn pairs_and_sequence_fragments_count_their_unseen_completions() {
        let rules = MeldRules::default();
        let distinct = MeldRules {
            set_distinct_suits: true,
            ..MeldRules::default()
        };
        // 7♥ 7♠ (a pair), 9♣ 10♣ (one apart), K♦ (alone).
        let rest = [
            card(0, 7, Suit::Hearts),
            card(1, 7, Suit::Spades),
            card(2, 9, Suit::Clubs),
            card(3, 10, Suit::Clubs),
            card(4, 13, Suit::Diamonds),
        ];
        let mut seen = [0u8; 52];
        for c in &rest {
            let (r, s) = french(c).unwrap();
            seen[(s * 13 + u32::from(r) - 1) as usize] += 1;
        }
        let outs = Outs::new(&rest, &seen, &distinct);
        // Pair: 7♣ 7♦ × 2 copies = 4; sequence: 8♣ J♣ × 2 = 4.
        assert_eq!(outs.of(CardId(4)), 8);
        assert_eq!(outs.of(CardId(0)), 4);
        assert_eq!(outs.of(CardId(3)), 4);
        // Without distinct suits the pair also takes the other 7♥ and 7♠ (one left each).
        assert_eq!(Outs::new(&rest, &seen, &rules).of(CardId(4)), 8 + 2);
        // Seen copies do not count: both J♣ gone.
        seen[10] = 2;
        assert_eq!(Outs::new(&rest, &seen, &distinct).of(CardId(4)), 6);
    }

    #[test]
    fn the_ace_plays_high_next_to_the_king() {
        let rules = MeldRules::default();
        let rest = [card(0, 1, Suit::Hearts), card(1, 13, Suit::Hearts)];
        let outs = Outs::new(&rest, &[0; 52], &rules);
        // Only Q♥ (two copies).
        assert_eq!(outs.of(CardId(9)), 2);
        let low = [card(0, 1, Suit::Hearts), card(1, 2, Suit::Hearts)];
        assert_eq!(Outs::new(&low, &[0; 52], &rules).of(CardId(9)), 2);
    }
}
