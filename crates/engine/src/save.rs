//! Versioned save files: a game's [`Record`] (options, seats, seed, action log), checked by
//! replay, plus undo and share links.
//!
//! The record is the whole save: a game is deterministic in those four values, so no internal
//! state is stored and a game's internals can change without breaking saves. A [`SaveFile`]
//! is `{version, game, record, digest, meta}`: the format version ([`SAVE_VERSION`]), the
//! game's name ([`Game::NAME`]), the record, the digest of the [`Position`] the record leads
//! to (what the players see, not the internal state) and [`SaveMeta`] (title, names, times).
//! [`save`] writes one in a single buffer; [`save_to`] writes the same bytes piece by piece
//! (the page's autosave, so the wasm heap never holds the whole save).
//!
//! Reading: [`read_file`] checks the version and migrates older formats without replaying
//! (`migrate`: format 1 stored a state snapshot; its hands are kept for a check), and
//! [`game_of`] reads only the game's name (which game's code to load first). [`load`] then
//! checks the game name, lets the game migrate its record ([`Game::migrate_record`], e.g. to
//! pin an old game's rules), replays the log from the seed re-validating every action, and
//! compares the position's digest with the stored one (and a format-1 save's hands with its
//! snapshot's), so a save from a build with different rules is rejected
//! ([`SaveError::SnapshotMismatch`], [`SaveError::IllegalAction`]) instead of silently
//! diverging. A save without a digest is checked by replay only.
//!
//! [`Record::undo_to`] shortens the log and replays. A share link ([`share_link`],
//! [`open_link`]) is a save with its digest in URL-safe text, compressed when that is shorter
//! and checksummed ([`encode_link`]); [`check_arrived`] bounds what arrives from outside
//! before it is read.
//!
//! [`Position`]: crate::game::Position

use crate::game::{ErasedRuleError, Game, RuleError, Seat};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

mod link;
mod lz;
mod migrate;
mod pack;
mod replay;
#[cfg(test)]
mod tests;

pub use link::{base64url_decode, base64url_encode, decode_link, encode_link, encode_link_v2};

/// The save format version written by this build; older versions are read if known.
///
/// History: 1 (wave 1) stored the whole internal state as a snapshot; 2 stores the
/// [`Position::digest`](crate::game::Position::digest) instead and lets each game migrate its record
/// ([`Game::migrate_record`]).
pub const SAVE_VERSION: u32 = 2;

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
    Setup { error: ErasedRuleError },
    /// Log entry `index` (0-based) is illegal when replayed.
    IllegalAction {
        index: usize,
        error: ErasedRuleError,
    },
    /// Replaying the log does not give the saved state.
    SnapshotMismatch,
    /// Undo to a log length longer than the log.
    UndoBeyondLog { requested: usize, len: usize },
    /// A share link that is not one (bad character, truncated, damaged).
    BadLink { detail: String },
    /// The state could not be serialised (a bug in the game's types).
    Serialize { detail: String },
    /// A text of the save is longer than any the app writes (see [`SaveMeta::check_limits`]):
    /// `field` is `"name"`, `"title"`, `"players"` or `"save"`.
    TooLarge { field: String, limit: usize },
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
        G::new(&self.options, self.seats, self.seed).map_err(|error| SaveError::Setup {
            error: error.erase(),
        })
    }

    /// Starts the game and applies the whole log.
    pub fn replay(&self) -> Result<G, SaveError> {
        let mut game = self.start()?;
        for (index, (seat, action)) in self.log.iter().enumerate() {
            game.apply(*seat, action)
                .map_err(|error| SaveError::IllegalAction {
                    index,
                    error: error.erase(),
                })?;
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
    ) -> Result<Vec<G::Event>, RuleError<G::Error>> {
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

/// Who sits at a seat: a person at this device or a bot of some level.
///
/// Stored as the strings `"human"`, `"easy"`, `"normal"`, `"greedy"`, `"hard"` (the wave-1
/// save format), so old saves read unchanged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum SeatKind {
    #[default]
    Human,
    Bot(BotLevel),
}

/// One bot level type for all games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BotLevel {
    Easy,
    /// The yardstick: takes the move of the biggest immediate gain (most cards or points
    /// melded, the highest card discarded), no memory, no lookahead.
    Greedy,
    Normal,
    /// Looks further than the normal level; offered where a game has one (the app's
    /// registry lists each game's levels).
    Hard,
}

