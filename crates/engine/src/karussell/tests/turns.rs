//! The deal, the turn structure, knocking, going out, the stock running out, rounds and
//! options.

use super::*;
use crate::game::Moment;

fn opts() -> KarussellOptions {
    KarussellOptions::default()
}

#[test]
fn defaults_and_option_checks() {
    let o = opts();
    assert_eq!(
        (o.jokers, o.hand_size, o.knock_limit, o.target),
        (None, 10, 5, 150)
    );
    assert!(o.meld_ends_turn && o.hints && !o.round_bonus_for_all);
    let back: KarussellOptions = serde_json::from_str("{}").unwrap();
    assert_eq!(back, o);
    assert!(matches!(
        Karussell::new(&o, 1, 0),
        Err(RuleError::PlayerCount { .. })
    ));
    assert!(matches!(
        Karussell::new(&o, 6, 0),
        Err(RuleError::PlayerCount { .. })
    ));
    let bad = KarussellOptions {
        jokers: Some(9),
        ..o.clone()
    };
    assert!(matches!(
        Karussell::new(&bad, 3, 0),
        Err(RuleError::BadOption { .. })
    ));
    let big = KarussellOptions {
        hand_size: 20,
        ..o.clone()
    };
    assert!(Karussell::new(&big, 5, 0).is_ok());
    let too_big = KarussellOptions {
        hand_size: 21,
        ..o.clone()
    };
    assert!(Karussell::new(&too_big, 2, 0).is_err());
}

#[test]
fn deal_by_players() {
    for (seats, total, jokers) in [(2, 53, 1), (3, 106, 2), (5, 106, 2)] {
        let g = Karussell::new(&opts(), seats, 42).unwrap();
        let r = g.round_state();
        assert_eq!(g.audit().all.len(), total);
        assert!(r.hands.iter().all(|h| h.len() == 10));
        assert_eq!(r.stock.len(), total - 10 * seats);
        let j = g
            .audit()
            .all
            .iter()
            .filter(|c| c.0 as usize >= total - jokers)
            .count();
        assert_eq!(j, jokers);
        assert!(r.table.is_empty());
        // The player left of the dealer starts and must draw.
        assert_eq!(g.to_move(), Some((g.dealer + 1) % seats));
        assert_eq!(g.legal_actions(r.turn), vec![KarussellAction::Draw]);
    }
    let three = KarussellOptions {
        jokers: Some(3),
        ..opts()
    };
    assert_eq!(Karussell::new(&three, 2, 1).unwrap().audit().all.len(), 55);
    // The first dealer comes from the seed.
    let dealers: std::collections::BTreeSet<Seat> = (0..20)
        .map(|s| Karussell::new(&opts(), 4, s).unwrap().dealer)
        .collect();
    assert!(dealers.len() > 1);
}

#[test]
fn draw_then_meld_or_draw_three_times_at_most() {
    let mut g = build(&opts(), &["CK SQ H9", "D2 D3"], &[], "", "C2 C3 C4", 0);
    let e = {
        let a = hm(&g, 0, "CK SQ H9");
        rejected(&mut g, 0, a)
    };
    assert_eq!(
        e,
        RuleError::WrongPhase {
            expected: Moment::Draw
        }
    );
    assert_eq!(
        rejected(&mut g, 0, KarussellAction::Pass),
        RuleError::WrongPhase {
            expected: Moment::Draw
        }
    );
    let ev = ok(&mut g, 0, KarussellAction::Draw);
    assert_eq!(ev, vec![KarussellEvent::Drew { seat: 0, draw: 1 }]);
    assert_eq!(g.view(0).phase, PhaseView::MayMeld { seat: 0, draws: 1 });
    assert!(g.legal_actions(0).contains(&KarussellAction::Draw));
    assert_eq!(
        kerr(rejected(&mut g, 0, KarussellAction::Pass)),
        KarussellError::CannotPass
    );
    draw(&mut g, 0);
    let ev = ok(&mut g, 0, KarussellAction::Draw);
    assert!(ev.contains(&KarussellEvent::TurnEnded { seat: 0 }));
    // No meld after the third draw: the turn passed on by itself.
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.round_state().hands[0].len(), 6);
    assert_eq!(g.round_state().draws, 0);
}

#[test]
fn a_meld_ends_the_turn() {
    let mut g = build(&opts(), &["H4 H5 H6 CK SK", "D2 D3"], &[], "", "C9", 0);
    draw(&mut g, 0);
    let ev = {
        let a = hm(&g, 0, "H4 H5 H6");
        ok(&mut g, 0, a)
    };
    assert!(ev.contains(&KarussellEvent::Melded {
        seat: 0,
        from_hand: 3,
        faces: faces("H4 H5 H6"),
        melds: 1
    }));
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.round_state().table.len(), 1);
    assert_eq!(g.round_state().hands[0].len(), 3);
}

