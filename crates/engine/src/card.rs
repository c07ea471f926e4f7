//! Cards with stable identities and the deck specifications of every game.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The four French suits, in the German order Kreuz, Pik, Herz, Karo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    Clubs,
    Spades,
    Hearts,
    Diamonds,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds];

    /// The suit symbol, e.g. `♥`.
    pub fn symbol(self) -> &'static str {
        match self {
            Suit::Clubs => "♣",
            Suit::Spades => "♠",
            Suit::Hearts => "♥",
            Suit::Diamonds => "♦",
        }
    }

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }
}

/// Ranks 1 (ace) to 13 (king). The ace is stored as 1; whether it plays low or high is
/// decided by the meld it is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Rank(pub u8);

impl Rank {
    pub const ACE: Rank = Rank(1);
    pub const JACK: Rank = Rank(11);
    pub const QUEEN: Rank = Rank(12);
    pub const KING: Rank = Rank(13);

    pub fn all() -> impl Iterator<Item = Rank> {
        (1..=13).map(Rank)
    }

    /// German index letter: A, 2–10, B, D, K.
    pub fn label_de(self) -> &'static str {
        const L: [&str; 14] = [
            "?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "B", "D", "K",
        ];
        L.get(self.0 as usize).copied().unwrap_or("?")
    }

    /// English index letter: A, 2–10, J, Q, K.
    pub fn label_en(self) -> &'static str {
        const L: [&str; 14] = [
            "?", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ];
        L.get(self.0 as usize).copied().unwrap_or("?")
    }
}

/// What is printed on a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Face {
    /// A French card.
    French { rank: Rank, suit: Suit },
    /// A Rommé joker.
    Joker,
    /// An Abluxxen number card, value 1–13.
    Lux(u8),
    /// An Abluxxen joker (X).
    LuxJoker,
}

impl Face {
    pub const fn french(rank: u8, suit: Suit) -> Face {
        Face::French {
            rank: Rank(rank),
            suit,
        }
    }
    pub fn is_joker(self) -> bool {
        matches!(self, Face::Joker | Face::LuxJoker)
    }
    pub fn rank(self) -> Option<Rank> {
        match self {
            Face::French { rank, .. } => Some(rank),
            _ => None,
        }
    }
    pub fn suit(self) -> Option<Suit> {
        match self {
            Face::French { suit, .. } => Some(suit),
            _ => None,
        }
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Face::French { rank, suit } => write!(f, "{}{}", suit.symbol(), rank.label_de()),
            Face::Joker => write!(f, "🃏"),
            Face::Lux(v) => write!(f, "{v}"),
            Face::LuxJoker => write!(f, "X"),
        }
    }
}

/// The stable identity of one physical card within a game (its deck index).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CardId(pub u16);

/// One physical card: identity plus face. Two ♥7 of two packs have different ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Card {
    pub id: CardId,
    pub face: Face,
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.face.fmt(f)
    }
}

/// Which cards a game is played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeckSpec {
    /// `packs` × 52 French cards plus `jokers` jokers.
    French { packs: u8, jokers: u8 },
    /// Abluxxen: 8 × values 1–13 plus 5 jokers.
    Abluxxen,
}

impl DeckSpec {
    /// All cards in a fixed, documented order; ids are 0..len.
    /// French: pack by pack, suit by suit (♣ ♠ ♥ ♦), rank A..K; then the jokers.
    /// Abluxxen: copy by copy, value 1..13; then the 5 jokers.
    pub fn cards(self) -> Vec<Card> {
        let mut faces = Vec::new();
        match self {
            DeckSpec::French { packs, jokers } => {
                for _ in 0..packs {
                    for suit in Suit::ALL {
                        for rank in Rank::all() {
                            faces.push(Face::French { rank, suit });
                        }
                    }
                }
                faces.extend(std::iter::repeat_n(Face::Joker, jokers as usize));
            }
            DeckSpec::Abluxxen => {
                for _ in 0..8 {
                    faces.extend((1..=13).map(Face::Lux));
                }
                faces.extend(std::iter::repeat_n(Face::LuxJoker, 5));
            }
        }
        faces
            .into_iter()
            .enumerate()
            .map(|(i, face)| Card {
                id: CardId(i as u16),
                face,
            })
            .collect()
    }

    pub fn len(self) -> usize {
        match self {
            DeckSpec::French { packs, jokers } => packs as usize * 52 + jokers as usize,
            DeckSpec::Abluxxen => 109,
        }
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_packs_keep_duplicate_cards_distinct() {
        let deck = DeckSpec::French {
            packs: 2,
            jokers: 2,
        }
        .cards();
        assert_eq!(deck.len(), 106);
        let h7: Vec<_> = deck
            .iter()
            .filter(|c| c.face == Face::french(7, Suit::Hearts))
            .collect();
        assert_eq!(h7.len(), 2);
        assert_ne!(h7[0].id, h7[1].id);
        assert_eq!(deck.iter().filter(|c| c.face == Face::Joker).count(), 2);
        let ids: std::collections::BTreeSet<_> = deck.iter().map(|c| c.id).collect();
        assert_eq!(ids.len(), deck.len());
    }

    #[test]
    fn abluxxen_deck_has_109_cards() {
        let deck = DeckSpec::Abluxxen.cards();
        assert_eq!(deck.len(), 109);
        assert_eq!(DeckSpec::Abluxxen.len(), 109);
        for v in 1..=13u8 {
            assert_eq!(deck.iter().filter(|c| c.face == Face::Lux(v)).count(), 8);
        }
        assert_eq!(deck.iter().filter(|c| c.face == Face::LuxJoker).count(), 5);
    }

    #[test]
    fn one_pack_without_jokers() {
        let spec = DeckSpec::French {
            packs: 1,
            jokers: 0,
        };
        assert_eq!(spec.cards().len(), 52);
        assert_eq!(spec.len(), 52);
    }
}
