//! Karussell's moves said as advice (the analysis after a round names the better move so):
//! what to do and why, and the hand cards it is about. Karussell's "Tipp" is its solver's
//! (`table::hint_bar`), not this.

use crate::i18n::common::{face_text, fill};
use crate::i18n::{tr, Lang};
use crate::play::ui_game::Hint;
use engine::karussell::{KarussellAction as A, KarussellView};
use engine::CardId;

/// What to do and why for `action` in `view`, and its hand cards.
pub(super) fn advice(view: &KarussellView, action: &A, lang: Lang) -> Option<Hint> {
    let (text, cards) = match action {
        A::Draw => (tr(lang, "ka.advice.draw").to_string(), Vec::new()),
        A::Meld { table } => {
            let cards: Vec<CardId> = table
                .iter()
                .flatten()
                .map(|s| s.card)
                .filter(|id| view.hand.iter().any(|c| c.id == *id))
                .collect();
            let faces: Vec<String> = cards
                .iter()
                .filter_map(|id| view.hand.iter().find(|c| c.id == *id))
                .map(|c| face_text(c.face, lang))
                .collect();
            let text = fill(lang, "ka.advice.meld", &[("cards", faces.join(" "))]);
            (text, cards)
        }
        A::Knock => (tr(lang, "ka.advice.knock").to_string(), Vec::new()),
        A::EndTurn => (tr(lang, "ka.advice.end_turn").to_string(), Vec::new()),
        A::Pass => (tr(lang, "ka.advice.pass").to_string(), Vec::new()),
        A::NextRound => return None,
    };
    Some(Hint { text, cards })
}
