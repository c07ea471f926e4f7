//! Tests that no player ever meets a missing translation, an English fragment in the German
//! UI, a German one in the English UI, or Rust Debug text in a rejection. One check for every
//! game of the registry ([`REGISTRY`]): its keys, its rejections and its rules pages, in both
//! languages.

use crate::games::registry::{with_ui_game, Registered, UiVisitor, REGISTRY};
use crate::i18n::common::{explain_common, explain_save_error};
use crate::i18n::{has_key, tr, Lang, Table};
use engine::game::{ErasedRuleError, Moment, OptionLimit};
use engine::meld::MeldError;
use engine::save::SaveError;
use engine::{CardId, Face, Rank, RuleError, Suit};
use std::path::{Path, PathBuf};

/// The games' tables, as the app installs them when it starts and their table parts when
/// they are loaded; in the crate's tests `crate::i18n` installs them all on the first lookup.
pub(crate) fn all_game_tables() -> Vec<Table> {
    let parts = REGISTRY.iter().flat_map(|e| [e.table_texts, e.rules_texts]);
    crate::games::registry::text_tables().chain(parts).collect()
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every string literal under `dir` that looks like a translation key (`word.word…`), with
/// its file's name; the tables themselves are not read.
fn keys_in_sources(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let table = ["i18n.rs", "texts_check.rs", "texts_table.rs"].contains(&name.as_str());
            if !name.ends_with(".rs") || table {
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
    // Storage keys and file names.
    const NOT_KEYS: [&str; 1] = ["kartenrunde."];
    const FILES: [&str; 3] = [".js", ".mjs", ".html"];
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
        && !FILES.iter().any(|f| s.ends_with(f))
}

/// Each key has a text in German and in English.
fn assert_translated(keys: &[(String, String)]) {
    let missing: Vec<_> = keys.iter().filter(|(k, _)| !has_key(k)).collect();
    assert!(
        missing.is_empty(),
        "keys without a translation: {missing:?}"
    );
    for (k, file) in keys {
        for lang in [Lang::De, Lang::En] {
            assert!(
                !tr(lang, k).trim().is_empty(),
                "{k} ({file}): no {lang:?} text"
            );
        }
    }
}

#[test]
fn every_key_used_in_the_sources_is_translated() {
    let keys = keys_in_sources(&src_dir());
    assert!(keys.len() > 200, "the scan finds the keys ({})", keys.len());
    assert_translated(&keys);
}

/// Every game of the registry: its folder `src/games/<name>/`, whose keys all have a German
/// and an English text, and its own table, registered through its entry.
#[test]
fn every_game_has_its_texts_in_both_languages() {
    for e in REGISTRY {
        let dir = src_dir().join("games").join(e.game);
        assert!(dir.is_dir(), "{}: no folder {}", e.game, dir.display());
        let keys = keys_in_sources(&dir);
        assert!(
            keys.len() > 30,
            "{}: the scan finds its keys ({})",
            e.game,
            keys.len()
        );
        assert_translated(&keys);
        assert!(!e.texts.is_empty(), "{}: no text table", e.game);
        assert!(!e.table_texts.is_empty(), "{}: no table part texts", e.game);
        assert!(!e.rules_texts.is_empty(), "{}: no rules texts", e.game);
        for (k, de, en) in e.texts.iter().chain(e.table_texts).chain(e.rules_texts) {
            assert!(
                tr(Lang::De, k) == *de && tr(Lang::En, k) == *en,
                "{k}: installed"
            );
        }
    }
}

/// Every game's table part and rules page can install their texts.
#[test]
fn every_game_has_slots_for_its_part_texts() {
    assert!(crate::i18n::PART_SLOTS >= 2 * REGISTRY.len());
}

/// Words that give away English in a German sentence.
const ENGLISH: [&str; 24] = [
    "the", "not", "is", "card", "cards", "meld", "melds", "phase", "window", "claim", "player",
    "you", "your", "must", "after", "only", "draw", "discard", "to", "of", "and", "hand", "none",
    "some",
];

/// Words that give away German in an English sentence.
const GERMAN: [&str; 26] = [
    "der", "die", "das", "und", "nicht", "ist", "du", "dein", "deine", "eine", "einen", "keine",
    "karte", "karten", "mit", "auf", "zu", "von", "oder", "noch", "hat", "wird", "musst", "darfst",
    "kannst", "zuerst",
];

/// A sentence a player can read: no unfilled `{slot}`, raw key, Debug text or identifier left.
fn assert_readable(text: &str, what: &str) {
    assert!(!text.trim().is_empty(), "{what}: empty");
    assert!(
        !text.starts_with(char::is_lowercase),
        "{what}: not the start of a sentence: {text}"
    );
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
    for word in text.split(|c: char| c.is_whitespace() || ",;:()„“”\"".contains(c)) {
        let word = word.trim_end_matches(['.', '!', '?']);
        // Not an abbreviation ("e.g."): every key begins with a word of two letters or more.
        let key = looks_like_key(word) && word.split('.').next().is_some_and(|w| w.len() > 1);
        assert!(!key, "{what}: raw key {word:?} in: {text}");
    }
    for word in text.split(|c: char| !c.is_alphanumeric()) {
        // A Rust variant name (two capitals inside one word) is Debug text.
        let caps = word.chars().filter(|c| c.is_ascii_uppercase()).count();
        assert!(
            caps < 2 || word.len() <= 3,
            "{what}: identifier {word:?} in: {text}"
        );
    }
}

fn assert_german(text: &str, what: &str) {
    assert_readable(text, what);
    for word in text.split(|c: char| !c.is_alphanumeric()) {
        assert!(
            !ENGLISH.contains(&word.to_lowercase().as_str()) || word == "Hand",
            "{what}: English word {word:?} in: {text}"
        );
    }
}

fn assert_english(text: &str, what: &str) {
    assert_readable(text, what);
    assert!(
        !text.contains(['ä', 'ö', 'ü', 'ß', 'Ä', 'Ö', 'Ü']),
        "{what}: German letters in: {text}"
    );
    for word in text.split(|c: char| !c.is_alphanumeric()) {
        assert!(
            !GERMAN.contains(&word.to_lowercase().as_str()),
            "{what}: German word {word:?} in: {text}"
        );
    }
}

/// A text in `lang` that a player can read in that language.
fn assert_in(lang: Lang, text: &str, what: &str) {
    match lang {
        Lang::De => assert_german(text, what),
        Lang::En => assert_english(text, what),
    }
}

const CARD: CardId = CardId(7);

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
        RuleError::CardNotInHand { card: CARD },
        RuleError::DuplicateCard { card: CARD },
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
        Moment::Declare,
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
        MeldError::DuplicateCard { card: CARD },
        MeldError::BadDeclaration { card: CARD },
    ]
}

