//! The worked examples of `rules/romme.md` §6.

use super::*;
use crate::meld::MeldError;

/// Example 1: Grundspiel, N = 9. ♦3 ♦4 ♦6 ♦7 ♦9 ♦D, draws ♦5, discards ♦D, melds ♦3–♦7,
/// keeps ♦9 and declares Rommé: charged 9, the others their hands.
#[test]
fn example_1_romme_bieten_with_nine_pips() {
    let opts = Preset::Grundspiel.options();
    let mut g = build(
        &opts,
        &setup(&["D3 D4 D6 D7 D9 DD", "CK S8 H2"], "D5", "C4", 0),
    );
    ok!(g, 0, RommeAction::DrawTalon);
    ok!(g, 0, meld(ids(&g, 0, "D3 D4 D5 D6 D7")));
    let dd = id(&g, 0, "DD");
    ok!(g, 0, RommeAction::Discard { card: dd });
    assert_eq!(g.phase(), &Phase::MayDeclare);
    assert_eq!(g.to_move(), Some(0));
    assert!(g.legal_actions(0).contains(&RommeAction::DeclareRomme));
    let ev = ok!(g, 0, RommeAction::DeclareRomme);
    assert!(ev.contains(&RommeEvent::DeclaredRomme {
        seat: 0,
        residual: 9
    }));
    let row = last_row(&g);
    assert_eq!(row.winner, Some(0));
    assert_eq!(row.points, vec![9, 10 + 8 + 2]);
    assert_eq!(row.details[0], vec![ScoreLine::Residual { pips: 9 }]);
    assert_eq!(
        row.end,
        DealEnd::Declared {
            seat: 0,
            residual: 9
        }
    );
}

/// The seed's scoring example: A, K, D, D, 8, 8, 10, joker = 107.
#[test]
fn seed_scoring_example_is_107() {
    let opts = Preset::Grundspiel.options();
    let g = build(
        &opts,
        &setup(&["CA CK SD HD S8 H8 C10 JK", "C2 C3 C4"], "", "", 1),
    );
    let (points, _) = score_deal(
        &opts,
        &g.deal_state().hands,
        &DealEnd::Declared {
            seat: 1,
            residual: 0,
        },
        None,
    );
    assert_eq!(points[0], 107);
}

/// Example 2: mit Anlegen. G goes out: 120 → 80. H made the first meld and lost with 23:
/// charged 43. I keeps one joker: charged 20.
#[test]
fn example_2_anlegen_bonuses() {
    let opts = Preset::MitAnlegen.options();
    let mut s = setup(&["H5 H6 H7", "S10 S8 C5", "JK"], "C2", "D9", 0);
    s.opened = vec![0, 1];
    s.first_melder = Some(1);
    s.totals = vec![120, 0, 0];
    let mut g = build(&opts, &s);
    ok!(g, 0, RommeAction::DrawTalon);
    ok!(g, 0, meld(ids(&g, 0, "H5 H6 H7")));
    let c2 = id(&g, 0, "C2");
    let ev = ok!(g, 0, RommeAction::Discard { card: c2 });
    assert!(ev.contains(&RommeEvent::WentOut { seat: 0 }));
    let row = last_row(&g);
    assert_eq!(row.points, vec![-40, 43, 20]);
    assert_eq!(row.totals, vec![80, 43, 20]);
    assert_eq!(
        row.details[1],
        vec![
            ScoreLine::Hand { pips: 23 },
            ScoreLine::FirstMeldMalus { points: 20 }
        ]
    );
    assert_eq!(row.details[2], vec![ScoreLine::LoneJoker { points: 20 }]);
}

