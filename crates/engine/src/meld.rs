//! Meld validation for the Rommé family: sets, sequences, jokers, opening values.
//!
//! API (shared by Rommé, Karussell and Profi-Sort):
//! - [`MeldRules`] — the options that change what a legal meld is.
//! - [`validate`] — checks a group of cards and returns a [`Meld`] with every joker's
//!   represented card fixed, or a typed [`MeldError`] the UI can translate.
//! - [`Meld::extend`] — lay off one card; [`Meld::replace_joker`] — joker exchange.
//! - [`Meld::opening_value`] — points for a first-meld minimum.
//! - [`validate_with_hint`] / [`validate_as`] — the same with an explicit joker placement or
//!   meld kind, for a UI that lets the player choose.
//! - [`validate_declared`] — for jokers whose identity is already declared (Manipulation).
//!
//! Decisions where the rules are silent:
//! - A group with exactly one natural card (plus jokers) is read as a **set** first; if that
//!   is illegal (e.g. five cards with `set_distinct_suits`), as a sequence.
//! - In a sequence, surplus jokers go to the **high** end (as far as the ace-high end), the
//!   rest to the low end ([`JokerHint::High`]). [`JokerHint::Low`] does the opposite.
//! - A joker in a set stands for the first suit (in [`Suit::ALL`] order) the set still
//!   lacks, or ♣ when all four suits are present.
//! - When no interpretation is legal, the error is that of the set reading if all natural
//!   cards share a rank, otherwise that of the sequence reading.

use crate::card::{Card, CardId, Face, Rank, Suit};
use serde::{Deserialize, Serialize};

/// Options that decide what a legal meld is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeldRules {
    /// Sets need distinct suits (and so have at most 4 cards).
    pub set_distinct_suits: bool,
    /// At most this many jokers in one meld (`None` = unlimited).
    pub max_jokers_per_meld: Option<u8>,
    /// Minimum meld length (3 in every game here).
    pub min_len: u8,
}

impl Default for MeldRules {
    fn default() -> Self {
        MeldRules {
            set_distinct_suits: false,
            max_jokers_per_meld: None,
            min_len: 3,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MeldKind {
    /// Same rank.
    Set,
    /// Consecutive ranks of one suit.
    Sequence,
}

/// A card on the table and the card it stands for (itself unless it is a joker).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placed {
    pub card: Card,
    /// The French card this card represents. For a natural card, its own face.
    /// For a joker in a set: the rank and a suit the set still lacks.
    pub stands_for: Face,
}

/// A validated meld. Sequences are stored in ascending order (ace last when high).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Meld {
    pub kind: MeldKind,
    pub cards: Vec<Placed>,
    /// For sequences containing an ace: true if the ace plays high (D-K-A).
    pub ace_high: bool,
}

/// Why a group of cards is not a legal meld.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason")]
pub enum MeldError {
    /// Fewer cards than the minimum.
    TooShort { min: u8, got: u8 },
    /// Only jokers.
    OnlyJokers,
    /// More jokers than `max_jokers_per_meld`.
    TooManyJokers { max: u8, got: u8 },
    /// A card that is not a French card or a Rommé joker.
    NotARummyCard,
    /// Neither all the same rank nor all the same suit.
    Mixed,
    /// A set with a repeated suit where suits must differ.
    SuitRepeated { suit: Suit },
    /// A set larger than allowed (4 when suits must differ).
    SetTooLarge { max: u8 },
    /// A sequence with the same rank twice.
    RankRepeated { rank: Rank },
    /// A sequence with a gap the jokers cannot fill; `missing` more cards would close it.
    Gap { missing: u8 },
    /// K-A-2: the ace is used as low and high at once.
    AroundTheCorner,
    /// A sequence would need ranks beyond the ace.
    TooLong,
    /// The card does not fit this meld (lay-off).
    DoesNotFit,
    /// Joker exchange: the meld holds no joker that stands for this card.
    NoJokerFor { face: Face },
    /// The same physical card was given twice.
    DuplicateCard { card: CardId },
    /// [`validate_declared`]: a natural card that does not stand for itself, or a joker
    /// that does not stand for a French card.
    BadDeclaration { card: CardId },
}

/// Where surplus jokers of a sequence go (jokers that do not fill a gap), e.g. ♥5 ♥6 🃏:
/// `High` reads 5-6-7, `Low` reads 4-5-6. A side that would run past the ace takes the rest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum JokerHint {
    /// Extend at the high end first (the default of [`validate`]).
    #[default]
    High,
    /// Extend at the low end first.
    Low,
}

