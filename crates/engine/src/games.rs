//! Above every game: the engine's one list of games, the catalog of variants (used by the
//! app's catalog and setup page, the bots and the tests) and the one dispatch over the games
//! by name ([`with_game`]).
//!
//! Adding a game to the engine: its module (declared in `lib.rs`, with a [`Game`] and a
//! [`Listed`] impl, the latter with its [`GameInfo`] and presets; a Rommé-family engine gets
//! both from one `family::impl_game!`), one line in the `games!` list below and its catalog
//! entries in [`VARIANTS`]. Nothing else in the engine names a game; the tests below fail when
//! the lists disagree.

use crate::game::{Game, Position, Seat};
use crate::save::{load_file, read_file, save, Record, SaveError, SaveFile, SaveMeta};

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

/// A game in the engine's list: its facts and its presets. Implemented in the game's module.
pub trait Listed: Game + Into<AnyGame> {
    /// Its entry in [`GAMES`].
    const INFO: GameInfo;
    /// The options of the preset `name` (a [`VariantInfo::preset`]); `None` for a name the
    /// game does not know.
    fn preset(name: &str) -> Option<Self::Options>;
}

/// One entry of the catalog: a game with a preset of its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantInfo {
    /// Stable id (routes, saves' `variant`).
    pub id: &'static str,
    /// The engine's [`GameInfo::name`]; `None` while the game is not playable yet.
    pub game: Option<&'static str>,
    /// The preset of the game's options this entry starts with ([`Listed::preset`]).
    pub preset: &'static str,
    pub min_players: usize,
    pub max_players: usize,
    pub default_players: usize,
}

/// Why a catalog entry gives no options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CatalogError {
    /// No catalog entry has this id.
    UnknownVariant { id: String },
    /// The entry's game is not playable yet.
    NotPlayable { id: &'static str },
    /// The entry is a variant of `game`, not of `asked`.
    OtherGame {
        id: &'static str,
        game: &'static str,
        asked: &'static str,
    },
    /// The entry's game knows no preset of this name.
    UnknownPreset {
        id: &'static str,
        preset: &'static str,
    },
}

impl std::fmt::Display for CatalogError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CatalogError::UnknownVariant { id } => write!(f, "no catalog entry {id:?}"),
            CatalogError::NotPlayable { id } => write!(f, "{id:?} is not playable yet"),
            CatalogError::OtherGame { id, game, asked } => {
                write!(f, "{id:?} is a variant of {game}, not of {asked}")
            }
            CatalogError::UnknownPreset { id, preset } => {
                write!(f, "{id:?}: its game has no preset {preset:?}")
            }
        }
    }
}

impl std::error::Error for CatalogError {}

/// A game name that is not in the engine's list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame {
    pub name: String,
}

impl UnknownGame {
    /// The names of the list, `|`-separated (for messages).
    pub fn expected() -> String {
        GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join("|")
    }
}

impl std::fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown game {:?} (known: {})",
            self.name,
            Self::expected()
        )
    }
}

impl std::error::Error for UnknownGame {}

impl From<UnknownGame> for SaveError {
    fn from(e: UnknownGame) -> Self {
        SaveError::WrongGame {
            found: e.name,
            expected: UnknownGame::expected(),
        }
    }
}

/// Work done with a game's type, chosen by its name: see [`with_game`].
pub trait GameVisitor {
    type Out;
    fn visit<G: Listed>(self) -> Self::Out;
}

/// What [`AnyGame`] offers of every game without its type.
trait Erased {
    fn name(&self) -> &'static str;
    fn to_move(&self) -> Option<Seat>;
    fn position(&self) -> Position;
}

impl<G: Game> Erased for G {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn to_move(&self) -> Option<Seat> {
        Game::to_move(self)
    }
    fn position(&self) -> Position {
        Game::position(self)
    }
}

/// The engine's list of games, one line each (`Variant: type`); generates [`GAMES`],
/// [`AnyGame`] and [`with_game`], the one place the engine matches a game's name.
macro_rules! games {
    ($($variant:ident: $game:ty),+ $(,)?) => {
        /// Every playable game engine.
        pub static GAMES: &[GameInfo] = &[$(<$game as Listed>::INFO),+];

        /// A game of any kind, for code that handles saves of every game alike.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $($variant($game)),+
        }

        $(impl From<$game> for AnyGame {
            fn from(g: $game) -> AnyGame {
                AnyGame::$variant(g)
            }
        })+

        impl AnyGame {
            fn erased(&self) -> &dyn Erased {
                match self {
                    $(AnyGame::$variant(g) => g),+
                }
            }
        }

        /// Hands the type of the game named `name` ([`Game::NAME`]) to `visitor`.
        pub fn with_game<V: GameVisitor>(name: &str, visitor: V) -> Result<V::Out, UnknownGame> {
            $(if name == <$game as Game>::NAME {
                return Ok(visitor.visit::<$game>());
            })+
            Err(UnknownGame {
                name: name.to_string(),
            })
        }
    };
}

