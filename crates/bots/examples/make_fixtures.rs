//! Writes a save and a share link for every preset, mid-deal, into
//! `crates/engine/tests/fixtures/`. Fixtures are written once by a given build and then kept
//! forever: the fixture test loads every one of them with every later build.
//!
//! `cargo run -p bots --example make_fixtures -- <tag> [game]` writes
//! `<preset>.<tag>.save.json` and `<preset>.<tag>.link.txt` (existing files are never
//! overwritten); with `game` (an engine name, e.g. `profisort`) only that game's presets.
//! Every playable catalog entry (`engine::games::VARIANTS`) gets one, its game reached
//! through the bots' list (`bots::games::with_bot_game`), played by normal bots
//! ([`bots::bot_for`]) in the catalog's default number of seats.

#[path = "shared/meta.rs"]
mod shared_meta;
use shared_meta::sample_meta;

use bots::games::{with_bot_game, BotVisitor};
use bots::BotGame;
use engine::games::{options_of, VariantInfo, VARIANTS};
use engine::save::{save, share_link, Record, SaveMeta};
use engine::BotLevel;
use std::path::Path;

/// How a preset's fixture is made: its save title, seed, the bot decisions played, and the
/// tags written before the game had fixtures (which skip it). Seats: the catalog's default.
struct Fixture {
    variant: &'static str,
    title: &'static str,
    seed: u64,
    steps: usize,
    not_in: &'static [&'static str],
}

const fn fixture(variant: &'static str, title: &'static str, seed: u64, steps: usize) -> Fixture {
    Fixture {
        variant,
        title,
        seed,
        steps,
        not_in: &[],
    }
}

/// The presets' fixtures as the tags so far wrote them. A catalog entry without a line here
/// gets [`default_fixture`].
const FIXTURES: &[Fixture] = &[
    fixture("romme", "Rommé", 20_261_123, 45),
    fixture("romme_kaufen", "Rommé mit Kaufen", 20_261_124, 45),
    fixture("romme_anlegen", "Rommé mit Anlegen", 20_261_125, 45),
    fixture("romme_raeuber", "Räuber-Rommé", 20_261_126, 45),
    fixture("romme_trad", "Traditionelles Rommé", 20_261_127, 45),
    fixture("abluxxen", "Abluxxen", 20_261_203, 14),
    fixture("profiduell", "Abluxxen Profiduell", 20_261_202, 14),
    // Karussell from tag wave2 on: 3 players, mid-round with melds on the table.
    Fixture {
        not_in: &["wave1"],
        ..fixture("karussell", "Karussell", 20_261_300, 30)
    },
    // Profi-Sort from tag wave3 on: 2 players, several deals in, tasks on the table.
    Fixture {
        not_in: &["wave1", "wave2"],
        ..fixture("profisort", "Profi-Sort", 20_261_400, 400)
    },
];

/// The fixture of the `i`-th catalog entry `v` that has no line in [`FIXTURES`].
fn default_fixture(i: usize, v: &'static VariantInfo) -> Fixture {
    fixture(v.id, v.id, 20_262_000 + i as u64, 30)
}

fn meta(f: &Fixture, seats: usize) -> SaveMeta {
    sample_meta(f.title, f.variant, seats, false)
}

/// Plays `f.steps` decisions of normal bots (fewer if the game ends) and writes the fixture.
fn write<G: BotGame>(dir: &Path, tag: &str, f: &Fixture, v: &'static VariantInfo) {
    let options = options_of::<G>(v).expect("a catalog preset");
    let seats = v.default_players;
    let mut bots: Vec<_> = (0..seats)
        .map(|s| bots::bot_for::<G>(BotLevel::Normal, f.seed + s as u64, &options))
        .collect();
    let mut record = Record::<G>::new(options, seats, f.seed);
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
    let meta = meta(f, seats);
    std::fs::write(&save_path, save(&record, &game, &meta).expect("save")).unwrap();
    std::fs::write(&link_path, share_link(&record, &meta).expect("link")).unwrap();
    println!("{name}: {} actions", record.log.len());
}

/// Writes one fixture, with the game's type.
struct Write<'a> {
    dir: &'a Path,
    tag: &'a str,
    fixture: &'a Fixture,
    variant: &'static VariantInfo,
}

impl BotVisitor for Write<'_> {
    type Out = ();
    fn visit<G: BotGame>(self) {
        write::<G>(self.dir, self.tag, self.fixture, self.variant);
    }
}

fn main() {
    let tag = std::env::args()
        .nth(1)
        .expect("usage: make_fixtures <tag> [game]");
    let only = std::env::args().nth(2);
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/fixtures");
    std::fs::create_dir_all(&dir).unwrap();
    for f in FIXTURES {
        assert!(
            VARIANTS.iter().any(|v| v.id == f.variant),
            "{}: not in the catalog",
            f.variant
        );
    }
    for (i, v) in VARIANTS.iter().enumerate() {
        let Some(game) = v.game else { continue };
        let default = default_fixture(i, v);
        let f = FIXTURES
            .iter()
            .find(|f| f.variant == v.id)
            .unwrap_or(&default);
        if only.as_deref().is_some_and(|g| g != game) || f.not_in.contains(&tag.as_str()) {
            continue;
        }
        let write = Write {
            dir: &dir,
            tag: &tag,
            fixture: f,
            variant: v,
        };
        with_bot_game(game, write).unwrap_or_else(|e| panic!("{}: {e}", v.id));
    }
}
