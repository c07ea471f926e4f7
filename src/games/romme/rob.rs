//! Räuber-Rommé: rearrange in a scratch state, then commit the whole robbery at once.
//! The board keeps which table cards are taken and which new melds are being built; the
//! engine validates the transaction as a whole when it is committed.

use crate::components::card::CardView;
use crate::components::hand::{toggle_id, HandState};
use crate::ctx::use_app;
use engine::meld::validate;
use engine::romme::{RommeAction, RommeView};
use engine::{Card, CardId};
use leptos::prelude::*;

/// UI-only state of a robbery in progress.
#[derive(Clone, Copy)]
pub struct RobState {
    pub active: RwSignal<bool>,
    /// Cards taken from the table (and possibly the top discard).
    pub taken: RwSignal<Vec<CardId>>,
    /// New melds being built (hand cards, freed jokers and taken cards).
    pub staged: RwSignal<Vec<Vec<CardId>>>,
}

impl RobState {
    pub fn new() -> RobState {
        let state = RobState {
            active: RwSignal::new(false),
            taken: RwSignal::new(Vec::new()),
            staged: RwSignal::new(Vec::new()),
        };
        // Read by every card on the table, and the melds come and go.
        crate::ctx::prune_with_board(state.taken);
        crate::ctx::prune_with_board(state.staged);
        state
    }

    pub fn reset(&self) {
        self.taken.set(Vec::new());
        self.staged.set(Vec::new());
    }

    pub fn toggle_taken(&self, id: CardId) {
        self.taken.update(|t| toggle_id(t, id));
        // A card put back on the table cannot stay in a staged meld.
        if !self.taken.with_untracked(|t| t.contains(&id)) {
            self.staged.update(|s| {
                for m in s.iter_mut() {
                    m.retain(|x| *x != id);
                }
                s.retain(|m| !m.is_empty());
            });
        }
    }

    pub fn action(&self) -> RommeAction {
        RommeAction::Rob(Box::new(engine::romme::RobPlay {
            take: self.taken.get_untracked(),
            melds: self.staged.get_untracked(),
            lay_offs: Vec::new(),
        }))
    }
}

impl Default for RobState {
    fn default() -> Self {
        Self::new()
    }
}

/// Every card the robbing player can see by id: hand, freed jokers, table, top discard.
pub fn find_card(v: &RommeView, id: CardId) -> Option<Card> {
    v.hand
        .iter()
        .chain(v.freed_jokers.iter())
        .copied()
        .chain(
            v.table
                .iter()
                .flat_map(|m| m.meld.cards.iter().map(|p| p.card)),
        )
        .chain(v.discard_top)
        .find(|c| c.id == id)
}

/// The robbery panel: taken cards (tap to add to the selection), staged melds with live
/// validity, and the build / commit / reset buttons.
pub fn rob_panel(
    rob: RobState,
    view: Signal<RommeView>,
    hand: HandState,
    act: impl Fn(RommeAction) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let app = use_app();
    let selected = hand.selected;
    let in_staged = move |id: CardId| rob.staged.with(|s| s.iter().any(|m| m.contains(&id)));
    let loose_taken = move || {
        let v = view.get();
        rob.taken
            .get()
            .into_iter()
            .filter(|id| !in_staged(*id))
            .filter_map(|id| find_card(&v, id))
            .map(|c| {
                let id = c.id;
                view! {
                    <button class="hand-card" class:selected=move || hand.is_selected(id) data-testid="taken-card"
                        on:click=move |_| hand.toggle(id)>
                        <CardView face=Some(c.face)/>
                    </button>
                }
            })
            .collect_view()
    };
    let staged = move || {
        let v = view.get();
        rob.staged
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, ids)| {
                let cards: Vec<Card> = ids.iter().filter_map(|id| find_card(&v, *id)).collect();
                let ok = validate(&cards, &v.options.meld_rules()).is_ok();
                view! {
                    <div class="table-meld staged" class:invalid=!ok data-testid="staged-meld">
                        <div class="meld-cards">{cards.iter().map(|c| view! { <CardView face=Some(c.face)/> }).collect_view()}</div>
                        <button class="button small" on:click=move |_| rob.staged.update(|s| { if i < s.len() { s.remove(i); } })>"✕"</button>
                    </div>
                }
            })
            .collect_view()
    };
    let build = move |_| {
        let sel = selected.get_untracked();
        if !sel.is_empty() {
            rob.staged.update(|s| s.push(sel));
            selected.set(Vec::new());
        }
    };
    view! {
        <div class="rob-panel" data-testid="rob-panel">
            <p class="hint">{move || app.t("ro.rob.hint")}</p>
            <div class="rob-taken">{loose_taken}</div>
            <div class="rob-staged">{staged}</div>
            <div class="rob-actions">
                <button class="button" data-testid="rob-build" on:click=build>{move || app.t("ro.rob.build")}</button>
                <button class="button primary" data-testid="rob-commit" on:click=move |_| act(rob.action())>{move || app.t("ro.rob.commit")}</button>
                <button class="button" data-testid="rob-reset" on:click=move |_| { rob.reset(); selected.set(Vec::new()); }>{move || app.t("ro.rob.reset")}</button>
            </div>
        </div>
    }
}
