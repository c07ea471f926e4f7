//! "Tipp" in Rommé: the normal bot's choice for the decision now, in a short sentence with
//! its reason, and the hand cards it is about.

use crate::i18n::common::{face_text, fill};
use crate::i18n::{tr, Lang};
use crate::play::ui_game::Hint;
use engine::romme::{RommeAction as A, RommeView};
use engine::{Card, CardId};

/// What to do and why for `action` in `view` (without "Tipp:"), and its cards.
pub(super) fn advice(view: &RommeView, action: &A, lang: Lang) -> Option<Hint> {
    let find = |id: CardId| {
        view.hand
            .iter()
            .chain(&view.freed_jokers)
            .chain(view.discard_top.as_ref())
            .find(|c| c.id == id)
            .copied()
    };
    let face = |c: Option<Card>| c.map(|c| face_text(c.face, lang)).unwrap_or_default();
    let top = face(view.discard_top);
    let (key, args, cards): (&str, Vec<(&str, String)>, Vec<CardId>) = match action {
        A::DrawTalon if view.discard_top.is_some() => {
            ("ro.hint.draw_talon", vec![("card", top)], vec![])
        }
        A::DrawTalon => ("ro.hint.draw_talon_only", vec![], vec![]),
        A::DrawDiscard => ("ro.hint.draw_discard", vec![("card", top)], vec![]),
        A::Meld { cards, .. } => {
            let faces: Vec<String> = cards.iter().map(|&id| face(find(id))).collect();
            (
                "ro.hint.meld",
                vec![("cards", faces.join(" "))],
                cards.clone(),
            )
        }
        A::LayOff { card, .. } => (
            "ro.hint.lay_off",
            vec![("card", face(find(*card)))],
            vec![*card],
        ),
        A::ExchangeJoker { card, .. } => (
            "ro.hint.exchange",
            vec![("card", face(find(*card)))],
            vec![*card],
        ),
        A::Rob(_) => ("ro.hint.rob", vec![], vec![]),
        A::Discard { card } => (
            "ro.hint.discard",
            vec![("card", face(find(*card)))],
            vec![*card],
        ),
        A::DeclareRomme => ("ro.hint.declare", vec![], vec![]),
        A::DeclineRomme => ("ro.hint.decline", vec![], vec![]),
        A::Buy => ("ro.hint.buy", vec![("card", top)], vec![]),
        A::PassBuy => ("ro.hint.pass_buy", vec![("card", top)], vec![]),
        A::UndoTurn | A::NextDeal => return None,
    };
    let text = if args.is_empty() {
        tr(lang, key).to_string()
    } else {
        fill(lang, key, &args)
    };
    Some(Hint { text, cards })
}
