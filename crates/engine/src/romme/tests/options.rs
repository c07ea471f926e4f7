//! One test per option, showing its effect.

use super::*;
use crate::meld::MeldError;

fn grund() -> RommeOptions {
    Preset::Grundspiel.options()
}

#[test]
fn presets_match_the_table() {
    let g = Preset::Grundspiel.options();
    assert_eq!(RommeOptions::default(), g);
    assert_eq!((g.jokers, g.hand_size, g.first_meld_min), (2, 13, 0));
    let k = Preset::MitKaufen.options();
    assert!(k.buying && k.first_meld_min == 30 && !k.first_meld_counts_lay_off);
    let a = Preset::MitAnlegen.options();
    assert_eq!(a.lay_off, LayOffPolicy::AnyAfterOwnFirstMeld);
    assert_eq!(
        (a.end_mode, a.scoring),
        (EndMode::GoOut, Scoring::AnlegenBonuses)
    );
    let r = Preset::Raeuber.options();
    assert!(r.robbing && r.first_meld_min == 40 && r.first_meld_counts_lay_off);
    let t = Preset::Traditionell.options();
    assert_eq!(
        (t.jokers, t.joker_penalty, t.hand_size, t.upcard),
        (0, 25, 10, false)
    );
    assert_eq!(t.lay_off, LayOffPolicy::AnyAnyTime);
    for p in Preset::ALL {
        for n in 2..=6 {
            assert!(Romme::new(&p.options(), n, 1).is_ok(), "{p:?} {n}");
        }
    }
}

#[test]
fn bad_options_and_player_counts_are_rejected() {
    assert!(matches!(
        Romme::new(&grund(), 7, 1),
        Err(RuleError::PlayerCount {
            min: 2,
            max: 6,
            got: 7
        })
    ));
    assert!(matches!(
        Romme::new(&grund(), 1, 1),
        Err(RuleError::PlayerCount { .. })
    ));
    let bad = [
        RommeOptions {
            target_pips: 10,
            ..grund()
        },
        RommeOptions {
            hand_size: 0,
            ..grund()
        },
        RommeOptions {
            hand_size: 20,
            ..grund()
        },
        RommeOptions {
            jokers: 9,
            ..grund()
        },
        RommeOptions {
            match_end: MatchEnd::Deals { count: Some(0) },
            ..grund()
        },
        RommeOptions {
            match_end: MatchEnd::Points { limit: 0 },
            ..grund()
        },
        RommeOptions {
            ring_pot: Some(0),
            ..grund()
        },
    ];
    for o in bad {
        assert!(
            matches!(Romme::new(&o, 6, 1), Err(RuleError::BadOption { .. })),
            "{o:?}"
        );
    }
}

#[test]
fn option_jokers_and_hand_size_and_upcard() {
    let o = RommeOptions {
        jokers: 4,
        hand_size: 7,
        upcard: false,
        ..grund()
    };
    let g = Romme::new(&o, 3, 5).unwrap();
    assert_eq!(g.audit().all.len(), 108);
    assert!(g.deal_state().hands.iter().all(|h| h.len() == 7));
    assert!(g.deal_state().discard.is_empty());
    assert_eq!(
        g.legal_actions(g.to_move().unwrap()),
        vec![RommeAction::DrawTalon]
    );
    let g = Romme::new(&grund(), 3, 5).unwrap();
    assert_eq!(g.audit().all.len(), 106);
    assert_eq!(g.deal_state().discard.len(), 1);
    assert_eq!(g.deal_state().talon.len(), 106 - 39 - 1);
}

#[test]
fn option_joker_penalty() {
    let hands = vec![
        vec![],
        vec![crate::card::Card {
            id: CardId(104),
            face: Face::Joker,
        }],
    ];
    let end = DealEnd::WentOut {
        seat: 0,
        hand_romme: false,
    };
    let o = RommeOptions {
        end_mode: EndMode::GoOut,
        ..grund()
    };
    assert_eq!(score_deal(&o, &hands, &end, None).0, vec![0, 40]);
    let o = RommeOptions {
        joker_penalty: 25,
        ..o
    };
    assert_eq!(score_deal(&o, &hands, &end, None).0, vec![0, 25]);
}

