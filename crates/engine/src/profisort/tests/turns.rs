//! Turn rules as scripted scenarios.

use super::*;
use crate::game::{Game, RuleError};
use crate::profisort::ProfiSortAction as A;

pub(super) fn find(g: &ProfiSort, seat: usize, f: &str) -> CardId {
    let face = fc(f);
    g.deal().hands[seat]
        .iter()
        .find(|c| c.face == face)
        .unwrap()
        .id
}

pub(super) fn lay_ids(g: &ProfiSort, seat: usize, ps: &[&str]) -> Vec<Vec<CardId>> {
    let mut used: Vec<CardId> = Vec::new();
    ps.iter()
        .map(|p| {
            p.split_whitespace()
                .map(|f| {
                    let c = g.deal().hands[seat]
                        .iter()
                        .find(|c| c.face == fc(f) && !used.contains(&c.id))
                        .unwrap()
                        .id;
                    used.push(c);
                    c
                })
                .collect()
        })
        .collect()
}

pub(super) fn game_err(
    r: Result<Vec<ProfiSortEvent>, crate::profisort::RuleError>,
) -> ProfiSortError {
    match r {
        Err(RuleError::Game(e)) => e,
        other => panic!("expected a game error, got {other:?}"),
    }
}

#[test]
fn ten_card_tasks_need_eleven_cards() {
    let hand = "C2 H2 S5 S5 H7 D7 SB CB HK DK CA";
    let five_pairs = ["C2 H2", "S5 S5", "H7 D7", "SB CB", "HK DK"];
    // With 11 cards: lay the 10, discard the 11th, out.
    let mut g = game(&[hand, "C3 C4"], 0, true);
    let parts = lay_ids(&g, 0, &five_pairs);
    g.apply(
        0,
        &A::LayTask {
            task: 1,
            repeat: None,
            parts,
        },
    )
    .unwrap();
    let ace = find(&g, 0, "CA");
    g.apply(0, &A::Discard { card: ace }).unwrap();
    assert_eq!(g.phase(), Phase::DealOver);
    assert_eq!(g.sheets()[0].done[0], Some(1));
    // After giving the ace away only 10 are left: the task would leave nothing to discard.
    let mut g = game(&[hand, "C3 C4"], 0, true);
    let ace = find(&g, 0, "CA");
    g.apply(0, &A::GiveAce { card: ace, to: 1 }).unwrap();
    let parts = lay_ids(&g, 0, &five_pairs);
    let e = game_err(g.apply(
        0,
        &A::LayTask {
            task: 1,
            repeat: None,
            parts,
        },
    ));
    assert_eq!(
        e,
        ProfiSortError::MustKeepCard {
            left: 0,
            received: 0
        }
    );
}

#[test]
fn task_15_only_while_going_out() {
    let mut g = game(&["C2 H2 D3 S3 C3 D2 H5 H6", "C4"], 0, true);
    let parts = lay_ids(&g, 0, &["C2 H2 D3 S3 C3 D2"]);
    let e = game_err(g.apply(
        0,
        &A::LayTask {
            task: 15,
            repeat: Some(7),
            parts: parts.clone(),
        },
    ));
    assert_eq!(
        e,
        ProfiSortError::Task15NeedsGoingOut {
            left: 2,
            received: 0
        }
    );
    let e = game_err(g.apply(
        0,
        &A::LayTask {
            task: 15,
            repeat: None,
            parts: parts.clone(),
        },
    ));
    assert_eq!(
        e,
        ProfiSortError::RepeatShape {
            task: 15,
            repeat: None
        }
    );
    // Lay task 7 itself first? Then task 15 repeating it needs going out.
    let h5 = find(&g, 0, "H5");
    let mut g2 = game(&["C2 H2 D3 S3 C3 D2 H5", "C4"], 0, true);
    let parts = lay_ids(&g2, 0, &["C2 H2 D3 S3 C3 D2"]);
    g2.apply(
        0,
        &A::LayTask {
            task: 15,
            repeat: Some(7),
            parts,
        },
    )
    .unwrap();
    assert_eq!(g2.phase(), Phase::LastDiscard);
    assert!(!g2.sheets()[0].is_done(7));
    assert!(g2.sheets()[0].is_done(15));
    let last = find(&g2, 0, "H5");
    assert_eq!(g2.legal_actions(0), vec![A::Discard { card: last }]);
    g2.apply(0, &A::Discard { card: last }).unwrap();
    assert_eq!(g2.summary().unwrap().end, DealEnd::WentOut { seat: 0 });
    let _ = h5;
}

