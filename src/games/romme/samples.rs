//! One of each of Rommé's own rejections, for the texts check (`src/texts_check.rs`): each
//! must read as a German and as an English sentence.

use engine::meld::MeldError;
use engine::romme::{EndMode, LayOffPolicy, MeldId, RommeError};
use engine::CardId;

const CARD: CardId = CardId(7);

/// Every variant of the game's error enum, some more than once (their texts differ by the
/// data they carry). Adding a variant without listing it here fails to compile.
pub fn errors() -> Vec<RommeError> {
    let meld = MeldId(1);
    let all = vec![
        RommeError::OpeningTooLow {
            needed: 30,
            have: 27,
        },
        RommeError::LayOffNotAllowed {
            policy: LayOffPolicy::OwnMelds,
        },
        RommeError::LayOffNotAllowed {
            policy: LayOffPolicy::AnyAfterOwnFirstMeld,
        },
        RommeError::LayOffNotAllowed {
            policy: LayOffPolicy::AnyAnyTime,
        },
        RommeError::ExchangeNeedsFirstMeld,
        RommeError::ExchangeDisabled,
        RommeError::CannotDiscardTakenCard { card: CARD },
        RommeError::DiscardMustBeMelded { card: CARD },
        RommeError::DiscardMustGoIntoNewMeld { card: CARD },
        RommeError::FreedJokerMustBePlaced { joker: CARD },
        RommeError::ResidualTooHigh { limit: 9, have: 14 },
        RommeError::NotInEndMode {
            mode: EndMode::GoOut,
        },
        RommeError::MustDiscardToGoOut,
        RommeError::BuyLimitReached { limit: 2 },
        RommeError::BuyingDisabled,
        RommeError::DiscardNotAvailable,
        RommeError::RobbingDisabled,
        RommeError::RobLeavesIllegalMeld {
            meld,
            error: MeldError::TooShort { min: 3, got: 2 },
        },
        RommeError::TakenCardNotReused { card: CARD },
        RommeError::CardNotOnTable { card: CARD },
        RommeError::EmptyRob,
        RommeError::DiscardOnlyAsDraw,
        RommeError::NoSuchMeld { meld },
        RommeError::NothingToUndo,
    ];
    // Adding a variant without listing it above fails to compile here.
    for e in &all {
        match e {
            RommeError::OpeningTooLow { .. }
            | RommeError::LayOffNotAllowed { .. }
            | RommeError::ExchangeNeedsFirstMeld
            | RommeError::ExchangeDisabled
            | RommeError::CannotDiscardTakenCard { .. }
            | RommeError::DiscardMustBeMelded { .. }
            | RommeError::DiscardMustGoIntoNewMeld { .. }
            | RommeError::FreedJokerMustBePlaced { .. }
            | RommeError::ResidualTooHigh { .. }
            | RommeError::NotInEndMode { .. }
            | RommeError::MustDiscardToGoOut
            | RommeError::BuyLimitReached { .. }
            | RommeError::BuyingDisabled
            | RommeError::DiscardNotAvailable
            | RommeError::RobbingDisabled
            | RommeError::RobLeavesIllegalMeld { .. }
            | RommeError::TakenCardNotReused { .. }
            | RommeError::CardNotOnTable { .. }
            | RommeError::EmptyRob
            | RommeError::DiscardOnlyAsDraw
            | RommeError::NoSuchMeld { .. }
            | RommeError::NothingToUndo => {}
        }
    }
    all
}
