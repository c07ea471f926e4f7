//! Saved games and settings: one key per game plus an index for the list of saves.
//!
//! All storage goes through the small backend below. It writes to `localStorage` and, when
//! the browser refuses (private mode, quota, `SecurityError` on access, or no
//! `localStorage` at all), keeps the data in memory instead and remembers that saving
//! failed, so the app plays on and shows a notice. Reads see the in-memory data first.
//!
//! A corrupt entry is reported and left alone; nothing is ever overwritten by a failed load.
//! The index is repaired against the stored games on every read (see [`super::bundle`]).

use super::bundle;
use serde::{Deserialize, Serialize};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;

pub const INDEX_KEY: &str = "kartenrunde.saves.v1";
pub const GAME_PREFIX: &str = "kartenrunde.game.";

pub fn game_key(id: &str) -> String {
    format!("{GAME_PREFIX}{id}")
}

/// The player's own order of his hand in a game: UI-only state, kept beside the save under
/// its own key (never part of the save, so saves, links and their digests are untouched).
pub const HAND_PREFIX: &str = "kartenrunde.hand.";

pub fn hand_key(id: &str) -> String {
    format!("{HAND_PREFIX}{id}")
}

/// Reads a stored hand order leniently: anything unreadable is no order (the default one);
/// repeated cards count once. Linear and bounded: a text over 64 KB or a list of more than
/// 512 ids (no hand has that many cards) is no order either.
pub fn parse_hand_order(text: Option<&str>) -> Vec<u16> {
    const MAX_TEXT: usize = 64 * 1024;
    const MAX_IDS: usize = 512;
    let ids: Vec<u16> = text
        .filter(|t| t.len() <= MAX_TEXT)
        .and_then(|t| serde_json::from_str::<Vec<u16>>(t).ok())
        .filter(|ids| ids.len() <= MAX_IDS)
        .unwrap_or_default();
    // One bit per possible id: each id is looked up once.
    let mut seen = vec![0u64; (usize::from(u16::MAX) + 1) / 64];
    let mut out: Vec<u16> = Vec::with_capacity(ids.len());
    for id in ids {
        let (word, bit) = (usize::from(id) / 64, 1u64 << (id % 64));
        if seen[word] & bit == 0 {
            seen[word] |= bit;
            out.push(id);
        }
    }
    out
}

/// The stored hand order of game `id` (card ids; empty if none or unreadable).
pub fn load_hand_order(id: &str) -> Vec<u16> {
    parse_hand_order(get(&hand_key(id)).as_deref())
}

pub fn store_hand_order(id: &str, order: &[u16]) {
    if let Ok(json) = serde_json::to_string(order) {
        set(&hand_key(id), &json);
    }
}

/// One line in the list of saved games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexEntry {
    pub id: String,
    pub variant: String,
    pub title: String,
    pub players: Vec<String>,
    pub updated_ms: u64,
    pub finished: bool,
}

/// The most characters of a title or a name that the list shows (longer ones come only
/// from outside: the app never writes them, links and imports refuse them).
pub const SHOWN_CHARS: usize = 80;

fn clip(text: &mut String, chars: usize) {
    if let Some((at, _)) = text.char_indices().nth(chars) {
        text.truncate(at);
        text.push('…');
    }
}

impl IndexEntry {
    /// The entry as the list shows it: titles, names and their number bounded.
    pub fn clamped(mut self) -> Self {
        clip(&mut self.title, SHOWN_CHARS);
        clip(&mut self.variant, 64);
        self.players.truncate(12);
        for p in &mut self.players {
            clip(p, engine::save::MAX_NAME_CHARS);
        }
        self
    }

    /// The entry of the game `id` whose save carries `meta`.
    pub fn of(id: &str, meta: &engine::save::SaveMeta) -> Self {
        Self::clamped(IndexEntry {
            id: id.to_string(),
            variant: meta.variant.clone(),
            title: meta.title.clone(),
            players: meta.player_names.clone(),
            updated_ms: meta.updated_ms,
            finished: meta.finished,
        })
    }
}

// ---------------------------------------------------------------------------------------
// The backend: localStorage, with what it could not take kept in memory and retried.
//
// - A write the browser refuses (quota full, private mode) is kept in memory as *pending*
//   and retried by [`flush`]: on the next write, on a timer and when the page is hidden
//   (see `app.rs`). Reads see pending values first, so the page plays on.
// - A read that throws is not "no value": [`read`] says `Blocked`, the key is remembered as
//   unread, and this page never writes over it (a write to it stays in memory, *held*,
//   never flushed): what could not be read is never replaced.
// - Everything that happened is in [`status`]; the app shows it (see `app.rs`).

/// A read the browser refused (`getItem` threw): the stored value is unknown, not absent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Blocked;

/// A write kept in memory: `value` (`None`: a removal); `held`: never flushed (its key's
/// stored value could not be read).
#[derive(Clone, Debug)]
struct Pending {
    value: Option<String>,
    held: bool,
}

/// What storage did, for the notices (see [`status`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Status {
    /// No localStorage at all (access throws, or none): everything is in memory.
    pub unavailable: bool,
    /// Some stored value could not be read (`getItem` threw); it is left untouched.
    pub read_blocked: bool,
    /// Games whose newest state is not in storage yet (retried).
    pub pending_games: usize,
    /// Other records (index, statistics, settings …) not in storage yet (retried).
    pub pending_other: usize,
    /// Writes were pending and have all gone through since (cleared by [`ack_recovered`]).
    pub recovered: bool,
}

impl Status {
    pub fn pending(&self) -> usize {
        self.pending_games + self.pending_other
    }
}

/// Who hears of a changed [`Status`].
type Listener = Box<dyn Fn(Status)>;

thread_local! {
    static PENDING: RefCell<BTreeMap<String, Pending>> = const { RefCell::new(BTreeMap::new()) };
    /// What this page wrote while reads were blocked (read back from here).
    static WRITTEN: RefCell<BTreeMap<String, String>> = const { RefCell::new(BTreeMap::new()) };
    /// Keys whose stored value could not be read.
    static UNREAD: RefCell<std::collections::BTreeSet<String>> = const { RefCell::new(std::collections::BTreeSet::new()) };
    static UNAVAILABLE: Cell<bool> = const { Cell::new(false) };
    static READ_BLOCKED: Cell<bool> = const { Cell::new(false) };
    static RECOVERED: Cell<bool> = const { Cell::new(false) };
    static LAST: RefCell<Status> = RefCell::new(Status::default());
    static ON_CHANGE: RefCell<Option<Listener>> = const { RefCell::new(None) };
    /// The revision of each game this page last read or wrote (see [`Rev`]).
    static BASE: RefCell<BTreeMap<String, u64>> = const { RefCell::new(BTreeMap::new()) };
    /// Pending games that another tab saved meanwhile: [`resolve_overtaken`] settles them
    /// (it compares the saves; that code stays out of the main module, which retries on a
    /// timer).
    static OVERTAKEN: RefCell<std::collections::BTreeSet<String>> = const { RefCell::new(std::collections::BTreeSet::new()) };
    /// Games whose pending state went to a copy (another tab saved the game meanwhile):
    /// (game id, copy id), taken by the game's host.
    static COPIED: RefCell<Vec<(String, String)>> = const { RefCell::new(Vec::new()) };
}

