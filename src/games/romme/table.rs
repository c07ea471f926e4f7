//! The Rommé table: talon, discard pile, the "new meld" area with its live preview, and the
//! melds on the table (keyed by meld and content).

use super::board::Board;
use super::moves::MeldTarget;
use crate::components::action_bar::on_activate;
use crate::components::card::CardView;
use crate::components::piles::{Pile, PileLook, PileTop};
use crate::i18n::common::{face_text, fill};
use engine::meld::{JokerHint, MeldKind};
use engine::romme::{MeldId, RommeAction, TableMeldView};
use engine::CardId;
use leptos::prelude::*;

const TALON: PileLook = PileLook {
    class: "pile talon",
    testid: "talon",
    count_class: "pile-count",
    drop: None,
};
const DISCARD: PileLook = PileLook {
    class: "pile discard",
    testid: "discard",
    count_class: "pile-count",
    drop: Some("discard"),
};

/// Talon, discard pile and the new-meld area.
pub(super) fn piles(b: Board) -> impl IntoView {
    let discard_top = Signal::derive(move || match b.view.with(|v| v.discard_top) {
        Some(c) => PileTop::Open(c),
        None => PileTop::Empty,
    });
    let discard_target = Signal::derive(move || {
        b.has(&RommeAction::DrawDiscard)
            || (b.hand.selected.with(|s| s.len() == 1)
                && b.any(|a| matches!(a, RommeAction::Discard { .. })))
    });
    view! {
        <div class="piles">
            <Pile look=TALON top=PileTop::Back count=Signal::derive(move || b.view.with(|v| v.talon_size))
                on_click=Callback::new(move |_| b.click_talon())
                on_press=Callback::new(move |ev| b.press_pile(&ev, RommeAction::DrawTalon))
                target=Signal::derive(move || b.has(&RommeAction::DrawTalon))/>
            <Pile look=DISCARD top=discard_top count=Signal::derive(move || b.view.with(|v| v.discard_size))
                on_click=Callback::new(move |_| b.click_discard())
                on_press=Callback::new(move |ev| b.press_pile(&ev, RommeAction::DrawDiscard))
                target=discard_target recent=Signal::derive(move || b.recent.with(|r| r.1))/>
            {new_meld(b)}
        </div>
    }
}

/// The selection as the meld being built: drop target, live preview, tap to meld.
fn new_meld(b: Board) -> impl IntoView {
    let selecting = move || b.hand.selected.with(|s| !s.is_empty());
    // The meld button only while the viewer plays (never before the draw) and for a
    // selection that can be a meld (no big button for one card).
    let playing =
        move || b.any(|a| matches!(a, RommeAction::Discard { .. } | RommeAction::UndoTurn));
    let meldable = move || {
        playing()
            && (b.hand.selected.with(|s| s.len() >= 3)
                || b.preview.with(|p| matches!(p, Some(Ok(_)))))
    };
    let target = move || {
        selecting()
            && b.any(|a| matches!(a, RommeAction::Discard { .. } | RommeAction::Meld { .. }))
    };
    view! {
        <div class="new-meld" data-testid="new-meld" data-drop="new-meld" class:target=target
            // A group, not a button: the meld buttons live inside it.
            tabindex="0" role="group" aria-label=move || b.t("ro.ui.new_meld")
            on:keydown=on_activate(move || b.click_meld_area())
            on:click=move |_| b.click_meld_area()>
            <Show when=move || !selecting()>
                <span class="new-meld-label">{move || b.t("ro.ui.new_meld")}</span>
            </Show>
            {move || preview_box(b)}
            <Show when=move || meldable() && b.joker_choices.with(|c| c.is_empty())>
                // No handler of its own: the click reaches the area's handler once.
                <button class="button primary small" data-testid="meld-button">{move || b.t("ro.ui.meld")}</button>
            </Show>
            {move || playing().then(|| joker_buttons(b))}
        </div>
    }
}

