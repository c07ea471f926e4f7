//! "Tipp" in Abluxxen: the normal bot's choice for the decision now, in a short sentence
//! with its reason, and the hand cards it is about.

use crate::i18n::common::fill;
use crate::i18n::{tr, Lang};
use crate::play::ui_game::Hint;
use engine::abluxxen::{card_value, AbluxxenAction as A, AbluxxenView};

/// What to do and why for `action` in `view` (without "Tipp:"), and its cards.
pub(super) fn advice(view: &AbluxxenView, action: &A, lang: Lang) -> Option<Hint> {
    let (key, args, cards) = match action {
        A::Play { cards } => {
            let value = view
                .hand
                .iter()
                .filter(|c| cards.contains(&c.id))
                .map(card_value)
                .min()
                .unwrap_or(0);
            let n = ("n", cards.len().to_string());
            if value >= 14 {
                ("ab.hint.play_jokers", vec![n], cards.clone())
            } else {
                (
                    "ab.hint.play",
                    vec![n, ("value", value.to_string())],
                    cards.clone(),
                )
            }
        }
        A::LuxxShadow { value } => ("ab.hint.shadow", vec![("value", value.to_string())], vec![]),
        A::TakeLuxxed => ("ab.hint.take", vec![], vec![]),
        A::LeaveLuxxed => ("ab.hint.leave", vec![], vec![]),
        A::TakeBack => ("ab.hint.take_back", vec![], vec![]),
        A::DiscardAndDraw => ("ab.hint.discard_draw", vec![], vec![]),
        A::DrawFromSupply { .. } => ("ab.hint.supply", vec![], vec![]),
        A::DrawFromPile => ("ab.hint.pile", vec![], vec![]),
        A::Pass => ("ab.hint.pass", vec![], vec![]),
    };
    let text = if args.is_empty() {
        tr(lang, key).to_string()
    } else {
        fill(lang, key, &args)
    };
    Some(Hint { text, cards })
}
