//! One of each of Profi-Sort's own rejections, for the texts check (`src/texts_check.rs`): each
//! must read as a German and as an English sentence.

use engine::profisort::{Need, ProfiSortError};
use engine::{CardId, Face, Rank, Suit};

const CARD: CardId = CardId(7);

/// Every variant of the game's error enum, some more than once (their texts differ by the
/// data they carry). Adding a variant without listing it here fails to compile.
pub fn errors() -> Vec<ProfiSortError> {
    use ProfiSortError as E;
    let needs = [
        Need::Rank { rank: 7 },
        Need::Suit { suit: Suit::Hearts },
        Need::RunRank { rank: 11 },
        Need::TwoOrThree,
        Need::FaceCard,
        Need::SameCard {
            face: Face::French {
                rank: Rank(3),
                suit: Suit::Spades,
            },
        },
        Need::TaskTenRank,
        Need::NewSuit,
    ];
    let mut all: Vec<E> = needs
        .into_iter()
        .map(|need| E::CardDoesNotFit {
            task: 4,
            part: 0,
            card: CARD,
            need,
        })
        .collect();
    all.extend([
        E::NoSuchTask { task: 16 },
        E::TaskLeftOut { task: 3 },
        E::TaskDone { task: 4 },
        E::RepeatShape {
            task: 15,
            repeat: None,
        },
        E::Task15NeedsGoingOut {
            left: 3,
            received: 0,
        },
        E::PartCount {
            task: 5,
            expected: 3,
            got: 1,
        },
        E::PartSize {
            task: 4,
            part: 0,
            expected: 6,
            got: 5,
        },
        E::PartSize {
            task: 4,
            part: 0,
            expected: 6,
            got: 7,
        },
        E::AceInTask { card: CARD },
        E::JokerNotAllowed {
            task: 13,
            card: CARD,
        },
        E::JokersOnly { task: 2, part: 1 },
        E::RunOutOfRange { task: 13, part: 0 },
        E::JokersOnly { task: 0, part: 0 },
        E::SameRankTwice {
            task: 11,
            part: 1,
            rank: 12,
        },
        E::NotOpened,
        E::NoSuchMeld { meld: 4 },
        E::NoSuchPart { meld: 0, part: 5 },
        E::WholeGroupNeeded { meld: 0, cards: 4 },
        E::NoNewPart { meld: 0 },
        E::NoCards,
        E::MustKeepCard {
            left: 0,
            received: 0,
        },
        E::MustKeepCard {
            left: 1,
            received: 1,
        },
        E::AceAlreadyGiven,
        E::NotAnAce { card: CARD },
        E::NoSuchOpponent { to: 0 },
        E::NoReceivedAce,
        E::TakenDiscard { card: CARD },
        E::DiscardPileEmpty,
        E::TopDiscardIsAce,
        E::VariantOff,
    ]);
    for e in &all {
        match e {
            E::NoSuchTask { .. }
            | E::TaskLeftOut { .. }
            | E::TaskDone { .. }
            | E::RepeatShape { .. }
            | E::Task15NeedsGoingOut { .. }
            | E::PartCount { .. }
            | E::PartSize { .. }
            | E::AceInTask { .. }
            | E::JokerNotAllowed { .. }
            | E::JokersOnly { .. }
            | E::CardDoesNotFit { .. }
            | E::RunOutOfRange { .. }
            | E::SameRankTwice { .. }
            | E::NotOpened
            | E::NoSuchMeld { .. }
            | E::NoSuchPart { .. }
            | E::WholeGroupNeeded { .. }
            | E::NoNewPart { .. }
            | E::NoCards
            | E::MustKeepCard { .. }
            | E::AceAlreadyGiven
            | E::NotAnAce { .. }
            | E::NoSuchOpponent { .. }
            | E::NoReceivedAce
            | E::TakenDiscard { .. }
            | E::DiscardPileEmpty
            | E::TopDiscardIsAce
            | E::VariantOff => {}
        }
    }
    all
}
