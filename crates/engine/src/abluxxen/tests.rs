//! Scenario tests: the worked examples of the rules and each option.

use super::setup::Parts;
use super::*;
use crate::card::{CardId, Face};
use AbluxxenAction as A;

const X: Face = Face::LuxJoker;

fn n(v: u8) -> Face {
    Face::Lux(v)
}

fn faces(vs: &[u8]) -> Vec<Face> {
    vs.iter().map(|&v| if v == 14 { X } else { n(v) }).collect()
}

/// Ids of the first `count` cards of `face` in `seat`'s hand.
fn ids(g: &Abluxxen, seat: Seat, face: Face, count: usize) -> Vec<CardId> {
    let v: Vec<CardId> = g.hands[seat]
        .iter()
        .filter(|c| c.face == face)
        .map(|c| c.id)
        .take(count)
        .collect();
    assert_eq!(v.len(), count, "seat {seat} lacks {count}× {face:?}");
    v
}

fn hand_values(g: &Abluxxen, seat: Seat) -> Vec<u8> {
    let mut v: Vec<u8> = g.hands[seat].iter().map(card_value).collect();
    v.sort_unstable();
    v
}

fn supply_values(g: &Abluxxen) -> Vec<Vec<u8>> {
    g.supply
        .iter()
        .map(|s| s.iter().map(card_value).collect())
        .collect()
}

/// `seat` lays `count` cards of `face`.
fn play(g: &mut Abluxxen, seat: Seat, face: Face, count: usize) -> Vec<AbluxxenEvent> {
    let cards = ids(g, seat, face, count);
    ok(g, seat, A::Play { cards })
}

fn ok(g: &mut Abluxxen, seat: Seat, a: A) -> Vec<AbluxxenEvent> {
    g.apply(seat, &a)
        .unwrap_or_else(|e| panic!("{a:?} by {seat} rejected: {e:?}"))
}

fn err(g: &mut Abluxxen, seat: Seat, a: A) -> RuleError {
    let before = serde_json::to_string(g).unwrap();
    let e = g.apply(seat, &a).expect_err("must be rejected");
    assert_eq!(serde_json::to_string(g).unwrap(), before);
    e
}

fn check_conservation(g: &Abluxxen) {
    let mut all = g.audit().all;
    all.sort_unstable();
    assert_eq!(all, (0..109).map(CardId).collect::<Vec<_>>());
}

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
        RuleError::Abluxxen(AbluxxenError::SupplySlotEmpty { slot: 0 })
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
        RuleError::Abluxxen(AbluxxenError::NotAQualifyingShadowGroup {
            value: 4,
            needed_count: 1,
            options: vec![3, 8, 10]
        })
    );
    // The opponent may not be resolved before the shadow.
    assert!(matches!(
        err(&mut g, 0, A::LeaveLuxxed),
        RuleError::WrongPhase { .. }
    ));
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
        RuleError::Abluxxen(AbluxxenError::EmptyPlay)
    );
    let mut mixed = ids(&g, 0, n(4), 1);
    mixed.extend(ids(&g, 0, X, 1));
    mixed.extend(ids(&g, 0, n(3), 1));
    assert_eq!(
        err(&mut g, 0, A::Play { cards: mixed }),
        RuleError::Abluxxen(AbluxxenError::MixedValues { values: vec![3, 4] })
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
    let json = serde_json::to_string(&RuleError::Abluxxen(AbluxxenError::MixedValues {
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
        RuleError::Abluxxen(AbluxxenError::DrawPileEmpty)
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
        RuleError::Abluxxen(AbluxxenError::DrawNotOptional { remaining: 2 })
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
