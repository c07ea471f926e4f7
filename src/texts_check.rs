//! Tests that no player ever meets a missing translation, an English fragment in the German
//! UI, or Rust Debug text in a rejection.

use crate::i18n::common::{explain_common, explain_save_error};
use crate::i18n::{has_key, tr, Lang};
use crate::play::UiGame;
use engine::abluxxen::{Abluxxen, AbluxxenError, Decision};
use engine::game::{ErasedRuleError, Moment, OptionLimit};
use engine::karussell::{Karussell, KarussellError};
use engine::meld::MeldError;
use engine::profisort::{Need, ProfiSort, ProfiSortError};
use engine::romme::{EndMode, LayOffPolicy, MeldId, Romme, RommeError};
use engine::save::SaveError;
use engine::{CardId, Face, Rank, RuleError, Suit};

/// Every string literal in `src/` that looks like a translation key (`word.word…`).
fn keys_in_sources() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            if !name.ends_with(".rs") || name == "i18n.rs" || name == "texts_check.rs" {
                continue;
            }
            let text = std::fs::read_to_string(&p).unwrap();
            for (i, piece) in text.split('"').enumerate() {
                if i % 2 == 1 && looks_like_key(piece) {
                    out.push((piece.to_string(), name.clone()));
                }
            }
        }
    }
    out
}

fn looks_like_key(s: &str) -> bool {
    const NOT_KEYS: [&str; 3] = ["kartenrunde.", "sw.js", "index.html"];
    let parts: Vec<&str> = s.split('.').collect();
    parts.len() >= 2
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        })
        && parts[0]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_lowercase())
        && !NOT_KEYS.iter().any(|n| s.starts_with(n))
}

#[test]
fn every_key_used_in_the_sources_is_translated() {
    let keys = keys_in_sources();
    assert!(keys.len() > 200, "the scan finds the keys ({})", keys.len());
    let missing: Vec<_> = keys.iter().filter(|(k, _)| !has_key(k)).collect();
    assert!(
        missing.is_empty(),
        "keys without a translation: {missing:?}"
    );
    for (k, _) in &keys {
        assert_ne!(tr(Lang::De, k), tr(Lang::En, k).to_string() + "x", "{k}");
        assert!(
            !tr(Lang::De, k).is_empty() && !tr(Lang::En, k).is_empty(),
            "{k}"
        );
    }
}

/// Words that give away English in a German sentence.
const ENGLISH: [&str; 24] = [
    "the", "not", "is", "card", "cards", "meld", "melds", "phase", "window", "claim", "player",
    "you", "your", "must", "after", "only", "draw", "discard", "to", "of", "and", "hand", "none",
    "some",
];

fn assert_german(text: &str, what: &str) {
    assert!(!text.trim().is_empty(), "{what}: empty");
    assert!(
        !text.contains('{') && !text.contains('}'),
        "{what}: placeholder left: {text}"
    );
    for debug in ["::", "Some(", "None", "#"] {
        assert!(
            !text.contains(debug),
            "{what}: Debug text {debug:?} in: {text}"
        );
    }
    for word in text.split(|c: char| !c.is_alphanumeric()) {
        assert!(
            !ENGLISH.contains(&word.to_lowercase().as_str()) || word == "Hand",
            "{what}: English word {word:?} in: {text}"
        );
        // A Rust variant name (two capitals inside one word) is Debug text.
        let caps = word.chars().filter(|c| c.is_ascii_uppercase()).count();
        assert!(
            caps < 2 || word.len() <= 3,
            "{what}: identifier {word:?} in: {text}"
        );
    }
}

fn card() -> CardId {
    CardId(7)
}

