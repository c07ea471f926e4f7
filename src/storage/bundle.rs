//! Pure logic behind the saved games (no browser calls, tested natively):
//! - rebuilding / repairing the index of saves from the stored games,
//! - the export file (one JSON document with every save) and merging it back in,
//! - where an opened share link goes (an existing save or a new one).
//!
//! Saves are handled as raw JSON text; only the parts needed here (`meta`, and the record's
//! identity and log) are read leniently, so a damaged save is carried along, never dropped.

use super::IndexEntry;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeSet;

/// The format tag of an export file.
pub const FORMAT: &str = "kartenrunde-saves";
/// The export format version written by this build (older ones are read too).
pub const VERSION: u32 = 1;

/// An export file: every stored game's raw save JSON plus its index entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bundle {
    pub format: String,
    pub version: u32,
    pub exported_ms: u64,
    pub games: Vec<BundleGame>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BundleGame {
    pub id: String,
    /// The index entry at export time (used for a save whose own `meta` is unreadable).
    #[serde(default)]
    pub entry: Option<IndexEntry>,
    /// The save exactly as stored (a damaged save travels unchanged).
    pub save: String,
}

/// Why an export file cannot be imported. Nothing is changed in that case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BundleError {
    /// Not JSON at all (or truncated).
    NotJson,
    /// JSON, but not a Kartenrunde export.
    NotABundle,
    /// Written by a newer version of the app.
    NewerVersion { found: u64 },
    /// Game number `index` (0-based) is incomplete or has an impossible id.
    BadGame { index: usize },
    /// Game number `index` is larger, or has longer texts, than any the app writes.
    Limits {
        index: usize,
        error: engine::save::SaveError,
    },
    /// The file is larger than [`MAX_IMPORT_BYTES`].
    TooLarge,
    /// The file holds more than [`MAX_IMPORT_GAMES`] games.
    TooMany,
}

