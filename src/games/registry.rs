//! The app's registry of games: one line per engine game in [`registry!`] below. Adding a
//! game = its engine module (registered in `engine::games`), its UI module with a [`UiGame`]
//! and a [`Registered`] impl (setup panel, texts, rules page), and its line here. Everything
//! else (home, setup, saves, links, rules pages, texts and their checks) goes through the
//! registry: the entries of [`REGISTRY`], or the game's type by [`with_ui_game`].

use crate::games::rules_doc::RulesDoc;
use crate::host::{GameHost, ReplayHost};
use crate::i18n::{Lang, Table};
use crate::play::session::Session;
use crate::play::ui_game::{CoachMarks, TableMode, ViewLoad};
use crate::play::UiGame;
use crate::seats::SeatConfig;
use engine::games::{Listed, UnknownGame, VariantInfo};
use engine::{BotLevel, Face};
use leptos::prelude::*;

/// How one game plugs into the app.
pub struct UiEntry {
    /// The engine's `Game::NAME`.
    pub game: &'static str,
    /// The card on the home screen.
    pub icon: Face,
    /// Presets with a card of their own there (catalog id, card).
    pub preset_icons: &'static [(&'static str, Face)],
    /// The game's part of the setup screen (options, then the start button), built in the
    /// game's part of the wasm (with its table).
    pub setup_panel: SetupPanel,
    /// The running game of a stored save (id, JSON), read, replayed and shown by its part of
    /// the wasm: [`Parts::table`](crate::play::ui_game::Parts::table).
    pub host: fn(String, String, Lang, TableMode) -> ViewLoad,
    /// A guest's page at a table between devices (invitation code, the guest's name), built
    /// by the game's table part.
    pub guest: fn(String, String) -> ViewLoad,
    /// The bot levels the setup screen offers.
    pub bot_levels: &'static [BotLevel],
    /// The table offers "Tipp" ([`UiGame::HINTS`]): the setup lets it be switched off or on.
    pub hints: bool,
    /// The game's texts ([`Launch::TEXTS`]), installed in the one translation table.
    pub texts: Table,
    /// The texts of its table part ([`Launch::TABLE_TEXTS`]), listed here for the texts'
    /// checks only: in the app only the part names them (so they are in the part).
    #[cfg(test)]
    pub table_texts: Table,
    /// The texts of its rules page ([`Launch::RULES_TEXTS`]), likewise.
    #[cfg(test)]
    pub rules_texts: Table,
    /// Its first-game guide ([`UiGame::COACH`]).
    pub coach: CoachMarks,
}

/// A game's part of the setup screen for a catalog entry: see [`game_parts!`].
pub type SetupPanel = fn(&'static VariantInfo, RwSignal<Vec<SeatConfig>>) -> ViewLoad;

/// A game's rules page: catalog entry, options, language.
pub type RulesPage<O> = fn(&'static VariantInfo, &O, Lang) -> RulesDoc;

/// What the app lists of a game beyond what its host needs ([`UiGame`]) and what the engine
/// lists ([`Listed`]: its facts and presets); implemented in the game's module.
pub trait Registered: UiGame + Listed + Launch + bots::BotGame {
    /// The card on the home screen.
    const ICON: Face;
    /// Presets shown with another card (catalog id, card), so each has a picture of its own.
    const PRESET_ICONS: &'static [(&'static str, Face)] = &[];
}

impl UiEntry {
    /// The card of catalog entry `id` on the home screen.
    pub fn icon_for(&self, id: &str) -> Face {
        self.preset_icons
            .iter()
            .find(|(p, _)| *p == id)
            .map_or(self.icon, |(_, f)| *f)
    }
}

/// The registry entry of game `G`.
pub const fn entry<G: Registered>() -> UiEntry {
    UiEntry {
        game: G::NAME,
        icon: G::ICON,
        preset_icons: G::PRESET_ICONS,
        setup_panel: G::SETUP,
        host: G::table,
        guest: G::GUEST,
        bot_levels: G::BOT_LEVELS,
        hints: G::HINTS,
        texts: G::TEXTS,
        #[cfg(test)]
        table_texts: G::TABLE_TEXTS,
        #[cfg(test)]
        rules_texts: G::RULES_TEXTS,
        coach: G::COACH,
    }
}

