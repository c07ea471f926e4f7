//! Errors, the end of a game, options, setup and scoring.

use super::*;
use crate::abluxxen::setup::Parts;
use crate::abluxxen::RuleError;
use crate::abluxxen::*;
use crate::game::Game;
use AbluxxenAction as A;

#[test]
fn play_errors_carry_facts() {
    let mut g = Abluxxen::from_parts(Parts {
        active: 0,
        hands: vec![faces(&[3, 4, 14]), faces(&[1])],
        supply: vec![faces(&[2]); 6],
        ..Parts::default()
    });
    assert_eq!(
        err(&mut g, 0, A::Play { cards: vec![] }),
        RuleError::Game(AbluxxenError::EmptyPlay)
    );
    let mut mixed = ids(&g, 0, n(4), 1);
    mixed.extend(ids(&g, 0, X, 1));
    mixed.extend(ids(&g, 0, n(3), 1));
    assert_eq!(
        err(&mut g, 0, A::Play { cards: mixed }),
        RuleError::Game(AbluxxenError::MixedValues { values: vec![3, 4] })
    );
    let other = g.hands[1][0].id;
    assert_eq!(
        err(&mut g, 0, A::Play { cards: vec![other] }),
        RuleError::CardNotInHand { card: other }
    );
    let three = ids(&g, 0, n(3), 1)[0];
    assert_eq!(
        err(
            &mut g,
            0,
            A::Play {
                cards: vec![three, three]
            }
        ),
        RuleError::DuplicateCard { card: three }
    );
    assert!(matches!(
        err(&mut g, 1, A::Play { cards: vec![other] }),
        RuleError::NotYourDecision { .. }
    ));
    assert!(matches!(
        err(&mut g, 7, A::Pass),
        RuleError::NoSuchSeat { seat: 7, seats: 2 }
    ));
    assert!(matches!(
        err(&mut g, 0, A::DrawFromPile),
        RuleError::WrongPhase { .. }
    ));
    // Serialised errors name the facts.
    let json = serde_json::to_string(&RuleError::Game(AbluxxenError::MixedValues {
        values: vec![3, 4],
    }))
    .unwrap();
    assert!(
        json.contains("MixedValues") && json.contains("[3,4]"),
        "{json}"
    );
}

#[test]
fn game_ends_in_the_middle_of_a_draw() {
    let mut g = Abluxxen::from_parts(Parts {
        active: 0,
        hands: vec![faces(&[7, 7, 1]), faces(&[1])],
        displays: vec![vec![], vec![faces(&[5, 5])]],
        supply: vec![vec![], vec![], faces(&[3]), vec![], vec![], vec![]],
        pile_top: faces(&[]),
        rest_out_of_play: true,
        ..Parts::default()
    });
    play(&mut g, 0, n(7), 2);
    ok(&mut g, 0, A::LeaveLuxxed);
    ok(&mut g, 1, A::DiscardAndDraw);
    assert!(matches!(
        g.view(1).pending,
        Pending::Draw { remaining: 2, .. }
    ));
    assert_eq!(
        err(&mut g, 1, A::DrawFromPile),
        RuleError::Game(AbluxxenError::DrawPileEmpty)
    );
    let ev = ok(&mut g, 1, A::DrawFromSupply { slot: 2 });
    assert!(ev
        .iter()
        .any(|e| matches!(e, AbluxxenEvent::RoundEnded { .. })));
    assert!(g.is_over());
    assert_eq!(
        hand_values(&g, 1),
        vec![1, 3],
        "the drawer simply gets fewer cards"
    );
    assert_eq!(g.results[0].scores, vec![2 - 1, -2]);
}

#[test]
fn draw_if_no_luxx_option() {
    let parts = Parts {
        active: 0,
        hands: vec![faces(&[7, 1]), faces(&[1])],
        displays: vec![vec![], vec![faces(&[5, 5])]],
        supply: vec![
            faces(&[2]),
            faces(&[3]),
            faces(&[4]),
            faces(&[5]),
            faces(&[6]),
            faces(&[8]),
        ],
        pile_top: faces(&[9]),
        ..Parts::default()
    };
    // Off (original rules): the turn passes at once.
    let mut g = Abluxxen::from_parts(parts.clone());
    play(&mut g, 0, n(7), 1);
    assert_eq!(g.to_move(), Some(1));
    // On: the player who luxxed nobody may draw one card or pass.
    let mut on = parts;
    on.options.draw_if_no_luxx = true;
    let mut g = Abluxxen::from_parts(on);
    let mut passed = g.clone();
    play(&mut g, 0, n(7), 1);
    assert!(matches!(
        g.view(0).pending,
        Pending::Draw {
            seat: 0,
            remaining: 1,
            reason: DrawReason::NoLuxx,
            can_pass: true
        }
    ));
    assert!(g.legal_actions(0).contains(&A::Pass));
    ok(&mut g, 0, A::DrawFromSupply { slot: 5 });
    assert_eq!(hand_values(&g, 0), vec![1, 8]);
    assert_eq!(supply_values(&g)[5], vec![9], "refilled after the draw");
    assert_eq!(g.to_move(), Some(1));
    play(&mut passed, 0, n(7), 1);
    ok(&mut passed, 0, A::Pass);
    assert_eq!(hand_values(&passed, 0), vec![1]);
    assert_eq!(passed.to_move(), Some(1));
    // A victim who must draw may not pass.
    let mut v = Abluxxen::from_parts(Parts {
        active: 0,
        hands: vec![faces(&[7, 7, 1]), faces(&[1])],
        displays: vec![vec![], vec![faces(&[5, 5])]],
        supply: vec![faces(&[2]); 6],
        ..Parts::default()
    });
    play(&mut v, 0, n(7), 2);
    ok(&mut v, 0, A::TakeLuxxed);
    assert_eq!(
        err(&mut v, 1, A::Pass),
        RuleError::Game(AbluxxenError::DrawNotOptional { remaining: 2 })
    );
}

