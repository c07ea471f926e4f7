//! The rules page of Profi-Sort, written around the options in force.

use super::texts::{sentence, task_label};
use crate::games::rules_doc::{RulesDoc, Writer};
use crate::i18n::Lang;
use engine::games::VariantInfo;
use engine::profisort::{ProfiSortOptions, TalonEnd};

/// The page for the options `o` (they say all the catalog entry would).
pub fn rules(_variant: &'static VariantInfo, o: &ProfiSortOptions, lang: Lang) -> RulesDoc {
    let mut w = Writer::new(lang);
    let tasks = o.tasks_in_play();
    w.section("goal");
    w.para(w.n("rules.ps.goal", tasks.len()));
    if let Some(n) = o.beginner_tasks {
        w.para(w.n("rules.ps.beginner", n));
    }
    if !o.left_out.is_empty() {
        let list: Vec<String> = o.left_out.iter().map(u8::to_string).collect();
        w.para(w.f("rules.ps.left_out", &[("list", list.join(", "))]));
    }
    w.section("cards");
    w.para(w.f(
        "rules.ps.deck",
        &[
            ("n", o.jokers.to_string()),
            ("total", (104 + o.jokers as u32).to_string()),
        ],
    ));
    w.para(w.t("rules.ps.values"));
    w.section("deal");
    w.para(w.t("rules.ps.deal"));
    w.section("turn");
    w.list(vec![
        w.t(if o.draw_from_discard {
            "rules.ps.draw_discard"
        } else {
            "rules.ps.draw"
        }),
        w.t("rules.ps.play"),
        w.t("rules.ps.give_ace"),
        w.t("rules.ps.discard"),
    ]);
    w.section("tasks");
    w.para(w.t("rules.ps.tasks_intro"));
    let items = tasks
        .iter()
        .map(|&t| {
            let desc = w.t(&format!("rules.ps.task.{t}"));
            sentence(w.f(
                "rules.ps.task_item",
                &[("label", task_label(t, lang)), ("desc", desc)],
            ))
        })
        .collect();
    w.list(items);
    w.list(vec![
        w.t(if o.distinct_ranks {
            "rules.ps.distinct"
        } else {
            "rules.ps.same_ranks"
        }),
        w.t("rules.ps.jokers"),
        w.t("rules.ps.no_aces"),
    ]);
    w.example(w.t("rules.ps.example"));
    w.section("special");
    w.list(vec![
        w.t("rules.ps.ace_only"),
        w.t("rules.ps.ace_received"),
        w.t("rules.ps.ace_keep"),
    ]);
    w.section("end");
    w.para(w.t(match o.talon_end {
        TalonEnd::ScoreAll => "rules.ps.end_score_all",
        TalonEnd::Reshuffle => "rules.ps.end_reshuffle",
    }));
    w.section("scoring");
    if let Some(n) = o.beginner_tasks {
        w.para(w.n("rules.ps.beginner", n));
    } else {
        w.para(w.t("rules.ps.penalty"));
        w.para(w.f(
            "rules.ps.bonus",
            &[
                ("a", o.bonus_joker_free.to_string()),
                ("b", o.bonus_pair.to_string()),
            ],
        ));
        w.para(w.n("rules.ps.match_end", tasks.len()));
    }
    house(&mut w, o);
    w.done()
}

fn house(w: &mut Writer, o: &ProfiSortOptions) {
    w.house("ps.opt.jokers", o.jokers.to_string());
    w.house("ps.opt.distinct_ranks", w.yes_no(o.distinct_ranks));
    w.house("ps.opt.draw_from_discard", w.yes_no(o.draw_from_discard));
    let talon = w.t(match o.talon_end {
        TalonEnd::ScoreAll => "ps.opt.talon_score_all",
        TalonEnd::Reshuffle => "ps.opt.talon_reshuffle",
    });
    w.house("ps.opt.talon_end", talon);
    w.house("ps.opt.bonus_joker_free", o.bonus_joker_free.to_string());
    w.house("ps.opt.bonus_pair", o.bonus_pair.to_string());
    let beginner = match o.beginner_tasks {
        None => w.t("ps.opt.beginner_off"),
        Some(n) => w.n("rules.ps.house_beginner", n),
    };
    w.house("ps.opt.beginner", beginner);
    let left_out = if o.left_out.is_empty() {
        w.t("rules.ps.none_left_out")
    } else {
        let list: Vec<String> = o.left_out.iter().map(u8::to_string).collect();
        list.join(", ")
    };
    w.house("ps.opt.left_out", left_out);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variant() -> &'static VariantInfo {
        engine::games::find_variant("profisort").unwrap()
    }

    #[test]
    fn jokers_beginner_mode_and_left_out_tasks_follow_the_options() {
        let o = ProfiSortOptions::default();
        let de = rules(variant(), &o, Lang::De).text();
        assert!(
            de.contains("8 Joker (112 Karten)") && de.contains("15 Aufgaben"),
            "{de}"
        );
        let o = ProfiSortOptions {
            jokers: 6,
            beginner_tasks: Some(5),
            left_out: vec![15],
            ..o
        };
        let en = rules(variant(), &o, Lang::En).text();
        assert!(
            en.contains("6 jokers (110 cards)") && en.contains("14 tasks"),
            "{en}"
        );
        assert!(en.contains("first to complete 5 tasks"), "{en}");
    }
}
