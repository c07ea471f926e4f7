//! The Karussell part of the setup screen: every option, then "start".

use crate::components::options::{opt_check, opt_number, opt_select, summary_line};
use crate::i18n::common::fill;
use crate::i18n::{tr, Lang};
use crate::seats::SeatConfig;
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

/// The chosen rules in one line, e.g. "Joker je nach Spielerzahl · 13 Karten · bis 500 Punkte".
pub fn summary(o: &KarussellOptions, lang: Lang) -> String {
    let n = |key: &str, v: u32| fill(lang, key, &[("n", v.to_string())]);
    summary_line(vec![
        match o.jokers {
            None => tr(lang, "setup.summary.ka_jokers_auto").to_string(),
            Some(j) => n("setup.summary.ka_jokers", j as u32),
        },
        n("setup.summary.hand", o.hand_size as u32),
        n("setup.summary.to_points", o.target),
    ])
}

/// Options form and start button.
pub fn setup_panel(entry: &'static VariantInfo, seats: RwSignal<Vec<SeatConfig>>) -> AnyView {
    crate::games::options_setup_panel::<Karussell>(entry, seats, summary, rules_form)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_names_the_chosen_rules() {
        let o = KarussellOptions::default();
        let line = summary(&o, Lang::De);
        assert!(line.contains(&format!("{} Karten", o.hand_size)), "{line}");
        assert!(line.contains(&format!("bis {} Punkte", o.target)), "{line}");
        let o = KarussellOptions {
            jokers: Some(2),
            ..o
        };
        assert!(summary(&o, Lang::En).starts_with("2 jokers · "));
    }
}
