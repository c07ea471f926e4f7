//! Texts shared by every game: explanations of common rule errors and save errors, and
//! small formatting helpers. All wording comes from the translation table.

use crate::i18n::{tr, Lang};
use engine::meld::MeldError;
use engine::save::SaveError;
use engine::{Card, Face, Moment, OptionLimit, RuleError, Suit};

/// Fills the `{name}` slots of a translated template. A slot whose value is a whole number
/// also chooses the template's plural forms `{name:one|other}` ([`crate::i18n::plural_forms`]).
pub fn fill(lang: Lang, key: &str, args: &[(&str, String)]) -> String {
    fill_text(lang, tr(lang, key), args)
}

/// [`fill`] for a template already looked up.
pub fn fill_text(lang: Lang, template: &str, args: &[(&str, String)]) -> String {
    let mut s = template.to_string();
    for (k, v) in args {
        if let Ok(n) = v.trim().parse::<i64>() {
            s = crate::i18n::plural_forms(lang, &s, k, n);
        }
        s = s.replace(&format!("{{{k}}}"), v);
    }
    s
}

pub fn name(names: &[String], seat: usize) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("#{}", seat + 1))
}

/// A face as the log writes it: "♥7", "Joker".
pub fn face_text(face: Face, lang: Lang) -> String {
    match face {
        Face::French { rank, suit } => {
            let r = if lang == Lang::En {
                rank.label_en()
            } else {
                rank.label_de()
            };
            format!("{}{}", suit.symbol(), r)
        }
        other => face_label(other, lang == Lang::En),
    }
}

pub fn faces_text(faces: &[Face], lang: Lang) -> String {
    faces
        .iter()
        .map(|f| face_text(*f, lang))
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn cards_text(cards: &[Card], lang: Lang) -> String {
    cards
        .iter()
        .map(|c| face_text(c.face, lang))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Explains the game-independent rule errors; `None` for the game's own reasons. `options`
/// begins the keys of the game's option labels (`"ro."`: the option `jokers` is labelled by
/// `ro.jokers`), which name an option a rejection is about.
pub fn explain_common<E>(
    err: &RuleError<E>,
    names: &[String],
    lang: Lang,
    options: &str,
) -> Option<String> {
    Some(match err {
        RuleError::GameOver => tr(lang, "err.game_over").to_string(),
        RuleError::NotYourDecision { expected, .. } => match expected {
            Some(s) => fill(lang, "err.not_your_decision", &[("name", name(names, *s))]),
            None => tr(lang, "err.game_over").to_string(),
        },
        RuleError::NoSuchSeat { .. } => tr(lang, "err.no_such_seat").to_string(),
        RuleError::CardNotInHand { .. } => tr(lang, "err.card_not_in_hand").to_string(),
        RuleError::DuplicateCard { .. } => tr(lang, "err.duplicate_card").to_string(),
        RuleError::WrongPhase { expected } => fill(
            lang,
            "err.wrong_phase",
            &[("expected", tr(lang, moment_key(*expected)).to_string())],
        ),
        RuleError::PlayerCount { min, max, got } => fill(
            lang,
            "err.player_count",
            &[
                ("min", min.to_string()),
                ("max", max.to_string()),
                ("got", got.to_string()),
            ],
        ),
        RuleError::BadOption { option, limit } => {
            let label = option_label(options, option, lang);
            match limit {
                OptionLimit::Range { min, max } => fill(
                    lang,
                    "err.option_range",
                    &[
                        ("option", label),
                        ("min", min.to_string()),
                        ("max", max.to_string()),
                    ],
                ),
                OptionLimit::NotEnoughCards => fill(lang, "err.option_cards", &[("option", label)]),
                OptionLimit::OnlyPlayers { players } => fill(
                    lang,
                    "err.option_players",
                    &[("option", label), ("players", players.to_string())],
                ),
            }
        }
        RuleError::Meld(e) => explain_meld(e, lang),
        RuleError::Game(_) => return None,
    })
}

/// Translation key of what the game waits for.
pub fn moment_key(m: Moment) -> &'static str {
    match m {
        Moment::Draw => "moment.draw",
        Moment::Play => "moment.play",
        Moment::Discard => "moment.discard",
        Moment::Claim => "moment.claim",
        Moment::AfterDiscard => "moment.after_discard",
        Moment::Declare => "moment.declare",
        Moment::DealOver => "moment.deal_over",
        Moment::PileEmpty => "moment.pile_empty",
    }
}

/// The setup label of an option named by its field name (the key `<options><name>`), or a
/// neutral word.
fn option_label(options: &str, option: &str, lang: Lang) -> String {
    let key = format!("{options}{option}");
    let key = if crate::i18n::has_key(&key) {
        key.as_str()
    } else {
        "err.option_generic"
    };
    tr(lang, key).to_string()
}

pub fn explain_save_error(err: &SaveError, lang: Lang) -> String {
    match err {
        SaveError::Malformed { .. } | SaveError::Serialize { .. } => {
            tr(lang, "save.malformed").to_string()
        }
        SaveError::UnsupportedVersion { found, supported } => fill(
            lang,
            "save.version",
            &[
                ("found", found.to_string()),
                ("supported", supported.to_string()),
            ],
        ),
        SaveError::IllegalAction { index, .. } => {
            fill(lang, "save.illegal", &[("index", (index + 1).to_string())])
        }
        SaveError::SnapshotMismatch => tr(lang, "save.mismatch").to_string(),
        SaveError::BadLink { .. } => tr(lang, "save.bad_link").to_string(),
        SaveError::WrongGame { found, .. } => {
            tr(lang, "play.unknown_game").replace("{game}", found)
        }
        SaveError::Setup { .. } => tr(lang, "save.setup").to_string(),
        SaveError::UndoBeyondLog { .. } => tr(lang, "save.undo").to_string(),
        SaveError::TooLarge { field, limit } => {
            let (key, limit) = match field.as_str() {
                "name" => ("save.too_large_name", *limit),
                "title" => ("save.too_large_title", *limit),
                "players" => ("save.too_large_players", *limit),
                _ => ("save.too_large_save", limit / 1024),
            };
            fill(lang, key, &[("limit", limit.to_string())])
        }
    }
}

/// An accessible name for a face, e.g. "Herz 7".
pub fn face_label(face: Face, en: bool) -> String {
    match face {
        Face::French { rank, suit } => {
            let s = match (suit, en) {
                (Suit::Clubs, false) => "Kreuz",
                (Suit::Spades, false) => "Pik",
                (Suit::Hearts, false) => "Herz",
                (Suit::Diamonds, false) => "Karo",
                (Suit::Clubs, true) => "Clubs",
                (Suit::Spades, true) => "Spades",
                (Suit::Hearts, true) => "Hearts",
                (Suit::Diamonds, true) => "Diamonds",
            };
            let r = if en { rank.label_en() } else { rank.label_de() };
            format!("{s} {r}")
        }
        Face::Joker => "Joker".into(),
        Face::Lux(v) => format!("{v}"),
        Face::LuxJoker => "X (Joker)".into(),
    }
}

fn suit_name(suit: Suit, lang: Lang) -> &'static str {
    match (suit, lang) {
        (Suit::Clubs, Lang::De) => "Kreuz",
        (Suit::Spades, Lang::De) => "Pik",
        (Suit::Hearts, Lang::De) => "Herz",
        (Suit::Diamonds, Lang::De) => "Karo",
        (Suit::Clubs, Lang::En) => "clubs",
        (Suit::Spades, Lang::En) => "spades",
        (Suit::Hearts, Lang::En) => "hearts",
        (Suit::Diamonds, Lang::En) => "diamonds",
    }
}