#[cfg(target_arch = "wasm32")]
fn local() -> Option<web_sys::Storage> {
    // Accessing `window.localStorage` itself may throw (SecurityError).
    match web_sys::window()?.local_storage() {
        Ok(Some(s)) => Some(s),
        _ => {
            UNAVAILABLE.with(|u| u.set(true));
            None
        }
    }
}

/// Natively (tests) the browser's storage is a map in memory, which a test can make full,
/// throwing on reads, or absent (see [`fake`]).
#[cfg(not(target_arch = "wasm32"))]
fn local() -> Option<fake::Store> {
    if fake::absent() {
        UNAVAILABLE.with(|u| u.set(true));
        None
    } else {
        Some(fake::Store)
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub mod fake {
    //! The native stand-in for `localStorage`, with its failures.
    use std::cell::{Cell, RefCell};
    use std::collections::BTreeMap;
    thread_local! {
        static DATA: RefCell<BTreeMap<String, String>> = const { RefCell::new(BTreeMap::new()) };
        /// The quota in bytes of keys and values (`usize::MAX`: none).
        static QUOTA: Cell<usize> = const { Cell::new(usize::MAX) };
        static READS_THROW: Cell<bool> = const { Cell::new(false) };
        static ABSENT: Cell<bool> = const { Cell::new(false) };
    }
    pub(super) struct Store;
    fn used() -> usize {
        DATA.with(|d| d.borrow().iter().map(|(k, v)| k.len() + v.len()).sum())
    }
    impl Store {
        pub(super) fn get_item(&self, k: &str) -> Result<Option<String>, ()> {
            if READS_THROW.with(Cell::get) {
                return Err(());
            }
            Ok(DATA.with(|d| d.borrow().get(k).cloned()))
        }
        pub(super) fn set_item(&self, k: &str, v: &str) -> Result<(), ()> {
            let old = DATA.with(|d| d.borrow().get(k).map_or(0, |o| k.len() + o.len()));
            if used() - old + k.len() + v.len() > QUOTA.with(Cell::get) {
                return Err(());
            }
            DATA.with(|d| d.borrow_mut().insert(k.to_string(), v.to_string()));
            Ok(())
        }
        pub(super) fn remove_item(&self, k: &str) -> Result<(), ()> {
            DATA.with(|d| d.borrow_mut().remove(k));
            Ok(())
        }
        pub(super) fn length(&self) -> Result<u32, ()> {
            Ok(DATA.with(|d| d.borrow().len()) as u32)
        }
        pub(super) fn key(&self, i: u32) -> Result<Option<String>, ()> {
            Ok(DATA.with(|d| d.borrow().keys().nth(i as usize).cloned()))
        }
    }
    pub fn set_quota(bytes: usize) {
        QUOTA.with(|q| q.set(bytes));
    }
    pub fn set_reads_throw(on: bool) {
        READS_THROW.with(|r| r.set(on));
    }
    pub fn set_absent(on: bool) {
        ABSENT.with(|r| r.set(on));
    }
    pub(super) fn absent() -> bool {
        ABSENT.with(Cell::get)
    }
    /// What another tab would do: writes straight to the browser's storage.
    pub fn put(k: &str, v: &str) {
        DATA.with(|d| d.borrow_mut().insert(k.to_string(), v.to_string()));
    }
    pub fn peek(k: &str) -> Option<String> {
        DATA.with(|d| d.borrow().get(k).cloned())
    }
}

/// The current [`Status`].
pub fn status() -> Status {
    let (mut games, mut other) = (0, 0);
    PENDING.with(|p| {
        for (k, v) in p.borrow().iter() {
            if v.held {
                continue;
            }
            if k.starts_with(GAME_PREFIX) {
                games += 1;
            } else {
                other += 1;
            }
        }
    });
    Status {
        unavailable: UNAVAILABLE.with(Cell::get),
        read_blocked: READ_BLOCKED.with(Cell::get),
        pending_games: games,
        pending_other: other,
        recovered: RECOVERED.with(Cell::get),
    }
}

/// Tells the listener (the app's notices) when the [`Status`] changed.
fn changed() {
    let now = status();
    let differs = LAST.with(|l| {
        let mut l = l.borrow_mut();
        let d = *l != now;
        *l = now.clone();
        d
    });
    if differs {
        ON_CHANGE.with(|cb| {
            if let Some(cb) = cb.borrow().as_ref() {
                cb(now);
            }
        });
    }
}

/// Calls `f` with the [`Status`] now and whenever it changes.
pub fn on_change(f: impl Fn(Status) + 'static) {
    f(status());
    ON_CHANGE.with(|cb| *cb.borrow_mut() = Some(Box::new(f)));
}

/// The "saved again" notice was shown: forget it.
pub fn ack_recovered() {
    RECOVERED.with(|r| r.set(false));
    changed();
}

/// True while anything is kept in memory only (not in the browser's storage).
pub fn memory_only() -> bool {
    let s = status();
    s.unavailable || s.pending() > 0
}

/// Tries a write, a read and a removal, so a browser that refuses some of them (Safari's old
/// private mode, a full quota, a blocked `getItem`) is noticed at start.
pub fn probe() {
    const PROBE: &str = "kartenrunde.probe";
    if let Some(s) = local() {
        if s.set_item(PROBE, "1").is_ok() {
            if s.get_item(PROBE).is_err() {
                READ_BLOCKED.with(|r| r.set(true));
            }
            let _ = s.remove_item(PROBE);
        }
    }
    changed();
}

/// Reads `key`: what this page has pending first, then the browser's storage.
pub fn read(key: &str) -> Result<Option<String>, Blocked> {
    if let Some(p) = PENDING.with(|m| m.borrow().get(key).cloned()) {
        return Ok(p.value);
    }
    if let Some(v) = WRITTEN.with(|w| w.borrow().get(key).cloned()) {
        return Ok(Some(v));
    }
    let Some(s) = local() else {
        changed();
        return Ok(None);
    };
    match s.get_item(key) {
        Ok(v) => Ok(v),
        Err(_) => {
            READ_BLOCKED.with(|r| r.set(true));
            UNREAD.with(|u| u.borrow_mut().insert(key.to_string()));
            changed();
            Err(Blocked)
        }
    }
}

/// Like [`read`], a blocked read as no value (for what is rebuilt when missing).
pub fn get(key: &str) -> Option<String> {
    read(key).ok().flatten()
}

/// Stores `value`. Returns true once it is in the browser's storage; false when it is kept
/// in memory instead (pending, retried by [`flush`]; or held, when the stored value of `key`
/// could not be read and must not be replaced).
pub fn set(key: &str, value: &str) -> bool {
    let stored = write_through(key, Some(value));
    if stored {
        flush();
    }
    stored
}

/// Removes `key`. Returns true once it is gone from the browser's storage.
pub fn remove(key: &str) -> bool {
    write_through(key, None)
}

/// One write or removal; on failure kept as pending.
fn write_through(key: &str, value: Option<&str>) -> bool {
    if UNREAD.with(|u| u.borrow().contains(key)) {
        keep(key, value.map(str::to_string), true);
        return false;
    }
    let stored = local().is_some_and(|s| match value {
        Some(v) => s.set_item(key, v).is_ok(),
        None => s.remove_item(key).is_ok(),
    });
    if stored {
        done(key, value.map(str::to_string));
    } else {
        keep(key, value.map(str::to_string), false);
    }
    stored
}

/// A write went through: forget the pending copy.
fn done(key: &str, value: Option<String>) {
    let was = PENDING.with(|m| m.borrow_mut().remove(key).is_some());
    if READ_BLOCKED.with(Cell::get) {
        WRITTEN.with(|w| match value {
            Some(v) => w.borrow_mut().insert(key.to_string(), v),
            None => w.borrow_mut().remove(key),
        });
    }
    if was && status().pending() == 0 {
        RECOVERED.with(|r| r.set(true));
    }
    changed();
}

fn keep(key: &str, value: Option<String>, held: bool) {
    PENDING.with(|m| {
        m.borrow_mut()
            .insert(key.to_string(), Pending { value, held })
    });
    RECOVERED.with(|r| r.set(false));
    changed();
}

/// Whether `key` has a write that is not in storage yet.
pub fn is_pending(key: &str) -> bool {
    PENDING.with(|m| m.borrow().get(key).is_some_and(|p| !p.held))
}

/// Retries every pending write (games first, each with its revision check, see
/// [`Rev`]). Returns how many went through.
pub fn flush() -> usize {
    let keys: Vec<String> = PENDING.with(|m| {
        let m = m.borrow();
        let waiting = || m.iter().filter(|(_, p)| !p.held).map(|(k, _)| k);
        // Games first, their revision and index entry after them (two passes, no sort: the
        // sort's code would join the main module).
        waiting()
            .filter(|k| k.starts_with(GAME_PREFIX))
            .chain(waiting().filter(|k| !k.starts_with(GAME_PREFIX)))
            .cloned()
            .collect()
    });
    if keys.is_empty() {
        return 0;
    }
    let Some(s) = local() else { return 0 };
    let mut n = 0;
    for key in keys {
        let Some(p) = PENDING.with(|m| m.borrow().get(&key).cloned()) else {
            continue;
        };
        if let Some(id) = key.strip_prefix(GAME_PREFIX) {
            if let Some(value) = &p.value {
                n += usize::from(flush_game(id, value));
                continue;
            }
        }
        let ok = match &p.value {
            Some(v) => s.set_item(&key, v).is_ok(),
            None => s.remove_item(&key).is_ok(),
        };
        if ok {
            done(&key, p.value);
            n += 1;
        } else {
            // Still full: the rest would fail too.
            break;
        }
    }
    n
}

/// Retries a game's pending save, unless another tab saved or deleted it meanwhile: a
/// deleted game's is dropped; one another tab saved waits for [`resolve_overtaken`].
fn flush_game(id: &str, value: &str) -> bool {
    let base = base_rev(id);
    match stored_rev(id) {
        Ok(Rev::Deleted) => {
            PENDING.with(|m| m.borrow_mut().remove(&game_key(id)));
            changed();
            false
        }
        Ok(Rev::At(n)) if n != base => {
            OVERTAKEN.with(|o| o.borrow_mut().insert(id.to_string()));
            false
        }
        _ => {
            let key = game_key(id);
            if local().is_some_and(|s| s.set_item(&key, value).is_ok()) {
                done(&key, Some(value.to_string()));
                bump_rev(id, base);
                true
            } else {
                false
            }
        }
    }
}

/// Settles the pending games that another tab saved meanwhile (see [`overtaken`]): written
/// on top, dropped (the stored game holds every move), or kept as a copy (taken with
/// [`take_copy`]). Called by the game's page and the saves page.
pub fn resolve_overtaken() {
    let ids: Vec<String> =
        OVERTAKEN.with(|o| std::mem::take(&mut *o.borrow_mut()).into_iter().collect());
    for id in ids {
        let key = game_key(&id);
        let Some(Pending {
            value: Some(value), ..
        }) = PENDING.with(|m| m.borrow().get(&key).cloned())
        else {
            continue;
        };
        let Ok(Rev::At(n)) = stored_rev(&id) else {
            continue;
        };
        PENDING.with(|m| m.borrow_mut().remove(&key));
        match overtaken(&id, n, &value) {
            Saved::Copied(copy) => COPIED.with(|c| c.borrow_mut().push((id.clone(), copy))),
            Saved::Pending => keep(&key, Some(value), false),
            _ => {}
        }
        changed();
    }
}

/// Every stored key (localStorage and memory).
pub fn keys() -> Vec<String> {
    let mut keys = std::collections::BTreeSet::new();
    if let Some(s) = local() {
        if let Ok(n) = s.length() {
            for i in 0..n {
                match s.key(i) {
                    Ok(Some(k)) => {
                        keys.insert(k);
                    }
                    Ok(None) => {}
                    Err(_) => break,
                }
            }
        }
    }
    WRITTEN.with(|w| keys.extend(w.borrow().keys().cloned()));
    PENDING.with(|m| {
        for (k, v) in m.borrow().iter() {
            if v.value.is_some() {
                keys.insert(k.clone());
            } else {
                keys.remove(k);
            }
        }
    });
    keys.into_iter().collect()
}

// ---------------------------------------------------------------------------------------
// Revisions: one writer per game, always the newest.
//
// Beside each game a small key holds its revision: a number raised with every save, or
// `deleted` once the game was deleted. This page remembers the revision it last read or
// wrote (`BASE`). A save goes through only while the stored revision is still that one; if
// another tab saved the game meanwhile, this page's state is kept as a copy instead, and if
// the game was deleted, it is not written again. Other tabs hear of every save and deletion
// through the browser's `storage` event on this key (see the game host).

pub const REV_PREFIX: &str = "kartenrunde.rev.";

pub fn rev_key(id: &str) -> String {
    format!("{REV_PREFIX}{id}")
}

/// A game's stored revision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rev {
    /// None stored (a new game, or one saved by a version before revisions).
    Absent,
    At(u64),
    Deleted,
}

impl Rev {
    pub fn parse(text: Option<&str>) -> Rev {
        match text {
            None => Rev::Absent,
            Some("deleted") => Rev::Deleted,
            Some(t) => t.parse().map_or(Rev::Absent, Rev::At),
        }
    }
    fn number(self) -> u64 {
        match self {
            Rev::At(n) => n,
            _ => 0,
        }
    }
}

/// The revision in the browser's storage (not this page's pending one).
pub fn stored_rev(id: &str) -> Result<Rev, Blocked> {
    let Some(s) = local() else {
        return Ok(Rev::Absent);
    };
    s.get_item(&rev_key(id))
        .map(|v| Rev::parse(v.as_deref()))
        .map_err(|_| Blocked)
}

/// The revision this page last read or wrote of game `id`.
pub fn base_rev(id: &str) -> u64 {
    BASE.with(|b| b.borrow().get(id).copied().unwrap_or(0))
}

/// Remembers the stored revision of `id` as the one this page shows (on opening a game).
pub fn note_opened(id: &str) {
    let n = stored_rev(id).map_or(0, Rev::number);
    BASE.with(|b| b.borrow_mut().insert(id.to_string(), n));
}

/// After a save of `id` went through on top of `base`: the next revision.
fn bump_rev(id: &str, base: u64) {
    let next = base + 1;
    let key = rev_key(id);
    if write_through(&key, Some(&next.to_string())) {
        BASE.with(|b| b.borrow_mut().insert(id.to_string(), next));
    } else {
        // Not retried: a revision written later than its save would make this page's
        // next save look overtaken. The save is stored; other tabs hear of the next one.
        PENDING.with(|m| m.borrow_mut().remove(&key));
        changed();
    }
}

/// Which tab runs a game's bots: the one that opened it, was shown or was played in last
/// (its key holds that tab's id). Two tabs on a bots game never both play the bots' moves.
pub const OWNER_PREFIX: &str = "kartenrunde.owner.";

thread_local! {
    /// This page's id among the tabs.
    static TAB: String = format!("t{:x}", fresh_seed());
    /// Games whose claim could not be written (storage full): this page runs their bots.
    static CLAIM_FAILED: RefCell<std::collections::BTreeSet<String>> = const { RefCell::new(std::collections::BTreeSet::new()) };
}

pub fn owner_key(id: &str) -> String {
    format!("{OWNER_PREFIX}{id}")
}

/// This tab takes over the bots of game `id` (see [`OWNER_PREFIX`]).
pub fn claim(id: &str) {
    let key = owner_key(id);
    let ok = TAB.with(|t| local().is_some_and(|s| s.set_item(&key, t).is_ok()));
    CLAIM_FAILED.with(|c| {
        let mut c = c.borrow_mut();
        if ok {
            c.remove(id);
        } else {
            c.insert(id.to_string());
        }
    });
}

/// Whether this tab runs the bots of game `id`.
pub fn owns(id: &str) -> bool {
    if CLAIM_FAILED.with(|c| c.borrow().contains(id)) {
        return true;
    }
    let Some(s) = local() else { return true };
    match s.get_item(&owner_key(id)) {
        Ok(Some(owner)) => TAB.with(|t| *t == owner),
        _ => true,
    }
}

/// Takes the copy a pending save of `id` went to (see [`flush`]), if any.
pub fn take_copy(id: &str) -> Option<String> {
    COPIED.with(|c| {
        let mut c = c.borrow_mut();
        let i = c.iter().position(|(g, _)| g == id)?;
        Some(c.remove(i).1)
    })
}

/// What became of a game's save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Saved {
    /// In the browser's storage.
    Stored,
    /// Kept in memory and retried (storage full or refused).
    Pending,
    /// Another tab saved this game meanwhile: this state was kept as the copy `String`.
    Copied(String),
    /// The game was deleted (in another tab): not written again.
    Deleted,
    /// Another tab saved this game further, with every move of this page: nothing was
    /// written; the page is to show the stored one.
    Overtaken,
}

