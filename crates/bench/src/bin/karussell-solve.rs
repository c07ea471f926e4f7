//! Karussell solver on the command line: `cargo run -p bench --bin karussell-solve`.
//!
//! Reads one JSON object per line on stdin,
//! `{"table": [["7H","8H","9H"], ["5S","5H","JK:5D"]], "hand": ["10H","JK","2C"]}`,
//! and prints one JSON line per input: `{"placed": 2, "value": 35, "table": [[...], ...]}`
//! with the complete new table. Cards: rank `A 2..10 J Q K` + suit `S H D C`; `JK` is a joker
//! in hand, `JK:5D` a joker on the table standing for 5♦ (placed hand jokers are printed the
//! same way). A malformed line or an illegal table gives `{"error": "..."}` on that line.
//! Blank lines are skipped.

use engine::card::{Card, CardId, Face, Rank, Suit};
use engine::karussell::{solve, Solution, TableCard};
use serde_json::{json, Value};
use std::io::{BufRead, BufWriter, Write};

fn parse_face(s: &str) -> Result<Face, String> {
    let s = s.trim().to_ascii_uppercase();
    if s.len() < 2 {
        return Err(format!("bad card {s:?}"));
    }
    let (rank, suit) = s.split_at(s.len() - 1);
    let suit = match suit {
        "S" => Suit::Spades,
        "H" => Suit::Hearts,
        "D" => Suit::Diamonds,
        "C" => Suit::Clubs,
        _ => return Err(format!("bad suit in {s:?}")),
    };
    let rank = match rank {
        "A" => 1,
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        r => match r.parse::<u8>() {
            Ok(n) if (2..=10).contains(&n) => n,
            _ => return Err(format!("bad rank in {s:?}")),
        },
    };
    Ok(Face::french(rank, suit))
}

fn face_name(face: Face) -> String {
    match face {
        Face::French { rank, suit } => {
            let s = match suit {
                Suit::Spades => "S",
                Suit::Hearts => "H",
                Suit::Diamonds => "D",
                Suit::Clubs => "C",
            };
            format!("{}{s}", Rank::label_en(rank))
        }
        Face::Joker => "JK".to_string(),
        other => format!("{other}"),
    }
}

fn card_name(tc: &TableCard) -> String {
    if tc.is_joker() {
        format!("JK:{}", face_name(tc.as_face))
    } else {
        face_name(tc.card.face)
    }
}

fn strings(v: &Value, what: &str) -> Result<Vec<String>, String> {
    v.as_array()
        .ok_or(format!("{what} must be an array"))?
        .iter()
        .map(|c| {
            c.as_str()
                .map(str::to_string)
                .ok_or(format!("{what}: cards are strings"))
        })
        .collect()
}

/// Parses one input line into the table and the hand, with fresh card ids.
fn parse_line(line: &str) -> Result<(Vec<Vec<TableCard>>, Vec<Card>), String> {
    let v: Value = serde_json::from_str(line).map_err(|e| format!("bad JSON: {e}"))?;
    let obj = v.as_object().ok_or("expected a JSON object")?;
    let mut next_id = 0u16;
    let mut card = |face: Face| {
        next_id += 1;
        Card {
            id: CardId(next_id),
            face,
        }
    };
    let mut table = Vec::new();
    if let Some(t) = obj.get("table") {
        for meld in t.as_array().ok_or("table must be an array of melds")? {
            let mut m = Vec::new();
            for s in strings(meld, "meld")? {
                let upper = s.trim().to_ascii_uppercase();
                let tc = if let Some(id) = upper.strip_prefix("JK:") {
                    TableCard {
                        card: card(Face::Joker),
                        as_face: parse_face(id)?,
                    }
                } else if upper == "JK" {
                    return Err("a table joker needs its identity, e.g. JK:5D".into());
                } else {
                    TableCard::natural(card(parse_face(&upper)?))
                };
                m.push(tc);
            }
            table.push(m);
        }
    }
    let mut hand = Vec::new();
    if let Some(h) = obj.get("hand") {
        for s in strings(h, "hand")? {
            let upper = s.trim().to_ascii_uppercase();
            let face = if upper == "JK" {
                Face::Joker
            } else {
                parse_face(&upper)?
            };
            hand.push(card(face));
        }
    }
    for key in obj.keys() {
        if key != "table" && key != "hand" {
            return Err(format!("unknown key {key:?}"));
        }
    }
    Ok((table, hand))
}

fn answer(line: &str) -> Value {
    let (table, hand) = match parse_line(line) {
        Ok(x) => x,
        Err(e) => return json!({ "error": e }),
    };
    match solve(&table, &hand) {
        Ok(Solution {
            placed,
            value,
            table,
        }) => {
            let melds: Vec<Vec<String>> = table
                .iter()
                .map(|m| m.iter().map(card_name).collect())
                .collect();
            json!({ "placed": placed, "value": value, "table": melds })
        }
        Err(e) => json!({ "error": format!("{e:?}") }),
    }
}

fn main() {
    let stdin = std::io::stdin();
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let v = answer(&line);
        if writeln!(out, "{v}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
}
