//! Seeded random playouts of every preset with invariant checks after every action.

use crate::card::CardId;
use crate::game::{cards_in_json, Game, RuleError};
use crate::penalty::penalty;
use crate::rng::GameRng;
use crate::romme::*;

/// A simple policy that makes deals end: meld and lay off when possible, otherwise
/// discard the most expensive card.
struct Policy {
    rng: GameRng,
    undone: bool,
}

impl Policy {
    fn choose(&mut self, g: &Romme, legal: &[RommeAction]) -> RommeAction {
        let r = self.rng.below(100);
        let pick =
            |rng: &mut GameRng, v: &[&RommeAction]| v[rng.below(v.len() as u64) as usize].clone();
        let of =
            |f: &dyn Fn(&RommeAction) -> bool| legal.iter().filter(|a| f(a)).collect::<Vec<_>>();
        let robs = of(&|a| matches!(a, RommeAction::Rob { .. }));
        match g.phase() {
            Phase::Draw => {
                if self.undone && legal.contains(&RommeAction::DrawTalon) {
                    self.undone = false;
                    return RommeAction::DrawTalon;
                }
                if !robs.is_empty() && r < 50 {
                    return pick(&mut self.rng, &robs);
                }
                if r < 25 && legal.contains(&RommeAction::DrawDiscard) {
                    return RommeAction::DrawDiscard;
                }
                if legal.contains(&RommeAction::DrawTalon) {
                    return RommeAction::DrawTalon;
                }
                pick(&mut self.rng, &legal.iter().collect::<Vec<_>>())
            }
            Phase::Claim { .. } => {
                if r < 30 && legal.contains(&RommeAction::Buy) {
                    RommeAction::Buy
                } else {
                    RommeAction::PassBuy
                }
            }
            Phase::Play => {
                let discards = of(&|a| matches!(a, RommeAction::Discard { .. }));
                if !self.undone {
                    let melds = of(&|a| matches!(a, RommeAction::Meld { .. }));
                    if !melds.is_empty() && r < 90 {
                        // Longest meld first.
                        let best = melds
                            .iter()
                            .max_by_key(|a| match a {
                                RommeAction::Meld { cards, .. } => cards.len(),
                                _ => 0,
                            })
                            .copied();
                        if let Some(b) = best {
                            return b.clone();
                        }
                    }
                    let lays = of(&|a| matches!(a, RommeAction::LayOff { .. }));
                    if !lays.is_empty() && r < 90 {
                        return pick(&mut self.rng, &lays);
                    }
                    if !robs.is_empty() && r < 40 {
                        return pick(&mut self.rng, &robs);
                    }
                    let ex = of(&|a| matches!(a, RommeAction::ExchangeJoker { .. }));
                    if !ex.is_empty() && r < 30 {
                        return pick(&mut self.rng, &ex);
                    }
                }
                if discards.is_empty() {
                    if legal.contains(&RommeAction::UndoTurn) {
                        self.undone = true;
                        return RommeAction::UndoTurn;
                    }
                    return pick(&mut self.rng, &legal.iter().collect::<Vec<_>>());
                }
                self.undone = false;
                if r < 70 {
                    let hand = &g.deal_state().hands[g.deal_state().turn];
                    let jp = g.options().penalty_table();
                    let best = discards.iter().max_by_key(|a| match a {
                        RommeAction::Discard { card } => hand
                            .iter()
                            .find(|c| c.id == *card)
                            .map_or(0, |c| penalty(c.face, jp)),
                        _ => 0,
                    });
                    if let Some(b) = best {
                        return (*b).clone();
                    }
                }
                pick(&mut self.rng, &discards)
            }
            Phase::MayDeclare => RommeAction::DeclareRomme,
            _ => legal[0].clone(),
        }
    }
}

fn sorted_ids(mut v: Vec<CardId>) -> Vec<CardId> {
    v.sort();
    v
}

/// Checks the invariants of the current state. `deep`: also serde and views.
fn check_state(g: &Romme, deep: bool) {
    let audit = g.audit();
    let want: Vec<CardId> = (0..g.options().deck_len() as u16).map(CardId).collect();
    assert_eq!(sorted_ids(audit.all.clone()), want, "card conservation");
    let mover = g.to_move();
    for s in 0..g.seats() {
        if Some(s) != mover {
            assert!(
                g.legal_actions(s).is_empty(),
                "seat {s} has actions out of turn"
            );
        }
    }
    if let Some(m) = mover {
        // Cheap structural check of the mover's view.
        let v = g.view(m);
        let mut shown: Vec<CardId> = v.hand.iter().map(|c| c.id).collect();
        shown.extend(v.discard_top.map(|c| c.id));
        shown.extend(v.freed_jokers.iter().map(|c| c.id));
        for t in &v.table {
            shown.extend(t.meld.cards.iter().map(|p| p.card.id));
        }
        for c in &shown {
            assert!(
                !audit.hidden_from[m].contains(c),
                "view of {m} shows hidden {c:?}"
            );
        }
        assert_eq!(v.hand, g.deal_state().hands[m]);
    }
    if deep {
        let json = serde_json::to_string(g).expect("serialise");
        let back: Romme = serde_json::from_str(&json).expect("deserialise");
        assert_eq!(&back, g, "serde round trip");
        for s in 0..g.seats() {
            let v = serde_json::to_value(g.view(s)).expect("view");
            let mut seen = Vec::new();
            cards_in_json(&v, &mut seen);
            for c in &seen {
                assert!(
                    !audit.hidden_from[s].contains(c),
                    "view of {s} shows hidden {c:?}"
                );
            }
            // The view round-trips too.
            let _: RommeView = serde_json::from_value(v).expect("view round trip");
        }
    }
}