/// A text written in pieces into a browser string (the autosave of a long match): the wasm
/// heap holds one small piece at a time, never the whole text (docs/DESIGN.md "Memory").
/// Natively (tests) the text is a plain `String`.
pub struct TextSink {
    piece: Vec<u8>,
    #[cfg(target_arch = "wasm32")]
    text: wasm_bindgen::JsValue,
    #[cfg(not(target_arch = "wasm32"))]
    text: String,
}

const PIECE: usize = 8 * 1024;

impl Default for TextSink {
    fn default() -> Self {
        TextSink {
            piece: Vec::with_capacity(PIECE + 64),
            #[cfg(target_arch = "wasm32")]
            text: wasm_bindgen::JsValue::from_str(""),
            #[cfg(not(target_arch = "wasm32"))]
            text: String::new(),
        }
    }
}

impl TextSink {
    /// Appends the piece up to its last whole character (a character split between two
    /// writes waits for its other bytes).
    fn pass_on(&mut self) {
        let whole = match std::str::from_utf8(&self.piece) {
            Ok(t) => t.len(),
            Err(e) => e.valid_up_to(),
        };
        let text = std::str::from_utf8(&self.piece[..whole]).unwrap_or_default();
        #[cfg(target_arch = "wasm32")]
        {
            self.text = &self.text + &wasm_bindgen::JsValue::from_str(text);
        }
        #[cfg(not(target_arch = "wasm32"))]
        self.text.push_str(text);
        self.piece.drain(..whole);
    }
}

