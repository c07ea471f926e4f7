//! The worked examples of the rules and the luxx procedure.

use super::*;
use crate::abluxxen::setup::Parts;
use crate::abluxxen::RuleError;
use crate::abluxxen::*;
use crate::game::Game;
use AbluxxenAction as A;

/// Example 1: Anna luxxes Ben's three 5s; she declines, Ben discards and draws 3.
#[test]
fn example_1_base_luxx_discard_and_draw() {
    let mut g = Abluxxen::from_parts(Parts {
        active: 0,
        hands: vec![faces(&[7, 7, 7, 1, 2]), faces(&[3, 4]), faces(&[6, 8])],
        displays: vec![
            vec![],
            vec![faces(&[9, 9]), faces(&[5, 5, 5])],
            vec![faces(&[12])],
        ],
        supply: vec![
            faces(&[9]),
            faces(&[1]),
            faces(&[2]),
            faces(&[3]),
            faces(&[4]),
            faces(&[6]),
        ],
        pile_top: faces(&[10, 11, 13]),
        ..Parts::default()
    });
    let sevens = ids(&g, 0, n(7), 3);
    assert_eq!(
        g.view(0).would_luxx(&sevens).victims,
        vec![1],
        "only Ben: Cara's group has another size"
    );
    ok(&mut g, 0, A::Play { cards: sevens });
    assert_eq!(g.to_move(), Some(0));
    let v = g.view(0);
    assert!(
        matches!(v.pending, Pending::LuxxDecision { victim: 1, ref cards, .. } if cards.len() == 3)
    );
    ok(&mut g, 0, A::LeaveLuxxed);
    // The victim decides, although Anna owns the turn.
    assert_eq!(g.to_move(), Some(1));
    assert!(matches!(
        g.view(2).pending,
        Pending::VictimDecision { seat: 1, by: 0, .. }
    ));
    assert!(matches!(
        err(&mut g, 0, A::TakeBack),
        RuleError::NotYourDecision {
            seat: 0,
            expected: Some(1)
        }
    ));
    ok(&mut g, 1, A::DiscardAndDraw);
    assert_eq!(g.discard.len(), 3);
    assert!(matches!(
        g.view(1).pending,
        Pending::Draw {
            seat: 1,
            remaining: 3,
            reason: DrawReason::Luxxed,
            can_pass: false
        }
    ));
    ok(&mut g, 1, A::DrawFromSupply { slot: 0 });
    assert!(
        g.supply[0].is_empty(),
        "no refill before the drawer has finished"
    );
    let e = err(&mut g, 1, A::DrawFromSupply { slot: 0 });
    assert_eq!(
        e,
        RuleError::Game(AbluxxenError::SupplySlotEmpty { slot: 0 })
    );
    let ev = ok(&mut g, 1, A::DrawFromPile);
    // The public event does not reveal the pile card.
    assert!(matches!(
        &ev[0],
        AbluxxenEvent::Drew {
            seat: 1,
            from: DrawSource::Pile,
            count: 1
        }
    ));
    ok(&mut g, 1, A::DrawFromPile);
    assert_eq!(hand_values(&g, 1), vec![3, 4, 9, 10, 11]);
    assert_eq!(
        supply_values(&g),
        vec![vec![13], vec![1], vec![2], vec![3], vec![4], vec![6]]
    );
    assert_eq!(g.displays[1].len(), 1);
    assert_eq!(g.view(0).open_group(1).map(|gr| gr.value), Some(9));
    assert_eq!(g.displays[2].len(), 1, "Cara untouched");
    // Next turn: Ben.
    assert_eq!(g.to_move(), Some(1));
    assert!(matches!(g.view(1).pending, Pending::Play { seat: 1 }));
    check_conservation(&g);
}