fn opening_position(counts: bool) -> Romme {
    let o = RommeOptions {
        first_meld_min: 30,
        first_meld_counts_lay_off: counts,
        ..grund()
    };
    let mut g = build(&o, &setup(&["C7 C8 C9 C10 H2", "S2 S3 S4"], "D4", "H9", 0));
    ok!(g, 0, RommeAction::DrawTalon);
    ok!(g, 0, meld(ids(&g, 0, "C7 C8 C9")));
    let c10 = id(&g, 0, "C10");
    ok!(
        g,
        0,
        RommeAction::LayOff {
            card: c10,
            meld: MeldId(0)
        }
    );
    g
}

#[test]
fn option_first_meld_counts_lay_off() {
    let mut g = opening_position(true);
    assert_eq!(g.view(0).opening_points, 34);
    let h2 = id(&g, 0, "H2");
    ok!(g, 0, RommeAction::Discard { card: h2 });
    let mut g = opening_position(false);
    let e = rejected!(g, 0, RommeAction::Discard { card: h2 });
    assert_eq!(
        romme_err(e),
        RommeError::OpeningTooLow {
            needed: 30,
            have: 24
        }
    );
}

#[test]
fn option_first_meld_min_zero_accepts_any_opening() {
    let mut g = build(
        &grund(),
        &setup(&["C2 C3 C4 H9", "S2 S3 S4"], "D4", "H9", 0),
    );
    ok!(g, 0, RommeAction::DrawTalon);
    ok!(g, 0, meld(ids(&g, 0, "C2 C3 C4")));
    let h9 = id(&g, 0, "H9");
    ok!(g, 0, RommeAction::Discard { card: h9 });
}

fn lay_off_position(policy: LayOffPolicy) -> Romme {
    let o = RommeOptions {
        lay_off: policy,
        end_mode: EndMode::GoOut,
        ..grund()
    };
    let mut s = setup(&["C5 S9 S10 SB H2 H3", "S2 S3 S4"], "D4", "H9", 0);
    s.table = vec![(1, faces("C2 C3 C4"))];
    s.opened = vec![1];
    let mut g = build(&o, &s);
    ok!(g, 0, RommeAction::DrawTalon);
    g
}

#[test]
fn option_lay_off_policies() {
    // Own melds only.
    let mut g = lay_off_position(LayOffPolicy::OwnMelds);
    let c5 = id(&g, 0, "C5");
    let e = rejected!(
        g,
        0,
        RommeAction::LayOff {
            card: c5,
            meld: MeldId(0)
        }
    );
    assert_eq!(
        romme_err(e),
        RommeError::LayOffNotAllowed {
            policy: LayOffPolicy::OwnMelds
        }
    );
    ok!(g, 0, meld(ids(&g, 0, "S9 S10 SB")));
    rejected!(
        g,
        0,
        RommeAction::LayOff {
            card: c5,
            meld: MeldId(0)
        }
    );
    // After the own first meld (same turn).
    let mut g = lay_off_position(LayOffPolicy::AnyAfterOwnFirstMeld);
    let lay = RommeAction::LayOff {
        card: c5,
        meld: MeldId(0),
    };
    rejected!(g, 0, lay.clone());
    ok!(g, 0, meld(ids(&g, 0, "S9 S10 SB")));
    assert!(g.legal_actions(0).contains(&lay));
    ok!(g, 0, lay);
    // Any time.
    let mut g = lay_off_position(LayOffPolicy::AnyAnyTime);
    ok!(
        g,
        0,
        RommeAction::LayOff {
            card: c5,
            meld: MeldId(0)
        }
    );
}

#[test]
fn option_robbing_off_rejects_rob() {
    let mut s = setup(&["HK SK C9", "S2 S3 S4"], "D4", "H9", 0);
    s.table = vec![(1, faces("CK DK HK SK"))];
    let mut g = build(&grund(), &s);
    ok!(g, 0, RommeAction::DrawTalon);
    let take = vec![table_id(&g, "CK")];
    let hk = ids(&g, 0, "HK SK");
    let rob = RommeAction::Rob(Box::new(crate::romme::RobPlay {
        take: take.clone(),
        melds: vec![[take, hk].concat()],
        lay_offs: vec![],
    }));
    assert_eq!(romme_err(rejected!(g, 0, rob)), RommeError::RobbingDisabled);
}