games! {
    Romme: crate::romme::Romme,
    Abluxxen: crate::abluxxen::Abluxxen,
    Karussell: crate::karussell::Karussell,
    ProfiSort: crate::profisort::ProfiSort,
}

/// A catalog entry of game `G` with the players the game allows.
const fn variant<G: Listed>(
    id: &'static str,
    preset: &'static str,
    default_players: usize,
) -> VariantInfo {
    VariantInfo {
        id,
        game: Some(G::INFO.name),
        preset,
        min_players: G::INFO.min_players,
        max_players: G::INFO.max_players,
        default_players,
    }
}

/// A catalog entry whose game is not playable yet ("in Vorbereitung").
#[allow(dead_code)]
const fn coming(id: &'static str, min: usize, max: usize, default: usize) -> VariantInfo {
    VariantInfo {
        id,
        game: None,
        preset: "",
        min_players: min,
        max_players: max,
        default_players: default,
    }
}

/// The catalog in display order. The ids are stored in saves (`variant`): never change one.
pub static VARIANTS: &[VariantInfo] = &[
    variant::<crate::romme::Romme>("romme", "grundspiel", 3),
    variant::<crate::romme::Romme>("romme_kaufen", "kaufen", 3),
    variant::<crate::romme::Romme>("romme_anlegen", "anlegen", 3),
    variant::<crate::romme::Romme>("romme_raeuber", "raeuber", 3),
    variant::<crate::romme::Romme>("romme_trad", "trad", 3),
    variant::<crate::karussell::Karussell>("karussell", "standard", 3),
    variant::<crate::profisort::ProfiSort>("profisort", "standard", 2),
    variant::<crate::abluxxen::Abluxxen>("abluxxen", "standard", 3),
    VariantInfo {
        min_players: 2,
        max_players: 2,
        default_players: 2,
        ..variant::<crate::abluxxen::Abluxxen>("profiduell", "profiduell", 2)
    },
];

pub fn find_variant(id: &str) -> Option<&'static VariantInfo> {
    VARIANTS.iter().find(|v| v.id == id)
}

/// The options catalog entry `variant` starts with, for its game `G`.
pub fn options_of<G: Listed>(variant: &'static VariantInfo) -> Result<G::Options, CatalogError> {
    let game = variant
        .game
        .ok_or(CatalogError::NotPlayable { id: variant.id })?;
    if game != G::NAME {
        return Err(CatalogError::OtherGame {
            id: variant.id,
            game,
            asked: G::NAME,
        });
    }
    G::preset(variant.preset).ok_or(CatalogError::UnknownPreset {
        id: variant.id,
        preset: variant.preset,
    })
}

/// [`options_of`] the catalog entry with id `variant`.
pub fn variant_options<G: Listed>(variant: &str) -> Result<G::Options, CatalogError> {
    let info = find_variant(variant).ok_or_else(|| CatalogError::UnknownVariant {
        id: variant.to_string(),
    })?;
    options_of::<G>(info)
}

