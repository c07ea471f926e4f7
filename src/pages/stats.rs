//! The statistics page: per game and preset, the matches a person finished — played, won,
//! average points per deal, best and worst match, the bot levels played against — and the
//! list of finished matches, to print or to export as CSV.

use crate::catalog;
use crate::ctx::use_app;
use crate::i18n::Lang;
use crate::play::stats::{self, MatchResult, Summary};
use crate::storage;
use leptos::prelude::*;

fn game_name(lang: Lang, variant: &str) -> String {
    catalog::find(variant).map_or_else(
        || variant.to_string(),
        |e| crate::i18n::tr(lang, &e.key()).to_string(),
    )
}

fn date(lang: Lang, ms: u64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    let locale = if lang == Lang::En { "en-GB" } else { "de-DE" };
    String::from(d.to_locale_date_string(locale, &wasm_bindgen::JsValue::UNDEFINED))
}

#[component]
pub fn StatsPage() -> impl IntoView {
    let app = use_app();
    let stored = stats::load();
    let results = stored.results();
    let notice = storage_notice(&stored);
    let summaries = stats::summarize(&results);
    let status = RwSignal::new(None::<String>);
    let for_csv = results.clone();
    let export = move |_| {
        let lang = app.lang();
        let csv = stats::to_csv(&for_csv, |v| game_name(lang, v));
        let today: String = js_sys::Date::new_0().to_iso_string().into();
        let name = format!(
            "kartenrunde-statistik-{}.csv",
            &today[..10.min(today.len())]
        );
        let msg = match crate::pages::saves::download(&name, &csv, "text/csv") {
            Ok(()) => app.t("stats.exported"),
            Err(_) => app.t("stats.export_failed"),
        };
        status.set(Some(msg));
    };
    let print = move |_| {
        if let Some(w) = web_sys::window() {
            let _ = w.print();
        }
    };
    let empty = results.is_empty();
    view! {
        <section class="panel stats" data-testid="stats-page">
            <h1>{move || app.t("stats.title")}</h1>
            {empty.then(|| view! { <p data-testid="no-stats">{move || app.t("stats.none")}</p> })}
            {(!notice.is_empty()).then(|| view! {
                <ul class="stats-notice" role="note" data-testid="stats-skipped">
                    {notice.into_iter().map(|n| view! { <li>{move || n(app.lang())}</li> }).collect_view()}
                </ul>
            })}
            {summaries.into_iter().map(summary_view).collect_view()}
            {(!empty).then(|| view! {
                <h2>{move || app.t("stats.finished")}</h2>
                <ol class="stats-matches" data-testid="stats-matches">
                    {results.iter().rev().cloned().map(match_row).collect_view()}
                </ol>
                <div class="stats-tools no-print">
                    <button class="button" data-testid="stats-print" on:click=print>{move || app.t("stats.print")}</button>
                    <button class="button" data-testid="stats-export" on:click=export>{move || app.t("stats.export")}</button>
                </div>
                <p class="status-line" role="status" data-testid="stats-status">{move || status.get()}</p>
            })}
        </section>
    }
}

/// What the page says about stored entries it does not count (each a text in the language
/// of the moment): entries skipped (unreadable or inconsistent, kept as they are), a stored
/// value that is no list at all, a backup of such a value.
fn storage_notice(stored: &stats::Stored) -> Vec<Box<dyn Fn(Lang) -> String + Send + Sync>> {
    let mut out: Vec<Box<dyn Fn(Lang) -> String + Send + Sync>> = Vec::new();
    let skipped = stored.skipped();
    if skipped > 0 {
        out.push(Box::new(move |lang| {
            let key = if skipped == 1 {
                "stats.skipped_one"
            } else {
                "stats.skipped_many"
            };
            crate::i18n::tr(lang, key).replace("{n}", &skipped.to_string())
        }));
    }
    if stored.damaged {
        out.push(Box::new(|lang| {
            crate::i18n::tr(lang, "stats.damaged").to_string()
        }));
    } else if stats::has_backup() {
        out.push(Box::new(|lang| {
            crate::i18n::tr(lang, "stats.backup").replace("{key}", stats::DAMAGED_KEY)
        }));
    }
    out
}

/// One decimal, with the language's decimal mark.
fn decimal(lang: Lang, x: f64) -> String {
    let s = format!("{x:.1}");
    if lang == Lang::De {
        s.replace('.', ",")
    } else {
        s
    }
}

/// One game's sums.
fn summary_view(s: Summary) -> impl IntoView {
    let app = use_app();
    let lang = app.lang();
    let pct = (s.won * 100).checked_div(s.played).unwrap_or(0);
    let score = |x: &Option<(i32, String)>| {
        x.as_ref().map(|(p, id)| {
            let href = format!("#/play/{id}");
            let open = storage::load_game(id).is_some();
            view! { <span>{p.to_string()}</span>{open.then(|| view! { " " <a class="open-link" href=href>{app.t("stats.open")}</a> })} }
        })
    };
    let opponents = s
        .opponents
        .iter()
        .map(|(level, n)| format!("{} × {n}", app.t(&format!("setup.bot_{}", level.code()))))
        .collect::<Vec<_>>()
        .join(", ");
    let opponents = if opponents.is_empty() {
        app.t("stats.no_bots")
    } else {
        opponents
    };
    view! {
        <section class="stats-game" data-testid="stats-game" data-variant=s.variant.clone()>
            <h2>{game_name(lang, &s.variant)}</h2>
            <dl class="stats-figures">
                <dt>{app.t("stats.played")}</dt><dd data-testid="stats-played">{s.played}</dd>
                <dt>{app.t("stats.won")}</dt><dd data-testid="stats-won">{format!("{} ({pct} %)", s.won)}</dd>
                <dt>{app.t("stats.avg")}</dt><dd>{decimal(lang, s.avg_deal_points)}</dd>
                <dt>{app.t("stats.best")}</dt><dd>{score(&s.best)}</dd>
                <dt>{app.t("stats.worst")}</dt><dd>{score(&s.worst)}</dd>
                <dt>{app.t("stats.against")}</dt><dd data-testid="stats-against">{opponents}</dd>
            </dl>
        </section>
    }
}

/// One finished match: date, game, everybody's final score (the winners marked).
fn match_row(r: MatchResult) -> impl IntoView {
    let app = use_app();
    let lang = app.lang();
    let players = (0..r.scores.len())
        .map(|s| {
            let name = r.names.get(s).cloned().unwrap_or_default();
            if r.place(s) == 1 {
                format!("{name} {} ({})", r.score(s), app.t("stats.winner"))
            } else {
                format!("{name} {}", r.score(s))
            }
        })
        .collect::<Vec<_>>()
        .join(" · ");
    // Watched again while its save is kept (the result alone holds no record).
    let href = crate::routes::Route::Replay(r.id.clone()).to_hash();
    let open = storage::load_game(&r.id).is_some();
    view! {
        <li data-testid="stats-match">
            <span class="stats-date">{date(lang, r.finished_ms)}</span>" "
            <strong>{game_name(lang, &r.variant)}</strong>": "
            <span>{players}</span>
            {r.hints.then(|| view! { " · " <span class="with-hints" data-testid="with-hints">{app.t("stats.with_hints")}</span> })}
            {open.then(|| view! { " " <a class="no-print open-link" data-testid="stats-watch" href=href>{app.t("stats.open")}</a> })}
        </li>
    }
}
