//! Save, load, undo and link tests with the harness toy game.

use super::link::{base64url_decode, base64url_encode, fnv1a};
use super::*;
use crate::harness::toy::{Toy, ToyAction, ToyOptions};
use crate::rng::GameRng;

fn meta() -> SaveMeta {
    SaveMeta {
        title: "Freitagsrunde".into(),
        created_ms: 1_700_000_000_000,
        updated_ms: 1_700_000_100_000,
        player_names: vec!["Anna".into(), "Ben".into(), "Cem".into()],
        variant: "toy".into(),
        seat_kinds: vec![
            SeatKind::Human,
            SeatKind::Bot(BotLevel::Easy),
            SeatKind::Bot(BotLevel::Normal),
        ],
        finished: false,
        by_link: false,
        again: None,
        hints: None,
        hints_used: false,
    }
}

/// A record and state after `steps` random actions.
fn played(seed: u64, steps: usize) -> (Record<Toy>, Toy) {
    let mut record = Record::<Toy>::new(ToyOptions::default(), 3, seed);
    let mut game = record.start().unwrap();
    let mut rng = GameRng::seed_from_u64(seed);
    for _ in 0..steps {
        let Some(seat) = game.to_move() else { break };
        let legal = game.legal_actions(seat);
        let action = legal[rng.below(legal.len() as u64) as usize].clone();
        record.play(&mut game, seat, action).unwrap();
    }
    (record, game)
}

fn state_json(g: &Toy) -> String {
    serde_json::to_string(g).unwrap()
}

#[test]
fn save_and_load_round_trip() {
    for seed in 0..20 {
        let (record, game) = played(seed, seed as usize);
        let json = save(&record, &game, &meta()).unwrap();
        let (back, state, m) = load_with_meta::<Toy>(&json).unwrap();
        assert_eq!(back, record);
        assert_eq!(state_json(&state), state_json(&game));
        assert_eq!(m, meta());
        let file = read_file(&json).unwrap();
        assert_eq!(file.version, SAVE_VERSION);
        assert_eq!(file.game, "toy");
    }
}

/// The save written straight from the record is the same JSON document as one built through
/// a `SaveFile` with the record as a `Value` (the format before the direct write).
#[test]
fn direct_write_is_the_savefile_document() {
    for seed in 0..10 {
        let (record, game) = played(seed, 3 * seed as usize);
        let json = save(&record, &game, &meta()).unwrap();
        let file = SaveFile {
            version: SAVE_VERSION,
            game: "toy".into(),
            record: serde_json::to_value(&record).unwrap(),
            digest: Some(game.position().digest()),
            meta: meta(),
            migrated: None,
        };
        let direct: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(direct, serde_json::to_value(&file).unwrap());
    }
}

