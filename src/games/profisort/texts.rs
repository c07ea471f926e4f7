//! Profi-Sort texts: task names, log lines for events and explanations of rejections.

use crate::i18n::common::{explain_common, face_text, faces_text, fill, name};
use crate::i18n::{tr, Lang};
use engine::profisort::{DealEnd, Need, ProfiSortError as E, ProfiSortEvent as Ev, RuleError};
use engine::{Rank, Suit};

/// The sheet name of task `task` (1–15).
pub fn task_name(task: u8, lang: Lang) -> String {
    tr(lang, &format!("ps.task.{task}")).to_string()
}

/// "Aufgabe 4 (6er Folge einer Farbe)".
pub fn task_label(task: u8, lang: Lang) -> String {
    if !(1..=15).contains(&task) {
        return tr(lang, "ps.ui.task_any").to_string();
    }
    fill(
        lang,
        "ps.ui.task_label",
        &[("n", task.to_string()), ("name", task_name(task, lang))],
    )
}

fn rank_text(rank: u8, lang: Lang) -> String {
    let r = Rank(rank);
    if lang == Lang::En {
        r.label_en().to_string()
    } else {
        r.label_de().to_string()
    }
}

fn suit_text(suit: Suit, lang: Lang) -> String {
    let key = match suit {
        Suit::Clubs => "ps.suit.clubs",
        Suit::Spades => "ps.suit.spades",
        Suit::Hearts => "ps.suit.hearts",
        Suit::Diamonds => "ps.suit.diamonds",
    };
    tr(lang, key).to_string()
}

fn need_text(need: &Need, lang: Lang) -> String {
    match need {
        Need::Rank { rank } => fill(lang, "ps.need.rank", &[("r", rank_text(*rank, lang))]),
        Need::Suit { suit } => fill(lang, "ps.need.suit", &[("s", suit_text(*suit, lang))]),
        Need::RunRank { rank } => fill(lang, "ps.need.run_rank", &[("r", rank_text(*rank, lang))]),
        Need::TwoOrThree => tr(lang, "ps.need.two_three").into(),
        Need::FaceCard => tr(lang, "ps.need.face").into(),
        Need::SameCard { face } => fill(lang, "ps.need.same", &[("c", face_text(*face, lang))]),
        Need::TaskTenRank => tr(lang, "ps.need.ten_rank").into(),
        Need::NewSuit => tr(lang, "ps.need.new_suit").into(),
    }
}

pub(super) fn end_text(end: &DealEnd, names: &[String], lang: Lang) -> String {
    let (key, seat) = match end {
        DealEnd::WentOut { seat } => ("ps.log.went_out", seat),
        DealEnd::TalonEmpty { seat } => ("ps.log.talon_empty", seat),
        DealEnd::BeginnerWin { seat } => ("ps.log.beginner_win", seat),
    };
    fill(lang, key, &[("name", name(names, *seat))])
}

pub fn describe(ev: &Ev, names: &[String], lang: Lang) -> Option<String> {
    let n = |s: usize| name(names, s);
    Some(match ev {
        Ev::DealStarted { deal, dealer, .. } => fill(
            lang,
            "ps.log.deal",
            &[("n", deal.to_string()), ("name", n(*dealer))],
        ),
        Ev::RedealOffered { seat, aces } => fill(
            lang,
            "ps.log.redeal_offered",
            &[("name", n(*seat)), ("n", aces.to_string())],
        ),
        Ev::Redealt { seat } => fill(lang, "ps.log.redealt", &[("name", n(*seat))]),
        Ev::KeptHand { .. } | Ev::Drew { .. } => return None,
        Ev::TookDiscard { seat, face } => fill(
            lang,
            "ps.log.took",
            &[("name", n(*seat)), ("card", face_text(*face, lang))],
        ),
        Ev::SatOut { seat } => fill(lang, "ps.log.sat_out", &[("name", n(*seat))]),
        Ev::TaskLaid {
            seat, task, faces, ..
        } => fill(
            lang,
            "ps.log.task",
            &[
                ("name", n(*seat)),
                ("task", task_label(*task, lang)),
                ("cards", faces_text(faces, lang)),
            ],
        ),
        Ev::LaidOff { seat, faces, .. } => fill(
            lang,
            "ps.log.laid_off",
            &[("name", n(*seat)), ("cards", faces_text(faces, lang))],
        ),
        Ev::AceGiven { seat, to } => fill(
            lang,
            "ps.log.ace_given",
            &[("name", n(*seat)), ("to", n(*to))],
        ),
        Ev::Discarded { seat, face } => fill(
            lang,
            "ps.log.discarded",
            &[("name", n(*seat)), ("card", face_text(*face, lang))],
        ),
        Ev::TalonRebuilt { cards } => fill(lang, "ps.log.rebuilt", &[("n", cards.to_string())]),
        Ev::DealScored { end, .. } => end_text(end, names, lang),
        Ev::MatchEnded { standings } => {
            let best = standings.iter().filter(|s| s.place == 1);
            let who = best.map(|s| n(s.seat)).collect::<Vec<_>>().join(", ");
            fill(lang, "ps.log.match_won", &[("names", who)])
        }
    })
}

