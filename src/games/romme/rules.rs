//! The rules page of the Rommé family, written around the options in force.

use super::setup::applies;
use crate::games::rules_doc::{RulesDoc, Writer};
use crate::i18n::Lang;
use engine::games::VariantInfo;
use engine::romme::{
    DiscardDraw, EndMode, LayOffPolicy, MatchEnd, Preset, RaeuberOpening, RommeOptions, Scoring,
};

/// The page of catalog entry `variant` (one of the presets) played with the options `o`.
pub fn rules(variant: &'static VariantInfo, o: &RommeOptions, lang: Lang) -> RulesDoc {
    // The preset only chooses which options the page lists (the catalog test makes sure every
    // Rommé entry names one).
    let preset = Preset::named(variant.preset).unwrap_or(Preset::Grundspiel);
    preset_rules(preset, o, lang)
}

/// The page for `preset` played with the options `o`.
fn preset_rules(preset: Preset, o: &RommeOptions, lang: Lang) -> RulesDoc {
    let mut w = Writer::new(lang);
    goal_and_cards(&mut w, o);
    turn(&mut w, o);
    melds(&mut w, o);
    special(&mut w, o);
    end_and_scoring(&mut w, o);
    house(&mut w, preset, o);
    w.done()
}

fn goal_and_cards(w: &mut Writer, o: &RommeOptions) {
    w.section("goal");
    let goal = match o.end_mode {
        EndMode::BidAtMost => w.n("rules.ro.goal_bid", o.target_pips),
        EndMode::GoOut => w.t("rules.ro.goal_out"),
    };
    w.para(goal);
    w.para(w.t("rules.ro.goal_points"));
    w.section("cards");
    w.para(if o.jokers == 0 {
        w.t("rules.ro.deck_no_jokers")
    } else {
        w.n("rules.ro.deck", o.jokers)
    });
    let mut values = vec![w.t("rules.ro.value_numbers"), w.t("rules.ro.value_ace")];
    if o.jokers > 0 {
        values.push(w.n("rules.ro.value_joker", o.joker_penalty));
    }
    w.list(values);
    w.section("deal");
    w.para(w.n("rules.ro.deal", o.hand_size));
    w.para(w.t(if o.upcard {
        "rules.ro.upcard"
    } else {
        "rules.ro.no_upcard"
    }));
}

fn turn(w: &mut Writer, o: &RommeOptions) {
    w.section("turn");
    let draw = match o.draw_from_discard {
        DiscardDraw::Yes => "rules.ro.draw_yes",
        DiscardDraw::OnlyIfMelded => "rules.ro.draw_melded",
        DiscardDraw::IntoNewMeld => "rules.ro.draw_new_meld",
        DiscardDraw::No => "rules.ro.draw_no",
    };
    let play = if o.robbing {
        "rules.ro.play_rob"
    } else if o.jokers > 0 && o.joker_exchange {
        "rules.ro.play"
    } else {
        "rules.ro.play_no_joker"
    };
    let discard = if o.go_out_needs_discard {
        "rules.ro.discard_always"
    } else {
        "rules.ro.discard_unless_out"
    };
    w.list(vec![w.t(draw), w.t(play), w.t(discard)]);
    w.para(match o.max_reshuffles {
        0 => w.t("rules.ro.talon_empty_end"),
        n => w.n("rules.ro.talon_reshuffle", n),
    });
}

fn melds(w: &mut Writer, o: &RommeOptions) {
    w.section("melds");
    let set = if o.set_distinct_suits {
        "rules.ro.set_distinct"
    } else {
        "rules.ro.set_any"
    };
    let mut items = vec![w.t(set), w.t("rules.ro.run")];
    if o.jokers > 0 {
        items.push(w.t("rules.ro.joker"));
        if let Some(m) = o.max_jokers_per_meld {
            items.push(w.n("rules.ro.max_jokers", m));
        }
    }
    w.list(items);
    if o.first_meld_min > 0 {
        w.para(w.n("rules.ro.first_meld", o.first_meld_min));
        if o.first_meld_counts_lay_off {
            w.para(w.t("rules.ro.first_meld_lay_off"));
        }
        if o.robbing {
            w.para(w.t(match o.raeuber_opening_counts {
                RaeuberOpening::Reused => "rules.ro.first_meld_rob",
                RaeuberOpening::Table => "rules.ro.first_meld_rob_table",
                RaeuberOpening::AddedOnly => "rules.ro.first_meld_rob_added",
            }));
        }
        w.example(w.t("rules.ro.first_meld_example"));
    } else {
        w.para(w.t("rules.ro.first_meld_none"));
    }
}