impl std::io::Write for TextSink {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.piece.extend_from_slice(b);
        if self.piece.len() >= PIECE {
            self.pass_on();
        }
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// A `Storage` seen through [`set_item_value`].
    type StorageValues;
    /// `Storage.setItem` with a JS string that never was a Rust string.
    #[wasm_bindgen(method, catch, js_name = setItem)]
    fn set_item_value(
        this: &StorageValues,
        key: &str,
        value: &wasm_bindgen::JsValue,
    ) -> Result<(), wasm_bindgen::JsValue>;
}

/// Stores a [`TextSink`]'s text like [`write_through`] (kept pending if the browser refuses).
fn set_text(key: &str, mut sink: TextSink) -> bool {
    sink.pass_on();
    #[cfg(target_arch = "wasm32")]
    {
        if UNREAD.with(|u| u.borrow().contains(key)) {
            keep(key, sink.text.as_string(), true);
            return false;
        }
        let stored = local().is_some_and(|s| {
            use wasm_bindgen::JsCast;
            s.unchecked_ref::<StorageValues>()
                .set_item_value(key, &sink.text)
                .is_ok()
        });
        if stored {
            // Kept only while reads are blocked (to read it back).
            let text = READ_BLOCKED
                .with(Cell::get)
                .then(|| sink.text.as_string())
                .flatten();
            PENDING.with(|m| m.borrow_mut().remove(key));
            match text {
                Some(t) => done(key, Some(t)),
                None => {
                    WRITTEN.with(|w| w.borrow_mut().remove(key));
                    changed();
                }
            }
            flush();
        } else {
            keep(key, sink.text.as_string(), false);
        }
        stored
    }
    #[cfg(not(target_arch = "wasm32"))]
    set(key, &sink.text)
}

