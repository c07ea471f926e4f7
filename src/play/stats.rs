//! Looking back: every finished match leaves a short result in storage (kept when its save
//! is deleted), and the statistics page sums them up per game and preset.
//!
//! The stored list is read record by record: each entry is parsed on its own, and one this
//! version cannot read (an unknown bot level, a missing field) or whose arrays disagree is
//! skipped, reported on the statistics page and written back unchanged, in its place, with
//! the next result. A stored value that is not a JSON list at all is moved aside to
//! [`DAMAGED_KEY`] before a new list is written. Reading is linear in the stored text.

use crate::storage;
use engine::{BotLevel, Seat, SeatKind, Standing};
use serde::{Deserialize, Serialize};

/// The storage key of the results (a JSON list, newest last).
pub const KEY: &str = "kartenrunde.stats.v1";

/// Where a stored value under [`KEY`] that is not a list is kept before a new list is
/// written (numbered `…damaged.2` to `…damaged.9` if that one is taken).
pub const DAMAGED_KEY: &str = "kartenrunde.stats.v1.damaged";

/// At most this many readable results are kept (the oldest go first); entries this version
/// cannot read are never dropped.
const KEEP: usize = 500;

/// A match has at most this many seats (a stored result with more is refused).
const MAX_SEATS: usize = 16;

/// One finished match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchResult {
    /// The save's id (the match can be opened while its save exists).
    pub id: String,
    /// The catalog entry (preset), e.g. "romme_kaufen".
    pub variant: String,
    pub finished_ms: u64,
    pub names: Vec<String>,
    pub kinds: Vec<SeatKind>,
    /// Final score per seat (penalty points where lower is better).
    pub scores: Vec<i32>,
    /// Final place per seat (1 = first).
    pub places: Vec<usize>,
    /// Deals (rounds) played.
    pub deals: u32,
    pub higher_is_better: bool,
    /// "Tipp" was used in the match (missing in results stored before: false).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hints: bool,
}

/// Why a stored result is not counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Not a result this version can read (unknown bot level, missing field, wrong type).
    Unreadable,
    /// Read, but its seats disagree (arrays of different lengths, a place out of range,
    /// no seat, no deal).
    Inconsistent,
}

impl MatchResult {
    /// The result of a finished match from its final standings.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        id: &str,
        variant: &str,
        finished_ms: u64,
        names: &[String],
        kinds: &[SeatKind],
        standings: &[Standing],
        deals: u32,
    ) -> MatchResult {
        let seats = kinds.len().max(standings.len());
        let mut scores = vec![0; seats];
        let mut places = vec![seats; seats];
        for st in standings {
            if st.seat < seats {
                scores[st.seat] = st.score;
                places[st.seat] = st.place.clamp(1, seats);
            }
        }
        // One name and one kind per seat, so the result reads back as consistent.
        let mut names = names.to_vec();
        names.resize(seats, String::new());
        let mut kinds = kinds.to_vec();
        kinds.resize(seats, SeatKind::Human);
        // The winner's score is the best one: that tells the direction.
        let best = standings.iter().filter(|s| s.place == 1).map(|s| s.score);
        let higher_is_better = best.clone().all(|b| standings.iter().all(|s| s.score <= b));
        MatchResult {
            id: id.to_string(),
            variant: variant.to_string(),
            finished_ms,
            names,
            kinds,
            scores,
            places,
            deals: deals.max(1),
            higher_is_better,
            hints: false,
        }
    }

    /// Whether the result can be counted: one name, kind, score and place per seat, at
    /// least one and at most [`MAX_SEATS`] seats, places from 1 to the number of seats, at
    /// least one deal.
    pub fn check(&self) -> Result<(), Refused> {
        let seats = self.scores.len();
        let consistent = (1..=MAX_SEATS).contains(&seats)
            && self.places.len() == seats
            && self.names.len() == seats
            && self.kinds.len() == seats
            && self.places.iter().all(|p| (1..=seats).contains(p))
            && self.deals >= 1;
        if consistent {
            Ok(())
        } else {
            Err(Refused::Inconsistent)
        }
    }

    /// The seats played by people.
    pub fn humans(&self) -> Vec<Seat> {
        (0..self.scores.len())
            .filter(|&s| self.kinds.get(s).is_none_or(|k| k.is_human()))
            .collect()
    }

    /// The main human seat (the first person), if any.
    pub fn you(&self) -> Option<Seat> {
        self.humans().first().copied()
    }

    /// A person took first place.
    pub fn won(&self) -> bool {
        self.humans()
            .iter()
            .any(|&s| self.places.get(s).copied() == Some(1))
    }

    /// The score of `seat` (0 for a seat the result does not have).
    pub fn score(&self, seat: Seat) -> i32 {
        self.scores.get(seat).copied().unwrap_or(0)
    }

    /// The place of `seat` (0 for a seat the result does not have).
    pub fn place(&self, seat: Seat) -> usize {
        self.places.get(seat).copied().unwrap_or(0)
    }
}