/// How the app starts a game's pages and finds its texts and rules page, generated for every
/// game by [`game_parts!`] from its module's conventional names (`setup`, `texts_table`,
/// `rules`, `samples`; never written by hand): each page loads a part of the game's own.
pub trait Launch: engine::Game {
    /// The game's part of the setup screen (`setup_part`, in the small part `$setup`).
    const SETUP: SetupPanel;
    /// A guest's page at a table between devices (in the part `$table`).
    const GUEST: fn(String, String) -> ViewLoad;
    /// Makes and stores a new game (in the part `$table`: the engine is not in the setup's).
    const NEW: fn(crate::games::NewGame<Self::Options>) -> crate::games::NewGameLoad;
    /// The game's texts in German and English (`texts_table::TEXTS` of the game's module) that the
    /// start and every part may show: its catalog entries' titles and descriptions, setup
    /// summary, option labels, guide.
    const TEXTS: Table;
    /// The texts only its table part shows (board, log, rejections, hints): installed when
    /// the part is loaded (see [`game_parts!`]).
    const TABLE_TEXTS: Table;
    /// The texts of its rules page: installed when the part with the rules pages
    /// (`more_pages`) is loaded ([`install_rules_texts`]).
    const RULES_TEXTS: Table;
    /// Its rules page (`src/games/<game>/rules.rs`), reached through [`with_ui_game`] only
    /// (a static holding it would keep its code in the main module).
    const RULES: RulesPage<Self::Options>;
    /// One of each of the game's own rejections (`Game::Error`), for the texts check
    /// (`src/games/<game>/samples.rs`, whose exhaustive match fails to compile while a new
    /// variant is missing).
    #[cfg(test)]
    const ERROR_SAMPLES: fn() -> Vec<Self::Error>;
}

/// Work done with a game's type, chosen by its name: see [`with_ui_game`].
pub trait UiVisitor {
    type Out;
    fn visit<G: Registered>(self) -> Self::Out;
}

