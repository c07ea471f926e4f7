//! Karussell texts: log lines for events and explanations of rejections.

use crate::i18n::common::{explain_common, faces_text, fill, name};
use crate::i18n::{tr, Lang};
use engine::karussell::{KMeldError, KarussellError, KarussellEvent, RoundEnd, RuleError};

/// The translation key of a meld's problem.
pub fn meld_error_key(e: KMeldError) -> &'static str {
    match e {
        KMeldError::TooShort => "ka.meld.too_short",
        KMeldError::BadIdentity => "ka.meld.bad_identity",
        KMeldError::GroupSuitRepeated => "ka.meld.suit_repeated",
        KMeldError::Mixed => "ka.meld.mixed",
        KMeldError::NotConsecutive => "ka.meld.gap",
        KMeldError::AroundTheCorner => "ka.meld.corner",
    }
}

pub fn describe(ev: &KarussellEvent, names: &[String], lang: Lang) -> Option<String> {
    let n = |s: usize| name(names, s);
    Some(match ev {
        KarussellEvent::RoundStarted { round, dealer, .. } => fill(
            lang,
            "ka.log.round",
            &[("n", round.to_string()), ("name", n(*dealer))],
        ),
        KarussellEvent::Drew { seat, draw } => fill(
            lang,
            "ka.log.drew",
            &[("name", n(*seat)), ("n", draw.to_string())],
        ),
        KarussellEvent::Melded {
            seat, faces, melds, ..
        } => fill(
            lang,
            "ka.log.melded",
            &[
                ("name", n(*seat)),
                ("cards", faces_text(faces, lang)),
                ("melds", melds.to_string()),
            ],
        ),
        KarussellEvent::TurnEnded { .. } | KarussellEvent::Passed { .. } => return None,
        KarussellEvent::Knocked { seat, pips } => fill(
            lang,
            "ka.log.knocked",
            &[("name", n(*seat)), ("pips", pips.to_string())],
        ),
        KarussellEvent::WentOut { seat } => fill(lang, "ka.log.went_out", &[("name", n(*seat))]),
        KarussellEvent::StockEmpty { seat, first } => fill(
            lang,
            "ka.log.stock_empty",
            &[("name", n(*seat)), ("first", n(*first))],
        ),
        KarussellEvent::RoundScored { winners, end, .. } => {
            let who = winners.iter().map(|&s| n(s)).collect::<Vec<_>>().join(", ");
            let key = match end {
                RoundEnd::StockExhausted { .. } => "ka.log.round_won_stock",
                _ => "ka.log.round_won",
            };
            fill(lang, key, &[("names", who)])
        }
        KarussellEvent::MatchEnded { standings } => {
            let best = standings.iter().filter(|s| s.place == 1);
            let who = best.map(|s| n(s.seat)).collect::<Vec<_>>().join(", ");
            fill(lang, "ka.log.match_won", &[("names", who)])
        }
    })
}

pub fn explain(err: &RuleError, names: &[String], lang: Lang) -> String {
    if let Some(s) = explain_common(err, names, lang, "ka.opt.") {
        return s;
    }
    let RuleError::Game(e) = err else {
        return tr(lang, "err.unknown").into();
    };
    match e {
        KarussellError::IllegalMeld { meld, error } => fill(
            lang,
            "ka.err.illegal_meld",
            &[
                ("n", (meld + 1).to_string()),
                ("reason", tr(lang, meld_error_key(*error)).to_string()),
            ],
        ),
        KarussellError::TableCardMissing { .. } => tr(lang, "ka.err.table_card_missing").into(),
        KarussellError::NoHandCard => tr(lang, "ka.err.no_hand_card").into(),
        KarussellError::JokerNeedsIdentity { .. } => tr(lang, "ka.err.joker_identity").into(),
        KarussellError::JokerIdentityChanged { .. } => tr(lang, "ka.err.joker_changed").into(),
        KarussellError::FirstMeldNeedsHandMeld => tr(lang, "ka.err.first_meld").into(),
        KarussellError::NotAfterThirdDraw => tr(lang, "ka.err.third_draw").into(),
        KarussellError::AlreadyMelded => tr(lang, "ka.err.already_melded").into(),
        KarussellError::HandTooHigh { limit, have } => fill(
            lang,
            "ka.err.hand_too_high",
            &[("limit", limit.to_string()), ("have", have.to_string())],
        ),
        KarussellError::NoKnockInFinalTurn => tr(lang, "ka.err.no_knock_final").into(),
        KarussellError::StockEmpty => tr(lang, "ka.err.stock_empty").into(),
        KarussellError::NoMoreDraws => tr(lang, "ka.err.no_more_draws").into(),
        KarussellError::CannotPass => tr(lang, "ka.err.cannot_pass").into(),
    }
}