/// One entry of the stored list: a result that is counted, or one that is not (kept as the
/// exact text it was stored as).
#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    Counted(MatchResult),
    Kept { raw: String, why: Refused },
}

/// The stored list as read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stored {
    /// In stored order (oldest first).
    pub entries: Vec<Entry>,
    /// The stored value is not a JSON list: nothing could be read, and it is moved aside to
    /// [`DAMAGED_KEY`] before the next result is stored.
    pub damaged: bool,
}

impl Stored {
    /// The results that are counted, oldest first.
    pub fn results(&self) -> Vec<MatchResult> {
        self.entries
            .iter()
            .filter_map(|e| match e {
                Entry::Counted(r) => Some(r.clone()),
                Entry::Kept { .. } => None,
            })
            .collect()
    }

    /// How many entries are not counted (unreadable or inconsistent); they stay stored.
    pub fn skipped(&self) -> usize {
        self.entries
            .iter()
            .filter(|e| matches!(e, Entry::Kept { .. }))
            .count()
    }

    /// Adds `result` unless a counted result has its id; then drops the oldest counted
    /// results beyond [`KEEP`] (entries that are not counted are never dropped). Returns
    /// whether it was added.
    pub fn add(&mut self, result: MatchResult) -> bool {
        let known = self
            .entries
            .iter()
            .any(|e| matches!(e, Entry::Counted(r) if r.id == result.id));
        if known {
            return false;
        }
        self.entries.push(Entry::Counted(result));
        let counted = self
            .entries
            .iter()
            .filter(|e| matches!(e, Entry::Counted(_)))
            .count();
        let mut excess = counted.saturating_sub(KEEP);
        self.entries.retain(|e| {
            if excess > 0 && matches!(e, Entry::Counted(_)) {
                excess -= 1;
                false
            } else {
                true
            }
        });
        true
    }

    /// The list as stored: counted results as JSON, the others as the text they were read
    /// from.
    pub fn encode(&self) -> String {
        let mut out = String::from("[");
        for (i, e) in self.entries.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            match e {
                Entry::Counted(r) => match serde_json::to_string(r) {
                    Ok(json) => out.push_str(&json),
                    // Cannot happen for this plain struct; `null` keeps the list valid.
                    Err(_) => out.push_str("null"),
                },
                Entry::Kept { raw, .. } => out.push_str(raw),
            }
        }
        out.push(']');
        out
    }
}

