//! Saved games and settings: one key per game plus an index for the list of saves.
//!
//! All storage goes through the small backend below. It writes to `localStorage` and, when
//! the browser refuses (private mode, quota, `SecurityError` on access, or no
//! `localStorage` at all), keeps the data in memory instead and remembers that saving
//! failed, so the app plays on and shows a notice. Reads see the in-memory data first.
//!
//! A corrupt entry is reported and left alone; nothing is ever overwritten by a failed load.
//! The index is repaired against the stored games on every read (see [`super::bundle`]).

pub mod bundle;
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

/// The seats of a game played on several devices and their secrets (`host::table`), kept
/// beside the save under its own key (never in the save: links and exports must not carry
/// the secrets).
pub const TABLE_PREFIX: &str = "kartenrunde.table.";

pub fn table_key(id: &str) -> String {
    format!("{TABLE_PREFIX}{id}")
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
pub mod fake;

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
        match games::overtaken(&id, n, &value) {
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

mod revision;
use revision::bump_rev;
pub use revision::*;

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

mod games;
pub use games::*;

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
mod tests;
