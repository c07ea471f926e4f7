//! Migrations of older save formats. A format that has been released is frozen: the code
//! here reads it as it was written then, forever.

use super::Migrated;
use serde_json::Value;

/// Version 1 (wave 1) stored the state as a snapshot. Its layout is fixed history: Rommé kept
/// the hands in `deal.hands`, Abluxxen in `hands`, each a list of `{id, face}` cards. The
/// replay under today's rules must give the same hands.
pub(super) fn v1_checks(value: &Value) -> Migrated {
    let snapshot = value.get("snapshot").unwrap_or(&Value::Null);
    let hands = match value.get("game").and_then(Value::as_str) {
        Some("romme") => snapshot.get("deal").and_then(|d| d.get("hands")),
        Some("abluxxen") => snapshot.get("hands"),
        _ => None,
    };
    Migrated {
        from_version: 1,
        hands: hands.and_then(card_ids_per_seat),
    }
}

fn card_ids_per_seat(hands: &Value) -> Option<Vec<Vec<u16>>> {
    hands
        .as_array()?
        .iter()
        .map(|hand| {
            let mut ids = hand
                .as_array()?
                .iter()
                .map(|c| c.get("id")?.as_u64().and_then(|n| u16::try_from(n).ok()))
                .collect::<Option<Vec<u16>>>()?;
            crate::sort::sort(&mut ids);
            Some(ids)
        })
        .collect()
}
