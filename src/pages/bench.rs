//! `#/bench/<n>`: the Karussell solver benchmark in the browser. It solves the same seeded
//! positions as the native `bench_karussell_solver` (n per row, rows 20/50/100 table cards ×
//! 0/2/6 jokers) and shows mean, p95 and max per row. One position per timer tick, so the
//! page stays responsive. `node tests/e2e/bench_solver.mjs` runs both and prints the ratio.

use crate::ctx::use_app;
use bench::karussell_positions::{row, summary, ROWS};
use engine::card::Card;
use engine::karussell::{solve, TableCard};
use leptos::prelude::*;
use std::rc::Rc;
use std::time::Duration;

/// A row stops after this much solving (like the native benchmark's 60 s).
const ROW_BUDGET_MS: f64 = 60_000.0;

#[derive(Clone, Debug, PartialEq)]
struct RowResult {
    table: usize,
    jokers: u8,
    times: Vec<f64>,
}

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

type Positions = Rc<Vec<(Vec<Vec<TableCard>>, Vec<Card>)>>;

/// Solves position `i` of row `r` (`positions`: that row's), then schedules the next one.
fn step(
    results: RwSignal<Vec<RowResult>>,
    count: usize,
    r: usize,
    i: usize,
    positions: Option<Positions>,
) {
    let Some(&(table, jokers)) = ROWS.get(r) else {
        return;
    };
    let positions = positions.unwrap_or_else(|| Rc::new(row(table, jokers, count)));
    let (melds, hand) = &positions[i];
    let t0 = now_ms();
    let ok = solve(melds, hand).is_ok();
    let dt = now_ms() - t0;
    let Some(()) = results.try_update(|rs| {
        if rs.len() <= r {
            rs.push(RowResult {
                table,
                jokers,
                times: Vec::new(),
            });
        }
        if ok {
            rs[r].times.push(dt);
        }
    }) else {
        return; // the page was left
    };
    let spent: f64 = results.with_untracked(|rs| rs[r].times.iter().sum());
    let next = if i + 1 < count && spent < ROW_BUDGET_MS {
        (r, i + 1, Some(positions))
    } else {
        (r + 1, 0, None)
    };
    set_timeout(
        move || step(results, count, next.0, next.1, next.2),
        Duration::from_millis(0),
    );
}

#[component]
pub fn Bench(count: usize) -> impl IntoView {
    let app = use_app();
    let results = RwSignal::new(Vec::<RowResult>::new());
    let count = count.clamp(1, 1000);
    set_timeout(
        move || {
            // Warm-up, not timed: the browser compiles hot wasm code a second time
            // (optimising tier) after its first runs; native code has no such start.
            for (melds, hand) in row(50, 2, 10) {
                let _ = solve(&melds, &hand);
            }
            step(results, count, 0, 0, None)
        },
        Duration::from_millis(0),
    );
    let done = move || {
        results.with(|rs| {
            rs.len() == ROWS.len()
                && rs.last().is_some_and(|r| {
                    r.times.len() == count || r.times.iter().sum::<f64>() >= ROW_BUDGET_MS
                })
        })
    };
    let rows = move || {
        results
            .get()
            .into_iter()
            .map(|r| {
                let (mean, p95, max) = summary(&r.times);
                view! {
                    <tr data-testid="bench-row" data-table=r.table data-jokers=r.jokers data-n=r.times.len()
                        data-mean=mean data-p95=p95 data-max=max>
                        <td>{r.table}</td><td>{r.jokers}</td><td>{r.times.len()}</td>
                        <td>{format!("{mean:.3}")}</td><td>{format!("{p95:.3}")}</td><td>{format!("{max:.3}")}</td>
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <section class="panel bench">
            <h1>{move || app.t("bench.title")}</h1>
            <p>{move || app.t("bench.intro").replace("{n}", &count.to_string())}</p>
            <table class="bench-table">
                <thead><tr>
                    <th>{move || app.t("bench.table")}</th><th>{move || app.t("bench.jokers")}</th><th>"n"</th>
                    <th>{move || app.t("bench.mean")}</th><th>"p95"</th><th>{move || app.t("bench.max")}</th>
                </tr></thead>
                <tbody>{rows}</tbody>
            </table>
            <p data-testid="bench-status">{move || if done() { app.t("bench.done") } else { app.t("bench.running") }}</p>
        </section>
    }
}
