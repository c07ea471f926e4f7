//! Above every game: what games and variants exist (defined once, used by the app's catalog
//! and setup page and by the tests) and dispatch over the games by their save name.
//!
//! Adding a game: its module (with a [`Game`] impl), one [`GameInfo`] constant in it, a line
//! in [`GAMES`], its variants in [`VARIANTS`] and one arm in [`AnyGame`]'s dispatch.

use crate::abluxxen::{Abluxxen, AbluxxenOptions};
use crate::game::{Game, Position, Seat};
use crate::karussell::{Karussell, KarussellOptions};
use crate::profisort::{ProfiSort, ProfiSortOptions};
use crate::romme::{Preset, Romme, RommeOptions};
use crate::save::{load_file, read_file, save, SaveError, SaveMeta};

/// Facts about one game engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// [`Game::NAME`], used in saves and links.
    pub name: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    /// The cards it is played with, in words of the rules (for the catalog).
    pub deck: Deck,
}

/// The decks of the suite.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Deck {
    /// Two French packs plus jokers.
    TwoFrenchPacks,
    /// Karussell: one French pack and a joker for two players, two packs and two jokers
    /// for three to five.
    FrenchPacksByPlayers,
    /// Profi-Sort: two French packs plus eight jokers (2 × 56 cards; option `jokers`).
    TwoPacksEightJokers,
    /// The Abluxxen deck (values 1–13 in four colours ×8, plus jokers).
    Abluxxen,
}

/// One entry of the catalog: a game with a preset of its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantInfo {
    /// Stable id (routes, saves' `variant`).
    pub id: &'static str,
    /// The engine's [`GameInfo::name`]; `None` while the game is not playable yet.
    pub game: Option<&'static str>,
    pub min_players: usize,
    pub max_players: usize,
    pub default_players: usize,
}

pub const ROMME: GameInfo = GameInfo {
    name: Romme::NAME,
    min_players: RommeOptions::MIN_PLAYERS,
    max_players: RommeOptions::MAX_PLAYERS,
    deck: Deck::TwoFrenchPacks,
};

pub const ABLUXXEN: GameInfo = GameInfo {
    name: Abluxxen::NAME,
    min_players: crate::abluxxen::MIN_PLAYERS,
    max_players: crate::abluxxen::MAX_PLAYERS,
    deck: Deck::Abluxxen,
};

pub const KARUSSELL: GameInfo = GameInfo {
    name: Karussell::NAME,
    min_players: KarussellOptions::MIN_PLAYERS,
    max_players: KarussellOptions::MAX_PLAYERS,
    deck: Deck::FrenchPacksByPlayers,
};

pub const PROFISORT: GameInfo = GameInfo {
    name: ProfiSort::NAME,
    min_players: ProfiSortOptions::MIN_PLAYERS,
    max_players: ProfiSortOptions::MAX_PLAYERS,
    deck: Deck::TwoPacksEightJokers,
};

/// Every playable game engine.
pub static GAMES: &[GameInfo] = &[ROMME, ABLUXXEN, KARUSSELL, PROFISORT];

const fn variant(id: &'static str, game: &GameInfo, default_players: usize) -> VariantInfo {
    VariantInfo {
        id,
        game: Some(game.name),
        min_players: game.min_players,
        max_players: game.max_players,
        default_players,
    }
}

/// A catalog entry whose game is not playable yet ("in Vorbereitung").
#[allow(dead_code)]
const fn coming(id: &'static str, min: usize, max: usize, default: usize) -> VariantInfo {
    VariantInfo {
        id,
        game: None,
        min_players: min,
        max_players: max,
        default_players: default,
    }
}

/// The catalog in display order.
pub static VARIANTS: &[VariantInfo] = &[
    variant("romme", &ROMME, 3),
    variant("romme_kaufen", &ROMME, 3),
    variant("romme_anlegen", &ROMME, 3),
    variant("romme_raeuber", &ROMME, 3),
    variant("romme_trad", &ROMME, 3),
    variant("karussell", &KARUSSELL, 3),
    variant("profisort", &PROFISORT, 2),
    variant("abluxxen", &ABLUXXEN, 3),
    VariantInfo {
        min_players: 2,
        max_players: 2,
        default_players: 2,
        ..variant("profiduell", &ABLUXXEN, 2)
    },
];

