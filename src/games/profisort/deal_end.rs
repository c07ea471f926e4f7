//! The end of a deal and of the match: every hand with its points, the sheet lines
//! "points / total", the special points at the match end.

use super::board::Board;
use crate::components::deal_end::{EndLayout, EndPanel};
use crate::components::piles::card_row;
use crate::i18n::common::fill;
use engine::profisort::{Phase, ProfiSortAction as A};
use leptos::prelude::*;

pub(super) fn deal_end_panel(b: Board) -> impl IntoView {
    let v = b.view.get();
    let lang = b.app.lang();
    let over = v.phase == Phase::MatchOver;
    let title = if over {
        b.t("ps.ui.match_over")
    } else {
        fill(lang, "ps.ui.deal_n_over", &[("n", v.deal.to_string())])
    };
    let beginner = v.options.beginner_tasks.is_some();
    let rows = (0..v.seats)
        .map(|s| {
            let hand = v
                .summary
                .as_ref()
                .and_then(|x| x.hands.get(s).cloned())
                .unwrap_or_default();
            let pts = v.summary.as_ref().and_then(|x| x.points.get(s).copied()).unwrap_or(0);
            let total = v.totals.get(s).copied().unwrap_or(0);
            let special = v.special.as_ref().and_then(|x| x.get(s).copied());
            let done = v.sheets[s].tasks_done;
            let line = if beginner {
                fill(lang, "ps.ui.tasks_n", &[("n", done.to_string())])
            } else {
                format!("{pts}/{total}")
            };
            view! {
                <li class="end-row" data-testid="end-row" data-seat=s>
                    <strong>{b.name(s)}</strong>
                    {card_row(hand, "end-hand")}
                    <span class="ps-line" data-testid="end-line">{line}</span>
                    {special.map(|sp| view! { <small>{fill(lang, "ps.ui.special_added", &[("n", sp.to_string())])}</small> })}
                </li>
            }
        })
        .collect_view();
    let can_deal = b.has(&A::NextDeal);
    let reason = v
        .rows
        .last()
        .map(|r| super::texts::end_text(&r.end, &b.names(), lang))
        .unwrap_or_default();
    view! {
        <EndPanel class="overlay deal-end" testid="deal-end" layout=EndLayout::Overlay title=title deal=v.deal>
            <p class="ps-end-reason" data-testid="end-reason">{reason}</p>
            <small>{b.t("ps.ui.col_score")}</small>
            <ul class="end-list">{rows}</ul>
            <div class="overlay-actions">
                {(!over).then(|| if can_deal {
                    view! { <button class="button primary" data-testid="next-deal" on:click=move |_| b.act.run(A::NextDeal)>{b.t("ps.ui.next_deal")}</button> }.into_any()
                } else {
                    view! { <button class="button primary" data-testid="next-deal" on:click=move |_| b.proceed.run(())>{b.t("ps.ui.go_on")}</button> }.into_any()
                })}
                {over.then(|| view! { <a class="button primary" href="#/" data-testid="to-home">{b.t("ps.ui.new_game")}</a> <a class="button" href="#/stats" data-testid="to-stats">{b.t("nav.stats")}</a> })}
            </div>
        </EndPanel>
    }
}
