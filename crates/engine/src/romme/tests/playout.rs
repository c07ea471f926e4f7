//! Seeded random playouts of every preset with invariant checks after every action.

use crate::card::CardId;
use crate::game::{cards_in_json, Game};
use crate::penalty::penalty;
use crate::rng::GameRng;
use crate::romme::RuleError;
use crate::romme::*;

/// A simple policy that makes deals end: meld and lay off when possible, otherwise
/// discard the most expensive card.
pub(super) struct Policy {
    pub(super) rng: GameRng,
    pub(super) undone: bool,
}

impl Policy {
    pub(super) fn choose(&mut self, g: &Romme, legal: &[RommeAction]) -> RommeAction {
        let r = self.rng.below(100);
        let pick =
            |rng: &mut GameRng, v: &[&RommeAction]| v[rng.below(v.len() as u64) as usize].clone();
        let of =
            |f: &dyn Fn(&RommeAction) -> bool| legal.iter().filter(|a| f(a)).collect::<Vec<_>>();
        let robs = of(&|a| matches!(a, RommeAction::Rob(_)));
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

/// Checks the invariants of the current state. `deep`: also serde and every view's JSON.
fn check_state(g: &Romme, deep: bool) {
    let audit = g.audit();
    let n = g.options().deck_len();
    let mut all = audit.all.clone();
    all.sort();
    assert!(
        all.len() == n && all.iter().enumerate().all(|(i, c)| c.0 as usize == i),
        "card conservation"
    );
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
        let mut hidden = vec![false; n];
        for c in &audit.hidden_from[m] {
            hidden[c.0 as usize] = true;
        }
        let v = g.view(m);
        let mut shown: Vec<CardId> = v.hand.iter().map(|c| c.id).collect();
        shown.extend(v.discard_top.map(|c| c.id));
        shown.extend(v.freed_jokers.iter().map(|c| c.id));
        for t in &v.table {
            shown.extend(t.meld.cards.iter().map(|p| p.card.id));
        }
        for c in &shown {
            assert!(!hidden[c.0 as usize], "view of {m} shows hidden {c:?}");
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
        assert!(steps < 40_000, "seed {seed}: too long");
        let deep = steps % 100 == 0;
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
        // The host reads the deal number without building a view.
        assert_eq!(g.deal_no(), g.view(seat).deal, "seed {seed}");
    }
    check_state(&g, true);
    let rows = g.score_sheet().rows.len();
    match opts.match_end {
        MatchEnd::Deals { count: Some(n) } => assert_eq!(rows, n as usize),
        MatchEnd::Deals { count: None } => assert_eq!(rows, seats),
        MatchEnd::Points { limit } => {
            assert!(g.totals().iter().any(|&t| t >= limit as i32));
            assert!(rows >= 1);
        }
    }
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

const GAMES: u64 = 1000;

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

/// Random mixes of options (a table may combine them freely), multi-deal matches.
#[test]
fn playouts_with_mixed_options() {
    let mut rng = GameRng::seed_from_u64(77);
    for i in 0..150u64 {
        let mut o = Preset::ALL[rng.below(5) as usize].options();
        let flip = |rng: &mut GameRng| rng.below(2) == 0;
        o.jokers = rng.below(5) as u8;
        o.first_meld_min = [0, 30, 40][rng.below(3) as usize];
        o.first_meld_counts_lay_off = flip(&mut rng);
        o.lay_off = [
            LayOffPolicy::OwnMelds,
            LayOffPolicy::AnyAfterOwnFirstMeld,
            LayOffPolicy::AnyAnyTime,
        ][rng.below(3) as usize];
        o.buying = flip(&mut rng);
        o.buy_limit = [None, Some(1), Some(3)][rng.below(3) as usize];
        o.robbing = flip(&mut rng);
        o.end_mode = if flip(&mut rng) {
            EndMode::GoOut
        } else {
            EndMode::BidAtMost
        };
        o.target_pips = rng.below(10) as u8;
        o.scoring = [
            Scoring::Plain,
            Scoring::AnlegenBonuses,
            Scoring::Traditionell,
        ][rng.below(3) as usize];
        o.draw_from_discard =
            [DiscardDraw::Yes, DiscardDraw::OnlyIfMelded, DiscardDraw::No][rng.below(3) as usize];
        o.go_out_needs_discard = flip(&mut rng);
        o.max_reshuffles = rng.below(3) as u8;
        o.joker_exchange = flip(&mut rng);
        o.set_distinct_suits = flip(&mut rng);
        o.max_jokers_per_meld = [None, Some(1)][rng.below(2) as usize];
        o.upcard = flip(&mut rng);
        o.hand_size = [7, 10, 13][rng.below(3) as usize];
        o.ring_pot = [None, Some(50)][rng.below(2) as usize];
        o.match_end = if flip(&mut rng) {
            MatchEnd::Points { limit: 150 }
        } else {
            MatchEnd::Deals {
                count: [None, Some(2)][rng.below(2) as usize],
            }
        };
        let seats = 2 + rng.below(5) as usize;
        playout(&o, seats, 900_000 + i);
    }
}