pub fn find_variant(id: &str) -> Option<&'static VariantInfo> {
    VARIANTS.iter().find(|v| v.id == id)
}

/// The Rommé preset of a catalog entry (Grundspiel for anything else).
pub fn romme_preset(variant: &str) -> Preset {
    match variant {
        "romme_kaufen" => Preset::MitKaufen,
        "romme_anlegen" => Preset::MitAnlegen,
        "romme_raeuber" => Preset::Raeuber,
        "romme_trad" => Preset::Traditionell,
        _ => Preset::Grundspiel,
    }
}

/// The Abluxxen options of a catalog entry.
pub fn abluxxen_preset(variant: &str) -> AbluxxenOptions {
    AbluxxenOptions {
        profiduell: variant == "profiduell",
        ..AbluxxenOptions::default()
    }
}

/// The Profi-Sort options of a catalog entry (the rules' defaults).
pub fn profisort_preset(_variant: &str) -> ProfiSortOptions {
    ProfiSortOptions::default()
}

/// A game of any kind, for code that handles saves of every game alike.
#[derive(Clone, Debug)]
pub enum AnyGame {
    Romme(Romme),
    Abluxxen(Abluxxen),
    Karussell(Karussell),
    ProfiSort(ProfiSort),
}

impl AnyGame {
    pub fn name(&self) -> &'static str {
        match self {
            AnyGame::Romme(_) => Romme::NAME,
            AnyGame::Abluxxen(_) => Abluxxen::NAME,
            AnyGame::Karussell(_) => Karussell::NAME,
            AnyGame::ProfiSort(_) => ProfiSort::NAME,
        }
    }
    pub fn to_move(&self) -> Option<Seat> {
        match self {
            AnyGame::Romme(g) => g.to_move(),
            AnyGame::Abluxxen(g) => g.to_move(),
            AnyGame::Karussell(g) => g.to_move(),
            AnyGame::ProfiSort(g) => g.to_move(),
        }
    }
    pub fn position(&self) -> Position {
        match self {
            AnyGame::Romme(g) => g.position(),
            AnyGame::Abluxxen(g) => g.position(),
            AnyGame::Karussell(g) => g.position(),
            AnyGame::ProfiSort(g) => g.position(),
        }
    }
    pub fn is_over(&self) -> bool {
        self.to_move().is_none()
    }
}

/// A save of any game, loaded and re-validated.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub game: AnyGame,
    pub meta: SaveMeta,
    /// Actions in the record.
    pub moves: usize,
}

/// Work on a save of any game, done with its game's type (see [`with_game`]).
trait ForGame {
    type Out;
    fn run<G: Game>(
        self,
        record: crate::save::Record<G>,
        game: G,
        meta: SaveMeta,
        wrap: fn(G) -> AnyGame,
    ) -> Result<Self::Out, SaveError>;
}

/// Reads the save `json` (migrated, replayed, the digest checked) and hands it to `work` with
/// its game's type: the one place that dispatches on a save's game name.
fn with_game<W: ForGame>(json: &str, work: W) -> Result<W::Out, SaveError> {
    fn typed<G: Game, W: ForGame>(
        file: crate::save::SaveFile,
        work: W,
        wrap: fn(G) -> AnyGame,
    ) -> Result<W::Out, SaveError> {
        let (record, game, meta) = load_file::<G>(file)?;
        work.run(record, game, meta, wrap)
    }
    let file = read_file(json)?;
    match file.game.as_str() {
        n if n == Romme::NAME => typed(file, work, AnyGame::Romme),
        n if n == Abluxxen::NAME => typed(file, work, AnyGame::Abluxxen),
        n if n == Karussell::NAME => typed(file, work, AnyGame::Karussell),
        n if n == ProfiSort::NAME => typed(file, work, AnyGame::ProfiSort),
        other => Err(SaveError::WrongGame {
            found: other.to_string(),
            expected: GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join("|"),
        }),
    }
}

