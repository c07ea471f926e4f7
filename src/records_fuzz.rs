//! Property test of the stored-record readers: mutated and oversized records of every kind
//! (statistics list and entries, settings, the coach's list, hand orders, the saves index,
//! saves) go to every loader. None may panic, an oversized record is read in time, and
//! reading a list with one mutated entry leaves every other entry as it was.
//!
//! Normal run: 10,000 records of each kind. Long run:
//! `KR_FUZZ_RECORDS=100000 cargo test -p kartenrunde --lib records`

use crate::components::coach;
use crate::play::stats::*;
use crate::settings::{Settings, MAX_BOT_DELAY_MS};
use crate::storage::{self, bundle};
use engine::SeatKind;
use serde_json::{json, Value};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

/// Records per kind (`KR_FUZZ_RECORDS`, default 10,000).
fn count() -> usize {
    std::env::var("KR_FUZZ_RECORDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

/// xorshift64*: small, seeded, the same records on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, in_n: usize) -> bool {
        self.below(in_n) == 0
    }
}

/// Runs `f` on `input`; a panic fails the test with the input that caused it.
fn no_panic<T>(kind: &str, input: &str, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(_) => {
            let shown: String = input.chars().take(400).collect();
            panic!("{kind}: the reader panicked on {shown:?}");
        }
    }
}

/// One to four byte mutations of `text` (see [`engine::fuzz::mutate_bytes`]).
fn mutate_bytes(rng: &mut Rng, text: &str) -> String {
    let mut g = engine::GameRng::seed_from_u64(rng.next());
    String::from_utf8_lossy(&engine::fuzz::mutate_bytes(&mut g, text)).into_owned()
}

/// A value that should not be where it is put: wrong types, extremes, oversized strings and
/// lists, deep nesting, unknown codes.
fn odd_value(rng: &mut Rng) -> Value {
    match rng.below(16) {
        0 => Value::Null,
        1 => json!(-1),
        2 => json!(1e300),
        3 => json!(u64::MAX),
        4 => json!(i64::MIN),
        5 => json!("x"),
        6 => json!([]),
        7 => json!({}),
        8 => json!("y".repeat(20_000 + rng.below(20_000))),
        9 => Value::Array(vec![json!(1); 2_000 + rng.below(4_000)]),
        10 => json!("legendary"),
        11 => json!(["human", "bot:9", "hard"]),
        12 => json!(0),
        13 => json!(true),
        14 => {
            let mut v = json!(1);
            for _ in 0..1 + rng.below(60) {
                v = json!([v]);
            }
            v
        }
        _ => json!(-0.5),
    }
}

/// A mutation of a JSON object: a field removed, replaced by an odd value, an array
/// lengthened, shortened or given an odd element, an unknown field added; or the object
/// replaced by an odd value.
fn mutate_value(rng: &mut Rng, v: &Value) -> Value {
    let mut v = v.clone();
    let Some(map) = v.as_object_mut() else {
        return odd_value(rng);
    };
    let keys: Vec<String> = map.keys().cloned().collect();
    if keys.is_empty() {
        return odd_value(rng);
    }
    let key = keys[rng.below(keys.len())].clone();
    match rng.below(7) {
        0 => {
            map.remove(&key);
        }
        1 | 2 => {
            map.insert(key, odd_value(rng));
        }
        3 => {
            if let Some(Value::Array(a)) = map.get_mut(&key) {
                let extra = a.first().cloned().unwrap_or(Value::Null);
                a.push(extra);
            }
        }
        4 => {
            if let Some(Value::Array(a)) = map.get_mut(&key) {
                a.pop();
            }
        }
        5 => {
            if let Some(Value::Array(a)) = map.get_mut(&key) {
                if !a.is_empty() {
                    let i = rng.below(a.len());
                    a[i] = [
                        json!(0),
                        json!(99),
                        json!(-3),
                        json!(usize::MAX),
                        odd_value(rng),
                    ][rng.below(5)]
                    .clone();
                }
            }
        }
        6 => {
            map.insert("kuenftig".into(), odd_value(rng));
        }
        _ => return odd_value(rng),
    }
    v
}