/// The texts of the items of the JSON list `text`, which must be valid JSON (checked by the
/// caller); None if it is not a list. One pass over the text, tracking strings and nesting.
fn list_items(text: &str) -> Option<Vec<&str>> {
    const WS: [char; 4] = [' ', '\t', '\n', '\r'];
    let body = text.trim_matches(WS).strip_prefix('[')?.strip_suffix(']')?;
    let mut items = Vec::new();
    let (mut depth, mut in_string, mut escaped, mut start) = (0usize, false, false, 0);
    for (i, b) in body.bytes().enumerate() {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => depth += 1,
            b']' | b'}' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => {
                items.push(body[start..i].trim_matches(WS));
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = body[start..].trim_matches(WS);
    if !(items.is_empty() && last.is_empty()) {
        items.push(last);
    }
    Some(items)
}

/// Reads the stored list `text` record by record (see the module's documentation).
pub fn parse(text: Option<&str>) -> Stored {
    let Some(text) = text else {
        return Stored::default();
    };
    let valid = serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok();
    let Some(items) = valid.then(|| list_items(text)).flatten() else {
        return Stored {
            entries: Vec::new(),
            damaged: true,
        };
    };
    let entries = items
        .into_iter()
        .map(|raw| match serde_json::from_str::<MatchResult>(raw) {
            Ok(r) => match r.check() {
                Ok(()) => Entry::Counted(r),
                Err(why) => Entry::Kept {
                    raw: raw.to_string(),
                    why,
                },
            },
            Err(_) => Entry::Kept {
                raw: raw.to_string(),
                why: Refused::Unreadable,
            },
        })
        .collect();
    Stored {
        entries,
        damaged: false,
    }
}

/// The stored results (see [`parse`]).
pub fn load() -> Stored {
    parse(storage::get(KEY).as_deref())
}

/// Whether a damaged statistics value has been moved aside (see [`DAMAGED_KEY`]).
pub fn has_backup() -> bool {
    backup_keys().any(|k| storage::get(&k).is_some())
}

fn backup_keys() -> impl Iterator<Item = String> {
    std::iter::once(DAMAGED_KEY.to_string()).chain((2..=9).map(|n| format!("{DAMAGED_KEY}.{n}")))
}

/// Keeps `text` under the first free backup key (or finds it there already). False if every
/// backup key holds something else or storage refused.
fn set_aside(text: &str) -> bool {
    for key in backup_keys() {
        match storage::get(&key) {
            None => return storage::set(&key, text),
            Some(kept) if kept == text => return true,
            Some(_) => {}
        }
    }
    false
}

/// Adds the result of a match that has just finished (once per match id). Entries that
/// cannot be read stay as they are; a stored value that is not a list is moved aside first
/// (and stays where it is if that fails). A result that is not consistent is not stored.
/// Returns whether the list now holds the result in storage.
pub fn record(result: MatchResult) -> bool {
    if result.check().is_err() {
        return false;
    }
    let text = storage::get(KEY);
    let mut stored = parse(text.as_deref());
    if stored.damaged && !text.as_deref().is_some_and(set_aside) {
        return false;
    }
    if !stored.add(result) {
        return true;
    }
    storage::set(KEY, &stored.encode())
}

/// The sums for one game or preset.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub variant: String,
    pub played: usize,
    pub won: usize,
    /// Mean points per deal of the first person, over all matches.
    pub avg_deal_points: f64,
    /// The first person's best and worst final score, with the match id.
    pub best: Option<(i32, String)>,
    pub worst: Option<(i32, String)>,
    /// The opposing bot levels, with how many bot seats had them.
    pub opponents: Vec<(BotLevel, usize)>,
}

/// One summary per variant (in the order first played), from matches with a person.
/// Linear in the number of results (grouped once, however many variants are stored).
pub fn summarize(results: &[MatchResult]) -> Vec<Summary> {
    let mut groups: Vec<(&str, Vec<&MatchResult>)> = Vec::new();
    let mut group_of: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for r in results.iter().filter(|r| r.you().is_some()) {
        let i = *group_of.entry(r.variant.as_str()).or_insert_with(|| {
            groups.push((r.variant.as_str(), Vec::new()));
            groups.len() - 1
        });
        groups[i].1.push(r);
    }
    groups
        .into_iter()
        .map(|(v, rs)| {
            let mine = |r: &MatchResult| r.you().map_or(0, |s| r.score(s));
            let better = |r: &MatchResult, a: i32, b: i32| {
                if r.higher_is_better {
                    a > b
                } else {
                    a < b
                }
            };
            let mut best: Option<(i32, String)> = None;
            let mut worst: Option<(i32, String)> = None;
            for r in &rs {
                let m = mine(r);
                if best.as_ref().is_none_or(|(b, _)| better(r, m, *b)) {
                    best = Some((m, r.id.clone()));
                }
                if worst.as_ref().is_none_or(|(w, _)| better(r, *w, m)) {
                    worst = Some((m, r.id.clone()));
                }
            }
            let per_deal: f64 = rs
                .iter()
                .map(|r| f64::from(mine(r)) / f64::from(r.deals))
                .sum::<f64>()
                / rs.len().max(1) as f64;
            let mut opponents: Vec<(BotLevel, usize)> = Vec::new();
            for level in [
                BotLevel::Easy,
                BotLevel::Greedy,
                BotLevel::Normal,
                BotLevel::Hard,
            ] {
                let n = rs
                    .iter()
                    .flat_map(|r| r.kinds.iter())
                    .filter(|k| k.bot_level() == Some(level))
                    .count();
                if n > 0 {
                    opponents.push((level, n));
                }
            }
            Summary {
                variant: v.to_string(),
                played: rs.len(),
                won: rs.iter().filter(|r| r.won()).count(),
                avg_deal_points: per_deal,
                best,
                worst,
                opponents,
            }
        })
        .collect()
}

/// A text cell (game, match id, player name) for a spreadsheet: separators, quotes and line
/// breaks become spaces, and a cell a spreadsheet would take for a formula (it starts with
/// `=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'` and quotes, so it stays
/// text. Number cells (date, seat, score, place, deals) are written from numbers and stay
/// numbers: a negative score is a genuine `-12`, not neutralised, so sums still work.
fn text_cell(s: &str) -> String {
    let clean = s.replace([';', '\n', '\r', '"'], " ");
    if s.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("\"'{clean}\"")
    } else {
        clean
    }
}

