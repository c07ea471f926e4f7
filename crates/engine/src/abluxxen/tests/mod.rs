//! Scenario tests: the worked examples of the rules, the luxx procedure and each option.

mod examples;
mod fuzz;
mod rules;

use super::*;
use crate::card::{CardId, Face};
use AbluxxenAction as A;

pub(super) const X: Face = Face::LuxJoker;

pub(super) fn n(v: u8) -> Face {
    Face::Lux(v)
}

pub(super) fn faces(vs: &[u8]) -> Vec<Face> {
    vs.iter().map(|&v| if v == 14 { X } else { n(v) }).collect()
}

/// Ids of the first `count` cards of `face` in `seat`'s hand.
pub(super) fn ids(g: &Abluxxen, seat: Seat, face: Face, count: usize) -> Vec<CardId> {
    let v: Vec<CardId> = g.hands[seat]
        .iter()
        .filter(|c| c.face == face)
        .map(|c| c.id)
        .take(count)
        .collect();
    assert_eq!(v.len(), count, "seat {seat} lacks {count}× {face:?}");
    v
}

pub(super) fn hand_values(g: &Abluxxen, seat: Seat) -> Vec<u8> {
    let mut v: Vec<u8> = g.hands[seat].iter().map(card_value).collect();
    v.sort_unstable();
    v
}

pub(super) fn supply_values(g: &Abluxxen) -> Vec<Vec<u8>> {
    g.supply
        .iter()
        .map(|s| s.iter().map(card_value).collect())
        .collect()
}

/// `seat` lays `count` cards of `face`.
pub(super) fn play(g: &mut Abluxxen, seat: Seat, face: Face, count: usize) -> Vec<AbluxxenEvent> {
    let cards = ids(g, seat, face, count);
    ok(g, seat, A::Play { cards })
}

pub(super) fn ok(g: &mut Abluxxen, seat: Seat, a: A) -> Vec<AbluxxenEvent> {
    g.apply(seat, &a)
        .unwrap_or_else(|e| panic!("{a:?} by {seat} rejected: {e:?}"))
}

pub(super) fn err(g: &mut Abluxxen, seat: Seat, a: A) -> RuleError {
    let before = serde_json::to_string(g).unwrap();
    let e = g.apply(seat, &a).expect_err("must be rejected");
    assert_eq!(serde_json::to_string(g).unwrap(), before);
    e
}

pub(super) fn check_conservation(g: &Abluxxen) {
    let mut all = g.audit().all;
    all.sort_unstable();
    assert_eq!(all, (0..109).map(CardId).collect::<Vec<_>>());
}
