//! The meld transaction: rearranging the table, every rejection reason, jokers.

use super::*;
use crate::card::Face;

fn opts() -> KarussellOptions {
    KarussellOptions::default()
}

/// Table: ♥4 ♥5 ♥6 ♥7 and ♣8 ♠8 ♦8. Ann holds ♥8 ♥9 ♣K ♠3 and draws ♦2.
fn position() -> Karussell {
    build(
        &opts(),
        &["H8 H9 CK S3", "D3 D4", "CQ"],
        &["H4 H5 H6 H7", "C8 S8 D8"],
        "",
        "D2",
        0,
    )
}

#[test]
fn rearranging_the_table() {
    let mut g = position();
    draw(&mut g, 0);
    // ♥4-♥7 and ♥8 ♥9 become ♥4 ♥5 ♥6 and ♥7 ♥8 ♥9; the group stays.
    let h = |f: &str| tid(&g, f);
    let new = vec![
        cards(&[h("H4"), h("H5"), h("H6")]),
        cards(&[h("H7"), id(&g, 0, "H8"), id(&g, 0, "H9")]),
        cards(&[h("C8"), h("S8"), h("D8")]),
    ];
    let ev = ok(&mut g, 0, meld(new));
    assert!(ev.contains(&KarussellEvent::Melded {
        seat: 0,
        from_hand: 2,
        faces: faces("H8 H9"),
        melds: 3
    }));
    assert_eq!(g.round_state().hands[0].len(), 3);
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn every_transaction_rule_is_checked() {
    let mut g = position();
    draw(&mut g, 0);
    let h8 = id(&g, 0, "H8");
    let ck = id(&g, 0, "CK");
    // A table card missing: ♥7 taken into the hand.
    let mut t = table(&g);
    let h7 = t[0].remove(3);
    t.push(cards(&[h7.card, h8, id(&g, 0, "H9")]));
    t[0].pop();
    let e = rejected(&mut g, 0, meld(t));
    assert!(matches!(
        kerr(e),
        KarussellError::TableCardMissing { .. } | KarussellError::IllegalMeld { .. }
    ));
    let mut t = table(&g);
    t[0].pop();
    t.push(cards(&[h8, id(&g, 0, "H9"), ck]));
    assert_eq!(
        kerr(rejected(&mut g, 0, meld(t))),
        KarussellError::TableCardMissing {
            card: tid(&g, "H7")
        }
    );
    // No hand card.
    assert_eq!(
        {
            let t = table(&g);
            kerr(rejected(&mut g, 0, meld(t)))
        },
        KarussellError::NoHandCard
    );
    // A meld of two (index 2).
    let mut t = table(&g);
    t.push(cards(&[h8, ck]));
    assert_eq!(
        kerr(rejected(&mut g, 0, meld(t))),
        KarussellError::IllegalMeld {
            meld: 2,
            error: KMeldError::TooShort
        }
    );
    // ♣K on the hearts sequence (index 0).
    let mut t = table(&g);
    t[0].push(Slot::card(ck));
    assert_eq!(
        kerr(rejected(&mut g, 0, meld(t))),
        KarussellError::IllegalMeld {
            meld: 0,
            error: KMeldError::Mixed
        }
    );
    // A card twice; a card of another player; a natural card declared as another.
    let mut t = table(&g);
    t[0].push(Slot::card(h8));
    t[0].push(Slot::card(h8));
    assert_eq!(
        rejected(&mut g, 0, meld(t)),
        RuleError::DuplicateCard { card: h8 }
    );
    let d3 = id(&g, 1, "D3");
    let mut t = table(&g);
    t[0].push(Slot::card(d3));
    assert_eq!(
        rejected(&mut g, 0, meld(t)),
        RuleError::CardNotInHand { card: d3 }
    );
    let mut t = table(&g);
    t[1].push(Slot::joker(ck, Face::french(8, crate::card::Suit::Hearts)));
    assert_eq!(
        kerr(rejected(&mut g, 0, meld(t))),
        KarussellError::IllegalMeld {
            meld: 1,
            error: KMeldError::BadIdentity
        }
    );
    // Not the player's decision.
    let mut t = table(&g);
    t[0].push(Slot::card(h8));
    assert!(matches!(
        rejected(&mut g, 1, meld(t.clone())),
        RuleError::NotYourDecision { .. }
    ));
    ok(&mut g, 0, meld(t));
}

#[test]
fn first_meld_on_an_empty_table_is_from_the_hand() {
    let mut g = build(&opts(), &["C5 C6 C7 S9", "D3"], &[], "", "C8", 0);
    draw(&mut g, 0);
    let m = ids(&g, 0, "C5 C6 C7 C8");
    ok(&mut g, 0, meld(vec![cards(&m)]));
    assert_eq!(g.round_state().table[0].len(), 4);
}

/// Table: ♠9 ♠10 JK(♠B) and ♦5 ♦6 ♦7. Cid holds ♠B ♠D ♦4 and a joker.
fn joker_position() -> Karussell {
    build(
        &opts(),
        &["CK", "DK", "SB SD D4 JK C2"],
        &["S9 S10 JK", "D5 D6 D7"],
        "SB",
        "H2",
        2,
    )
}

#[test]
fn jokers_need_an_identity_and_keep_it() {
    let mut g = joker_position();
    draw(&mut g, 2);
    let jk = id(&g, 2, "JK");
    let d4 = id(&g, 2, "D4");
    // From the hand without identity.
    let mut t = table(&g);
    t[1].insert(0, Slot::card(d4));
    t[1].insert(0, Slot::card(jk));
    assert_eq!(
        kerr(rejected(&mut g, 2, meld(t.clone()))),
        KarussellError::JokerNeedsIdentity { card: jk }
    );
    // The table joker re-declared as ♠8 (the sequence stays legal): not replaced.
    let tj = tid(&g, "JK");
    let mut t2 = table(&g);
    t2[0][2] = Slot::joker(tj, fc("S8"));
    t2[1].push(Slot::card(d4));
    let e = rejected(&mut g, 2, meld(t2));
    // ♦4 at the end of ♦5–♦7 is fine, so the joker rule is the reason.
    assert_eq!(kerr(e), KarussellError::JokerIdentityChanged { card: tj });
    // Moving the table joker elsewhere with its identity (no `as_face`) is fine.
    t[1][0] = Slot::joker(jk, fc("D3"));
    ok(&mut g, 2, meld(t));
    assert_eq!(g.round_state().table[1].len(), 5);
    assert_eq!(g.round_state().table[1][0].as_face, fc("D3"));
}

#[test]
fn a_replaced_joker_may_take_a_new_identity() {
    let mut g = joker_position();
    draw(&mut g, 2);
    let sb = id(&g, 2, "SB");
    let sd = id(&g, 2, "SD");
    let tj = tid(&g, "JK");
    let t = table(&g);
    // ♠B replaces the joker; the joker becomes ♦8 at the end of ♦5–♦7; ♠D extends.
    let new = vec![
        vec![t[0][0], t[0][1], Slot::card(sb), Slot::card(sd)],
        vec![t[1][0], t[1][1], t[1][2], Slot::joker(tj, fc("D8"))],
    ];
    ok(&mut g, 2, meld(new));
    // The replaced joker may not go to the hand.
    let mut g = joker_position();
    draw(&mut g, 2);
    let t = table(&g);
    let new = vec![vec![t[0][0], t[0][1], Slot::card(sb)], t[1].clone()];
    assert_eq!(
        kerr(rejected(&mut g, 2, meld(new))),
        KarussellError::TableCardMissing { card: tj }
    );
}

#[test]
fn candidates_are_listed_and_legal() {
    let mut g = joker_position();
    assert!(g.meld_candidates(2).is_empty());
    draw(&mut g, 2);
    let legal = g.legal_actions(2);
    let melds: Vec<_> = legal
        .iter()
        .filter(|a| matches!(a, KarussellAction::Meld { .. }))
        .collect();
    assert!(melds.len() >= 3, "{melds:?}");
    for a in &melds {
        let mut c = g.clone();
        ok(&mut c, 2, (*a).clone());
    }
    // ♦4 laid off on ♦5–♦7 is among them.
    let d4 = id(&g, 2, "D4");
    assert!(melds.iter().any(|a| match a {
        KarussellAction::Meld { table } =>
            table.len() == 2 && table[1].iter().any(|s| s.card == d4),
        _ => false,
    }));
    // A hand meld: ♠B ♠D + joker as ♠K (or the like) appended as a third meld.
    assert!(melds
        .iter()
        .any(|a| matches!(a, KarussellAction::Meld { table } if table.len() == 3)));
    assert!(legal.contains(&KarussellAction::Draw));
    // Probes are all rejected.
    for p in g.illegal_probes(2) {
        assert!(g.clone().apply(2, &p).is_err(), "{p:?}");
    }
}