/// The autosave writes in pieces: the same bytes as `save`.
#[test]
fn save_in_pieces_is_the_same_document() {
    struct Pieces(Vec<Vec<u8>>);
    impl std::io::Write for Pieces {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.push(b.to_vec());
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    for seed in 0..6 {
        let (record, game) = played(seed, 2 * seed as usize);
        let mut out = Pieces(Vec::new());
        save_to(&record, &game, &meta(), &mut out).unwrap();
        assert!(out.0.len() > 1);
        assert_eq!(
            out.0.concat(),
            save(&record, &game, &meta()).unwrap().into_bytes()
        );
    }
}

#[test]
fn finished_game_round_trips() {
    let (record, game) = played(4, 1000);
    assert!(game.to_move().is_none());
    let json = save(&record, &game, &meta()).unwrap();
    let (back, state) = load::<Toy>(&json).unwrap();
    assert_eq!(back.log.len(), 24); // 12 cards, each taken and discarded
    assert!(state.to_move().is_none());
}

fn edit(json: &str, f: impl FnOnce(&mut Value)) -> String {
    let mut v: Value = serde_json::from_str(json).unwrap();
    f(&mut v);
    serde_json::to_string(&v).unwrap()
}

#[test]
fn versions_are_checked() {
    let (record, game) = played(1, 5);
    let json = save(&record, &game, &meta()).unwrap();
    let future = edit(&json, |v| v["version"] = 3.into());
    assert_eq!(
        load::<Toy>(&future).unwrap_err(),
        SaveError::UnsupportedVersion {
            found: 3,
            supported: 2
        }
    );
    // a future version may change the shape completely: still a version error
    let reshaped = r#"{"version": 7, "everything": "different"}"#;
    assert!(matches!(
        load::<Toy>(reshaped),
        Err(SaveError::UnsupportedVersion { found: 7, .. })
    ));
    let zero = edit(&json, |v| v["version"] = 0.into());
    assert!(matches!(
        load::<Toy>(&zero),
        Err(SaveError::UnsupportedVersion { found: 0, .. })
    ));
    let missing = edit(&json, |v| {
        v.as_object_mut().unwrap().remove("version");
    });
    assert!(matches!(
        load::<Toy>(&missing),
        Err(SaveError::Malformed { .. })
    ));
    let text = edit(&json, |v| v["version"] = "1".into());
    assert!(matches!(
        load::<Toy>(&text),
        Err(SaveError::Malformed { .. })
    ));
}

#[test]
fn malformed_and_foreign_saves_are_rejected() {
    for bad in ["", "\u{7b}", "null", "[]", "42", "{\"version\":1}", "\u{0}"] {
        assert!(
            matches!(load::<Toy>(bad), Err(SaveError::Malformed { .. })),
            "{bad:?}"
        );
    }
    let (record, game) = played(2, 5);
    let json = save(&record, &game, &meta()).unwrap();
    let other = edit(&json, |v| v["game"] = "romme".into());
    assert_eq!(
        load::<Toy>(&other).unwrap_err(),
        SaveError::WrongGame {
            found: "romme".into(),
            expected: "toy".into()
        }
    );
    let bad_record = edit(&json, |v| v["record"]["seed"] = "x".into());
    assert!(matches!(
        load::<Toy>(&bad_record),
        Err(SaveError::Malformed { .. })
    ));
    let bad_setup = edit(&json, |v| v["record"]["seats"] = 9.into());
    assert!(matches!(
        load::<Toy>(&bad_setup),
        Err(SaveError::Setup {
            error: RuleError::PlayerCount { .. }
        })
    ));
}

#[test]
fn illegal_logged_action_is_rejected_with_its_index() {
    let (mut record, _) = played(3, 6);
    // seat 0 is not to move at step 1, and no card 99 exists
    record
        .log
        .insert(1, (0, ToyAction::Discard(crate::card::CardId(99))));
    let game = Toy::new(&record.options, 3, 3).unwrap();
    let json = save(&record, &game, &meta()).unwrap();
    assert!(matches!(
        load::<Toy>(&json),
        Err(SaveError::IllegalAction { index: 1, .. })
    ));
}

#[test]
fn snapshot_mismatch_is_detected() {
    let (record, game) = played(5, 8);
    let json = save(&record, &game, &meta()).unwrap();
    let tampered = edit(&json, |v| v["digest"] = "0123456789abcdef".into());
    assert_eq!(
        load::<Toy>(&tampered).unwrap_err(),
        SaveError::SnapshotMismatch
    );
    // a snapshot of an earlier state
    let (short, earlier) = played(5, 3);
    assert_eq!(short.log.len(), 3);
    let stale = save(&record, &earlier, &meta()).unwrap();
    assert_eq!(
        load::<Toy>(&stale).unwrap_err(),
        SaveError::SnapshotMismatch
    );
}

#[test]
fn undo_truncates_and_replays() {
    let (mut record, game) = played(6, 10);
    let (_, at_four) = played(6, 4);
    assert_eq!(
        record.undo_to(11).unwrap_err(),
        SaveError::UndoBeyondLog {
            requested: 11,
            len: 10
        }
    );
    assert_eq!(record.log.len(), 10);
    let same = record.undo_to(10).unwrap();
    assert_eq!(state_json(&same), state_json(&game));
    let back = record.undo_to(4).unwrap();
    assert_eq!(record.log.len(), 4);
    assert_eq!(state_json(&back), state_json(&at_four));
    let start = record.undo_to(0).unwrap();
    assert_eq!(state_json(&start), state_json(&record.start().unwrap()));
}

#[test]
fn undo_keeps_record_when_replay_fails() {
    let (mut record, _) = played(7, 6);
    record.log[2].1 = ToyAction::Discard(crate::card::CardId(99));
    let before = record.clone();
    assert!(matches!(
        record.undo_to(5),
        Err(SaveError::IllegalAction { index: 2, .. })
    ));
    assert_eq!(record, before);
}

#[test]
fn play_logs_only_accepted_actions() {
    let mut record = Record::<Toy>::new(ToyOptions::default(), 2, 1);
    let mut game = record.start().unwrap();
    assert!(record.play(&mut game, 1, ToyAction::Take).is_err());
    assert!(record.log.is_empty());
    record.play(&mut game, 0, ToyAction::Take).unwrap();
    assert_eq!(record.log, vec![(0, ToyAction::Take)]);
}

#[test]
fn base64url_matches_rfc_4648_vectors() {
    let vectors = [
        ("", ""),
        ("f", "Zg"),
        ("fo", "Zm8"),
        ("foo", "Zm9v"),
        ("foob", "Zm9vYg"),
        ("fooba", "Zm9vYmE"),
        ("foobar", "Zm9vYmFy"),
    ];
    for (plain, encoded) in vectors {
        assert_eq!(base64url_encode(plain.as_bytes()), encoded);
        assert_eq!(base64url_decode(encoded).unwrap(), plain.as_bytes());
    }
    // the URL-safe symbols
    assert_eq!(base64url_encode(&[0xfb, 0xff]), "-_8");
    assert_eq!(base64url_decode("-_8").unwrap(), [0xfb, 0xff]);
    // non-canonical padding bits
    assert!(base64url_decode("Zh").is_err());
    let mut rng = GameRng::seed_from_u64(11);
    for len in 0..200 {
        let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
        assert_eq!(base64url_decode(&base64url_encode(&bytes)).unwrap(), bytes);
    }
}

#[test]
fn share_links_round_trip() {
    let (record, game) = played(8, 12);
    let link = share_link(&record, &meta()).unwrap();
    assert!(link
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
    let (back, state, m) = open_link::<Toy>(&link).unwrap();
    assert_eq!(back, record);
    assert_eq!(state_json(&state), state_json(&game));
    assert_eq!(m, meta());
    // full saves travel too, including non-ASCII text
    let mut m = meta();
    m.title = "Spieleabend bei Jürgen ♥".into();
    let json = save(&record, &game, &m).unwrap();
    let link = encode_link(&json);
    assert!(link.starts_with('3'), "a save is packed");
    let older = encode_link_v2(&json);
    assert!(older.starts_with('2'), "formats 1 and 2: a save compresses");
    assert_eq!(decode_link(&older).unwrap(), json);
    assert!(
        link.len() * 2 < older.len(),
        "{} vs {}",
        link.len(),
        older.len()
    );
    // format 3 gives the same tree (keys sorted): the same save
    let value = |t: &str| serde_json::from_str::<serde_json::Value>(t).unwrap();
    assert_eq!(value(&decode_link(&link).unwrap()), value(&json));
    assert_eq!(
        load_with_meta::<Toy>(&decode_link(&link).unwrap())
            .unwrap()
            .2,
        m
    );
    // short texts and texts that are not JSON stay plain
    assert!(encode_link("{}").starts_with('1'));
    for text in ["", "x", "{}", "äöü", "[1,2,3]", "[1,2"] {
        assert_eq!(decode_link(&encode_link(text)).unwrap(), text);
    }
}

#[test]
fn packed_links_that_are_damaged_are_bad_links() {
    let (record, _) = played(9, 7);
    let link = share_link(&record, &meta()).unwrap();
    assert!(link.starts_with('3'));
    let is_bad = |s: &str| matches!(decode_link(s), Err(SaveError::BadLink { .. }));
    for end in 0..link.len() {
        assert!(is_bad(&link[..end]), "truncated at {end}");
    }
    let mut rng = GameRng::seed_from_u64(13);
    for _ in 0..2000 {
        let bytes = crate::fuzz::mutate_bytes(&mut rng, &link);
        let s = String::from_utf8_lossy(&bytes);
        if s != link {
            assert!(is_bad(&s), "{s}");
        }
        let noise: String = (0..rng.below(60))
            .map(|_| char::from(b"3ABZaz09-_"[rng.below(10) as usize]))
            .collect();
        if noise.len() % 4 != 1 {
            assert!(is_bad(&noise), "{noise}");
        }
    }
}

#[test]
fn damaged_links_are_errors() {
    let (record, _) = played(9, 7);
    let link = share_link(&record, &meta()).unwrap();
    let is_bad = |s: &str| matches!(decode_link(s), Err(SaveError::BadLink { .. }));
    assert!(is_bad(""));
    assert!(is_bad("1"));
    assert!(is_bad("3Zm9v"));
    assert!(is_bad("4Zm9v"));
    assert!(is_bad("2Zm9v"));
    assert!(is_bad(&format!("{link}=")));
    assert!(is_bad(&format!("{}+{}", &link[..1], &link[2..])));
    assert!(is_bad(&format!("{link} ")));
    assert!(is_bad("1ä€"));
    // every truncation fails
    for end in 0..link.len() {
        assert!(is_bad(&link[..end]), "truncated at {end}");
    }
    // every single-character change fails (checksum)
    let bytes = link.as_bytes();
    for i in 1..bytes.len() {
        let mut changed = bytes.to_vec();
        changed[i] = if changed[i] == b'x' { b'y' } else { b'x' };
        let s = String::from_utf8(changed).unwrap();
        assert!(decode_link(&s).is_err(), "changed at {i}");
    }
}

#[test]
fn random_garbage_never_panics() {
    let mut rng = GameRng::seed_from_u64(12);
    let alphabet: Vec<char> = "1AZaz09-_=+/ .{}\"é🃏".chars().collect();
    for _ in 0..3000 {
        let len = rng.below(40) as usize;
        let s: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len() as u64) as usize])
            .collect();
        let _ = decode_link(&s);
        let _ = open_link::<Toy>(&s);
        let _ = load::<Toy>(&s);
    }
    // valid links of garbage JSON: decode fine, then fail to load with a typed error
    for text in ["not json", "{}", "{\"version\":1,\"game\":\"toy\"}"] {
        let link = encode_link(text);
        let back = decode_link(&link).unwrap();
        match serde_json::from_str::<serde_json::Value>(text) {
            Ok(v) => assert_eq!(serde_json::from_str::<serde_json::Value>(&back).unwrap(), v),
            Err(_) => assert_eq!(back, text),
        }
        assert!(matches!(
            open_link::<Toy>(&link),
            Err(SaveError::Malformed { .. })
        ));
    }
}