/// Ids are used in storage keys and URLs: letters, digits, `-` and `_`, at most 64.
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 64
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The index entry a save describes itself with, read leniently from its `meta`.
/// `None` if the text is not JSON with a `meta` object.
pub fn entry_from_save(id: &str, json: &str) -> Option<IndexEntry> {
    let value: Value = serde_json::from_str(json).ok()?;
    let meta = value.get("meta")?.as_object()?;
    let text = |k: &str| {
        meta.get(k)
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    Some(
        IndexEntry {
            id: id.to_string(),
            variant: text("variant"),
            title: text("title"),
            players: meta
                .get("player_names")
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .filter_map(|n| n.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default(),
            updated_ms: meta.get("updated_ms").and_then(Value::as_u64).unwrap_or(0),
            finished: meta
                .get("finished")
                .and_then(Value::as_bool)
                .unwrap_or(false),
        }
        .clamped(),
    )
}

/// An entry for a save whose meta cannot be read: listed (as damaged) under its id.
pub fn placeholder_entry(id: &str) -> IndexEntry {
    IndexEntry {
        id: id.to_string(),
        variant: String::new(),
        title: String::new(),
        players: Vec::new(),
        updated_ms: 0,
        finished: false,
    }
}

fn sort_index(index: &mut [IndexEntry]) {
    engine::sort::sort_by(index, |a, b| {
        b.updated_ms.cmp(&a.updated_ms).then(a.id.cmp(&b.id))
    });
}

/// Repairs the index against the stored games: an unreadable index is rebuilt from the
/// games, an entry whose game is gone is dropped, a stored game missing from the index is
/// added (from its own `meta`). `load` gives a stored game's JSON by id.
/// Returns the index and whether it differs from what was stored.
pub fn reconcile(
    stored_index: Option<&str>,
    game_ids: &[String],
    load: impl Fn(&str) -> Option<String>,
) -> (Vec<IndexEntry>, bool) {
    // Entry by entry: one unreadable entry is dropped (its game is listed again from its
    // own save below), never the whole list.
    let list: Option<Vec<Value>> = stored_index.and_then(|s| serde_json::from_str(s).ok());
    let mut changed = stored_index.is_some() && list.is_none();
    let parsed: Vec<IndexEntry> = list
        .unwrap_or_default()
        .into_iter()
        .filter_map(|v| match serde_json::from_value::<IndexEntry>(v) {
            Ok(e) => Some(e.clamped()),
            Err(_) => {
                changed = true;
                None
            }
        })
        .collect();
    let ids: BTreeSet<&str> = game_ids.iter().map(String::as_str).collect();
    let mut index = Vec::new();
    let mut seen = BTreeSet::new();
    for e in parsed {
        if ids.contains(e.id.as_str()) && seen.insert(e.id.clone()) {
            index.push(e);
        } else {
            changed = true;
        }
    }
    for id in &ids {
        if seen.contains(*id) {
            continue;
        }
        let entry = load(id)
            .and_then(|json| entry_from_save(id, &json))
            .unwrap_or_else(|| placeholder_entry(id));
        index.push(entry);
        changed = true;
    }
    let before: Vec<String> = index.iter().map(|e| e.id.clone()).collect();
    sort_index(&mut index);
    if index.iter().map(|e| &e.id).ne(before.iter()) {
        changed = true;
    }
    (index, changed)
}

/// The export file for `games` (id, raw save JSON), with their index entries.
pub fn build(index: &[IndexEntry], games: &[(String, String)], now_ms: u64) -> String {
    let bundle = Bundle {
        format: FORMAT.to_string(),
        version: VERSION,
        exported_ms: now_ms,
        games: games
            .iter()
            .map(|(id, save)| BundleGame {
                id: id.clone(),
                entry: index.iter().find(|e| &e.id == id).cloned(),
                save: save.clone(),
            })
            .collect(),
    };
    serde_json::to_string_pretty(&bundle).unwrap_or_default()
}

/// The largest export file an import reads (bigger ones are refused before reading).
pub const MAX_IMPORT_BYTES: usize = 32 * 1024 * 1024;
/// The most saved games one export file may hold.
pub const MAX_IMPORT_GAMES: usize = 5000;

/// Reads an export file; checks everything before anything is imported.
pub fn parse(text: &str) -> Result<Bundle, BundleError> {
    let head = parse_head(text)?;
    let games = head
        .games
        .iter()
        .enumerate()
        .map(|(i, raw)| parse_game(i, raw))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Bundle {
        format: FORMAT.to_string(),
        version: head.version,
        exported_ms: head.exported_ms,
        games,
    })
}

/// An export file read down to its list of games, each still raw JSON (see [`parse_game`]):
/// one quick pass over the text, so a long import can check and store the games in slices.
pub struct Head<'a> {
    pub version: u32,
    pub exported_ms: u64,
    pub games: Vec<&'a serde_json::value::RawValue>,
}

#[derive(Deserialize)]
struct RawHead<'a> {
    format: Option<Value>,
    version: Option<Value>,
    exported_ms: Option<Value>,
    #[serde(borrow)]
    games: Option<Vec<&'a serde_json::value::RawValue>>,
}

/// Reads an export file's format, version and list of games (see [`Head`]).
pub fn parse_head(text: &str) -> Result<Head<'_>, BundleError> {
    if text.len() > MAX_IMPORT_BYTES {
        return Err(BundleError::TooLarge);
    }
    let raw: RawHead = match serde_json::from_str(text) {
        Ok(raw) => raw,
        // JSON, but not an object with a list of games.
        Err(e) if e.is_data() => return Err(BundleError::NotABundle),
        Err(_) => return Err(BundleError::NotJson),
    };
    let version = check_head(
        raw.format.as_ref().and_then(Value::as_str),
        raw.version.as_ref().and_then(Value::as_u64),
        raw.games.as_ref().map(Vec::len),
    )?;
    let games = raw.games.unwrap_or_default();
    Ok(Head {
        version,
        exported_ms: raw
            .exported_ms
            .as_ref()
            .and_then(Value::as_u64)
            .unwrap_or(0),
        games,
    })
}

