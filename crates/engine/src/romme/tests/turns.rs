//! Turn mechanics: undo, reshuffle, match end, score sheet, views.

use super::*;
use crate::game::cards_in_json;

fn grund() -> RommeOptions {
    Preset::Grundspiel.options()
}

#[test]
fn undo_restores_hand_and_table_but_keeps_the_draw() {
    let mut s = setup(&["C2 C3 C4 H5 H6 H7 S9", "S2 S3 S4"], "C5", "D9", 0);
    s.table = vec![(0, faces("D2 D3 D4"))];
    let o = RommeOptions {
        end_mode: EndMode::GoOut,
        ..grund()
    };
    let mut g = build(&o, &s);
    ok!(g, 0, RommeAction::DrawTalon);
    let after_draw = serde_json::to_string(&g.deal).unwrap();
    assert!(!g.legal_actions(0).contains(&RommeAction::UndoTurn));
    assert_eq!(
        romme_err(rejected!(g, 0, RommeAction::UndoTurn)),
        RommeError::NothingToUndo
    );
    ok!(g, 0, meld(ids(&g, 0, "C2 C3 C4")));
    let c5 = id(&g, 0, "C5");
    ok!(
        g,
        0,
        RommeAction::LayOff {
            card: c5,
            meld: MeldId(1)
        }
    );
    ok!(g, 0, meld(ids(&g, 0, "H5 H6 H7")));
    assert!(g.view(0).can_undo);
    let ev = ok!(g, 0, RommeAction::UndoTurn);
    assert_eq!(ev, vec![RommeEvent::TurnUndone { seat: 0 }]);
    assert_eq!(serde_json::to_string(&g.deal).unwrap(), after_draw);
    assert_eq!(g.deal_state().hands[0].len(), 8);
    assert_eq!(g.phase(), &Phase::Play);
}

#[test]
fn talon_reshuffle_up_to_the_limit_then_the_deal_ends() {
    let mut s = setup(&["C2 C3 C9", "S2 S3 S8"], "DK", "D9 H4", 0);
    s.talon_len = Some(1);
    let o = RommeOptions {
        end_mode: EndMode::GoOut,
        ..grund()
    };
    let mut g = build(&o, &s);
    let all = g.audit().all.len();
    let mut reshuffles = 0;
    let mut turns = 0;
    while g.phase() != &Phase::MatchOver && g.phase() != &Phase::DealOver {
        let seat = g.to_move().unwrap();
        let ev = ok!(g, seat, RommeAction::DrawTalon);
        reshuffles += ev
            .iter()
            .filter(|e| matches!(e, RommeEvent::Reshuffled { .. }))
            .count();
        let card = g.deal_state().hands[seat][0].id;
        let ev = ok!(g, seat, RommeAction::Discard { card });
        reshuffles += ev
            .iter()
            .filter(|e| matches!(e, RommeEvent::Reshuffled { .. }))
            .count();
        assert_eq!(g.audit().all.len(), all);
        turns += 1;
        assert!(turns < 500);
    }
    assert_eq!(reshuffles, 2);
    assert_eq!(g.deal_state().reshuffles, 2);
    let row = last_row(&g);
    assert_eq!(row.winner, None);
    assert_eq!(row.end, DealEnd::TalonExhausted);
    assert!(row.points.iter().all(|&p| p > 0));
}

#[test]
fn option_max_reshuffles_zero_ends_at_the_first_empty_talon() {
    let mut s = setup(&["C2 C3 C9", "S2 S3 S8"], "DK", "D9 H4", 0);
    s.talon_len = Some(1);
    let mut g = build(
        &RommeOptions {
            max_reshuffles: 0,
            ..grund()
        },
        &s,
    );
    ok!(g, 0, RommeAction::DrawTalon);
    let c9 = id(&g, 0, "C9");
    let ev = ok!(g, 0, RommeAction::Discard { card: c9 });
    assert!(matches!(
        ev.last(),
        Some(RommeEvent::DealEnded {
            end: DealEnd::TalonExhausted,
            ..
        })
    ));
    assert_eq!(g.phase(), &Phase::DealOver);
    assert_eq!(g.to_move(), Some(0), "the next dealer starts the next deal");
    ok!(g, 0, RommeAction::NextDeal);
    assert_eq!(g.deal_state().hands[0].len(), 13);
    assert_eq!(g.score_sheet().rows.len(), 1);
}

