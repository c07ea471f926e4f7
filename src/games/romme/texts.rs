//! Rommé texts: the running log and specific explanations of every rejection.

use crate::i18n::common::{explain_common, explain_meld, face_text, faces_text, fill, name};
use crate::i18n::{tr, Lang};
use engine::romme::RuleError;
use engine::romme::{DealEnd, DrawSource, LayOffPolicy, RommeError, RommeEvent};
use engine::Face;

pub fn explain(err: &RuleError, names: &[String], lang: Lang) -> String {
    if let Some(s) = explain_common(err, names, lang, "ro.") {
        return s;
    }
    let RuleError::Game(e) = err else {
        return tr(lang, "err.unknown").into();
    };
    match e {
        RommeError::OpeningTooLow { needed, have } => fill(
            lang,
            "ro.err.opening",
            &[("needed", needed.to_string()), ("have", have.to_string())],
        ),
        RommeError::LayOffNotAllowed { policy } => tr(
            lang,
            match policy {
                LayOffPolicy::OwnMelds => "ro.err.lay_off_own",
                LayOffPolicy::AnyAfterOwnFirstMeld => "ro.err.lay_off_after",
                LayOffPolicy::AnyAnyTime => "ro.err.lay_off_any",
            },
        )
        .into(),
        RommeError::ExchangeNeedsFirstMeld => tr(lang, "ro.err.exchange_first").into(),
        RommeError::ExchangeDisabled => tr(lang, "ro.err.exchange_off").into(),
        RommeError::CannotDiscardTakenCard { .. } => tr(lang, "ro.err.taken_card").into(),
        RommeError::DiscardMustBeMelded { .. } => tr(lang, "ro.err.must_meld_discard").into(),
        RommeError::DiscardMustGoIntoNewMeld { .. } => tr(lang, "ro.err.must_new_meld").into(),
        RommeError::FreedJokerMustBePlaced { .. } => tr(lang, "ro.err.freed_joker").into(),
        RommeError::ResidualTooHigh { limit, have } => fill(
            lang,
            "ro.err.residual",
            &[("limit", limit.to_string()), ("have", have.to_string())],
        ),
        RommeError::NotInEndMode { .. } => tr(lang, "ro.err.not_bid").into(),
        RommeError::MustDiscardToGoOut => tr(lang, "ro.err.must_discard").into(),
        RommeError::BuyLimitReached { limit } => {
            fill(lang, "ro.err.buy_limit", &[("limit", limit.to_string())])
        }
        RommeError::BuyingDisabled => tr(lang, "ro.err.buying_off").into(),
        RommeError::DiscardNotAvailable => tr(lang, "ro.err.discard_unavailable").into(),
        RommeError::RobbingDisabled => tr(lang, "ro.err.robbing_off").into(),
        RommeError::RobLeavesIllegalMeld { error, .. } => fill(
            lang,
            "ro.err.rob_leaves",
            &[("why", explain_meld(error, lang))],
        ),
        RommeError::TakenCardNotReused { .. } => tr(lang, "ro.err.rob_reuse").into(),
        RommeError::CardNotOnTable { .. } => tr(lang, "ro.err.not_on_table").into(),
        RommeError::EmptyRob => tr(lang, "ro.err.empty_rob").into(),
        RommeError::DiscardOnlyAsDraw => tr(lang, "ro.err.discard_as_draw").into(),
        RommeError::NoSuchMeld { .. } => tr(lang, "ro.err.no_meld").into(),
        RommeError::NothingToUndo => tr(lang, "ro.err.nothing_to_undo").into(),
    }
}

pub fn describe(ev: &RommeEvent, names: &[String], lang: Lang) -> Option<String> {
    let n = |s: usize| name(names, s);
    Some(match ev {
        RommeEvent::DealStarted { deal, dealer, .. } => fill(
            lang,
            "ro.log.deal",
            &[("deal", deal.to_string()), ("dealer", n(*dealer))],
        ),
        RommeEvent::Drew { seat, source, face } => match (source, face) {
            (DrawSource::Discard, Some(f)) => fill(
                lang,
                "ro.log.drew_discard",
                &[("name", n(*seat)), ("card", face_text(*f, lang))],
            ),
            _ => fill(lang, "ro.log.drew_talon", &[("name", n(*seat))]),
        },
        RommeEvent::Melded { seat, faces, .. } => fill(
            lang,
            "ro.log.melded",
            &[("name", n(*seat)), ("cards", faces_text(faces, lang))],
        ),
        RommeEvent::LaidOff { seat, face, .. } => fill(
            lang,
            "ro.log.laid_off",
            &[("name", n(*seat)), ("card", face_text(*face, lang))],
        ),
        RommeEvent::JokerExchanged { seat, face, .. } => fill(
            lang,
            "ro.log.exchanged",
            &[("name", n(*seat)), ("card", face_text(*face, lang))],
        ),
        RommeEvent::Robbed { seat, taken, .. } => fill(
            lang,
            "ro.log.robbed",
            &[("name", n(*seat)), ("cards", faces_text(taken, lang))],
        ),
        RommeEvent::TurnUndone { seat } => fill(lang, "ro.log.undone", &[("name", n(*seat))]),
        RommeEvent::Discarded { seat, face } => fill(
            lang,
            "ro.log.discarded",
            &[("name", n(*seat)), ("card", face_text(*face, lang))],
        ),
        RommeEvent::ClaimOffered { .. } => return None,
        RommeEvent::BuyPassed { .. } => return None,
        RommeEvent::DiscardDeclined { seat } => {
            fill(lang, "ro.log.declined", &[("name", n(*seat))])
        }
        RommeEvent::Bought { seat, face } => fill(
            lang,
            "ro.log.bought",
            &[("name", n(*seat)), ("card", face_text(*face, lang))],
        ),
        RommeEvent::DeclaredRomme { seat, residual } => fill(
            lang,
            "ro.log.declared",
            &[("name", n(*seat)), ("pips", residual.to_string())],
        ),
        RommeEvent::WentOut { seat } => fill(lang, "ro.log.went_out", &[("name", n(*seat))]),
        RommeEvent::Reshuffled { talon, .. } => {
            fill(lang, "ro.log.reshuffled", &[("talon", talon.to_string())])
        }
        RommeEvent::DealEnded { deal, end, .. } => match end {
            DealEnd::TalonExhausted => {
                fill(lang, "ro.log.deal_exhausted", &[("deal", deal.to_string())])
            }
            DealEnd::Declared { seat, .. } | DealEnd::WentOut { seat, .. } => fill(
                lang,
                "ro.log.deal_won",
                &[("deal", deal.to_string()), ("name", n(*seat))],
            ),
        },
        RommeEvent::MatchEnded { standings } => {
            let winner = standings
                .iter()
                .find(|s| s.place == 1)
                .map(|s| n(s.seat))
                .unwrap_or_default();
            fill(lang, "ro.log.match_over", &[("name", winner)])
        }
    })
}

/// Faces an event names (to highlight a bot's move on the table).
pub fn event_faces(ev: &RommeEvent) -> Vec<Face> {
    match ev {
        RommeEvent::Melded { faces, .. } => faces.clone(),
        RommeEvent::LaidOff { face, .. }
        | RommeEvent::JokerExchanged { face, .. }
        | RommeEvent::Discarded { face, .. } => vec![*face],
        _ => Vec::new(),
    }
}