/// Checks an export file's format tag, version and number of games; returns the version.
pub fn check_head(
    format: Option<&str>,
    version: Option<u64>,
    games: Option<usize>,
) -> Result<u32, BundleError> {
    if format != Some(FORMAT) {
        return Err(BundleError::NotABundle);
    }
    let version = version.ok_or(BundleError::NotABundle)?;
    if version == 0 {
        return Err(BundleError::NotABundle);
    }
    if version > u64::from(VERSION) {
        return Err(BundleError::NewerVersion { found: version });
    }
    if games.ok_or(BundleError::NotABundle)? > MAX_IMPORT_GAMES {
        return Err(BundleError::TooMany);
    }
    Ok(version as u32)
}

/// [`parse_game`] of a game's JSON text.
pub fn parse_game_text(index: usize, text: &str) -> Result<BundleGame, BundleError> {
    let raw: Box<serde_json::value::RawValue> =
        serde_json::from_str(text).map_err(|_| BundleError::BadGame { index })?;
    parse_game(index, &raw)
}

/// Reads game number `index` of an export file and checks it: a sane id, a save within the
/// sizes the app writes (a damaged save travels as it is, but not an oversized one).
pub fn parse_game(
    index: usize,
    raw: &serde_json::value::RawValue,
) -> Result<BundleGame, BundleError> {
    let game: BundleGame =
        serde_json::from_str(raw.get()).map_err(|_| BundleError::BadGame { index })?;
    if !valid_id(&game.id) || game.save.is_empty() {
        return Err(BundleError::BadGame { index });
    }
    if game.save.len() > engine::save::MAX_SAVE_BYTES {
        return Err(BundleError::Limits {
            index,
            error: engine::save::SaveError::TooLarge {
                field: "save".into(),
                limit: engine::save::MAX_SAVE_BYTES,
            },
        });
    }
    // A readable save must keep to the limits; an unreadable one is carried along.
    if let Ok(file) = engine::save::read_file(&game.save) {
        file.meta
            .check_limits()
            .map_err(|error| BundleError::Limits { index, error })?;
    }
    Ok(game)
}

/// How two saves of possibly the same game relate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// The same game at the same point.
    Same,
    /// The first has played on from the second (the second's log is a prefix).
    Ahead,
    /// The second has played on from the first.
    Behind,
    /// The same deal, but the logs went different ways.
    Diverged,
    /// Different games, or at least one is unreadable.
    Unrelated,
}

struct Parsed {
    identity: String,
    log: Vec<Value>,
}

fn parse_record(json: &str) -> Option<Parsed> {
    let v: Value = serde_json::from_str(json).ok()?;
    let game = v.get("game")?.as_str()?;
    let rec = v.get("record")?;
    let identity = serde_json::to_string(&(
        game,
        rec.get("options")?,
        rec.get("seats")?,
        rec.get("seed")?,
    ))
    .ok()?;
    let log = rec.get("log")?.as_array()?.clone();
    Some(Parsed { identity, log })
}

/// How save `a` relates to save `b` (both raw JSON).
pub fn relation(a: &str, b: &str) -> Relation {
    let (Some(a), Some(b)) = (parse_record(a), parse_record(b)) else {
        return Relation::Unrelated;
    };
    if a.identity != b.identity {
        return Relation::Unrelated;
    }
    let common = a.log.len().min(b.log.len());
    if a.log[..common] != b.log[..common] {
        return Relation::Diverged;
    }
    match a.log.len().cmp(&b.log.len()) {
        std::cmp::Ordering::Equal => Relation::Same,
        std::cmp::Ordering::Greater => Relation::Ahead,
        std::cmp::Ordering::Less => Relation::Behind,
    }
}

