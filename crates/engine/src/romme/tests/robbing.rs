//! Räuber-Rommé: rob transactions.

use super::*;

fn raeuber() -> RommeOptions {
    Preset::Raeuber.options()
}

/// Seat 1 owns ♥5-♥8 and the four kings; seat 0 (opened or not) has drawn.
fn position(opened: bool) -> Romme {
    let mut s = setup(&["S8 C8 H10 HB HD C2 C3", "S2 S3 S4"], "DA", "D7", 0);
    s.table = vec![(1, faces("H5 H6 H7 H8")), (1, faces("CK DK HK SK"))];
    s.opened = if opened { vec![0, 1] } else { vec![1] };
    let mut g = build(&raeuber(), &s);
    ok!(g, 0, RommeAction::DrawTalon);
    g
}

#[test]
fn rob_an_end_card_into_a_new_set() {
    let mut g = position(true);
    let h8 = table_id(&g, "H8");
    let rob = RommeAction::Rob(Box::new(crate::romme::RobPlay {
        take: vec![h8],
        melds: vec![[vec![h8], ids(&g, 0, "S8 C8")].concat()],
        lay_offs: vec![],
    }));
    ok!(g, 0, rob);
    let d = g.deal_state();
    assert_eq!(d.table[0].meld.len(), 3);
    assert_eq!(d.table[2].meld.len(), 3);
    assert_eq!(d.table[2].owner, 0);
    assert_eq!(d.hands[0].len(), 6);
}

#[test]
fn illegal_robs_leave_the_state_unchanged() {
    let mut g = position(true);
    let h6 = table_id(&g, "H6");
    let h8 = table_id(&g, "H8");
    let s8c8 = ids(&g, 0, "S8 C8");
    // Taking ♥6 leaves ♥5 ♥7 ♥8.
    let e = rejected!(
        g,
        0,
        RommeAction::Rob(Box::new(crate::romme::RobPlay {
            take: vec![h6],
            melds: vec![[vec![h6], ids(&g, 0, "H10 HB")].concat()],
            lay_offs: vec![],
        }))
    );
    assert!(matches!(
        romme_err(e),
        RommeError::RobLeavesIllegalMeld {
            meld: MeldId(0),
            ..
        }
    ));
    // Taken card not reused.
    let e = rejected!(
        g,
        0,
        RommeAction::Rob(Box::new(crate::romme::RobPlay {
            take: vec![h8],
            melds: vec![ids(&g, 0, "H10 HB HD")],
            lay_offs: vec![],
        }))
    );
    assert_eq!(romme_err(e), RommeError::TakenCardNotReused { card: h8 });
    // Taking two cards of a 4-card sequence leaves two.
    let h7 = table_id(&g, "H7");
    let e = rejected!(
        g,
        0,
        RommeAction::Rob(Box::new(crate::romme::RobPlay {
            take: vec![h7, h8],
            melds: vec![[vec![h8], s8c8.clone()].concat()],
            lay_offs: vec![(h7, MeldId(0))],
        }))
    );
    assert!(matches!(
        romme_err(e),
        RommeError::RobLeavesIllegalMeld { .. }
    ));
    // The top discard cannot be taken after the draw.
    let d7 = g.deal_state().discard.last().unwrap().id;
    let e = rejected!(
        g,
        0,
        RommeAction::Rob(Box::new(crate::romme::RobPlay {
            take: vec![d7],
            melds: vec![[vec![d7], s8c8.clone()].concat()],
            lay_offs: vec![],
        }))
    );
    assert_eq!(romme_err(e), RommeError::DiscardOnlyAsDraw);
    // An invalid new meld.
    let e = rejected!(
        g,
        0,
        RommeAction::Rob(Box::new(crate::romme::RobPlay {
            take: vec![h8],
            melds: vec![[vec![h8], ids(&g, 0, "S8 C2")].concat()],
            lay_offs: vec![],
        }))
    );
    assert!(matches!(e, RuleError::Meld(_)));
    // Nothing placed.
    let e = rejected!(
        g,
        0,
        RommeAction::Rob(Box::new(crate::romme::RobPlay {
            take: vec![],
            melds: vec![],
            lay_offs: vec![]
        }))
    );
    assert_eq!(romme_err(e), RommeError::EmptyRob);
}