/// A game's lazily loaded parts of the wasm (docs/DESIGN.md, "Code splitting"), its one
/// registration block: implements [`Launch`] (setup panel, guest page, new game, texts,
/// rules page) and
/// [`Parts`](crate::play::ui_game::Parts) (table, bot) for `$game`. The setup panel is built
/// in the small part `$setup`; the table, the guest's page and a new game in the part
/// `$table` (with the engine's replay of a save); the bots in `$bots`. The setup page shows as soon as its small
/// part is in; the table part is fetched meanwhile (the boot page starts both when a game is
/// tapped, the setup page when it opens). Each game needs parts of its own name, so this is a
/// macro and not a generic function.
macro_rules! game_parts {
    ($game:ty, $setup:ident, $table:ident, $bots:ident) => {
        /// The game's part of the setup screen; its code is fetched when the setup opens.
        #[leptos::wasm_split::wasm_split($setup, wasm_split_path = ::leptos::wasm_split, fallible)]
        fn setup_part(
            entry: &'static engine::games::VariantInfo,
            seats: RwSignal<Vec<$crate::seats::SeatConfig>>,
        ) -> Result<AnyView, $crate::play::ui_game::LoadError> {
            $crate::i18n::install_part($crate::i18n::net::NET);
            // The table's part next (the visitor is choosing options meanwhile).
            $crate::components::lazy::prefetch(stringify!($table));
            Ok(setup::setup_panel(entry, seats))
        }

        /// The game's table (board and host) for a stored save, or why the save cannot be
        /// used; its code (the engine's replay included) is fetched when a game of this kind
        /// is opened.
        #[leptos::wasm_split::wasm_split($table, wasm_split_path = ::leptos::wasm_split, fallible)]
        fn table_part(
            id: String,
            json: String,
            lang: $crate::i18n::Lang,
            mode: $crate::play::ui_game::TableMode,
        ) -> Result<AnyView, $crate::play::ui_game::LoadError> {
            $crate::i18n::install_part(<$game as $crate::games::registry::Launch>::TABLE_TEXTS);
            $crate::i18n::install_part($crate::i18n::net::NET);
            Ok($crate::games::registry::open::<$game>(
                id, &json, lang, mode,
            ))
        }

        /// A guest's page at a table between devices: the game's board fed by the host.
        #[leptos::wasm_split::wasm_split($table, wasm_split_path = ::leptos::wasm_split, fallible)]
        fn guest_part(
            code: String,
            name: String,
        ) -> Result<AnyView, $crate::play::ui_game::LoadError> {
            $crate::i18n::install_part(<$game as $crate::games::registry::Launch>::TABLE_TEXTS);
            $crate::i18n::install_part($crate::i18n::net::NET);
            Ok($crate::games::registry::guest::<$game>(&code, name))
        }

        /// A new game of this kind, made and stored (the engine is in this part, not in the
        /// setup's).
        #[leptos::wasm_split::wasm_split($table, wasm_split_path = ::leptos::wasm_split, fallible)]
        fn new_part(
            args: $crate::games::NewGame<<$game as engine::Game>::Options>,
        ) -> Result<Result<String, String>, $crate::play::ui_game::LoadError> {
            $crate::i18n::install_part(<$game as $crate::games::registry::Launch>::TABLE_TEXTS);
            Ok($crate::games::create_game::<$game>(args))
        }

        /// A bot of this game for a table with `options`; its code is fetched with the
        /// first bot decision of such a game.
        #[leptos::wasm_split::wasm_split($bots, wasm_split_path = ::leptos::wasm_split, fallible)]
        fn bot_part(
            level: engine::BotLevel,
            seed: u64,
            options: <$game as engine::Game>::Options,
        ) -> Result<Box<dyn bots::Bot<$game>>, $crate::play::ui_game::LoadError> {
            Ok(bots::bot_for::<$game>(level, seed, &options))
        }

        impl $crate::games::registry::Launch for $game {
            const SETUP: $crate::games::registry::SetupPanel =
                |entry, seats| Box::pin(setup_part(entry, seats));
            const GUEST: fn(String, String) -> $crate::play::ui_game::ViewLoad =
                |code, name| Box::pin(guest_part(code, name));
            const NEW: fn(
                $crate::games::NewGame<<$game as engine::Game>::Options>,
            ) -> $crate::games::NewGameLoad = |args| Box::pin(new_part(args));
            const TEXTS: $crate::i18n::Table = texts_table::TEXTS;
            const TABLE_TEXTS: $crate::i18n::Table = texts_table::TABLE_TEXTS;
            const RULES_TEXTS: $crate::i18n::Table = texts_table::RULES_TEXTS;
            const RULES: $crate::games::registry::RulesPage<<$game as engine::Game>::Options> =
                rules::rules;
            #[cfg(test)]
            const ERROR_SAMPLES: fn() -> Vec<<$game as engine::Game>::Error> = samples::errors;
        }

        impl $crate::play::ui_game::Parts for $game {
            fn load_bot(
                level: engine::BotLevel,
                seed: u64,
                options: &<$game as engine::Game>::Options,
            ) -> $crate::play::ui_game::BotLoad<$game> {
                Box::pin(bot_part(level, seed, options.clone()))
            }
            fn table(
                id: String,
                json: String,
                lang: $crate::i18n::Lang,
                mode: $crate::play::ui_game::TableMode,
            ) -> $crate::play::ui_game::ViewLoad {
                Box::pin(table_part(id, json, lang, mode))
            }
        }
    };
}
pub(crate) use game_parts;