/// 64-bit FNV-1a.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The id a shared game is stored under: derived from the game's identity (game, options,
/// seats, seed), so the same game arriving twice lands on the same id.
pub fn link_id(json: &str) -> Option<String> {
    let p = parse_record(json)?;
    Some(format!(
        "l{:012x}",
        fnv1a64(p.identity.as_bytes()) & 0xffff_ffff_ffff
    ))
}

/// `base`, or `base-2`, `base-3`, … whichever is not taken.
pub fn free_id(base: &str, taken: impl Fn(&str) -> bool) -> String {
    if !taken(base) {
        return base.to_string();
    }
    (2..)
        .map(|n| format!("{base}-{n}"))
        .find(|id| !taken(id))
        .unwrap_or_else(|| base.to_string())
}

/// Where an opened share link goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkPlace {
    /// A stored save is this game at the link's point or further: open it, store nothing.
    Open(String),
    /// A stored save is this game at an earlier point: bring it up to the link.
    Update(String),
    /// Not stored yet (or stored saves went other ways): store under this new id.
    New(String),
}

/// Decides where a link's save (`link_json`, already validated) goes among the stored
/// saves `existing` (id, raw JSON).
pub fn place_link(link_json: &str, existing: &[(String, String)]) -> Option<LinkPlace> {
    let base = link_id(link_json)?;
    let log_len = |json: &str| parse_record(json).map(|p| p.log.len()).unwrap_or(0);
    // Prefer the save under the link's own id, then the one that got furthest.
    let mut related: Vec<(&String, &String, Relation)> = existing
        .iter()
        .map(|(id, json)| (id, json, relation(json, link_json)))
        .filter(|(_, _, r)| !matches!(r, Relation::Unrelated | Relation::Diverged))
        .collect();
    engine::sort::sort_by_key(&mut related, |(id, json, _)| {
        (**id != base, std::cmp::Reverse(log_len(json)))
    });
    if let Some((id, _, _)) = related
        .iter()
        .find(|(_, _, r)| matches!(r, Relation::Same | Relation::Ahead))
    {
        return Some(LinkPlace::Open((*id).clone()));
    }
    if let Some((id, _, _)) = related.first() {
        return Some(LinkPlace::Update((*id).clone()));
    }
    Some(LinkPlace::New(free_id(&base, |id| {
        existing.iter().any(|(e, _)| e == id)
    })))
}

/// What importing an export file does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportPlan {
    /// Saves to write: (id, raw JSON, index entry).
    pub writes: Vec<(String, String, IndexEntry)>,
    /// New games.
    pub added: usize,
    /// Stored games brought up to a later point of the same game.
    pub updated: usize,
    /// Games that went another way than the stored game of that id: kept as a copy.
    pub copied: usize,
    /// Already stored (same content, or the stored game is as far or further).
    pub skipped: usize,
}

/// Merges an export file into the stored saves `existing` (id, raw JSON); see [`Planner`].
pub fn plan_import(bundle: &Bundle, existing: &[(String, String)]) -> ImportPlan {
    let mut planner = Planner::new(existing);
    for g in &bundle.games {
        planner.step(g);
    }
    planner.finish()
}

/// Merges the games of an export file one at a time (so a long import runs in slices).
/// Nothing stored is ever lost:
/// - the same content under any id: skipped (no duplicates);
/// - a free id: added under that id;
/// - the same game as the stored save of that id: the one that got further is kept (the
///   other is a prefix of it), equal progress keeps the stored one;
/// - anything else under a taken id: imported as a copy under `<id>-2`, `<id>-3`, ….
///
/// Linear in the games: contents are compared by hash first, ids looked up in a map.
pub struct Planner {
    current: std::collections::HashMap<String, String>,
    contents: std::collections::HashSet<u64>,
    plan: ImportPlan,
    /// What the last step counted, and the save its id held before (to undo a step whose
    /// write the browser refused).
    last: Option<(Counted, Option<String>)>,
}

#[derive(Clone, Copy)]
enum Counted {
    Added,
    Updated,
    Copied,
}

