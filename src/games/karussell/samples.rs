//! One of each of Karussell's own rejections, for the texts check (`src/texts_check.rs`): each
//! must read as a German and as an English sentence.

use engine::karussell::KarussellError;
use engine::CardId;

const CARD: CardId = CardId(7);

/// Every variant of the game's error enum, some more than once (their texts differ by the
/// data they carry). Adding a variant without listing it here fails to compile.
pub fn errors() -> Vec<KarussellError> {
    use engine::karussell::KMeldError as K;
    let mut all: Vec<KarussellError> = [
        K::TooShort,
        K::BadIdentity,
        K::GroupSuitRepeated,
        K::Mixed,
        K::NotConsecutive,
        K::AroundTheCorner,
    ]
    .into_iter()
    .map(|error| KarussellError::IllegalMeld { meld: 1, error })
    .collect();
    all.extend([
        KarussellError::TableCardMissing { card: CARD },
        KarussellError::NoHandCard,
        KarussellError::JokerNeedsIdentity { card: CARD },
        KarussellError::JokerIdentityChanged { card: CARD },
        KarussellError::FirstMeldNeedsHandMeld,
        KarussellError::NotAfterThirdDraw,
        KarussellError::AlreadyMelded,
        KarussellError::HandTooHigh { limit: 5, have: 9 },
        KarussellError::NoKnockInFinalTurn,
        KarussellError::StockEmpty,
        KarussellError::NoMoreDraws,
        KarussellError::CannotPass,
    ]);
    for e in &all {
        match e {
            KarussellError::IllegalMeld { .. }
            | KarussellError::TableCardMissing { .. }
            | KarussellError::NoHandCard
            | KarussellError::JokerNeedsIdentity { .. }
            | KarussellError::JokerIdentityChanged { .. }
            | KarussellError::FirstMeldNeedsHandMeld
            | KarussellError::NotAfterThirdDraw
            | KarussellError::AlreadyMelded
            | KarussellError::HandTooHigh { .. }
            | KarussellError::NoKnockInFinalTurn
            | KarussellError::StockEmpty
            | KarussellError::NoMoreDraws
            | KarussellError::CannotPass => {}
        }
    }
    all
}
