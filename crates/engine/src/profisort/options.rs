//! Profi-Sort options (every knob of `rules/profi-sort.md`, with its names and defaults).

use super::RuleError;
use crate::card::DeckSpec;
use crate::game::{check_players, out_of_range, OptionLimit};
use serde::{Deserialize, Serialize};

/// What happens when the talon is empty at the moment a player must draw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TalonEnd {
    /// The deal ends; every player scores his hand (the seed: "Sollte bis zum Talon-ende
    /// keiner beendet haben werden die Punkte der Karten die jeder auf der Hand hat notiert").
    #[default]
    ScoreAll,
    /// The discard pile except its top card is shuffled into a new talon, once per deal;
    /// when that talon runs out too (or leaves nothing to draw), the deal ends as with
    /// `ScoreAll`. Once only: late in a match nobody may be able to go out (10-card tasks
    /// need 11 cards), and a deal must still end.
    Reshuffle,
}

/// Every option of Profi-Sort. `Default` is the rules' default game; an option missing from
/// a stored record (added by a later build) takes its default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ProfiSortOptions {
    /// Jokers in the deck besides the two French packs. Default 8: the seed's "Rommé Spiel
    /// 2x56 Blatt" (2 × 56 = 112 cards); 6 = two standard 55-card Rommé packs (the rules
    /// file's reading).
    pub jokers: u8,
    /// Groups inside one task (tasks 1, 2, 5, 11) must have different ranks.
    pub distinct_ranks: bool,
    /// Variant: the top discard (never an ace) may be taken instead of the talon card.
    pub draw_from_discard: bool,
    /// The talon-end rule.
    pub talon_end: TalonEnd,
    /// Special points of each joker-allowed task, struck when it is laid without a joker.
    pub bonus_joker_free: u32,
    /// Special points of each task pair, struck when both tasks are done.
    pub bonus_pair: u32,
    /// The task pairs carrying `bonus_pair`.
    pub bonus_pairs: Vec<(u8, u8)>,
    /// Beginner mode: `Some(n)`: the first player to complete `n` tasks wins at once; no
    /// points are counted. `None`: the full match.
    pub beginner_tasks: Option<u8>,
    /// Sheet entries (1–15) left out of this match: they can't be laid and are not needed
    /// to finish the sheet.
    pub left_out: Vec<u8>,
}

impl Default for ProfiSortOptions {
    fn default() -> Self {
        ProfiSortOptions {
            jokers: 8,
            distinct_ranks: true,
            draw_from_discard: false,
            talon_end: TalonEnd::ScoreAll,
            bonus_joker_free: 10,
            bonus_pair: 20,
            bonus_pairs: (0..7).map(|i| (2 * i + 1, 2 * i + 2)).collect(),
            beginner_tasks: None,
            left_out: Vec::new(),
        }
    }
}

/// Cards dealt to each player.
pub const HAND_SIZE: usize = 10;

impl ProfiSortOptions {
    pub const MIN_PLAYERS: usize = 2;
    pub const MAX_PLAYERS: usize = 3;

    /// Two French packs plus `jokers`.
    pub fn deck(&self) -> DeckSpec {
        DeckSpec::French {
            packs: 2,
            jokers: self.jokers,
        }
    }

    /// Is sheet entry `task` played in this match?
    pub fn in_play(&self, task: u8) -> bool {
        (1..=15).contains(&task) && (self.left_out.is_empty() || !self.left_out.contains(&task))
    }

    /// The sheet entries played in this match.
    pub fn tasks_in_play(&self) -> Vec<u8> {
        (1..=15).filter(|&t| self.in_play(t)).collect()
    }

    /// Checks the options for `seats` players.
    pub fn validate(&self, seats: usize) -> Result<(), RuleError> {
        check_players(seats, Self::MIN_PLAYERS, Self::MAX_PLAYERS)?;
        if self.jokers > 12 {
            return Err(out_of_range("jokers", 0, 12));
        }
        if self.bonus_joker_free > 1000 {
            return Err(out_of_range("bonus_joker_free", 0, 1000));
        }
        if self.bonus_pair > 1000 {
            return Err(out_of_range("bonus_pair", 0, 1000));
        }
        let valid_task = |t: u8| (1..=15).contains(&t);
        if self.bonus_pairs.len() > 15
            || self
                .bonus_pairs
                .iter()
                .any(|&(a, b)| !valid_task(a) || !valid_task(b) || a == b)
        {
            return Err(out_of_range("bonus_pairs", 1, 15));
        }
        if self.left_out.iter().any(|&t| !valid_task(t)) {
            return Err(out_of_range("left_out", 1, 15));
        }
        let playable = self.tasks_in_play().len() as u32;
        if playable == 0 {
            return Err(RuleError::BadOption {
                option: "left_out".into(),
                limit: OptionLimit::Range { min: 0, max: 14 },
            });
        }
        if let Some(n) = self.beginner_tasks {
            if n == 0 || u32::from(n) > playable {
                return Err(out_of_range("beginner_tasks", 1, playable));
            }
        }
        Ok(())
    }
}
