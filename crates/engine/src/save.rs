//! Versioned save files, replay from a record, undo, and share links.
//!
//! A save holds the [`Record`] (options, seats, seed, action log) — the authority — plus a
//! JSON snapshot of the state. [`load`] replays the log from the seed and checks that every
//! logged action is legal and that the result equals the snapshot, so a save written by a
//! build with different rules is rejected instead of silently diverging. A save whose
//! snapshot is `null` (as made by [`share_link`]) is checked by replay only.

use crate::game::{Game, RuleError, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

mod link;
mod lz;
#[cfg(test)]
mod tests;

pub use link::{decode_link, encode_link};

/// The save format version written by this build; older versions are read if known.
pub const SAVE_VERSION: u32 = 1;

/// Why a save, record or link could not be used. Carries the facts for a translated text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum SaveError {
    /// Not valid JSON, or JSON of the wrong shape.
    Malformed { detail: String },
    /// Written by a newer (or unknown) format version.
    UnsupportedVersion { found: u64, supported: u32 },
    /// A save of another game.
    WrongGame { found: String, expected: String },
    /// The recorded options or seat count cannot start a game.
    Setup { error: RuleError },
    /// Log entry `index` (0-based) is illegal when replayed.
    IllegalAction { index: usize, error: RuleError },
    /// Replaying the log does not give the saved state.
    SnapshotMismatch,
    /// Undo to a log length longer than the log.
    UndoBeyondLog { requested: usize, len: usize },
    /// A share link that is not one (bad character, truncated, damaged).
    BadLink { detail: String },
    /// The state could not be serialised (a bug in the game's types).
    Serialize { detail: String },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl std::error::Error for SaveError {}

fn malformed(e: impl fmt::Display) -> SaveError {
    SaveError::Malformed {
        detail: e.to_string(),
    }
}

fn serialize_error(e: impl fmt::Display) -> SaveError {
    SaveError::Serialize {
        detail: e.to_string(),
    }
}

/// Everything needed to reproduce a game: it is deterministic in these four values.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Record<G: Game> {
    pub options: G::Options,
    pub seats: usize,
    pub seed: u64,
    /// Every applied action, in order, with the seat that played it.
    pub log: Vec<(Seat, G::Action)>,
}

impl<G: Game> Clone for Record<G> {
    fn clone(&self) -> Self {
        Record {
            options: self.options.clone(),
            seats: self.seats,
            seed: self.seed,
            log: self.log.clone(),
        }
    }
}

impl<G: Game> fmt::Debug for Record<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Record")
            .field("options", &self.options)
            .field("seats", &self.seats)
            .field("seed", &self.seed)
            .field("log", &self.log)
            .finish()
    }
}

impl<G: Game> PartialEq for Record<G> {
    fn eq(&self, other: &Self) -> bool {
        self.options == other.options
            && self.seats == other.seats
            && self.seed == other.seed
            && self.log == other.log
    }
}

impl<G: Game> Record<G> {
    /// An empty record of a new game.
    pub fn new(options: G::Options, seats: usize, seed: u64) -> Self {
        Record {
            options,
            seats,
            seed,
            log: Vec::new(),
        }
    }

    /// The dealt game, before any action.
    pub fn start(&self) -> Result<G, SaveError> {
        G::new(&self.options, self.seats, self.seed).map_err(|error| SaveError::Setup { error })
    }

    /// Starts the game and applies the whole log.
    pub fn replay(&self) -> Result<G, SaveError> {
        let mut game = self.start()?;
        for (index, (seat, action)) in self.log.iter().enumerate() {
            game.apply(*seat, action)
                .map_err(|error| SaveError::IllegalAction { index, error })?;
        }
        Ok(game)
    }

    /// Applies `action` to `game` (which must be this record's current state) and logs it
    /// if it was accepted.
    pub fn play(
        &mut self,
        game: &mut G,
        seat: Seat,
        action: G::Action,
    ) -> Result<Vec<G::Event>, RuleError> {
        let events = game.apply(seat, &action)?;
        self.log.push((seat, action));
        Ok(events)
    }