#[test]
fn rounds_rotate_the_start_player_and_sum_totals() {
    let options = AbluxxenOptions {
        rounds: 3,
        ..AbluxxenOptions::default()
    };
    let mut g = Abluxxen::new(&options, 3, 99).unwrap();
    let first = g.first_start;
    let mut starts = vec![g.active];
    let mut rng = GameRng::seed_from_u64(5);
    while let Some(seat) = g.to_move() {
        let legal = g.legal_actions(seat);
        let a = legal[rng.below(legal.len() as u64) as usize].clone();
        let ev = ok(&mut g, seat, a);
        for e in ev {
            if let AbluxxenEvent::RoundStarted { start_player, .. } = e {
                starts.push(start_player);
            }
        }
    }
    assert_eq!(starts, vec![first, (first + 1) % 3, (first + 2) % 3]);
    assert_eq!(g.results.len(), 3);
    for s in 0..3 {
        assert_eq!(
            g.totals[s],
            g.results.iter().map(|r| r.scores[s]).sum::<i32>()
        );
    }
    let st = g.standings();
    assert_eq!(st.iter().map(|s| s.score).collect::<Vec<_>>(), g.totals);
    assert!(st.iter().any(|s| s.place == 1));
}

#[test]
fn shared_place_when_points_and_hands_are_equal() {
    let st = state::rank(&[5, 5, 3], &[2, 2, 0]);
    assert_eq!(
        st.iter().map(|s| s.place).collect::<Vec<_>>(),
        vec![1, 1, 3]
    );
    let st = state::rank(&[4, 4], &[3, 1]);
    assert_eq!(st.iter().map(|s| s.place).collect::<Vec<_>>(), vec![2, 1]);
}

#[test]
fn setup_checks_and_deal() {
    let base = AbluxxenOptions::default();
    assert!(matches!(
        Abluxxen::new(&base, 1, 0),
        Err(RuleError::PlayerCount {
            min: 2,
            max: 5,
            got: 1
        })
    ));
    assert!(matches!(
        Abluxxen::new(&base, 6, 0),
        Err(RuleError::PlayerCount { .. })
    ));
    let profi = AbluxxenOptions {
        profiduell: true,
        ..base.clone()
    };
    assert!(matches!(
        Abluxxen::new(&profi, 3, 0),
        Err(RuleError::PlayerCount {
            min: 2,
            max: 2,
            got: 3
        })
    ));
    let zero = AbluxxenOptions {
        rounds: 0,
        ..base.clone()
    };
    assert!(matches!(
        Abluxxen::new(&zero, 3, 0),
        Err(RuleError::BadOption { .. })
    ));
    for seats in 2..=5 {
        let g = Abluxxen::new(&base, seats, 3).unwrap();
        assert!(g.hands.iter().all(|h| h.len() == 13));
        assert!(g.supply.iter().all(|s| s.len() == 1));
        assert_eq!(g.pile.len(), 109 - 13 * seats - 6);
        check_conservation(&g);
    }
    for seed in 0..50 {
        let g = Abluxxen::new(&profi, 2, seed).unwrap();
        for h in &g.hands {
            assert_eq!(h.len(), 13);
            assert!(h.iter().filter(|c| c.face == X).count() >= 2);
        }
        assert_eq!(g.shadow.len(), 13);
        assert!(g.shadow.iter().all(|c| card_value(c) < 13));
        assert!(g
            .shadow
            .windows(2)
            .all(|w| card_value(&w[0]) <= card_value(&w[1])));
        for s in &g.supply {
            assert!(s.len() == 1 || (s.len() == 2 && card_value(&s[1]) >= 13));
        }
        check_conservation(&g);
    }
    // Same seed, same deal.
    assert_eq!(
        Abluxxen::new(&profi, 2, 4).unwrap(),
        Abluxxen::new(&profi, 2, 4).unwrap()
    );
}

#[test]
fn options_serde_defaults() {
    let o: AbluxxenOptions = serde_json::from_str("{}").unwrap();
    assert_eq!(o, AbluxxenOptions::default());
    let a: AbluxxenAction =
        serde_json::from_str(r#"{"action":"DrawFromSupply","slot":2}"#).unwrap();
    assert_eq!(a, A::DrawFromSupply { slot: 2 });
    assert_eq!(Abluxxen::NAME, "abluxxen");
}

#[test]
fn hand_in_view_is_sorted_jokers_last() {
    let g = Abluxxen::from_parts(Parts {
        active: 0,
        hands: vec![faces(&[14, 9, 2, 14, 5]), faces(&[1])],
        supply: vec![faces(&[2]); 6],
        ..Parts::default()
    });
    let v = g.view(0);
    assert_eq!(
        v.hand.iter().map(card_value).collect::<Vec<_>>(),
        vec![2, 5, 9, 14, 14]
    );
    assert_eq!(v.players[1].hand_count, 1);
    // Out-of-range seats get an empty view, no panic.
    assert!(g.view(9).hand.is_empty());
}
