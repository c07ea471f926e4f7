//! The save metadata of the examples' bot games: Anna at seat 0, normal bots "Bot 1" … after
//! her, fixed times (fixtures written today and later stay byte-identical).

use engine::save::SaveMeta;
use engine::{BotLevel, SeatKind};

pub fn sample_meta(title: &str, variant: &str, seats: usize, by_link: bool) -> SaveMeta {
    SaveMeta {
        title: title.to_string(),
        created_ms: 1_795_000_000_000,
        updated_ms: 1_795_000_100_000,
        player_names: (0..seats)
            .map(|s| match s {
                0 => "Anna".to_string(),
                s => format!("Bot {s}"),
            })
            .collect(),
        variant: variant.to_string(),
        seat_kinds: (0..seats)
            .map(|s| match s {
                0 => SeatKind::Human,
                _ => SeatKind::Bot(BotLevel::Normal),
            })
            .collect(),
        finished: false,
        by_link,
        again: None,
        hints: None,
        hints_used: false,
    }
}