/// Checks a group of cards (in any order) and returns the meld they form.
///
/// Same as [`validate_with_hint`] with [`JokerHint::High`]. A group with one natural card
/// and jokers is read as a set when that is legal.
///
/// Errors, checked in this order: [`MeldError::NotARummyCard`],
/// [`MeldError::DuplicateCard`], [`MeldError::TooShort`], [`MeldError::OnlyJokers`],
/// [`MeldError::TooManyJokers`]; then [`MeldError::Mixed`] if the natural cards share
/// neither rank nor suit; then the set reading's error if they share a rank
/// ([`MeldError::SuitRepeated`], [`MeldError::SetTooLarge`]), else the sequence reading's
/// ([`MeldError::RankRepeated`], [`MeldError::TooLong`], [`MeldError::AroundTheCorner`] when
/// the cards would fit only by using the ace low and high at once, else
/// [`MeldError::Gap`]).
pub fn validate(cards: &[Card], rules: &MeldRules) -> Result<Meld, MeldError> {
    validate_with_hint(cards, rules, JokerHint::High)
}

/// Like [`validate`], but the caller chooses where surplus sequence jokers go.
///
/// ```
/// use engine::card::{Card, CardId, Face, Suit};
/// use engine::meld::{validate_with_hint, JokerHint, MeldRules};
///
/// let c = |id, face| Card { id: CardId(id), face };
/// let group = [c(0, Face::french(5, Suit::Hearts)), c(1, Face::french(6, Suit::Hearts)), c(2, Face::Joker)];
/// let low = validate_with_hint(&group, &MeldRules::default(), JokerHint::Low).unwrap();
/// assert_eq!(low.cards[0].stands_for, Face::french(4, Suit::Hearts));
/// let high = validate_with_hint(&group, &MeldRules::default(), JokerHint::High).unwrap();
/// assert_eq!(high.cards[2].stands_for, Face::french(7, Suit::Hearts));
/// ```
pub fn validate_with_hint(
    cards: &[Card],
    rules: &MeldRules,
    hint: JokerHint,
) -> Result<Meld, MeldError> {
    let parts = Parts::split(cards, rules)?;
    build(&parts, rules, hint)
}

/// Reads checked parts as a set or a sequence (set first when both are possible).
fn build(parts: &Parts, rules: &MeldRules, hint: JokerHint) -> Result<Meld, MeldError> {
    let (same_rank, same_suit) = parts.shape();
    match (same_rank, same_suit) {
        (false, false) => Err(MeldError::Mixed),
        (true, false) => build_set(parts, rules),
        (false, true) => build_sequence(parts, hint),
        (true, true) => {
            build_set(parts, rules).or_else(|e| build_sequence(parts, hint).map_err(|_| e))
        }
    }
}

/// Like [`validate_with_hint`], but only the given kind is tried (e.g. a UI that wants
/// ♥5 🃏 🃏 as a sequence rather than a set). Cards that do not share a rank (for a set)
/// or a suit (for a sequence) give [`MeldError::Mixed`].
pub fn validate_as(
    cards: &[Card],
    rules: &MeldRules,
    kind: MeldKind,
    hint: JokerHint,
) -> Result<Meld, MeldError> {
    let parts = Parts::split(cards, rules)?;
    let (same_rank, same_suit) = parts.shape();
    match kind {
        MeldKind::Set if same_rank => build_set(&parts, rules),
        MeldKind::Sequence if same_suit => build_sequence(&parts, hint),
        _ => Err(MeldError::Mixed),
    }
}