fn good_result(rng: &mut Rng, i: usize) -> MatchResult {
    let seats = 2 + rng.below(4);
    let kinds: Vec<SeatKind> = (0..seats)
        .map(|s| {
            if s == 0 {
                SeatKind::Human
            } else {
                SeatKind::all()[rng.below(5)]
            }
        })
        .collect();
    let names: Vec<String> = (0..seats).map(|s| format!("Spieler {s}")).collect();
    let scores: Vec<i32> = (0..seats).map(|_| rng.below(300) as i32 - 100).collect();
    let higher = rng.chance(2);
    let standings = engine::game::places(&scores, higher);
    let variants: Vec<&str> = engine::games::VARIANTS
        .iter()
        .filter(|v| v.game.is_some())
        .map(|v| v.id)
        .collect();
    MatchResult::new(
        &format!("m{i}"),
        variants[rng.below(variants.len())],
        1_700_000_000_000 + i as u64,
        &names,
        &kinds,
        &standings,
        1 + rng.below(5) as u32,
    )
}

/// Everything the statistics page does with what was read.
fn use_results(results: &[MatchResult]) {
    let _ = summarize(results);
    let _ = to_csv(results, |v| v.to_string());
    for r in results {
        let _ = (r.won(), r.you());
        for s in 0..r.scores.len() {
            let _ = (r.score(s), r.place(s));
        }
    }
}

#[test]
fn records_stats_list_one_mutated_entry_leaves_the_others_unchanged() {
    let mut rng = Rng(0x5EED_57A7);
    for round in 0..count() {
        let n = 1 + rng.below(6);
        let good: Vec<MatchResult> = (0..n).map(|i| good_result(&mut rng, i)).collect();
        let m = rng.below(n);
        let base = serde_json::to_string(&good[m]).unwrap();
        let mutated = if rng.chance(3) {
            mutate_bytes(&mut rng, &base)
        } else {
            let v = serde_json::to_value(&good[m]).unwrap();
            serde_json::to_string(&mutate_value(&mut rng, &v)).unwrap()
        };
        let sep = [",", ", ", " ,\n"][rng.below(3)];
        let items: Vec<String> = (0..n)
            .map(|i| {
                if i == m {
                    mutated.clone()
                } else {
                    serde_json::to_string(&good[i]).unwrap()
                }
            })
            .collect();
        let text = format!("[{}]", items.join(sep));
        let stored = no_panic("stats", &text, || parse(Some(&text)));
        no_panic("stats (page)", &text, || use_results(&stored.results()));
        if stored.damaged {
            // Only a text that is no JSON list at all is damaged.
            assert!(
                serde_json::from_str::<Value>(&text).is_err(),
                "round {round}: a JSON list read as damaged: {text:.300}"
            );
            assert!(stored.entries.is_empty());
            continue;
        }
        let e = &stored.entries;
        assert!(e.len() + 1 >= n, "round {round}: entries lost: {text:.300}");
        let tail = n - 1 - m;
        for (i, r) in good[..m].iter().enumerate() {
            assert_eq!(e[i], Entry::Counted(r.clone()), "round {round}: entry {i}");
        }
        for (j, r) in good[m + 1..].iter().enumerate() {
            let at = e.len() - tail + j;
            assert_eq!(
                e[at],
                Entry::Counted(r.clone()),
                "round {round}: entry {at}"
            );
        }
        for entry in &e[m..e.len() - tail] {
            match entry {
                Entry::Counted(r) => assert_eq!(r.check(), Ok(()), "round {round}"),
                Entry::Kept { raw, .. } => assert!(mutated.contains(raw.as_str())),
            }
        }
        // A new result: every entry, counted or kept, is written back in its place.
        let mut again = stored.clone();
        again.add(good_result(&mut rng, 1000));
        let out = again.encode();
        for entry in e {
            if let Entry::Kept { raw, .. } = entry {
                assert!(out.contains(raw.as_str()), "round {round}: {raw:.200} lost");
            }
        }
        let back = parse(Some(&out));
        assert!(
            !back.damaged,
            "round {round}: written back as damaged: {out:.300}"
        );
        assert_eq!(back.entries[..e.len()], e[..], "round {round}");
        // Now and then through storage, as the app records it.
        if round % 50 == 0 {
            storage::set(KEY, &text);
            assert!(record(good_result(&mut rng, 2000)));
            assert_eq!(
                parse(storage::get(KEY).as_deref()).entries[..e.len()],
                e[..],
                "round {round}"
            );
            storage::remove(KEY);
        }
    }
}