impl Planner {
    pub fn new(existing: &[(String, String)]) -> Planner {
        Planner {
            contents: existing
                .iter()
                .map(|(_, j)| fnv1a64(j.as_bytes()))
                .collect(),
            current: existing.iter().cloned().collect(),
            plan: ImportPlan::default(),
            last: None,
        }
    }

    /// The next game: the write it needs (id, raw JSON, index entry), or `None` (skipped).
    pub fn step(&mut self, g: &BundleGame) -> Option<(String, String, IndexEntry)> {
        self.last = None;
        let hash = fnv1a64(g.save.as_bytes());
        if self.contents.contains(&hash) && self.current.values().any(|j| *j == g.save) {
            self.plan.skipped += 1;
            return None;
        }
        let (target, counted) = match self.current.get(&g.id) {
            None => (g.id.clone(), Counted::Added),
            Some(stored) => match relation(&g.save, stored) {
                Relation::Ahead => (g.id.clone(), Counted::Updated),
                Relation::Same | Relation::Behind => {
                    self.plan.skipped += 1;
                    return None;
                }
                Relation::Diverged | Relation::Unrelated => (
                    free_id(&g.id, |id| self.current.contains_key(id)),
                    Counted::Copied,
                ),
            },
        };
        match counted {
            Counted::Added => self.plan.added += 1,
            Counted::Updated => self.plan.updated += 1,
            Counted::Copied => self.plan.copied += 1,
        }
        let entry = entry_from_save(&target, &g.save)
            .or_else(|| {
                g.entry.clone().map(|mut e| {
                    e.id = target.clone();
                    e
                })
            })
            .unwrap_or_else(|| placeholder_entry(&target));
        let before = self.current.insert(target.clone(), g.save.clone());
        self.contents.insert(hash);
        self.last = Some((counted, before));
        self.plan
            .writes
            .push((target.clone(), g.save.clone(), entry.clone()));
        Some((target, g.save.clone(), entry))
    }

    /// Takes back the last step (its write was refused): not counted, not written.
    pub fn undo_last(&mut self, id: &str) {
        let Some((counted, before)) = self.last.take() else {
            return;
        };
        match counted {
            Counted::Added => self.plan.added -= 1,
            Counted::Updated => self.plan.updated -= 1,
            Counted::Copied => self.plan.copied -= 1,
        }
        match before {
            Some(json) => self.current.insert(id.to_string(), json),
            None => self.current.remove(id),
        };
        self.plan.writes.pop();
    }

