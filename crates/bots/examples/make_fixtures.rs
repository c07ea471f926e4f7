//! Writes a save and a share link for every preset, mid-deal, into
//! `crates/engine/tests/fixtures/`. Fixtures are written once by a given build and then kept
//! forever: the fixture test loads every one of them with every later build.
//!
//! `cargo run -p bots --example make_fixtures -- <tag> [game]` writes
//! `<preset>.<tag>.save.json` and `<preset>.<tag>.link.txt` (existing files are never
//! overwritten); with `game` (an engine name, e.g. `profisort`) only that game's presets.

use bots::Bot;
use engine::abluxxen::{Abluxxen, AbluxxenOptions};
use engine::karussell::{Karussell, KarussellOptions};
use engine::profisort::{ProfiSort, ProfiSortOptions};
use engine::romme::{Preset, Romme};
use engine::save::{save, share_link, Record, SaveMeta};
use engine::{BotLevel, Game, SeatKind};
use std::path::Path;

fn meta(title: &str, variant: &str, seats: usize) -> SaveMeta {
    let names = ["Anna", "Bot 1", "Bot 2", "Bot 3"];
    SaveMeta {
        title: title.to_string(),
        created_ms: 1_795_000_000_000,
        updated_ms: 1_795_000_100_000,
        player_names: names[..seats].iter().map(|s| s.to_string()).collect(),
        variant: variant.to_string(),
        seat_kinds: (0..seats)
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

/// Plays `steps` bot decisions (or fewer if `stop` says so) and writes the fixtures.
fn write<G: Game>(
    dir: &Path,
    name: &str,
    tag: &str,
    mut record: Record<G>,
    bots: &mut [Box<dyn Bot<G>>],
    steps: usize,
    meta: SaveMeta,
) {
    let mut game = record.start().expect("start");
    for _ in 0..steps {
        let Some(seat) = game.to_move() else { break };
        let legal = game.legal_actions(seat);
        let action = bots[seat].choose(&game.view(seat), &legal);
        record.play(&mut game, seat, action).expect("legal");
    }
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
    std::fs::write(&save_path, save(&record, &game, &meta).expect("save")).unwrap();
    std::fs::write(&link_path, share_link(&record, &meta).expect("link")).unwrap();
    println!("{name}: {} actions", record.log.len());
}

fn main() {
    let tag = std::env::args()
        .nth(1)
        .expect("usage: make_fixtures <tag> [game]");
    let only = std::env::args().nth(2);
    let wanted = |game: &str| only.as_deref().is_none_or(|g| g == game);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/fixtures");
    std::fs::create_dir_all(&dir).unwrap();
    let presets = [
        (Preset::Grundspiel, "romme", "Rommé"),
        (Preset::MitKaufen, "romme_kaufen", "Rommé mit Kaufen"),
        (Preset::MitAnlegen, "romme_anlegen", "Rommé mit Anlegen"),
        (Preset::Raeuber, "romme_raeuber", "Räuber-Rommé"),
        (Preset::Traditionell, "romme_trad", "Traditionelles Rommé"),
    ];
    for (i, (preset, variant, title)) in presets.into_iter().enumerate() {
        if !wanted("romme") {
            break;
        }
        let options = preset.options();
        let seed = 20_261_123 + i as u64;
        let mut bots: Vec<Box<dyn Bot<Romme>>> = (0..3)
            .map(|s| {
                Box::new(
                    bots::romme::RommeBot::new(bots::romme::Level::Normal, seed + s)
                        .with_options(&options),
                ) as Box<dyn Bot<Romme>>
            })
            .collect();
        let record = Record::<Romme>::new(options, 3, seed);
        write(
            &dir,
            variant,
            &tag,
            record,
            &mut bots,
            45,
            meta(title, variant, 3),
        );
    }
    for (variant, title, profi, seats) in [
        ("abluxxen", "Abluxxen", false, 3),
        ("profiduell", "Abluxxen Profiduell", true, 2),
    ] {
        if !wanted("abluxxen") {
            break;
        }
        let options = AbluxxenOptions {
            profiduell: profi,
            ..AbluxxenOptions::default()
        };
        let seed = 20_261_200 + seats as u64;
        let mut bots: Vec<Box<dyn Bot<Abluxxen>>> = (0..seats)
            .map(|s| {
                Box::new(bots::abluxxen::AbluxxenBot::new(
                    bots::abluxxen::Level::Normal,
                    seed + s as u64,
                )) as Box<dyn Bot<Abluxxen>>
            })
            .collect();
        let record = Record::<Abluxxen>::new(options, seats, seed);
        write(
            &dir,
            variant,
            &tag,
            record,
            &mut bots,
            14,
            meta(title, variant, seats),
        );
    }
    karussell(&dir, &tag, wanted("karussell"));
    profisort(&dir, &tag, wanted("profisort"));
}

fn karussell(dir: &Path, tag: &str, wanted: bool) {
    // Karussell (from tag wave2 on): 3 players, mid-round with melds on the table.
    if tag != "wave1" && wanted {
        let options = KarussellOptions::default();
        let seed = 20_261_300;
        let mut bots: Vec<Box<dyn Bot<Karussell>>> = (0..3)
            .map(|s| {
                Box::new(bots::karussell::KarussellBot::new(
                    BotLevel::Normal,
                    seed + s,
                )) as Box<dyn Bot<Karussell>>
            })
            .collect();
        let record = Record::<Karussell>::new(options, 3, seed);
        write(
            dir,
            "karussell",
            tag,
            record,
            &mut bots,
            30,
            meta("Karussell", "karussell", 3),
        );
    }
}

fn profisort(dir: &Path, tag: &str, wanted: bool) {
    // Profi-Sort (from tag wave3 on): 2 players, several deals in, tasks on the table.
    if !["wave1", "wave2"].contains(&tag) && wanted {
        let options = ProfiSortOptions::default();
        let seed = 20_261_400;
        let mut bots: Vec<Box<dyn Bot<ProfiSort>>> = (0..2)
            .map(|s| {
                Box::new(bots::profisort::ProfiSortBot::new(
                    BotLevel::Normal,
                    seed + s,
                )) as Box<dyn Bot<ProfiSort>>
            })
            .collect();
        let record = Record::<ProfiSort>::new(options, 2, seed);
        write(
            dir,
            "profisort",
            tag,
            record,
            &mut bots,
            400,
            meta("Profi-Sort", "profisort", 2),
        );
    }
}
