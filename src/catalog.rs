//! The games and presets on the home screen: the engine's catalog
//! ([`engine::games::VARIANTS`]) joined with the app's registry of game UIs.

use crate::games::registry::{self, UiEntry};
use engine::games::{VariantInfo, VARIANTS};

/// One catalog entry as the app shows it.
#[derive(Clone, Copy)]
pub struct Entry {
    pub info: &'static VariantInfo,
    /// The game's UI, `None` while the game is "in Vorbereitung".
    pub ui: Option<&'static UiEntry>,
}

impl Entry {
    pub fn id(&self) -> &'static str {
        self.info.id
    }
    pub fn available(&self) -> bool {
        self.ui.is_some()
    }
    /// Translation key of the title.
    pub fn key(&self) -> String {
        format!("game.{}", self.info.id)
    }
    /// Translation key of the one-line description.
    pub fn desc_key(&self) -> String {
        format!("game.{}.desc", self.info.id)
    }
}

fn entry(info: &'static VariantInfo) -> Entry {
    Entry {
        info,
        ui: info.game.and_then(registry::find),
    }
}

/// Every entry in display order.
pub fn entries() -> impl Iterator<Item = Entry> {
    VARIANTS.iter().map(entry)
}

pub fn find(id: &str) -> Option<Entry> {
    engine::games::find_variant(id).map(entry)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_has_texts_and_the_engine_list_and_the_registry_agree() {
        assert_eq!(entries().count(), engine::games::VARIANTS.len());
        for e in entries() {
            assert!(crate::i18n::has_key(&e.key()), "{}", e.key());
            assert!(crate::i18n::has_key(&e.desc_key()), "{}", e.key());
            assert_eq!(find(e.id()).map(|f| f.id()), Some(e.id()));
            assert_eq!(e.available(), e.info.game.is_some(), "{}", e.id());
        }
        for g in engine::games::GAMES {
            assert!(registry::find(g.name).is_some(), "{} has no UI", g.name);
        }
        for ui in registry::REGISTRY {
            assert!(
                engine::games::GAMES.iter().any(|g| g.name == ui.game),
                "{} is not in the engine's list",
                ui.game
            );
        }
    }
}