fn names() -> Vec<String> {
    vec!["Anna".into(), "Ben".into(), "Cara".into()]
}

/// Every rejection of game `G` as the player reads it: (what, language, text) for the
/// rejections every game shares and the game's own ([`Registered::error_samples`]).
struct Rejections;

impl UiVisitor for Rejections {
    type Out = Vec<(String, Lang, String)>;
    fn visit<G: Registered>(self) -> Self::Out {
        let own = (G::ERROR_SAMPLES)();
        assert!(!own.is_empty(), "{}: no samples of its rejections", G::NAME);
        let errors: Vec<RuleError<G::Error>> = common_errors()
            .into_iter()
            .chain(own.into_iter().map(RuleError::Game))
            .collect();
        let mut out = Vec::new();
        for e in &errors {
            for lang in [Lang::De, Lang::En] {
                let what = format!("{} {e:?}", G::NAME);
                out.push((what, lang, G::explain(e, &names(), lang)));
            }
        }
        out
    }
}

#[test]
fn every_rejection_is_a_sentence_in_both_languages() {
    for e in REGISTRY {
        let texts = with_ui_game(e.game, Rejections).unwrap();
        let shared = 2 * common_errors::<()>().len();
        assert!(texts.len() > shared, "{}: {} texts", e.game, texts.len());
        for (what, lang, text) in &texts {
            assert_in(*lang, text, what);
        }
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
        for lang in [Lang::De, Lang::En] {
            assert_in(lang, &explain_save_error(e, lang), &format!("{e:?}"));
        }
    }
    // The game-specific part is left to the game.
    assert!(explain_common(&RuleError::Game(()), &names(), Lang::De, "").is_none());
}

