//! Cards on the Karussell table and the legality of one meld.
//!
//! Every table card stands for one French card: a natural card for itself, a joker for its
//! declared identity (rank and suit). Melds are checked on those faces:
//! - group: 3 or 4 cards of one rank, all of different suits (so never two identical cards);
//! - sequence: 3 or more cards of one suit with consecutive ranks, ace low (A-2-3) or high
//!   (D-K-A), never around the corner (K-A-2). The order given does not matter.

use crate::card::{Card, Face, Rank, Suit};
use serde::{Deserialize, Serialize};

/// A card on the table: the physical card and the French card it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TableCard {
    pub card: Card,
    /// The card's own face, or a joker's declared identity (always `Face::French`).
    pub as_face: Face,
}

impl TableCard {
    /// A natural card standing for itself.
    pub fn natural(card: Card) -> TableCard {
        TableCard {
            card,
            as_face: card.face,
        }
    }

    pub fn is_joker(&self) -> bool {
        self.card.face == Face::Joker
    }
}

/// What a legal meld is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KMeldKind {
    Group,
    Sequence,
}

/// Why a meld is not legal (data for a translated message).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KMeldError {
    /// Fewer than 3 cards.
    TooShort,
    /// A natural card declared as something else, a joker without a French identity, or a
    /// card that is neither.
    BadIdentity,
    /// Same rank but a suit twice (two identical cards, or a group over 4).
    GroupSuitRepeated,
    /// Mixed ranks and suits: neither group nor sequence.
    Mixed,
    /// A sequence with a gap or a repeated rank.
    NotConsecutive,
    /// K-A-2 and the like.
    AroundTheCorner,
}

fn french(face: Face) -> Option<(Rank, Suit)> {
    match face {
        Face::French { rank, suit } => Some((rank, suit)),
        _ => None,
    }
}

/// Checks one meld on the faces its cards stand for.
pub fn check_meld(cards: &[TableCard]) -> Result<KMeldKind, KMeldError> {
    let mut faces = Vec::with_capacity(cards.len());
    for c in cards {
        let ok = if c.is_joker() {
            french(c.as_face).is_some()
        } else {
            c.as_face == c.card.face && french(c.card.face).is_some()
        };
        if !ok {
            return Err(KMeldError::BadIdentity);
        }
        faces.push(french(c.as_face).ok_or(KMeldError::BadIdentity)?);
    }
    if faces.len() < 3 {
        return Err(KMeldError::TooShort);
    }
    let (rank0, suit0) = faces[0];
    if faces.iter().all(|&(r, _)| r == rank0) {
        let mut suits: Vec<Suit> = faces.iter().map(|&(_, s)| s).collect();
        crate::sort::sort_by_key(&mut suits, |s| *s as u8);
        suits.dedup();
        return if suits.len() == faces.len() {
            Ok(KMeldKind::Group)
        } else {
            Err(KMeldError::GroupSuitRepeated)
        };
    }
    if !faces.iter().all(|&(_, s)| s == suit0) {
        return Err(KMeldError::Mixed);
    }
    let mut ranks: Vec<u8> = faces.iter().map(|&(r, _)| r.0).collect();
    crate::sort::sort(&mut ranks);
    let consecutive = |rs: &[u8]| rs.windows(2).all(|w| w[1] == w[0] + 1);
    if consecutive(&ranks) {
        return Ok(KMeldKind::Sequence);
    }
    // Ace high: the ace counts 14.
    if ranks[0] == 1 {
        let mut high: Vec<u8> = ranks.iter().map(|&r| if r == 1 { 14 } else { r }).collect();
        crate::sort::sort(&mut high);
        if consecutive(&high) {
            return Ok(KMeldKind::Sequence);
        }
        let has_king = ranks.contains(&13);
        let has_two = ranks.contains(&2);
        if has_king && has_two {
            return Err(KMeldError::AroundTheCorner);
        }
    }
    Err(KMeldError::NotConsecutive)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::CardId;

    fn tc(id: u16, rank: u8, suit: Suit) -> TableCard {
        TableCard::natural(Card {
            id: CardId(id),
            face: Face::french(rank, suit),
        })
    }

    fn joker(id: u16, rank: u8, suit: Suit) -> TableCard {
        TableCard {
            card: Card {
                id: CardId(id),
                face: Face::Joker,
            },
            as_face: Face::french(rank, suit),
        }
    }

    use Suit::*;

    #[test]
    fn groups() {
        let g = [tc(0, 8, Spades), tc(1, 8, Hearts), tc(2, 8, Clubs)];
        assert_eq!(check_meld(&g), Ok(KMeldKind::Group));
        let four = [g[0], g[1], g[2], joker(3, 8, Diamonds)];
        assert_eq!(check_meld(&four), Ok(KMeldKind::Group));
        // two identical cards (two packs) never share a group
        let twin = [tc(0, 8, Spades), tc(52, 8, Spades), tc(2, 8, Clubs)];
        assert_eq!(check_meld(&twin), Err(KMeldError::GroupSuitRepeated));
        let five = [g[0], g[1], g[2], tc(3, 8, Diamonds), joker(4, 8, Spades)];
        assert_eq!(check_meld(&five), Err(KMeldError::GroupSuitRepeated));
    }

    #[test]
    fn sequences_ace_low_and_high_never_around() {
        let low = [tc(0, 1, Hearts), tc(1, 2, Hearts), tc(2, 3, Hearts)];
        assert_eq!(check_meld(&low), Ok(KMeldKind::Sequence));
        let high = [tc(0, 12, Hearts), tc(1, 1, Hearts), tc(2, 13, Hearts)];
        assert_eq!(check_meld(&high), Ok(KMeldKind::Sequence));
        let corner = [tc(0, 13, Hearts), tc(1, 1, Hearts), tc(2, 2, Hearts)];
        assert_eq!(check_meld(&corner), Err(KMeldError::AroundTheCorner));
        let gap = [tc(0, 4, Hearts), tc(1, 5, Hearts), tc(2, 7, Hearts)];
        assert_eq!(check_meld(&gap), Err(KMeldError::NotConsecutive));
        let with_joker = [tc(0, 4, Hearts), joker(1, 6, Hearts), tc(2, 5, Hearts)];
        assert_eq!(check_meld(&with_joker), Ok(KMeldKind::Sequence));
        let mixed = [tc(0, 4, Hearts), tc(1, 5, Spades), tc(2, 6, Hearts)];
        assert_eq!(check_meld(&mixed), Err(KMeldError::Mixed));
        assert_eq!(check_meld(&low[..2]), Err(KMeldError::TooShort));
    }

    #[test]
    fn identities_are_checked() {
        let mut lie = tc(0, 4, Hearts);
        lie.as_face = Face::french(5, Hearts);
        let m = [lie, tc(1, 6, Hearts), tc(2, 7, Hearts)];
        assert_eq!(check_meld(&m), Err(KMeldError::BadIdentity));
        let undeclared = TableCard::natural(Card {
            id: CardId(9),
            face: Face::Joker,
        });
        let m = [undeclared, tc(1, 6, Hearts), tc(2, 7, Hearts)];
        assert_eq!(check_meld(&m), Err(KMeldError::BadIdentity));
    }
}