#[test]
fn records_stats_value_that_is_no_list_is_kept_aside() {
    let mut rng = Rng(0xDA4A_6ED0);
    let good = serde_json::to_string(&good_result(&mut rng, 0)).unwrap();
    for round in 0..count() / 10 {
        let text = match rng.below(3) {
            0 => mutate_bytes(&mut rng, &format!("[{good}]")),
            1 => serde_json::to_string(&odd_value(&mut rng)).unwrap(),
            _ => format!("{{\"list\":[{good}]}}"),
        };
        for k in [KEY, DAMAGED_KEY] {
            storage::remove(k);
        }
        storage::set(KEY, &text);
        let before = no_panic("stats", &text, load);
        assert!(no_panic("stats", &text, || record(good_result(
            &mut rng, 999_999
        ))));
        if before.damaged {
            assert_eq!(storage::get(DAMAGED_KEY).as_deref(), Some(text.as_str()));
        } else {
            assert_eq!(storage::get(DAMAGED_KEY), None, "round {round}");
        }
        let after = load();
        assert!(!after.damaged && after.entries.len() == before.entries.len() + 1);
    }
    for k in [KEY, DAMAGED_KEY] {
        storage::remove(k);
    }
}

#[test]
fn records_settings_one_mutated_field_leaves_the_others() {
    let mut rng = Rng(0x5E77_1265);
    for round in 0..count() {
        let mine = Settings {
            lang: [crate::i18n::Lang::De, crate::i18n::Lang::En][rng.below(2)],
            deck: [
                crate::settings::DeckColours::Two,
                crate::settings::DeckColours::Four,
            ][rng.below(2)],
            motion: [
                crate::settings::Motion::System,
                crate::settings::Motion::Reduced,
                crate::settings::Motion::Full,
            ][rng.below(3)],
            bot_delay_ms: rng.below(3000) as u32,
        };
        let v = serde_json::to_value(&mine).unwrap();
        let byte_level = rng.chance(3);
        let text = if byte_level {
            mutate_bytes(&mut rng, &v.to_string())
        } else {
            mutate_value(&mut rng, &v).to_string()
        };
        let read = no_panic("settings", &text, || Settings::parse(Some(&text)));
        assert!(read.bot_delay_ms <= MAX_BOT_DELAY_MS, "round {round}");
        if byte_level {
            continue;
        }
        // Every field the mutation did not touch reads as it was stored.
        let Ok(Value::Object(map)) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        let same = |f: &str| map.get(f) == v.get(f);
        assert!(
            !same("lang") || read.lang == mine.lang,
            "round {round}: {text}"
        );
        assert!(
            !same("deck") || read.deck == mine.deck,
            "round {round}: {text}"
        );
        assert!(
            !same("motion") || read.motion == mine.motion,
            "round {round}"
        );
        assert!(!same("bot_delay_ms") || read.bot_delay_ms == mine.bot_delay_ms);
    }
}

#[test]
fn records_coach_list_one_mutated_entry_leaves_the_others() {
    let mut rng = Rng(0x000C_0AC4);
    let families: Vec<&str> = engine::games::GAMES.iter().map(|g| g.name).collect();
    for round in 0..count() {
        let n = 1 + rng.below(4);
        let mut items: Vec<Value> = (0..n).map(|i| json!(families[i])).collect();
        let m = rng.below(n);
        let byte_level = rng.chance(3);
        let text = if byte_level {
            mutate_bytes(&mut rng, &Value::Array(items).to_string())
        } else {
            items[m] = odd_value(&mut rng);
            Value::Array(items).to_string()
        };
        let seen = no_panic("coach", &text, || coach::parse_seen(Some(&text)));
        assert!(seen.iter().all(|f| !f.is_empty() && f.len() <= 32));
        if !byte_level && text.len() <= 16 * 1024 {
            for (i, f) in families[..n].iter().enumerate() {
                if i != m {
                    assert!(seen.iter().any(|s| s == f), "round {round}: {f} lost");
                }
            }
        }
    }
}

