//! The app's registry of games: one entry per engine game. Adding a game = its engine module
//! (registered in `engine::games`), its UI module with a [`UiGame`] impl and a setup panel,
//! and one line in [`REGISTRY`]. Everything else (home, setup, saves, links) goes through it.

use crate::i18n::Lang;
use crate::pages::setup::SeatConfig;
use crate::play::host::{GameHost, Session};
use crate::play::storage;
use crate::play::ui_game::ViewLoad;
use crate::play::UiGame;
use engine::games::VariantInfo;
use engine::save::{SaveError, SaveFile};
use engine::{BotLevel, Face};
use leptos::prelude::*;

/// How one game plugs into the app.
pub struct UiEntry {
    /// The engine's `Game::NAME`.
    pub game: &'static str,
    /// The card on the home screen.
    pub icon: Face,
    /// The game's part of the setup screen (options, then the start button), built in the
    /// game's setup part of the wasm.
    pub setup_panel: fn(&'static VariantInfo, RwSignal<Vec<SeatConfig>>) -> ViewLoad,
    /// The running game of a stored save (its table is loaded with its part of the wasm).
    pub host: fn(String, SaveFile) -> Result<ViewLoad, SaveError>,
    /// Stores a save (from a link or an import) under `id`, re-validated.
    pub store: fn(String, SaveFile) -> Result<(), String>,
    /// The bot levels the setup screen offers.
    pub bot_levels: &'static [BotLevel],
}

/// A registry entry for game `G`.
pub const fn entry<G: UiGame>(
    icon: Face,
    setup_panel: fn(&'static VariantInfo, RwSignal<Vec<SeatConfig>>) -> ViewLoad,
) -> UiEntry {
    UiEntry {
        game: G::NAME,
        icon,
        setup_panel,
        host: host::<G>,
        store: store::<G>,
        bot_levels: G::BOT_LEVELS,
    }
}

/// A game's lazily loaded parts of the wasm (docs/DESIGN.md, "Code splitting"): defines in
/// the game's module `setup_panel` (for its registry entry; built in the part `$setup`) and
/// `open_table` (for its `UiGame::table`; built in the part `$table`). Each game needs parts
/// of its own names, so this is a macro and not a generic function.
macro_rules! game_parts {
    ($game:ty, $setup:ident, $table:ident) => {
        /// The game's part of the setup screen; its code is fetched when the setup opens.
        #[leptos::wasm_split::wasm_split($setup, wasm_split_path = ::leptos::wasm_split, fallible)]
        fn $setup(
            entry: &'static engine::games::VariantInfo,
            seats: RwSignal<Vec<$crate::pages::setup::SeatConfig>>,
        ) -> Result<AnyView, $crate::play::ui_game::LoadError> {
            Ok(setup::setup_panel(entry, seats))
        }

        fn setup_panel(
            entry: &'static engine::games::VariantInfo,
            seats: RwSignal<Vec<$crate::pages::setup::SeatConfig>>,
        ) -> $crate::play::ui_game::ViewLoad {
            Box::pin($setup(entry, seats))
        }

        /// The game's table (board and host); its code is fetched when a game of this kind
        /// is opened.
        #[leptos::wasm_split::wasm_split($table, wasm_split_path = ::leptos::wasm_split, fallible)]
        fn $table(
            session: $crate::play::host::Session<$game>,
        ) -> Result<AnyView, $crate::play::ui_game::LoadError> {
            Ok($crate::games::registry::table(session))
        }

        fn open_table(
            session: $crate::play::host::Session<$game>,
        ) -> $crate::play::ui_game::ViewLoad {
            Box::pin($table(session))
        }
    };
}
pub(crate) use game_parts;

/// Every game with a UI.
pub static REGISTRY: &[UiEntry] = &[
    super::romme::ENTRY,
    super::abluxxen::ENTRY,
    super::karussell::ENTRY,
    super::profisort::ENTRY,
];

pub fn find(game: &str) -> Option<&'static UiEntry> {
    REGISTRY.iter().find(|e| e.game == game)
}

fn host<G: UiGame>(id: String, file: SaveFile) -> Result<ViewLoad, SaveError> {
    Ok(G::table(Session::<G>::from_file(id, file)?))
}

/// The table of game `G` for `session`: what a game's `UiGame::table` builds in its part of
/// the wasm.
pub fn table<G: UiGame>(session: Session<G>) -> AnyView {
    view! { <GameHost<G> session=session/> }.into_any()
}

fn store<G: UiGame>(id: String, file: SaveFile) -> Result<(), String> {
    let lang: Lang = crate::app::use_app().lang();
    let mut session = Session::<G>::from_file(id, file)
        .map_err(|e| super::common::explain_save_error(&e, lang))?;
    session
        .persist()
        .map_err(|e| super::common::explain_save_error(&e, lang))
}

/// The stored game `id` as a running board, dispatching on the save's game name (checked
/// here; the board arrives with its part of the wasm).
pub fn host_for_save(id: String, json: &str, lang: Lang) -> Result<ViewLoad, String> {
    let file =
        engine::save::read_file(json).map_err(|e| super::common::explain_save_error(&e, lang))?;
    let ui = find(&file.game).ok_or_else(|| unknown(&file.game, lang))?;
    (ui.host)(id, file).map_err(|e| super::common::explain_save_error(&e, lang))
}

/// Stores the save JSON `json` under `id` (validated by replaying).
pub fn store_save(id: String, json: &str, lang: Lang) -> Result<(), String> {
    let file =
        engine::save::read_file(json).map_err(|e| super::common::explain_save_error(&e, lang))?;
    let ui = find(&file.game).ok_or_else(|| unknown(&file.game, lang))?;
    (ui.store)(id, file)
}

fn unknown(game: &str, lang: Lang) -> String {
    crate::i18n::tr(lang, "play.unknown_game").replace("{game}", game)
}

/// A new id for a game about to be stored.
pub fn new_id() -> String {
    storage::new_id()
}
