//! The end of a game of the match (round) and of the match, and the score sheet.

use super::board::Board;
use crate::components::deal_end::{EndLayout, EndPanel};
use crate::components::score_sheet::{ScoreSheetView, SheetCell, SheetRow};
use crate::i18n::common::fill;
use crate::i18n::Lang;
use crate::routes::Route;
use engine::abluxxen::RoundResult;
use engine::Seat;
use leptos::prelude::*;

/// "n display cards, m hand cards" of `seat` in a round.
fn detail(r: &RoundResult, seat: Seat, lang: Lang) -> String {
    let count = |v: &[usize]| v.get(seat).copied().unwrap_or(0).to_string();
    fill(
        lang,
        "ab.round_end.detail",
        &[
            ("display", count(&r.display_counts)),
            ("hand", count(&r.hand_counts)),
        ],
    )
}

/// The score sheet: one row per finished round.
pub(super) fn score_sheet(b: Board) -> impl IntoView {
    let (results, seats) = b.view.with(|v| (v.results.clone(), v.seats));
    let lang = b.app.lang();
    let mut running = vec![0i32; seats];
    let rows: Vec<SheetRow> = results
        .iter()
        .map(|r| SheetRow {
            label: fill(lang, "ab.sheet.row", &[("round", r.round.to_string())]),
            cells: (0..seats)
                .map(|s| {
                    let points = r.scores.get(s).copied().unwrap_or(0);
                    running[s] += points;
                    SheetCell {
                        points,
                        total: running[s],
                        details: vec![detail(r, s, lang)],
                        winner: r.places.get(s) == Some(&1),
                        dealer: false,
                    }
                })
                .collect(),
        })
        .collect();
    let all: Vec<String> = (0..seats).map(|s| b.name(s)).collect();
    view! { <ScoreSheetView names=all rows=rows title=b.t("ab.score_sheet")/> }
}

/// One line of standings; `place` only at the match end.
fn standing(name: String, points: String, tiebreak: String, place: Option<usize>) -> impl IntoView {
    view! {
        <li class:winner=place == Some(1) data-testid=place.map(|_| "standing")>
            {place.map(|p| view! { <span class="ab-place">{format!("{p}.")}</span> })}
            <span class="ab-name">{name}</span>
            <span class="ab-points">{points}</span>
            <span class="ab-tiebreak">{tiebreak}</span>
        </li>
    }
}

/// The match end: winners, standings with the tie-break, score sheet, where to go next.
pub(super) fn end_screen(b: Board) -> impl IntoView {
    let (standings, hand_sums, profiduell) = b.view.with(|v| {
        let mut st = v.standings.clone();
        engine::sort::sort_by_key(&mut st, |s| (s.place, s.seat));
        let sums: Vec<usize> = (0..v.seats)
            .map(|seat| {
                v.results
                    .iter()
                    .map(|r| r.hand_counts.get(seat).copied().unwrap_or(0))
                    .sum()
            })
            .collect();
        (st, sums, v.options.profiduell)
    });
    let deals = b.view.with(|v| v.results.len() as u32);
    let lang = b.app.lang();
    // A tie on points decided by hand cards is worth saying.
    let tie_note = standings
        .windows(2)
        .any(|w| w[0].score == w[1].score && w[0].place != w[1].place);
    let winners: Vec<String> = standings
        .iter()
        .filter(|s| s.place == 1)
        .map(|s| b.name(s.seat))
        .collect();
    let variant = if profiduell { "profiduell" } else { "abluxxen" };
    let rows = standings
        .iter()
        .map(|s| {
            let hs = hand_sums.get(s.seat).copied().unwrap_or(0);
            let points = fill(lang, "ab.end.points", &[("n", s.score.to_string())]);
            let hand = fill(lang, "ab.end.hand", &[("n", hs.to_string())]);
            standing(b.name(s.seat), points, hand, Some(s.place))
        })
        .collect_view();
    let title = fill(lang, "ab.end.title", &[("names", winners.join(", "))]);
    view! {
        <EndPanel class="ab-end panel" testid="end-screen" layout=EndLayout::Section title=title deal=deals>
            <ol class="ab-standings">{rows}</ol>
            <p class="hint">{b.t(if tie_note { "ab.end.tie_used" } else { "ab.end.tie_rule" })}</p>
            {score_sheet(b)}
            <div class="ab-buttons">
                <button class="button primary" data-testid="home" on:click=move |_| b.app.go(Route::Home)>{b.t("ab.end.home")}</button>
                <button class="button" data-testid="play-again" on:click=move |_| b.app.go(Route::Setup(variant.to_string()))>{b.t("ab.end.again")}</button>
                <a class="button" href="#/stats" data-testid="to-stats">{b.t("nav.stats")}</a>
            </div>
        </EndPanel>
    }
}

/// The notice after a round of the match, until the human goes on.
pub(super) fn round_end(b: Board) -> Option<impl IntoView> {
    let (n, last, rounds, over) = b.view.with(|v| {
        let over = matches!(v.pending, engine::abluxxen::Pending::MatchOver);
        (v.results.len(), v.results.last().cloned(), v.rounds, over)
    });
    let r = last?;
    if over || n <= b.results_seen.get() {
        return None;
    }
    let lang = b.app.lang();
    let mut order: Vec<usize> = (0..r.scores.len()).collect();
    engine::sort::sort_by_key(&mut order, |s| {
        (r.places.get(*s).copied().unwrap_or(99), *s)
    });
    let rows = order
        .into_iter()
        .map(|s| {
            standing(
                b.name(s),
                format!("{:+}", r.scores[s]),
                detail(&r, s, lang),
                None,
            )
        })
        .collect_view();
    let title = fill(
        lang,
        "ab.round_end.title",
        &[
            ("round", r.round.to_string()),
            ("rounds", rounds.to_string()),
        ],
    );
    let next = fill(
        lang,
        "ab.round_end.next",
        &[("round", (r.round + 1).to_string())],
    );
    Some(view! {
        <EndPanel class="ab-round-end panel" testid="round-end" layout=EndLayout::Section title=title deal=n as u32>
            <ol class="ab-standings">{rows}</ol>
            <button class="button primary" data-testid="next-round"
                on:click=move |_| { b.results_seen.set(n); b.proceed.run(()); }>
                {next}
            </button>
        </EndPanel>
    })
}
