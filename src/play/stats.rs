//! Looking back: every finished match leaves a short result in storage (kept when its save
//! is deleted), and the statistics page sums them up per game and preset.

use super::storage;
use engine::{BotLevel, Seat, SeatKind, Standing};
use serde::{Deserialize, Serialize};

/// The storage key of the results (a JSON list, newest last).
pub const KEY: &str = "kartenrunde.stats.v1";

/// At most this many results are kept (the oldest go first).
const KEEP: usize = 500;

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
                places[st.seat] = st.place;
            }
        }
        // The winner's score is the best one: that tells the direction.
        let best = standings.iter().filter(|s| s.place == 1).map(|s| s.score);
        let higher_is_better = best.clone().all(|b| standings.iter().all(|s| s.score <= b));
        MatchResult {
            id: id.to_string(),
            variant: variant.to_string(),
            finished_ms,
            names: names.to_vec(),
            kinds: kinds.to_vec(),
            scores,
            places,
            deals: deals.max(1),
            higher_is_better,
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
        self.humans().iter().any(|&s| self.places[s] == 1)
    }
}

/// All stored results (an unreadable list counts as none; it is replaced by the next).
pub fn load() -> Vec<MatchResult> {
    storage::get(KEY)
        .and_then(|json| serde_json::from_str(&json).ok())
        .unwrap_or_default()
}

/// Adds the result of a match that has just finished (once per match id).
pub fn record(result: MatchResult) {
    let mut all = load();
    if all.iter().any(|r| r.id == result.id) {
        return;
    }
    all.push(result);
    let skip = all.len().saturating_sub(KEEP);
    all.drain(..skip);
    if let Ok(json) = serde_json::to_string(&all) {
        storage::set(KEY, &json);
    }
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
pub fn summarize(results: &[MatchResult]) -> Vec<Summary> {
    let mut variants: Vec<&str> = Vec::new();
    for r in results {
        if r.you().is_some() && !variants.contains(&r.variant.as_str()) {
            variants.push(&r.variant);
        }
    }
    variants
        .into_iter()
        .map(|v| {
            let rs: Vec<&MatchResult> = results
                .iter()
                .filter(|r| r.variant == v && r.you().is_some())
                .collect();
            let mine = |r: &MatchResult| r.you().map_or(0, |s| r.scores[s]);
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

/// The results as CSV (one line per match and seat), for a spreadsheet.
pub fn to_csv(results: &[MatchResult], game_name: impl Fn(&str) -> String) -> String {
    let mut out = String::from("date_ms;game;match;seat;player;kind;score;place;deals\n");
    let clean = |s: &str| s.replace([';', '\n', '"'], " ");
    for r in results {
        for seat in 0..r.scores.len() {
            let kind = r.kinds.get(seat).map_or("human", |k| k.code());
            out.push_str(&format!(
                "{};{};{};{};{};{};{};{};{}\n",
                r.finished_ms,
                clean(&game_name(&r.variant)),
                clean(&r.id),
                seat + 1,
                clean(r.names.get(seat).map_or("", String::as_str)),
                kind,
                r.scores[seat],
                r.places[seat],
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
}