#[test]
fn match_ends_at_500_and_the_lowest_total_wins() {
    let mut s = setup(&["C2 C3 C4 H9", "SK SD S8"], "DK", "H8", 0);
    s.totals = vec![10, 480];
    let mut g = build(&grund(), &s);
    ok!(g, 0, RommeAction::DrawTalon);
    ok!(g, 0, meld(ids(&g, 0, "C2 C3 C4")));
    let dk = id(&g, 0, "DK");
    ok!(g, 0, RommeAction::Discard { card: dk });
    let ev = ok!(g, 0, RommeAction::DeclareRomme);
    assert!(ev
        .iter()
        .any(|e| matches!(e, RommeEvent::MatchEnded { .. })));
    assert_eq!(g.phase(), &Phase::MatchOver);
    assert_eq!(g.to_move(), None);
    assert!(g.legal_actions(0).is_empty());
    assert_eq!(rejected!(g, 0, RommeAction::NextDeal), RuleError::GameOver);
    let st = g.standings();
    assert_eq!((st[0].score, st[0].place), (19, 1));
    assert_eq!((st[1].score, st[1].place), (508, 2));
}

#[test]
fn option_match_end_fixed_deals() {
    let o = RommeOptions {
        match_end: MatchEnd::Deals { count: None },
        max_reshuffles: 0,
        ..grund()
    };
    let mut g = Romme::new(&o, 2, 3).unwrap();
    let first_dealer = g.view(0).dealer;
    let mut deals = 0;
    while let Some(seat) = g.to_move() {
        let a = match g.phase() {
            Phase::Draw => RommeAction::DrawTalon,
            Phase::Play => RommeAction::Discard {
                card: g.deal_state().hands[seat][0].id,
            },
            Phase::MayDeclare => RommeAction::DeclineRomme,
            Phase::DealOver => {
                deals += 1;
                RommeAction::NextDeal
            }
            _ => panic!(),
        };
        ok!(g, seat, a);
    }
    // Each player deals once.
    assert_eq!(deals, 1);
    let rows = &g.score_sheet().rows;
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].dealer, first_dealer);
    assert_eq!(rows[1].dealer, (first_dealer + 1) % 2);
    assert_eq!(
        rows[1].totals,
        vec![
            rows[0].points[0] + rows[1].points[0],
            rows[0].points[1] + rows[1].points[1]
        ]
    );
}

#[test]
fn score_sheet_rows_and_deal_summary() {
    let mut s = setup(&["C2 C3 C4 H9", "SK SD S8", "JK"], "DK", "H8", 0);
    s.dealer = 2;
    let mut g = build(&grund(), &s);
    ok!(g, 0, RommeAction::DrawTalon);
    ok!(g, 0, meld(ids(&g, 0, "C2 C3 C4")));
    let dk = id(&g, 0, "DK");
    ok!(g, 0, RommeAction::Discard { card: dk });
    ok!(g, 0, RommeAction::DeclareRomme);
    let row = last_row(&g);
    assert_eq!((row.deal, row.dealer, row.winner), (1, 2, Some(0)));
    assert_eq!(row.points, vec![9, 28, 40]);
    assert_eq!(row.totals, vec![9, 28, 40]);
    assert_eq!(row.details[2], vec![ScoreLine::Hand { pips: 40 }]);
    let v = g.view(1);
    let sum = v.deal_summary.unwrap();
    assert_eq!(sum.hands[2], vec![Face::Joker]);
    assert_eq!(sum.pips, vec![9, 28, 40]);
    assert_eq!(v.phase, PhaseView::DealOver { next_dealer: 0 });
}

#[test]
fn views_hide_other_hands_and_the_talon() {
    let g = Romme::new(&grund(), 4, 11).unwrap();
    let audit = g.audit();
    for s in 0..4 {
        let v = serde_json::to_value(g.view(s)).unwrap();
        let mut seen = Vec::new();
        cards_in_json(&v, &mut seen);
        assert!(seen.iter().all(|c| !audit.hidden_from[s].contains(c)));
        assert_eq!(g.view(s).hand.len(), 13);
        assert_eq!(g.view(s).hand_sizes, vec![13; 4]);
    }
    // A talon draw names no card in the events.
    let mut g = g;
    let seat = g.to_move().unwrap();
    let ev = ok!(g, seat, RommeAction::DrawTalon);
    assert_eq!(
        ev[0],
        RommeEvent::Drew {
            seat,
            source: DrawSource::Talon,
            face: None
        }
    );
}

#[test]
fn first_dealer_comes_from_the_seed_and_vorhand_starts() {
    let dealers: std::collections::BTreeSet<usize> = (0..40)
        .map(|seed| Romme::new(&grund(), 4, seed).unwrap().view(0).dealer)
        .collect();
    assert!(dealers.len() > 1);
    let g = Romme::new(&grund(), 4, 9).unwrap();
    let v = g.view(0);
    assert_eq!(v.turn, (v.dealer + 1) % 4);
    assert_eq!(Romme::new(&grund(), 4, 9).unwrap(), g, "deterministic");
}

#[test]
fn errors_serialise_with_a_tag() {
    let e = RuleError::Game(RommeError::OpeningTooLow {
        needed: 30,
        have: 27,
    });
    let json = serde_json::to_string(&e).unwrap();
    assert_eq!(
        json,
        r#"{"kind":"Game","reason":"OpeningTooLow","needed":30,"have":27}"#
    );
}