/// Loads a save of any game: migrates, replays, checks the digest.
pub fn load_any(json: &str) -> Result<Loaded, SaveError> {
    struct Load;
    impl ForGame for Load {
        type Out = Loaded;
        fn run<G: Game>(
            self,
            record: crate::save::Record<G>,
            game: G,
            meta: SaveMeta,
            wrap: fn(G) -> AnyGame,
        ) -> Result<Loaded, SaveError> {
            Ok(Loaded {
                game: wrap(game),
                meta,
                moves: record.log.len(),
            })
        }
    }
    with_game(json, Load)
}

/// Loads a save of any game like [`load_any`] and writes it again in the current format,
/// with `updated_ms` and `finished` set (a save from a link, stored as the app stores its
/// own games).
pub fn resave_any(json: &str, updated_ms: u64) -> Result<(Loaded, String), SaveError> {
    struct Resave(u64);
    impl ForGame for Resave {
        type Out = (Loaded, String);
        fn run<G: Game>(
            self,
            record: crate::save::Record<G>,
            game: G,
            mut meta: SaveMeta,
            wrap: fn(G) -> AnyGame,
        ) -> Result<(Loaded, String), SaveError> {
            meta.updated_ms = self.0;
            meta.finished = game.is_over();
            let text = save(&record, &game, &meta)?;
            let moves = record.log.len();
            Ok((
                Loaded {
                    game: wrap(game),
                    meta,
                    moves,
                },
                text,
            ))
        }
    }
    with_game(json, Resave(updated_ms))
}

/// Opens a share link of any game.
pub fn open_any_link(payload: &str) -> Result<Loaded, SaveError> {
    load_any(&crate::save::decode_link(payload)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_read_again_is_current_and_loads_the_same() {
        for old in [
            include_str!("../tests/fixtures/romme_raeuber.wave1.save.json"),
            include_str!("../tests/fixtures/profiduell.wave2.save.json"),
            include_str!("../tests/fixtures/karussell.wave2.save.json"),
            include_str!("../tests/fixtures/profisort.wave3.save.json"),
        ] {
            let before = load_any(old).unwrap();
            let (loaded, text) = resave_any(old, 4242).unwrap();
            assert_eq!(loaded.meta.updated_ms, 4242);
            assert_eq!(loaded.meta.finished, loaded.game.is_over());
            assert_eq!(read_file(&text).unwrap().version, crate::save::SAVE_VERSION);
            let again = load_any(&text).unwrap();
            assert_eq!(again.game.position(), before.game.position());
            assert_eq!((again.moves, again.meta), (before.moves, loaded.meta));
            assert_eq!(crate::save::game_of(old).unwrap(), before.game.name());
        }
        assert!(matches!(
            resave_any(r#"{"version":2,"game":"skat","record":{}}"#, 1),
            Err(SaveError::WrongGame { .. })
        ));
        for bad in ["", "[1]", r#"{"game":7}"#, "{\"version\":2"] {
            assert!(matches!(
                crate::save::game_of(bad),
                Err(SaveError::Malformed { .. })
            ));
        }
    }

    #[test]
    fn catalog_is_consistent() {
        assert_eq!(VARIANTS.len(), 9);
        for v in VARIANTS {
            assert!(v.min_players <= v.default_players && v.default_players <= v.max_players);
            assert_eq!(find_variant(v.id), Some(v));
            if let Some(name) = v.game {
                let g = GAMES.iter().find(|g| g.name == name).unwrap();
                assert!(g.min_players <= v.min_players && v.max_players <= g.max_players);
            }
        }
        assert_eq!(romme_preset("romme_trad"), Preset::Traditionell);
        assert!(abluxxen_preset("profiduell").profiduell);
        let p = find_variant("profisort").unwrap();
        assert_eq!(
            (p.game, p.min_players, p.max_players),
            (Some("profisort"), 2, 3)
        );
        assert_eq!(profisort_preset("profisort").jokers, 8);
    }
}
