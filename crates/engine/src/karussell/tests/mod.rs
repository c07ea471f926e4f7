//! Karussell tests: every rule as a scripted scenario, the worked examples of
//! `rules/manipulation.md`, and seeded playouts through `crate::harness`.

mod examples;
mod melds;
mod playout;
mod turns;

use crate::card::{CardId, Face, Suit};
use crate::game::{Game, Seat};
use crate::karussell::*;

/// A face from a short name: suit letter (C, S, H, D) and rank (A, 2–10, B, D, K), or
/// `JK` for a joker. E.g. `H7`, `SD`, `CA`.
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
        "B" | "J" => 11,
        "D" | "Q" => 12,
        "K" => 13,
        n => n.parse().expect("rank"),
    };
    Face::french(rank, suit)
}

pub(super) fn faces(s: &str) -> Vec<Face> {
    s.split_whitespace().map(fc).collect()
}

/// A position: hands and table melds by faces (`JK` takes the next of `jokers_as`), seat
/// `turn` about to draw with `stock_top` on top of the stock.
pub(super) fn build(
    opts: &KarussellOptions,
    hands: &[&str],
    table: &[&str],
    jokers_as: &str,
    stock_top: &str,
    turn: Seat,
) -> Karussell {
    let n = hands.len();
    let s = Setup {
        hands: hands.iter().map(|h| faces(h)).collect(),
        table: table.iter().map(|m| faces(m)).collect(),
        jokers_as: faces(jokers_as),
        stock_top: faces(stock_top),
        dealer: (turn + n - 1) % n,
        turn,
        ..Setup::default()
    };
    Karussell::from_parts(opts, &s, 7).expect("setup")
}

/// The ids of cards in `seat`'s hand, by faces (each card once).
pub(super) fn ids(g: &Karussell, seat: Seat, list: &str) -> Vec<CardId> {
    let mut out: Vec<CardId> = Vec::new();
    for f in list.split_whitespace() {
        let face = fc(f);
        let c = g.round_state().hands[seat]
            .iter()
            .find(|c| c.face == face && !out.contains(&c.id))
            .unwrap_or_else(|| panic!("seat {seat} has no {f}"));
        out.push(c.id);
    }
    out
}

pub(super) fn id(g: &Karussell, seat: Seat, face: &str) -> CardId {
    ids(g, seat, face)[0]
}

/// The id of the table card with this face (`JK` for the first table joker).
pub(super) fn tid(g: &Karussell, face: &str) -> CardId {
    let f = fc(face);
    g.round_state()
        .table
        .iter()
        .flatten()
        .find(|t| t.card.face == f)
        .unwrap_or_else(|| panic!("no {face} on the table"))
        .card
        .id
}

/// The current table as slots (to be changed by a test).
pub(super) fn table(g: &Karussell) -> Vec<Vec<Slot>> {
    slots_of(&g.round_state().table)
}

pub(super) fn cards(list: &[CardId]) -> Vec<Slot> {
    list.iter().copied().map(Slot::card).collect()
}

pub(super) fn meld(table: Vec<Vec<Slot>>) -> KarussellAction {
    KarussellAction::Meld { table }
}

pub(super) fn ok(g: &mut Karussell, seat: Seat, a: KarussellAction) -> Vec<KarussellEvent> {
    g.apply(seat, &a)
        .unwrap_or_else(|e| panic!("{a:?} by {seat} rejected: {e:?}"))
}

/// Applies an action that must be rejected; checks the state is unchanged.
pub(super) fn rejected(g: &mut Karussell, seat: Seat, a: KarussellAction) -> RuleError {
    let before = serde_json::to_string(g).expect("json");
    let e = g.apply(seat, &a).expect_err("must be rejected");
    assert_eq!(serde_json::to_string(g).expect("json"), before);
    assert!(!g.legal_actions(seat).contains(&a), "{a:?} listed");
    e
}

pub(super) fn kerr(e: RuleError) -> KarussellError {
    match e {
        RuleError::Game(k) => k,
        other => panic!("expected a Karussell error, got {other:?}"),
    }
}

/// Draws once for `seat`.
pub(super) fn draw(g: &mut Karussell, seat: Seat) {
    ok(g, seat, KarussellAction::Draw);
}

/// A `Meld` of the hand cards `list` as a new meld appended to the table.
pub(super) fn hm(g: &Karussell, seat: Seat, list: &str) -> KarussellAction {
    let mut t = table(g);
    t.push(cards(&ids(g, seat, list)));
    meld(t)
}
