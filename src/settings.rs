//! User settings, kept in localStorage (in memory if the browser refuses, see
//! [`crate::storage`]).

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

/// The longest stored pause between bot moves that is honoured (a longer one is read as this).
pub const MAX_BOT_DELAY_MS: u32 = 5000;

/// Stored settings longer than this are not read (they are a few dozen bytes).
const MAX_TEXT: usize = 64 * 1024;

impl Settings {
    /// Reads stored settings field by field: a field that is missing or unreadable falls back
    /// to its default without affecting the others, the bot pause is clamped to
    /// 0..=[`MAX_BOT_DELAY_MS`], unknown fields are ignored; anything that is not an object
    /// (or is oversized) gives the defaults.
    pub fn parse(text: Option<&str>) -> Settings {
        // Each field is taken raw and read on its own (no `serde_json::Value` tree: that
        // reader would join the main module, which every start waits for).
        #[derive(serde::Deserialize)]
        struct Raw<'a> {
            #[serde(borrow, default)]
            lang: Option<&'a serde_json::value::RawValue>,
            #[serde(borrow, default)]
            deck: Option<&'a serde_json::value::RawValue>,
            #[serde(borrow, default)]
            motion: Option<&'a serde_json::value::RawValue>,
            #[serde(borrow, default)]
            bot_delay_ms: Option<&'a serde_json::value::RawValue>,
        }
        fn field<T: serde::de::DeserializeOwned>(
            raw: Option<&serde_json::value::RawValue>,
            into: &mut T,
        ) {
            if let Some(v) = raw.and_then(|r| serde_json::from_str(r.get()).ok()) {
                *into = v;
            }
        }
        let mut s = Settings::default();
        let Some(raw) = text
            .filter(|t| t.len() <= MAX_TEXT)
            .and_then(|t| serde_json::from_str::<Raw>(t).ok())
        else {
            return s;
        };
        field(raw.lang, &mut s.lang);
        field(raw.deck, &mut s.deck);
        field(raw.motion, &mut s.motion);
        let mut ms = f64::NAN;
        field(raw.bot_delay_ms, &mut ms);
        // Any finite number, clamped (a negative pause is none, 2·10⁹ ms is 5 s).
        if ms.is_finite() {
            s.bot_delay_ms = ms.round().clamp(0.0, f64::from(MAX_BOT_DELAY_MS)) as u32;
        }
        s
    }

    /// Reads the stored settings (see [`Settings::parse`]).
    pub fn load() -> Settings {
        Settings::parse(crate::storage::get(STORAGE_KEY).as_deref())
    }

    /// Stores the settings; returns false if the browser refused (private mode, quota).
    pub fn store(&self) -> bool {
        serde_json::to_string(self)
            .map(|json| crate::storage::set(STORAGE_KEY, &json))
            .unwrap_or(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_read_field_by_field_and_clamped() {
        assert_eq!(Settings::parse(None), Settings::default());
        for bad in ["", "{", "[1,2]", "\"De\"", "null"] {
            assert_eq!(Settings::parse(Some(bad)), Settings::default(), "{bad}");
        }
        let s = Settings::parse(Some(
            r#"{"lang":"Klingon","deck":"Four","motion":7,"bot_delay_ms":2000000000,"new":1}"#,
        ));
        assert_eq!(
            s,
            Settings {
                lang: Lang::De,
                deck: DeckColours::Four,
                motion: Motion::System,
                bot_delay_ms: MAX_BOT_DELAY_MS,
            }
        );
        let s = Settings::parse(Some(r#"{"lang":"En","bot_delay_ms":-5}"#));
        assert_eq!((s.lang, s.bot_delay_ms), (Lang::En, 0));
        let s = Settings::parse(Some(r#"{"motion":"Full","bot_delay_ms":"schnell"}"#));
        assert_eq!((s.motion, s.bot_delay_ms), (Motion::Full, 700));
        let s = Settings::parse(Some(r#"{"bot_delay_ms":250.4}"#));
        assert_eq!(s.bot_delay_ms, 250);
        // What is stored reads back as it was.
        let mine = Settings {
            lang: Lang::En,
            deck: DeckColours::Four,
            motion: Motion::Reduced,
            bot_delay_ms: 20,
        };
        let json = serde_json::to_string(&mine).unwrap();
        assert_eq!(Settings::parse(Some(&json)), mine);
        let huge = format!(r#"{{"lang":"En","pad":"{}"}}"#, "x".repeat(MAX_TEXT));
        assert_eq!(Settings::parse(Some(&huge)), Settings::default());
    }
}