/// Seat 0 melds C2-C4 and discards SK, keeping H9 (9 pips).
fn nine_pips_left(o: &RommeOptions) -> Romme {
    let mut g = build(o, &setup(&["C2 C3 C4 H9", "S2 S3 S4"], "SK", "H8", 0));
    ok!(g, 0, RommeAction::DrawTalon);
    ok!(g, 0, meld(ids(&g, 0, "C2 C3 C4")));
    let sk = id(&g, 0, "SK");
    ok!(g, 0, RommeAction::Discard { card: sk });
    g
}

#[test]
fn option_end_mode() {
    let mut g = nine_pips_left(&grund());
    assert_eq!(g.phase(), &Phase::MayDeclare);
    assert_eq!(
        g.legal_actions(0),
        vec![RommeAction::DeclareRomme, RommeAction::DeclineRomme]
    );
    ok!(g, 0, RommeAction::DeclineRomme);
    assert_eq!((g.phase(), g.deal_state().turn), (&Phase::Draw, 1));
    let mut g = nine_pips_left(&RommeOptions {
        end_mode: EndMode::GoOut,
        ..grund()
    });
    assert_eq!((g.phase(), g.deal_state().turn), (&Phase::Draw, 1));
    let e = rejected!(g, 1, RommeAction::DeclareRomme);
    assert_eq!(
        romme_err(e),
        RommeError::NotInEndMode {
            mode: EndMode::GoOut
        }
    );
}

#[test]
fn declaring_too_early_names_the_residual() {
    let mut g = build(
        &grund(),
        &setup(&["C2 C3 C4 H9 S8", "S2 S3 S4"], "SK", "H8", 0),
    );
    ok!(g, 0, RommeAction::DrawTalon);
    ok!(g, 0, meld(ids(&g, 0, "C2 C3 C4")));
    // H9 + S8 + SK: even after discarding the king 17 pips are left.
    let e = rejected!(g, 0, RommeAction::DeclareRomme);
    assert_eq!(
        romme_err(e),
        RommeError::ResidualTooHigh { limit: 9, have: 17 }
    );
}

#[test]
fn option_target_pips() {
    let mut g = nine_pips_left(&RommeOptions {
        target_pips: 9,
        ..grund()
    });
    ok!(g, 0, RommeAction::DeclareRomme);
    assert_eq!(last_row(&g).points, vec![9, 9]);
    let mut g = nine_pips_left(&RommeOptions {
        target_pips: 8,
        ..grund()
    });
    assert_eq!((g.phase(), g.deal_state().turn), (&Phase::Draw, 1));
    let e = rejected!(g, 0, RommeAction::DeclareRomme);
    assert!(matches!(
        e,
        RuleError::NotYourDecision {
            seat: 0,
            expected: Some(1)
        }
    ));
}