/// Example 2: Anna lays her last two cards; no luxx; scores and the tie-break.
#[test]
fn example_2_end_with_last_cards_and_tie_break() {
    let mut g = Abluxxen::from_parts(Parts {
        active: 0,
        hands: vec![faces(&[8, 8]), faces(&[1, 2]), faces(&[1, 2, 3])],
        displays: vec![
            vec![
                faces(&[1, 1, 1, 1]),
                faces(&[2, 2, 2, 2]),
                faces(&[3, 3, 3, 3]),
                faces(&[4, 4]),
            ],
            vec![
                faces(&[5, 5, 5, 5]),
                faces(&[6, 6, 6, 6]),
                faces(&[7, 7]),
                faces(&[4, 4]),
            ],
            vec![
                faces(&[9, 9, 9, 9]),
                faces(&[10, 10, 10, 10]),
                faces(&[11, 11, 11]),
                faces(&[12, 12]),
            ],
        ],
        ..Parts::default()
    });
    let eights = ids(&g, 0, n(8), 2);
    let p = g.view(0).would_luxx(&eights);
    assert!(p.valid && p.last_cards && p.victims.is_empty());
    let ev = ok(&mut g, 0, A::Play { cards: eights });
    assert!(
        !ev.iter().any(|e| matches!(e, AbluxxenEvent::Luxxed { .. })),
        "no luxx with the last cards"
    );
    assert!(g.is_over());
    let r = &g.results[0];
    assert_eq!(r.scores, vec![16, 10, 10]);
    assert_eq!(r.places, vec![1, 2, 3]);
    let st = g.standings();
    assert_eq!(
        st.iter().map(|s| s.place).collect::<Vec<_>>(),
        vec![1, 2, 3]
    );
    assert_eq!(
        g.displays[1].last().map(|g| g.len()),
        Some(2),
        "Ben's 4s stay"
    );
    assert_eq!(g.to_move(), None);
    assert_eq!(err(&mut g, 0, A::DrawFromPile), RuleError::GameOver);
}

fn example_3_state() -> Abluxxen {
    Abluxxen::from_parts(Parts {
        options: AbluxxenOptions {
            profiduell: true,
            ..AbluxxenOptions::default()
        },
        active: 0,
        hands: vec![faces(&[12, 1, 1, 14, 14]), faces(&[6, 6, 14, 14])],
        displays: vec![vec![], vec![faces(&[9])]],
        supply: vec![
            faces(&[2]),
            faces(&[5]),
            faces(&[7]),
            faces(&[7]),
            faces(&[11]),
            faces(&[12]),
        ],
        shadow: faces(&[3, 4, 4, 5, 5, 5, 8, 9, 9, 10, 11, 11, 11]),
        pile_top: faces(&[14, 6, 10]),
        ..Parts::default()
    })
}

/// Example 3 (Profiduell): Lena luxxes the shadow's 8; the joker drawn for the shadow pairs
/// the supply's 2; Max draws the 2+X pair as one draw.
#[test]
fn example_3_profiduell_shadow() {
    let mut g = example_3_state();
    let twelve = ids(&g, 0, n(12), 1);
    let p = g.view(0).would_luxx(&twelve);
    assert_eq!(p.shadow_options, vec![3, 8, 10]);
    assert_eq!(p.victims, vec![1]);
    ok(&mut g, 0, A::Play { cards: twelve });
    let v = g.view(0);
    match &v.pending {
        Pending::ShadowChoice {
            seat: 0,
            count: 1,
            options,
        } => {
            assert_eq!(
                options.iter().map(|o| o.value).collect::<Vec<_>>(),
                vec![3, 8, 10]
            );
        }
        other => panic!("{other:?}"),
    }
    let e = err(&mut g, 0, A::LuxxShadow { value: 4 });
    assert_eq!(
        e,
        RuleError::Game(AbluxxenError::NotAQualifyingShadowGroup {
            value: 4,
            needed_count: 1,
            options: vec![3, 8, 10]
        })
    );
    // The opponent may not be resolved before the shadow.
    assert_eq!(
        err(&mut g, 0, A::LeaveLuxxed),
        RuleError::Game(AbluxxenError::WrongPhase {
            expected: Decision::ShadowChoice
        })
    );
    ok(&mut g, 0, A::LuxxShadow { value: 8 });
    assert!(hand_values(&g, 0).contains(&8));
    assert_eq!(
        supply_values(&g)[0],
        vec![2, 14],
        "the joker pairs the lowest single (the 2)"
    );
    assert_eq!(g.shadow.len(), 13);
    assert!(
        g.shadow.iter().any(|c| c.face == n(6)),
        "the next card refilled the shadow"
    );
    // Then Max.
    assert!(matches!(
        g.view(0).pending,
        Pending::LuxxDecision { victim: 1, .. }
    ));
    ok(&mut g, 0, A::LeaveLuxxed);
    ok(&mut g, 1, A::DiscardAndDraw);
    let before = g.hands[1].len();
    let ev = ok(&mut g, 1, A::DrawFromSupply { slot: 0 });
    assert_eq!(
        g.hands[1].len(),
        before + 2,
        "a pair counts as one draw, two cards"
    );
    assert!(matches!(
        &ev[0],
        AbluxxenEvent::Drew {
            seat: 1,
            count: 2,
            from: DrawSource::Supply { slot: 0, .. }
        }
    ));
    assert_eq!(
        supply_values(&g)[0],
        vec![10],
        "the emptied place is refilled with a single"
    );
    assert_eq!(g.to_move(), Some(1));
    assert!(matches!(g.view(1).pending, Pending::Play { seat: 1 }));
    check_conservation(&g);
}

