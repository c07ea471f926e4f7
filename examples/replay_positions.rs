//! Writes `tests/e2e/fixtures/replay.json` for the replay's end-to-end test: a running
//! Rommé game (the wave-4 fixture: one person against two bots, in its first deal) and, for
//! every step of its replay, the faces of the cards its person may see then (the cards in
//! `view(0)`, as the board's cards name them in `data-face`). The replay of a running game
//! must never show more of any face.
//!
//! `cargo run --example replay_positions`

use engine::romme::Romme;
use engine::save::{load_file, read_file};
use engine::{Card, Game};
use serde_json::Value;

/// Every card serialised in `value`, by its face as the board writes it.
fn faces(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if map.contains_key("id") && map.contains_key("face") {
                if let Ok(card) = serde_json::from_value::<Card>(value.clone()) {
                    out.push(card.face.to_string());
                    return;
                }
            }
            map.values().for_each(|v| faces(v, out));
        }
        Value::Array(items) => items.iter().for_each(|v| faces(v, out)),
        _ => {}
    }
}

fn main() {
    let path = "crates/engine/tests/fixtures/romme.wave4.save.json";
    let text = std::fs::read_to_string(path).expect("fixture");
    let (record, _, meta) = load_file::<Romme>(read_file(&text).expect("read")).expect("load");
    assert!(
        meta.seat_kinds[0].is_human() && !meta.finished,
        "a running game of one person"
    );
    let mut game = record.start().expect("start");
    let mut visible = Vec::new();
    let mut see = |g: &Romme| {
        let mut out = Vec::new();
        faces(&serde_json::to_value(g.view(0)).expect("view"), &mut out);
        out.sort();
        visible.push(out);
    };
    see(&game);
    for (seat, action) in &record.log {
        game.apply(*seat, action).expect("replay");
        see(&game);
    }
    let out = serde_json::json!({ "running": { "save": text, "visible": visible } });
    let file = "tests/e2e/fixtures/replay.json";
    std::fs::write(file, serde_json::to_string(&out).expect("json")).expect("write");
    println!("{file}: {} steps", visible.len());
}