#[test]
fn received_aces_keep_a_card_and_sit_out() {
    let mut g = ProfiSort::from_setup(
        &ProfiSortOptions::default(),
        Setup {
            hands: vec![cards("C9 S9 H9 D9 C2"), cards("C3 C4")],
            received: vec![cards("HA"), vec![]],
            talon: cards("C5 C6"),
            turn: 0,
            drawn: true,
            ..Setup::default()
        },
    )
    .unwrap();
    let parts = lay_ids(&g, 0, &["C9 S9 H9 D9"]);
    let e = game_err(g.apply(
        0,
        &A::LayTask {
            task: 3,
            repeat: None,
            parts,
        },
    ));
    assert_eq!(
        e,
        ProfiSortError::MustKeepCard {
            left: 1,
            received: 1
        }
    );
    let ace = g.deal().received[0][0].id;
    assert_eq!(
        g.apply(0, &A::GiveAce { card: ace, to: 1 }),
        Err(RuleError::CardNotInHand { card: ace })
    );
    // Sitting out: next turn, instead of drawing.
    let c2 = find(&g, 0, "C2");
    g.apply(0, &A::Discard { card: c2 }).unwrap();
    g.apply(1, &A::Draw).unwrap();
    let c3 = find(&g, 1, "C3");
    g.apply(1, &A::Discard { card: c3 }).unwrap();
    assert!(g.legal_actions(0).contains(&A::SitOut));
    g.apply(0, &A::SitOut).unwrap();
    assert_eq!(g.to_move(), Some(1));
    assert!(g.deal().received[0].is_empty());
    assert_eq!(
        game_err(g.apply(1, &A::SitOut)),
        ProfiSortError::NoReceivedAce
    );
}

#[test]
fn one_ace_per_deal_to_an_opponent() {
    let mut g = game(&["CA HA C5 C6", "C3 C4", "D3 D4"], 0, true);
    let (a1, a2) = (find(&g, 0, "CA"), find(&g, 0, "HA"));
    assert_eq!(
        game_err(g.apply(0, &A::GiveAce { card: a1, to: 0 })),
        ProfiSortError::NoSuchOpponent { to: 0 }
    );
    let c5 = find(&g, 0, "C5");
    assert_eq!(
        game_err(g.apply(0, &A::GiveAce { card: c5, to: 1 })),
        ProfiSortError::NotAnAce { card: c5 }
    );
    g.apply(0, &A::GiveAce { card: a1, to: 2 }).unwrap();
    assert_eq!(
        game_err(g.apply(0, &A::GiveAce { card: a2, to: 1 })),
        ProfiSortError::AceAlreadyGiven
    );
    assert_eq!(g.deal().received[2].len(), 1);
    // Own aces may be discarded.
    g.apply(0, &A::Discard { card: a2 }).unwrap();
}

#[test]
fn lay_off_needs_an_own_task_in_this_deal() {
    let mut g = game(&["C9 S9 H9 D9 C2 C4 D2", "C3 C4"], 0, true);
    g.deal.melds.push(TaskMeld {
        owner: 1,
        task: 1,
        shape: 1,
        parts: lay(1, &["C5 H5", "S6 S6", "H7 D7", "SB CB", "HK DK"]).unwrap(),
    });
    let c4 = find(&g, 0, "C4");
    let off = A::LayOff {
        meld: 0,
        part: Some(0),
        end: RunEnd::High,
        cards: vec![],
    };
    assert_eq!(game_err(g.apply(0, &off)), ProfiSortError::NotOpened);
    let parts = lay_ids(&g, 0, &["C9 S9 H9 D9"]);
    g.apply(
        0,
        &A::LayTask {
            task: 3,
            repeat: None,
            parts,
        },
    )
    .unwrap();
    assert_eq!(
        game_err(g.apply(
            0,
            &A::LayTask {
                task: 3,
                repeat: None,
                parts: vec![]
            }
        )),
        ProfiSortError::TaskDone { task: 3 }
    );
    let bad = A::LayOff {
        meld: 0,
        part: Some(0),
        end: RunEnd::High,
        cards: vec![c4],
    };
    assert!(matches!(
        game_err(g.apply(0, &bad)),
        ProfiSortError::CardDoesNotFit { .. }
    ));
    assert!(g
        .legal_actions(0)
        .iter()
        .all(|a| !matches!(a, A::LayOff { meld: 0, .. })));
    // Opponent's meld at index 0 accepts nothing from this hand; a 2 does not fit pairs of 5.
    assert!(
        g.sheets()[0].joker_free.is_empty(),
        "task 3 is No J: no joker bonus"
    );
}

