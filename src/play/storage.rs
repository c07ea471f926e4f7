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
/// repeated cards count once.
pub fn parse_hand_order(text: Option<&str>) -> Vec<u16> {
    let ids: Vec<u16> = text
        .and_then(|t| serde_json::from_str::<Vec<u16>>(t).ok())
        .unwrap_or_default();
    let mut out: Vec<u16> = Vec::with_capacity(ids.len());
    for id in ids {
        if !out.contains(&id) {
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

impl IndexEntry {
    /// The entry of the game `id` whose save carries `meta`.
    pub fn of(id: &str, meta: &engine::save::SaveMeta) -> Self {
        IndexEntry {
            id: id.to_string(),
            variant: meta.variant.clone(),
            title: meta.title.clone(),
            players: meta.player_names.clone(),
            updated_ms: meta.updated_ms,
            finished: meta.finished,
        }
    }
}

// ---------------------------------------------------------------------------------------
// The backend: localStorage with an in-memory fallback.

thread_local! {
    /// Values that could not be written to localStorage (`None`: removed here, maybe still
    /// present there). Reads look here first.
    static MEMORY: RefCell<BTreeMap<String, Option<String>>> = const { RefCell::new(BTreeMap::new()) };
    static FAILED: Cell<bool> = const { Cell::new(false) };
    static ON_FAILURE: RefCell<Option<Box<dyn Fn()>>> = const { RefCell::new(None) };
}

#[cfg(target_arch = "wasm32")]
fn local() -> Option<web_sys::Storage> {
    // Accessing `window.localStorage` itself may throw (SecurityError).
    let storage = web_sys::window()?.local_storage();
    match storage {
        Ok(Some(s)) => Some(s),
        _ => {
            mark_failed();
            None
        }
    }
}

/// Natively (tests) there is no browser storage: everything lives in memory.
#[cfg(not(target_arch = "wasm32"))]
fn local() -> Option<NoStorage> {
    mark_failed();
    None
}

#[cfg(not(target_arch = "wasm32"))]
struct NoStorage;

#[cfg(not(target_arch = "wasm32"))]
impl NoStorage {
    fn get_item(&self, _: &str) -> Result<Option<String>, ()> {
        Err(())
    }
    fn set_item(&self, _: &str, _: &str) -> Result<(), ()> {
        Err(())
    }
    fn remove_item(&self, _: &str) -> Result<(), ()> {
        Err(())
    }
    fn length(&self) -> Result<u32, ()> {
        Err(())
    }
    fn key(&self, _: u32) -> Result<Option<String>, ()> {
        Err(())
    }
}

fn mark_failed() {
    if FAILED.with(|f| f.replace(true)) {
        return;
    }
    ON_FAILURE.with(|cb| {
        if let Some(cb) = cb.borrow().as_ref() {
            cb();
        }
    });
}

/// True once the browser refused to store something: data is then kept in memory only.
pub fn memory_only() -> bool {
    FAILED.with(Cell::get)
}

/// Calls `f` (once) when storing fails for the first time (or now, if it already has).
pub fn on_failure(f: impl Fn() + 'static) {
    if memory_only() {
        f();
    }
    ON_FAILURE.with(|cb| *cb.borrow_mut() = Some(Box::new(f)));
}

/// Tries a write and a removal, so a browser that only refuses writes (Safari's old private
/// mode, a full quota) is noticed at start.
pub fn probe() {
    const PROBE: &str = "kartenrunde.probe";
    if let Some(s) = local() {
        if s.set_item(PROBE, "1").is_err() || s.remove_item(PROBE).is_err() {
            mark_failed();
        }
    }
}

pub fn get(key: &str) -> Option<String> {
    if let Some(v) = MEMORY.with(|m| m.borrow().get(key).cloned()) {
        return v;
    }
    match local()?.get_item(key) {
        Ok(v) => v,
        Err(_) => {
            mark_failed();
            None
        }
    }
}

/// Stores `value`; in memory if the browser refuses. Returns false in that case.
pub fn set(key: &str, value: &str) -> bool {
    let stored = local().is_some_and(|s| s.set_item(key, value).is_ok());
    keep(key, stored, || value.to_string())
}

/// After a write: forgets the in-memory copy of a stored `key`, or keeps `value` in memory
/// when the browser refused it (and notes the failure). Returns `stored`.
fn keep(key: &str, stored: bool, value: impl FnOnce() -> String) -> bool {
    MEMORY.with(|m| {
        let mut m = m.borrow_mut();
        if stored {
            m.remove(key);
        } else {
            m.insert(key.to_string(), Some(value()));
        }
    });
    if !stored {
        mark_failed();
    }
    stored
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

/// Stores a [`TextSink`]'s text like [`set`] (in memory if the browser refuses).
fn set_text(key: &str, mut sink: TextSink) -> bool {
    sink.pass_on();
    #[cfg(target_arch = "wasm32")]
    {
        let stored = local().is_some_and(|s| {
            use wasm_bindgen::JsCast;
            s.unchecked_ref::<StorageValues>()
                .set_item_value(key, &sink.text)
                .is_ok()
        });
        keep(key, stored, || sink.text.as_string().unwrap_or_default())
    }
    #[cfg(not(target_arch = "wasm32"))]
    set(key, &sink.text)
}

/// [`store_game`] with the save written into a [`TextSink`].
pub fn store_game_text(entry: IndexEntry, sink: TextSink) {
    set_text(&game_key(&entry.id), sink);
    update_index(entry);
}

pub fn remove(key: &str) {
    let removed = local().is_some_and(|s| s.remove_item(key).is_ok());
    MEMORY.with(|m| {
        let mut m = m.borrow_mut();
        if removed {
            m.remove(key);
        } else {
            m.insert(key.to_string(), None);
        }
    });
}

/// Every stored key (localStorage and memory).
pub fn keys() -> Vec<String> {
    let mut keys = std::collections::BTreeSet::new();
    if let Some(s) = local() {
        match s.length() {
            Ok(n) => {
                for i in 0..n {
                    match s.key(i) {
                        Ok(Some(k)) => {
                            keys.insert(k);
                        }
                        Ok(None) => {}
                        Err(_) => {
                            mark_failed();
                            break;
                        }
                    }
                }
            }
            Err(_) => mark_failed(),
        }
    }
    MEMORY.with(|m| {
        for (k, v) in m.borrow().iter() {
            if v.is_some() {
                keys.insert(k.clone());
            } else {
                keys.remove(k);
            }
        }
    });
    keys.into_iter().collect()
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
/// stale entries dropped, unlisted games added). A repaired index is written back.
pub fn read_index() -> Vec<IndexEntry> {
    let stored = get(INDEX_KEY);
    let (index, changed) = bundle::reconcile(stored.as_deref(), &game_ids(), load_game);
    if changed {
        write_index(&index);
    }
    index
}

fn write_index(index: &[IndexEntry]) {
    if let Ok(json) = serde_json::to_string(index) {
        set(INDEX_KEY, &json);
    }
}

/// Stores a game's save JSON and updates the index (in memory if the browser refuses).
pub fn store_game(entry: IndexEntry, json: &str) {
    set(&game_key(&entry.id), json);
    update_index(entry);
}

fn update_index(entry: IndexEntry) {
    let mut index = read_index();
    index.retain(|e| e.id != entry.id);
    index.insert(0, entry);
    engine::sort::sort_by_key(&mut index, |e| std::cmp::Reverse(e.updated_ms));
    write_index(&index);
}

/// The raw save JSON of a game, if present.
pub fn load_game(id: &str) -> Option<String> {
    get(&game_key(id))
}

pub fn delete_game(id: &str) {
    remove(&game_key(id));
    remove(&hand_key(id));
    let mut index = read_index();
    index.retain(|e| e.id != id);
    write_index(&index);
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

/// Imports an export file. A damaged file changes nothing.
pub fn import_all(text: &str) -> Result<bundle::ImportPlan, bundle::BundleError> {
    let parsed = bundle::parse(text)?;
    let plan = bundle::plan_import(&parsed, &all_games());
    for (id, json, _) in &plan.writes {
        set(&game_key(id), json);
    }
    let mut index = read_index();
    for (id, _, entry) in &plan.writes {
        index.retain(|e| &e.id != id);
        index.push(entry.clone());
    }
    engine::sort::sort_by_key(&mut index, |e| std::cmp::Reverse(e.updated_ms));
    write_index(&index);
    Ok(plan)
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

/// A new, short, unique game id.
pub fn new_id() -> String {
    format!("g{:x}", fresh_seed() & 0xffff_ffff_ffff)
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

    // Natively there is no localStorage: this is the in-memory fallback at work.
    #[test]
    fn memory_fallback_keeps_games_and_reports_it() {
        let entry = |id: &str, t: u64| IndexEntry {
            id: id.into(),
            variant: "romme".into(),
            title: format!("Spiel {id}"),
            players: vec!["Du".into()],
            updated_ms: t,
            finished: false,
        };
        store_game(entry("x", 1), "{\"meta\":{}}");
        store_game(entry("y", 2), "{\"meta\":{}}");
        assert!(memory_only());
        assert_eq!(load_game("x").as_deref(), Some("{\"meta\":{}}"));
        let ids: Vec<String> = read_index().into_iter().map(|e| e.id).collect();
        assert_eq!(ids, ["y", "x"]);
        delete_game("x");
        assert_eq!(load_game("x"), None);
        assert_eq!(game_ids(), ["y"]);
        // A corrupt index is repaired from the games.
        set(INDEX_KEY, "{{{");
        assert_eq!(read_index().len(), 1);
        let export = export_all();
        delete_game("y");
        assert!(read_index().is_empty());
        let plan = import_all(&export).unwrap();
        assert_eq!(plan.added, 1);
        assert_eq!(read_index()[0].id, "y");
        assert!(import_all("{ broken").is_err());
        assert_eq!(read_index().len(), 1);
    }
}
