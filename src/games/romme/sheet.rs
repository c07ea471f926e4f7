//! Deal end and match end: the winner, every hand with its points, and the score sheet.

use crate::components::card::CardView;
use crate::components::deal_end::{EndLayout, EndPanel};
use crate::components::score_sheet::{seat_cells, ScoreSheetView, SheetRow};
use crate::ctx::use_app;
use crate::i18n::common::fill;
use crate::i18n::{tr, Lang};
use engine::romme::{DealEnd, RommeAction, RommeView, ScoreLine};
use leptos::prelude::*;

fn line_text(l: &ScoreLine, lang: Lang) -> String {
    let (key, v) = match l {
        ScoreLine::Hand { pips } => ("ro.line.hand", *pips),
        ScoreLine::Residual { pips } => ("ro.line.residual", *pips),
        ScoreLine::WinnerBonus { points } => ("ro.line.winner_bonus", *points),
        ScoreLine::LoneJoker { points } => ("ro.line.lone_joker", *points),
        ScoreLine::FirstMeldMalus { points } => ("ro.line.first_meld", *points),
        ScoreLine::HandRomme { points } => ("ro.line.hand_romme", *points),
    };
    fill(lang, key, &[("n", v.to_string())])
}

pub fn sheet_for(v: &RommeView, names: &[String], lang: Lang) -> AnyView {
    let text = |l: &ScoreLine| line_text(l, lang);
    let rows = v
        .sheet
        .rows
        .iter()
        .map(|r| SheetRow {
            label: r.deal.to_string(),
            cells: seat_cells(v.seats, (&r.points, &r.totals), &r.details, text, |s| {
                (r.winner == Some(s), r.dealer == s)
            }),
        })
        .collect();
    let cents: Vec<String> = v
        .totals
        .iter()
        .map(|t| crate::i18n::format_euros(lang, *t as f64 / 1000.0))
        .collect();
    let footer = fill(lang, "ro.ui.money_line", &[("list", cents.join(" · "))]);
    let ring = v.ring_match.as_ref().map(|chips| {
        let list: Vec<String> = chips
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{}: {c}", names.get(i).cloned().unwrap_or_default()))
            .collect();
        fill(lang, "ro.ui.ring_line", &[("list", list.join(" · "))])
    });
    let footer = match ring {
        Some(r) => format!("{footer}\n{r}"),
        None => footer,
    };
    view! { <ScoreSheetView names=names.to_vec() rows=rows title=tr(lang, "ro.ui.sheet").to_string() footer=footer/> }.into_any()
}

pub fn deal_end_panel(
    v: &RommeView,
    names: &[String],
    can_next: bool,
    over: bool,
    act: Callback<RommeAction>,
    proceed: Callback<()>,
) -> AnyView {
    let app = use_app();
    let lang = app.lang();
    let n = |s: usize| names.get(s).cloned().unwrap_or_default();
    let headline = match &v.deal_summary {
        Some(sum) => match sum.end {
            DealEnd::TalonExhausted => tr(lang, "ro.ui.nobody_won").to_string(),
            DealEnd::Declared { seat, residual } => fill(
                lang,
                "ro.ui.declared_won",
                &[("name", n(seat)), ("pips", residual.to_string())],
            ),
            DealEnd::WentOut { seat, hand_romme } => fill(
                lang,
                if hand_romme {
                    "ro.ui.hand_romme_won"
                } else {
                    "ro.ui.went_out_won"
                },
                &[("name", n(seat))],
            ),
        },
        None => String::new(),
    };
    let hands = v.deal_summary.as_ref().map(|sum| {
        (0..v.seats)
            .map(|s| {
                let faces = sum.hands.get(s).cloned().unwrap_or_default();
                view! {
                    <li class="end-hand">
                        <strong>{n(s)}</strong>
                        <span class="end-cards">{faces.into_iter().map(|f| view! { <CardView face=Some(f)/> }).collect_view()}</span>
                        <span class="end-points" data-testid="end-points">{sum.points.get(s).copied().unwrap_or(0)}</span>
                    </li>
                }
            })
            .collect_view()
    });
    let winner_line = over.then(|| {
        let best = v.totals.iter().enumerate().min_by_key(|(_, t)| **t).map(|(s, _)| n(s)).unwrap_or_default();
        view! { <p class="match-winner" data-testid="match-winner">{fill(lang, "ro.ui.match_winner", &[("name", best)])}</p> }
    });
    let sheet = sheet_for(v, names, lang);
    let title = if over {
        tr(lang, "ro.ui.match_over").to_string()
    } else {
        fill(lang, "ro.ui.deal_n_over", &[("deal", v.deal.to_string())])
    };
    view! {
        <EndPanel class="overlay" testid="deal-end" layout=EndLayout::Overlay title=title deal=v.deal>
            <p class="headline">{headline}</p>
            {winner_line}
            <ul class="end-hands">{hands}</ul>
            {sheet}
            <div class="overlay-actions">
                {can_next.then(|| view! { <button class="button primary" data-testid="next-deal" on:click=move |_| act.run(RommeAction::NextDeal)>{tr(lang, "ro.ui.next_deal")}</button> })}
                {(!can_next && !over).then(|| view! { <button class="button primary" data-testid="next-deal" on:click=move |_| proceed.run(())>{tr(lang, "ro.ui.next_deal_bot")}</button> })}
                {over.then(|| view! { <a class="button" href="#/">{tr(lang, "nav.home")}</a> <a class="button" href="#/stats" data-testid="to-stats">{tr(lang, "nav.stats")}</a> })}
            </div>
        </EndPanel>
    }
    .into_any()
}
