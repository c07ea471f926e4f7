//! Property test of the save and link decoders: random bytes and mutated real saves and
//! links never panic and always give a clear error (or a valid game). Links of every format
//! are among the fixtures; format 4 (coded by replay) also gets its own test below.
//!
//! Normal run: 3,000 inputs. Long run (reported with the platform work):
//! `KR_FUZZ_INPUTS=100000 cargo test -p engine --profile bench-native --test decoder_fuzz -- --nocapture`

use engine::games::{load_any, open_any_link};
use engine::save::{decode_link, encode_link, read_file};
use engine::GameRng;
use std::panic::{catch_unwind, AssertUnwindSafe};

fn fixtures() -> (Vec<String>, Vec<String>) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let (mut saves, mut links) = (Vec::new(), Vec::new());
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        let name = path.to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        if name.ends_with(".save.json") {
            saves.push(text);
        } else if name.ends_with(".link.txt") {
            links.push(text.trim().to_string());
        }
    }
    (saves, links)
}

fn pick(rng: &mut GameRng, items: &[String]) -> String {
    items[rng.below(items.len() as u64) as usize].clone()
}

/// One mutation of `text` (see [`engine::fuzz::mutate_bytes`]).
fn mutate(rng: &mut GameRng, text: &str) -> Vec<u8> {
    engine::fuzz::mutate_bytes(rng, text)
}

/// A structural mutation of a save: a random number or string inside the JSON changed.
fn mutate_json(rng: &mut GameRng, text: &str) -> String {
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap();
    fn walk(v: &mut serde_json::Value, rng: &mut GameRng) {
        match v {
            serde_json::Value::Object(m) if !m.is_empty() => {
                let k = rng.below(m.len() as u64) as usize;
                if let Some((_, x)) = m.iter_mut().nth(k) {
                    walk(x, rng);
                }
            }
            serde_json::Value::Array(a) if !a.is_empty() => {
                let k = rng.below(a.len() as u64) as usize;
                if rng.below(8) == 0 {
                    a.remove(k);
                } else {
                    walk(&mut a[k], rng);
                }
            }
            _ => {
                *v = match rng.below(5) {
                    0 => serde_json::Value::Null,
                    1 => (rng.below(300) as i64 - 20).into(),
                    2 => "x".into(),
                    3 => serde_json::json!([]),
                    _ => u64::MAX.into(),
                }
            }
        }
    }
    walk(&mut v, rng);
    v.to_string()
}

#[test]
fn decoders_never_panic() {
    let count: usize = std::env::var("KR_FUZZ_INPUTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3_000);
    let (saves, links) = fixtures();
    assert!(!saves.is_empty() && !links.is_empty());
    let mut rng = GameRng::seed_from_u64(0xF022);
    let (mut panics, mut accepted, mut rejected) = (0usize, 0usize, 0usize);
    for i in 0..count {
        let save = pick(&mut rng, &saves);
        let link = pick(&mut rng, &links);
        let input: Vec<u8> = match i % 5 {
            0 => (0..rng.below(200)).map(|_| rng.below(256) as u8).collect(),
            1 => mutate(&mut rng, &save),
            2 => mutate(&mut rng, &link),
            3 => mutate_json(&mut rng, &save).into_bytes(),
            _ => {
                let json = mutate_json(&mut rng, &save);
                encode_link(&json).into_bytes()
            }
        };
        let text = String::from_utf8_lossy(&input).into_owned();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let a = load_any(&text).is_ok();
            let b = open_any_link(&text).is_ok();
            let _ = read_file(&text);
            let _ = decode_link(&text);
            a || b
        }));
        match outcome {
            Ok(true) => accepted += 1,
            Ok(false) => rejected += 1,
            Err(e) => {
                panics += 1;
                if panics <= 3 {
                    let msg = e
                        .downcast_ref::<String>()
                        .cloned()
                        .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()));
                    eprintln!(
                        "panic {msg:?} on input {i}: {:?}",
                        &text[..text.len().min(300)]
                    );
                }
            }
        }
    }
    println!(
        "decoder property test: inputs tried: {count}, rejected with an error: {rejected}, \
         still valid: {accepted}, panics: {panics}"
    );
    assert_eq!(panics, 0);
    assert!(rejected > count / 2, "mutations must mostly be caught");
}

/// Format-4 links (their log coded by replaying the game): truncated, mutated and random
/// links, and links of random payloads, give an error, never a panic.
#[test]
fn format_4_links_never_panic() {
    let (_, links) = fixtures();
    let links: Vec<String> = links.into_iter().filter(|l| l.starts_with('4')).collect();
    assert!(links.len() >= 9, "a format-4 fixture of every preset");
    let mut rng = GameRng::seed_from_u64(0xF024);
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let count: usize = std::env::var("KR_FUZZ_INPUTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_500);
    let mut panics = 0usize;
    for i in 0..count {
        let link = pick(&mut rng, &links);
        let text = match i % 3 {
            0 => link[..rng.below(link.len() as u64) as usize].to_string(),
            1 => String::from_utf8_lossy(&mutate(&mut rng, &link)).into_owned(),
            _ => {
                // The link's first characters (the save's tree), then random ones (its log).
                let keep = rng.below(link.len() as u64) as usize;
                let tail: String = (0..rng.below(200))
                    .map(|_| char::from(alphabet[rng.below(64) as usize]))
                    .collect();
                format!("{}{tail}", &link[..keep])
            }
        };
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            // A change the checksum cannot see (the coder's last bits) reads the same save.
            let same = decode_link(&text).ok() == decode_link(&link).ok();
            assert!(open_any_link(&text).is_err() || same, "{text}");
        }));
        if outcome.is_err() {
            panics += 1;
            eprintln!("panic on {text:?}");
        }
    }
    assert_eq!(panics, 0);
}