#[test]
fn records_hand_order_is_bounded_and_deduplicated() {
    let mut rng = Rng(0x0004_A2D0);
    for round in 0..count() {
        let ids: Vec<u16> = (0..rng.below(120)).map(|_| rng.below(200) as u16).collect();
        let base = serde_json::to_string(&ids).unwrap();
        let text = match rng.below(4) {
            0 => odd_value(&mut rng).to_string(),
            1 => {
                let long: Vec<u32> = (0..500 + rng.below(30)).map(|i| i as u32 * 7).collect();
                serde_json::to_string(&long).unwrap()
            }
            _ => mutate_bytes(&mut rng, &base),
        };
        let order = no_panic("hand order", &text, || {
            storage::parse_hand_order(Some(&text))
        });
        let mut unique = std::collections::HashSet::new();
        assert!(order.iter().all(|id| unique.insert(*id)), "round {round}");
        assert!(order.len() <= 512);
        // What reads as a list of ids of a hand's size reads as that list, deduplicated.
        if let Ok(list) = serde_json::from_str::<Vec<u16>>(&text) {
            if list.len() <= 512 {
                let mut seen = std::collections::HashSet::new();
                let expect: Vec<u16> = list.into_iter().filter(|i| seen.insert(*i)).collect();
                assert_eq!(order, expect, "round {round}: {text:.200}");
            }
        }
    }
}

fn fixture_saves() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/engine/tests/fixtures");
    let mut saves: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".save.json"))
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    saves.sort();
    assert!(saves.len() >= 5, "the fixtures are there");
    saves
}

#[test]
fn records_saves_and_the_saves_index_never_panic() {
    let mut rng = Rng(0x0005_A7E5);
    let saves = fixture_saves();
    let values: Vec<Value> = saves
        .iter()
        .map(|s| serde_json::from_str(s).unwrap())
        .collect();
    for round in 0..count() {
        let pick = rng.below(saves.len());
        let text = if rng.chance(2) {
            mutate_bytes(&mut rng, &saves[pick])
        } else {
            let mut v = mutate_value(&mut rng, &values[pick]);
            if let Some(meta) = v.get_mut("meta").filter(|_| rng.chance(2)) {
                *meta = mutate_value(&mut rng, meta);
            }
            v.to_string()
        };
        no_panic("save", &text, || engine::save::read_file(&text).is_ok());

        // The saves index: entries for three stored games, one of them mutated.
        let ids: Vec<String> = (0..3).map(|i| format!("g{i}")).collect();
        let entries: Vec<Value> = ids
            .iter()
            .map(|id| {
                json!({"id": id, "variant": "romme", "title": "Partie", "players": ["Anna", "Ben"],
                    "updated_ms": 5, "finished": false})
            })
            .collect();
        let m = rng.below(3);
        let index = if rng.chance(3) {
            mutate_bytes(&mut rng, &Value::Array(entries).to_string())
        } else {
            let mut entries = entries;
            entries[m] = mutate_value(&mut rng, &entries[m]);
            Value::Array(entries).to_string()
        };
        // g0 is stored as the mutated save, g1 cannot be read, g2 is the fixture.
        let load = |id: &str| match id {
            "g0" => Some(text.clone()),
            "g2" => Some(saves[pick].clone()),
            _ => None,
        };
        let (listed, _) = no_panic("saves index", &index, || {
            bundle::reconcile(Some(&index), &ids, load)
        });
        // Every stored game is listed once, whatever the index says.
        let mut listed_ids: Vec<&str> = listed.iter().map(|e| e.id.as_str()).collect();
        listed_ids.sort_unstable();
        assert_eq!(
            listed_ids,
            ["g0", "g1", "g2"],
            "round {round}: {index:.300}"
        );
    }
}

