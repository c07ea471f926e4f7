//! Rommé mit Kaufen: the claim window.

use super::*;

fn kaufen() -> RommeOptions {
    RommeOptions {
        first_meld_min: 0,
        ..Preset::MitKaufen.options()
    }
}

/// Seat 0 discards H9; seat 1 is next.
fn after_discard(o: &RommeOptions) -> Romme {
    let hands = ["H9 C2 C5", "S2 S3 S6", "D2 D3 D6", "SK SD SA"];
    let mut g = build(o, &setup(&hands, "CK C7 C8", "", 0));
    ok!(g, 0, RommeAction::DrawTalon);
    // No discard yet at the start (upcard given as empty): no window.
    assert_eq!(g.phase(), &Phase::Play);
    let h9 = id(&g, 0, "H9");
    ok!(g, 0, RommeAction::Discard { card: h9 });
    g
}

#[test]
fn next_player_taking_the_discard_is_his_draw() {
    let mut g = after_discard(&kaufen());
    assert_eq!(g.to_move(), Some(1));
    ok!(g, 1, RommeAction::DrawDiscard);
    assert_eq!(g.phase(), &Phase::Play);
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn claims_go_round_in_turn_order_after_a_talon_draw() {
    let mut g = after_discard(&kaufen());
    ok!(g, 1, RommeAction::DrawTalon);
    // Seat 2 decides now, not the turn owner; the discarder (0) is never asked.
    assert_eq!(g.to_move(), Some(2));
    assert_eq!(
        g.view(1).phase,
        PhaseView::Claim {
            claimant: 2,
            turn: 1
        }
    );
    assert_eq!(
        g.legal_actions(2),
        vec![RommeAction::Buy, RommeAction::PassBuy]
    );
    assert!(g.legal_actions(1).is_empty());
    let s2 = id(&g, 1, "S2");
    let e = rejected!(g, 1, RommeAction::Discard { card: s2 });
    assert!(matches!(
        e,
        RuleError::NotYourDecision {
            seat: 1,
            expected: Some(2)
        }
    ));
    ok!(g, 2, RommeAction::PassBuy);
    assert_eq!(g.to_move(), Some(3));
    let talon_top = g.deal_state().talon.last().copied().unwrap();
    let ev = ok!(g, 3, RommeAction::Buy);
    assert!(ev.contains(&RommeEvent::Bought {
        seat: 3,
        face: fc("H9")
    }));
    let hand3 = &g.deal_state().hands[3];
    assert_eq!(hand3.len(), 5);
    assert!(hand3.contains(&talon_top));
    assert_eq!(g.deal_state().buys[3], 1);
    // The turn owner continues; the order does not change.
    assert_eq!((g.phase(), g.to_move()), (&Phase::Play, Some(1)));
    ok!(g, 1, RommeAction::Discard { card: s2 });
    assert_eq!(g.to_move(), Some(2));
}

#[test]
fn everybody_passing_returns_to_the_turn_owner() {
    let mut g = after_discard(&kaufen());
    ok!(g, 1, RommeAction::DrawTalon);
    ok!(g, 2, RommeAction::PassBuy);
    ok!(g, 3, RommeAction::PassBuy);
    assert_eq!((g.phase(), g.to_move()), (&Phase::Play, Some(1)));
    assert_eq!(
        g.deal_state().discard.last().map(|c| c.face),
        Some(fc("H9"))
    );
}

#[test]
fn option_buying_off_has_no_window() {
    let o = RommeOptions {
        buying: false,
        ..kaufen()
    };
    let mut g = after_discard(&o);
    ok!(g, 1, RommeAction::DrawTalon);
    assert_eq!((g.phase(), g.to_move()), (&Phase::Play, Some(1)));
    let e = rejected!(g, 1, RommeAction::Buy);
    assert_eq!(romme_err(e), RommeError::BuyingDisabled);
}

#[test]
fn option_buy_limit() {
    let o = RommeOptions {
        buy_limit: Some(1),
        ..kaufen()
    };
    let mut g = after_discard(&o);
    ok!(g, 1, RommeAction::DrawTalon);
    ok!(g, 2, RommeAction::Buy);
    let s2 = id(&g, 1, "S2");
    ok!(g, 1, RommeAction::Discard { card: s2 });
    // Seat 2 draws from the talon; seat 3 is asked, seat 0 too; seat 1 threw the card.
    ok!(g, 2, RommeAction::DrawTalon);
    assert_eq!(g.to_move(), Some(3));
    ok!(g, 3, RommeAction::PassBuy);
    assert_eq!(g.to_move(), Some(0));
    ok!(g, 0, RommeAction::PassBuy);
    let d2 = id(&g, 2, "D2");
    ok!(g, 2, RommeAction::Discard { card: d2 });
    // Seat 3 draws: seat 2 (at his limit) threw the card anyway; seats 0 and 1 are asked.
    ok!(g, 3, RommeAction::DrawTalon);
    assert_eq!(g.to_move(), Some(0));
    ok!(g, 0, RommeAction::PassBuy);
    assert_eq!(g.to_move(), Some(1));
    ok!(g, 1, RommeAction::PassBuy);
    let sk = id(&g, 3, "SK");
    ok!(g, 3, RommeAction::Discard { card: sk });
    // Seat 0 draws: seats 1 and 2 could be asked, but seat 2 has reached his limit.
    ok!(g, 0, RommeAction::DrawTalon);
    assert_eq!(g.to_move(), Some(1));
    ok!(g, 1, RommeAction::PassBuy);
    assert_eq!((g.phase(), g.to_move()), (&Phase::Play, Some(0)));
}

/// Seed 002: "Der gekauften Karte muss noch die oberste vom Talon hinzugenommen werden" —
/// the next player declines before anyone draws, the buyer gets the discard and the top
/// talon card, and the next player then draws the card after it.
#[test]
fn next_player_declines_before_anyone_draws_and_draws_after_the_buyer() {
    let mut g = after_discard(&kaufen());
    let talon = g.deal_state().talon.clone();
    let (top, second) = (talon[talon.len() - 1], talon[talon.len() - 2]);
    let ev = ok!(g, 1, RommeAction::DrawTalon);
    assert!(ev.contains(&RommeEvent::DiscardDeclined { seat: 1 }));
    // Nobody has drawn yet: the turn owner still holds 3 cards.
    assert_eq!(g.deal_state().hands[1].len(), 3);
    assert_eq!(g.deal_state().talon.len(), talon.len());
    ok!(g, 2, RommeAction::PassBuy);
    ok!(g, 3, RommeAction::Buy);
    assert!(g.deal_state().hands[3].contains(&top));
    assert!(g.deal_state().hands[1].contains(&second));
    assert_eq!(g.deal_state().hands[1].len(), 4);
    assert_eq!((g.phase(), g.to_move()), (&Phase::Play, Some(1)));
}

#[test]
fn with_one_talon_card_a_buyer_gets_only_the_discard() {
    let hands = ["H9 C2 C5", "S2 S3 S6", "D2 D3 D6", "SK SD SA"];
    let s = Setup {
        talon_len: Some(2),
        ..setup(&hands, "CK C8", "", 0)
    };
    let mut g = build(&kaufen(), &s);
    ok!(g, 0, RommeAction::DrawTalon);
    let h9 = id(&g, 0, "H9");
    // The dealt pile's top may be bought too: everybody passes.
    for seat in 1..4 {
        ok!(g, seat, RommeAction::PassBuy);
    }
    ok!(g, 0, RommeAction::Discard { card: h9 });
    assert_eq!(g.deal_state().talon.len(), 1);
    let last = g.deal_state().talon[0];
    ok!(g, 1, RommeAction::DrawTalon);
    ok!(g, 2, RommeAction::Buy);
    assert_eq!(g.deal_state().hands[2].len(), 4, "discard only");
    assert!(g.deal_state().hands[1].contains(&last));
    assert_eq!((g.phase(), g.to_move()), (&Phase::Play, Some(1)));
}

/// Matches stored by wave 1 keep the order they began with.
#[test]
fn wave_1_order_is_kept_for_old_saves() {
    let o = RommeOptions {
        buy_order: BuyOrder::DrawFirst,
        ..kaufen()
    };
    let mut g = after_discard(&o);
    let talon = g.deal_state().talon.clone();
    let (top, second) = (talon[talon.len() - 1], talon[talon.len() - 2]);
    ok!(g, 1, RommeAction::DrawTalon);
    assert!(g.deal_state().hands[1].contains(&top));
    ok!(g, 2, RommeAction::Buy);
    assert!(g.deal_state().hands[2].contains(&second));
}
