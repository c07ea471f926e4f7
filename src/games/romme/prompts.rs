//! The moments of a turn that must never mislead: a joker freed by an exchange, shown apart
//! from the hand until it is placed, and the question whether a card is laid off or
//! exchanges the joker of a meld when both are possible.

use super::board::Board;
use crate::components::action_bar::ActionButton;
use crate::components::card::CardView;
use crate::i18n::common::{face_text, fill};
use engine::romme::RommeAction;
use engine::{Card, CardId, Face};
use leptos::prelude::*;

/// The freed jokers of the viewer's turn, apart from the hand, marked "muss noch ausgelegt
/// werden". A tap selects one (with hand cards for a new meld, or alone to lay it off).
pub(super) fn freed_strip(b: Board) -> impl IntoView {
    let freed = move || {
        b.view.with(|v| {
            if v.turn == v.seat && v.to_move == Some(v.seat) {
                v.freed_jokers.clone()
            } else {
                Vec::new()
            }
        })
    };
    view! {
        <Show when=move || !freed().is_empty()>
            <div class="freed-jokers" data-testid="freed-jokers" role="group"
                aria-label=move || b.t("ro.ui.freed")>
                <span class="freed-label">{move || b.t("ro.ui.freed")}</span>
                <For each=freed key=|c: &Card| c.id children=move |c| freed_card(b, c.id)/>
            </div>
        </Show>
    }
}

fn freed_card(b: Board, id: CardId) -> impl IntoView {
    let selected = move || b.hand.selected.with(|s| s.contains(&id));
    view! {
        <button class="freed-card" class:selected=selected data-testid="freed-joker"
            aria-pressed=move || selected().to_string()
            on:click=move |_| {
                b.ui.warn_discard.set(None);
                b.ui.hint.set(None);
                b.ui.ask.set(None);
                b.hand.toggle(id);
            }>
            <CardView face=Some(Face::Joker) id=id/>
        </button>
    }
}

/// Lay off or exchange: two buttons naming the result, laying off first.
pub(super) fn ask_panel(b: Board) -> impl IntoView {
    let ask = b.ui.ask;
    let buttons = move || {
        let (card, meld) = ask.get()?;
        let lang = b.app.lang();
        let face = b
            .shown
            .with(|s| s.iter().find(|c| c.id == card).map(|c| c.face))?;
        let name = face_text(face, lang);
        let lay = fill(lang, "ro.ui.do_lay_off", &[("card", name.clone())]);
        let ex = fill(lang, "ro.ui.do_exchange", &[("card", name)]);
        Some(view! {
            <div class="ask-move" role="group" data-testid="ask-move">
                <p class="ask-text">{b.t("ro.ui.ask_move")}</p>
                <ActionButton label=Signal::derive(move || lay.clone()) testid="ask-lay-off" primary=true
                    on_click=Callback::new(move |_| b.do_act(RommeAction::LayOff { card, meld }))/>
                <ActionButton label=Signal::derive(move || ex.clone()) testid="ask-exchange"
                    on_click=Callback::new(move |_| b.do_act(RommeAction::ExchangeJoker { card, meld }))/>
            </div>
        })
    };
    // Forget the question once the card is gone or deselected.
    Effect::new(move |_| {
        if let Some((card, _)) = ask.get() {
            if !b.hand.selected.with(|s| s.as_slice() == [card]) {
                ask.set(None);
            }
        }
    });
    buttons
}