impl BotLevel {
    pub const ALL: [BotLevel; 4] = [
        BotLevel::Easy,
        BotLevel::Greedy,
        BotLevel::Normal,
        BotLevel::Hard,
    ];

    pub fn code(self) -> &'static str {
        match self {
            BotLevel::Easy => "easy",
            BotLevel::Greedy => "greedy",
            BotLevel::Normal => "normal",
            BotLevel::Hard => "hard",
        }
    }
}

impl SeatKind {
    /// Every choice a setup screen offers, humans first.
    pub fn all() -> Vec<SeatKind> {
        std::iter::once(SeatKind::Human)
            .chain(BotLevel::ALL.into_iter().map(SeatKind::Bot))
            .collect()
    }

    /// The stable code stored in saves.
    pub fn code(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Bot(level) => level.code(),
        }
    }

    pub fn from_code(code: &str) -> Option<SeatKind> {
        SeatKind::all().into_iter().find(|k| k.code() == code)
    }

    pub fn is_human(self) -> bool {
        self == SeatKind::Human
    }

    pub fn bot_level(self) -> Option<BotLevel> {
        match self {
            SeatKind::Human => None,
            SeatKind::Bot(level) => Some(level),
        }
    }
}

impl From<SeatKind> for String {
    fn from(k: SeatKind) -> String {
        k.code().to_string()
    }
}

impl TryFrom<String> for SeatKind {
    type Error = String;
    fn try_from(s: String) -> Result<SeatKind, String> {
        SeatKind::from_code(&s).ok_or(s)
    }
}

/// The most characters of a player's name (the setup allows 16).
pub const MAX_NAME_CHARS: usize = 32;
/// The most characters of a save's title.
pub const MAX_TITLE_CHARS: usize = 120;
/// The most seats a save may name.
pub const MAX_SEATS: usize = 12;
/// The most bytes of one save's JSON that arrives from outside (a link, an import): a
/// 100-deal match is far below it.
pub const MAX_SAVE_BYTES: usize = 2 * 1024 * 1024;

/// Descriptive data shown in the list of saved games.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SaveMeta {
    pub title: String,
    /// Milliseconds since the Unix epoch (supplied by the caller; the engine has no clock).
    pub created_ms: u64,
    pub updated_ms: u64,
    pub player_names: Vec<String>,
    /// Which catalog entry (preset) the app started, e.g. `"romme_kaufen"`.
    pub variant: String,
    /// Per seat: a person or a bot level.
    pub seat_kinds: Vec<SeatKind>,
    /// True once the match is over (kept for the archive of finished matches).
    pub finished: bool,
    /// The game travels by link between the players' devices (shared, or opened from a
    /// link): each device shows its own player's hand, never hands the device over.
    /// Missing in records written before: false.
    pub by_link: bool,
    /// Set when the game is "the same deal again" of another game (missing otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub again: Option<Again>,
    /// Whether "Tipp" is offered: `Some` as chosen at the setup; missing (older saves, links):
    /// offered where one person plays against bots, not in a game of several people.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hints: Option<bool>,
    /// True once a hint was shown in this game (the statistics say so).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hints_used: bool,
}

/// What a game started as "the same deal again" keeps of the game it repeats: which deal
/// it starts with and what that deal brought in the original, for the comparison at its end.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Again {
    /// The deal (1 = the first) the new game starts with: the original's cards of that deal.
    pub deal: u32,
    /// Each seat's score when that deal began (the match so far, the same in both games).
    pub start: Vec<i32>,
    /// Each seat's points for that deal in the original game.
    pub before: Vec<i32>,
}

impl SaveMeta {
    /// Whether "Tipp" is offered in this game (see [`SaveMeta::hints`]).
    pub fn hints_offered(&self) -> bool {
        self.hints.unwrap_or_else(|| {
            !self.by_link && self.seat_kinds.iter().filter(|k| k.is_human()).count() == 1
        })
    }

