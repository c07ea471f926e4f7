//! The Karussell part of the setup screen: every option, then "start".

use crate::app::use_app;
use crate::components::options::{opt_check, opt_number, opt_select};
use crate::pages::setup::SeatConfig;
use crate::routes::Route;
use engine::games::VariantInfo;
use engine::karussell::{Karussell, KarussellOptions};
use leptos::prelude::*;

const JOKERS: &[(&str, &str)] = &[
    ("auto", "ka.opt.jokers_auto"),
    ("0", "ka.opt.jokers_0"),
    ("1", "ka.opt.jokers_1"),
    ("2", "ka.opt.jokers_2"),
    ("3", "ka.opt.jokers_3"),
    ("4", "ka.opt.jokers_4"),
];

/// Every option as a form.
pub fn rules_form(o: RwSignal<KarussellOptions>) -> AnyView {
    view! {
        <div class="options-grid" data-testid="options">
            {opt_select(o, "ka.opt.jokers", JOKERS, |x| match x.jokers {
                None => "auto",
                Some(0) => "0",
                Some(1) => "1",
                Some(2) => "2",
                Some(3) => "3",
                Some(_) => "4",
            }, |x, v| x.jokers = v.parse().ok())}
            {opt_number(o, "ka.opt.hand_size", 5, 15, |x| x.hand_size as u32, |x, v| x.hand_size = v as u8)}
            {opt_number(o, "ka.opt.knock_limit", 0, 30, |x| x.knock_limit as u32, |x, v| x.knock_limit = v as u8)}
            {opt_check(o, "ka.opt.meld_ends_turn", |x| x.meld_ends_turn, |x, v| x.meld_ends_turn = v)}
            {opt_number(o, "ka.opt.target", 50, 1000, |x| x.target, |x, v| x.target = v)}
            {opt_check(o, "ka.opt.round_bonus_for_all", |x| x.round_bonus_for_all, |x, v| x.round_bonus_for_all = v)}
            {opt_check(o, "ka.opt.hints", |x| x.hints, |x, v| x.hints = v)}
        </div>
    }
    .into_any()
}

/// Options form and start button.
pub fn setup_panel(entry: &'static VariantInfo, seats: RwSignal<Vec<SeatConfig>>) -> AnyView {
    let app = use_app();
    let opts = RwSignal::new(KarussellOptions::default());
    let problem = RwSignal::new(None::<String>);
    let start = move |_| {
        let title = app.t(&format!("game.{}", entry.id));
        let seat_list = seats.get_untracked();
        match crate::games::start_game::<Karussell>(
            entry.id,
            title,
            &seat_list,
            opts.get_untracked(),
        ) {
            Ok(id) => app.go(Route::Play(id)),
            Err(e) => problem.set(Some(e)),
        }
    };
    view! {
        <details class="rules" open>
            <summary><h2>{move || app.t("setup.options")}</h2></summary>
            <button class="button small" on:click=move |_| opts.set(KarussellOptions::default())>{move || app.t("setup.reset_rules")}</button>
            {rules_form(opts)}
        </details>
        {crate::games::start_footer(problem, start)}
    }
    .into_any()
}
