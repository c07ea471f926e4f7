//! Who sits at the table before a game starts: a name and a kind (human, or a bot of a
//! level) per seat. Used by the setup page and by the games' setup panels.

use engine::{BotLevel, SeatKind};

/// The bots' level once the player has finished a match (the first match is against
/// [`FIRST_BOT`]).
pub const DEFAULT_BOT: SeatKind = SeatKind::Bot(BotLevel::Normal);
/// The bots' level of a player's first match: a newcomer can win.
pub const FIRST_BOT: SeatKind = SeatKind::Bot(BotLevel::Easy);

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeatConfig {
    pub name: String,
    pub kind: SeatKind,
}

pub const BOT_NAMES: [&str; 6] = ["Anna", "Ben", "Cara", "Dieter", "Emma", "Fritz"];

/// `n` seats: the player first, then bots of kind `bot`.
pub fn default_seats(n: usize, bot: SeatKind) -> Vec<SeatConfig> {
    (0..n)
        .map(|i| {
            if i == 0 {
                SeatConfig {
                    name: BOT_NAMES[0].to_string(),
                    kind: SeatKind::Human,
                }
            } else {
                SeatConfig {
                    name: BOT_NAMES[i % BOT_NAMES.len()].to_string(),
                    kind: bot,
                }
            }
        })
        .collect()
}