/// The app's list of games, one line each (the game's type); generates [`REGISTRY`] and
/// [`with_ui_game`], the one place the app matches a game's name.
macro_rules! registry {
    ($($game:ty),+ $(,)?) => {
        /// Every game with a UI, in the order of the engine's list.
        pub static REGISTRY: &[UiEntry] = &[$(entry::<$game>()),+];

        /// Hands the type of the game named `name` (`Game::NAME`) to `visitor`, as
        /// `engine::games::with_game` does for the engine.
        pub fn with_ui_game<V: UiVisitor>(name: &str, visitor: V) -> Result<V::Out, UnknownGame> {
            $(if name == <$game as engine::Game>::NAME {
                return Ok(visitor.visit::<$game>());
            })+
            Err(UnknownGame {
                name: name.to_string(),
            })
        }
    };
}

registry! {
    engine::romme::Romme,
    engine::abluxxen::Abluxxen,
    engine::karussell::Karussell,
    engine::profisort::ProfiSort,
}

/// Hands every registered game's type to (a copy of) `visitor`, in the registry's order: the
/// tests that must cover each game iterate this, so a new game is in them by its registry
/// line alone.
#[cfg(test)]
pub fn for_every_game<V: UiVisitor<Out = ()> + Clone>(visitor: V) {
    for e in REGISTRY {
        with_ui_game(e.game, visitor.clone()).expect("a registered game");
    }
}

/// Every game's texts, for [`crate::i18n::install`].
pub fn text_tables() -> impl Iterator<Item = Table> {
    REGISTRY.iter().map(|e| e.texts)
}

/// Installs every game's rules-page texts: each entry of the `more_pages` part of the wasm
/// (where the rules pages are) calls it first, so only that part holds them.
pub fn install_rules_texts() {
    struct Install;
    impl UiVisitor for Install {
        type Out = ();
        fn visit<G: Registered>(self) {
            crate::i18n::install_part(G::RULES_TEXTS);
        }
    }
    for e in REGISTRY {
        let _ = with_ui_game(e.game, Install);
    }
}

pub fn find(game: &str) -> Option<&'static UiEntry> {
    REGISTRY.iter().find(|e| e.game == game)
}

/// The table of game `G` for the stored save `json`, or why it cannot be used: what a
/// game's `Parts::table` builds in its part of the wasm.
pub fn open<G: UiGame>(id: String, json: &str, lang: Lang, mode: TableMode) -> AnyView {
    match Session::<G>::from_json(id, json) {
        Ok(session) if mode == TableMode::Replay => {
            view! { <ReplayHost<G> session=session/> }.into_any()
        }
        Ok(session) => view! { <GameHost<G> session=session/> }.into_any(),
        Err(e) => {
            crate::play::notice::corrupt_save(crate::i18n::common::explain_save_error(&e, lang))
        }
    }
}

/// A guest's page for the invitation `code` (checked by the join page already).
pub fn guest<G: UiGame>(code: &str, name: String) -> AnyView {
    match crate::net::code::Invite::decode(code) {
        Ok(invite) => crate::host::guest::guest_table::<G>(invite, name),
        Err(e) => {
            view! { <p class="error-box" role="alert">{crate::ctx::use_app().t(e.key())}</p> }
                .into_any()
        }
    }
}

/// The stored game `id` (its save `json`) as a running board: the game's name is read here,
/// the rest (checks, replay, board) by the game's part of the wasm.
pub fn host_for_save(
    id: String,
    json: String,
    lang: Lang,
    mode: TableMode,
) -> Result<ViewLoad, String> {
    let game = engine::save::game_of(&json)
        .map_err(|e| crate::i18n::common::explain_save_error(&e, lang))?;
    let ui = find(&game).ok_or_else(|| unknown(&game, lang))?;
    Ok((ui.host)(id, json, lang, mode))
}

