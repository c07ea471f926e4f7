//! One of each of Abluxxen's own rejections, for the texts check (`src/texts_check.rs`): each
//! must read as a German and as an English sentence.

use engine::abluxxen::{AbluxxenError, Decision};

/// Every variant of the game's error enum, some more than once (their texts differ by the
/// data they carry). Adding a variant without listing it here fails to compile.
pub fn errors() -> Vec<AbluxxenError> {
    let all = vec![
        AbluxxenError::EmptyPlay,
        AbluxxenError::MixedValues { values: vec![3, 4] },
        AbluxxenError::NotAQualifyingShadowGroup {
            value: 8,
            needed_count: 2,
            options: vec![5, 6],
        },
        AbluxxenError::NoSuchSupplySlot { slot: 7, slots: 6 },
        AbluxxenError::SupplySlotEmpty { slot: 2 },
        AbluxxenError::DrawPileEmpty,
        AbluxxenError::DrawNotOptional { remaining: 2 },
        AbluxxenError::WrongPhase {
            expected: Decision::ShadowChoice,
        },
        AbluxxenError::WrongPhase {
            expected: Decision::LuxxDecision,
        },
        AbluxxenError::WrongPhase {
            expected: Decision::VictimDecision,
        },
    ];
    for e in &all {
        match e {
            AbluxxenError::EmptyPlay
            | AbluxxenError::MixedValues { .. }
            | AbluxxenError::NotAQualifyingShadowGroup { .. }
            | AbluxxenError::NoSuchSupplySlot { .. }
            | AbluxxenError::SupplySlotEmpty { .. }
            | AbluxxenError::DrawPileEmpty
            | AbluxxenError::DrawNotOptional { .. }
            | AbluxxenError::WrongPhase { .. } => {}
        }
    }
    all
}