fn special(w: &mut Writer, o: &RommeOptions) {
    w.section("special");
    w.para(w.t(match o.lay_off {
        LayOffPolicy::OwnMelds => "rules.ro.lay_off_own",
        LayOffPolicy::AnyAfterOwnFirstMeld => "rules.ro.lay_off_after",
        LayOffPolicy::AnyAnyTime => "rules.ro.lay_off_any",
    }));
    if o.jokers > 0 && o.joker_exchange {
        w.para(w.t(if o.exchange_needs_first_meld {
            "rules.ro.joker_exchange"
        } else {
            "rules.ro.joker_exchange_any"
        }));
    }
    if o.buying {
        w.para(w.t("rules.ro.buying"));
        w.para(match o.buy_limit {
            None => w.t("rules.ro.buy_unlimited"),
            Some(n) => w.n("rules.ro.buy_limit", n),
        });
    }
    if o.robbing {
        w.para(w.t("rules.ro.robbing"));
        w.example(w.t("rules.ro.robbing_example"));
    }
}

fn end_and_scoring(w: &mut Writer, o: &RommeOptions) {
    w.section("end");
    match o.end_mode {
        EndMode::BidAtMost => w.para(w.n("rules.ro.end_bid", o.target_pips)),
        EndMode::GoOut => w.para(w.t(if o.go_out_needs_discard {
            "rules.ro.end_out_discard"
        } else {
            "rules.ro.end_out_free"
        })),
    }
    w.section("scoring");
    w.para(w.t(match o.end_mode {
        EndMode::BidAtMost => "rules.ro.score_plain",
        EndMode::GoOut => "rules.ro.score_out",
    }));
    let example = if o.jokers == 0 {
        w.t("rules.ro.score_example_no_joker")
    } else {
        w.f(
            "rules.ro.score_example",
            &[
                ("j", o.joker_penalty.to_string()),
                ("sum", (67 + o.joker_penalty).to_string()),
            ],
        )
    };
    w.example(example);
    match o.scoring {
        Scoring::Plain => {}
        Scoring::AnlegenBonuses => {
            let mut bonuses = vec![w.t("rules.ro.bonus_winner")];
            if o.jokers > 0 {
                bonuses.push(w.n("rules.ro.bonus_joker", o.joker_penalty));
            }
            bonuses.push(w.t("rules.ro.bonus_first"));
            w.list(bonuses);
        }
        Scoring::Traditionell => w.para(w.t("rules.ro.score_trad")),
    }
    if let Some(pot) = o.ring_pot {
        w.para(w.n("rules.ro.ring", pot));
    }
    w.para(match o.match_end {
        MatchEnd::Points { limit } => w.n("rules.ro.match_points", limit),
        MatchEnd::Deals { count: None } => w.t("rules.ro.match_round"),
        MatchEnd::Deals { count: Some(n) } => w.n("rules.ro.match_deals", n),
    });
}