#[test]
fn joker_free_lay_strikes_the_special_points() {
    let mut g = game(
        &["H6 H7 H8 H9 H10 HB C2 C3 C4 C5 C6 JK C8", "C3 C4"],
        0,
        true,
    );
    let parts = lay_ids(&g, 0, &["H6 H7 H8 H9 H10 HB"]);
    g.apply(
        0,
        &A::LayTask {
            task: 4,
            repeat: None,
            parts,
        },
    )
    .unwrap();
    let parts = lay_ids(&g, 0, &["C2 C3 C4 C5 C6", "JK"]);
    let e = game_err(g.apply(
        0,
        &A::LayTask {
            task: 6,
            repeat: None,
            parts,
        },
    ));
    assert_eq!(
        e,
        ProfiSortError::PartSize {
            task: 6,
            part: 1,
            expected: 5,
            got: 1
        }
    );
    assert_eq!(g.sheets()[0].joker_free, vec![4]);
    let v = g.view(1);
    assert!(v.sheets[0]
        .joker_free
        .iter()
        .any(|b| b.tasks == vec![4] && b.struck));
    assert_eq!(v.sheets[0].special_left, 230 - 10);
}

#[test]
fn three_aces_offer_a_redeal_by_the_same_dealer() {
    let (mut g, seed) = (0..2000u64)
        .map(|s| {
            (
                ProfiSort::new(&ProfiSortOptions::default(), 2, s).unwrap(),
                s,
            )
        })
        .find(|(g, _)| g.phase() == Phase::RedealChoice)
        .expect("a deal with three aces");
    let seat = g.to_move().unwrap();
    assert_eq!(g.legal_actions(seat), vec![A::Redeal, A::KeepHand]);
    assert_eq!(
        g.apply(seat, &A::Draw),
        Err(RuleError::WrongPhase {
            expected: crate::game::Moment::Claim
        })
    );
    let mut kept = g.clone();
    g.apply(seat, &A::Redeal).unwrap();
    assert_eq!((g.deal_no(), g.dealer()), (1, 0), "seed {seed}");
    kept.apply(seat, &A::KeepHand).unwrap();
    assert!(matches!(kept.phase(), Phase::Draw | Phase::RedealChoice));
}

#[test]
fn taking_the_discard_is_a_variant() {
    let opts = ProfiSortOptions {
        draw_from_discard: true,
        ..ProfiSortOptions::default()
    };
    let mut g = ProfiSort::from_setup(
        &opts,
        Setup {
            hands: vec![cards("C4 C5"), cards("SK JK")],
            talon: cards("D2 D3"),
            turn: 0,
            drawn: true,
            ..Setup::default()
        },
    )
    .unwrap();
    let c4 = find(&g, 0, "C4");
    g.apply(0, &A::Discard { card: c4 }).unwrap();
    g.apply(1, &A::TakeDiscard).unwrap();
    assert_eq!(
        game_err(g.apply(1, &A::Discard { card: c4 })),
        ProfiSortError::TakenDiscard { card: c4 }
    );
    let sk = find(&g, 1, "SK");
    g.apply(1, &A::Discard { card: sk }).unwrap();
    let mut plain = game(&["C4 C5", "SK"], 0, false);
    assert_eq!(
        game_err(plain.apply(0, &A::TakeDiscard)),
        ProfiSortError::VariantOff
    );
}
