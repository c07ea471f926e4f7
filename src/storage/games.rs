//! Saved games: the list of saves, storing with the revision check, import, deletion.

use super::revision::bump_rev;
use super::*;

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

/// The list of saves as stored, without repairing it against the games (the home screen's
/// "Weiterspielen": repairing reads every save, and its code would weigh on the start).
/// Unreadable: empty (the saves page repairs it).
pub fn peek_index() -> Vec<IndexEntry> {
    read(INDEX_KEY)
        .ok()
        .flatten()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
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
pub(super) fn overtaken(id: &str, n: u64, ours: &str) -> Saved {
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
    remove(&table_key(id));
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
