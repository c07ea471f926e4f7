//! The Rommé part of the setup screen: every option of the preset, then "start".

use crate::app::use_app;
use crate::components::options::{opt_check, opt_number, opt_select};
use crate::pages::setup::SeatConfig;
use crate::routes::Route;
use engine::games::{romme_preset as preset_for, VariantInfo};
use engine::romme::{DiscardDraw, EndMode, LayOffPolicy, MatchEnd, Romme, RommeOptions, Scoring};
use leptos::prelude::*;

const LAY_OFF: &[(&str, &str)] = &[
    ("own", "ro.lay_off.own"),
    ("after", "ro.lay_off.after"),
    ("any", "ro.lay_off.any"),
];
const END: &[(&str, &str)] = &[("bid", "ro.end.bid"), ("out", "ro.end.out")];
const SCORING: &[(&str, &str)] = &[
    ("plain", "ro.scoring.plain"),
    ("anlegen", "ro.scoring.anlegen"),
    ("trad", "ro.scoring.trad"),
];
const DISCARD: &[(&str, &str)] = &[
    ("yes", "ro.discard.yes"),
    ("melded", "ro.discard.melded"),
    ("no", "ro.discard.no"),
];
const MATCH_END: &[(&str, &str)] = &[
    ("points", "ro.match.points"),
    ("round", "ro.match.round"),
    ("deals", "ro.match.deals"),
];

/// Every option as a form; inside a disabled fieldset it is the read-only rules page.
pub fn rules_form(o: RwSignal<RommeOptions>) -> AnyView {
    view! {
        <div class="options-grid" data-testid="options">
            {opt_number(o, "ro.jokers", 0, 6, |x| x.jokers as u32, |x, v| x.jokers = v as u8)}
            {opt_number(o, "ro.joker_penalty", 0, 100, |x| x.joker_penalty, |x, v| x.joker_penalty = v)}
            {opt_number(o, "ro.hand_size", 7, 15, |x| x.hand_size as u32, |x, v| x.hand_size = v as u8)}
            {opt_check(o, "ro.upcard", |x| x.upcard, |x, v| x.upcard = v)}
            {opt_number(o, "ro.first_meld_min", 0, 120, |x| x.first_meld_min, |x, v| x.first_meld_min = v)}
            {opt_check(o, "ro.first_meld_counts_lay_off", |x| x.first_meld_counts_lay_off, |x, v| x.first_meld_counts_lay_off = v)}
            {opt_select(o, "ro.lay_off", LAY_OFF, |x| match x.lay_off {
                LayOffPolicy::OwnMelds => "own",
                LayOffPolicy::AnyAfterOwnFirstMeld => "after",
                LayOffPolicy::AnyAnyTime => "any",
            }, |x, v| x.lay_off = match v { "own" => LayOffPolicy::OwnMelds, "after" => LayOffPolicy::AnyAfterOwnFirstMeld, _ => LayOffPolicy::AnyAnyTime })}
            {opt_check(o, "ro.buying", |x| x.buying, |x, v| x.buying = v)}
            {opt_number(o, "ro.buy_limit", 0, 20, |x| x.buy_limit.map(u32::from).unwrap_or(0), |x, v| x.buy_limit = if v == 0 { None } else { Some(v as u8) })}
            {opt_check(o, "ro.robbing", |x| x.robbing, |x, v| x.robbing = v)}
            {opt_select(o, "ro.end_mode", END, |x| match x.end_mode { EndMode::BidAtMost => "bid", EndMode::GoOut => "out" },
                |x, v| x.end_mode = if v == "bid" { EndMode::BidAtMost } else { EndMode::GoOut })}
            {opt_number(o, "ro.target_pips", 0, 9, |x| x.target_pips as u32, |x, v| x.target_pips = v as u8)}
            {opt_select(o, "ro.scoring", SCORING, |x| match x.scoring { Scoring::Plain => "plain", Scoring::AnlegenBonuses => "anlegen", Scoring::Traditionell => "trad" },
                |x, v| x.scoring = match v { "anlegen" => Scoring::AnlegenBonuses, "trad" => Scoring::Traditionell, _ => Scoring::Plain })}
            {opt_select(o, "ro.draw_from_discard", DISCARD, |x| match x.draw_from_discard { DiscardDraw::Yes => "yes", DiscardDraw::OnlyIfMelded => "melded", DiscardDraw::No => "no" },
                |x, v| x.draw_from_discard = match v { "melded" => DiscardDraw::OnlyIfMelded, "no" => DiscardDraw::No, _ => DiscardDraw::Yes })}
            {opt_check(o, "ro.go_out_needs_discard", |x| x.go_out_needs_discard, |x, v| x.go_out_needs_discard = v)}
            {opt_number(o, "ro.max_reshuffles", 0, 9, |x| x.max_reshuffles as u32, |x, v| x.max_reshuffles = v as u8)}
            {opt_check(o, "ro.joker_exchange", |x| x.joker_exchange, |x, v| x.joker_exchange = v)}
            {opt_check(o, "ro.set_distinct_suits", |x| x.set_distinct_suits, |x, v| x.set_distinct_suits = v)}
            {opt_number(o, "ro.max_jokers_per_meld", 0, 6, |x| x.max_jokers_per_meld.map(u32::from).unwrap_or(0), |x, v| x.max_jokers_per_meld = if v == 0 { None } else { Some(v as u8) })}
            {opt_select(o, "ro.match_end", MATCH_END, |x| match x.match_end { MatchEnd::Points { .. } => "points", MatchEnd::Deals { count: None } => "round", MatchEnd::Deals { count: Some(_) } => "deals" },
                |x, v| x.match_end = match v { "round" => MatchEnd::Deals { count: None }, "deals" => MatchEnd::Deals { count: Some(1) }, _ => MatchEnd::Points { limit: 500 } })}
            {opt_number(o, "ro.match_limit", 1, 5000, |x| match x.match_end { MatchEnd::Points { limit } => limit, MatchEnd::Deals { count } => count.map(u32::from).unwrap_or(0) },
                |x, v| match &mut x.match_end { MatchEnd::Points { limit } => *limit = v.max(50), MatchEnd::Deals { count } => *count = if v == 0 { None } else { Some(v.min(50) as u8) } })}
            {opt_number(o, "ro.ring_pot", 0, 1000, |x| x.ring_pot.unwrap_or(0), |x, v| x.ring_pot = if v == 0 { None } else { Some(v) })}
        </div>
    }
    .into_any()
}

/// Options form and start button for a Rommé preset.
pub fn setup_panel(entry: &'static VariantInfo, seats: RwSignal<Vec<SeatConfig>>) -> AnyView {
    let app = use_app();
    let opts = RwSignal::new(preset_for(entry.id).options());
    let problem = RwSignal::new(None::<String>);
    let start = move |_| {
        let title = app.t(&format!("game.{}", entry.id));
        let seat_list = seats.get_untracked();
        match crate::games::start_game::<Romme>(entry.id, title, &seat_list, opts.get_untracked()) {
            Ok(id) => app.go(Route::Play(id)),
            Err(e) => problem.set(Some(e)),
        }
    };
    view! {
        <details class="rules" open>
            <summary><h2>{move || app.t("setup.options")}</h2></summary>
            <button class="button small" on:click=move |_| opts.set(preset_for(entry.id).options())>{move || app.t("setup.reset_rules")}</button>
            {rules_form(opts)}
        </details>
        {crate::games::start_footer(problem, start)}
    }
    .into_any()
}
