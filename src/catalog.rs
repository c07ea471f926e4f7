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
    use crate::i18n::{has_key, tr, Lang};

    /// Every entry of the engine's catalog, with a title and a description in both
    /// languages (from its game's table); the registry's agreement with the engine's list of
    /// games is tested in `games::registry`.
    #[test]
    fn every_entry_has_its_texts_in_both_languages() {
        assert_eq!(entries().count(), VARIANTS.len());
        for e in entries() {
            for key in [e.key(), e.desc_key()] {
                assert!(has_key(&key), "{key}");
                for lang in [Lang::De, Lang::En] {
                    assert!(!tr(lang, &key).trim().is_empty(), "{key} {lang:?}");
                }
            }
            assert_eq!(find(e.id()).map(|f| f.id()), Some(e.id()));
            assert_eq!(e.available(), e.info.game.is_some(), "{}", e.id());
        }
    }

    #[test]
    fn every_catalog_entry_has_a_card_of_its_own_on_the_home_screen() {
        let icons: Vec<(&str, engine::Face)> = entries()
            .filter_map(|e| e.ui.map(|ui| (e.id(), ui.icon_for(e.id()))))
            .collect();
        assert!(icons.len() >= 9, "{icons:?}");
        for (i, (id, face)) in icons.iter().enumerate() {
            for (other, f) in &icons[i + 1..] {
                assert_ne!(face, f, "{id} and {other} show the same card");
            }
        }
    }
}