/// Why a group of cards is not a meld, in words a player understands.
pub fn explain_meld(e: &MeldError, lang: Lang) -> String {
    match e {
        MeldError::TooShort { min, got } => fill(
            lang,
            "meld.too_short",
            &[("min", min.to_string()), ("got", got.to_string())],
        ),
        MeldError::OnlyJokers => tr(lang, "meld.only_jokers").into(),
        MeldError::TooManyJokers { max, got } => fill(
            lang,
            "meld.too_many_jokers",
            &[("max", max.to_string()), ("got", got.to_string())],
        ),
        MeldError::NotARummyCard => tr(lang, "meld.not_rummy").into(),
        MeldError::Mixed => tr(lang, "meld.mixed").into(),
        MeldError::SuitRepeated { suit } => fill(
            lang,
            "meld.suit_repeated",
            &[(
                "suit",
                format!("{} {}", suit.symbol(), suit_name(*suit, lang)),
            )],
        ),
        MeldError::SetTooLarge { max } => {
            fill(lang, "meld.set_too_large", &[("max", max.to_string())])
        }
        MeldError::RankRepeated { rank } => fill(
            lang,
            "meld.rank_repeated",
            &[(
                "rank",
                if lang == Lang::En {
                    rank.label_en()
                } else {
                    rank.label_de()
                }
                .to_string(),
            )],
        ),
        MeldError::Gap { missing } => fill(lang, "meld.gap", &[("missing", missing.to_string())]),
        MeldError::AroundTheCorner => tr(lang, "meld.corner").into(),
        MeldError::TooLong => tr(lang, "meld.too_long").into(),
        MeldError::DoesNotFit => tr(lang, "meld.does_not_fit").into(),
        MeldError::NoJokerFor { face } => fill(
            lang,
            "meld.no_joker_for",
            &[("card", face_text(*face, lang))],
        ),
        MeldError::DuplicateCard { .. } => tr(lang, "err.duplicate_card").into(),
        MeldError::BadDeclaration { .. } => tr(lang, "meld.bad_declaration").into(),
    }
}

/// Translation key of a seat kind's label ("Bot (leicht)").
pub fn kind_key(kind: engine::SeatKind) -> &'static str {
    use engine::{BotLevel, SeatKind};
    match kind {
        SeatKind::Human => "setup.human",
        SeatKind::Bot(BotLevel::Easy) => "setup.bot_easy",
        SeatKind::Bot(BotLevel::Greedy) => "setup.bot_greedy",
        SeatKind::Bot(BotLevel::Normal) => "setup.bot_normal",
        SeatKind::Bot(BotLevel::Hard) => "setup.bot_hard",
    }
}