/// A joker that can stand at either end: one button per placement, naming what the
/// jokers then represent.
fn joker_buttons(b: Board) -> impl IntoView {
    let lang = b.app.lang();
    b.joker_choices
        .get()
        .into_iter()
        .map(|(hint, faces)| {
            let faces: Vec<String> = faces.iter().map(|f| face_text(*f, lang)).collect();
            let label = fill(lang, "ro.ui.meld_joker_as", &[("faces", faces.join(", "))]);
            let testid = if hint == JokerHint::Low {
                "meld-low"
            } else {
                "meld-high"
            };
            view! {
                <button class="button primary small" data-testid=testid
                    on:click=move |ev| { ev.stop_propagation(); b.meld_selection(Some(hint)); }>
                    {label}
                </button>
            }
        })
        .collect_view()
}

fn preview_box(b: Board) -> Option<AnyView> {
    let lang = b.app.lang();
    b.preview.get().map(|r| match r {
        Ok(m) => {
            let kind = b.t(if m.kind == MeldKind::Set {
                "ro.ui.set"
            } else {
                "ro.ui.sequence"
            });
            let text = format!("✓ {kind} · {} {}", m.opening_value(), b.t("ro.ui.points"));
            view! { <span class="preview ok" data-testid="meld-preview">{text}</span> }.into_any()
        }
        Err(e) => {
            let text = format!("✗ {}", crate::i18n::common::explain_meld(&e, lang));
            view! { <span class="preview bad" data-testid="meld-preview">{text}</span> }.into_any()
        }
    })
}

/// The melds on the table, or a note that there are none.
pub(super) fn meld_table(b: Board) -> impl IntoView {
    let melds = move || b.view.with(|v| v.table.clone());
    let key = |m: &TableMeldView| {
        let ids: Vec<CardId> = m.meld.cards.iter().map(|p| p.card.id).collect();
        (m.id, ids, m.pending)
    };
    view! {
        <Show when=move || b.view.with(|v| !v.table.is_empty())
            fallback=move || view! { <p class="empty-table">{b.t("ro.ui.empty_table")}</p> }>
            <For each=melds key=key children=move |m| table_meld(b, m)/>
        </Show>
    }
}

/// What the single selected card would do on `meld`.
fn target(b: Board, meld: MeldId) -> MeldTarget {
    match b
        .hand
        .selected
        .with(|sel| sel.first().copied().filter(|_| sel.len() == 1))
    {
        Some(c) => b.meld_target(c, meld),
        None => MeldTarget::None,
    }
}

/// The highlighted meld says what a tap will do.
fn target_label(b: Board, meld: MeldId) -> Option<impl IntoView> {
    let key = match target(b, meld) {
        MeldTarget::None => return None,
        MeldTarget::LayOff => "ro.ui.target.lay_off",
        MeldTarget::Exchange => "ro.ui.target.exchange",
        MeldTarget::Both => "ro.ui.target.both",
    };
    Some(view! { <span class="meld-move" data-testid="meld-move">{b.t(key)}</span> })
}

fn table_meld(b: Board, m: TableMeldView) -> impl IntoView {
    let id = m.id;
    let rob = b.ui.rob;
    let kind = if m.meld.kind == MeldKind::Set {
        "set"
    } else {
        "seq"
    };
    let cards = m
        .meld
        .cards
        .iter()
        .map(|pl| {
            let cid = pl.card.id;
            let card = match pl.card.face.is_joker().then_some(pl.stands_for) {
                Some(f) => view! { <CardView face=Some(pl.card.face) stands_for=f id=cid/> }.into_any(),
                None => view! { <CardView face=Some(pl.card.face) id=cid/> }.into_any(),
            };
            view! {
                <span class="table-card" class:taken=move || rob.taken.with(|t| t.contains(&cid)) data-testid="table-card"
                    on:click=move |ev| if rob.active.get_untracked() { ev.stop_propagation(); rob.toggle_taken(cid); }>
                    {card}
                </span>
            }
        })
        .collect_view();
    view! {
        <div class="table-meld" class:target=move || target(b, id) != MeldTarget::None class:pending=m.pending
            class:recent=move || b.recent.with(|r| r.0.contains(&id)) data-kind=kind
            data-testid="table-meld" data-drop=format!("meld:{}", id.0)
            tabindex="0" role="button" on:keydown=on_activate(move || b.click_table_meld(id))
            on:click=move |_| b.click_table_meld(id)>
            {move || target_label(b, id)}
            <div class="meld-cards">{cards}</div>
            <small class="meld-owner">{b.name(m.owner)}</small>
        </div>
    }
}