impl TextSink {
    /// The whole text written.
    fn into_string(mut self) -> String {
        self.pass_on();
        #[cfg(target_arch = "wasm32")]
        {
            self.text.as_string().unwrap_or_default()
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.text
        }
    }
}

// ---------------------------------------------------------------------------------------
// Saved games.

/// The ids of every stored game.
pub fn game_ids() -> Vec<String> {
    keys()
        .into_iter()
        .filter_map(|k| k.strip_prefix(GAME_PREFIX).map(str::to_string))
        .collect()
}

/// The list of saves, repaired against the stored games (rebuilt if the index is corrupt,
/// stale entries dropped, unlisted games added). A repaired index is written back (never
/// over an index that could not be read).
pub fn read_index() -> Vec<IndexEntry> {
    let stored = read(INDEX_KEY);
    let blocked = stored.is_err();
    let stored = stored.ok().flatten();
    let (index, changed) = bundle::reconcile(stored.as_deref(), &game_ids(), load_game);
    if changed && !blocked {
        write_index(&index);
    }
    index
}

fn write_index(index: &[IndexEntry]) {
    if let Ok(json) = serde_json::to_string(index) {
        set(INDEX_KEY, &json);
    }
}

/// Stores a game's save JSON as a new revision and updates the index (see [`store_game_text`]).
pub fn store_game(entry: IndexEntry, json: &str) -> Saved {
    let mut sink = TextSink::default();
    sink.piece.extend_from_slice(json.as_bytes());
    store_game_text(entry, sink)
}

/// Stores a game's save (the autosave): only on top of the revision this page knows (see
/// [`Rev`]); a save of another tab in between sends this one to a copy, a deletion in
/// another tab stops it. Kept in memory and retried when the browser refuses it.
pub fn store_game_text(entry: IndexEntry, sink: TextSink) -> Saved {
    let id = entry.id.clone();
    let base = base_rev(&id);
    match stored_rev(&id) {
        Ok(Rev::Deleted) => {
            PENDING.with(|m| m.borrow_mut().remove(&game_key(&id)));
            changed();
            return Saved::Deleted;
        }
        Ok(Rev::At(n)) if n != base => {
            PENDING.with(|m| m.borrow_mut().remove(&game_key(&id)));
            let saved = overtaken(&id, n, &sink.into_string());
            if saved == Saved::Stored {
                update_index(entry);
            }
            return saved;
        }
        _ => {}
    }
    let stored = set_text(&game_key(&id), sink);
    if stored {
        bump_rev(&id, base);
    }
    update_index(entry);
    if stored {
        Saved::Stored
    } else {
        Saved::Pending
    }
}

/// Another tab saved game `id` (revision `n`) since this page last did; `ours` is this
/// page's state of it. Compared by their logs: if ours played on from the stored one, it
/// is written on top; if the stored one holds all of ours (the same moves, e.g. the same
/// bot move made in both tabs), nothing is written and the page is to show the stored one;
/// if they went different ways, ours is kept as a copy.
fn overtaken(id: &str, n: u64, ours: &str) -> Saved {
    let stored = local().and_then(|s| s.get_item(&game_key(id)).ok().flatten());
    match stored.map(|stored| bundle::relation(ours, &stored)) {
        Some(bundle::Relation::Ahead) => {
            if write_through(&game_key(id), Some(ours)) {
                bump_rev(id, n);
                Saved::Stored
            } else {
                Saved::Pending
            }
        }
        Some(bundle::Relation::Same | bundle::Relation::Behind) => Saved::Overtaken,
        _ => Saved::Copied(store_copy(id, ours)),
    }
}

/// Stores `json` (a state of game `id` that another tab overtook) as a new game.
fn store_copy(id: &str, json: &str) -> String {
    let copy = new_id();
    let key = game_key(&copy);
    if write_through(&key, Some(json)) {
        bump_rev(&copy, 0);
    }
    let mut entry =
        bundle::entry_from_save(&copy, json).unwrap_or_else(|| bundle::placeholder_entry(&copy));
    entry.id = copy.clone();
    let _ = id;
    update_index(entry);
    copy
}

/// Stores a game that arrives from outside (an import, a link): a new revision, so a tab
/// showing that game hears of it. Returns whether it is in the browser's storage; if not,
/// it is kept in memory (pending, retried) when `keep` (a link: to be played at once), else
/// nothing of it is kept (an import: the caller reports it, the file stays the backup).
pub fn store_arrived(entry: IndexEntry, json: &str, keep: bool) -> bool {
    let entry2 = entry.clone();
    let stored = store_unlisted(entry, json, keep);
    if stored || keep {
        update_index(entry2);
    }
    stored
}

/// [`store_arrived`] without the index entry (an import lists a slice of games at once, see
/// [`list_games`]).
fn store_unlisted(entry: IndexEntry, json: &str, keep: bool) -> bool {
    let id = entry.id.clone();
    let base = stored_rev(&id).map_or(0, Rev::number);
    BASE.with(|b| b.borrow_mut().insert(id.clone(), base));
    if !write_through(&game_key(&id), Some(json)) {
        if !keep {
            PENDING.with(|m| m.borrow_mut().remove(&game_key(&id)));
            changed();
        }
        return false;
    }
    bump_rev(&id, base);
    true
}

