//! Who sits at the table before a game starts: a name and a kind (human, or a bot of a
//! level) per seat. Used by the setup page and by the games' setup panels.

use engine::{BotLevel, SeatKind};

pub const DEFAULT_BOT: SeatKind = SeatKind::Bot(BotLevel::Normal);

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SeatConfig {
    pub name: String,
    pub kind: SeatKind,
}

pub const BOT_NAMES: [&str; 6] = ["Anna", "Ben", "Cara", "Dieter", "Emma", "Fritz"];

pub fn default_seats(n: usize) -> Vec<SeatConfig> {
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
                    kind: DEFAULT_BOT,
                }
            }
        })
        .collect()
}