/// Runs `f` and fails if it takes longer than `limit` (a reader that is not linear takes
/// minutes on these inputs; a linear one a fraction of a second, also unoptimised).
fn in_time(what: &str, limit: Duration, f: impl FnOnce()) {
    let t = Instant::now();
    f();
    let took = t.elapsed();
    eprintln!("TIMING {what}: {took:?}");
    assert!(took < limit, "{what}: {took:?} (limit {limit:?})");
}

#[test]
fn records_oversized_inputs_are_read_in_linear_time() {
    let mut rng = Rng(0x0B16);
    let limit = Duration::from_secs(5);
    // 20,000 results of 20,000 different variants (grouping them must not be quadratic).
    let many: Vec<String> = (0..20_000)
        .map(|i| {
            let mut r = good_result(&mut rng, i);
            r.variant = format!("v{i}");
            serde_json::to_string(&r).unwrap()
        })
        .collect();
    let list = format!("[{}]", many.join(","));
    in_time("20,000 statistics entries", limit, || {
        let stored = parse(Some(&list));
        assert_eq!(stored.results().len(), 20_000);
        assert_eq!(summarize(&stored.results()).len(), 20_000);
        let _ = to_csv(&stored.results(), |v| v.to_string());
    });
    // A 5-million-character name.
    let mut r = good_result(&mut rng, 1);
    r.names[0] = "=".repeat(5_000_000);
    let text = format!("[{}]", serde_json::to_string(&r).unwrap());
    in_time("a 5 MB name", limit, || {
        let stored = parse(Some(&text));
        assert_eq!(stored.results().len(), 1);
        let csv = to_csv(&stored.results(), |v| v.to_string());
        assert!(csv.contains(";\"'==="));
    });
    // 800,000 ids of a hand order (4.5 MB).
    let ids: Vec<u16> = (0..800_000u32).map(|i| (i % 60_000) as u16).collect();
    let order = serde_json::to_string(&ids).unwrap();
    in_time("800,000 hand ids", limit, || {
        assert!(storage::parse_hand_order(Some(&order)).is_empty());
    });
    // 512 distinct ids near the text limit read fully.
    let ids: Vec<u16> = (0..512u16).map(|i| 65_535 - i).collect();
    let order = serde_json::to_string(&ids).unwrap();
    assert_eq!(storage::parse_hand_order(Some(&order)), ids);
    // Settings and the coach's list of a few megabytes.
    let settings = format!(r#"{{"lang":"En","pad":"{}"}}"#, "x".repeat(4_000_000));
    let coach_list = format!("[{}]", vec!["\"romme\""; 500_000].join(","));
    in_time("4 MB of settings and coach list", limit, || {
        assert_eq!(Settings::parse(Some(&settings)), Settings::default());
        assert!(coach::parse_seen(Some(&coach_list)).is_empty());
    });
    // A save whose title has 1,000,000 characters.
    let save = fixture_saves()[0].clone();
    let mut v: Value = serde_json::from_str(&save).unwrap();
    if let Some(meta) = v.get_mut("meta").and_then(Value::as_object_mut) {
        meta.insert("title".into(), json!("T".repeat(1_000_000)));
    }
    let big = v.to_string();
    in_time("a save with a 1 MB title", limit, || {
        let _ = engine::save::read_file(&big);
    });
    // Deep nesting never overflows the stack: a list whose one entry is nested 100,000 deep
    // is a list with one unreadable entry (kept as it is).
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    in_time("100,000 levels of nesting", limit, || {
        let stored = parse(Some(&deep));
        assert!(!stored.damaged && stored.skipped() == 1);
        assert_eq!(stored.encode(), deep);
        assert!(storage::parse_hand_order(Some(&deep[..60_000])).is_empty());
        assert_eq!(Settings::parse(Some(&deep[..60_000])), Settings::default());
        assert!(coach::parse_seen(Some(&deep[..10_000])).is_empty());
    });
}
