//! Profi-Sort tests: every task shape legal and illegal, every extension rule, the turn
//! rules as scripted scenarios, the worked example, and seeded playouts.

mod ends;
mod extend;
mod playout;
mod shapes;
mod turns;

use crate::card::{Card, CardId, Face, Suit};
use crate::profisort::*;
use std::cell::Cell;

thread_local! {
    static NEXT_ID: Cell<u16> = const { Cell::new(0) };
}

/// A face from a short name: suit letter (C, S, H, D) and rank (A, 2–10, B, D, K), or `JK`.
pub(super) fn fc(s: &str) -> Face {
    if s == "JK" {
        return Face::Joker;
    }
    let (suit, rank) = s.split_at(1);
    let suit = match suit {
        "C" => Suit::Clubs,
        "S" => Suit::Spades,
        "H" => Suit::Hearts,
        "D" => Suit::Diamonds,
        _ => panic!("bad suit in {s}"),
    };
    let rank = match rank {
        "A" => 1,
        "B" => 11,
        "D" => 12,
        "K" => 13,
        n => n.parse().expect("rank"),
    };
    Face::french(rank, suit)
}

/// Cards with fresh ids (distinct within a test).
pub(super) fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace()
        .map(|f| {
            let id = NEXT_ID.with(|n| {
                let v = n.get();
                n.set(v + 1);
                v
            });
            Card {
                id: CardId(id),
                face: fc(f),
            }
        })
        .collect()
}

pub(super) fn parts(ps: &[&str]) -> Vec<Vec<Card>> {
    ps.iter().map(|p| cards(p)).collect()
}

/// Checks `ps` as task `task` with the default options.
pub(super) fn lay(task: u8, ps: &[&str]) -> Result<Vec<Part>, ProfiSortError> {
    check_layout(task, shape(task).unwrap(), &parts(ps), true)
}

/// A two- or three-player position: seat `turn` has drawn (`drawn`) or is about to draw.
pub(super) fn game(hands: &[&str], turn: usize, drawn: bool) -> ProfiSort {
    let n = hands.len();
    ProfiSort::from_setup(
        &ProfiSortOptions::default(),
        Setup {
            hands: hands.iter().map(|h| cards(h)).collect(),
            talon: cards("C5 C6 C7 C8 C9 C10"),
            turn,
            drawn,
            opened: vec![false; n],
            ..Setup::default()
        },
    )
    .unwrap()
}