/// A single qualifying shadow value is luxxed without a question.
#[test]
fn single_shadow_option_is_luxxed_at_once() {
    let mut g = example_3_state();
    let ones = ids(&g, 0, n(1), 2);
    // Two 1s luxx nothing (no shadow pair below 1).
    assert!(g.view(0).would_luxx(&ones).shadow_options.is_empty());
    let mut cards = ids(&g, 0, n(12), 1);
    cards.extend(ids(&g, 0, X, 1));
    // Two cards of value 12: the shadow's pairs below 12 are 4 and 9: a choice.
    assert_eq!(g.view(0).would_luxx(&cards).shadow_options, vec![4, 9]);
    let mut cards = ids(&g, 0, n(12), 1);
    cards.extend(ids(&g, 0, X, 2));
    // Three of value 12: the 5s and 11s.
    assert_eq!(g.view(0).would_luxx(&cards).shadow_options, vec![5, 11]);
    let jokers = ids(&g, 0, X, 2);
    assert_eq!(g.view(0).would_luxx(&jokers).shadow_options, vec![4, 9]);
    // Without the 9s only the 4s qualify for a pair: luxxed at once, no question.
    let nines: Vec<_> = g
        .shadow
        .iter()
        .filter(|c| card_value(c) == 9)
        .copied()
        .collect();
    g.shadow.retain(|c| card_value(c) != 9);
    g.out_of_play.extend(nines);
    let mut cards = ids(&g, 0, n(12), 1);
    cards.extend(ids(&g, 0, X, 1));
    let ev = ok(&mut g, 0, A::Play { cards });
    assert!(ev.iter().any(|e| matches!(
        e,
        AbluxxenEvent::Luxxed {
            victim: None,
            value: 4,
            ..
        }
    )));
    assert_eq!(hand_values(&g, 0).iter().filter(|&&v| v == 4).count(), 2);
    assert_eq!(
        g.to_move(),
        Some(1),
        "Max's single 9 is not luxxed by a pair"
    );
    check_conservation(&g);
}

#[test]
fn profiduell_surplus_leaves_the_game_when_all_places_are_pairs() {
    let mut g = Abluxxen::from_parts(Parts {
        options: AbluxxenOptions {
            profiduell: true,
            ..AbluxxenOptions::default()
        },
        active: 0,
        hands: vec![faces(&[12, 1]), faces(&[6])],
        displays: vec![vec![], vec![]],
        supply: vec![
            faces(&[2, 13]),
            faces(&[5, 13]),
            faces(&[7, 13]),
            faces(&[7, 14]),
            faces(&[11, 14]),
            faces(&[12]),
        ],
        shadow: faces(&[3, 4, 4, 5, 5, 5, 8, 9, 9, 10, 11, 11, 11]),
        pile_top: faces(&[13, 13, 6]),
        ..Parts::default()
    });
    play(&mut g, 0, n(12), 1);
    ok(&mut g, 0, A::LuxxShadow { value: 3 });
    assert_eq!(supply_values(&g)[5], vec![12, 13]);
    assert_eq!(
        g.out_of_play.iter().filter(|c| c.face == n(13)).count(),
        1,
        "one surplus 13"
    );
    assert_eq!(g.shadow.len(), 13);
    check_conservation(&g);
}

