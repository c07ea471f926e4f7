//! The Rommé part of the setup screen: every option of the preset, then "start".

use crate::components::options::{opt_check, opt_if, opt_number, opt_select, summary_line};
use crate::ctx::use_app;
use crate::i18n::common::fill;
use crate::i18n::{tr, Lang};
use crate::seats::SeatConfig;
use engine::games::VariantInfo;
use engine::romme::{
    DiscardDraw, EndMode, LayOffPolicy, MatchEnd, Preset, RaeuberOpening, Romme, RommeOptions,
    Scoring,
};
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
    ("new_meld", "ro.discard.new_meld"),
    ("melded", "ro.discard.melded"),
    ("no", "ro.discard.no"),
];
const OPENING: &[(&str, &str)] = &[
    ("reused", "ro.opening.reused"),
    ("table", "ro.opening.table"),
    ("added", "ro.opening.added"),
];
const MATCH_END: &[(&str, &str)] = &[
    ("points", "ro.match.points"),
    ("round", "ro.match.round"),
    ("deals", "ro.match.deals"),
];

/// Every option as a form; inside a disabled fieldset it is the read-only rules page.
pub fn rules_form(o: RwSignal<RommeOptions>) -> AnyView {
    rules_form_for(o, None)
}

/// The options form of a preset: options that have no effect under it are hidden
/// ([`applies`]); `None` shows every option.
pub fn rules_form_for(o: RwSignal<RommeOptions>, preset: Option<Preset>) -> AnyView {
    let when = move |key: &'static str, row: AnyView| {
        opt_if(o, move |x| preset.is_none_or(|p| applies(key, p, x)), row)
    };
    view! {
        <div class="options-grid" data-testid="options">
            {when("ro.jokers", opt_number(o, "ro.jokers", 0, 6, |x| x.jokers as u32, |x, v| x.jokers = v as u8))}
            {when("ro.joker_penalty", opt_number(o, "ro.joker_penalty", 0, 100, |x| x.joker_penalty, |x, v| x.joker_penalty = v))}
            {when("ro.hand_size", opt_number(o, "ro.hand_size", 7, 15, |x| x.hand_size as u32, |x, v| x.hand_size = v as u8))}
            {when("ro.upcard", opt_check(o, "ro.upcard", |x| x.upcard, |x, v| x.upcard = v))}
            {when("ro.first_meld_min", opt_number(o, "ro.first_meld_min", 0, 120, |x| x.first_meld_min, |x, v| x.first_meld_min = v))}
            {when("ro.first_meld_counts_lay_off", opt_check(o, "ro.first_meld_counts_lay_off", |x| x.first_meld_counts_lay_off, |x, v| x.first_meld_counts_lay_off = v))}
            {when("ro.lay_off", opt_select(o, "ro.lay_off", LAY_OFF, |x| match x.lay_off {
                LayOffPolicy::OwnMelds => "own",
                LayOffPolicy::AnyAfterOwnFirstMeld => "after",
                LayOffPolicy::AnyAnyTime => "any",
            }, |x, v| x.lay_off = match v { "own" => LayOffPolicy::OwnMelds, "after" => LayOffPolicy::AnyAfterOwnFirstMeld, _ => LayOffPolicy::AnyAnyTime }))}
            {when("ro.buying", opt_check(o, "ro.buying", |x| x.buying, |x, v| x.buying = v))}
            {when("ro.buy_limit", opt_number(o, "ro.buy_limit", 0, 20, |x| x.buy_limit.map(u32::from).unwrap_or(0), |x, v| x.buy_limit = if v == 0 { None } else { Some(v as u8) }))}
            {when("ro.robbing", opt_check(o, "ro.robbing", |x| x.robbing, |x, v| x.robbing = v))}
            {when("ro.end_mode", opt_select(o, "ro.end_mode", END, |x| match x.end_mode { EndMode::BidAtMost => "bid", EndMode::GoOut => "out" },
                |x, v| x.end_mode = if v == "bid" { EndMode::BidAtMost } else { EndMode::GoOut }))}
            {when("ro.target_pips", opt_number(o, "ro.target_pips", 0, 9, |x| x.target_pips as u32, |x, v| x.target_pips = v as u8))}
            {when("ro.scoring", opt_select(o, "ro.scoring", SCORING, |x| match x.scoring { Scoring::Plain => "plain", Scoring::AnlegenBonuses => "anlegen", Scoring::Traditionell => "trad" },
                |x, v| x.scoring = match v { "anlegen" => Scoring::AnlegenBonuses, "trad" => Scoring::Traditionell, _ => Scoring::Plain }))}
            {when("ro.draw_from_discard", opt_select(o, "ro.draw_from_discard", DISCARD, |x| match x.draw_from_discard { DiscardDraw::Yes => "yes", DiscardDraw::IntoNewMeld => "new_meld", DiscardDraw::OnlyIfMelded => "melded", DiscardDraw::No => "no" },
                |x, v| x.draw_from_discard = match v { "new_meld" => DiscardDraw::IntoNewMeld, "melded" => DiscardDraw::OnlyIfMelded, "no" => DiscardDraw::No, _ => DiscardDraw::Yes }))}
            {when("ro.go_out_needs_discard", opt_check(o, "ro.go_out_needs_discard", |x| x.go_out_needs_discard, |x, v| x.go_out_needs_discard = v))}
            {when("ro.max_reshuffles", opt_number(o, "ro.max_reshuffles", 0, 9, |x| x.max_reshuffles as u32, |x, v| x.max_reshuffles = v as u8))}
            {when("ro.joker_exchange", opt_check(o, "ro.joker_exchange", |x| x.joker_exchange, |x, v| x.joker_exchange = v))}
            {when("ro.exchange_needs_first_meld", opt_check(o, "ro.exchange_needs_first_meld", |x| x.exchange_needs_first_meld, |x, v| x.exchange_needs_first_meld = v))}
            {when("ro.raeuber_opening_counts", opt_select(o, "ro.raeuber_opening_counts", OPENING, |x| match x.raeuber_opening_counts { RaeuberOpening::Reused => "reused", RaeuberOpening::Table => "table", RaeuberOpening::AddedOnly => "added" },
                |x, v| x.raeuber_opening_counts = match v { "table" => RaeuberOpening::Table, "added" => RaeuberOpening::AddedOnly, _ => RaeuberOpening::Reused }))}
            {when("ro.set_distinct_suits", opt_check(o, "ro.set_distinct_suits", |x| x.set_distinct_suits, |x, v| x.set_distinct_suits = v))}
            {when("ro.max_jokers_per_meld", opt_number(o, "ro.max_jokers_per_meld", 0, 6, |x| x.max_jokers_per_meld.map(u32::from).unwrap_or(0), |x, v| x.max_jokers_per_meld = if v == 0 { None } else { Some(v as u8) }))}
            {when("ro.match_end", opt_select(o, "ro.match_end", MATCH_END, |x| match x.match_end { MatchEnd::Points { .. } => "points", MatchEnd::Deals { count: None } => "round", MatchEnd::Deals { count: Some(_) } => "deals" },
                |x, v| x.match_end = match v { "round" => MatchEnd::Deals { count: None }, "deals" => MatchEnd::Deals { count: Some(1) }, _ => MatchEnd::Points { limit: 500 } }))}
            {when("ro.match_limit", opt_number(o, "ro.match_limit", 1, 5000, |x| match x.match_end { MatchEnd::Points { limit } => limit, MatchEnd::Deals { count } => count.map(u32::from).unwrap_or(0) },
                |x, v| match &mut x.match_end { MatchEnd::Points { limit } => *limit = v.max(50), MatchEnd::Deals { count } => *count = if v == 0 { None } else { Some(v.min(50) as u8) } }))}
            {when("ro.ring_pot", opt_number(o, "ro.ring_pot", 0, 1000, |x| x.ring_pot.unwrap_or(0), |x, v| x.ring_pot = if v == 0 { None } else { Some(v) }))}
        </div>
    }
    .into_any()
}