fn common_errors<E>() -> Vec<RuleError<E>> {
    let mut v = vec![
        RuleError::GameOver,
        RuleError::NotYourDecision {
            seat: 0,
            expected: Some(1),
        },
        RuleError::NotYourDecision {
            seat: 0,
            expected: None,
        },
        RuleError::NoSuchSeat { seat: 9, seats: 3 },
        RuleError::CardNotInHand { card: card() },
        RuleError::DuplicateCard { card: card() },
        RuleError::PlayerCount {
            min: 2,
            max: 6,
            got: 9,
        },
    ];
    let moments = [
        Moment::Draw,
        Moment::Play,
        Moment::Discard,
        Moment::Claim,
        Moment::AfterDiscard,
        Moment::DealOver,
        Moment::PileEmpty,
    ];
    v.extend(moments.map(|expected| RuleError::WrongPhase { expected }));
    let limits = [
        OptionLimit::Range { min: 1, max: 20 },
        OptionLimit::NotEnoughCards,
        OptionLimit::OnlyPlayers { players: 2 },
    ];
    for option in ["jokers", "hand_size", "match_end", "rounds", "setup"] {
        for limit in limits {
            v.push(RuleError::BadOption {
                option: option.into(),
                limit,
            });
        }
    }
    v.extend(meld_errors().into_iter().map(RuleError::Meld));
    v
}

fn meld_errors() -> Vec<MeldError> {
    vec![
        MeldError::TooShort { min: 3, got: 2 },
        MeldError::OnlyJokers,
        MeldError::TooManyJokers { max: 1, got: 2 },
        MeldError::NotARummyCard,
        MeldError::Mixed,
        MeldError::SuitRepeated { suit: Suit::Hearts },
        MeldError::SetTooLarge { max: 4 },
        MeldError::RankRepeated { rank: Rank(7) },
        MeldError::Gap { missing: 2 },
        MeldError::AroundTheCorner,
        MeldError::TooLong,
        MeldError::DoesNotFit,
        MeldError::NoJokerFor {
            face: Face::french(5, Suit::Spades),
        },
        MeldError::DuplicateCard { card: card() },
        MeldError::BadDeclaration { card: card() },
    ]
}

fn romme_errors() -> Vec<RommeError> {
    let meld = MeldId(1);
    let all = vec![
        RommeError::OpeningTooLow {
            needed: 30,
            have: 27,
        },
        RommeError::LayOffNotAllowed {
            policy: LayOffPolicy::OwnMelds,
        },
        RommeError::LayOffNotAllowed {
            policy: LayOffPolicy::AnyAfterOwnFirstMeld,
        },
        RommeError::LayOffNotAllowed {
            policy: LayOffPolicy::AnyAnyTime,
        },
        RommeError::ExchangeNeedsFirstMeld,
        RommeError::ExchangeDisabled,
        RommeError::CannotDiscardTakenCard { card: card() },
        RommeError::DiscardMustBeMelded { card: card() },
        RommeError::FreedJokerMustBePlaced { joker: card() },
        RommeError::ResidualTooHigh { limit: 9, have: 14 },
        RommeError::NotInEndMode {
            mode: EndMode::GoOut,
        },
        RommeError::MustDiscardToGoOut,
        RommeError::BuyLimitReached { limit: 2 },
        RommeError::BuyingDisabled,
        RommeError::DiscardNotAvailable,
        RommeError::RobbingDisabled,
        RommeError::RobLeavesIllegalMeld {
            meld,
            error: MeldError::TooShort { min: 3, got: 2 },
        },
        RommeError::TakenCardNotReused { card: card() },
        RommeError::CardNotOnTable { card: card() },
        RommeError::EmptyRob,
        RommeError::DiscardOnlyAsDraw,
        RommeError::NoSuchMeld { meld },
        RommeError::NothingToUndo,
    ];
    // Adding a variant without listing it above fails to compile here.
    for e in &all {
        match e {
            RommeError::OpeningTooLow { .. }
            | RommeError::LayOffNotAllowed { .. }
            | RommeError::ExchangeNeedsFirstMeld
            | RommeError::ExchangeDisabled
            | RommeError::CannotDiscardTakenCard { .. }
            | RommeError::DiscardMustBeMelded { .. }
            | RommeError::FreedJokerMustBePlaced { .. }
            | RommeError::ResidualTooHigh { .. }
            | RommeError::NotInEndMode { .. }
            | RommeError::MustDiscardToGoOut
            | RommeError::BuyLimitReached { .. }
            | RommeError::BuyingDisabled
            | RommeError::DiscardNotAvailable
            | RommeError::RobbingDisabled
            | RommeError::RobLeavesIllegalMeld { .. }
            | RommeError::TakenCardNotReused { .. }
            | RommeError::CardNotOnTable { .. }
            | RommeError::EmptyRob
            | RommeError::DiscardOnlyAsDraw
            | RommeError::NoSuchMeld { .. }
            | RommeError::NothingToUndo => {}
        }
    }
    all
}

