//! Options of an Abluxxen match.

use serde::{Deserialize, Serialize};

/// Options chosen on the setup screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AbluxxenOptions {
    /// 2022 edition: a player who luxxed nobody may draw one card (supply or pile).
    pub draw_if_no_luxx: bool,
    /// Games in the match; scores are summed. The start player rotates each game.
    pub rounds: u8,
    /// Profiduell: exactly 2 players plus the shadow.
    pub profiduell: bool,
}

impl Default for AbluxxenOptions {
    fn default() -> Self {
        AbluxxenOptions {
            draw_if_no_luxx: false,
            rounds: 1,
            profiduell: false,
        }
    }
}

/// Base game limits.
pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 5;
/// Cards in each hand at the start of a game.
pub const HAND_SIZE: usize = 13;
/// Places in the open supply.
pub const SUPPLY_SLOTS: usize = 6;
/// Cards the shadow shows (Profiduell).
pub const SHADOW_SIZE: usize = 13;
/// Most rounds a match may have.
pub const MAX_ROUNDS: u8 = 20;
