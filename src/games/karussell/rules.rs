//! The rules page of Karussell (Manipulation-Rommé), written around the options in force.

use crate::games::rules_doc::{RulesDoc, Writer};
use crate::i18n::Lang;
use engine::games::VariantInfo;
use engine::karussell::KarussellOptions;

/// The page for the options `o` (they say all the catalog entry would).
pub fn rules(_variant: &'static VariantInfo, o: &KarussellOptions, lang: Lang) -> RulesDoc {
    let mut w = Writer::new(lang);
    w.section("goal");
    w.para(w.t("rules.ka.goal"));
    w.section("cards");
    w.para(match o.jokers {
        None => w.t("rules.ka.deck_auto"),
        Some(0) => w.t("rules.ka.deck_no_jokers"),
        Some(n) => w.n("rules.ka.deck", n),
    });
    w.para(w.t("rules.ka.values"));
    w.section("deal");
    w.para(w.n("rules.ka.deal", o.hand_size));
    w.section("turn");
    w.list(vec![
        w.t("rules.ka.draw1"),
        w.t("rules.ka.draw2"),
        w.t("rules.ka.draw3"),
    ]);
    w.para(w.t(if o.meld_ends_turn {
        "rules.ka.meld_ends"
    } else {
        "rules.ka.meld_again"
    }));
    w.section("melds");
    w.list(vec![
        w.t("rules.ka.group"),
        w.t("rules.ka.run"),
        w.t("rules.ka.joker"),
    ]);
    w.section("special");
    w.para(w.t("rules.ka.rearrange"));
    w.example(w.t("rules.ka.rearrange_example"));
    w.para(w.t(if o.hints {
        "rules.ka.hints_on"
    } else {
        "rules.ka.hints_off"
    }));
    w.section("end");
    w.list(vec![
        w.n("rules.ka.knock", o.knock_limit),
        w.t("rules.ka.out"),
        w.t("rules.ka.stock_empty"),
    ]);
    w.section("scoring");
    w.list(vec![
        w.t("rules.ka.win"),
        w.t("rules.ka.undercut"),
        w.t("rules.ka.all_out"),
    ]);
    w.example(w.t("rules.ka.example"));
    w.para(w.n("rules.ka.match_end", o.target));
    w.para(w.t(if o.round_bonus_for_all {
        "rules.ka.bonus_all"
    } else {
        "rules.ka.bonus_others"
    }));
    let jokers = match o.jokers {
        None => w.t("ka.opt.jokers_auto"),
        Some(0) => w.t("ka.opt.jokers_0"),
        Some(n) => n.to_string(),
    };
    w.house("ka.opt.jokers", jokers);
    w.house("ka.opt.hand_size", o.hand_size.to_string());
    w.house("ka.opt.knock_limit", o.knock_limit.to_string());
    w.house("ka.opt.meld_ends_turn", w.yes_no(o.meld_ends_turn));
    w.house("ka.opt.target", o.target.to_string());
    w.house(
        "ka.opt.round_bonus_for_all",
        w.yes_no(o.round_bonus_for_all),
    );
    w.house("ka.opt.hints", w.yes_no(o.hints));
    w.done()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variant() -> &'static VariantInfo {
        engine::games::find_variant("karussell").unwrap()
    }

    #[test]
    fn knocking_target_and_jokers_follow_the_options() {
        let o = KarussellOptions::default();
        let de = rules(variant(), &o, Lang::De).text();
        assert!(
            de.contains("höchstens 5 Punkte") && de.contains("150 Punkte"),
            "{de}"
        );
        let o = KarussellOptions {
            knock_limit: 8,
            target: 300,
            jokers: Some(3),
            ..o
        };
        let en = rules(variant(), &o, Lang::En).text();
        assert!(
            en.contains("at most 8 points") && en.contains("300 points"),
            "{en}"
        );
        assert!(en.contains("3 jokers"), "{en}");
    }
}
