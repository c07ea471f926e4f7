//! Karussell options (every knob of `rules/manipulation.md`).

use super::RuleError;
use crate::card::DeckSpec;
use crate::game::{check_players, out_of_range, OptionLimit};
use crate::penalty::PenaltyTable;
use serde::{Deserialize, Serialize};

/// Every option of Karussell. `Default` is the rules' default game; an option missing from
/// a stored record (added by a later build) takes its default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct KarussellOptions {
    /// Jokers in the deck. `None`: by the number of players (1 with 2 players and one pack,
    /// 2 with 3–5 players and two packs).
    pub jokers: Option<u8>,
    /// Cards dealt to each player.
    pub hand_size: u8,
    /// A player whose hand is worth at most this much may knock at the end of his turn.
    pub knock_limit: u8,
    /// A meld ends the turn. `false`: after a meld the player may meld again and then ends
    /// his turn with `Pass` (he never draws again in that turn).
    pub meld_ends_turn: bool,
    /// The match ends when a total reaches this.
    pub target: u32,
    /// `true`: at the match end every player gets +25 per round won. `false` (the seed's
    /// "Jeder andere Spieler"): only the players below `target` get it.
    pub round_bonus_for_all: bool,
    /// UI house rule: solver hints and the "you can still place N cards" indicator. The
    /// engine only carries it.
    pub hints: bool,
}

impl Default for KarussellOptions {
    fn default() -> Self {
        KarussellOptions {
            jokers: None,
            hand_size: 10,
            knock_limit: 5,
            meld_ends_turn: true,
            target: 150,
            round_bonus_for_all: false,
            hints: true,
        }
    }
}

/// Karussell's penalty values: joker 25, B/D/K 10, 2–10 face value, ace 1.
pub const PENALTIES: PenaltyTable = PenaltyTable {
    ace: 1,
    court: 10,
    pips: None,
    joker: 25,
};

impl KarussellOptions {
    pub const MIN_PLAYERS: usize = 2;
    pub const MAX_PLAYERS: usize = 5;

    /// French packs used with `seats` players: one for two players, otherwise two.
    pub fn packs(seats: usize) -> u8 {
        if seats <= 2 {
            1
        } else {
            2
        }
    }

    /// The number of jokers with `seats` players.
    pub fn jokers_for(&self, seats: usize) -> u8 {
        self.jokers.unwrap_or(Self::packs(seats))
    }

    /// The deck with `seats` players.
    pub fn deck(&self, seats: usize) -> DeckSpec {
        DeckSpec::French {
            packs: Self::packs(seats),
            jokers: self.jokers_for(seats),
        }
    }

    /// Hand values: joker 25, B/D/K 10, 2–10 face value, ace 1.
    pub fn penalty_table(&self) -> PenaltyTable {
        PENALTIES
    }

    /// Checks the options for `seats` players.
    pub fn validate(&self, seats: usize) -> Result<(), RuleError> {
        check_players(seats, Self::MIN_PLAYERS, Self::MAX_PLAYERS)?;
        if self.jokers.is_some_and(|j| j > 8) {
            return Err(out_of_range("jokers", 0, 8));
        }
        if !(1..=20).contains(&self.hand_size) {
            return Err(out_of_range("hand_size", 1, 20));
        }
        // At least one card must be left for the stock.
        if seats * self.hand_size as usize + 1 > self.deck(seats).len() {
            return Err(RuleError::BadOption {
                option: "hand_size".into(),
                limit: OptionLimit::NotEnoughCards,
            });
        }
        if self.knock_limit > 50 {
            return Err(out_of_range("knock_limit", 0, 50));
        }
        if !(1..=100_000).contains(&self.target) {
            return Err(out_of_range("target", 1, 100_000));
        }
        Ok(())
    }
}