    /// Undo: keeps the first `len` actions and returns the replayed state. The record is
    /// changed only if the replay succeeds.
    pub fn undo_to(&mut self, len: usize) -> Result<G, SaveError> {
        if len > self.log.len() {
            return Err(SaveError::UndoBeyondLog {
                requested: len,
                len: self.log.len(),
            });
        }
        let mut shorter = self.clone();
        shorter.log.truncate(len);
        let game = shorter.replay()?;
        *self = shorter;
        Ok(game)
    }
}

/// Descriptive data shown in the list of saved games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveMeta {
    pub title: String,
    /// Milliseconds since the Unix epoch (supplied by the caller; the engine has no clock).
    pub created_ms: u64,
    pub updated_ms: u64,
    pub player_names: Vec<String>,
    /// Which catalog entry (preset) the app started, e.g. `"romme_kaufen"`.
    #[serde(default)]
    pub variant: String,
    /// Per seat: `"human"` or a bot level (`"easy"`, `"normal"`), as the app chose.
    #[serde(default)]
    pub seat_kinds: Vec<String>,
    /// True once the match is over (kept for the archive of finished matches).
    #[serde(default)]
    pub finished: bool,
}

/// The JSON document of a save, independent of the game type.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveFile {
    pub version: u32,
    /// [`Game::NAME`].
    pub game: String,
    /// The [`Record`] as JSON.
    pub record: Value,
    /// The state as JSON, or `null` (then only the replay is checked).
    pub snapshot: Value,
    pub meta: SaveMeta,
}

/// Writes a save of `record` whose current state is `state`.
pub fn save<G: Game>(record: &Record<G>, state: &G, meta: &SaveMeta) -> Result<String, SaveError> {
    let snapshot = serde_json::to_value(state).map_err(serialize_error)?;
    write_file(record, snapshot, meta)
}

fn write_file<G: Game>(
    record: &Record<G>,
    snapshot: Value,
    meta: &SaveMeta,
) -> Result<String, SaveError> {
    let file = SaveFile {
        version: SAVE_VERSION,
        game: G::NAME.to_string(),
        record: serde_json::to_value(record).map_err(serialize_error)?,
        snapshot,
        meta: meta.clone(),
    };
    serde_json::to_string(&file).map_err(serialize_error)
}

/// Reads the game-independent part of a save (version checked, nothing replayed), e.g. to
/// list saves with their titles and game names.
pub fn read_file(json: &str) -> Result<SaveFile, SaveError> {
    let value: Value = serde_json::from_str(json).map_err(malformed)?;
    let version = value
        .get("version")
        .ok_or_else(|| malformed("no version"))?;
    let found = version
        .as_u64()
        .ok_or_else(|| malformed("version is not a number"))?;
    if found != u64::from(SAVE_VERSION) {
        return Err(SaveError::UnsupportedVersion {
            found,
            supported: SAVE_VERSION,
        });
    }
    serde_json::from_value(value).map_err(malformed)
}

/// Reads a save of game `G`: checks version and game name, replays the log from the seed
/// and compares the result with the snapshot.
pub fn load<G: Game>(json: &str) -> Result<(Record<G>, G), SaveError> {
    load_with_meta(json).map(|(record, game, _)| (record, game))
}

/// Like [`load`], also returning the save's [`SaveMeta`].
pub fn load_with_meta<G: Game>(json: &str) -> Result<(Record<G>, G, SaveMeta), SaveError> {
    let file = read_file(json)?;
    if file.game != G::NAME {
        return Err(SaveError::WrongGame {
            found: file.game,
            expected: G::NAME.to_string(),
        });
    }
    let record: Record<G> = serde_json::from_value(file.record).map_err(malformed)?;
    let game = record.replay()?;
    if !file.snapshot.is_null() {
        let replayed = serde_json::to_value(&game).map_err(serialize_error)?;
        if replayed != file.snapshot {
            return Err(SaveError::SnapshotMismatch);
        }
    }
    Ok((record, game, file.meta))
}

/// A share link payload for `record`: a save without snapshot (the receiver replays it),
/// encoded with [`encode_link`].
pub fn share_link<G: Game>(record: &Record<G>, meta: &SaveMeta) -> Result<String, SaveError> {
    write_file(record, Value::Null, meta).map(|json| encode_link(&json))
}

/// Opens a share link made by [`share_link`] (or an encoded full save).
pub fn open_link<G: Game>(link: &str) -> Result<(Record<G>, G, SaveMeta), SaveError> {
    load_with_meta(&decode_link(link)?)
}
