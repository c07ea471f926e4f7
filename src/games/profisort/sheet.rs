//! The task sheets, like the paper ones: 15 rows with "J" (jokers allowed) or "–" and card
//! count, a tick with the deal per completed task, special points open or struck, the score
//! column "deal points / running total" with the dealer marks I / II / III; a legend says
//! what the short column heads mean.

use super::board::{dealer_mark, Board};
use super::texts::task_name;
use crate::i18n::common::fill;
use engine::profisort::{shape, Bonus, ProfiSortView};
use engine::Seat;
use leptos::prelude::*;

fn bonus_cell(b: Option<&Bonus>) -> impl IntoView {
    b.map(|b| {
        view! {
            <span class="ps-bonus" class:struck=b.struck data-testid="bonus"
                data-struck=b.struck.to_string()>{b.points}</span>
        }
    })
}

fn task_rows(b: Board, v: &ProfiSortView, seat: Seat) -> impl IntoView {
    let lang = b.app.lang();
    let sheet = &v.sheets[seat];
    let mine = seat == v.seat;
    (1..=15u8)
        .map(|t| {
            let sh = shape(t);
            let (j, j_said) = match sh {
                Some(s) if s.jokers => ("J", Some("ps.ui.jokers_yes")),
                Some(_) => ("–", Some("ps.ui.jokers_no")),
                None => ("", None),
            };
            let j_said = j_said.map(|k| crate::i18n::tr(lang, k).to_string());
            let cards = sh.map(|s| s.cards().to_string()).unwrap_or_default();
            let done = sheet.done.get(t as usize - 1).copied().flatten();
            let left_out = sheet.left_out.contains(&t);
            let jf = sheet.joker_free.iter().find(|x| x.tasks == [t]);
            let pair = sheet.pairs.iter().find(|x| x.tasks.first() == Some(&t));
            let open = mine && done.is_none() && !left_out;
            let drop = open.then(|| format!("sheet:{t}"));
            view! {
                <tr class="ps-row" class:done=done.is_some() class:left-out=left_out class:open=open
                    data-testid="sheet-row" data-task=t data-done=done.map(|d| d.to_string()).unwrap_or_default()
                    data-drop=drop
                    on:click=move |_| { if open { super::builder::lay_from_sheet(b, t); } }>
                    <td class="ps-no">{t}</td>
                    <td class="ps-name">{task_name(t, lang)}</td>
                    <td class="ps-j"><span aria-hidden="true">{j}</span><span class="sr-only">{j_said}</span></td>
                    <td class="ps-cards">{cards}</td>
                    <td class="ps-tick" data-testid="tick">{done.map(|d| format!("✓ {d}"))}</td>
                    <td class="ps-sp">{bonus_cell(jf)}</td>
                    <td class="ps-sp">{bonus_cell(pair)}</td>
                </tr>
            }
        })
        .collect_view()
}

fn score_column(v: &ProfiSortView, seat: Seat) -> impl IntoView {
    v.rows
        .iter()
        .map(|r| {
            let pts = r.points.get(seat).copied().unwrap_or(0);
            let tot = r.totals.get(seat).copied().unwrap_or(0);
            view! {
                <li data-testid="score-line" data-deal=r.deal>
                    <span class="ps-dealer">{dealer_mark(r.dealer)}</span>
                    <span>{format!("{pts}/{tot}")}</span>
                </li>
            }
        })
        .collect_view()
}

fn one_sheet(b: Board, seat: Seat) -> impl IntoView {
    move || {
        let lang = b.app.lang();
        b.view.with(|v| {
            let s = &v.sheets[seat];
            let name = b.name(seat);
            let initials: String = name.split_whitespace().filter_map(|w| w.chars().next()).collect();
            let (key, sp) = match v.options.beginner_tasks {
                Some(goal) => ("ps.ui.sheet_head_beginner", goal.to_string()),
                None => ("ps.ui.sheet_head", s.special_left.to_string()),
            };
            let head = fill(
                lang,
                key,
                &[
                    ("name", name.clone()),
                    ("n", s.tasks_done.to_string()),
                    ("sp", sp),
                ],
            );
            view! {
                <div class="ps-sheet" data-testid="sheet" data-seat=seat>
                    <p class="ps-sheet-head"><strong>{initials}</strong>" · "{head}
                        " · "<span class="ps-dealer">{dealer_mark(seat)}</span></p>
                    <div class="ps-sheet-body">
                        <table class="ps-tasks">
                            <thead><tr>
                                <th>"#"</th><th>{b.t("ps.ui.col_task")}</th><th>"J"</th>
                                <th>{b.t("ps.ui.col_cards")}</th><th>"✓"</th>
                                <th>{b.t("ps.ui.col_jf")}</th><th>{b.t("ps.ui.col_pair")}</th>
                            </tr></thead>
                            <tbody>{task_rows(b, v, seat)}</tbody>
                        </table>
                        <div class="ps-scores">
                            <small>{b.t("ps.ui.col_score")}</small>
                            <ul data-testid="score-column">{score_column(v, seat)}</ul>
                            <strong data-testid="sheet-total">{v.totals.get(seat).copied().unwrap_or(0)}</strong>
                        </div>
                    </div>
                    {legend(b)}
                </div>
            }
        })
    }
}

/// What the short column heads and marks of the sheet mean, visible on every screen.
fn legend(b: Board) -> impl IntoView {
    let items = [
        "ps.ui.legend_j",
        "ps.ui.legend_cards",
        "ps.ui.legend_tick",
        "ps.ui.legend_sp",
        "ps.ui.legend_pair",
    ];
    view! {
        <ul class="ps-legend" data-testid="sheet-legend">
            {items.map(|k| view! { <li class=k.rsplit('_').next()>{move || b.t(k)}</li> }).collect_view()}
        </ul>
    }
}

pub(super) fn sheets_panel(b: Board) -> impl IntoView {
    let seats = move || b.view.with(|v| v.seats);
    let tab = move |s: Seat| {
        let label = move || {
            b.view.with(|v| {
                let done = v.sheets.get(s).map(|x| x.tasks_done).unwrap_or(0);
                let total = v.options.tasks_in_play().len();
                format!("{} {done}/{total}", b.name(s))
            })
        };
        view! {
            <button class="button small" class:primary=move || b.sheet.get() == Some(s)
                data-testid="sheet-tab" data-seat=s
                on:click=move |_| b.sheet.update(|x| *x = if *x == Some(s) { None } else { Some(s) })>
                {label}
            </button>
        }
    };
    view! {
        <section class="ps-sheets" data-testid="sheets">
            <div class="ps-tabs">
                <small>{move || b.t("ps.ui.sheets")}</small>
                {move || (0..seats()).map(tab).collect_view()}
            </div>
            {move || b.sheet.get().map(|s| one_sheet(b, s))}
        </section>
    }
}