fn abluxxen_errors() -> Vec<AbluxxenError> {
    let all = vec![
        AbluxxenError::EmptyPlay,
        AbluxxenError::MixedValues { values: vec![3, 4] },
        AbluxxenError::NotAQualifyingShadowGroup {
            value: 8,
            needed_count: 2,
            options: vec![5, 6],
        },
        AbluxxenError::NoSuchSupplySlot { slot: 7, slots: 6 },
        AbluxxenError::SupplySlotEmpty { slot: 2 },
        AbluxxenError::DrawPileEmpty,
        AbluxxenError::DrawNotOptional { remaining: 2 },
        AbluxxenError::WrongPhase {
            expected: Decision::ShadowChoice,
        },
        AbluxxenError::WrongPhase {
            expected: Decision::LuxxDecision,
        },
        AbluxxenError::WrongPhase {
            expected: Decision::VictimDecision,
        },
    ];
    for e in &all {
        match e {
            AbluxxenError::EmptyPlay
            | AbluxxenError::MixedValues { .. }
            | AbluxxenError::NotAQualifyingShadowGroup { .. }
            | AbluxxenError::NoSuchSupplySlot { .. }
            | AbluxxenError::SupplySlotEmpty { .. }
            | AbluxxenError::DrawPileEmpty
            | AbluxxenError::DrawNotOptional { .. }
            | AbluxxenError::WrongPhase { .. } => {}
        }
    }
    all
}

fn karussell_errors() -> Vec<KarussellError> {
    use engine::karussell::KMeldError as K;
    let mut all: Vec<KarussellError> = [
        K::TooShort,
        K::BadIdentity,
        K::GroupSuitRepeated,
        K::Mixed,
        K::NotConsecutive,
        K::AroundTheCorner,
    ]
    .into_iter()
    .map(|error| KarussellError::IllegalMeld { meld: 1, error })
    .collect();
    all.extend([
        KarussellError::TableCardMissing { card: card() },
        KarussellError::NoHandCard,
        KarussellError::JokerNeedsIdentity { card: card() },
        KarussellError::JokerIdentityChanged { card: card() },
        KarussellError::FirstMeldNeedsHandMeld,
        KarussellError::NotAfterThirdDraw,
        KarussellError::AlreadyMelded,
        KarussellError::HandTooHigh { limit: 5, have: 9 },
        KarussellError::NoKnockInFinalTurn,
        KarussellError::StockEmpty,
        KarussellError::NoMoreDraws,
        KarussellError::CannotPass,
    ]);
    for e in &all {
        match e {
            KarussellError::IllegalMeld { .. }
            | KarussellError::TableCardMissing { .. }
            | KarussellError::NoHandCard
            | KarussellError::JokerNeedsIdentity { .. }
            | KarussellError::JokerIdentityChanged { .. }
            | KarussellError::FirstMeldNeedsHandMeld
            | KarussellError::NotAfterThirdDraw
            | KarussellError::AlreadyMelded
            | KarussellError::HandTooHigh { .. }
            | KarussellError::NoKnockInFinalTurn
            | KarussellError::StockEmpty
            | KarussellError::NoMoreDraws
            | KarussellError::CannotPass => {}
        }
    }
    all
}

