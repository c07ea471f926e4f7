//! The Abluxxen part of the setup screen: the options, then "start".

use crate::components::options::{opt_check, summary_line};
use crate::ctx::use_app;
use crate::i18n::common::fill;
use crate::i18n::{tr, Lang};
use crate::seats::SeatConfig;
use engine::abluxxen::{Abluxxen, AbluxxenOptions, MAX_ROUNDS};
use engine::games::VariantInfo;
use leptos::prelude::*;

/// The options a catalog entry starts with: its preset (Profiduell is fixed by the entry).
pub fn options_for(entry: &'static VariantInfo) -> AbluxxenOptions {
    engine::games::options_of::<Abluxxen>(entry).unwrap_or_default()
}

/// The chosen rules in one line, e.g. "Profiduell · 3 Spiele · Ziehen ohne Abluxxen";
/// `per_player` stands for "one game per player".
pub fn summary(o: &AbluxxenOptions, per_player: bool, lang: Lang) -> String {
    let mut parts = Vec::new();
    if o.profiduell {
        parts.push(tr(lang, "setup.summary.ab_profiduell").to_string());
    }
    parts.push(match (per_player, o.rounds) {
        (true, _) => tr(lang, "setup.summary.ab_per_player").to_string(),
        (false, 1) => tr(lang, "setup.summary.ab_one_game").to_string(),
        (false, n) => fill(lang, "setup.summary.ab_games", &[("n", n.to_string())]),
    });
    if o.draw_if_no_luxx {
        parts.push(tr(lang, "setup.summary.ab_draw").to_string());
    }
    summary_line(parts)
}

/// Options form and start button for Abluxxen or its Profiduell.
pub fn setup_panel(entry: &'static VariantInfo, seats: RwSignal<Vec<SeatConfig>>) -> AnyView {
    let app = use_app();
    let opts = RwSignal::new(options_for(entry));
    let profi = options_for(entry).profiduell;
    // "One game per player": the number of games follows the number of seats.
    let per_player = RwSignal::new(false);
    let problem = RwSignal::new(None::<String>);
    let rounds_shown = move || {
        if per_player.get() {
            seats.with(|s| s.len()) as u32
        } else {
            opts.with(|o| o.rounds as u32)
        }
    };
    let start = move |_| {
        let title = app.t(&format!("game.{}", entry.id));
        let seat_list = seats.get_untracked();
        let mut o = opts.get_untracked();
        o.profiduell = profi;
        if per_player.get_untracked() {
            o.rounds = seat_list.len().min(MAX_ROUNDS as usize) as u8;
        }
        crate::games::start_game::<Abluxxen>(entry.id, title, &seat_list, o, problem);
    };
    let line = Signal::derive(move || {
        let pp = per_player.get();
        opts.with(|o| summary(o, pp, app.lang()))
    });
    let rules = view! {
            <div class="options-grid" data-testid="options">
                {opt_check(opts, "ab.opt.draw_if_no_luxx", |x| x.draw_if_no_luxx, |x, v| x.draw_if_no_luxx = v)}
                <label class="option-row" data-option="ab.opt.rounds">
                    <span>{move || app.t("ab.opt.rounds")}</span>
                    <input type="number" min="1" max=MAX_ROUNDS inputmode="numeric" data-testid="rounds"
                        prop:value=move || rounds_shown().to_string()
                        prop:disabled=move || per_player.get()
                        on:change=move |ev| {
                            if let Ok(v) = event_target_value(&ev).trim().parse::<u32>() {
                                opts.update(|o| o.rounds = v.clamp(1, MAX_ROUNDS as u32) as u8);
                            } else {
                                opts.update(|_| {});
                            }
                        }/>
                </label>
                <label class="option-row" data-option="ab.opt.per_player">
                    <span>{move || app.t("ab.opt.per_player")}</span>
                    <input type="checkbox" data-testid="per-player" prop:checked=move || per_player.get()
                        on:change=move |ev| per_player.set(event_target_checked(&ev))/>
                </label>
            </div>
            {profi.then(|| view! { <p class="hint">{move || app.t("ab.opt.profiduell_fixed")}</p> })}
    }
    .into_any();
    crate::games::setup_layout(line, problem, start, rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_names_the_chosen_rules() {
        let o = options_for(engine::games::find_variant("profiduell").unwrap());
        let line = summary(&o, true, Lang::De);
        assert!(
            line.starts_with("Profiduell · ein Spiel pro Spieler"),
            "{line}"
        );
        let o = AbluxxenOptions {
            rounds: 3,
            draw_if_no_luxx: false,
            ..options_for(engine::games::find_variant("abluxxen").unwrap())
        };
        assert_eq!(summary(&o, false, Lang::En), "3 games");
    }
}
