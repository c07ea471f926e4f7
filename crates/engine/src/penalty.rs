//! Penalty values of cards left in a hand at the end of a deal.

use crate::card::{Card, Face};
use serde::{Deserialize, Serialize};

/// The penalty values a game charges hand cards with (each game names its own table in its
/// options or scoring; this module knows none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PenaltyTable {
    pub ace: u32,
    /// B, D and K.
    pub court: u32,
    /// 2–10: `None` counts face value, `Some(v)` counts `v` each.
    pub pips: Option<u32>,
    pub joker: u32,
}

impl PenaltyTable {
    /// Ace 11, B/D/K 10, 2–10 face value, joker `joker`.
    pub const fn ace_high(joker: u32) -> PenaltyTable {
        PenaltyTable {
            ace: 11,
            court: 10,
            pips: None,
            joker,
        }
    }
}

/// The penalty value of one card. Abluxxen cards (not used in these games) count 0.
pub fn penalty(face: Face, table: PenaltyTable) -> u32 {
    match face {
        Face::Joker => table.joker,
        Face::French { rank, .. } => match rank.0 {
            1 => table.ace,
            r @ 2..=10 => table.pips.unwrap_or(r as u32),
            11..=13 => table.court,
            _ => 0,
        },
        Face::Lux(_) | Face::LuxJoker => 0,
    }
}

/// The sum of the penalty values of a hand.
pub fn hand_penalty(cards: &[Card], table: PenaltyTable) -> u32 {
    cards.iter().map(|c| penalty(c.face, table)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{CardId, Suit};

    /// Karussell's table (`karussell::KarussellOptions::penalty_table`).
    const ACE_LOW: PenaltyTable = PenaltyTable {
        ace: 1,
        court: 10,
        pips: None,
        joker: 25,
    };
    /// Profi-Sort's table (`profisort::PENALTIES`).
    const FLAT: PenaltyTable = PenaltyTable {
        ace: 15,
        court: 10,
        pips: Some(5),
        joker: 20,
    };

    fn hand(faces: &[Face]) -> Vec<Card> {
        faces
            .iter()
            .enumerate()
            .map(|(i, &face)| Card {
                id: CardId(i as u16),
                face,
            })
            .collect()
    }

    #[test]
    fn seed_example_is_107() {
        // A, K, D, D, 8, 8, 10, joker = 11 + 10 + 20 + 16 + 10 + 40
        let h = hand(&[
            Face::french(1, Suit::Hearts),
            Face::french(13, Suit::Clubs),
            Face::french(12, Suit::Spades),
            Face::french(12, Suit::Diamonds),
            Face::french(8, Suit::Hearts),
            Face::french(8, Suit::Clubs),
            Face::french(10, Suit::Spades),
            Face::Joker,
        ]);
        assert_eq!(hand_penalty(&h, PenaltyTable::ace_high(40)), 107);
        assert_eq!(hand_penalty(&h, PenaltyTable::ace_high(25)), 92);
    }

    #[test]
    fn traditionell_worked_example_3() {
        let b = hand(&[
            Face::french(13, Suit::Clubs),
            Face::french(7, Suit::Hearts),
            Face::french(1, Suit::Spades),
        ]);
        let c = hand(&[
            Face::french(9, Suit::Clubs),
            Face::french(9, Suit::Hearts),
            Face::french(4, Suit::Spades),
            Face::french(2, Suit::Spades),
        ]);
        let t = PenaltyTable::ace_high(25);
        assert_eq!(hand_penalty(&b, t), 28);
        assert_eq!(hand_penalty(&c, t), 24);
    }

    #[test]
    fn ace_low_values() {
        let t = ACE_LOW;
        assert_eq!(penalty(Face::Joker, t), 25);
        assert_eq!(penalty(Face::french(1, Suit::Clubs), t), 1);
        assert_eq!(penalty(Face::french(11, Suit::Clubs), t), 10);
        assert_eq!(penalty(Face::french(7, Suit::Clubs), t), 7);
    }

    #[test]
    fn profi_sort_worked_example() {
        // B holds ♠7 ♥9 ♦K, a received ace and a joker: 5 + 5 + 10 + 15 + 20 = 55.
        let b = hand(&[
            Face::french(7, Suit::Spades),
            Face::french(9, Suit::Hearts),
            Face::french(13, Suit::Diamonds),
            Face::french(1, Suit::Clubs),
            Face::Joker,
        ]);
        assert_eq!(hand_penalty(&b, FLAT), 55);
        // C holds ♣2 ♦3 ♥D: 20.
        let c = hand(&[
            Face::french(2, Suit::Clubs),
            Face::french(3, Suit::Diamonds),
            Face::french(12, Suit::Hearts),
        ]);
        assert_eq!(hand_penalty(&c, FLAT), 20);
    }

    #[test]
    fn foreign_cards_count_zero() {
        for t in [ACE_LOW, FLAT] {
            assert_eq!(penalty(Face::Lux(5), t), 0);
            assert_eq!(penalty(Face::LuxJoker, t), 0);
            assert_eq!(penalty(Face::french(0, Suit::Clubs), t), 0);
        }
    }
}
