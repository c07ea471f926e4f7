//! The scratch table (melds with live marks, the new-meld area, joker choices), the status
//! line and the turn's buttons.

use super::board::{face_choice, Board};
use super::scratch::Spot;
use crate::components::action_bar::on_activate;
use crate::components::action_bar::{ActionButton, UndoButton};
use crate::components::card::CardView;
use crate::i18n::common::fill;
use engine::karussell::{KMeldKind, KarussellAction, PhaseView, TableCard};
use engine::CardId;
use leptos::prelude::*;

fn meld_view(b: Board, i: usize) -> impl IntoView {
    let s = b.scratch;
    let cards = move || s.with(|s| s.melds.get(i).cloned().unwrap_or_default());
    let status = Memo::new(move |_| s.with(|s| s.status(i)));
    let mark = move || match status.get() {
        Ok(KMeldKind::Group) => b.t("ka.ui.group_ok"),
        Ok(KMeldKind::Sequence) => b.t("ka.ui.sequence_ok"),
        Err(e) => b.t(super::texts::meld_error_key(e)),
    };
    let card = move |t: TableCard| {
        let id = t.card.id;
        let declared = (t.is_joker() && t.as_face != engine::Face::Joker).then_some(t.as_face);
        view! {
            <button class="table-card" class:selected=move || b.hand.is_selected(id)
                data-testid="table-card" data-card=id.0 data-face=t.as_face.to_string()
                on:pointerdown=move |ev| b.press_card(&ev, id)
                on:click=move |ev| { ev.stop_propagation(); b.tap_card(id) }>
                <CardView face=Some(t.card.face) id=id/>
                {declared.map(|f| view! { <span class="joker-as">{move || face_choice(f, b.app.lang())}</span> })}
            </button>
        }
    };
    view! {
        <div class="meld k-meld" data-testid="k-meld" data-drop=Spot::Meld(i).code()
            class:valid=move || status.get().is_ok() class:invalid=move || status.get().is_err()
            data-valid=move || status.get().is_ok().to_string()
            // A group, not a button: its cards are buttons of their own.
            tabindex="0" role="group" aria-label=move || fill(b.app.lang(), "ka.ui.meld_n", &[("n", (i + 1).to_string())])
            on:keydown=on_activate(move || b.tap_target(Spot::Meld(i)))
            on:click=move |_| b.tap_target(Spot::Meld(i))>
            <div class="meld-cards">
                <For each=cards key=|t: &TableCard| (t.card.id, t.as_face) children=card/>
            </div>
            <small class="meld-mark" data-testid="meld-mark">{mark}</small>
            {joker_choices(b, i)}
        </div>
    }
}

/// Buttons to declare a joker whose identity is ambiguous.
fn joker_choices(b: Board, i: usize) -> impl IntoView {
    let choices = Memo::new(move |_| b.scratch.with(|s| s.joker_choices(i)));
    move || {
        choices
            .get()
            .into_iter()
            .map(|(id, faces): (CardId, Vec<engine::Face>)| {
                view! {
                    <div class="joker-choice" data-testid="joker-choice">
                        <span>{b.t("ka.ui.joker_as")}</span>
                        {faces.into_iter().map(|f| view! {
                            <button class="button small" on:click=move |ev| {
                                ev.stop_propagation();
                                b.scratch.update(|s| s.declare(id, f));
                            }>{face_choice(f, b.app.lang())}</button>
                        }).collect_view()}
                    </div>
                }
            })
            .collect_view()
    }
}

pub(super) fn scratch_table(b: Board) -> impl IntoView {
    let count = move || b.scratch.with(|s| s.melds.len());
    let melds = move || (0..count()).collect::<Vec<_>>();
    view! {
        <div class="table k-table grow" data-testid="table" class:editing=move || b.can_meld.get()>
            <For each=melds key=|i| *i children=move |i| meld_view(b, i)/>
            <Show when=move || b.can_meld.get()>
                <div class="new-meld" data-testid="new-meld" data-drop=Spot::NewMeld.code()
                    tabindex="0" role="button" on:keydown=on_activate(move || b.tap_target(Spot::NewMeld))
                    on:click=move |_| b.tap_target(Spot::NewMeld)>
                    {move || b.t("ka.ui.new_meld")}
                </div>
            </Show>
        </div>
    }
}

