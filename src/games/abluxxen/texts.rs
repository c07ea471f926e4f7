//! Abluxxen texts: the running log and specific explanations of every rejection.

use crate::i18n::common::{explain_common, face_text, fill, name};
use crate::i18n::{tr, Lang};
use engine::abluxxen::RuleError;
use engine::abluxxen::{
    AbluxxenError, AbluxxenEvent, Decision, DrawSource, RoundResult, SupplyPlacement,
    JOKER_GROUP_VALUE,
};
use engine::{Face, Moment};

/// A group value as shown: 1–13, or "X" for jokers only.
pub fn value_text(value: u8) -> String {
    if value >= JOKER_GROUP_VALUE {
        "X".into()
    } else {
        value.to_string()
    }
}

fn values_text(values: &[u8]) -> String {
    values
        .iter()
        .map(|v| value_text(*v))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Faces as the log writes them: "7 7 X".
pub fn lux_faces(faces: &[Face], lang: Lang) -> String {
    faces
        .iter()
        .map(|f| match f {
            Face::Lux(v) => v.to_string(),
            Face::LuxJoker => "X".into(),
            other => face_text(*other, lang),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn phase_text(moment: Moment, lang: Lang) -> String {
    let key = match moment {
        Moment::Play => "ab.phase.play",
        Moment::Draw => "ab.phase.draw",
        Moment::DealOver => "ab.phase.over",
        other => crate::i18n::common::moment_key(other),
    };
    tr(lang, key).to_string()
}

fn decision_text(decision: Decision, lang: Lang) -> String {
    let key = match decision {
        Decision::ShadowChoice => "ab.phase.shadow_choice",
        Decision::LuxxDecision => "ab.phase.luxx_decision",
        Decision::VictimDecision => "ab.phase.victim_decision",
    };
    tr(lang, key).to_string()
}

pub fn explain(err: &RuleError, names: &[String], lang: Lang) -> String {
    if let RuleError::WrongPhase { expected } = err {
        return fill(
            lang,
            "err.wrong_phase",
            &[("expected", phase_text(*expected, lang))],
        );
    }
    if let Some(s) = explain_common(err, names, lang, "ab.opt.") {
        return s;
    }
    let RuleError::Game(e) = err else {
        return tr(lang, "err.unknown").into();
    };
    match e {
        AbluxxenError::EmptyPlay => tr(lang, "ab.err.empty").into(),
        AbluxxenError::MixedValues { values } => {
            fill(lang, "ab.err.mixed", &[("values", values_text(values))])
        }
        AbluxxenError::NotAQualifyingShadowGroup {
            value,
            needed_count,
            options,
        } => fill(
            lang,
            "ab.err.shadow",
            &[
                ("value", value_text(*value)),
                ("count", needed_count.to_string()),
                ("options", values_text(options)),
            ],
        ),
        AbluxxenError::NoSuchSupplySlot { slot, slots } => fill(
            lang,
            "ab.err.no_slot",
            &[
                ("slot", (slot + 1).to_string()),
                ("slots", slots.to_string()),
            ],
        ),
        AbluxxenError::SupplySlotEmpty { slot } => fill(
            lang,
            "ab.err.slot_empty",
            &[("slot", (slot + 1).to_string())],
        ),
        AbluxxenError::DrawPileEmpty => tr(lang, "ab.err.pile_empty").into(),
        AbluxxenError::DrawNotOptional { remaining } => {
            fill(lang, "ab.err.must_draw", &[("n", remaining.to_string())])
        }
        AbluxxenError::WrongPhase { expected } => fill(
            lang,
            "err.wrong_phase",
            &[("expected", decision_text(*expected, lang))],
        ),
    }
}

/// The log line of an event (none for a refill that moved nothing).
pub fn describe(ev: &AbluxxenEvent, names: &[String], lang: Lang) -> Option<String> {
    let n = |s: usize| name(names, s);
    let shadow = || tr(lang, "ab.shadow").to_string();
    Some(match ev {
        AbluxxenEvent::RoundStarted {
            round,
            start_player,
        } => fill(
            lang,
            "ab.log.round",
            &[("round", round.to_string()), ("name", n(*start_player))],
        ),
        AbluxxenEvent::Played { seat, faces, .. } => fill(
            lang,
            "ab.log.played",
            &[("name", n(*seat)), ("cards", lux_faces(faces, lang))],
        ),
        AbluxxenEvent::Luxxed {
            by, victim, faces, ..
        } => fill(
            lang,
            "ab.log.luxxed",
            &[
                ("name", n(*by)),
                ("victim", victim.map(n).unwrap_or_else(shadow)),
                ("cards", lux_faces(faces, lang)),
            ],
        ),
        AbluxxenEvent::Took { by, faces, .. } => fill(
            lang,
            "ab.log.took",
            &[("name", n(*by)), ("cards", lux_faces(faces, lang))],
        ),
        AbluxxenEvent::Left { by, victim } => fill(
            lang,
            "ab.log.left",
            &[("name", n(*by)), ("victim", n(*victim))],
        ),
        AbluxxenEvent::TookBack { seat, faces } => fill(
            lang,
            "ab.log.took_back",
            &[("name", n(*seat)), ("cards", lux_faces(faces, lang))],
        ),
        AbluxxenEvent::Discarded { seat, faces } => fill(
            lang,
            "ab.log.discarded",
            &[("name", n(*seat)), ("cards", lux_faces(faces, lang))],
        ),
        AbluxxenEvent::Drew { seat, from, count } => match from {
            DrawSource::Supply { faces, .. } => fill(
                lang,
                "ab.log.drew_supply",
                &[("name", n(*seat)), ("cards", lux_faces(faces, lang))],
            ),
            DrawSource::Pile => fill(
                lang,
                "ab.log.drew_pile",
                &[("name", n(*seat)), ("n", count.to_string())],
            ),
        },
        AbluxxenEvent::Passed { seat } => fill(lang, "ab.log.passed", &[("name", n(*seat))]),
        AbluxxenEvent::SupplyRefilled { placed } => return supply_refilled(placed, lang),
        AbluxxenEvent::ShadowRefilled {
            added,
            to_supply,
            out_of_play,
        } => return shadow_refilled(added, to_supply, out_of_play, lang),
        AbluxxenEvent::RoundEnded { result } => round_ended(result, names, lang),
        AbluxxenEvent::MatchEnded { totals } => match_ended(totals, names, lang),
    })
}

/// The log line of a supply refill; none when nothing was placed.
fn supply_refilled(placed: &[SupplyPlacement], lang: Lang) -> Option<String> {
    if placed.is_empty() {
        return None;
    }
    let faces: Vec<Face> = placed.iter().map(|p| p.face).collect();
    Some(fill(
        lang,
        "ab.log.refilled",
        &[("cards", lux_faces(&faces, lang))],
    ))
}

/// The log line of a shadow refill (Profiduell): the cards added, then the pairs put on the
/// supply and the cards out of play, when there are any; none when nothing moved.
fn shadow_refilled(
    added: &[Face],
    to_supply: &[SupplyPlacement],
    out_of_play: &[Face],
    lang: Lang,
) -> Option<String> {
    let mut s = fill(lang, "ab.log.shadow", &[("cards", lux_faces(added, lang))]);
    if !to_supply.is_empty() {
        let faces: Vec<Face> = to_supply.iter().map(|p| p.face).collect();
        s.push(' ');
        s.push_str(&fill(
            lang,
            "ab.log.pairs",
            &[("cards", lux_faces(&faces, lang))],
        ));
    }
    if !out_of_play.is_empty() {
        s.push(' ');
        s.push_str(&fill(
            lang,
            "ab.log.out",
            &[("cards", lux_faces(out_of_play, lang))],
        ));
    }
    if added.is_empty() && to_supply.is_empty() && out_of_play.is_empty() {
        return None;
    }
    Some(s)
}

/// The log line of a round's end: its number and every player's score, signed.
fn round_ended(result: &RoundResult, names: &[String], lang: Lang) -> String {
    let scores = result
        .scores
        .iter()
        .enumerate()
        .map(|(s, p)| format!("{} {:+}", name(names, s), p))
        .collect::<Vec<_>>()
        .join(", ");
    fill(
        lang,
        "ab.log.round_end",
        &[("round", result.round.to_string()), ("scores", scores)],
    )
}

/// The log line of the match's end: every player's total.
fn match_ended(totals: &[i32], names: &[String], lang: Lang) -> String {
    let scores = totals
        .iter()
        .enumerate()
        .map(|(s, p)| format!("{} {}", name(names, s), p))
        .collect::<Vec<_>>()
        .join(", ");
    fill(lang, "ab.log.match_end", &[("scores", scores)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decision_of_abluxxen_is_explained_like_a_common_moment() {
        let cases = [
            (
                Decision::ShadowChoice,
                "eine Schatten-Gruppe wählen",
                "choose a shadow group",
            ),
            (
                Decision::VictimDecision,
                "die abgeluxxte Gruppe zurücknehmen oder ablegen",
                "take back or discard the luxxed group",
            ),
        ];
        for (expected, de, en) in cases {
            let e = RuleError::Game(AbluxxenError::WrongPhase { expected });
            assert_eq!(
                explain(&e, &[], Lang::De),
                format!("Das geht gerade nicht: erst {de}.")
            );
            assert_eq!(
                explain(&e, &[], Lang::En),
                format!("Not possible right now: first {en}.")
            );
        }
    }
}
