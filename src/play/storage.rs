//! Saved games in localStorage: one key per game plus an index for the list of saves.
//! A corrupt entry is reported and left alone; nothing is ever overwritten by a failed load.

use gloo_storage::{LocalStorage, Storage};
use serde::{Deserialize, Serialize};

pub const INDEX_KEY: &str = "kartenrunde.saves.v1";

pub fn game_key(id: &str) -> String {
    format!("kartenrunde.game.{id}")
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

pub fn read_index() -> Vec<IndexEntry> {
    LocalStorage::get(INDEX_KEY).unwrap_or_default()
}

fn write_index(index: &[IndexEntry]) -> Result<(), String> {
    LocalStorage::set(INDEX_KEY, index).map_err(|e| e.to_string())
}

/// Stores a game's save JSON and updates the index.
pub fn store_game(entry: IndexEntry, json: &str) -> Result<(), String> {
    let storage = LocalStorage::raw();
    storage
        .set_item(&game_key(&entry.id), json)
        .map_err(|_| "localStorage refused the save (full or disabled)".to_string())?;
    let mut index = read_index();
    index.retain(|e| e.id != entry.id);
    index.insert(0, entry);
    index.sort_by_key(|e| std::cmp::Reverse(e.updated_ms));
    write_index(&index)
}

/// The raw save JSON of a game, if present.
pub fn load_game(id: &str) -> Option<String> {
    LocalStorage::raw().get_item(&game_key(id)).ok().flatten()
}

pub fn delete_game(id: &str) {
    LocalStorage::raw().remove_item(&game_key(id)).ok();
    let mut index = read_index();
    index.retain(|e| e.id != id);
    write_index(&index).ok();
}

pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// A fresh random seed for a new game (the engine itself never touches OS randomness).
pub fn fresh_seed() -> u64 {
    getrandom::u64().unwrap_or_else(|_| (js_sys::Date::now() * 1000.0) as u64 ^ 0x9E37_79B9)
}

/// A new, short, unique game id.
pub fn new_id() -> String {
    format!("g{:x}", fresh_seed() & 0xffff_ffff_ffff)
}
