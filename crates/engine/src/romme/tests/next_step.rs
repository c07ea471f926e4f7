//! A table that never misleads: every refusal that names a next step ("erst ziehen", "den
//! Joker noch auslegen", "die Eröffnung vervollständigen") names one that is legal there.
//!
//! Seeded playouts walk every phase of every preset; at every decision each kind of action
//! is tried by the seat to move and by another seat (on a copy), and each refusal is
//! checked against the legal actions.

use super::playout::Policy;
use crate::card::CardId;
use crate::game::{Game, Moment, Seat};
use crate::rng::GameRng;
use crate::romme::RuleError;
use crate::romme::*;

/// One attempt of every kind `seat` could make from what it sees.
fn attempts(g: &Romme, seat: Seat) -> Vec<RommeAction> {
    let v = g.view(seat);
    let hand: Vec<CardId> = v.hand.iter().map(|c| c.id).collect();
    let mut out = vec![
        RommeAction::DrawTalon,
        RommeAction::DrawDiscard,
        RommeAction::UndoTurn,
        RommeAction::DeclareRomme,
        RommeAction::DeclineRomme,
        RommeAction::Buy,
        RommeAction::PassBuy,
        RommeAction::NextDeal,
    ];
    let mut placeable = hand.clone();
    placeable.extend(v.freed_jokers.iter().map(|c| c.id));
    for &c in placeable.iter().rev().take(3) {
        out.push(RommeAction::Discard { card: c });
        if let Some(m) = v.table.first() {
            out.push(RommeAction::LayOff {
                card: c,
                meld: m.id,
            });
            out.push(RommeAction::ExchangeJoker {
                card: c,
                meld: m.id,
            });
        }
    }
    if placeable.len() >= 3 {
        out.push(RommeAction::Meld {
            cards: placeable[..3].to_vec(),
            hint: None,
        });
    }
    out
}

/// Whether the refusal `e` of an attempt names a next step, and if so whether one such
/// step is legal for the seat that decides now.
fn check(g: &Romme, e: &RuleError) -> Result<(), String> {
    let decider = g.to_move();
    let legal = decider.map(|s| g.legal_actions(s)).unwrap_or_default();
    let any = |f: &dyn Fn(&RommeAction) -> bool| legal.iter().any(f);
    let discard = |a: &RommeAction| matches!(a, RommeAction::Discard { .. });
    let undo = |a: &RommeAction| *a == RommeAction::UndoTurn;
    let places = |card: CardId| {
        move |a: &RommeAction| match a {
            RommeAction::Meld { cards, .. } => cards.contains(&card),
            RommeAction::LayOff { card: c, .. } => *c == card,
            RommeAction::Rob(r) => r.melds.iter().any(|m| m.contains(&card)),
            _ => false,
        }
    };
    let ok = match e {
        RuleError::WrongPhase { expected } => match expected {
            Moment::Draw => any(&|a| {
                matches!(
                    a,
                    RommeAction::DrawTalon | RommeAction::DrawDiscard | RommeAction::Rob(_)
                )
            }),
            Moment::Play | Moment::Discard | Moment::AfterDiscard => any(&discard),
            Moment::Claim => any(&|a| *a == RommeAction::PassBuy),
            Moment::Declare => any(&|a| *a == RommeAction::DeclareRomme),
            Moment::DealOver => any(&|a| *a == RommeAction::NextDeal),
            Moment::PileEmpty => true,
        },
        RuleError::NotYourDecision { expected, .. } => *expected == decider,
        RuleError::Game(r) => match r {
            RommeError::FreedJokerMustBePlaced { joker } => any(&places(*joker)) || any(&undo),
            RommeError::DiscardMustBeMelded { card }
            | RommeError::DiscardMustGoIntoNewMeld { card } => any(&places(*card)) || any(&undo),
            // Another card, or (the taken card being the last) placing it or undoing.
            RommeError::CannotDiscardTakenCard { card } => {
                any(&discard) || any(&places(*card)) || any(&undo)
            }
            RommeError::OpeningTooLow { .. } => any(&|a| {
                undo(a) || matches!(a, RommeAction::Meld { .. } | RommeAction::LayOff { .. })
            }),
            RommeError::MustDiscardToGoOut => any(&discard),
            _ => true,
        },
        _ => true,
    };
    if ok {
        Ok(())
    } else {
        Err(format!("{e:?} names no legal step; legal: {legal:?}"))
    }
}

#[test]
fn every_refusal_names_a_step_that_is_legal_there() {
    let mut seen: Vec<String> = Vec::new();
    for preset in Preset::ALL {
        for (seed, seats) in [(11u64, 2usize), (12, 3), (13, 4)] {
            let mut g = Romme::new(&preset.options(), seats, seed).expect("new");
            let mut policy = Policy {
                rng: GameRng::seed_from_u64(seed ^ 0x5eed),
                undone: false,
            };
            for step in 0..900 {
                let Some(s) = g.to_move() else { break };
                let legal = g.legal_actions(s);
                for seat in [s, (s + 1) % seats] {
                    for a in attempts(&g, seat) {
                        if seat == s && legal.contains(&a) {
                            continue;
                        }
                        if let Err(e) = g.clone().apply(seat, &a) {
                            seen.push(format!("{e:?}").chars().take(24).collect());
                            check(&g, &e).unwrap_or_else(|m| {
                                panic!("{preset:?} seed {seed} step {step}: {a:?} by {seat}: {m}")
                            });
                        }
                    }
                }
                let a = policy.choose(&g, &legal);
                g.apply(s, &a).expect("legal");
            }
        }
    }
    // The walk reached the moments that matter.
    seen.sort();
    seen.dedup();
    for wanted in [
        "WrongPhase { expected: D",
        "WrongPhase { expected: P",
        "Game(FreedJokerMustBePla",
        "Game(OpeningTooLow { nee",
        "Game(DiscardMustGoIntoNe",
        "NotYourDecision { seat: ",
    ] {
        assert!(
            seen.iter().any(|s| s.starts_with(wanted)),
            "{wanted} never seen in {seen:?}"
        );
    }
}