fn unknown(game: &str, lang: Lang) -> String {
    crate::i18n::tr(lang, "play.unknown_game").replace("{game}", game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{has_key, tr};
    use engine::games::{GAMES, VARIANTS};

    /// The name of the type the visitor was handed.
    struct Name;
    impl UiVisitor for Name {
        type Out = &'static str;
        fn visit<G: Registered>(self) -> &'static str {
            G::NAME
        }
    }

    /// One line per game in each list: a game in the engine's list but not in the registry
    /// (or the other way round, or in another order) fails here.
    #[test]
    fn the_engine_list_and_the_registry_agree() {
        let engine: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
        let ui: Vec<&str> = REGISTRY.iter().map(|e| e.game).collect();
        assert_eq!(
            ui, engine,
            "the registry lists the engine's games, in its order"
        );
        assert_eq!(
            with_ui_game("skat", Name),
            Err(UnknownGame {
                name: "skat".into()
            })
        );
    }

    /// Every game of the registry has its end-to-end spec, `tests/e2e/<name>.mjs`, in the
    /// list the e2e run reads.
    #[test]
    fn every_game_has_an_e2e_spec() {
        let e2e = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/e2e");
        let run = std::fs::read_to_string(e2e.join("run.mjs")).unwrap();
        for e in REGISTRY {
            let spec = format!("{}.mjs", e.game);
            assert!(e2e.join(&spec).is_file(), "no tests/e2e/{spec}");
            assert!(
                run.contains(&format!("  '{spec}',\n")),
                "run.mjs does not list {spec}"
            );
        }
    }

    /// `tests/e2e/games.json`, the list of games and catalog entries the end-to-end specs
    /// read (`tests/e2e/games.mjs`), is written from the registry and the catalog: run with
    /// `KR_WRITE_E2E_GAMES=1` to write it; a game missing there fails here.
    #[test]
    fn the_e2e_list_of_games_is_the_registry() {
        let variants: Vec<serde_json::Value> = VARIANTS
            .iter()
            .filter_map(|v| {
                let game = v.game?;
                find(game)?;
                Some(serde_json::json!({
                    "id": v.id, "game": game, "min": v.min_players,
                    "max": v.max_players, "default": v.default_players,
                }))
            })
            .collect();
        let games: Vec<serde_json::Value> = REGISTRY
            .iter()
            .map(|e| {
                let levels: Vec<&str> = e.bot_levels.iter().map(|l| l.code()).collect();
                serde_json::json!({ "name": e.game, "botLevels": levels, "hints": e.hints })
            })
            .collect();
        let want = serde_json::to_string_pretty(&serde_json::json!({
            "written by": "cargo test -p kartenrunde --lib the_e2e_list_of_games_is_the_registry (KR_WRITE_E2E_GAMES=1)",
            "games": games,
            "variants": variants,
        }))
        .unwrap()
            + "\n";
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/e2e/games.json");
        if std::env::var_os("KR_WRITE_E2E_GAMES").is_some() {
            std::fs::write(&path, &want).unwrap();
        }
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            have == want,
            "tests/e2e/games.json is not the registry's list (KR_WRITE_E2E_GAMES=1 writes it)"
        );
    }

    /// Every game of the registry comes with what the app shows of it: its texts, its guide,
    /// bot levels, and a rules page for each of its catalog entries.
    #[test]
    fn every_game_brings_texts_guide_and_rules_pages() {
        for e in REGISTRY {
            assert_eq!(with_ui_game(e.game, Name), Ok(e.game));
            assert!(find(e.game).is_some_and(|f| std::ptr::eq(f, e)));
            assert!(!e.texts.is_empty(), "{}: no texts", e.game);
            assert!(!e.bot_levels.is_empty(), "{}: no bots", e.game);
            assert!(!e.coach.is_empty(), "{}: no guide", e.game);
            for (target, key) in e.coach {
                assert!(target.starts_with("[data-testid="), "{}: {target}", e.game);
                assert!(has_key(key) && tr(Lang::En, key) != *key, "{key}");
            }
            let entries = VARIANTS.iter().filter(|v| v.game == Some(e.game));
            for v in entries {
                let rules = crate::games::rules_doc::defaults(v.id);
                assert!(rules.is_some(), "{}: no rules page", v.id);
            }
        }
    }
}