#[test]
fn take_luxxed_cards_victim_draws() {
    let mut g = Abluxxen::from_parts(Parts {
        active: 1,
        hands: vec![faces(&[3]), faces(&[6, 6, 1])],
        displays: vec![vec![faces(&[5, 14])], vec![]],
        supply: vec![
            faces(&[2]),
            faces(&[3]),
            faces(&[4]),
            faces(&[5]),
            faces(&[6]),
            faces(&[7]),
        ],
        pile_top: faces(&[8, 9]),
        ..Parts::default()
    });
    play(&mut g, 1, n(6), 2);
    ok(&mut g, 1, A::TakeLuxxed);
    assert_eq!(hand_values(&g, 1), vec![1, 5, 14]);
    assert!(g.displays[0].is_empty());
    assert_eq!(g.to_move(), Some(0));
    ok(&mut g, 0, A::DrawFromPile);
    ok(&mut g, 0, A::DrawFromSupply { slot: 5 });
    assert_eq!(hand_values(&g, 0), vec![3, 7, 8]);
    assert_eq!(supply_values(&g)[5], vec![9]);
    assert_eq!(g.to_move(), Some(0));
}

#[test]
fn take_back_needs_no_draw() {
    let mut g = Abluxxen::from_parts(Parts {
        active: 0,
        hands: vec![faces(&[6, 1]), faces(&[3])],
        displays: vec![vec![], vec![faces(&[2]), faces(&[5])]],
        supply: vec![faces(&[2]); 6],
        ..Parts::default()
    });
    let pile = g.pile.len();
    play(&mut g, 0, n(6), 1);
    ok(&mut g, 0, A::LeaveLuxxed);
    let ev = ok(&mut g, 1, A::TakeBack);
    assert!(matches!(&ev[0], AbluxxenEvent::TookBack { seat: 1, .. }));
    assert_eq!(hand_values(&g, 1), vec![3, 5]);
    assert_eq!(g.pile.len(), pile);
    assert_eq!(g.view(0).open_group(1).map(|gr| gr.value), Some(2));
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn victims_are_resolved_clockwise_from_the_left() {
    let mut g = Abluxxen::from_parts(Parts {
        active: 2,
        hands: vec![faces(&[1]), faces(&[1]), faces(&[9, 1]), faces(&[1])],
        displays: vec![
            vec![faces(&[4])],
            vec![faces(&[4, 4])],
            vec![],
            vec![faces(&[8])],
        ],
        supply: vec![faces(&[2]); 6],
        ..Parts::default()
    });
    assert_eq!(
        g.view(2).would_luxx(&ids(&g, 2, n(9), 1)).victims,
        vec![3, 0]
    );
    play(&mut g, 2, n(9), 1);
    assert!(matches!(
        g.view(2).pending,
        Pending::LuxxDecision { victim: 3, .. }
    ));
    ok(&mut g, 2, A::LeaveLuxxed);
    ok(&mut g, 3, A::TakeBack);
    assert!(matches!(
        g.view(2).pending,
        Pending::LuxxDecision { victim: 0, .. }
    ));
    ok(&mut g, 2, A::TakeLuxxed);
    ok(&mut g, 0, A::DrawFromPile);
    assert_eq!(g.to_move(), Some(3), "next turn after all victims");
}

#[test]
fn jokers_alone_are_fourteen() {
    let mut g = Abluxxen::from_parts(Parts {
        active: 0,
        hands: vec![faces(&[14, 14, 1]), faces(&[1])],
        displays: vec![vec![], vec![faces(&[13, 13])]],
        supply: vec![faces(&[2]); 6],
        ..Parts::default()
    });
    let jokers = ids(&g, 0, X, 2);
    assert_eq!(g.view(0).play_value(&jokers), Some(14));
    ok(&mut g, 0, A::Play { cards: jokers });
    assert_eq!(g.view(0).open_group(0).map(|gr| gr.value), Some(14));
    assert!(matches!(
        g.view(0).pending,
        Pending::LuxxDecision { victim: 1, .. }
    ));
}

#[test]
fn joker_takes_the_value_of_its_group() {
    let mut g = Abluxxen::from_parts(Parts {
        active: 0,
        hands: vec![faces(&[14, 5, 1]), faces(&[1])],
        displays: vec![vec![], vec![faces(&[5, 5])]],
        supply: vec![faces(&[2]); 6],
        ..Parts::default()
    });
    let mut cards = ids(&g, 0, X, 1);
    cards.extend(ids(&g, 0, n(5), 1));
    let p = g.view(0).would_luxx(&cards);
    assert_eq!((p.value, p.count), (5, 2));
    assert!(p.victims.is_empty(), "5 is not lower than 5");
    ok(&mut g, 0, A::Play { cards });
    let top = &g.displays[0][0];
    assert_eq!(top[0].face, n(5), "value cards first, jokers last");
    assert_eq!(g.to_move(), Some(1));
}
