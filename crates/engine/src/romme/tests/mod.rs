//! Rommé tests: worked examples, one test per option, buying, robbing, undo, scoring and
//! seeded random playouts with invariant checks.

/// `ok!(g, seat, action)`: applies an action that must be accepted (the action is
/// evaluated before `g` is borrowed mutably).
macro_rules! ok {
    ($g:ident, $seat:expr, $a:expr) => {{
        let a = $a;
        $crate::romme::tests::ok(&mut $g, $seat, a)
    }};
}

/// `rejected!(g, seat, action)`: applies an action that must be rejected without change.
macro_rules! rejected {
    ($g:ident, $seat:expr, $a:expr) => {{
        let a = $a;
        $crate::romme::tests::rejected(&mut $g, $seat, a)
    }};
}

mod buying;
mod examples;
mod harness;
mod next_step;
mod options;
mod playout;
mod robbing;
mod seed_rules;
mod turns;

use crate::card::{CardId, Face, Suit};
use crate::game::{Game, Seat};
use crate::romme::RuleError;
use crate::romme::*;

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

/// A position: `hands[i]` as face lists, seat `turn` about to draw with `talon_top` on top.
pub(super) fn setup(hands: &[&str], talon_top: &str, discard: &str, turn: Seat) -> Setup {
    Setup {
        hands: hands.iter().map(|h| faces(h)).collect(),
        talon_top: faces(talon_top),
        discard: faces(discard),
        dealer: (turn + hands.len() - 1) % hands.len(),
        turn,
        ..Setup::default()
    }
}

pub(super) fn build(opts: &RommeOptions, s: &Setup) -> Romme {
    Romme::from_parts(opts, s, 7).expect("setup")
}

/// The id of the first card with this face in `seat`'s hand.
pub(super) fn id(g: &Romme, seat: Seat, face: &str) -> CardId {
    let f = fc(face);
    g.deal_state().hands[seat]
        .iter()
        .find(|c| c.face == f)
        .unwrap_or_else(|| panic!("seat {seat} has no {face}"))
        .id
}

pub(super) fn ids(g: &Romme, seat: Seat, list: &str) -> Vec<CardId> {
    let mut out: Vec<CardId> = Vec::new();
    for f in list.split_whitespace() {
        let face = fc(f);
        let c = g.deal_state().hands[seat]
            .iter()
            .find(|c| c.face == face && !out.contains(&c.id))
            .unwrap_or_else(|| panic!("seat {seat} has no {f}"));
        out.push(c.id);
    }
    out
}

/// The id of a table card with this face.
pub(super) fn table_id(g: &Romme, face: &str) -> CardId {
    let f = fc(face);
    g.deal_state()
        .table
        .iter()
        .flat_map(|m| m.meld.cards.iter())
        .find(|p| p.card.face == f)
        .unwrap_or_else(|| panic!("no {face} on the table"))
        .card
        .id
}

pub(super) fn ok(g: &mut Romme, seat: Seat, a: RommeAction) -> Vec<RommeEvent> {
    assert!(
        g.legal_actions(seat).contains(&a) || !matches!(a, RommeAction::Discard { .. }),
        "{a:?} is not listed"
    );
    g.apply(seat, &a)
        .unwrap_or_else(|e| panic!("{a:?} by {seat} rejected: {e:?}"))
}

/// Applies an action that must be rejected; checks the state is byte-identical.
pub(super) fn rejected(g: &mut Romme, seat: Seat, a: RommeAction) -> RuleError {
    let before = serde_json::to_string(g).expect("json");
    let e = g.apply(seat, &a).expect_err("must be rejected");
    assert_eq!(
        serde_json::to_string(g).expect("json"),
        before,
        "{a:?} changed state"
    );
    assert!(
        !g.legal_actions(seat).contains(&a),
        "{a:?} listed but rejected"
    );
    e
}

pub(super) fn romme_err(e: RuleError) -> RommeError {
    match e {
        RuleError::Game(r) => r,
        other => panic!("expected a Rommé error, got {other:?}"),
    }
}

pub(super) fn meld(cards: Vec<CardId>) -> RommeAction {
    RommeAction::Meld { cards, hint: None }
}

pub(super) fn last_row(g: &Romme) -> &DealRow {
    g.score_sheet().rows.last().expect("a finished deal")
}