#[test]
fn checksum_is_fnv1a_32() {
    assert_eq!(fnv1a(b""), 0x811c_9dc5);
    assert_eq!(fnv1a(b"a"), 0xe40c_292c);
    assert_eq!(fnv1a(b"foobar"), 0xbf9c_f968);
}

#[test]
fn seat_kinds_read_the_wave_1_strings() {
    let kinds: Vec<SeatKind> = serde_json::from_str(r#"["human","easy","normal"]"#).unwrap();
    assert_eq!(kinds, meta().seat_kinds);
    assert_eq!(
        serde_json::to_string(&kinds).unwrap(),
        r#"["human","easy","normal"]"#
    );
    assert!(serde_json::from_str::<Vec<SeatKind>>(r#"["robot"]"#).is_err());
}

#[test]
fn version_1_saves_are_migrated_and_replayed() {
    let (record, game) = played(7, 9);
    let v1 = serde_json::json!({
        "version": 1,
        "game": "toy",
        "record": serde_json::to_value(&record).unwrap(),
        "snapshot": serde_json::to_value(&game).unwrap(),
        "meta": serde_json::to_value(meta()).unwrap(),
    })
    .to_string();
    let file = read_file(&v1).unwrap();
    assert_eq!(file.version, SAVE_VERSION);
    assert_eq!(file.migrated.as_ref().map(|m| m.from_version), Some(1));
    let (back, state, m) = load_with_meta::<Toy>(&v1).unwrap();
    assert_eq!(back, record);
    assert_eq!(state_json(&state), state_json(&game));
    assert_eq!(m, meta());
    // Unknown fields (written by a later build of the same version) are ignored and missing
    // meta fields take defaults.
    let json = save(&record, &game, &meta()).unwrap();
    let extra = edit(&json, |v| {
        v["meta"].as_object_mut().unwrap().remove("finished");
        v["future_field"] = 1.into();
    });
    assert!(load::<Toy>(&extra).is_ok());
}