fn sat_u8(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// A natural French card with its rank and suit unpacked.
#[derive(Clone, Copy, Debug)]
struct Natural {
    card: Card,
    rank: Rank,
    suit: Suit,
}

/// A checked group: natural cards and jokers, basic rules (length, joker count) satisfied.
struct Parts {
    naturals: Vec<Natural>,
    jokers: Vec<Card>,
}

/// Splits a card into natural / joker; anything else is not a rummy card.
fn classify(card: Card) -> Result<Option<Natural>, MeldError> {
    match card.face {
        Face::Joker => Ok(None),
        Face::French { rank, suit } if (1..=13).contains(&rank.0) => {
            Ok(Some(Natural { card, rank, suit }))
        }
        _ => Err(MeldError::NotARummyCard),
    }
}

fn check_joker_limit(jokers: usize, rules: &MeldRules) -> Result<(), MeldError> {
    match rules.max_jokers_per_meld {
        Some(max) if jokers > max as usize => Err(MeldError::TooManyJokers {
            max,
            got: sat_u8(jokers),
        }),
        _ => Ok(()),
    }
}

impl Parts {
    fn split(cards: &[Card], rules: &MeldRules) -> Result<Parts, MeldError> {
        let mut naturals = Vec::new();
        let mut jokers = Vec::new();
        for card in cards {
            match classify(*card)? {
                Some(n) => naturals.push(n),
                None => jokers.push(*card),
            }
        }
        for (i, card) in cards.iter().enumerate() {
            if cards.iter().take(i).any(|c| c.id == card.id) {
                return Err(MeldError::DuplicateCard { card: card.id });
            }
        }
        let min = rules.min_len.max(1);
        if cards.len() < min as usize {
            return Err(MeldError::TooShort {
                min,
                got: sat_u8(cards.len()),
            });
        }
        if naturals.is_empty() {
            return Err(MeldError::OnlyJokers);
        }
        check_joker_limit(jokers.len(), rules)?;
        crate::sort::sort_by_key(&mut naturals, |n| (n.rank, n.suit, n.card.id));
        crate::sort::sort_by_key(&mut jokers, |c| c.id);
        Ok(Parts { naturals, jokers })
    }

    /// (all naturals share a rank, all naturals share a suit)
    fn shape(&self) -> (bool, bool) {
        let Some(first) = self.naturals.first() else {
            return (false, false);
        };
        (
            self.naturals.iter().all(|n| n.rank == first.rank),
            self.naturals.iter().all(|n| n.suit == first.suit),
        )
    }

    fn len(&self) -> usize {
        self.naturals.len() + self.jokers.len()
    }
}

fn natural(card: Card) -> Placed {
    Placed {
        card,
        stands_for: card.face,
    }
}

/// Builds a set; all naturals must share a rank (checked by the caller).
fn build_set(parts: &Parts, rules: &MeldRules) -> Result<Meld, MeldError> {
    let rank = parts
        .naturals
        .first()
        .map(|n| n.rank)
        .ok_or(MeldError::OnlyJokers)?;
    let mut naturals = parts.naturals.clone();
    crate::sort::sort_by_key(&mut naturals, |n| (n.suit, n.card.id));
    if rules.set_distinct_suits {
        for pair in naturals.windows(2) {
            if let [a, b] = pair {
                if a.suit == b.suit {
                    return Err(MeldError::SuitRepeated { suit: a.suit });
                }
            }
        }
        if parts.len() > 4 {
            return Err(MeldError::SetTooLarge { max: 4 });
        }
    }
    let mut used: Vec<Suit> = naturals.iter().map(|n| n.suit).collect();
    let mut cards: Vec<Placed> = naturals.iter().map(|n| natural(n.card)).collect();
    for joker in &parts.jokers {
        let suit = Suit::ALL
            .into_iter()
            .find(|s| !used.contains(s))
            .unwrap_or(Suit::Clubs);
        used.push(suit);
        cards.push(Placed {
            card: *joker,
            stands_for: Face::French { rank, suit },
        });
    }
    Ok(Meld {
        kind: MeldKind::Set,
        cards,
        ace_high: false,
    })
}

/// Positions in a sequence run from 1 (ace low) to 14 (ace high).
fn rank_fits(rank: Rank, lo: u8, hi: u8) -> bool {
    let inside = |p: u8| lo <= p && p <= hi;
    if rank == Rank::ACE {
        inside(1) || inside(14)
    } else {
        inside(rank.0)
    }
}

/// Builds a sequence; all naturals must share a suit (checked by the caller).
fn build_sequence(parts: &Parts, hint: JokerHint) -> Result<Meld, MeldError> {
    let suit = parts
        .naturals
        .first()
        .map(|n| n.suit)
        .ok_or(MeldError::OnlyJokers)?;
    // naturals are sorted by rank
    for pair in parts.naturals.windows(2) {
        if let [a, b] = pair {
            if a.rank == b.rank {
                return Err(MeldError::RankRepeated { rank: a.rank });
            }
        }
    }
    let len = parts.len();
    if len > 13 {
        return Err(MeldError::TooLong);
    }
    let len = len as u8; // ≤ 13
    let fits = |lo: &u8| {
        let hi = lo + len - 1;
        parts.naturals.iter().all(|n| rank_fits(n.rank, *lo, hi))
    };
    let mut starts = 1..=(15 - len);
    let lo = match hint {
        JokerHint::High => starts.rev().find(fits),
        JokerHint::Low => starts.find(fits),
    };
    let Some(lo) = lo else {
        return Err(sequence_failure(parts, len));
    };
    let hi = lo + len - 1;
    let mut jokers = parts.jokers.iter();
    let mut cards = Vec::with_capacity(len as usize);
    for pos in lo..=hi {
        let rank = Rank(if pos == 14 { 1 } else { pos });
        if let Some(n) = parts.naturals.iter().find(|n| n.rank == rank) {
            cards.push(natural(n.card));
        } else if let Some(joker) = jokers.next() {
            cards.push(Placed {
                card: *joker,
                stands_for: Face::French { rank, suit },
            });
        }
    }
    Ok(Meld {
        kind: MeldKind::Sequence,
        cards,
        ace_high: hi == 14,
    })
}

/// Explains why distinct naturals of one suit plus jokers make no sequence of `len` cards:
/// around the corner if the cards would fit on a circle (K-A-2), otherwise the gap.
fn sequence_failure(parts: &Parts, len: u8) -> MeldError {
    let ranks: Vec<u8> = parts.naturals.iter().map(|n| n.rank.0).collect();
    let (Some(&min), Some(&max)) = (ranks.first(), ranks.last()) else {
        return MeldError::OnlyJokers;
    };
    // Smallest arc on the circle A..K covering all naturals.
    let mut largest_gap = min + 13 - max;
    for pair in ranks.windows(2) {
        if let [a, b] = pair {
            largest_gap = largest_gap.max(b - a);
        }
    }
    let arc = 14 - largest_gap;
    if arc <= len {
        return MeldError::AroundTheCorner;
    }
    let ace_low_span = max - min + 1;
    let span = if min == 1 {
        let second = ranks.get(1).copied().unwrap_or(14);
        ace_low_span.min(14 - second + 1)
    } else {
        ace_low_span
    };
    MeldError::Gap {
        missing: span.saturating_sub(len),
    }
}

/// Card value for the first-meld minimum of a card standing for `face`.
fn opening_face_value(face: Face, ace_value: u32) -> u32 {
    match face {
        Face::French { rank, .. } => match rank.0 {
            1 => ace_value,
            r @ 2..=10 => r as u32,
            11..=13 => 10,
            _ => 0,
        },
        _ => 0,
    }
}

mod declared;
mod ops;

pub use declared::validate_declared;
#[cfg(test)]
mod ops_tests;
#[cfg(test)]
mod reference_tests;
#[cfg(test)]
mod tests;