    /// Refuses what no version of the app writes: names over [`MAX_NAME_CHARS`], a title
    /// over [`MAX_TITLE_CHARS`], more than [`MAX_SEATS`] seats. Checked on whatever arrives
    /// from outside (links, imports) before anything is stored.
    pub fn check_limits(&self) -> Result<(), SaveError> {
        let too = |field: &str, limit: usize| {
            Err(SaveError::TooLarge {
                field: field.to_string(),
                limit,
            })
        };
        let again_seats = self
            .again
            .as_ref()
            .map_or(0, |a| a.start.len().max(a.before.len()));
        if self.player_names.len() > MAX_SEATS
            || self.seat_kinds.len() > MAX_SEATS
            || again_seats > MAX_SEATS
        {
            return too("players", MAX_SEATS);
        }
        if self
            .player_names
            .iter()
            .any(|n| n.chars().count() > MAX_NAME_CHARS)
        {
            return too("name", MAX_NAME_CHARS);
        }
        if self.title.chars().count() > MAX_TITLE_CHARS || self.variant.len() > MAX_TITLE_CHARS {
            return too("title", MAX_TITLE_CHARS);
        }
        Ok(())
    }
}

/// Checks a save that arrives from outside for its size and its texts' lengths (see
/// [`SaveMeta::check_limits`]), before it is read any further.
pub fn check_arrived(json: &str) -> Result<(), SaveError> {
    if json.len() > MAX_SAVE_BYTES {
        return Err(SaveError::TooLarge {
            field: "save".to_string(),
            limit: MAX_SAVE_BYTES,
        });
    }
    read_file(json)?.meta.check_limits()
}

/// The JSON document of a save (format version [`SAVE_VERSION`]), independent of the game
/// type. Older versions are migrated by [`read_file`].
/// `R` is the record: JSON as read, or a borrowed [`Record`] when a save is written (straight
/// to the string, without a `Value` tree of the whole record first).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveFile<R = Value> {
    pub version: u32,
    /// [`Game::NAME`].
    pub game: String,
    /// The [`Record`] as JSON.
    pub record: R,
    /// [`Position::digest`](crate::game::Position::digest) of the state the record leads to (`None`: replay only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<String>,
    #[serde(default)]
    pub meta: SaveMeta,
    /// Set by the migration of a version-1 save: the version it was written in, and the
    /// hands its snapshot held (sorted ids per seat), which the replay must reproduce.
    #[serde(skip)]
    pub migrated: Option<Migrated>,
}

/// What a migration from an older format keeps for the checks of [`load`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Migrated {
    pub from_version: u32,
    pub hands: Option<Vec<Vec<u16>>>,
}

/// Writes a save of `record` whose current state is `state`.
pub fn save<G: Game>(record: &Record<G>, state: &G, meta: &SaveMeta) -> Result<String, SaveError> {
    write_file(record, Some(state.position().digest()), meta)
}

fn write_file<G: Game>(
    record: &Record<G>,
    digest: Option<String>,
    meta: &SaveMeta,
) -> Result<String, SaveError> {
    // About 48 bytes per action: one block, no reallocation on the way. (The page's autosave
    // does not come here: it writes in pieces, see `save_to`.)
    let mut out = Vec::with_capacity(1024 + record.log.len() * 48);
    write_into(record, digest, meta, &mut out)?;
    String::from_utf8(out).map_err(serialize_error)
}

fn write_into<G: Game>(
    record: &Record<G>,
    digest: Option<String>,
    meta: &SaveMeta,
    // One copy of the record's serializer for every kind of output.
    out: &mut dyn std::io::Write,
) -> Result<(), SaveError> {
    serde_json::to_writer(
        out,
        &SaveFile {
            version: SAVE_VERSION,
            game: G::NAME.to_string(),
            record,
            digest,
            meta: meta.clone(),
            migrated: None,
        },
    )
    .map_err(serialize_error)
}