/// Adds `entries` to the list of saves at once (one read and one write of the index).
pub fn list_games(entries: Vec<IndexEntry>) {
    if entries.is_empty() {
        return;
    }
    list_into(&mut read_index(), entries);
}

/// Adds `entries` to `index` (the list of saves as read before) and writes it.
pub fn list_into(index: &mut Vec<IndexEntry>, entries: Vec<IndexEntry>) {
    if entries.is_empty() {
        return;
    }
    let ids: std::collections::HashSet<&str> = entries.iter().map(|e| e.id.as_str()).collect();
    index.retain(|e| !ids.contains(e.id.as_str()));
    index.extend(entries);
    engine::sort::sort_by_key(index, |e| std::cmp::Reverse(e.updated_ms));
    write_index(index);
}

fn update_index(entry: IndexEntry) {
    let mut index = read_index();
    index.retain(|e| e.id != entry.id);
    index.insert(0, entry);
    engine::sort::sort_by_key(&mut index, |e| std::cmp::Reverse(e.updated_ms));
    write_index(&index);
}

/// The raw save JSON of a game, if present (a blocked read as none).
pub fn load_game(id: &str) -> Option<String> {
    get(&game_key(id))
}

/// The raw save JSON of a game: `Err` when storage refused the read (the save is then
/// unknown, not absent, and stays untouched).
pub fn read_game(id: &str) -> Result<Option<String>, Blocked> {
    read(&game_key(id))
}

/// Deletes a game everywhere: its save, hand order and index entry; its revision becomes
/// `deleted`, so a tab still showing it closes it and never writes it again. Returns false
/// when the browser kept the save (it is still there).
pub fn delete_game(id: &str) -> bool {
    let gone = remove(&game_key(id)) || UNAVAILABLE.with(Cell::get);
    remove(&hand_key(id));
    remove(&owner_key(id));
    if gone {
        write_through(&rev_key(id), Some("deleted"));
        BASE.with(|b| b.borrow_mut().remove(id));
        PENDING.with(|m| m.borrow_mut().remove(&game_key(id)));
        let mut index = read_index();
        index.retain(|e| e.id != id);
        write_index(&index);
    }
    changed();
    gone
}

/// Every stored game: (id, raw save JSON), in the order of the list.
pub fn all_games() -> Vec<(String, String)> {
    read_index()
        .into_iter()
        .filter_map(|e| load_game(&e.id).map(|json| (e.id, json)))
        .collect()
}

/// The export file of every stored game.
pub fn export_all() -> String {
    bundle::build(&read_index(), &all_games(), now_ms())
}

/// What an import did: the plan, and how many of its saves the browser actually stored.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Imported {
    pub plan: bundle::ImportPlan,
    pub stored: usize,
    /// Saves the browser refused (full, or no storage): not kept.
    pub failed: usize,
    /// Stored games not in the list of saves yet (see [`list_games`]).
    pub unlisted: Vec<IndexEntry>,
}

/// Imports an export file at once (natively and for small files; the saves page imports
/// in slices, see `pages::saves`). A damaged or oversized file changes nothing.
pub fn import_all(text: &str) -> Result<Imported, bundle::BundleError> {
    let parsed = bundle::parse(text)?;
    let mut planner = bundle::Planner::new(&all_games());
    let mut out = Imported::default();
    for g in &parsed.games {
        import_one(&mut planner, g, &mut out);
    }
    list_games(std::mem::take(&mut out.unlisted));
    out.plan = planner.finish();
    Ok(out)
}

/// Plans and stores one game of an import (see [`import_all`]); its entry waits in
/// `out.unlisted` for [`list_games`].
pub fn import_one(planner: &mut bundle::Planner, game: &bundle::BundleGame, out: &mut Imported) {
    if let Some((id, json, entry)) = planner.step(game) {
        if store_unlisted(entry.clone(), &json, false) {
            out.unlisted.push(entry);
            out.stored += 1;
        } else {
            planner.undo_last(&id);
            out.failed += 1;
        }
    }
}

/// `navigator.storage`, if the browser has it.
#[cfg(target_arch = "wasm32")]
fn storage_manager() -> Option<wasm_bindgen::JsValue> {
    let nav = web_sys::window()?.navigator();
    js_sys::Reflect::get(&nav, &"storage".into())
        .ok()
        .filter(|v| v.is_object())
}

/// Calls `navigator.storage.<method>()` and awaits its boolean answer.
#[cfg(target_arch = "wasm32")]
async fn ask_storage(method: &str) -> Option<bool> {
    use wasm_bindgen::JsCast;
    let manager = storage_manager()?;
    let f: js_sys::Function = js_sys::Reflect::get(&manager, &method.into())
        .ok()?
        .dyn_into()
        .ok()?;
    let promise: js_sys::Promise = f.call0(&manager).ok()?.dyn_into().ok()?;
    wasm_bindgen_futures::JsFuture::from(promise)
        .await
        .ok()?
        .as_bool()
}

/// Asks the browser to keep this site's storage for good (not evicted when the device runs
/// short of space): after a finished match, when there is something worth keeping.
pub fn ask_persistence() {
    #[cfg(target_arch = "wasm32")]
    leptos::task::spawn_local(async {
        if ask_storage("persisted").await == Some(false) {
            let _ = ask_storage("persist").await;
        }
    });
}

/// Whether the browser keeps this site's storage for good (`None`: it cannot say).
pub async fn persisted() -> Option<bool> {
    #[cfg(target_arch = "wasm32")]
    {
        ask_storage("persisted").await
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

pub fn now_ms() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now() as u64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0)
    }
}

/// A fresh random seed for a new game (the engine itself never touches OS randomness).
pub fn fresh_seed() -> u64 {
    getrandom::u64().unwrap_or_else(|_| now_ms().wrapping_mul(1000) ^ 0x9E37_79B9)
}