pub fn explain(err: &RuleError, names: &[String], lang: Lang) -> String {
    if let Some(s) = explain_common(err, names, lang, "ps.opt.") {
        return s;
    }
    let RuleError::Game(e) = err else {
        return tr(lang, "err.unknown").into();
    };
    sentence(explain_own(e, lang))
}

/// `text` with a capital first letter (an English sentence may begin with a task's label,
/// which is written for the middle of one: "task 4 (…)").
pub(super) fn sentence(text: String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) if first.is_lowercase() => first.to_uppercase().chain(chars).collect(),
        _ => text,
    }
}

/// The explanation of one of the game's own rejections.
fn explain_own(e: &E, lang: Lang) -> String {
    let task = |t: &u8| ("task", task_label(*t, lang));
    let part = |p: &usize| ("part", (p + 1).to_string());
    match e {
        E::NoSuchTask { task: t } => fill(lang, "ps.err.no_such_task", &[("n", t.to_string())]),
        E::TaskLeftOut { task: t } => fill(lang, "ps.err.left_out", &[task(t)]),
        E::TaskDone { task: t } => fill(lang, "ps.err.done", &[task(t)]),
        E::RepeatShape { .. } => tr(lang, "ps.err.repeat_shape").into(),
        E::Task15NeedsGoingOut { left, .. } => {
            fill(lang, "ps.err.task15", &[("n", left.to_string())])
        }
        E::PartCount {
            task: t,
            expected,
            got,
        } => fill(
            lang,
            "ps.err.part_count",
            &[task(t), ("e", expected.to_string()), ("g", got.to_string())],
        ),
        E::PartSize {
            task: t,
            part: p,
            expected,
            got,
        } if got < expected => fill(
            lang,
            "ps.err.part_short",
            &[task(t), part(p), ("n", (expected - got).to_string())],
        ),
        E::PartSize {
            task: t,
            part: p,
            expected,
            ..
        } => fill(
            lang,
            "ps.err.part_long",
            &[task(t), part(p), ("n", expected.to_string())],
        ),
        E::AceInTask { .. } => tr(lang, "ps.err.ace_in_task").into(),
        E::JokerNotAllowed { task: t, .. } => fill(lang, "ps.err.no_joker", &[task(t)]),
        E::JokersOnly { task: t, part: p } => fill(lang, "ps.err.jokers_only", &[task(t), part(p)]),
        E::CardDoesNotFit {
            task: t,
            part: p,
            need,
            ..
        } => fill(
            lang,
            "ps.err.does_not_fit",
            &[task(t), part(p), ("need", need_text(need, lang))],
        ),
        E::RunOutOfRange { task: t, part: p } => {
            fill(lang, "ps.err.run_range", &[task(t), part(p)])
        }
        E::SameRankTwice { task: t, rank, .. } => fill(
            lang,
            "ps.err.same_rank",
            &[task(t), ("r", rank_text(*rank, lang))],
        ),
        E::NotOpened => tr(lang, "ps.err.not_opened").into(),
        E::NoSuchMeld { .. } | E::NoSuchPart { .. } => tr(lang, "ps.err.no_such_meld").into(),
        E::WholeGroupNeeded { cards, .. } => {
            fill(lang, "ps.err.whole_group", &[("n", cards.to_string())])
        }
        E::NoNewPart { .. } => tr(lang, "ps.err.no_new_part").into(),
        E::NoCards => tr(lang, "ps.err.no_cards").into(),
        E::MustKeepCard { received, .. } if *received > 0 => {
            tr(lang, "ps.err.keep_card_aces").into()
        }
        E::MustKeepCard { .. } => tr(lang, "ps.err.keep_card").into(),
        E::AceAlreadyGiven => tr(lang, "ps.err.ace_given").into(),
        E::NotAnAce { .. } => tr(lang, "ps.err.not_an_ace").into(),
        E::NoSuchOpponent { .. } => tr(lang, "ps.err.no_opponent").into(),
        E::NoReceivedAce => tr(lang, "ps.err.no_received_ace").into(),
        E::TakenDiscard { .. } => tr(lang, "ps.err.taken_discard").into(),
        E::DiscardPileEmpty => tr(lang, "ps.err.discard_empty").into(),
        E::TopDiscardIsAce => tr(lang, "ps.err.top_ace").into(),
        E::VariantOff => tr(lang, "ps.err.variant_off").into(),
    }
}
