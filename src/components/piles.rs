//! Piles shared by every game: a stack of cards drawn as its top card (or its back) with a
//! count (talon, discard pile, draw pile), and a row of small open cards (supply slots,
//! displays, dialogs).

use crate::components::card::CardView;
use engine::{Card, Face};
use leptos::prelude::*;
use web_sys::PointerEvent;

/// What a pile shows on top.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PileTop {
    /// A face-down stack.
    Back,
    Open(Card),
    Empty,
}

/// Class names of one pile: of the button and of its count.
#[derive(Clone, Copy)]
pub struct PileLook {
    pub class: &'static str,
    pub testid: &'static str,
    pub count_class: &'static str,
    /// The pile is a drop target with this value.
    pub drop: Option<&'static str>,
}

/// One pile as a button. `target` marks it as where the move of the moment goes,
/// `can_draw` as drawable (and disabled otherwise, when `disable` is set).
#[component]
pub fn Pile(
    look: PileLook,
    #[prop(into)] top: Signal<PileTop>,
    #[prop(into)] count: Signal<usize>,
    on_click: Callback<()>,
    #[prop(optional)] on_press: Option<Callback<PointerEvent>>,
    #[prop(optional, into)] target: Signal<bool>,
    #[prop(optional, into)] can_draw: Signal<bool>,
    #[prop(optional, into)] recent: Signal<bool>,
    #[prop(optional)] disable: bool,
) -> impl IntoView {
    let face = move || match top.get() {
        PileTop::Back => {
            view! { <CardView face={ let back: Option<Face> = None; back }/> }.into_any()
        }
        PileTop::Open(c) => view! { <CardView face=Some(c.face) id=c.id/> }.into_any(),
        PileTop::Empty => view! { <div class="pile-empty"></div> }.into_any(),
    };
    view! {
        <button class=look.class data-testid=look.testid data-drop=look.drop
            class:target=target class:can-draw=can_draw class:recent=recent
            disabled=move || disable && !can_draw.get()
            on:click=move |_| on_click.run(())
            on:pointerdown=move |ev| if let Some(p) = on_press { p.run(ev) }>
            {face}
            <span class=look.count_class>{move || count.get()}</span>
        </button>
    }
}

/// A row of small open cards.
pub fn card_row(cards: Vec<Card>, class: &'static str) -> impl IntoView {
    view! {
        <span class=class>
            {cards.into_iter().map(|c| view! { <CardView face=Some(c.face) id=c.id/> }).collect_view()}
        </span>
    }
}