/// The results as CSV (one line per match and seat), for a spreadsheet.
pub fn to_csv(results: &[MatchResult], game_name: impl Fn(&str) -> String) -> String {
    let mut out = String::from("date_ms;game;match;seat;player;kind;score;place;deals\n");
    for r in results {
        for seat in 0..r.scores.len() {
            let kind = r.kinds.get(seat).map_or("human", |k| k.code());
            out.push_str(&format!(
                "{};{};{};{};{};{};{};{};{}\n",
                r.finished_ms,
                text_cell(&game_name(&r.variant)),
                text_cell(&r.id),
                seat + 1,
                text_cell(r.names.get(seat).map_or("", String::as_str)),
                kind,
                r.score(seat),
                r.place(seat),
                r.deals
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn st(scores: &[i32], higher: bool) -> Vec<Standing> {
        engine::game::places(scores, higher)
    }

    fn result(id: &str, variant: &str, scores: &[i32], higher: bool, deals: u32) -> MatchResult {
        let kinds = [
            SeatKind::Human,
            SeatKind::Bot(BotLevel::Normal),
            SeatKind::Bot(BotLevel::Hard),
        ];
        let names: Vec<String> = ["Anna", "Ben", "Cara"].map(String::from).to_vec();
        MatchResult::new(
            id,
            variant,
            0,
            &names[..scores.len()],
            &kinds[..scores.len()],
            &st(scores, higher),
            deals,
        )
    }

    #[test]
    fn a_match_with_hints_says_so_and_older_results_read_as_without() {
        let mut r = result("h", "romme", &[10, 20], false, 2);
        let plain = serde_json::to_string(&r).expect("json");
        assert!(
            !plain.contains("hints"),
            "nothing written for a match without hints"
        );
        r.hints = true;
        let with = serde_json::to_string(&r).expect("json");
        let back: MatchResult = serde_json::from_str(&with).expect("read");
        assert!(back.hints);
        let old: MatchResult = serde_json::from_str(&plain).expect("read");
        assert!(!old.hints);
    }

    #[test]
    fn a_summary_counts_wins_averages_and_best_and_worst() {
        let rs = [
            result("a", "romme", &[10, 40, 60], false, 2),
            result("b", "romme", &[80, 20, 30], false, 4),
            result("c", "abluxxen", &[30, 20, 10], true, 1),
        ];
        assert!(!rs[0].higher_is_better && rs[2].higher_is_better);
        let s = summarize(&rs);
        assert_eq!(s.len(), 2);
        let romme = &s[0];
        assert_eq!((romme.played, romme.won), (2, 1));
        assert_eq!(romme.avg_deal_points, (10.0 / 2.0 + 80.0 / 4.0) / 2.0);
        assert_eq!(romme.best, Some((10, "a".into())));
        assert_eq!(romme.worst, Some((80, "b".into())));
        assert_eq!(
            romme.opponents,
            vec![(BotLevel::Normal, 2), (BotLevel::Hard, 2)]
        );
        assert_eq!((s[1].played, s[1].won), (1, 1));
        assert_eq!(s[1].best, Some((30, "c".into())));
    }

    #[test]
    fn bots_only_matches_are_not_counted_and_csv_has_a_line_per_seat() {
        let mut r = result("x", "karussell", &[10, 20], true, 3);
        r.kinds = vec![SeatKind::Bot(BotLevel::Easy); 2];
        assert!(summarize(std::slice::from_ref(&r)).is_empty());
        let csv = to_csv(&[r], |v| format!("Spiel {v}"));
        assert_eq!(csv.lines().count(), 3);
        assert!(csv.lines().nth(2).unwrap().ends_with(";easy;20;1;3"));
    }

    fn json(r: &MatchResult) -> String {
        serde_json::to_string(r).unwrap()
    }

    #[test]
    fn one_unreadable_or_inconsistent_entry_is_skipped_and_kept_in_its_place() {
        let a = result("a", "romme", &[10, 40, 60], false, 2);
        let b = result("b", "romme", &[80, 20, 30], false, 4);
        let unknown = json(&a)
            .replace("\"id\":\"a\"", "\"id\":\"u\"")
            .replace("\"hard\"", "\"legendary\"");
        assert_ne!(unknown, json(&a).replace("\"id\":\"a\"", "\"id\":\"u\""));
        let mut short = b.clone();
        short.id = "s".into();
        short.places = vec![1];
        let missing = r#"{ "id": "m", "variant": "romme" }"#;
        let text = format!(
            "[{}, {unknown} ,{},{missing}, {}]",
            json(&a),
            json(&short),
            json(&b)
        );
        let stored = parse(Some(&text));
        assert!(!stored.damaged);
        assert_eq!(stored.results(), vec![a.clone(), b.clone()]);
        assert_eq!(stored.skipped(), 3);
        assert_eq!(
            stored.entries[2],
            Entry::Kept {
                raw: json(&short),
                why: Refused::Inconsistent
            }
        );
        // Summing up and exporting never touch a seat a result lacks.
        assert_eq!(summarize(&[short.clone()])[0].played, 1);
        assert_eq!(to_csv(&[short], |v| v.to_string()).lines().count(), 4);

        // A new result: the skipped entries are written back exactly, in their place.
        let mut again = stored.clone();
        assert!(again.add(result("c", "abluxxen", &[1, 2], true, 1)));
        assert!(!again.add(result("a", "romme", &[1, 2], true, 1)));
        let out = again.encode();
        assert!(out.contains(&format!(",{unknown},")), "{out}");
        assert!(out.contains(&format!(",{missing},")), "{out}");
        let back = parse(Some(&out));
        assert_eq!(back.skipped(), 3);
        assert_eq!(back.results().len(), 3);
        assert_eq!(back.entries[..4], again.entries[..4]);
    }

    #[test]
    fn the_cap_counts_only_readable_entries() {
        let mut stored = Stored::default();
        stored.entries.push(Entry::Kept {
            raw: "{\"future\":1}".into(),
            why: Refused::Unreadable,
        });
        for i in 0..KEEP + 3 {
            assert!(stored.add(result(&format!("m{i}"), "romme", &[1, 2], false, 1)));
        }
        assert_eq!(stored.results().len(), KEEP);
        assert_eq!(stored.skipped(), 1);
        assert_eq!(stored.results()[0].id, "m3");
        assert!(matches!(stored.entries[0], Entry::Kept { .. }));
    }

    #[test]
    fn a_value_that_is_not_a_list_is_moved_aside_before_a_new_list_is_written() {
        assert_eq!(parse(None), Stored::default());
        assert_eq!(parse(Some("[]")).entries.len(), 0);
        assert_eq!(parse(Some(" [ ] ")).entries.len(), 0);
        for bad in ["", "{", "{\"a\":[1]}", "17", "[1,", "[{\"a\":\"],\"}"] {
            let s = parse(Some(bad));
            assert!(s.damaged && s.entries.is_empty(), "{bad}");
        }
        // A string holding brackets and commas stays one entry.
        let odd = parse(Some(r#"["a,]\"[{", {"x":"}],"}, [1,[2,3]]]"#));
        assert_eq!(odd.skipped(), 3);

        storage::set(KEY, "{kaputt");
        storage::remove(DAMAGED_KEY);
        assert!(!has_backup());
        assert!(load().damaged);
        assert!(record(result("x", "romme", &[5, 7], false, 1)));
        assert_eq!(storage::get(DAMAGED_KEY).as_deref(), Some("{kaputt"));
        assert!(has_backup());
        assert_eq!(load().results().len(), 1);
        // A second damaged value does not overwrite the first backup.
        storage::set(KEY, "\"anders\"");
        assert!(record(result("y", "romme", &[5, 7], false, 1)));
        assert_eq!(storage::get(DAMAGED_KEY).as_deref(), Some("{kaputt"));
        let second = format!("{DAMAGED_KEY}.2");
        assert_eq!(storage::get(&second).as_deref(), Some("\"anders\""));
        // An inconsistent result is not stored.
        let mut bad = result("z", "romme", &[5, 7], false, 1);
        bad.places.clear();
        assert!(!record(bad));
        assert_eq!(load().results().len(), 1);
        for k in [KEY, DAMAGED_KEY, &second] {
            storage::remove(k);
        }
    }

    #[test]
    fn csv_text_cells_are_never_formulas_and_negative_scores_stay_numbers() {
        let mut r = result("=HYPERLINK(1)", "romme", &[-12, 30], false, 1);
        r.names = vec!["=2+3".into(), "@SUM(A1)".into()];
        let csv = to_csv(&[r.clone()], |_| "+Spiel".into());
        let first = csv.lines().nth(1).unwrap();
        let cells: Vec<&str> = first.split(';').collect();
        assert_eq!(cells[1], "\"'+Spiel\"");
        assert_eq!(cells[2], "\"'=HYPERLINK(1)\"");
        assert_eq!(cells[4], "\"'=2+3\"");
        assert_eq!(cells[6], "-12");
        let second = csv.lines().nth(2).unwrap();
        assert!(second.contains(";\"'@SUM(A1)\";"), "{second}");
        for (name, cell) in [
            ("-x", "\"'-x\""),
            ("\tx", "\"'\tx\""),
            ("\r=1", "\"' =1\""),
            ("a;b\"c", "a b c"),
            ("Anna", "Anna"),
        ] {
            assert_eq!(text_cell(name), cell, "{name:?}");
        }
    }
}