/// Seed 002's wording for the lone joker: 20 of the joker's penalty points are struck off, so
/// with a joker penalty of 50 the lone joker costs 30 (and with 15, nothing).
#[test]
fn lone_joker_has_20_points_struck_off() {
    for (penalty, charged) in [(50, 30), (15, 0)] {
        let mut opts = Preset::MitAnlegen.options();
        opts.joker_penalty = penalty;
        let mut s = setup(&["H5 H6 H7", "S10 S8 C5", "JK"], "C2", "D9", 0);
        s.opened = vec![0, 1];
        s.first_melder = Some(1);
        let mut g = build(&opts, &s);
        ok!(g, 0, RommeAction::DrawTalon);
        ok!(g, 0, meld(ids(&g, 0, "H5 H6 H7")));
        let c2 = id(&g, 0, "C2");
        ok!(g, 0, RommeAction::Discard { card: c2 });
        let row = last_row(&g);
        assert_eq!(row.points[2], charged, "joker penalty {penalty}");
        assert_eq!(
            row.details[2],
            vec![ScoreLine::LoneJoker { points: charged }]
        );
    }
}

fn traditionell_going_out(played_before: bool) -> Vec<i32> {
    let opts = Preset::Traditionell.options();
    let mut s = setup(&["H2 H3 H4", "CK C7 CA", "S9 H9 D4 D2"], "C5", "", 0);
    if played_before {
        s.opened = vec![0];
    }
    let mut g = build(&opts, &s);
    ok!(g, 0, RommeAction::DrawTalon);
    ok!(g, 0, meld(ids(&g, 0, "H2 H3 H4")));
    let c5 = id(&g, 0, "C5");
    ok!(g, 0, RommeAction::Discard { card: c5 });
    let row = last_row(&g);
    assert_eq!(
        row.end,
        DealEnd::WentOut {
            seat: 0,
            hand_romme: !played_before
        }
    );
    row.points.clone()
}

/// Example 3: Traditionell. A goes out: B (K, 7, A) 28, C (9, 9, 4, 2) 24. Had A gone
/// Rommé: B 53, C 49.
#[test]
fn example_3_traditionell_going_out_and_hand_romme() {
    assert_eq!(traditionell_going_out(true), vec![0, 28, 24]);
    assert_eq!(traditionell_going_out(false), vec![0, 53, 49]);
}

/// Example 4: D-K-A of ♠ is a legal sequence worth 31 for an opening; K-A-2 is rejected
/// with a reason that names the rule.
#[test]
fn example_4_ace_high_opening_and_around_the_corner() {
    let opts = RommeOptions {
        buying: false,
        ..Preset::MitKaufen.options()
    };
    let mut g = build(
        &opts,
        &setup(&["SD SK SA S2 C9", "C2 C3 C4"], "H4", "D9", 0),
    );
    ok!(g, 0, RommeAction::DrawTalon);
    let e = rejected!(g, 0, meld(ids(&g, 0, "SK SA S2")));
    assert_eq!(e, RuleError::Meld(MeldError::AroundTheCorner));
    ok!(g, 0, meld(ids(&g, 0, "SD SK SA")));
    assert_eq!(g.view(0).opening_points, 31);
    let c9 = id(&g, 0, "C9");
    ok!(g, 0, RommeAction::Discard { card: c9 });
    assert!(g.deal_state().opened[0]);
}

/// A 27-point opening is held back at the discard with the facts of the rule.
#[test]
fn opening_too_low_blocks_the_discard() {
    let opts = RommeOptions {
        buying: false,
        ..Preset::MitKaufen.options()
    };
    let mut g = build(
        &opts,
        &setup(&["S8 S9 S10 C9 C2", "C3 C4 C5"], "H4", "D9", 0),
    );
    ok!(g, 0, RommeAction::DrawTalon);
    ok!(g, 0, meld(ids(&g, 0, "S8 S9 S10")));
    let c9 = id(&g, 0, "C9");
    let e = rejected!(g, 0, RommeAction::Discard { card: c9 });
    assert_eq!(
        romme_err(e),
        RommeError::OpeningTooLow {
            needed: 30,
            have: 27
        }
    );
    assert!(g.view(0).table[0].pending);
    // Take it back and discard without opening.
    ok!(g, 0, RommeAction::UndoTurn);
    assert!(g.deal_state().table.is_empty());
    ok!(g, 0, RommeAction::Discard { card: c9 });
    assert!(!g.deal_state().opened[0]);
}