#[test]
fn meld_ends_turn_off_allows_more_melds_then_pass() {
    let o = KarussellOptions {
        meld_ends_turn: false,
        ..opts()
    };
    let mut g = build(&o, &["H4 H5 H6 C8 S8 D8 CK", "D2 D3"], &[], "", "C9", 0);
    draw(&mut g, 0);
    {
        let a = hm(&g, 0, "H4 H5 H6");
        ok(&mut g, 0, a)
    };
    assert_eq!(g.to_move(), Some(0));
    assert_eq!(g.view(0).phase, PhaseView::AfterMeld { seat: 0 });
    assert_eq!(
        kerr(rejected(&mut g, 0, KarussellAction::Draw)),
        KarussellError::AlreadyMelded
    );
    let mut t = table(&g);
    t.push(cards(&ids(&g, 0, "C8 S8 D8")));
    ok(&mut g, 0, meld(t));
    assert!(g.legal_actions(0).contains(&KarussellAction::Pass));
    ok(&mut g, 0, KarussellAction::Pass);
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn knock_decision_only_when_eligible() {
    // After the meld Ann keeps CA C2 (3): she may knock or end her turn.
    let mut g = build(&opts(), &["H2 H3 H4 CA", "CK", "DK"], &[], "", "C2", 0);
    draw(&mut g, 0);
    assert_eq!(
        kerr(rejected(&mut g, 0, KarussellAction::Knock)),
        KarussellError::HandTooHigh { limit: 5, have: 12 }
    );
    {
        let a = hm(&g, 0, "H2 H3 H4");
        ok(&mut g, 0, a)
    };
    assert_eq!(g.phase(), Phase::KnockDecision);
    assert_eq!(
        g.view(0).phase,
        PhaseView::KnockDecision { seat: 0, pips: 3 }
    );
    assert_eq!(
        g.legal_actions(0),
        vec![KarussellAction::Knock, KarussellAction::EndTurn]
    );
    let mut declined = g.clone();
    ok(&mut declined, 0, KarussellAction::EndTurn);
    assert_eq!(declined.to_move(), Some(1));
    assert_eq!(declined.phase(), Phase::Turn);
    ok(&mut g, 0, KarussellAction::Knock);
    assert_eq!(g.phase(), Phase::RoundOver);
    let row = &g.score_sheet()[0];
    assert_eq!(row.end, RoundEnd::Knocked { seat: 0, pips: 3 });
    assert_eq!(row.points, vec![14, 0, 0]);
    // Without an eligible hand the turn passes on at once.
    let mut h = build(&opts(), &["H2 H3 H4 CK", "CK", "DK"], &[], "", "C2", 0);
    draw(&mut h, 0);
    {
        let a = hm(&h, 0, "H2 H3 H4");
        ok(&mut h, 0, a)
    };
    assert_eq!(h.to_move(), Some(1));
}

#[test]
fn going_out_ends_the_round_with_25() {
    let mut g = build(&opts(), &["H2 H3", "CK", "DK SQ"], &[], "", "H4", 0);
    draw(&mut g, 0);
    let ev = {
        let a = hm(&g, 0, "H2 H3 H4");
        ok(&mut g, 0, a)
    };
    assert!(ev.contains(&KarussellEvent::WentOut { seat: 0 }));
    assert_eq!(g.phase(), Phase::RoundOver);
    let row = &g.score_sheet()[0];
    assert_eq!(row.end, RoundEnd::WentOut { seat: 0 });
    assert_eq!(row.points, vec![10 + 20 + 25, 0, 0]);
    assert_eq!(g.rounds_won(), &[1, 0, 0]);
    // The round-end view reveals every hand; the next dealer starts the next round.
    let v = g.view(2);
    assert_eq!(v.revealed_hands.as_ref().map(|h| h[1].len()), Some(1));
    assert_eq!(
        v.round_summary.as_ref().map(|s| s.pips.clone()),
        Some(vec![0, 10, 20])
    );
    let next = (g.dealer + 1) % 3;
    assert_eq!(v.phase, PhaseView::RoundOver { next_dealer: next });
    assert_eq!(g.to_move(), Some(next));
    assert_eq!(g.legal_actions(next), vec![KarussellAction::NextRound]);
    ok(&mut g, next, KarussellAction::NextRound);
    assert_eq!(g.dealer, next);
    assert_eq!(g.round_no, 2);
    assert!(g.round_state().table.is_empty());
    assert!(g.round_state().hands.iter().all(|h| h.len() == 10));
    assert_eq!(g.to_move(), Some((next + 1) % 3));
    assert!(g.view(0).round_summary.is_none());
}

/// The stock runs out on Bob's first draw: he may still meld or pass; then Cid, Ann and
/// Bob play final turns (meld or pass only), then the round is scored without a knocker.
#[test]
fn stock_runs_out_final_turns() {
    let s = Setup {
        hands: vec![faces("CK C9 C8"), faces("S2 S3 DK"), faces("H7 H8 HK D5")],
        stock_top: faces("S4"),
        stock_len: Some(1),
        dealer: 0,
        turn: 1,
        ..Setup::default()
    };
    let mut g = Karussell::from_parts(&opts(), &s, 3).unwrap();
    draw(&mut g, 1);
    assert_eq!(g.round_state().stock.len(), 0);
    assert_eq!(
        kerr(rejected(&mut g, 1, KarussellAction::Draw)),
        KarussellError::StockEmpty
    );
    assert!(g.legal_actions(1).contains(&KarussellAction::Pass));
    let ev = ok(&mut g, 1, KarussellAction::Pass);
    assert!(ev.contains(&KarussellEvent::StockEmpty { seat: 1, first: 2 }));
    assert_eq!(g.phase(), Phase::FinalTurn);
    assert_eq!(
        g.view(0).phase,
        PhaseView::FinalTurn {
            seat: 2,
            emptied_by: 1,
            left: 3
        }
    );
    assert_eq!(
        kerr(rejected(&mut g, 2, KarussellAction::Draw)),
        KarussellError::StockEmpty
    );
    assert_eq!(
        kerr(rejected(&mut g, 2, KarussellAction::Knock)),
        KarussellError::NoKnockInFinalTurn
    );
    ok(&mut g, 2, KarussellAction::Pass);
    // Ann melds nothing; Bob (who emptied the stock) plays the last final turn.
    ok(&mut g, 0, KarussellAction::Pass);
    assert_eq!(g.to_move(), Some(1));
    {
        let a = hm(&g, 1, "S2 S3 S4");
        ok(&mut g, 1, a)
    };
    assert_eq!(g.phase(), Phase::RoundOver);
    let row = &g.score_sheet()[0];
    assert_eq!(row.end, RoundEnd::StockExhausted { emptied_by: 1 });
    assert_eq!(row.pips, vec![27, 10, 30]);
    assert_eq!(row.winners, vec![1]);
    assert_eq!(row.points, vec![0, 17 + 20, 0]);
}

#[test]
fn stock_emptied_by_the_third_draw_may_still_knock() {
    let s = Setup {
        hands: vec![faces("CA"), faces("CK"), faces("DK")],
        stock_top: faces("C2 C3 SA"),
        stock_len: Some(3),
        dealer: 2,
        turn: 0,
        ..Setup::default()
    };
    let mut g = Karussell::from_parts(&opts(), &s, 3).unwrap();
    draw(&mut g, 0);
    draw(&mut g, 0);
    draw(&mut g, 0);
    // 1 + 2 + 3 + 1 = 7 > 5: no knock, the final turns begin.
    assert_eq!(g.phase(), Phase::FinalTurn);
    assert_eq!(g.to_move(), Some(1));
    let s2 = Setup {
        hands: vec![faces("CA"), faces("CK"), faces("DK")],
        stock_top: faces("C2 SA HA"),
        stock_len: Some(3),
        ..s
    };
    let mut g = Karussell::from_parts(&opts(), &s2, 3).unwrap();
    draw(&mut g, 0);
    draw(&mut g, 0);
    draw(&mut g, 0);
    assert_eq!(g.phase(), Phase::KnockDecision);
    let e = {
        let a = hm(&g, 0, "CA SA HA");
        rejected(&mut g, 0, a)
    };
    assert_eq!(kerr(e), KarussellError::NotAfterThirdDraw);
    ok(&mut g, 0, KarussellAction::Knock);
    assert_eq!(
        g.score_sheet()[0].end,
        RoundEnd::Knocked { seat: 0, pips: 5 }
    );
}

#[test]
fn going_out_in_a_final_turn() {
    let s = Setup {
        hands: vec![faces("CK"), faces("S2 S3 S4"), faces("DK")],
        stock_top: faces("D9"),
        stock_len: Some(1),
        dealer: 2,
        turn: 0,
        ..Setup::default()
    };
    let mut g = Karussell::from_parts(&opts(), &s, 3).unwrap();
    draw(&mut g, 0);
    ok(&mut g, 0, KarussellAction::Pass);
    assert_eq!(g.to_move(), Some(1));
    {
        let a = hm(&g, 1, "S2 S3 S4");
        ok(&mut g, 1, a)
    };
    let row = &g.score_sheet()[0];
    assert_eq!(row.end, RoundEnd::WentOut { seat: 1 });
    assert_eq!(row.points, vec![0, 19 + 10 + 25, 0]);
}

#[test]
fn view_hides_other_hands_and_the_stock() {
    let g = Karussell::new(&opts(), 3, 9).unwrap();
    let v = g.view(1);
    assert_eq!(v.hand, g.round_state().hands[1]);
    assert_eq!(v.hand_sizes, vec![10, 10, 10]);
    assert_eq!(v.stock_size, 76);
    assert!(v.revealed_hands.is_none());
    let json = serde_json::to_value(&v).unwrap();
    let mut shown = Vec::new();
    crate::game::cards_in_json(&json, &mut shown);
    for c in &g.audit().hidden_from[1] {
        assert!(!shown.contains(c));
    }
    assert_eq!(g.position().hidden, vec![76]);
}
