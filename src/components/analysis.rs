//! "Analyse" on a deal-end panel: a button, then the progress with "Abbrechen", then the
//! decisions of the deal that cost points, each with the better move shown on the hand of
//! that moment. The game host runs the analysis ([`crate::ctx::DealAnalysis`]).

use crate::components::card::CardView;
use crate::ctx::{use_app, AnalysisItem, AnalysisState, DealAnalysis};
use crate::i18n::common::fill;
use leptos::prelude::*;

/// The analysis of deal `deal` on its end panel (nothing where it is not offered).
pub fn analysis_part(deal: u32) -> Option<impl IntoView> {
    let app = use_app();
    let a = use_context::<Option<DealAnalysis>>().flatten()?;
    let body = move || {
        let lang = app.lang();
        // Another deal's analysis (or none): this panel offers its own.
        let state = a.state.get();
        let state = if state.deal() == Some(deal) {
            state
        } else {
            AnalysisState::Idle
        };
        match state {
            AnalysisState::Running { done, total, .. } => {
                let text = if total == 0 {
                    app.t("an.loading")
                } else {
                    fill(
                        lang,
                        "an.progress",
                        &[("done", done.to_string()), ("total", total.to_string())],
                    )
                };
                view! {
                    <div class="analysis-run" data-testid="analysis-progress">
                        <label>
                            <span aria-live="polite">{text}</span>
                            <progress max=total.max(1) value=done></progress>
                        </label>
                        <button class="button" data-testid="analysis-cancel"
                            on:click=move |_| a.cancel.run(())>{app.t("an.cancel")}</button>
                    </div>
                }
                .into_any()
            }
            AnalysisState::Done { judged, items, .. } => {
                let head = if judged == 0 {
                    app.t("an.nothing")
                } else if items.is_empty() {
                    fill(lang, "an.none", &[("n", judged.to_string())])
                } else {
                    fill(
                        lang,
                        "an.found",
                        &[("k", items.len().to_string()), ("n", judged.to_string())],
                    )
                };
                view! {
                    <div class="analysis-done" data-testid="analysis-result">
                        <p>{head}</p>
                        <ol class="analysis-list">
                            {items.into_iter().map(item).collect_view()}
                        </ol>
                    </div>
                }
                .into_any()
            }
            AnalysisState::Failed { text, .. } => {
                view! { <p class="analysis-failed" role="alert" data-testid="analysis-failed">{text}</p> }.into_any()
            }
            AnalysisState::Idle => view! {
                <button class="button" data-testid="analysis-start"
                    on:click=move |_| a.start.run(deal)>{app.t("an.start")}</button>
            }
            .into_any(),
        }
    };
    Some(view! { <div class="analysis" data-testid="analysis">{body}</div> })
}

/// One costly decision: what was played, the better move and its cost, the hand of that
/// moment with the better move's cards raised.
fn item(i: AnalysisItem) -> impl IntoView {
    let app = use_app();
    let lang = app.lang();
    let head = fill(
        lang,
        "an.item",
        &[("n", i.number.to_string()), ("cost", i.cost.to_string())],
    );
    let better = fill(lang, "an.better", &[("advice", i.better)]);
    view! {
        <li class="analysis-item" data-testid="analysis-item">
            <p class="analysis-head">{head}</p>
            <p>{i.played}</p>
            <p class="analysis-better">{better}</p>
            <div class="analysis-hand" aria-hidden="true">
                {i.hand.into_iter().map(|(c, marked)| view! {
                    <span class:marked=marked><CardView face=Some(c.face)/></span>
                }).collect_view()}
            </div>
        </li>
    }
}
