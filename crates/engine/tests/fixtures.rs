//! Stored games must survive every update: every save and share link in `fixtures/` (written
//! by earlier builds with `cargo run -p bots --example make_fixtures -- <tag>`) must load,
//! replay and reach the same position as when it was written.
//!
//! `positions.json` records, per fixture, the digest of the replayed position and the seat
//! to move. A new fixture gets its entry with `KR_WRITE_FIXTURE_POSITIONS=1 cargo test -p
//! engine --test fixtures`; an existing entry is never rewritten.

use engine::games::{load_any, open_any_link};
use std::collections::BTreeMap;
use std::path::PathBuf;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

#[test]
fn every_fixture_loads_and_reaches_its_position() {
    let positions_path = dir().join("positions.json");
    let mut positions: BTreeMap<String, String> = std::fs::read_to_string(&positions_path)
        .ok()
        .map(|t| serde_json::from_str(&t).expect("positions.json"))
        .unwrap_or_default();
    let write = std::env::var_os("KR_WRITE_FIXTURE_POSITIONS").is_some();
    let mut names: Vec<String> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".save.json") || n.ends_with(".link.txt"))
        .collect();
    names.sort();
    // 7 presets of wave 1, each a save and a link
    assert!(names.len() >= 14, "{names:?}");
    let mut missing = Vec::new();
    for name in &names {
        let text = std::fs::read_to_string(dir().join(name)).unwrap();
        // Links of waves 1-3 are formats 1/2, of wave 4 packed (format 3, issue 27), of
        // wave 5 on coded by replay (format 4, issue 27).
        if name.ends_with(".link.txt") {
            let format = text.chars().next();
            let wave: u32 = name
                .split('.')
                .find_map(|part| part.strip_prefix("wave")?.parse().ok())
                .unwrap_or_else(|| panic!("{name}: a wave's tag"));
            match wave {
                1..=3 => assert!(matches!(format, Some('1' | '2')), "{name}"),
                4 => assert_eq!(format, Some('3'), "{name}"),
                _ => assert_eq!(format, Some('4'), "{name}"),
            }
        }
        let loaded = if name.ends_with(".link.txt") {
            open_any_link(text.trim())
        } else {
            load_any(&text)
        }
        .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        assert!(!loaded.game.is_over(), "{name}: stored mid-game");
        assert!(loaded.moves > 0, "{name}");
        let preset = name.split('.').next().unwrap();
        assert_eq!(loaded.meta.variant, preset, "{name}");
        let got = format!(
            "{} to_move={:?}",
            loaded.game.position().digest(),
            loaded.game.to_move()
        );
        match positions.get(name) {
            Some(expected) => assert_eq!(&got, expected, "{name}: replayed position changed"),
            None => missing.push((name.clone(), got)),
        }
    }
    if write {
        positions.extend(missing.iter().cloned());
        std::fs::write(
            &positions_path,
            serde_json::to_string_pretty(&positions).unwrap() + "\n",
        )
        .unwrap();
    } else {
        assert!(
            missing.is_empty(),
            "fixtures without a position: {missing:?}"
        );
    }
    // A save and the link of the same game reach the same position.
    for name in names.iter().filter(|n| n.ends_with(".save.json")) {
        let link = name.replace(".save.json", ".link.txt");
        if let (Some(a), Some(b)) = (positions.get(name), positions.get(&link)) {
            assert_eq!(a, b, "{name} vs {link}");
        }
    }
}

/// Saves and links of real games (every catalog entry, random legal play to random points)
/// load back to the same position; an undo replays to the earlier position.
#[test]
fn real_games_round_trip_through_saves_and_links() {
    use engine::games::{options_of, with_game, GameVisitor, Listed, VariantInfo, VARIANTS};
    use engine::save::{save, share_link, Record, SaveMeta};
    use engine::{Game, GameRng};

    fn check<G: Game>(options: G::Options, seats: usize, variant: &str) {
        for seed in 0..6u64 {
            let mut rng = GameRng::seed_from_u64(seed);
            let mut record = Record::<G>::new(options.clone(), seats, seed);
            let mut game = record.start().unwrap();
            let steps = 5 + rng.below(80) as usize;
            let mut half = None;
            for step in 0..steps {
                let Some(seat) = game.to_move() else { break };
                let legal = game.legal_actions(seat);
                let a = legal[rng.below(legal.len() as u64) as usize].clone();
                record.play(&mut game, seat, a).unwrap();
                if step == steps / 2 {
                    half = Some((record.log.len(), game.position()));
                }
            }
            let meta = SaveMeta {
                variant: variant.into(),
                ..SaveMeta::default()
            };
            let json = save(&record, &game, &meta).unwrap();
            let loaded = load_any(&json).unwrap();
            assert_eq!(loaded.game.position(), game.position(), "{variant} {seed}");
            let link = share_link(&record, &meta).unwrap();
            // Format 4 where the replay codes it shorter, else format 3.
            assert!(matches!(&link[..1], "3" | "4"), "{variant} {seed}: packed");
            let opened = open_any_link(&link).unwrap();
            assert_eq!(opened.meta, meta, "{variant} {seed}");
            assert_eq!(opened.moves, record.log.len(), "{variant} {seed}");
            assert_eq!(opened.game.position(), game.position(), "{variant} {seed}");
            if let Some((len, position)) = half {
                let earlier = record.clone().undo_to(len).unwrap();
                assert_eq!(earlier.position(), position, "{variant} {seed}");
            }
        }
    }

    /// The entry's preset at its usual and its largest table.
    struct Check(&'static VariantInfo);
    impl GameVisitor for Check {
        type Out = ();
        fn visit<G: Listed>(self) {
            let options = options_of::<G>(self.0).unwrap();
            let mut tables = vec![self.0.default_players, self.0.max_players];
            tables.dedup();
            for seats in tables {
                check::<G>(options.clone(), seats, self.0.id);
            }
        }
    }
    for v in VARIANTS {
        if let Some(game) = v.game {
            with_game(game, Check(v)).unwrap();
        }
    }
}

/// Matches begun before the seed's rules of issue 25 finish under the rules they began with:
/// the joker exchange after one's own first meld, the Räuber upcard laid off or melded, the
/// Räuber opening counting only what was added.
#[test]
fn old_romme_saves_keep_their_rules() {
    use engine::romme::{DiscardDraw, RaeuberOpening, Romme};
    use engine::Game;
    for name in [
        "romme.wave2.save.json",
        "romme_anlegen.wave1.save.json",
        "romme_anlegen.wave2.save.json",
        "romme_raeuber.wave1.save.json",
        "romme_raeuber.wave2.save.json",
    ] {
        let text = std::fs::read_to_string(dir().join(name)).unwrap();
        let (_, game) =
            engine::save::load::<Romme>(&text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let o = game.options();
        assert!(o.exchange_needs_first_meld, "{name}");
        assert_eq!(
            o.raeuber_opening_counts,
            RaeuberOpening::AddedOnly,
            "{name}"
        );
        if name.starts_with("romme_raeuber") {
            assert_eq!(o.draw_from_discard, DiscardDraw::OnlyIfMelded, "{name}");
        }
    }
    // A new match plays by the seed.
    let new = engine::romme::Preset::Raeuber.options();
    assert!(!new.exchange_needs_first_meld);
    assert_eq!(new.draw_from_discard, DiscardDraw::IntoNewMeld);
    assert_eq!(new.raeuber_opening_counts, RaeuberOpening::Reused);
}
