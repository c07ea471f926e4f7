//! A hand sorted for the partition search (`super`): its key, its jokers and its natural
//! cards stacked by face.

use super::key::*;
use engine::{Card, Face};

/// A hand sorted for the search: its key, its jokers taking part, its natural cards taking
/// part (by face) and the rest.
pub(super) struct Sorted {
    pub(super) key: u128,
    pub(super) jokers: usize,
    pub(super) stacks: FaceStacks,
    pub(super) joker_cards: Vec<Card>,
    pub(super) rest: Vec<Card>,
}

/// Sorts `cards` for the search: up to three copies of a face and fifteen jokers take part;
/// anything else is rest.
pub(super) fn sort_hand(cards: &[Card]) -> Sorted {
    let mut key = 0u128;
    let mut jokers = 0usize;
    let mut copies = [0u8; 52];
    let mut naturals: Vec<(usize, Card)> = Vec::with_capacity(cards.len());
    let mut joker_cards = Vec::new();
    let mut rest = Vec::with_capacity(cards.len());
    for c in cards {
        match (c.face, face_index(c.face)) {
            (Face::Joker, _) if jokers < 15 => {
                jokers += 1;
                joker_cards.push(*c);
            }
            (_, Some(i)) if copies[i] < 3 => {
                copies[i] += 1;
                naturals.push((i, *c));
                key += bit(i);
            }
            _ => rest.push(*c),
        }
    }
    key |= jokers_key(jokers);
    Sorted {
        key,
        jokers,
        stacks: FaceStacks::new(naturals, copies),
        joker_cards,
        rest,
    }
}

/// The natural cards taking part, one stack per face: cards of one face are handed out last
/// in first.
pub(super) struct FaceStacks {
    /// The cards with their face index, sorted by face.
    naturals: Vec<(usize, Card)>,
    /// Where each face's cards start in `naturals`.
    start: [usize; 52],
    /// How many cards of each face are still to be handed out.
    left: [u8; 52],
}

impl FaceStacks {
    /// Stacks `naturals`, of which `copies[f]` have face `f`.
    pub(super) fn new(mut naturals: Vec<(usize, Card)>, copies: [u8; 52]) -> FaceStacks {
        engine::sort::sort_by_key(&mut naturals, |&(f, _)| f);
        let mut start = [0usize; 52];
        let mut acc = 0;
        for (s, &k) in start.iter_mut().zip(&copies) {
            *s = acc;
            acc += usize::from(k);
        }
        FaceStacks {
            naturals,
            start,
            left: copies,
        }
    }

    /// Hands out the next card of face `f`, if one is left.
    pub(super) fn pop(&mut self, f: usize) -> Option<Card> {
        self.left[f] = self.left[f].checked_sub(1)?;
        Some(self.naturals[self.start[f] + usize::from(self.left[f])].1)
    }

    /// The cards not handed out, by face.
    pub(super) fn into_left(self) -> Vec<Card> {
        let mut out = Vec::new();
        for (f, &n) in self.left.iter().enumerate() {
            out.extend(
                self.naturals[self.start[f]..self.start[f] + usize::from(n)]
                    .iter()
                    .map(|&(_, c)| c),
            );
        }
        out
    }
}