#[test]
fn option_draw_from_discard() {
    let s = setup(&["C2 C3 H9 SK", "S2 S3 S4"], "DK", "C4", 0);
    let mut g = build(
        &RommeOptions {
            draw_from_discard: DiscardDraw::No,
            ..grund()
        },
        &s,
    );
    assert_eq!(g.legal_actions(0), vec![RommeAction::DrawTalon]);
    let e = rejected!(g, 0, RommeAction::DrawDiscard);
    assert_eq!(romme_err(e), RommeError::DiscardNotAvailable);
    // Yes: the taken card may not be discarded again this turn.
    let mut g = build(&grund(), &s);
    ok!(g, 0, RommeAction::DrawDiscard);
    let c4 = id(&g, 0, "C4");
    let e = rejected!(g, 0, RommeAction::Discard { card: c4 });
    assert_eq!(
        romme_err(e),
        RommeError::CannotDiscardTakenCard { card: c4 }
    );
    // Only if melded: the turn cannot end before it is placed; undo puts it back.
    let o = RommeOptions {
        draw_from_discard: DiscardDraw::OnlyIfMelded,
        ..grund()
    };
    let mut g = build(&o, &s);
    let before = serde_json::to_string(&g).unwrap();
    ok!(g, 0, RommeAction::DrawDiscard);
    let h9 = id(&g, 0, "H9");
    let e = rejected!(g, 0, RommeAction::Discard { card: h9 });
    assert_eq!(romme_err(e), RommeError::DiscardMustBeMelded { card: c4 });
    ok!(g, 0, RommeAction::UndoTurn);
    assert_eq!(g.phase(), &Phase::Draw);
    assert_eq!(g.deal_state().discard.last().map(|c| c.id), Some(c4));
    let mut after: Romme = g.clone();
    after.log = serde_json::from_str::<Romme>(&before).unwrap().log;
    assert_eq!(serde_json::to_string(&after).unwrap(), before);
    ok!(g, 0, RommeAction::DrawDiscard);
    ok!(g, 0, meld(ids(&g, 0, "C2 C3 C4")));
    ok!(g, 0, RommeAction::Discard { card: h9 });
}

#[test]
fn option_go_out_needs_discard() {
    let s = setup(&["C2 C3 C4 H5 H6", "S2 S3 S4"], "H7", "D9", 0);
    let o = RommeOptions {
        end_mode: EndMode::GoOut,
        ..grund()
    };
    let mut g = build(&o, &s);
    ok!(g, 0, RommeAction::DrawTalon);
    ok!(g, 0, meld(ids(&g, 0, "C2 C3 C4")));
    let e = rejected!(g, 0, meld(ids(&g, 0, "H5 H6 H7")));
    assert_eq!(romme_err(e), RommeError::MustDiscardToGoOut);
    let o = RommeOptions {
        go_out_needs_discard: false,
        ..o
    };
    let mut g = build(&o, &s);
    ok!(g, 0, RommeAction::DrawTalon);
    ok!(g, 0, meld(ids(&g, 0, "C2 C3 C4")));
    let ev = ok!(g, 0, meld(ids(&g, 0, "H5 H6 H7")));
    assert!(ev.contains(&RommeEvent::WentOut { seat: 0 }));
    assert_eq!(last_row(&g).winner, Some(0));
}

#[test]
fn option_joker_exchange() {
    let mut s = setup(&["H6 C9 C10", "S2 S3 S4"], "DK", "D9", 0);
    s.table = vec![(1, faces("H4 H5 JK H7"))];
    s.opened = vec![0];
    let o = RommeOptions {
        lay_off: LayOffPolicy::AnyAnyTime,
        ..grund()
    };
    let mut g = build(&o, &s);
    ok!(g, 0, RommeAction::DrawTalon);
    let h6 = id(&g, 0, "H6");
    let ex = RommeAction::ExchangeJoker {
        card: h6,
        meld: MeldId(0),
    };
    assert!(g.legal_actions(0).contains(&ex));
    ok!(g, 0, ex);
    let joker = g.view(0).freed_jokers[0].id;
    let dk = id(&g, 0, "DK");
    let e = rejected!(g, 0, RommeAction::Discard { card: dk });
    assert_eq!(romme_err(e), RommeError::FreedJokerMustBePlaced { joker });
    ok!(g, 0, meld([ids(&g, 0, "C9 C10"), vec![joker]].concat()));
    ok!(g, 0, RommeAction::Discard { card: dk });
    // Switched off.
    let o = RommeOptions {
        joker_exchange: false,
        ..o
    };
    let mut g = build(&o, &s);
    ok!(g, 0, RommeAction::DrawTalon);
    let e = rejected!(
        g,
        0,
        RommeAction::ExchangeJoker {
            card: h6,
            meld: MeldId(0)
        }
    );
    assert_eq!(romme_err(e), RommeError::ExchangeDisabled);
}