pub(super) fn status_line(b: Board) -> impl IntoView {
    let v = b.view;
    let text = move || {
        let lang = b.app.lang();
        v.with(|v| {
            let mine = v.to_move == Some(v.seat);
            let who = |s| b.name(s);
            match (&v.phase, mine) {
                (PhaseView::Draw { .. }, true) => b.t("ka.ui.your_draw"),
                (PhaseView::MayMeld { draws, .. }, true) => {
                    fill(lang, "ka.ui.your_meld", &[("n", draws.to_string())])
                }
                (PhaseView::AfterMeld { .. }, true) => b.t("ka.ui.after_meld"),
                (PhaseView::KnockDecision { pips, .. }, true) => {
                    fill(lang, "ka.ui.knock_question", &[("pips", pips.to_string())])
                }
                (
                    PhaseView::FinalTurn {
                        emptied_by, left, ..
                    },
                    true,
                ) => fill(
                    lang,
                    "ka.ui.your_final_turn",
                    &[("name", who(*emptied_by)), ("left", left.to_string())],
                ),
                (PhaseView::FinalTurn { seat, .. }, false) => {
                    fill(lang, "ka.ui.final_turn_of", &[("name", who(*seat))])
                }
                (PhaseView::RoundOver { .. }, _) => b.t("ka.ui.round_over"),
                (PhaseView::MatchOver, _) => b.t("ka.ui.match_over"),
                _ => fill(lang, "ka.ui.turn_of", &[("name", who(v.turn))]),
            }
        })
    };
    view! { <p class="status" data-testid="status" aria-live="polite">{text}</p> }
}

/// "Du kannst noch N Karten legen" and the hint button (solver; off by the house rule).
pub(super) fn hint_bar(b: Board) -> impl IntoView {
    let shown = move || b.can_meld.get() && b.view.with(|v| v.options.hints);
    let best = b.best;
    // Live: once cards are on the scratch table, how many of the possible ones.
    let placed = move || b.scratch.with(|s| s.placed());
    let text = move || match best.get() {
        Some(s) if s.placed > 0 && placed() > 0 => fill(
            b.app.lang(),
            "ka.ui.placed_of",
            &[("k", placed().to_string()), ("n", s.placed.to_string())],
        ),
        Some(s) if s.placed == 1 => b.t("ka.ui.can_place_one"),
        Some(s) if s.placed > 0 => fill(
            b.app.lang(),
            "ka.ui.can_place",
            &[("n", s.placed.to_string())],
        ),
        Some(_) => b.t("ka.ui.can_place_none"),
        None => b.t("ka.ui.no_hint"),
    };
    let take = move |_| {
        if let Some(s) = best.get_untracked() {
            b.scratch.update(|x| x.take_over(s.table.clone()));
            b.hand.clear();
            b.clear_error();
        }
    };
    view! {
        <Show when=shown>
            <div class="hint-bar">
                <span data-testid="can-place" data-n=move || best.get().map_or(0, |s| s.placed)>{text}</span>
                <button class="button small" data-testid="hint"
                    disabled=move || best.get().is_none_or(|s| s.placed == 0) on:click=take>
                    {move || b.t("ka.ui.hint")}
                </button>
            </div>
        </Show>
    }
}

pub(super) fn turn_buttons(b: Board) -> impl IntoView {
    let commit_ok = Memo::new(move |_| b.can_meld.get() && b.scratch.with(|s| s.looks_complete()));
    let show = move |a: KarussellAction| b.has(&a);
    let placed = move || b.scratch.with(|s| s.placed());
    view! {
        <div class="actions k-actions">
            // "Legen" and "Zug zurücksetzen" once something moved: before that the status line
            // says what to do, and on a phone the table keeps the room of their row.
            <Show when=move || b.can_meld.get() && b.scratch.with(|s| s.changed())>
                <ActionButton label=Signal::derive(move || fill(b.app.lang(), if placed() == 1 { "ka.ui.commit_one" } else { "ka.ui.commit" }, &[("n", placed().to_string())]))
                    testid="commit" primary=true disabled=Signal::derive(move || !commit_ok.get())
                    on_click=Callback::new(move |_| b.commit())/>
                <ActionButton label=Signal::derive(move || b.t("ka.ui.reset")) testid="reset"
                    on_click=Callback::new(move |_| { b.scratch.update(|s| s.reset()); b.hand.clear(); b.clear_error(); })/>
            </Show>
            <Show when=move || show(KarussellAction::Draw) && b.view.with(|v| v.draws > 0)>
                <ActionButton label=Signal::derive(move || b.t("ka.ui.draw_again")) testid="draw-again"
                    on_click=b.run(KarussellAction::Draw)/>
            </Show>
            <Show when=move || show(KarussellAction::Knock)>
                <ActionButton label=Signal::derive(move || b.t("ka.ui.knock")) testid="knock" primary=true
                    on_click=b.run(KarussellAction::Knock)/>
            </Show>
            <Show when=move || show(KarussellAction::EndTurn)>
                <ActionButton label=Signal::derive(move || b.t("ka.ui.end_turn")) testid="end-turn"
                    on_click=b.run(KarussellAction::EndTurn)/>
            </Show>
            <Show when=move || show(KarussellAction::Pass)>
                <ActionButton label=Signal::derive(move || b.t("ka.ui.pass")) testid="pass"
                    on_click=b.run(KarussellAction::Pass)/>
            </Show>
            <UndoButton can_undo=b.can_undo undo=b.undo/>
        </div>
    }
}
