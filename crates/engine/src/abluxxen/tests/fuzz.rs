//! Arbitrary actions from arbitrary seats: never a panic; a rejection changes nothing.

use super::*;
use crate::abluxxen::*;
use crate::card::CardId;
use crate::game::Game;
use crate::rng::GameRng;

fn garbage(rng: &mut GameRng, g: &Abluxxen, seat: Seat) -> AbluxxenAction {
    let pick_ids = |rng: &mut GameRng| -> Vec<CardId> {
        let n = rng.below(5) as usize;
        (0..n)
            .map(|_| match (rng.below(3), g.hands.get(seat)) {
                (0, _) => CardId(rng.below(200) as u16),
                (_, Some(h)) if !h.is_empty() => h[rng.below(h.len() as u64) as usize].id,
                _ => CardId(rng.below(109) as u16),
            })
            .collect()
    };
    match rng.below(9) {
        0 | 1 => AbluxxenAction::Play {
            cards: pick_ids(rng),
        },
        2 => AbluxxenAction::LuxxShadow {
            value: rng.below(256) as u8,
        },
        3 => AbluxxenAction::TakeLuxxed,
        4 => AbluxxenAction::LeaveLuxxed,
        5 => AbluxxenAction::TakeBack,
        6 => AbluxxenAction::DiscardAndDraw,
        7 => AbluxxenAction::DrawFromSupply {
            slot: rng.below(9) as usize,
        },
        _ => {
            if rng.below(2) == 0 {
                AbluxxenAction::DrawFromPile
            } else {
                AbluxxenAction::Pass
            }
        }
    }
}

#[test]
fn arbitrary_actions_never_panic_and_rejections_change_nothing() {
    for seed in 0..60u64 {
        let options = AbluxxenOptions {
            draw_if_no_luxx: seed % 2 == 0,
            rounds: 1 + (seed % 3) as u8,
            profiduell: seed % 3 == 0,
        };
        let seats = if options.profiduell {
            2
        } else {
            2 + (seed % 4) as usize
        };
        let mut g = Abluxxen::new(&options, seats, seed).unwrap();
        let mut rng = GameRng::seed_from_u64(seed + 1000);
        let mut steps = 0;
        while g.to_move().is_some() && steps < 5000 {
            steps += 1;
            let seat = rng.below(seats as u64 + 1) as usize;
            let action = garbage(&mut rng, &g, seat);
            let before = g.clone();
            match g.apply(seat, &action) {
                Ok(_) => check_conservation(&g),
                Err(_) => assert_eq!(g, before, "rejected {action:?} changed the state"),
            }
            // Keep the game moving with a legal action now and then.
            if rng.below(3) == 0 {
                if let Some(s) = g.to_move() {
                    let legal = g.legal_actions(s);
                    let a = legal[rng.below(legal.len() as u64) as usize].clone();
                    g.apply(s, &a).unwrap();
                }
            }
            let _ = g.view(seat);
            let _ = g.view(seat).would_luxx(&[CardId(3), CardId(3)]);
        }
    }
}