impl AnyGame {
    pub fn name(&self) -> &'static str {
        self.erased().name()
    }
    pub fn to_move(&self) -> Option<Seat> {
        self.erased().to_move()
    }
    pub fn position(&self) -> Position {
        self.erased().position()
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

/// Work on a save of any game, done with its game's type (see [`with_save`]).
trait ForGame {
    type Out;
    fn run<G: Listed>(
        self,
        record: Record<G>,
        game: G,
        meta: SaveMeta,
    ) -> Result<Self::Out, SaveError>;
}

/// Reads the save `json` (migrated, replayed, the digest checked) and hands it to `work` with
/// its game's type, chosen by [`with_game`]; an unknown game is [`SaveError::WrongGame`].
fn with_save<W: ForGame>(json: &str, work: W) -> Result<W::Out, SaveError> {
    struct Typed<W> {
        file: SaveFile,
        work: W,
    }
    impl<W: ForGame> GameVisitor for Typed<W> {
        type Out = Result<W::Out, SaveError>;
        fn visit<G: Listed>(self) -> Self::Out {
            let (record, game, meta) = load_file::<G>(self.file)?;
            self.work.run(record, game, meta)
        }
    }
    let file = read_file(json)?;
    let name = file.game.clone();
    with_game(&name, Typed { file, work })?
}

/// Loads a save of any game: migrates, replays, checks the digest.
pub fn load_any(json: &str) -> Result<Loaded, SaveError> {
    struct Load;
    impl ForGame for Load {
        type Out = Loaded;
        fn run<G: Listed>(
            self,
            record: Record<G>,
            game: G,
            meta: SaveMeta,
        ) -> Result<Loaded, SaveError> {
            Ok(Loaded {
                game: game.into(),
                meta,
                moves: record.log.len(),
            })
        }
    }
    with_save(json, Load)
}

/// Loads a save of any game like [`load_any`] and writes it again in the current format,
/// with `updated_ms` and `finished` set (a save from a link, stored as the app stores its
/// own games).
pub fn resave_any(json: &str, updated_ms: u64) -> Result<(Loaded, String), SaveError> {
    struct Resave(u64);
    impl ForGame for Resave {
        type Out = (Loaded, String);
        fn run<G: Listed>(
            self,
            record: Record<G>,
            game: G,
            mut meta: SaveMeta,
        ) -> Result<(Loaded, String), SaveError> {
            meta.updated_ms = self.0;
            meta.finished = game.is_over();
            let text = save(&record, &game, &meta)?;
            let moves = record.log.len();
            Ok((
                Loaded {
                    game: game.into(),
                    meta,
                    moves,
                },
                text,
            ))
        }
    }
    with_save(json, Resave(updated_ms))
}

/// Opens a share link of any game.
pub fn open_any_link(payload: &str) -> Result<Loaded, SaveError> {
    load_any(&crate::save::decode_link(payload)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::romme::{Preset, Romme};

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
        assert_eq!(
            resave_any(r#"{"version":2,"game":"skat","record":{}}"#, 1).err(),
            Some(SaveError::WrongGame {
                found: "skat".into(),
                expected: UnknownGame::expected()
            })
        );
        for bad in ["", "[1]", r#"{"game":7}"#, "{\"version\":2"] {
            assert!(matches!(
                crate::save::game_of(bad),
                Err(SaveError::Malformed { .. })
            ));
        }
    }

    /// What the list knows of a game, read with its type.
    struct Facts(&'static str);
    impl GameVisitor for Facts {
        type Out = (GameInfo, Result<(), CatalogError>);
        fn visit<G: Listed>(self) -> Self::Out {
            let presets = VARIANTS
                .iter()
                .filter(|v| v.game == Some(self.0))
                .try_for_each(|v| options_of::<G>(v).map(drop));
            (G::INFO, presets)
        }
    }

    #[test]
    fn the_lists_agree() {
        for (i, g) in GAMES.iter().enumerate() {
            assert!(
                GAMES[..i].iter().all(|o| o.name != g.name),
                "{} twice",
                g.name
            );
            let (info, presets) = with_game(g.name, Facts(g.name)).unwrap();
            assert_eq!(&info, g);
            assert_eq!(presets, Ok(()), "{}", g.name);
            assert!(g.min_players <= g.max_players, "{}", g.name);
            assert!(
                VARIANTS.iter().any(|v| v.game == Some(g.name)),
                "{} has no catalog entry",
                g.name
            );
        }
        for (i, v) in VARIANTS.iter().enumerate() {
            assert!(VARIANTS[..i].iter().all(|o| o.id != v.id), "{} twice", v.id);
            assert!(v.min_players <= v.default_players && v.default_players <= v.max_players);
            assert_eq!(find_variant(v.id), Some(v));
            if let Some(name) = v.game {
                let g = GAMES.iter().find(|g| g.name == name).unwrap();
                assert!(g.min_players <= v.min_players && v.max_players <= g.max_players);
            }
        }
        assert_eq!(
            with_game("skat", Facts("skat")).err(),
            Some(UnknownGame {
                name: "skat".into()
            })
        );
    }

    #[test]
    fn saved_variant_ids_stay_and_bring_their_presets() {
        for id in [
            "romme",
            "romme_kaufen",
            "romme_anlegen",
            "romme_raeuber",
            "romme_trad",
            "karussell",
            "profisort",
            "abluxxen",
            "profiduell",
        ] {
            assert!(find_variant(id).is_some(), "{id}");
        }
        assert_eq!(
            variant_options::<Romme>("romme_trad"),
            Ok(Preset::Traditionell.options())
        );
        assert_eq!(
            variant_options::<Romme>("romme"),
            Ok(Preset::Grundspiel.options())
        );
        assert!(
            variant_options::<crate::abluxxen::Abluxxen>("profiduell")
                .unwrap()
                .profiduell
        );
        assert!(
            !variant_options::<crate::abluxxen::Abluxxen>("abluxxen")
                .unwrap()
                .profiduell
        );
        let p = find_variant("profisort").unwrap();
        assert_eq!(
            (p.game, p.min_players, p.max_players),
            (Some("profisort"), 2, 3)
        );
        assert_eq!(
            options_of::<crate::profisort::ProfiSort>(p).map(|o| o.jokers),
            Ok(8)
        );
        assert_eq!(
            variant_options::<Romme>("profisort"),
            Err(CatalogError::OtherGame {
                id: "profisort",
                game: "profisort",
                asked: "romme"
            })
        );
        assert_eq!(
            variant_options::<Romme>("skat"),
            Err(CatalogError::UnknownVariant { id: "skat".into() })
        );
        assert_eq!(Romme::preset("nope"), None);
    }
}