/// Applies `a`, which must be rejected, to `g` and checks `g` still equals `saved`
/// (and, when `json` is given, serialises to the same string).
fn rejects_unchanged(
    g: &mut Romme,
    saved: &Romme,
    seat: usize,
    a: &RommeAction,
    json: Option<&str>,
) -> RuleError {
    let e = match g.apply(seat, a) {
        Ok(_) => panic!("{a:?} by {seat} must be rejected"),
        Err(e) => e,
    };
    if json.is_some() {
        assert!(g == saved, "rejected {a:?} changed the state");
    }
    if let Some(b) = json {
        assert_eq!(serde_json::to_string(g).expect("json"), b);
    }
    e
}

/// Plays one single-deal game; returns the number of actions.
fn playout(opts: &RommeOptions, seats: usize, seed: u64) -> (usize, bool) {
    let mut g = Romme::new(opts, seats, seed).expect("new");
    let mut pol = Policy {
        rng: GameRng::seed_from_u64(seed ^ 0x5eed),
        undone: false,
    };
    let mut rng = GameRng::seed_from_u64(seed.wrapping_mul(31));
    let mut steps = 0;
    check_state(&g, true);
    while let Some(seat) = g.to_move() {
        assert!(steps < 4000, "seed {seed}: too long");
        let deep = steps % 50 == 0;
        let legal = g.legal_actions(seat);
        assert!(!legal.is_empty(), "seed {seed}: no legal action for {seat}");
        // A few listed actions, on a clone.
        for _ in 0..1 + legal.len() / 16 {
            let a = &legal[rng.below(legal.len() as u64) as usize];
            let mut copy = g.clone();
            if let Err(e) = copy.apply(seat, a) {
                panic!("seed {seed}: listed {a:?} rejected: {e:?}");
            }
        }
        let action = pol.choose(&g, &legal);
        // Wrong seat.
        let other = (seat + 1 + rng.below(seats as u64 - 1) as usize) % seats;
        let saved = g.clone();
        let json = if deep {
            serde_json::to_string(&g).ok()
        } else {
            None
        };
        rejects_unchanged(&mut g, &saved, other, &action, json.as_deref());
        rejects_unchanged(&mut g, &saved, seats + 1, &action, None);
        for p in saved.illegal_probes(seat) {
            rejects_unchanged(&mut g, &saved, seat, &p, None);
        }
        assert!(
            g == saved,
            "seed {seed}: a rejected action changed the state"
        );
        if let Err(e) = g.apply(seat, &action) {
            panic!("seed {seed}: chosen {action:?} rejected: {e:?}");
        }
        steps += 1;
        check_state(&g, deep);
    }
    check_state(&g, true);
    assert_eq!(g.score_sheet().rows.len(), 1);
    (steps, g.score_sheet().rows[0].winner.is_some())
}

fn run_preset(preset: Preset, games: u64) {
    let opts = RommeOptions {
        match_end: MatchEnd::Deals { count: Some(1) },
        ..preset.options()
    };
    let mut total = 0;
    let mut won = 0;
    for i in 0..games {
        let seats = 2 + (i % 5) as usize;
        let (steps, w) = playout(&opts, seats, 100_000 * preset as u64 + i);
        total += steps;
        won += usize::from(w);
    }
    eprintln!("{preset:?}: {games} games, {total} actions, {won} won");
    assert!(won * 2 > games as usize, "most deals should have a winner");
    assert!(total > 0);
}

const GAMES: u64 = 50;

#[test]
fn playouts_grundspiel() {
    run_preset(Preset::Grundspiel, GAMES);
}

#[test]
fn playouts_mit_kaufen() {
    run_preset(Preset::MitKaufen, GAMES);
}

#[test]
fn playouts_mit_anlegen() {
    run_preset(Preset::MitAnlegen, GAMES);
}

#[test]
fn playouts_raeuber() {
    run_preset(Preset::Raeuber, GAMES);
}

#[test]
fn playouts_traditionell() {
    run_preset(Preset::Traditionell, GAMES);
}

#[test]
#[ignore]
fn timing_breakdown() {
    use std::time::{Duration, Instant};
    let opts = RommeOptions {
        match_end: MatchEnd::Deals { count: Some(1) },
        ..Preset::MitAnlegen.options()
    };
    let (mut tl, mut tc, mut ta, mut tp, mut td, mut tv) = (
        Duration::ZERO,
        Duration::ZERO,
        Duration::ZERO,
        Duration::ZERO,
        Duration::ZERO,
        Duration::ZERO,
    );
    for seed in 0..50 {
        let mut g = Romme::new(&opts, 4, seed).unwrap();
        let mut pol = Policy {
            rng: GameRng::seed_from_u64(seed),
            undone: false,
        };
        while let Some(seat) = g.to_move() {
            let t = Instant::now();
            let legal = g.legal_actions(seat);
            tl += t.elapsed();
            let t = Instant::now();
            let saved = g.clone();
            tc += t.elapsed();
            let t = Instant::now();
            for p in saved.illegal_probes(seat) {
                let _ = g.apply(seat, &p);
            }
            tp += t.elapsed();
            let t = Instant::now();
            let _ = g == saved;
            let _ = g.audit();
            td += t.elapsed();
            let t = Instant::now();
            let _ = serde_json::to_string(&g).unwrap();
            for s in 0..4 {
                let _ = serde_json::to_value(g.view(s)).unwrap();
            }
            tv += t.elapsed();
            let a = pol.choose(&g, &legal);
            let t = Instant::now();
            g.apply(seat, &a).unwrap();
            ta += t.elapsed();
        }
    }
    eprintln!("legal {tl:?} clone {tc:?} probes {tp:?} eq+audit {td:?} deep {tv:?} apply {ta:?}");
}
