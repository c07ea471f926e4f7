//! The rules page of Abluxxen and its Profiduell, written around the options in force.

use crate::games::rules_doc::{RulesDoc, Writer};
use crate::i18n::Lang;
use engine::abluxxen::AbluxxenOptions;
use engine::games::VariantInfo;

/// The page for the options `o` (the Profiduell if `o.profiduell`: they say all the catalog
/// entry would).
pub fn rules(_variant: &'static VariantInfo, o: &AbluxxenOptions, lang: Lang) -> RulesDoc {
    let mut w = Writer::new(lang);
    let duel = o.profiduell;
    w.section("goal");
    w.para(w.t("rules.ab.goal"));
    if duel {
        w.para(w.t("rules.ab.duel_goal"));
    }
    w.section("cards");
    w.para(w.t("rules.ab.deck"));
    w.section("deal");
    w.para(w.t(if duel {
        "rules.ab.deal_duel"
    } else {
        "rules.ab.deal"
    }));
    if duel {
        w.para(w.t("rules.ab.shadow_setup"));
    }
    w.section("turn");
    let mut steps = vec![w.t("rules.ab.play")];
    if duel {
        steps.push(w.t("rules.ab.luxx_shadow"));
    }
    steps.push(w.t("rules.ab.luxx"));
    steps.push(w.t("rules.ab.decide"));
    steps.push(w.t(if o.draw_if_no_luxx {
        "rules.ab.draw_if_none"
    } else {
        "rules.ab.no_draw_if_none"
    }));
    w.list(steps);
    w.section("groups");
    w.list(vec![w.t("rules.ab.group"), w.t("rules.ab.open_group")]);
    w.example(w.t("rules.ab.example"));
    w.section("special");
    let mut special = vec![w.t("rules.ab.draw"), w.t("rules.ab.last_cards")];
    if duel {
        special.push(w.t("rules.ab.pair"));
        special.push(w.t("rules.ab.shadow_never"));
    }
    w.list(special);
    if duel {
        w.example(w.t("rules.ab.shadow_example"));
    }
    w.section("end_game");
    w.para(w.t("rules.ab.end"));
    w.section("scoring");
    w.para(w.t("rules.ab.score"));
    w.para(match o.rounds {
        1 => w.t("rules.ab.one_game"),
        n => w.n("rules.ab.games", n),
    });
    w.house("ab.opt.draw_if_no_luxx", w.yes_no(o.draw_if_no_luxx));
    w.house("ab.opt.rounds", o.rounds.to_string());
    w.house("rules.ab.house_duel", w.yes_no(duel));
    w.done()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variant() -> &'static VariantInfo {
        engine::games::find_variant("abluxxen").unwrap()
    }

    #[test]
    fn the_duel_and_the_draw_rule_follow_the_options() {
        let base = rules(variant(), &AbluxxenOptions::default(), Lang::De).text();
        assert!(!base.contains("Der Schatten bekommt"), "{base}");
        let duel = AbluxxenOptions {
            profiduell: true,
            draw_if_no_luxx: true,
            rounds: 3,
        };
        let de = rules(variant(), &duel, Lang::De).text();
        assert!(
            de.contains("Der Schatten bekommt") && de.contains("3 Spiele"),
            "{de}"
        );
        assert!(de.contains("eine Karte ziehen"), "{de}");
    }
}
