//! The task builder: the selected cards, the tasks they complete (from the engine's
//! finder), what is missing for the others, and laying from the sheet.

use super::board::Board;
use super::texts::task_label;
use crate::i18n::common::fill;
use engine::profisort::{find_layout, shape, FindOpts, ProfiSortAction as A, ProfiSortView};
use engine::{Card, CardId, Face};
use leptos::prelude::*;

/// What the selection means for one open task.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Offer {
    /// The selection completes it with this action.
    Lay(A),
    /// `n` cards are missing.
    Missing(usize),
}

fn jokers(cards: &[Card]) -> usize {
    cards.iter().filter(|c| c.face.is_joker()).count()
}

fn ids(parts: &[Vec<Card>]) -> Vec<Vec<CardId>> {
    parts
        .iter()
        .map(|p| p.iter().map(|c| c.id).collect())
        .collect()
}

/// What `sel` means for task `task` (1–15) of the viewer's sheet; None: nothing.
fn offer(v: &ProfiSortView, task: u8, sel: &[Card]) -> Option<Offer> {
    let distinct = v.options.distinct_ranks;
    let received = v.received.get(v.seat).map_or(0, Vec::len);
    let shapes: Vec<u8> = if task == 15 {
        if v.hand.len() != sel.len() + 1 || received > 0 {
            return None;
        }
        (1..=14).collect()
    } else {
        vec![task]
    };
    let mut best_missing: Option<usize> = None;
    for s in shapes {
        let sh = shape(s)?;
        let own_jokers = if sh.jokers { jokers(sel) } else { 0 };
        if !sh.jokers && jokers(sel) > 0 {
            continue;
        }
        if sel.len() == sh.cards() {
            let o = FindOpts {
                distinct,
                max_jokers: own_jokers,
                need_natural: true,
            };
            if let Some(parts) = find_layout(sh, sel, o) {
                return Some(Offer::Lay(A::LayTask {
                    task,
                    repeat: (task == 15).then_some(s),
                    parts: ids(&parts),
                }));
            }
        } else if sel.len() < sh.cards() && task != 15 {
            let k = sh.cards() - sel.len();
            let mut pool = sel.to_vec();
            pool.extend((0..k).map(|i| Card {
                id: CardId(60000 + i as u16),
                face: Face::Joker,
            }));
            let o = FindOpts {
                distinct,
                max_jokers: k + own_jokers,
                need_natural: false,
            };
            if find_layout(sh, &pool, o).is_some() {
                best_missing = Some(best_missing.map_or(k, |m| m.min(k)));
            }
        }
    }
    best_missing.map(Offer::Missing)
}

/// The open tasks of the viewer with what the selection means for each.
pub(super) fn offers(v: &ProfiSortView, sel: &[Card]) -> Vec<(u8, Offer)> {
    if sel.is_empty() {
        return Vec::new();
    }
    let sheet = &v.sheets[v.seat];
    v.options
        .tasks_in_play()
        .into_iter()
        .filter(|t| sheet.done.get(*t as usize - 1).is_some_and(|d| d.is_none()))
        .filter_map(|t| offer(v, t, sel).map(|o| (t, o)))
        .collect()
}

/// The selection was dropped on (or tapped onto) sheet row `task`: lay it, or explain
/// what is missing; a wrong layout goes to the engine, which explains it.
pub(super) fn lay_from_sheet(b: Board, task: u8) -> bool {
    if !b.can_pick() {
        return false;
    }
    let sel = b.selected.get_untracked();
    let lang = b.app.lang();
    let found = b.view.with_untracked(|v| offer(v, task, &sel));
    match found {
        Some(Offer::Lay(a)) => {
            b.act.run(a);
            b.hand.clear();
            true
        }
        _ if sel.is_empty() => {
            b.refuse("ps.ui.pick_cards");
            false
        }
        Some(Offer::Missing(n)) => {
            let key = if n == 1 {
                "ps.ui.missing_one"
            } else {
                "ps.ui.missing"
            };
            b.error.set(Some(fill(
                lang,
                key,
                &[("n", n.to_string()), ("task", task_label(task, lang))],
            )));
            false
        }
        None => {
            // Split the selection by the task's components and let the engine say why.
            let parts = shape(task.min(14))
                .map(|sh| {
                    let mut rest = sel.iter().map(|c| c.id);
                    sh.parts
                        .iter()
                        .map(|p| rest.by_ref().take(p.size()).collect::<Vec<_>>())
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default();
            let repeat = (task == 15).then_some(1);
            b.act.run(A::LayTask {
                task,
                repeat,
                parts,
            });
            false
        }
    }
}

pub(super) fn builder(b: Board) -> impl IntoView {
    let list = Memo::new(move |_| {
        if !b.can_pick() {
            return Vec::new();
        }
        b.selected.with(|sel| b.view.with(|v| offers(v, sel)))
    });
    let count = move || b.selected.with(Vec::len);
    let has_ace = move || {
        b.selected
            .with(|s| s.iter().any(|c| c.face.rank().is_some_and(|r| r.0 == 1)))
    };
    let lays = move || {
        let lang = b.app.lang();
        list.get()
            .into_iter()
            .filter_map(|(t, o)| match o {
                Offer::Lay(a) => Some(view! {
                    <button class="button primary" data-testid="lay-task" data-task=t
                        on:click=move |_| { b.act.run(a.clone()); b.hand.clear(); }>
                        {fill(lang, "ps.ui.lay_task", &[("task", task_label(t, lang))])}
                    </button>
                }),
                Offer::Missing(_) => None,
            })
            .collect_view()
    };
    let missing = move || {
        let lang = b.app.lang();
        let mut m: Vec<(u8, usize)> = list
            .get()
            .into_iter()
            .filter_map(|(t, o)| match o {
                Offer::Missing(n) => Some((t, n)),
                Offer::Lay(_) => None,
            })
            .collect();
        engine::sort::sort_by_key(&mut m, |x| x.1);
        m.truncate(3);
        m.into_iter()
            .map(|(t, n)| {
                let key = if n == 1 {
                    "ps.ui.missing_one"
                } else {
                    "ps.ui.missing"
                };
                let text = fill(
                    lang,
                    key,
                    &[("n", n.to_string()), ("task", task_label(t, lang))],
                );
                view! { <li data-testid="task-missing" data-task=t>{text}</li> }
            })
            .collect_view()
    };
    let any = move || count() > 0;
    let nothing = move || any() && list.with(Vec::is_empty);
    view! {
        <Show when=move || b.can_pick() && b.view.with(|v| v.phase == engine::profisort::Phase::Play)>
            <div class="ps-builder" data-testid="task-builder" data-drop="builder">
                <Show when=move || count() == 0>
                    <small class="hint">{move || b.t("ps.ui.builder_hint")}</small>
                </Show>
                <Show when=any>
                    <small>{move || fill(b.app.lang(), "ps.ui.selected", &[("n", count().to_string())])}</small>
                </Show>
                <div class="ps-lays">{lays}</div>
                <ul class="ps-missing">{missing}</ul>
                <Show when=nothing>
                    <small class="ps-none" data-testid="task-none">{move || b.t(if has_ace() { "ps.err.ace_in_task" } else { "ps.ui.fits_nothing" })}</small>
                </Show>
            </div>
        </Show>
    }
}