#[test]
fn a_whole_meld_may_be_taken_and_rebuilt() {
    let mut g = position(true);
    let kings: Vec<CardId> = ["CK", "DK", "HK", "SK"]
        .iter()
        .map(|f| table_id(&g, f))
        .collect();
    let hd = id(&g, 0, "HD");
    // ♥K goes into ♥10-B-D-K; the other three kings stay together as a new set.
    let rob = RommeAction::Rob(Box::new(crate::romme::RobPlay {
        take: kings.clone(),
        melds: vec![
            [ids(&g, 0, "H10 HB"), vec![hd, kings[2]]].concat(),
            vec![kings[0], kings[1], kings[3]],
        ],
        lay_offs: vec![],
    }));
    ok!(g, 0, rob);
    assert_eq!(g.deal_state().table.len(), 3);
    assert!(g.deal_state().table.iter().all(|m| m.id != MeldId(1)));
}

#[test]
fn opening_forty_counts_reused_table_cards() {
    let mut g = position(false);
    let hk = table_id(&g, "HK");
    let rob = RommeAction::Rob(Box::new(crate::romme::RobPlay {
        take: vec![hk],
        melds: vec![[ids(&g, 0, "H10 HB HD"), vec![hk]].concat()],
        lay_offs: vec![],
    }));
    ok!(g, 0, rob);
    assert_eq!(g.view(0).opening_points, 40);
    let c2 = id(&g, 0, "C2");
    ok!(g, 0, RommeAction::Discard { card: c2 });
    // 24 points are not enough.
    let mut g = position(false);
    let h8 = table_id(&g, "H8");
    ok!(
        g,
        0,
        RommeAction::Rob(Box::new(crate::romme::RobPlay {
            take: vec![h8],
            melds: vec![[vec![h8], ids(&g, 0, "S8 C8")].concat()],
            lay_offs: vec![],
        }))
    );
    let e = rejected!(g, 0, RommeAction::Discard { card: c2 });
    assert_eq!(
        romme_err(e),
        RommeError::OpeningTooLow {
            needed: 40,
            have: 24
        }
    );
    // Undo restores the table.
    ok!(g, 0, RommeAction::UndoTurn);
    assert_eq!(g.deal_state().table[0].meld.len(), 4);
}

#[test]
fn draw_phase_rob_takes_the_top_discard() {
    let mut s = setup(&["D5 D6 C2 C3", "S2 S3 S4"], "DA", "D7", 0);
    s.opened = vec![0];
    let mut g = build(&raeuber(), &s);
    let d7 = g.deal_state().discard.last().unwrap().id;
    // Without melding it, taking it is rejected.
    let e = rejected!(
        g,
        0,
        RommeAction::Rob(Box::new(crate::romme::RobPlay {
            take: vec![d7],
            melds: vec![ids(&g, 0, "D5 D6 C2")],
            lay_offs: vec![],
        }))
    );
    assert!(matches!(e, RuleError::Meld(_)));
    let rob = RommeAction::Rob(Box::new(crate::romme::RobPlay {
        take: vec![d7],
        melds: vec![[ids(&g, 0, "D5 D6"), vec![d7]].concat()],
        lay_offs: vec![],
    }));
    assert!(g.legal_actions(0).contains(&rob));
    ok!(g, 0, rob);
    assert_eq!(g.phase(), &Phase::Play);
    assert!(g.deal_state().ts.drawn);
    // Undo returns to "drew the discard, must place it"; undoing again puts it back.
    ok!(g, 0, RommeAction::UndoTurn);
    assert_eq!(g.phase(), &Phase::Draw);
    assert_eq!(g.deal_state().discard.last().map(|c| c.id), Some(d7));
}

#[test]
fn a_rob_is_small_in_the_record_and_keeps_its_json() {
    // Boxed, a rob no longer makes every stored action as large as itself.
    assert!(std::mem::size_of::<RommeAction>() <= std::mem::size_of::<Vec<CardId>>() + 8);
    let rob = RommeAction::Rob(Box::new(crate::romme::RobPlay {
        take: vec![CardId(3)],
        melds: vec![vec![CardId(3), CardId(4), CardId(5)]],
        lay_offs: vec![(CardId(6), MeldId(2))],
    }));
    // The JSON of saves written before the box: the fields next to the tag.
    let json = r#"{"type":"Rob","take":[3],"melds":[[3,4,5]],"lay_offs":[[6,2]]}"#;
    assert_eq!(serde_json::to_string(&rob).unwrap(), json);
    let back: RommeAction = serde_json::from_str(json).unwrap();
    assert_eq!(back, rob);
    let via_value: RommeAction =
        serde_json::from_value(serde_json::from_str::<serde_json::Value>(json).unwrap()).unwrap();
    assert_eq!(via_value, rob);
}