    /// The plan of every step so far.
    pub fn finish(self) -> ImportPlan {
        self.plan
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn save(seed: u64, log: &[u32], title: &str, updated: u64) -> String {
        serde_json::json!({
            "version": 1,
            "game": "romme",
            "record": {"options": {"jokers": 6}, "seats": 3, "seed": seed,
                       "log": log.iter().map(|a| serde_json::json!([0, {"Draw": a}])).collect::<Vec<_>>()},
            "snapshot": null,
            "meta": {"title": title, "created_ms": 1, "updated_ms": updated,
                     "player_names": ["Du", "Bot"], "variant": "romme",
                     "seat_kinds": ["human", "normal"], "finished": false}
        })
        .to_string()
    }

    fn ids(index: &[IndexEntry]) -> Vec<&str> {
        index.iter().map(|e| e.id.as_str()).collect()
    }

    #[test]
    fn corrupt_index_is_rebuilt_from_the_games() {
        let games = [
            ("a".to_string(), save(1, &[1], "Erstes", 10)),
            ("b".to_string(), save(2, &[], "Zweites", 20)),
            ("c".to_string(), "{ damaged".to_string()),
        ];
        let ids_: Vec<String> = games.iter().map(|g| g.0.clone()).collect();
        let load = |id: &str| games.iter().find(|g| g.0 == id).map(|g| g.1.clone());
        for bad in ["not json", "{\"x\":1}", "[{\"id\":3}]"] {
            let (index, changed) = reconcile(Some(bad), &ids_, load);
            assert!(changed);
            assert_eq!(ids(&index), ["b", "a", "c"]);
            assert_eq!(index[0].title, "Zweites");
            assert_eq!(index[0].players, ["Du", "Bot"]);
            assert_eq!(index[2], placeholder_entry("c"));
        }
        // A missing index is built too.
        let (index, changed) = reconcile(None, &ids_, load);
        assert!(changed);
        assert_eq!(index.len(), 3);
    }

    #[test]
    fn stale_entries_are_dropped_and_missing_games_added() {
        let a = entry_from_save("a", &save(1, &[], "A", 10)).unwrap();
        let gone = entry_from_save("gone", &save(3, &[], "Weg", 30)).unwrap();
        let stored = serde_json::to_string(&vec![gone, a.clone()]).unwrap();
        let games = [
            ("a".to_string(), save(1, &[], "A", 10)),
            ("n".to_string(), save(2, &[], "Neu", 5)),
        ];
        let ids_: Vec<String> = games.iter().map(|g| g.0.clone()).collect();
        let load = |id: &str| games.iter().find(|g| g.0 == id).map(|g| g.1.clone());
        let (index, changed) = reconcile(Some(&stored), &ids_, load);
        assert!(changed);
        assert_eq!(ids(&index), ["a", "n"]);
        // A consistent index is left as it is.
        let stored = serde_json::to_string(&index).unwrap();
        let (again, changed) = reconcile(Some(&stored), &ids_, load);
        assert!(!changed);
        assert_eq!(again, index);
    }

    #[test]
    fn export_round_trip_and_damaged_files() {
        let games = vec![
            ("a".to_string(), save(1, &[1, 2], "A", 10)),
            ("c".to_string(), "{ damaged".to_string()),
        ];
        let index = vec![
            entry_from_save("a", &games[0].1).unwrap(),
            placeholder_entry("c"),
        ];
        let text = build(&index, &games, 99);
        let bundle = parse(&text).unwrap();
        assert_eq!(bundle.exported_ms, 99);
        assert_eq!(bundle.games.len(), 2);
        assert_eq!(bundle.games[1].save, "{ damaged");
        assert_eq!(bundle.games[0].entry.as_ref().unwrap().title, "A");

        assert_eq!(parse(&text[..text.len() / 2]), Err(BundleError::NotJson));
        assert_eq!(parse("[1,2]"), Err(BundleError::NotABundle));
        assert_eq!(
            parse(&text.replace(FORMAT, "other")),
            Err(BundleError::NotABundle)
        );
        assert_eq!(
            parse(&text.replace(
                "\"version\": 1,\n  \"exported",
                "\"version\": 7,\n  \"exported"
            )),
            Err(BundleError::NewerVersion { found: 7 })
        );
        let mut v: Value = serde_json::from_str(&text).unwrap();
        v["games"][1]["id"] = Value::from("../x");
        assert_eq!(
            parse(&v.to_string()),
            Err(BundleError::BadGame { index: 1 })
        );
        v["games"][1] = serde_json::json!({"id": "x"});
        assert_eq!(
            parse(&v.to_string()),
            Err(BundleError::BadGame { index: 1 })
        );
    }

    #[test]
    fn import_merges_without_duplicates_or_loss() {
        let a1 = save(1, &[1], "A", 10);
        let a3 = save(1, &[1, 2, 3], "A", 30);
        let b_other = save(2, &[9], "B", 50);
        let c = save(3, &[], "C", 7);
        let bundle = parse(&build(
            &[],
            &[
                ("a".into(), a3.clone()),
                ("b".into(), b_other.clone()),
                ("c".into(), c.clone()),
                ("d".into(), a1.clone()),
                ("e".into(), "{ damaged".into()),
            ],
            1,
        ))
        .unwrap();
        let existing = vec![
            ("a".to_string(), a1.clone()),
            ("b".to_string(), save(7, &[], "Other", 5)),
            ("c".to_string(), c.clone()),
        ];
        let plan = plan_import(&bundle, &existing);
        // a: further along -> updated; b: another game under a taken id -> copy;
        // c: identical -> skipped; d, e: free ids -> added (the damaged one too).
        let written: Vec<&str> = plan.writes.iter().map(|w| w.0.as_str()).collect();
        assert_eq!(written, ["a", "b-2", "d", "e"]);
        assert_eq!(
            (plan.added, plan.updated, plan.copied, plan.skipped),
            (2, 1, 1, 1)
        );
        assert_eq!(plan.writes[1].2.title, "B");
        assert_eq!(plan.writes[1].2.id, "b-2");
        assert_eq!(plan.writes[3].2, placeholder_entry("e"));

        // Importing the same file again changes nothing.
        let mut after = existing.clone();
        for (id, json, _) in &plan.writes {
            match after.iter_mut().find(|(e, _)| e == id) {
                Some(s) => s.1 = json.clone(),
                None => after.push((id.clone(), json.clone())),
            }
        }
        let again = plan_import(&bundle, &after);
        assert!(again.writes.is_empty());
        assert_eq!(again.skipped, 5);

        // A stored game that got further than the file keeps its progress.
        let plan = plan_import(
            &parse(&build(&[], &[("a".into(), a1.clone())], 1)).unwrap(),
            &[("a".to_string(), a3.clone())],
        );
        assert!(plan.writes.is_empty());
        assert_eq!(plan.skipped, 1);
    }

    #[test]
    fn relations() {
        let a = save(1, &[1, 2], "A", 1);
        assert_eq!(
            relation(&a, &save(1, &[1, 2], "renamed", 9)),
            Relation::Same
        );
        assert_eq!(relation(&a, &save(1, &[1], "A", 1)), Relation::Ahead);
        assert_eq!(relation(&a, &save(1, &[1, 2, 3], "A", 1)), Relation::Behind);
        assert_eq!(relation(&a, &save(1, &[1, 3], "A", 1)), Relation::Diverged);
        assert_eq!(relation(&a, &save(2, &[1, 2], "A", 1)), Relation::Unrelated);
        assert_eq!(relation(&a, "nope"), Relation::Unrelated);
    }

    #[test]
    fn a_link_opened_twice_lands_on_one_save() {
        let link = save(5, &[1, 2], "L", 1);
        let id = link_id(&link).unwrap();
        assert!(valid_id(&id));
        assert_eq!(link_id(&save(5, &[], "other title", 2)), Some(id.clone()));
        assert_ne!(link_id(&save(6, &[1, 2], "L", 1)), Some(id.clone()));

        assert_eq!(place_link(&link, &[]), Some(LinkPlace::New(id.clone())));
        let stored = vec![(id.clone(), link.clone())];
        assert_eq!(
            place_link(&link, &stored),
            Some(LinkPlace::Open(id.clone()))
        );
        // Played on here: the older link opens the further save.
        let further = vec![(id.clone(), save(5, &[1, 2, 3], "L", 3))];
        assert_eq!(
            place_link(&link, &further),
            Some(LinkPlace::Open(id.clone()))
        );
        // The link is further than the stored save (it came back after others played).
        let behind = vec![(id.clone(), save(5, &[1], "L", 1))];
        assert_eq!(
            place_link(&link, &behind),
            Some(LinkPlace::Update(id.clone()))
        );
        // The sender's own original save of the same game is found under its own id.
        let own = vec![("g1".to_string(), save(5, &[1, 2], "L", 1))];
        assert_eq!(place_link(&link, &own), Some(LinkPlace::Open("g1".into())));
        // Went another way here: keep both.
        let diverged = vec![(id.clone(), save(5, &[1, 9], "L", 1))];
        assert_eq!(
            place_link(&link, &diverged),
            Some(LinkPlace::New(format!("{id}-2")))
        );
        assert_eq!(place_link("garbage", &[]), None);
    }
}
