//! "Tipp" in Profi-Sort: the normal bot's choice for the decision now, in a short sentence
//! with its reason, and the hand cards it is about.

use crate::i18n::common::{face_text, fill};
use crate::i18n::{tr, Lang};
use crate::play::ui_game::Hint;
use engine::profisort::{ProfiSortAction as A, ProfiSortView};
use engine::CardId;

/// What to do and why for `action` in `view` (without "Tipp:"), and its cards.
pub(super) fn advice(view: &ProfiSortView, action: &A, lang: Lang) -> Option<Hint> {
    let face = |id: &CardId| {
        view.hand
            .iter()
            .chain(view.discard.last())
            .find(|c| c.id == *id)
            .map(|c| face_text(c.face, lang))
            .unwrap_or_default()
    };
    let faces = |ids: &[CardId]| ids.iter().map(face).collect::<Vec<_>>().join(" ");
    let top = view.discard.last().map(|c| face(&c.id)).unwrap_or_default();
    let (key, args, cards): (&str, Vec<(&str, String)>, Vec<CardId>) = match action {
        A::Redeal => ("ps.hint.redeal", vec![], vec![]),
        A::KeepHand => ("ps.hint.keep", vec![], vec![]),
        A::Draw => ("ps.hint.draw", vec![], vec![]),
        A::TakeDiscard => ("ps.hint.take", vec![("card", top)], vec![]),
        A::SitOut => ("ps.hint.sit_out", vec![], vec![]),
        A::LayTask { task, parts, .. } => {
            let all: Vec<CardId> = parts.iter().flatten().copied().collect();
            let name = tr(lang, &format!("ps.task.{task}")).to_string();
            (
                "ps.hint.task",
                vec![("task", name), ("cards", faces(&all))],
                all,
            )
        }
        A::LayOff { cards, .. } => (
            "ps.hint.lay_off",
            vec![("cards", faces(cards))],
            cards.clone(),
        ),
        A::GiveAce { card, .. } => ("ps.hint.give_ace", vec![], vec![*card]),
        A::Discard { card } => ("ps.hint.discard", vec![("card", face(card))], vec![*card]),
        A::NextDeal => return None,
    };
    let text = if args.is_empty() {
        tr(lang, key).to_string()
    } else {
        fill(lang, key, &args)
    };
    Some(Hint { text, cards })
}
