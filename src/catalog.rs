//! The games and presets on the home screen.

/// Which engine a catalog entry runs on (none yet: "coming soon").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Romme,
    Abluxxen,
    NotYet,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Stable id used in routes and saves.
    pub id: &'static str,
    /// Translation key of the title; `<key>.desc` is the one-line description.
    pub key: &'static str,
    pub engine: Engine,
    pub min_players: usize,
    pub max_players: usize,
    pub default_players: usize,
}

impl Entry {
    pub fn available(&self) -> bool {
        self.engine != Engine::NotYet
    }
    pub fn desc_key(&self) -> String {
        format!("{}.desc", self.key)
    }
}

pub static ENTRIES: &[Entry] = &[
    Entry {
        id: "romme",
        key: "game.romme",
        engine: Engine::Romme,
        min_players: 2,
        max_players: 6,
        default_players: 3,
    },
    Entry {
        id: "romme_kaufen",
        key: "game.romme_kaufen",
        engine: Engine::Romme,
        min_players: 2,
        max_players: 6,
        default_players: 3,
    },
    Entry {
        id: "romme_anlegen",
        key: "game.romme_anlegen",
        engine: Engine::Romme,
        min_players: 2,
        max_players: 6,
        default_players: 3,
    },
    Entry {
        id: "romme_raeuber",
        key: "game.romme_raeuber",
        engine: Engine::Romme,
        min_players: 2,
        max_players: 6,
        default_players: 3,
    },
    Entry {
        id: "romme_trad",
        key: "game.romme_trad",
        engine: Engine::Romme,
        min_players: 2,
        max_players: 6,
        default_players: 3,
    },
    Entry {
        id: "karussell",
        key: "game.karussell",
        engine: Engine::NotYet,
        min_players: 2,
        max_players: 5,
        default_players: 3,
    },
    Entry {
        id: "profisort",
        key: "game.profisort",
        engine: Engine::NotYet,
        min_players: 2,
        max_players: 3,
        default_players: 2,
    },
    Entry {
        id: "abluxxen",
        key: "game.abluxxen",
        engine: Engine::Abluxxen,
        min_players: 2,
        max_players: 5,
        default_players: 3,
    },
    Entry {
        id: "profiduell",
        key: "game.profiduell",
        engine: Engine::Abluxxen,
        min_players: 2,
        max_players: 2,
        default_players: 2,
    },
];

pub fn find(id: &str) -> Option<&'static Entry> {
    ENTRIES.iter().find(|e| e.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_entries_with_texts() {
        assert_eq!(ENTRIES.len(), 9);
        for e in ENTRIES {
            assert!(crate::i18n::has_key(e.key), "{}", e.key);
            assert!(crate::i18n::has_key(&e.desc_key()), "{}", e.key);
            assert!(e.min_players <= e.default_players && e.default_players <= e.max_players);
            assert_eq!(find(e.id), Some(e));
        }
    }
}