fn profisort_errors() -> Vec<ProfiSortError> {
    use ProfiSortError as E;
    let needs = [
        Need::Rank { rank: 7 },
        Need::Suit { suit: Suit::Hearts },
        Need::RunRank { rank: 11 },
        Need::TwoOrThree,
        Need::FaceCard,
        Need::SameCard {
            face: Face::French {
                rank: Rank(3),
                suit: Suit::Spades,
            },
        },
        Need::TaskTenRank,
        Need::NewSuit,
    ];
    let mut all: Vec<E> = needs
        .into_iter()
        .map(|need| E::CardDoesNotFit {
            task: 4,
            part: 0,
            card: card(),
            need,
        })
        .collect();
    all.extend([
        E::NoSuchTask { task: 16 },
        E::TaskLeftOut { task: 3 },
        E::TaskDone { task: 4 },
        E::RepeatShape {
            task: 15,
            repeat: None,
        },
        E::Task15NeedsGoingOut {
            left: 3,
            received: 0,
        },
        E::PartCount {
            task: 5,
            expected: 3,
            got: 1,
        },
        E::PartSize {
            task: 4,
            part: 0,
            expected: 6,
            got: 5,
        },
        E::PartSize {
            task: 4,
            part: 0,
            expected: 6,
            got: 7,
        },
        E::AceInTask { card: card() },
        E::JokerNotAllowed {
            task: 13,
            card: card(),
        },
        E::JokersOnly { task: 2, part: 1 },
        E::RunOutOfRange { task: 13, part: 0 },
        E::JokersOnly { task: 0, part: 0 },
        E::SameRankTwice {
            task: 11,
            part: 1,
            rank: 12,
        },
        E::NotOpened,
        E::NoSuchMeld { meld: 4 },
        E::NoSuchPart { meld: 0, part: 5 },
        E::WholeGroupNeeded { meld: 0, cards: 4 },
        E::NoNewPart { meld: 0 },
        E::NoCards,
        E::MustKeepCard {
            left: 0,
            received: 0,
        },
        E::MustKeepCard {
            left: 1,
            received: 1,
        },
        E::AceAlreadyGiven,
        E::NotAnAce { card: card() },
        E::NoSuchOpponent { to: 0 },
        E::NoReceivedAce,
        E::TakenDiscard { card: card() },
        E::DiscardPileEmpty,
        E::TopDiscardIsAce,
        E::VariantOff,
    ]);
    for e in &all {
        match e {
            E::NoSuchTask { .. }
            | E::TaskLeftOut { .. }
            | E::TaskDone { .. }
            | E::RepeatShape { .. }
            | E::Task15NeedsGoingOut { .. }
            | E::PartCount { .. }
            | E::PartSize { .. }
            | E::AceInTask { .. }
            | E::JokerNotAllowed { .. }
            | E::JokersOnly { .. }
            | E::CardDoesNotFit { .. }
            | E::RunOutOfRange { .. }
            | E::SameRankTwice { .. }
            | E::NotOpened
            | E::NoSuchMeld { .. }
            | E::NoSuchPart { .. }
            | E::WholeGroupNeeded { .. }
            | E::NoNewPart { .. }
            | E::NoCards
            | E::MustKeepCard { .. }
            | E::AceAlreadyGiven
            | E::NotAnAce { .. }
            | E::NoSuchOpponent { .. }
            | E::NoReceivedAce
            | E::TakenDiscard { .. }
            | E::DiscardPileEmpty
            | E::TopDiscardIsAce
            | E::VariantOff => {}
        }
    }
    all
}

fn names() -> Vec<String> {
    vec!["Anna".into(), "Ben".into(), "Cara".into()]
}

#[test]
fn every_rejection_is_a_german_sentence() {
    let mut count = 0;
    let mut check = |text: String, what: String| {
        assert_german(&text, &what);
        count += 1;
    };
    for e in common_errors::<RommeError>()
        .into_iter()
        .chain(romme_errors().into_iter().map(RuleError::Game))
    {
        check(Romme::explain(&e, &names(), Lang::De), format!("{e:?}"));
        assert!(!Romme::explain(&e, &names(), Lang::En).is_empty());
    }
    for e in common_errors::<AbluxxenError>()
        .into_iter()
        .chain(abluxxen_errors().into_iter().map(RuleError::Game))
    {
        check(Abluxxen::explain(&e, &names(), Lang::De), format!("{e:?}"));
    }
    for e in common_errors::<KarussellError>()
        .into_iter()
        .chain(karussell_errors().into_iter().map(RuleError::Game))
    {
        check(Karussell::explain(&e, &names(), Lang::De), format!("{e:?}"));
    }
    for e in common_errors::<ProfiSortError>()
        .into_iter()
        .chain(profisort_errors().into_iter().map(RuleError::Game))
    {
        check(ProfiSort::explain(&e, &names(), Lang::De), format!("{e:?}"));
        assert!(!ProfiSort::explain(&e, &names(), Lang::En).is_empty());
    }
    let setup: ErasedRuleError = RuleError::GameOver;
    let save_errors = [
        SaveError::Malformed {
            detail: "expected value at line 1".into(),
        },
        SaveError::UnsupportedVersion {
            found: 9,
            supported: 2,
        },
        SaveError::WrongGame {
            found: "schach".into(),
            expected: "romme".into(),
        },
        SaveError::Setup {
            error: setup.clone(),
        },
        SaveError::IllegalAction {
            index: 4,
            error: setup,
        },
        SaveError::SnapshotMismatch,
        SaveError::UndoBeyondLog {
            requested: 9,
            len: 3,
        },
        SaveError::BadLink {
            detail: "truncated".into(),
        },
        SaveError::Serialize {
            detail: "key must be a string".into(),
        },
    ];
    for e in &save_errors {
        check(explain_save_error(e, Lang::De), format!("{e:?}"));
    }
    // The game-specific part is left to the game.
    assert!(explain_common(&RuleError::Game(()), &names(), Lang::De).is_none());
    assert!(count > 90, "{count}");
}

