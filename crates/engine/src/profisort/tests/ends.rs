//! The worked example, the end of a deal and of the match.

use super::turns::{find, lay_ids};
use super::*;
use crate::game::Game;
use crate::profisort::ProfiSortAction as A;

#[test]
fn worked_example_three_players() {
    let mut g = ProfiSort::from_setup(
        &ProfiSortOptions::default(),
        Setup {
            hands: vec![cards("C4"), cards("S7 H9 DK JK"), cards("C2 D3 HD")],
            received: vec![vec![], cards("CA"), vec![]],
            talon: cards("C5 C6"),
            turn: 0,
            drawn: true,
            totals: vec![85, 60, 110],
            ..Setup::default()
        },
    )
    .unwrap();
    let c4 = find(&g, 0, "C4");
    g.apply(0, &A::Discard { card: c4 }).unwrap();
    assert_eq!(g.phase(), Phase::DealOver);
    let row = g.score_rows().last().unwrap();
    assert_eq!(row.points, vec![0, 55, 20]);
    assert_eq!(row.totals, vec![85, 115, 130]);
    assert_eq!(row.end, DealEnd::WentOut { seat: 0 });
    assert_eq!(g.summary().unwrap().hands[1].len(), 5);
}

#[test]
fn talon_end_scores_every_hand() {
    let mut g = ProfiSort::from_setup(
        &ProfiSortOptions::default(),
        Setup {
            hands: vec![cards("C4 C5"), cards("SK JK")],
            turn: 0,
            drawn: true,
            ..Setup::default()
        },
    )
    .unwrap();
    let c4 = find(&g, 0, "C4");
    g.apply(0, &A::Discard { card: c4 }).unwrap();
    assert_eq!(g.summary().unwrap().end, DealEnd::TalonEmpty { seat: 1 });
    assert_eq!(g.totals(), &[5, 30]);
    // The next dealer starts the next deal; the dealer alternates.
    assert_eq!(g.dealer(), 1);
    assert_eq!(g.to_move(), Some(0));
    g.apply(0, &A::NextDeal).unwrap();
    assert_eq!((g.dealer(), g.deal_no()), (0, 2));
    assert_eq!(g.deal().turn, 1);
    assert!(g.deal().hands.iter().all(|h| h.len() == 10));
}

#[test]
fn the_match_ends_after_the_sheet_is_complete() {
    let mut sheet = Sheet::new();
    for t in 1..=15u8 {
        if t != 3 {
            sheet.done[usize::from(t) - 1] = Some(1);
        }
    }
    sheet.joker_free = vec![2, 4, 5, 6, 7, 8, 11, 12, 14];
    let mut g = ProfiSort::from_setup(
        &ProfiSortOptions::default(),
        Setup {
            hands: vec![cards("C9 S9 H9 D9 C2"), cards("SK")],
            talon: cards("D2"),
            turn: 0,
            drawn: true,
            totals: vec![100, 90],
            sheets: vec![sheet, Sheet::new()],
            ..Setup::default()
        },
    )
    .unwrap();
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
    let c2 = find(&g, 0, "C2");
    g.apply(0, &A::Discard { card: c2 }).unwrap();
    assert_eq!(g.phase(), Phase::MatchOver);
    assert_eq!(g.special_points(), Some(&[0, 230][..]));
    assert_eq!(g.totals(), &[100, 90 + 10 + 230]);
    let st = g.standings();
    assert_eq!((st[0].place, st[1].place), (1, 2));
}

#[test]
fn beginner_mode_ends_at_the_nth_task() {
    let opts = ProfiSortOptions {
        beginner_tasks: Some(1),
        ..ProfiSortOptions::default()
    };
    let mut g = ProfiSort::from_setup(
        &opts,
        Setup {
            hands: vec![cards("C9 S9 H9 D9 C2"), cards("SK")],
            talon: cards("D2"),
            turn: 0,
            drawn: true,
            ..Setup::default()
        },
    )
    .unwrap();
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
    assert!(g.is_over());
    assert_eq!(g.totals(), &[0, 0]);
    assert_eq!(g.standings()[0].place, 1);
    assert_eq!(g.standings()[1].place, 2);
}

#[test]
fn ties_go_to_fewer_special_points_then_more_tasks() {
    let mut a = Sheet::new();
    a.done[0] = Some(1);
    a.done[1] = Some(1);
    let mut b = Sheet::new();
    b.done[2] = Some(1);
    let mut c = Sheet::new();
    c.done[2] = Some(1);
    c.done[4] = Some(2);
    let g = ProfiSort::from_setup(
        &ProfiSortOptions::default(),
        Setup {
            hands: vec![cards("C4"), cards("C5"), cards("C6")],
            talon: cards("C7"),
            totals: vec![50, 50, 50],
            // a: pair (1,2) struck, 210 left; b: 230 left, one task; c: 230, two tasks.
            sheets: vec![a, b, c],
            ..Setup::default()
        },
    )
    .unwrap();
    let places: Vec<usize> = g.standings().iter().map(|s| s.place).collect();
    assert_eq!(places, vec![1, 3, 2]);
}

#[test]
fn views_hide_other_hands_and_the_talon() {
    let g = ProfiSort::new(&ProfiSortOptions::default(), 3, 5).unwrap();
    let audit = g.audit();
    for seat in 0..3 {
        let v = g.view(seat);
        assert_eq!(v.hand, g.deal().hands[seat]);
        assert_eq!(v.hand_sizes, vec![10, 10, 10]);
        assert_eq!(v.talon, 112 - 30);
        assert_eq!(v.sheets.len(), 3);
        assert_eq!(v.sheets[seat].special_left, 230);
        let json = serde_json::to_value(&v).unwrap();
        let mut shown = Vec::new();
        crate::game::cards_in_json(&json, &mut shown);
        assert!(shown.iter().all(|c| !audit.hidden_from[seat].contains(c)));
    }
}
