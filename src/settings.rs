//! User settings, kept in localStorage (in memory if the browser refuses, see
//! [`crate::play::storage`]).

use crate::i18n::Lang;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum DeckColours {
    #[default]
    Two,
    Four,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Motion {
    #[default]
    System,
    Reduced,
    Full,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub lang: Lang,
    pub deck: DeckColours,
    pub motion: Motion,
    /// Pause between bot moves, in milliseconds.
    pub bot_delay_ms: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: Lang::De,
            deck: DeckColours::Two,
            motion: Motion::System,
            bot_delay_ms: 700,
        }
    }
}

pub const STORAGE_KEY: &str = "kartenrunde.settings.v1";

impl Settings {
    /// Reads the stored settings; anything unreadable falls back to the defaults.
    pub fn load() -> Settings {
        crate::play::storage::get(STORAGE_KEY)
            .and_then(|s| serde_json::from_str(&s).ok())
            .unwrap_or_default()
    }

    /// Stores the settings; returns false if the browser refused (private mode, quota).
    pub fn store(&self) -> bool {
        serde_json::to_string(self)
            .map(|json| crate::play::storage::set(STORAGE_KEY, &json))
            .unwrap_or(false)
    }
}