/// Whether the option `key` has an effect under `preset` with the options `o` chosen so
/// far. Buying and robbing make their presets (they are chosen with the game, not here);
/// options about jokers need jokers, and so on. Hidden options keep their value.
pub fn applies(key: &str, preset: Preset, o: &RommeOptions) -> bool {
    match key {
        "ro.buying" => preset == Preset::MitKaufen,
        "ro.buy_limit" => o.buying,
        "ro.robbing" => preset == Preset::Raeuber,
        "ro.joker_penalty" | "ro.joker_exchange" | "ro.max_jokers_per_meld" => o.jokers > 0,
        "ro.exchange_needs_first_meld" => o.jokers > 0 && o.joker_exchange,
        "ro.raeuber_opening_counts" => o.robbing && o.first_meld_min > 0,
        "ro.first_meld_counts_lay_off" => o.first_meld_min > 0,
        "ro.target_pips" => o.end_mode == EndMode::BidAtMost,
        "ro.match_limit" => o.match_end != MatchEnd::Deals { count: None },
        _ => true,
    }
}

/// The chosen rules in one line, e.g. "2 Spiele à 52 + 2 Joker · 13 Karten · Auslegen ab
/// 30 · mit Kaufen · bis 500 Punkte".
pub fn summary(o: &RommeOptions, lang: Lang) -> String {
    let n = |key: &str, v: u32| fill(lang, key, &[("n", v.to_string())]);
    let mut parts = vec![
        if o.jokers == 0 {
            tr(lang, "setup.summary.decks_no_joker").to_string()
        } else {
            n("setup.summary.decks", o.jokers as u32)
        },
        n("setup.summary.hand", o.hand_size as u32),
        tr(
            lang,
            if o.set_distinct_suits {
                "setup.summary.set_distinct"
            } else {
                "setup.summary.set_any"
            },
        )
        .to_string(),
    ];
    if o.first_meld_min > 0 {
        parts.push(n("setup.summary.first_meld", o.first_meld_min));
    }
    if o.buying {
        parts.push(tr(lang, "setup.summary.buying").to_string());
    }
    if o.robbing {
        parts.push(tr(lang, "setup.summary.robbing").to_string());
    }
    parts.push(match o.match_end {
        MatchEnd::Points { limit } => n("setup.summary.to_points", limit),
        MatchEnd::Deals { count: None } => tr(lang, "setup.summary.each_deals").to_string(),
        MatchEnd::Deals { count: Some(c) } => n("setup.summary.deals", c as u32),
    });
    summary_line(parts)
}

