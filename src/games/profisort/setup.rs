//! The Profi-Sort part of the setup screen: every option, then "start".

use super::texts::task_label;
use crate::components::options::{opt_check, opt_number, opt_select, summary_line};
use crate::ctx::use_app;
use crate::i18n::common::fill;
use crate::i18n::Lang;
use crate::seats::SeatConfig;
use engine::games::VariantInfo;
use engine::profisort::{ProfiSort, ProfiSortOptions, TalonEnd};
use leptos::prelude::*;

const JOKERS: &[(&str, &str)] = &[("8", "ps.opt.jokers_8"), ("6", "ps.opt.jokers_6")];
const TALON: &[(&str, &str)] = &[
    ("score_all", "ps.opt.talon_score_all"),
    ("reshuffle", "ps.opt.talon_reshuffle"),
];
const BEGINNER: &[(&str, &str)] = &[
    ("off", "ps.opt.beginner_off"),
    ("5", "ps.opt.beginner_5"),
    ("10", "ps.opt.beginner_10"),
];

/// One checkbox per sheet entry: left out of this match.
fn left_out(o: RwSignal<ProfiSortOptions>) -> impl IntoView {
    let app = use_app();
    let row = move |t: u8| {
        view! {
            <label class="option-row ps-left-out" data-option=format!("left_out.{t}")>
                <span>{move || task_label(t, app.lang())}</span>
                <input type="checkbox" data-testid="left-out" data-task=t
                    prop:checked=move || o.with(|x| x.left_out.contains(&t))
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        o.update(|x| {
                            x.left_out.retain(|&y| y != t);
                            if on { x.left_out.push(t); engine::sort::sort(&mut x.left_out); }
                        });
                    }/>
            </label>
        }
    };
    view! {
        <details class="ps-left-outs">
            <summary>{move || app.t("ps.opt.left_out")}</summary>
            {(1..=15u8).map(row).collect_view()}
        </details>
    }
}

/// Every option as a form.
pub fn rules_form(o: RwSignal<ProfiSortOptions>) -> AnyView {
    view! {
        <div class="options-grid" data-testid="options">
            {opt_select(o, "ps.opt.jokers", JOKERS, |x| if x.jokers >= 8 { "8" } else { "6" },
                |x, v| x.jokers = v.parse().unwrap_or(8))}
            {opt_check(o, "ps.opt.distinct_ranks", |x| x.distinct_ranks, |x, v| x.distinct_ranks = v)}
            {opt_check(o, "ps.opt.draw_from_discard", |x| x.draw_from_discard, |x, v| x.draw_from_discard = v)}
            {opt_select(o, "ps.opt.talon_end", TALON, |x| match x.talon_end {
                TalonEnd::ScoreAll => "score_all",
                TalonEnd::Reshuffle => "reshuffle",
            }, |x, v| x.talon_end = if v == "reshuffle" { TalonEnd::Reshuffle } else { TalonEnd::ScoreAll })}
            {opt_number(o, "ps.opt.bonus_joker_free", 0, 100, |x| x.bonus_joker_free, |x, v| x.bonus_joker_free = v)}
            {opt_number(o, "ps.opt.bonus_pair", 0, 100, |x| x.bonus_pair, |x, v| x.bonus_pair = v)}
            {opt_select(o, "ps.opt.beginner", BEGINNER, |x| match x.beginner_tasks {
                None => "off",
                Some(n) if n <= 5 => "5",
                Some(_) => "10",
            }, |x, v| x.beginner_tasks = v.parse().ok())}
            {left_out(o)}
        </div>
    }
    .into_any()
}

/// The chosen rules in one line, e.g. "8 Joker · Einsteiger: 5 Aufgaben".
pub fn summary(o: &ProfiSortOptions, lang: Lang) -> String {
    let n = |key: &str, v: u32| fill(lang, key, &[("n", v.to_string())]);
    let mut parts = vec![n("setup.summary.ps_jokers", o.jokers as u32)];
    if let Some(b) = o.beginner_tasks {
        parts.push(n("setup.summary.ps_beginner", b as u32));
    }
    if !o.left_out.is_empty() {
        let list: Vec<String> = o.left_out.iter().map(|t| t.to_string()).collect();
        parts.push(fill(
            lang,
            "setup.summary.ps_left_out",
            &[("list", list.join(", "))],
        ));
    }
    summary_line(parts)
}

/// Options form and start button.
pub fn setup_panel(entry: &'static VariantInfo, seats: RwSignal<Vec<SeatConfig>>) -> AnyView {
    crate::games::options_setup_panel::<ProfiSort>(entry, seats, summary, rules_form)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_names_the_chosen_rules() {
        let mut o = ProfiSortOptions::default();
        assert_eq!(summary(&o, Lang::De), "8 Joker");
        o.beginner_tasks = Some(5);
        o.left_out = vec![15];
        assert_eq!(
            summary(&o, Lang::De),
            "8 Joker · Einsteiger: 5 Aufgaben · ausgelassen: 15"
        );
    }
}
