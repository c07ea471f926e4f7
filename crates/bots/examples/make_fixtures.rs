//! Writes a save and a share link for every preset, mid-deal, into
//! `crates/engine/tests/fixtures/`. Fixtures are written once by a given build and then kept
//! forever: the fixture test loads every one of them with every later build.
//!
//! `cargo run -p bots --example make_fixtures -- <tag> [game]` writes
//! `<preset>.<tag>.save.json` and `<preset>.<tag>.link.txt` (existing files are never
//! overwritten); with `game` (an engine name, e.g. `profisort`) only that game's presets.
//! The bots are the normal level's ([`bots::bot_for`]), one per seat.

use engine::abluxxen::Abluxxen;
use engine::games::{find_variant, variant_options, Listed};
use engine::karussell::Karussell;
use engine::profisort::ProfiSort;
use engine::romme::Romme;
use engine::save::{save, share_link, Record, SaveMeta};
use engine::{BotLevel, SeatKind};
use std::path::Path;

/// One preset's fixture: its save title, seats, seed, the bot decisions played, and the
/// tags written before the game had fixtures (which skip it).
struct Fixture {
    variant: &'static str,
    title: &'static str,
    seats: usize,
    seed: u64,
    steps: usize,
    not_in: &'static [&'static str],
}

const fn fixture(
    variant: &'static str,
    title: &'static str,
    seats: usize,
    seed: u64,
    steps: usize,
) -> Fixture {
    Fixture {
        variant,
        title,
        seats,
        seed,
        steps,
        not_in: &[],
    }
}

/// Every preset's fixture, as the tags so far wrote them.
const FIXTURES: &[Fixture] = &[
    fixture("romme", "Rommé", 3, 20_261_123, 45),
    fixture("romme_kaufen", "Rommé mit Kaufen", 3, 20_261_124, 45),
    fixture("romme_anlegen", "Rommé mit Anlegen", 3, 20_261_125, 45),
    fixture("romme_raeuber", "Räuber-Rommé", 3, 20_261_126, 45),
    fixture("romme_trad", "Traditionelles Rommé", 3, 20_261_127, 45),
    fixture("abluxxen", "Abluxxen", 3, 20_261_203, 14),
    fixture("profiduell", "Abluxxen Profiduell", 2, 20_261_202, 14),
    // Karussell from tag wave2 on: 3 players, mid-round with melds on the table.
    Fixture {
        not_in: &["wave1"],
        ..fixture("karussell", "Karussell", 3, 20_261_300, 30)
    },
    // Profi-Sort from tag wave3 on: 2 players, several deals in, tasks on the table.
    Fixture {
        not_in: &["wave1", "wave2"],
        ..fixture("profisort", "Profi-Sort", 2, 20_261_400, 400)
    },
];

fn meta(f: &Fixture) -> SaveMeta {
    let names = ["Anna", "Bot 1", "Bot 2", "Bot 3"];
    SaveMeta {
        title: f.title.to_string(),
        created_ms: 1_795_000_000_000,
        updated_ms: 1_795_000_100_000,
        player_names: names[..f.seats].iter().map(|s| s.to_string()).collect(),
        variant: f.variant.to_string(),
        seat_kinds: (0..f.seats)
            .map(|s| {
                if s == 0 {
                    SeatKind::Human
                } else {
                    SeatKind::Bot(BotLevel::Normal)
                }
            })
            .collect(),
        finished: false,
    }
}

/// Plays `f.steps` decisions of normal bots (fewer if the game ends) and writes the fixture.
fn write<G: bots::BotGame + Listed>(dir: &Path, tag: &str, f: &Fixture) {
    let options = variant_options::<G>(f.variant).expect("a catalog preset");
    let mut bots: Vec<_> = (0..f.seats)
        .map(|s| bots::bot_for::<G>(BotLevel::Normal, f.seed + s as u64, &options))
        .collect();
    let mut record = Record::<G>::new(options, f.seats, f.seed);
    let mut game = record.start().expect("start");
    for _ in 0..f.steps {
        let Some(seat) = game.to_move() else { break };
        let legal = game.legal_actions(seat);
        let action = bots[seat].choose(&game.view(seat), &legal);
        record.play(&mut game, seat, action).expect("legal");
    }
    let name = f.variant;
    assert!(!game.is_over(), "{name}: fixture must be mid-game");
    let save_path = dir.join(format!("{name}.{tag}.save.json"));
    let link_path = dir.join(format!("{name}.{tag}.link.txt"));
    for p in [&save_path, &link_path] {
        assert!(
            !p.exists(),
            "{} exists: fixtures are never rewritten",
            p.display()
        );
    }
    let meta = meta(f);
    std::fs::write(&save_path, save(&record, &game, &meta).expect("save")).unwrap();
    std::fs::write(&link_path, share_link(&record, &meta).expect("link")).unwrap();
    println!("{name}: {} actions", record.log.len());
}

fn main() {
    let tag = std::env::args()
        .nth(1)
        .expect("usage: make_fixtures <tag> [game]");
    let only = std::env::args().nth(2);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/fixtures");
    std::fs::create_dir_all(&dir).unwrap();
    for f in FIXTURES {
        let game = find_variant(f.variant)
            .and_then(|v| v.game)
            .expect("a game");
        if only.as_deref().is_some_and(|g| g != game) || f.not_in.contains(&tag.as_str()) {
            continue;
        }
        match game {
            "romme" => write::<Romme>(&dir, &tag, f),
            "abluxxen" => write::<Abluxxen>(&dir, &tag, f),
            "karussell" => write::<Karussell>(&dir, &tag, f),
            "profisort" => write::<ProfiSort>(&dir, &tag, f),
            other => panic!("no fixture for the game {other}"),
        }
    }
}