/// Options form and start button for a Rommé preset.
pub fn setup_panel(entry: &'static VariantInfo, seats: RwSignal<Vec<SeatConfig>>) -> AnyView {
    let app = use_app();
    // The catalog test guarantees every Rommé entry names one of the presets.
    let preset = Preset::named(entry.preset).unwrap_or(Preset::Grundspiel);
    let opts = RwSignal::new(preset.options());
    let problem = RwSignal::new(None::<String>);
    let start = move |_| {
        let title = app.t(&format!("game.{}", entry.id));
        let seat_list = seats.get_untracked();
        crate::games::start_game::<Romme>(
            entry.id,
            title,
            &seat_list,
            opts.get_untracked(),
            problem,
        );
    };
    let line = Signal::derive(move || opts.with(|o| summary(o, app.lang())));
    let rules = view! {
        <button class="button small" on:click=move |_| opts.set(preset.options())>{move || app.t("setup.reset_rules")}</button>
        {rules_form_for(opts, Some(preset))}
    }
    .into_any();
    crate::games::setup_layout(line, problem, start, rules)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_without_effect_are_hidden_per_preset() {
        let trad = Preset::Traditionell.options();
        for key in [
            "ro.buying",
            "ro.buy_limit",
            "ro.robbing",
            "ro.joker_penalty",
            "ro.target_pips",
        ] {
            assert!(!applies(key, Preset::Traditionell, &trad), "{key}");
        }
        assert!(applies("ro.jokers", Preset::Traditionell, &trad));
        let kaufen = Preset::MitKaufen.options();
        assert!(applies("ro.buying", Preset::MitKaufen, &kaufen));
        assert!(applies("ro.buy_limit", Preset::MitKaufen, &kaufen));
        assert!(applies(
            "ro.first_meld_counts_lay_off",
            Preset::MitKaufen,
            &kaufen
        ));
        assert!(!applies("ro.robbing", Preset::MitKaufen, &kaufen));
        assert!(applies(
            "ro.robbing",
            Preset::Raeuber,
            &Preset::Raeuber.options()
        ));
        // Jokers added in Traditionell bring their options back.
        let with_jokers = RommeOptions { jokers: 2, ..trad };
        assert!(applies(
            "ro.joker_penalty",
            Preset::Traditionell,
            &with_jokers
        ));
    }

    #[test]
    fn summary_names_the_chosen_rules() {
        let mut o = Preset::MitKaufen.options();
        assert_eq!(
            summary(&o, Lang::De),
            "2 Kartenspiele à 52 + 2 Joker · 13 Karten · Sätze auch in gleicher Farbe · Auslegen ab 30 · mit Kaufen · bis 500 Punkte"
        );
        o.jokers = 6;
        o.first_meld_min = 40;
        o.match_end = MatchEnd::Deals { count: None };
        assert_eq!(
            summary(&o, Lang::En),
            "2 packs of 52 + 6 jokers · 13 cards · sets may repeat a suit · first meld 40+ · with buying · everyone deals once"
        );
        assert_eq!(
            summary(&Preset::Traditionell.options(), Lang::De),
            "2 Kartenspiele à 52, ohne Joker · 10 Karten · Sätze auch in gleicher Farbe · bis 500 Punkte"
        );
    }
}