/// The static boot screen in index.html (painted before the wasm arrives) shows the same
/// German texts as the home screen: every game's name and description, the tagline.
#[test]
fn the_boot_screen_matches_the_home_screen() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("index.html");
    let html = std::fs::read_to_string(path).unwrap();
    let escape = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
            .replace('\'', "&#x27;")
    };
    let mut keys: Vec<String> = ["app.tagline", "home.choose", "home.loading", "home.play"]
        .iter()
        .map(|k| k.to_string())
        .collect();
    for e in crate::catalog::entries() {
        keys.push(e.key());
        keys.push(e.desc_key());
        assert!(
            html.contains(&format!("href=\"#/setup/{}\"", e.id())),
            "boot screen links {}",
            e.id()
        );
    }
    for k in keys {
        let text = escape(tr(Lang::De, &k));
        assert!(html.contains(&text), "index.html lacks {k}: {text}");
    }
}

/// The boot screen's error path (a start that failed, index.html) says the same as the
/// i18n table, in both languages.
#[test]
fn the_boot_error_texts_match_the_table() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("index.html");
    let html = std::fs::read_to_string(path).unwrap();
    for lang in [Lang::De, Lang::En] {
        let line = format!(
            "['{}', '{}']",
            tr(lang, "boot.failed"),
            tr(lang, "boot.retry")
        );
        assert!(html.contains(&line), "index.html lacks {line}");
    }
}

/// Every catalog entry has a rules page in both languages: no missing key, no placeholder
/// left, no English in the German page, and the house rules list every option.
#[test]
fn every_variant_has_a_rules_page_in_both_languages() {
    use crate::games::rules_doc::{AnyOptions, Block};
    for e in crate::catalog::entries() {
        let Some(options) = AnyOptions::defaults(e.id()) else {
            assert!(!e.available(), "{} has no rules page", e.id());
            continue;
        };
        let de = options.rules(Lang::De);
        let en = options.rules(Lang::En);
        assert!(
            de.sections.len() >= 7,
            "{}: {} sections",
            e.id(),
            de.sections.len()
        );
        assert!(!de.house.is_empty(), "{}", e.id());
        assert_eq!(de.house.len(), en.house.len());
        assert_ne!(de.text(), en.text(), "{}", e.id());
        for doc in [&de, &en] {
            let text = doc.text();
            assert!(
                !text.contains("rules.") && !text.contains('{'),
                "{}: {text}",
                e.id()
            );
            for h in &doc.house {
                assert!(has_key(h.key), "{}", h.key);
                assert!(!h.value.is_empty() && !h.value.contains("::"), "{}", h.key);
            }
        }
        let what = format!("rules page {}", e.id());
        for s in &de.sections {
            assert_german(&s.title, &what);
            for b in &s.blocks {
                match b {
                    Block::Para(p) | Block::Example(p) => assert_german(p, &what),
                    Block::List(items) => items.iter().for_each(|i| assert_german(i, &what)),
                }
            }
        }
        for h in &de.house {
            assert_german(&format!("{}: {}", h.label, h.value), &what);
        }
    }
}