#[test]
fn option_set_distinct_suits() {
    let s = setup(&["HK HK SK C2", "S2 S3 S4"], "DK", "D9", 0);
    let mut g = build(&grund(), &s);
    ok!(g, 0, RommeAction::DrawTalon);
    ok!(g, 0, meld(ids(&g, 0, "HK HK SK")));
    let mut g = build(
        &RommeOptions {
            set_distinct_suits: true,
            ..grund()
        },
        &s,
    );
    ok!(g, 0, RommeAction::DrawTalon);
    let e = rejected!(g, 0, meld(ids(&g, 0, "HK HK SK")));
    assert!(matches!(e, RuleError::Meld(MeldError::SuitRepeated { .. })));
}

#[test]
fn option_max_jokers_per_meld() {
    let s = setup(&["HK JK JK C2", "S2 S3 S4"], "DK", "D9", 0);
    let mut g = build(&grund(), &s);
    ok!(g, 0, RommeAction::DrawTalon);
    ok!(g, 0, meld(ids(&g, 0, "HK JK JK")));
    let o = RommeOptions {
        max_jokers_per_meld: Some(1),
        ..grund()
    };
    let mut g = build(&o, &s);
    ok!(g, 0, RommeAction::DrawTalon);
    let e = rejected!(g, 0, meld(ids(&g, 0, "HK JK JK")));
    assert!(matches!(
        e,
        RuleError::Meld(MeldError::TooManyJokers { max: 1, got: 2 })
    ));
    ok!(g, 0, meld(ids(&g, 0, "HK DK JK")));
}

#[test]
fn option_ring_pot() {
    // 4 players stake 100: pot 400. Points: winner 0, others 20, 60, 100 behind.
    let chips = ring_settlement(100, &[0, 20, 60, 100], 0);
    // 25 % · 400 = 100 shared by weight / 3: 60/80 → 25, 20/80 → 8 (rounded down), 0.
    assert_eq!(chips, vec![400 - 25 - 8, 25, 8, 0]);
    assert!(chips[0] * 100 >= 75 * 400);
    let o = RommeOptions {
        ring_pot: Some(10),
        ..grund()
    };
    let mut g = nine_pips_left(&o);
    ok!(g, 0, RommeAction::DeclareRomme);
    let row = last_row(&g);
    assert_eq!(
        row.ring_chips.as_ref().map(|c| c.iter().sum::<u64>()),
        Some(20)
    );
    assert!(g.view(0).ring_match.is_some());
}

#[test]
fn option_scoring_on_the_same_deal() {
    // Seat 0 goes out in one turn (nothing played before); seat 1 made the first meld
    // earlier and holds 12 pips; seat 2 holds one joker.
    let hands = |g: &Romme| g.deal_state().hands.clone();
    let mut s = setup(&["H2 H3 H4 C9", "S2 SK", "JK"], "D9", "C5", 0);
    s.table = vec![(1, faces("D2 D3 D4"))];
    s.opened = vec![1];
    s.first_melder = Some(1);
    let g = build(&grund(), &s);
    let mut h = hands(&g);
    h[0].clear();
    let out = DealEnd::WentOut {
        seat: 0,
        hand_romme: true,
    };
    let score = |scoring| {
        let o = RommeOptions {
            scoring,
            joker_penalty: 40,
            ..grund()
        };
        score_deal(&o, &h, &out, Some(1)).0
    };
    assert_eq!(score(Scoring::Plain), vec![0, 12, 40]);
    assert_eq!(score(Scoring::AnlegenBonuses), vec![-40, 32, 20]);
    assert_eq!(score(Scoring::Traditionell), vec![0, 37, 65]);
}

#[test]
fn actions_round_trip_as_tagged_json() {
    let a = RommeAction::LayOff {
        card: CardId(5),
        meld: MeldId(2),
    };
    let json = serde_json::to_string(&a).unwrap();
    assert_eq!(json, r#"{"type":"LayOff","card":5,"meld":2}"#);
    assert_eq!(serde_json::from_str::<RommeAction>(&json).unwrap(), a);
    let rob = RommeAction::Rob(Box::new(crate::romme::RobPlay {
        take: vec![CardId(1)],
        melds: vec![vec![CardId(1)]],
        lay_offs: vec![(CardId(2), MeldId(0))],
    }));
    let back: RommeAction = serde_json::from_str(&serde_json::to_string(&rob).unwrap()).unwrap();
    assert_eq!(back, rob);
}
