//! The open task melds on the table, with lay-off targets where the engine's legal
//! actions allow the selected cards.

use super::board::Board;
use super::texts::task_label;
use crate::components::card::CardView;
use crate::i18n::common::fill;
use engine::profisort::{Part, ProfiSortAction as A, RunEnd, TaskMeld};
use engine::{Card, CardId};
use leptos::prelude::*;

/// The legal lay-off on `meld`/`part`/`end` that uses exactly the selected cards (matched
/// by face: the legal list holds one example card per face), with the selected ids.
fn matching(b: Board, meld: usize, part: Option<usize>, end: RunEnd) -> Option<A> {
    let sel: Vec<Card> = b.selected.get_untracked();
    if sel.is_empty() {
        return None;
    }
    let hand = b.view.with_untracked(|v| v.hand.clone());
    let face = |id: &CardId| hand.iter().find(|c| c.id == *id).map(|c| c.face);
    b.legal.with_untracked(|l| {
        l.iter().find_map(|a| {
            let A::LayOff {
                meld: m,
                part: p,
                end: e,
                cards,
            } = a
            else {
                return None;
            };
            if *m != meld || *p != part || (*e != end && part.is_some()) || cards.len() != sel.len()
            {
                return None;
            }
            let mut free = sel.clone();
            let mut out = Vec::new();
            for id in cards {
                let f = face(id)?;
                let i = free.iter().position(|c| c.face == f)?;
                out.push(free.remove(i).id);
            }
            Some(A::LayOff {
                meld,
                part,
                end: *e,
                cards: out,
            })
        })
    })
}

/// A drop or tap on target `m:p:end` ("n" for a new component).
pub(super) fn lay_off_code(b: Board, code: &str) -> bool {
    let mut it = code.split(':');
    let (Some(m), Some(p), Some(e)) = (it.next(), it.next(), it.next()) else {
        return false;
    };
    let Ok(meld) = m.parse::<usize>() else {
        return false;
    };
    let part = p.parse::<usize>().ok();
    let end = if e == "low" {
        RunEnd::Low
    } else {
        RunEnd::High
    };
    match matching(b, meld, part, end) {
        Some(a) => {
            b.act.run(a);
            b.hand.clear();
            true
        }
        None => {
            b.refuse("ps.ui.no_lay_off");
            false
        }
    }
}

fn target(b: Board, code: String, label: &'static str) -> impl IntoView {
    let (m, p, e) = {
        let mut it = code.split(':');
        (
            it.next().and_then(|x| x.parse::<usize>().ok()).unwrap_or(0),
            it.next().and_then(|x| x.parse::<usize>().ok()),
            if it.next() == Some("low") {
                RunEnd::Low
            } else {
                RunEnd::High
            },
        )
    };
    let ok = Memo::new(move |_| {
        b.selected.track();
        b.legal.track();
        matching(b, m, p, e).is_some()
    });
    let drop = format!("lo:{code}");
    let c2 = code.clone();
    view! {
        <Show when=move || ok.get()>
            <button class="ps-target" data-testid="lay-off" data-code=c2.clone() data-drop=drop.clone()
                on:click={ let c = code.clone(); move |_| { lay_off_code(b, &c); } }>{label}</button>
        </Show>
    }
}

fn part_view(b: Board, meld: usize, p: usize, part: Part) -> impl IntoView {
    let run = matches!(part.kind, engine::profisort::PartKind::Run { .. });
    view! {
        <div class="ps-part" data-testid="meld-part">
            {run.then(|| target(b, format!("{meld}:{p}:low"), "+"))}
            <span class="ps-part-cards">
                {part.cards.into_iter().map(|c| view! { <span class="table-card" data-face=c.face.to_string()><CardView face=Some(c.face) id=c.id/></span> }).collect_view()}
            </span>
            {target(b, format!("{meld}:{p}:high"), "+")}
        </div>
    }
}

fn meld_view(b: Board, i: usize, m: TaskMeld) -> impl IntoView {
    let lang = b.app.lang();
    let title = if m.task == 15 {
        fill(
            lang,
            "ps.ui.meld_title15",
            &[
                ("name", b.name(m.owner)),
                ("task", task_label(m.shape, lang)),
            ],
        )
    } else {
        fill(
            lang,
            "ps.ui.meld_title",
            &[
                ("name", b.name(m.owner)),
                ("task", task_label(m.task, lang)),
            ],
        )
    };
    let parts = m
        .parts
        .into_iter()
        .enumerate()
        .map(|(p, part)| part_view(b, i, p, part))
        .collect_view();
    view! {
        <div class="meld ps-meld" data-testid="meld" data-meld=i data-task=m.task data-owner=m.owner>
            <small class="ps-meld-title">{title}</small>
            {parts}
            {target(b, format!("{i}:n:high"), "+ ▢")}
        </div>
    }
}

pub(super) fn melds(b: Board) -> impl IntoView {
    let list = move || {
        b.view
            .with(|v| v.melds.clone())
            .into_iter()
            .enumerate()
            .map(|(i, m)| meld_view(b, i, m))
            .collect_view()
    };
    let empty = move || b.view.with(|v| v.melds.is_empty());
    view! {
        <div class="ps-table grow" data-testid="melds">
            <Show when=empty>
                <small class="hint">{move || b.t("ps.ui.no_melds")}</small>
            </Show>
            {list}
        </div>
    }
}
