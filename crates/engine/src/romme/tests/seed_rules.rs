//! Where the seed's words decide (issue 25): the joker exchange before one's own first meld,
//! the Räuber-Rommé upcard into a new meld, the Räuber opening, and the old rules kept by
//! records written before.

use super::*;

/// Seat 0 has not opened; seat 1's run ♥4 ♥5 🃏 ♥7 lies on the table.
fn exchange_position(opts: &RommeOptions) -> Romme {
    let mut s = setup(&["H6 C9 C10 DK", "S2 S3 S4"], "D2", "D9", 0);
    s.table = vec![(1, faces("H4 H5 JK H7"))];
    s.opened = vec![1];
    let mut g = build(opts, &s);
    ok!(g, 0, RommeAction::DrawTalon);
    // mit Kaufen: the others leave the declined discard.
    while let (Phase::Claim { .. }, Some(s)) = (g.phase().clone(), g.to_move()) {
        ok!(g, s, RommeAction::PassBuy);
    }
    g
}

fn exchange(g: &Romme) -> RommeAction {
    RommeAction::ExchangeJoker {
        card: id(g, 0, "H6"),
        meld: MeldId(0),
    }
}

#[test]
fn grundspiel_kaufen_and_raeuber_exchange_before_the_first_meld() {
    for preset in [Preset::Grundspiel, Preset::MitKaufen, Preset::Raeuber] {
        let o = preset.options();
        assert!(!o.exchange_needs_first_meld, "{preset:?}");
        let mut g = exchange_position(&o);
        let ex = exchange(&g);
        assert!(g.legal_actions(0).contains(&ex), "{preset:?}");
        ok!(g, 0, ex);
        let joker = g.view(0).freed_jokers[0].id;
        assert_eq!(g.deal_state().table[0].meld.jokers(), 0);
        // The freed joker is not a hand card: discarding it names what it needs.
        let e = rejected!(g, 0, RommeAction::Discard { card: joker });
        assert_eq!(romme_err(e), RommeError::FreedJokerMustBePlaced { joker });
    }
    // In the Grundspiel (no minimum) the joker opens at once with ♣9 ♣10.
    let mut g = exchange_position(&Preset::Grundspiel.options());
    ok!(g, 0, exchange(&g));
    let joker = g.view(0).freed_jokers[0].id;
    ok!(g, 0, meld([ids(&g, 0, "C9 C10"), vec![joker]].concat()));
    let dk = id(&g, 0, "DK");
    ok!(g, 0, RommeAction::Discard { card: dk });
    assert!(g.deal_state().opened[0]);
}

#[test]
fn mit_anlegen_keeps_the_exchange_for_after_the_first_meld() {
    let o = Preset::MitAnlegen.options();
    assert!(o.exchange_needs_first_meld);
    let mut g = exchange_position(&o);
    let e = rejected!(g, 0, exchange(&g));
    assert_eq!(romme_err(e), RommeError::ExchangeNeedsFirstMeld);
}

#[test]
fn a_record_written_before_the_option_keeps_the_old_exchange_rule() {
    // Options as stored by earlier builds: the two new fields are missing.
    let mut v = serde_json::to_value(Preset::Grundspiel.options()).unwrap();
    let m = v.as_object_mut().unwrap();
    m.remove("exchange_needs_first_meld");
    m.remove("raeuber_opening_counts");
    let old: RommeOptions = serde_json::from_value(v).unwrap();
    assert!(old.exchange_needs_first_meld);
    assert_eq!(old.raeuber_opening_counts, RaeuberOpening::AddedOnly);
    let mut g = exchange_position(&old);
    let e = rejected!(g, 0, exchange(&g));
    assert_eq!(romme_err(e), RommeError::ExchangeNeedsFirstMeld);
}

/// Räuber-Rommé, seat 0 opened, ♦7 on the discard pile; seat 1's ♦8 ♦9 ♦10 ♦B on the table.
fn upcard_position(opts: &RommeOptions) -> Romme {
    let mut s = setup(&["D5 D6 C2 C3", "S2 S3 S4"], "DA", "D7", 0);
    s.table = vec![(1, faces("D8 D9 D10 DB"))];
    s.opened = vec![0, 1];
    build(opts, &s)
}

#[test]
fn the_raeuber_upcard_must_go_into_a_new_meld() {
    let o = Preset::Raeuber.options();
    assert_eq!(o.draw_from_discard, DiscardDraw::IntoNewMeld);
    let mut g = upcard_position(&o);
    ok!(g, 0, RommeAction::DrawDiscard);
    let d7 = g.view(0).taken_discard.unwrap();
    // Laid off onto ♦8-♦B it would not be "wieder ausgelegt": refused, explained.
    let lay = RommeAction::LayOff {
        card: d7,
        meld: MeldId(0),
    };
    assert!(!g.legal_actions(0).contains(&lay));
    let e = rejected!(g, 0, lay);
    assert_eq!(
        romme_err(e),
        RommeError::DiscardMustGoIntoNewMeld { card: d7 }
    );
    // Ending the turn first names the same obligation.
    let c2 = id(&g, 0, "C2");
    let e = rejected!(g, 0, RommeAction::Discard { card: c2 });
    assert_eq!(
        romme_err(e),
        RommeError::DiscardMustGoIntoNewMeld { card: d7 }
    );
    // A rob may not lay it off either.
    let db = table_id(&g, "DB");
    let rob = RommeAction::Rob(Box::new(crate::romme::RobPlay {
        take: vec![db],
        melds: vec![],
        lay_offs: vec![(d7, MeldId(0)), (db, MeldId(0))],
    }));
    let e = rejected!(g, 0, rob);
    assert_eq!(
        romme_err(e),
        RommeError::DiscardMustGoIntoNewMeld { card: d7 }
    );
    // In a new meld it is fine.
    ok!(g, 0, meld([ids(&g, 0, "D5 D6"), vec![d7]].concat()));
    ok!(g, 0, RommeAction::Discard { card: c2 });
}