/// A new, short game id that no stored game (nor a deleted one's mark) has.
pub fn new_id() -> String {
    let taken: std::collections::HashSet<String> = keys().into_iter().collect();
    loop {
        let id = format!("g{:x}", fresh_seed() & 0xffff_ffff_ffff);
        if !taken.contains(&game_key(&id)) && !taken.contains(&rev_key(&id)) {
            return id;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The autosave's pieces: a character split between two writes (names with umlauts,
    /// "Ärger") arrives whole, and the text is the one written, whatever the write sizes.
    #[test]
    fn a_text_written_in_pieces_arrives_whole() {
        use std::io::Write;
        let text: String = (0..4000)
            .map(|i| ["ä", "x", "€", "🂡", "\""][i % 5])
            .collect();
        for step in [1, 3, 7, 1000, 8191, 9000] {
            let mut sink = TextSink::default();
            for chunk in text.as_bytes().chunks(step) {
                sink.write_all(chunk).unwrap();
            }
            sink.pass_on();
            assert_eq!(sink.text, text, "writes of {step} bytes");
            assert!(sink.piece.is_empty());
        }
    }

    #[test]
    fn a_game_saved_in_pieces_is_stored_and_listed() {
        use std::io::Write;
        let mut sink = TextSink::default();
        sink.write_all(b"{\"x\":\"M\xc3\xbcller\"}").unwrap();
        let entry = IndexEntry {
            id: "piece-test".into(),
            variant: "romme".into(),
            title: "T".into(),
            players: vec!["Müller".into()],
            updated_ms: 1,
            finished: false,
        };
        store_game_text(entry, sink);
        assert_eq!(
            load_game("piece-test").as_deref(),
            Some("{\"x\":\"Müller\"}")
        );
        assert!(read_index().iter().any(|e| e.id == "piece-test"));
        delete_game("piece-test");
    }

    #[test]
    fn a_hand_order_is_kept_beside_the_save_and_never_breaks_loading() {
        assert_eq!(parse_hand_order(None), Vec::<u16>::new());
        assert_eq!(parse_hand_order(Some("{{{")), Vec::<u16>::new());
        assert_eq!(parse_hand_order(Some("[1,\"x\"]")), Vec::<u16>::new());
        assert_eq!(parse_hand_order(Some("[5,3,5,9]")), vec![5, 3, 9]);
        store_hand_order("h1", &[7, 2, 4]);
        assert_eq!(load_hand_order("h1"), vec![7, 2, 4]);
        assert_eq!(load_hand_order("h2"), Vec::<u16>::new());
        set(&hand_key("h3"), "not json");
        assert_eq!(load_hand_order("h3"), Vec::<u16>::new());
        delete_game("h1");
        assert_eq!(get(&hand_key("h1")), None);
    }

    fn entry(id: &str, t: u64) -> IndexEntry {
        IndexEntry {
            id: id.into(),
            variant: "romme".into(),
            title: format!("Spiel {id}"),
            players: vec!["Du".into()],
            updated_ms: t,
            finished: false,
        }
    }

    /// Without any browser storage (private modes): everything is kept in memory, said so.
    #[test]
    fn memory_fallback_keeps_games_and_reports_it() {
        fake::set_absent(true);
        store_game(entry("x", 1), "{\"meta\":{}}");
        store_game(entry("y", 2), "{\"meta\":{}}");
        assert!(memory_only());
        assert!(status().unavailable);
        assert_eq!(load_game("x").as_deref(), Some("{\"meta\":{}}"));
        let ids: Vec<String> = read_index().into_iter().map(|e| e.id).collect();
        assert_eq!(ids, ["y", "x"]);
        assert!(delete_game("x"));
        assert_eq!(load_game("x"), None);
        assert_eq!(game_ids(), ["y"]);
        // An import into no storage at all stores nothing, and says so.
        let export = export_all();
        assert!(delete_game("y"));
        let done = import_all(&export).unwrap();
        assert_eq!((done.stored, done.failed), (0, 1));
        assert!(read_index().is_empty());
        fake::set_absent(false);
    }

    #[test]
    fn a_corrupt_index_is_repaired_and_an_import_round_trips() {
        store_game(entry("y", 2), "{\"meta\":{}}");
        set(INDEX_KEY, "{{{");
        assert_eq!(read_index().len(), 1);
        let export = export_all();
        assert!(delete_game("y"));
        assert!(read_index().is_empty());
        let done = import_all(&export).unwrap();
        assert_eq!((done.plan.added, done.stored, done.failed), (1, 1, 0));
        assert_eq!(read_index()[0].id, "y");
        assert!(import_all("{ broken").is_err());
        assert_eq!(read_index().len(), 1);
    }

    /// Before: a match played while storage was full was never written when space
    /// returned, and the notice stayed up.
    #[test]
    fn writes_refused_by_a_full_storage_are_kept_and_retried() {
        store_game(entry("a", 1), "{\"meta\":{\"n\":1}}");
        assert_eq!(fake::peek(&rev_key("a")).as_deref(), Some("1"));
        fake::set_quota(0);
        assert_eq!(
            store_game(entry("a", 2), "{\"meta\":{\"n\":2}}"),
            Saved::Pending
        );
        assert_eq!(
            store_game(entry("b", 3), "{\"meta\":{\"n\":3}}"),
            Saved::Pending
        );
        set("kartenrunde.stats.v1", "[1]");
        let s = status();
        assert_eq!((s.pending_games, s.recovered), (2, false));
        assert!(s.pending_other >= 1);
        // Still readable in this page.
        assert_eq!(load_game("b").as_deref(), Some("{\"meta\":{\"n\":3}}"));
        assert_eq!(flush(), 0);
        fake::set_quota(usize::MAX);
        assert!(flush() >= 3);
        let s = status();
        assert_eq!((s.pending(), s.recovered), (0, true));
        assert_eq!(
            fake::peek(&game_key("a")).as_deref(),
            Some("{\"meta\":{\"n\":2}}")
        );
        assert_eq!(
            fake::peek(&game_key("b")).as_deref(),
            Some("{\"meta\":{\"n\":3}}")
        );
        assert_eq!(fake::peek("kartenrunde.stats.v1").as_deref(), Some("[1]"));
        assert_eq!(fake::peek(&rev_key("a")).as_deref(), Some("2"));
        ack_recovered();
        assert!(!status().recovered);
    }

    /// Before: a tab opened earlier overwrote the newer save of another tab.
    #[test]
    fn a_tab_never_overwrites_a_newer_revision() {
        store_game(entry("g", 1), "{\"meta\":{\"log\":4}}");
        assert_eq!(base_rev("g"), 1);
        // The other tab opens the game, plays and saves revisions 2 and 3.
        fake::put(&game_key("g"), "{\"meta\":{\"log\":19}}");
        fake::put(&rev_key("g"), "3");
        // This tab's next save goes to a copy; the other tab's save stays.
        let Saved::Copied(copy) = store_game(entry("g", 2), "{\"meta\":{\"log\":12}}") else {
            panic!("not copied");
        };
        assert_eq!(
            fake::peek(&game_key("g")).as_deref(),
            Some("{\"meta\":{\"log\":19}}")
        );
        assert_eq!(load_game(&copy).as_deref(), Some("{\"meta\":{\"log\":12}}"));
        assert!(read_index().iter().any(|e| e.id == copy));
        // Opened again, this tab saves on top of the newest revision.
        note_opened("g");
        assert_eq!(
            store_game(entry("g", 3), "{\"meta\":{\"log\":20}}"),
            Saved::Stored
        );
        assert_eq!(fake::peek(&rev_key("g")).as_deref(), Some("4"));
    }

    fn save_with_log(log: &[u32]) -> String {
        serde_json::json!({
            "version": 1, "game": "romme",
            "record": {"options": {"jokers": 6}, "seats": 3, "seed": 7,
                       "log": log.iter().map(|a| serde_json::json!([0, {"Draw": a}])).collect::<Vec<_>>()},
            "meta": {"title": "T", "player_names": ["Du", "Bot"], "variant": "romme"}
        })
        .to_string()
    }

    /// Both tabs made the same moves (the same bot move): no copy, the page follows; one
    /// that played on from the stored game writes on top of it.
    #[test]
    fn an_overtaken_save_is_compared_by_its_moves() {
        store_game(entry("m", 1), &save_with_log(&[1]));
        fake::put(&game_key("m"), &save_with_log(&[1, 2]));
        fake::put(&rev_key("m"), "2");
        assert_eq!(
            store_game(entry("m", 2), &save_with_log(&[1, 2])),
            Saved::Overtaken
        );
        assert_eq!(fake::peek(&rev_key("m")).as_deref(), Some("2"));
        assert_eq!(
            store_game(entry("m", 3), &save_with_log(&[1, 2, 3])),
            Saved::Stored
        );
        assert_eq!(fake::peek(&game_key("m")), Some(save_with_log(&[1, 2, 3])));
        assert_eq!(fake::peek(&rev_key("m")).as_deref(), Some("3"));
        // Another way from the same point: a copy.
        fake::put(&game_key("m"), &save_with_log(&[1, 2, 3, 4]));
        fake::put(&rev_key("m"), "4");
        let Saved::Copied(copy) = store_game(entry("m", 4), &save_with_log(&[1, 2, 3, 5])) else {
            panic!("not copied");
        };
        assert_eq!(
            fake::peek(&game_key(&copy)),
            Some(save_with_log(&[1, 2, 3, 5]))
        );
        assert_eq!(
            fake::peek(&game_key("m")),
            Some(save_with_log(&[1, 2, 3, 4]))
        );
    }

    #[test]
    fn one_tab_runs_the_bots() {
        assert!(owns("b"));
        claim("b");
        assert!(owns("b"));
        fake::put(&owner_key("b"), "another tab");
        assert!(!owns("b"));
        claim("b");
        assert!(owns("b"));
    }

    /// Before: a game deleted in one tab came back with the other tab's next autosave.
    #[test]
    fn a_game_deleted_in_another_tab_is_never_written_again() {
        store_game(entry("d", 1), "{}");
        // The other tab deletes it.
        fake::put(&rev_key("d"), "deleted");
        fake::Store.remove_item(&game_key("d")).unwrap();
        assert_eq!(store_game(entry("d", 2), "{\"x\":1}"), Saved::Deleted);
        assert_eq!(fake::peek(&game_key("d")), None);
        assert!(!read_index().iter().any(|e| e.id == "d"));
        // Deleting here writes the same mark.
        store_game(entry("e", 1), "{}");
        assert!(delete_game("e"));
        assert_eq!(stored_rev("e"), Ok(Rev::Deleted));
    }

    /// A pending save that another tab overtook before space returned goes to a copy.
    #[test]
    fn a_pending_save_overtaken_by_another_tab_goes_to_a_copy() {
        store_game(entry("p", 1), "{\"v\":1}");
        fake::set_quota(0);
        assert_eq!(store_game(entry("p", 2), "{\"v\":2}"), Saved::Pending);
        fake::set_quota(usize::MAX);
        fake::put(&game_key("p"), "{\"v\":9}");
        fake::put(&rev_key("p"), "5");
        flush();
        assert_eq!(take_copy("p"), None, "left for the game's page to settle");
        assert_eq!(status().pending_games, 1);
        resolve_overtaken();
        let copy = take_copy("p").expect("a copy");
        assert_eq!(fake::peek(&game_key("p")).as_deref(), Some("{\"v\":9}"));
        assert_eq!(fake::peek(&game_key(&copy)).as_deref(), Some("{\"v\":2}"));
        assert_eq!(status().pending_games, 0);
    }

    /// Before: a throwing `getItem` marked the save as damaged and overwrote lists.
    #[test]
    fn a_blocked_read_is_not_an_absent_value_and_is_never_overwritten() {
        fake::put(INDEX_KEY, "[]");
        fake::put("kartenrunde.stats.v1", "[\"old\"]");
        fake::put(&game_key("old"), "{\"old\":true}");
        fake::set_reads_throw(true);
        assert_eq!(read_game("old"), Err(Blocked));
        assert_eq!(read("kartenrunde.stats.v1"), Err(Blocked));
        assert!(status().read_blocked);
        // A write to what could not be read stays in memory only.
        assert!(!set("kartenrunde.stats.v1", "[\"new\"]"));
        // A new game is stored and can be read back in this page.
        assert_eq!(store_game(entry("new", 1), "{\"new\":1}"), Saved::Stored);
        assert_eq!(load_game("new").as_deref(), Some("{\"new\":1}"));
        fake::set_reads_throw(false);
        flush();
        assert_eq!(
            fake::peek("kartenrunde.stats.v1").as_deref(),
            Some("[\"old\"]")
        );
        assert_eq!(
            fake::peek(&game_key("old")).as_deref(),
            Some("{\"old\":true}")
        );
    }

    /// Before: "Import fertig: 2 neu" while 0 of 2 were stored.
    #[test]
    fn an_import_into_a_full_storage_says_what_was_stored() {
        store_game(entry("i1", 1), "{\"meta\":{\"title\":\"eins\"}}");
        store_game(entry("i2", 2), "{\"meta\":{\"title\":\"zwei\"}}");
        let export = export_all();
        delete_game("i1");
        delete_game("i2");
        fake::set_quota(0);
        let done = import_all(&export).unwrap();
        assert_eq!((done.stored, done.failed, done.plan.added), (0, 2, 0));
        assert_eq!(
            status().pending_games,
            0,
            "nothing of a refused import is kept"
        );
        fake::set_quota(usize::MAX);
        assert!(read_index().is_empty());
        let done = import_all(&export).unwrap();
        assert_eq!((done.stored, done.failed, done.plan.added), (2, 0, 2));
    }
}