/// [`save`] written piece by piece to `out` (the page's autosave after every action hands
/// the pieces on to the browser, so the wasm heap never holds the whole, growing save).
/// The bytes are the UTF-8 of the same document `save` returns.
pub fn save_to<G: Game>(
    record: &Record<G>,
    state: &G,
    meta: &SaveMeta,
    mut out: impl std::io::Write,
) -> Result<(), SaveError> {
    write_into(record, Some(state.position().digest()), meta, &mut out)
}

/// Reads the game-independent part of a save (version checked and older versions migrated,
/// nothing replayed), e.g. to list saves with their titles and game names.
pub fn read_file(json: &str) -> Result<SaveFile, SaveError> {
    let value: Value = serde_json::from_str(json).map_err(malformed)?;
    let found = value
        .get("version")
        .ok_or_else(|| malformed("no version"))?
        .as_u64()
        .ok_or_else(|| malformed("version is not a number"))?;
    let migrated = match found {
        1 => Some(migrate::v1_checks(&value)),
        v if v == u64::from(SAVE_VERSION) => None,
        _ => {
            return Err(SaveError::UnsupportedVersion {
                found,
                supported: SAVE_VERSION,
            })
        }
    };
    let mut file: SaveFile = serde_json::from_value(value).map_err(malformed)?;
    file.version = SAVE_VERSION;
    file.migrated = migrated;
    Ok(file)
}

/// The game a save is of (its `game` field), without reading the rest: which game's code
/// to fetch before the save is read and replayed (the app's table parts).
pub fn game_of(json: &str) -> Result<String, SaveError> {
    let value: Value = serde_json::from_str(json).map_err(malformed)?;
    match value.get("game") {
        Some(Value::String(name)) => Ok(name.clone()),
        _ => Err(malformed("no game name")),
    }
}

/// Reads a save of game `G`: migrates older versions, checks the game name, replays the log
/// from the seed (re-validating every action) and compares the position with the digest.
pub fn load<G: Game>(json: &str) -> Result<(Record<G>, G), SaveError> {
    load_with_meta(json).map(|(record, game, _)| (record, game))
}

/// Like [`load`], also returning the save's [`SaveMeta`].
pub fn load_with_meta<G: Game>(json: &str) -> Result<(Record<G>, G, SaveMeta), SaveError> {
    load_file(read_file(json)?)
}

/// [`load_with_meta`] of an already read file.
pub fn load_file<G: Game>(file: SaveFile) -> Result<(Record<G>, G, SaveMeta), SaveError> {
    if file.game != G::NAME {
        return Err(SaveError::WrongGame {
            found: file.game,
            expected: G::NAME.to_string(),
        });
    }
    let mut record_json = file.record;
    if let Some(m) = &file.migrated {
        G::migrate_record(m.from_version, &mut record_json);
    }
    let record: Record<G> = serde_json::from_value(record_json).map_err(malformed)?;
    let game = record.replay()?;
    let position = game.position();
    if let Some(digest) = &file.digest {
        if *digest != position.digest() {
            return Err(SaveError::SnapshotMismatch);
        }
    }
    if let Some(hands) = file.migrated.as_ref().and_then(|m| m.hands.as_ref()) {
        if *hands != position.hands {
            return Err(SaveError::SnapshotMismatch);
        }
    }
    Ok((record, game, file.meta))
}

/// A share link payload for `record` (a save with the position's digest), encoded with
/// [`encode_link`] or, where shorter, in link format `4` (its log coded by replay).
pub fn share_link<G: Game>(record: &Record<G>, meta: &SaveMeta) -> Result<String, SaveError> {
    let digest = record.replay()?.position().digest();
    let json = write_file(record, Some(digest), meta)?;
    let older = encode_link(&json);
    Ok(match link::replay_link(&json, record) {
        Some(link) if link.len() < older.len() => link,
        _ => older,
    })
}

/// Opens a share link made by [`share_link`] (or an encoded full save).
pub fn open_link<G: Game>(link: &str) -> Result<(Record<G>, G, SaveMeta), SaveError> {
    load_with_meta(&decode_link(link)?)
}