#[test]
fn a_draw_phase_rob_may_not_lay_the_upcard_off() {
    let mut g = upcard_position(&Preset::Raeuber.options());
    let d7 = g.deal_state().discard.last().unwrap().id;
    let rob = RommeAction::Rob(Box::new(crate::romme::RobPlay {
        take: vec![d7],
        melds: vec![],
        lay_offs: vec![(d7, MeldId(0))],
    }));
    let e = rejected!(g, 0, rob);
    assert_eq!(
        romme_err(e),
        RommeError::DiscardMustGoIntoNewMeld { card: d7 }
    );
}

#[test]
fn a_raeuber_record_from_before_keeps_laying_the_upcard_off() {
    let o = RommeOptions {
        draw_from_discard: DiscardDraw::OnlyIfMelded,
        ..Preset::Raeuber.options()
    };
    let mut g = upcard_position(&o);
    ok!(g, 0, RommeAction::DrawDiscard);
    let d7 = g.view(0).taken_discard.unwrap();
    ok!(
        g,
        0,
        RommeAction::LayOff {
            card: d7,
            meld: MeldId(0)
        }
    );
    let c2 = id(&g, 0, "C2");
    ok!(g, 0, RommeAction::Discard { card: c2 });
}

/// Räuber-Rommé, seat 0 has not opened: ♥10 ♥B ♥D, ♣2 ♣3 ♣4 in hand, seat 1's ♣K ♦K ♥K ♠K
/// and ♠5 ♠6 ♠7 on the table; seat 0 has drawn ♠8.
fn opening_position(counts: RaeuberOpening) -> Romme {
    let o = RommeOptions {
        raeuber_opening_counts: counts,
        ..Preset::Raeuber.options()
    };
    let mut s = setup(&["H10 HB HD C2 C3 C4 D9", "S2 S3 S4"], "S8", "D7", 0);
    s.table = vec![(1, faces("CK DK HK SK")), (1, faces("S5 S6 S7"))];
    s.opened = vec![1];
    let mut g = build(&o, &s);
    ok!(g, 0, RommeAction::DrawTalon);
    g
}

#[test]
fn raeuber_opening_reused_counts_extended_melds_whole() {
    let mut g = opening_position(RaeuberOpening::Reused);
    // ♥10 ♥B ♥D + ♥K robbed from the kings: 40.
    let hk = table_id(&g, "HK");
    let rob = RommeAction::Rob(Box::new(crate::romme::RobPlay {
        take: vec![hk],
        melds: vec![[ids(&g, 0, "H10 HB HD"), vec![hk]].concat()],
        lay_offs: vec![],
    }));
    ok!(g, 0, rob);
    assert_eq!(g.view(0).opening_points, 40);
    // ♠8 onto ♠5-♠7: the extended meld counts whole (26), not only its 8.
    let s8 = id(&g, 0, "S8");
    ok!(
        g,
        0,
        RommeAction::LayOff {
            card: s8,
            meld: MeldId(1)
        }
    );
    assert_eq!(g.view(0).opening_points, 66);
    assert_eq!(g.view(0).opening_melds, vec![MeldId(2), MeldId(1)]);
}

#[test]
fn raeuber_opening_table_counts_every_meld_on_the_table() {
    let mut g = opening_position(RaeuberOpening::Table);
    // ♣2 ♣3 ♣4 (9) opens with the table's 40 + 18: 67.
    ok!(g, 0, meld(ids(&g, 0, "C2 C3 C4")));
    assert_eq!(g.view(0).opening_points, 67);
    let d9 = id(&g, 0, "D9");
    ok!(g, 0, RommeAction::Discard { card: d9 });
    assert!(g.deal_state().opened[0]);
}

#[test]
fn raeuber_opening_of_old_records_counts_only_what_was_added() {
    for (counts, have) in [
        (RaeuberOpening::AddedOnly, 38),
        (RaeuberOpening::Reused, 56),
    ] {
        let mut g = opening_position(counts);
        // ♥10 ♥B ♥D (30), then ♠8 onto ♠5-♠7: 8 more, or the meld's 26 as a whole.
        ok!(g, 0, meld(ids(&g, 0, "H10 HB HD")));
        let s8 = id(&g, 0, "S8");
        ok!(
            g,
            0,
            RommeAction::LayOff {
                card: s8,
                meld: MeldId(1)
            }
        );
        assert_eq!(g.view(0).opening_points, have, "{counts:?}");
        let d9 = id(&g, 0, "D9");
        if have < 40 {
            let e = rejected!(g, 0, RommeAction::Discard { card: d9 });
            assert_eq!(romme_err(e), RommeError::OpeningTooLow { needed: 40, have });
        } else {
            ok!(g, 0, RommeAction::Discard { card: d9 });
        }
    }
}

#[test]
fn melding_before_the_draw_says_draw_first() {
    let mut s = setup(&["C2 C3 C4 H9", "S2 S3 S4"], "D2", "D9", 0);
    s.opened = vec![];
    let mut g = build(&Preset::Grundspiel.options(), &s);
    assert!(g
        .legal_actions(0)
        .iter()
        .all(|a| matches!(a, RommeAction::DrawTalon | RommeAction::DrawDiscard)));
    let e = rejected!(g, 0, meld(ids(&g, 0, "C2 C3 C4")));
    assert_eq!(
        e,
        RuleError::WrongPhase {
            expected: crate::game::Moment::Draw
        }
    );
}
