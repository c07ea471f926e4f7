//! Texts shared by every game: explanations of common rule errors and save errors, and
//! small formatting helpers. All wording comes from the translation table.

use crate::components::card::face_label;
use crate::i18n::{tr, Lang};
use engine::save::SaveError;
use engine::{Card, CardId, Face, RuleError};

/// Fills the `{name}` slots of a translated template.
pub fn fill(lang: Lang, key: &str, args: &[(&str, String)]) -> String {
    let mut s = tr(lang, key).to_string();
    for (k, v) in args {
        s = s.replace(&format!("{{{k}}}"), v);
    }
    s
}

pub fn name(names: &[String], seat: usize) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("#{}", seat + 1))
}

/// A face as the log writes it: "♥7", "Joker".
pub fn face_text(face: Face, lang: Lang) -> String {
    match face {
        Face::French { rank, suit } => {
            let r = if lang == Lang::En {
                rank.label_en()
            } else {
                rank.label_de()
            };
            format!("{}{}", suit.symbol(), r)
        }
        other => face_label(other, lang == Lang::En),
    }
}

pub fn faces_text(faces: &[Face], lang: Lang) -> String {
    faces
        .iter()
        .map(|f| face_text(*f, lang))
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn cards_text(cards: &[Card], lang: Lang) -> String {
    cards
        .iter()
        .map(|c| face_text(c.face, lang))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Explains the game-independent rule errors; `None` for game-specific ones.
pub fn explain_common(err: &RuleError, names: &[String], lang: Lang) -> Option<String> {
    Some(match err {
        RuleError::GameOver => tr(lang, "err.game_over").to_string(),
        RuleError::NotYourDecision { expected, .. } => match expected {
            Some(s) => fill(lang, "err.not_your_decision", &[("name", name(names, *s))]),
            None => tr(lang, "err.game_over").to_string(),
        },
        RuleError::NoSuchSeat { .. } => tr(lang, "err.no_such_seat").to_string(),
        RuleError::CardNotInHand { card } => {
            fill(lang, "err.card_not_in_hand", &[("card", card_id(*card))])
        }
        RuleError::DuplicateCard { .. } => tr(lang, "err.duplicate_card").to_string(),
        RuleError::WrongPhase { expected } => {
            fill(lang, "err.wrong_phase", &[("expected", expected.clone())])
        }
        RuleError::PlayerCount { min, max, got } => fill(
            lang,
            "err.player_count",
            &[
                ("min", min.to_string()),
                ("max", max.to_string()),
                ("got", got.to_string()),
            ],
        ),
        RuleError::BadOption { option, reason } => fill(
            lang,
            "err.bad_option",
            &[("option", option.clone()), ("reason", reason.clone())],
        ),
        RuleError::Meld(e) => crate::games::romme::explain_meld(e, lang),
        _ => return None,
    })
}

fn card_id(id: CardId) -> String {
    format!("#{}", id.0)
}

pub fn explain_save_error(err: &SaveError, lang: Lang) -> String {
    match err {
        SaveError::Malformed { .. } => tr(lang, "save.malformed").to_string(),
        SaveError::UnsupportedVersion { found, supported } => fill(
            lang,
            "save.version",
            &[
                ("found", found.to_string()),
                ("supported", supported.to_string()),
            ],
        ),
        SaveError::IllegalAction { index, .. } => {
            fill(lang, "save.illegal", &[("index", (index + 1).to_string())])
        }
        SaveError::SnapshotMismatch => tr(lang, "save.mismatch").to_string(),
        SaveError::BadLink { .. } => tr(lang, "save.bad_link").to_string(),
        other => fill(lang, "save.other", &[("detail", format!("{other:?}"))]),
    }
}
