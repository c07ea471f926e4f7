//! The end of a round and of the match: every hand, the score lines, the score sheet.

use super::board::Board;
use crate::components::deal_end::{EndLayout, EndPanel};
use crate::components::piles::card_row;
use crate::components::score_sheet::{seat_cells, ScoreSheetView, SheetRow};
use crate::i18n::common::fill;
use crate::i18n::Lang;
use engine::karussell::{KarussellAction, KarussellView, PhaseView, RoundEnd, ScoreLine};
use engine::{Card, Face};
use leptos::prelude::*;

fn line_text(l: &ScoreLine, lang: Lang) -> String {
    let (key, n) = match l {
        ScoreLine::Differences { points } => ("ka.line.differences", points),
        ScoreLine::Undercut { points } => ("ka.line.undercut", points),
        ScoreLine::WentOut { points } => ("ka.line.went_out", points),
    };
    fill(lang, key, &[("n", n.to_string())])
}

/// Who ended the round and how: a knock (with the points in hand), going out, or the stock
/// running out.
pub(super) fn end_text(end: &RoundEnd, names: &[String], lang: Lang) -> String {
    let name = |s| crate::i18n::common::name(names, s);
    match *end {
        RoundEnd::Knocked { seat, pips } => fill(
            lang,
            "ka.ui.ended_knock",
            &[("name", name(seat)), ("pips", pips.to_string())],
        ),
        RoundEnd::WentOut { seat } => fill(lang, "ka.ui.ended_out", &[("name", name(seat))]),
        RoundEnd::StockExhausted { emptied_by } => {
            fill(lang, "ka.ui.ended_stock", &[("name", name(emptied_by))])
        }
    }
}

/// The score sheet: one row per round.
pub(super) fn sheet(v: &KarussellView, names: Vec<String>, lang: Lang) -> impl IntoView {
    let text = |l: &ScoreLine| line_text(l, lang);
    let rows = v
        .sheet
        .iter()
        .map(|r| SheetRow {
            label: r.round.to_string(),
            cells: seat_cells(v.seats, (&r.points, &r.totals), &r.details, text, |s| {
                (r.winners.contains(&s), r.dealer == s)
            }),
        })
        .collect();
    let footer = v.match_bonus.as_ref().map(|m| {
        let list = (0..v.seats)
            .map(|s| {
                format!(
                    "{}: +{} / +{}",
                    names[s],
                    m.target_bonus.get(s).copied().unwrap_or(0),
                    m.round_bonus.get(s).copied().unwrap_or(0)
                )
            })
            .collect::<Vec<_>>()
            .join(" · ");
        fill(lang, "ka.ui.match_bonus", &[("list", list)])
    });
    let title = crate::i18n::tr(lang, "ka.ui.sheet").to_string();
    view! { <ScoreSheetView names=names rows=rows title=title footer=footer.unwrap_or_default()/> }
}

pub(super) fn round_end_panel(b: Board) -> impl IntoView {
    let v = b.view.get();
    let lang = b.app.lang();
    let names: Vec<String> = (0..v.seats).map(|s| b.name(s)).collect();
    let title = if v.phase == PhaseView::MatchOver {
        b.t("ka.ui.match_over")
    } else {
        fill(lang, "ka.ui.round_n_over", &[("n", v.round.to_string())])
    };
    let hands = v.revealed_hands.clone().unwrap_or_default();
    let summary = v.round_summary.clone();
    let how = summary.as_ref().map(|x| end_text(&x.end, &names, lang));
    let rows = (0..v.seats)
        .map(|s| {
            let hand: Vec<Card> = hands.get(s).cloned().unwrap_or_default();
            let pips = summary
                .as_ref()
                .and_then(|x| x.pips.get(s).copied())
                .unwrap_or(0);
            let won = summary.as_ref().is_some_and(|x| x.winners.contains(&s));
            let lines: Vec<String> = summary
                .as_ref()
                .and_then(|x| x.details.get(s))
                .map(|d| d.iter().map(|l| line_text(l, lang)).collect())
                .unwrap_or_default();
            view! {
                <li class="end-row" class:winner=won data-testid="end-row">
                    <strong>{names[s].clone()}</strong>
                    {card_row(hand, "end-hand")}
                    <span>{fill(lang, "ka.ui.hand_points", &[("n", pips.to_string())])}</span>
                    {lines.into_iter().map(|l| view! { <small>{l}</small> }).collect_view()}
                </li>
            }
        })
        .collect_view();
    let next = KarussellAction::NextRound;
    let can_deal = b.has(&next);
    let over = v.phase == PhaseView::MatchOver;
    let _ = Face::Joker;
    view! {
        <EndPanel class="overlay deal-end" testid="round-end" layout=EndLayout::Overlay title=title deal=v.round>
            {how.map(|h| view! { <p class="ka-end-how" data-testid="round-end-how">{h}</p> })}
            <ul class="end-list">{rows}</ul>
            {sheet(&v, names.clone(), lang)}
            <div class="overlay-actions">
                {(!over).then(|| if can_deal {
                    view! { <button class="button primary" data-testid="next-round" on:click=move |_| b.act.run(next.clone())>{b.t("ka.ui.next_round")}</button> }.into_any()
                } else {
                    view! { <button class="button primary" data-testid="next-round" on:click=move |_| b.proceed.run(())>{b.t("ka.ui.go_on")}</button> }.into_any()
                })}
                {over.then(|| view! { <a class="button primary" href="#/" data-testid="to-home">{b.t("ka.ui.new_game")}</a> <a class="button" href="#/stats" data-testid="to-stats">{b.t("nav.stats")}</a> })}
            </div>
        </EndPanel>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_round_end_says_who_ended_it_and_how() {
        let names = vec!["Anna".to_string(), "Ben".to_string()];
        let knock = RoundEnd::Knocked { seat: 1, pips: 1 };
        assert_eq!(
            end_text(&knock, &names, Lang::De),
            "Ben hat mit 1 Punkt auf der Hand geklopft."
        );
        let knock = RoundEnd::Knocked { seat: 0, pips: 5 };
        assert_eq!(
            end_text(&knock, &names, Lang::En),
            "Anna knocked with 5 points in hand."
        );
        let out = RoundEnd::WentOut { seat: 0 };
        assert!(end_text(&out, &names, Lang::De).starts_with("Anna hat alle Karten gelegt"));
        let stock = RoundEnd::StockExhausted { emptied_by: 1 };
        assert!(end_text(&stock, &names, Lang::De).contains("Ben zog die letzte Karte"));
    }
}