/// Every option the setup screen shows for `preset`, with its value.
fn house(w: &mut Writer, preset: Preset, o: &RommeOptions) {
    let num = |n: u32| n.to_string();
    let rows: Vec<(&'static str, String)> = vec![
        ("ro.jokers", num(o.jokers.into())),
        ("ro.joker_penalty", num(o.joker_penalty)),
        ("ro.hand_size", num(o.hand_size.into())),
        ("ro.upcard", w.yes_no(o.upcard)),
        ("ro.first_meld_min", num(o.first_meld_min)),
        (
            "ro.first_meld_counts_lay_off",
            w.yes_no(o.first_meld_counts_lay_off),
        ),
        (
            "ro.lay_off",
            w.t(match o.lay_off {
                LayOffPolicy::OwnMelds => "ro.lay_off.own",
                LayOffPolicy::AnyAfterOwnFirstMeld => "ro.lay_off.after",
                LayOffPolicy::AnyAnyTime => "ro.lay_off.any",
            }),
        ),
        ("ro.buying", w.yes_no(o.buying)),
        (
            "ro.buy_limit",
            o.buy_limit
                .map_or_else(|| w.t("rules.unlimited"), |n| n.to_string()),
        ),
        ("ro.robbing", w.yes_no(o.robbing)),
        (
            "ro.end_mode",
            w.t(match o.end_mode {
                EndMode::BidAtMost => "ro.end.bid",
                EndMode::GoOut => "ro.end.out",
            }),
        ),
        ("ro.target_pips", num(o.target_pips.into())),
        (
            "ro.scoring",
            w.t(match o.scoring {
                Scoring::Plain => "ro.scoring.plain",
                Scoring::AnlegenBonuses => "ro.scoring.anlegen",
                Scoring::Traditionell => "ro.scoring.trad",
            }),
        ),
        (
            "ro.draw_from_discard",
            w.t(match o.draw_from_discard {
                DiscardDraw::Yes => "ro.discard.yes",
                DiscardDraw::OnlyIfMelded => "ro.discard.melded",
                DiscardDraw::IntoNewMeld => "ro.discard.new_meld",
                DiscardDraw::No => "ro.discard.no",
            }),
        ),
        ("ro.go_out_needs_discard", w.yes_no(o.go_out_needs_discard)),
        ("ro.max_reshuffles", num(o.max_reshuffles.into())),
        ("ro.joker_exchange", w.yes_no(o.joker_exchange)),
        (
            "ro.exchange_needs_first_meld",
            w.yes_no(o.exchange_needs_first_meld),
        ),
        (
            "ro.raeuber_opening_counts",
            w.t(opening_key(o.raeuber_opening_counts)),
        ),
        ("ro.set_distinct_suits", w.yes_no(o.set_distinct_suits)),
        (
            "ro.max_jokers_per_meld",
            o.max_jokers_per_meld
                .map_or_else(|| w.t("rules.unlimited"), |n| n.to_string()),
        ),
        (
            "ro.match_end",
            match o.match_end {
                MatchEnd::Points { limit } => w.n("rules.ro.house_points", limit),
                MatchEnd::Deals { count: None } => w.t("ro.match.round"),
                MatchEnd::Deals { count: Some(n) } => w.n("rules.ro.house_deals", n),
            },
        ),
        (
            "ro.ring_pot",
            o.ring_pot
                .map_or_else(|| w.t("rules.off"), |n| n.to_string()),
        ),
    ];
    for (key, value) in rows {
        if applies(key, preset, o) {
            w.house(key, value);
        }
    }
}

/// The setup label of a Räuber opening rule.
pub fn opening_key(o: RaeuberOpening) -> &'static str {
    match o {
        RaeuberOpening::Reused => "ro.opening.reused",
        RaeuberOpening::Table => "ro.opening.table",
        RaeuberOpening::AddedOnly => "ro.opening.added",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(p: Preset, o: &RommeOptions, lang: Lang) -> String {
        preset_rules(p, o, lang).text()
    }

    #[test]
    fn the_opening_minimum_and_jokers_follow_the_options() {
        let mut o = Preset::MitKaufen.options();
        let de = text(Preset::MitKaufen, &o, Lang::De);
        assert!(de.contains("mindestens 30 Punkte"), "{de}");
        assert!(de.contains("2 Joker"), "{de}");
        o.first_meld_min = 40;
        o.jokers = 4;
        let de = text(Preset::MitKaufen, &o, Lang::De);
        assert!(de.contains("mindestens 40 Punkte"), "{de}");
        assert!(de.contains("4 Joker"), "{de}");
        let en = text(Preset::MitKaufen, &o, Lang::En);
        assert!(en.contains("at least 40 points"), "{en}");
        let doc = preset_rules(Preset::MitKaufen, &o, Lang::De);
        let min = doc.house.iter().find(|h| h.key == "ro.first_meld_min");
        assert_eq!(min.map(|h| h.value.as_str()), Some("40"));
    }

    #[test]
    fn robbing_and_buying_only_where_they_are_played() {
        let grund = text(Preset::Grundspiel, &Preset::Grundspiel.options(), Lang::De);
        let raeuber = text(Preset::Raeuber, &Preset::Raeuber.options(), Lang::De);
        let kaufen = text(Preset::MitKaufen, &Preset::MitKaufen.options(), Lang::De);
        assert!(raeuber.contains("Rauben"), "{raeuber}");
        assert!(
            !grund.contains("Rauben") && !grund.contains("raub"),
            "{grund}"
        );
        assert!(kaufen.contains("Kaufen") && !grund.contains("kauf"));
        let trad = text(
            Preset::Traditionell,
            &Preset::Traditionell.options(),
            Lang::En,
        );
        assert!(
            trad.contains("without jokers") && trad.contains("hand rummy"),
            "{trad}"
        );
    }

    #[test]
    fn the_match_end_follows_the_options() {
        let mut o = Preset::Grundspiel.options();
        o.match_end = MatchEnd::Points { limit: 300 };
        assert!(text(Preset::Grundspiel, &o, Lang::De).contains("300 Punkte"));
        o.match_end = MatchEnd::Deals { count: Some(4) };
        assert!(text(Preset::Grundspiel, &o, Lang::En).contains("after 4 deals"));
    }
}