/// The home section of the static boot screen (painted before the wasm arrives): the home
/// screen's German texts and the catalog's entries, as the app shows them.
fn boot_home() -> String {
    let de = |key: &str| {
        tr(Lang::De, key)
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
            .replace('\'', "&#x27;")
    };
    let mut out = format!(
        "          <p class=\"tagline\">{}</p>\n          <p class=\"boot-loading\" role=\"status\">\
         <span class=\"boot-spinner\" aria-hidden=\"true\"></span>{}</p>\n          <h1>{}</h1>\n\
         \x20         <ul class=\"game-list\">\n",
        de("app.tagline"),
        de("home.loading"),
        de("home.choose")
    );
    for e in crate::catalog::entries() {
        let (id, title, desc) = (e.id(), de(&e.key()), de(&e.desc_key()));
        let text = format!("<h2>{title}</h2><p>{desc}</p>");
        out += &if e.available() {
            format!(
                "          <li class=\"game-entry\"><div class=\"game-text\">{text}\
                 <a class=\"rules-link\" href=\"#/rules/{id}\">{}</a></div>\
                 <a class=\"button primary\" href=\"#/setup/{id}\" data-game=\"{}\">{}</a></li>\n",
                de("rules.link"),
                e.info.game.unwrap_or_default(),
                de("home.play")
            )
        } else {
            format!(
                "          <li class=\"game-entry soon\"><div class=\"game-text\">{text}</div>\
                 <span class=\"badge\">{}</span></li>\n",
                de("home.coming_soon")
            )
        };
    }
    out + "          </ul>\n"
}

/// The static boot screen in index.html shows the same German texts as the home screen: its
/// home section is written from the catalog and the texts (run with `KR_WRITE_BOOT=1` to
/// write it; a new game never edits index.html by hand).
#[test]
fn the_boot_screen_is_the_home_screen() {
    const START: &str = "<section class=\"home\">\n";
    const END: &str = "        </section>";
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("index.html");
    let html = std::fs::read_to_string(&path).unwrap();
    let from = html.find(START).expect("index.html has the home section") + START.len();
    let to = from + html[from..].find(END).expect("the home section ends");
    let want = boot_home();
    if html[from..to] == want {
        return;
    }
    if std::env::var_os("KR_WRITE_BOOT").is_some() {
        std::fs::write(&path, format!("{}{want}{}", &html[..from], &html[to..])).unwrap();
        return;
    }
    let have: Vec<&str> = html[from..to].lines().collect();
    let diff: Vec<String> = want
        .lines()
        .enumerate()
        .filter(|(i, line)| have.get(*i) != Some(line))
        .map(|(i, line)| {
            format!(
                "line {}:\n- {}\n+ {line}",
                i + 1,
                have.get(i).unwrap_or(&"")
            )
        })
        .collect();
    panic!(
        "index.html's boot screen differs from the home screen (KR_WRITE_BOOT=1 writes it):\n{}{}",
        diff.join("\n"),
        if have.len() > want.lines().count() {
            "\n(and lines to remove at the end)"
        } else {
            ""
        }
    );
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
/// left, German in the German page and English in the English one, and the house rules list
/// every option.
#[test]
fn every_variant_has_a_rules_page_in_both_languages() {
    use crate::games::rules_doc::{defaults, Block, RulesDoc};
    let check = |doc: &RulesDoc, lang: Lang, what: &str| {
        let text = doc.text();
        assert!(
            !text.contains("rules.") && !text.contains('{'),
            "{what}: {text}"
        );
        for s in &doc.sections {
            assert_in(lang, &s.title, what);
            for b in &s.blocks {
                match b {
                    Block::Para(p) | Block::Example(p) => assert_in(lang, p, what),
                    Block::List(items) => items.iter().for_each(|i| assert_in(lang, i, what)),
                }
            }
        }
        for h in &doc.house {
            assert!(has_key(h.key), "{}", h.key);
            assert!(!h.value.is_empty() && !h.value.contains("::"), "{}", h.key);
            assert_in(lang, &format!("{}: {}", h.label, h.value), what);
        }
    };
    for e in crate::catalog::entries() {
        let Some(rules) = defaults(e.id()) else {
            assert!(!e.available(), "{} has no rules page", e.id());
            continue;
        };
        let (de, en) = (rules(Lang::De), rules(Lang::En));
        let what = format!("rules page {}", e.id());
        assert!(
            de.sections.len() >= 7,
            "{what}: {} sections",
            de.sections.len()
        );
        assert!(!de.house.is_empty(), "{what}");
        assert_eq!(de.house.len(), en.house.len(), "{what}");
        assert_ne!(de.text(), en.text(), "{what}");
        check(&de, Lang::De, &what);
        check(&en, Lang::En, &what);
    }
}
