use super::*;
use engine::save::SaveMeta;
use engine::{BotLevel, SeatKind};

fn session<G: UiGame + engine::games::Listed>(
    variant: &str,
    seats: usize,
    seed: u64,
) -> Session<G> {
    let options = engine::games::variant_options::<G>(variant).expect("preset");
    let meta = SaveMeta {
        player_names: (0..seats).map(|i| format!("P{i}")).collect(),
        seat_kinds: vec![SeatKind::Human; seats],
        variant: variant.into(),
        ..SaveMeta::default()
    };
    Session::<G>::start("t".into(), options, meta, seed).expect("start")
}

/// Plays `G` with normal bots to its end (or `limit` actions); after every action checks that
/// each seat's snapshot, as sent (JSON text), holds no card that seat must not see, and that
/// the highlight of every action is within what the seat sees.
fn private_to_the_end<G: UiGame + engine::games::Listed + bots::BotGame>(
    variant: &str,
    seats: usize,
    limit: usize,
) {
    let mut s = session::<G>(variant, seats, 5);
    let options = s.record.options.clone();
    let mut bots: Vec<_> = (0..seats)
        .map(|i| bots::bot_for::<G>(BotLevel::Normal, i as u64, &options))
        .collect();
    let mut acted = 0;
    while let Some(seat) = s.state.to_move() {
        let legal = s.state.legal_actions(seat);
        let a = bots[seat].choose(&s.state.view(seat), &legal);
        let events = s.record.play(&mut s.state, seat, a).expect("legal");
        let moved: Vec<CardId> = events.iter().flat_map(G::event_cards).collect();
        let audit = s.state.audit();
        for viewer in 0..seats {
            let log = lines::<G>(&events, &s.meta.player_names, Lang::De);
            let msg = ToGuest::State(Box::new(snapshot(
                &s,
                viewer,
                0,
                &log,
                &moved,
                vec![false; seats],
                None,
            )));
            let text = serde_json::to_string(&msg).unwrap();
            let mut shown = Vec::new();
            engine::cards_in_json(&serde_json::from_str(&text).unwrap(), &mut shown);
            for c in &shown {
                assert!(
                    !audit.hidden_from[viewer].contains(c),
                    "{variant}: seat {viewer} receives hidden card {c:?} after {acted} actions"
                );
            }
            if let ToGuest::State(snap) = &msg {
                for c in &snap.highlight {
                    assert!(!audit.hidden_from[viewer].contains(c), "highlight {c:?}");
                }
                // The legal actions are sent to the seat that decides only.
                assert_eq!(snap.legal.get() == "[]", s.state.to_move() != Some(viewer));
            }
        }
        acted += 1;
        if acted >= limit {
            break;
        }
    }
    assert!(acted > 20, "{variant}: only {acted} actions");
}

#[test]
fn no_message_shows_a_guest_a_hidden_card() {
    private_to_the_end::<engine::romme::Romme>("romme_kaufen", 3, 400);
    private_to_the_end::<engine::abluxxen::Abluxxen>("abluxxen", 3, 400);
    private_to_the_end::<engine::karussell::Karussell>("karussell", 3, 150);
    private_to_the_end::<engine::profisort::ProfiSort>("profisort", 3, 300);
}

#[test]
fn intents_are_judged_before_anything_changes() {
    use engine::romme::Romme;
    let s = session::<Romme>("romme", 3, 9);
    let seat = s.state.to_move().unwrap();
    let other = (seat + 1) % 3;
    let legal = s.state.legal_actions(seat);
    let good = serde_json::value::to_raw_value(&legal[0]).unwrap();
    let at = s.record.log.len();
    // The right seat, a new number, the current state: applied.
    assert_eq!(judge(&s, seat, 0, 1, seat, at, &good), Ok(legal[0].clone()));
    // Sent again (or an older number): answered, not applied.
    assert_eq!(
        judge(&s, seat, 1, 1, seat, at, &good),
        Err(Refusal::Repeated)
    );
    assert_eq!(
        judge(&s, seat, 5, 3, seat, at, &good),
        Err(Refusal::Repeated)
    );
    // For someone else's seat.
    assert_eq!(
        judge(&s, seat, 0, 1, other, at, &good),
        Err(Refusal::NotYourSeat)
    );
    // Chosen on an older state.
    assert_eq!(
        judge(&s, seat, 0, 1, seat, at + 1, &good),
        Err(Refusal::Stale)
    );
    // Not an action of the game.
    let junk = RawValue::from_string("{\"Explode\": 1}".into()).unwrap();
    assert_eq!(
        judge(&s, seat, 0, 1, seat, at, &junk),
        Err(Refusal::Malformed)
    );
    // Out of turn: handed to the engine, which refuses it and changes nothing.
    let mut g = s.state.clone();
    let action = judge(&s, other, 0, 1, other, at, &good).unwrap();
    let before = serde_json::to_string(&g).unwrap();
    match g.apply(other, &action) {
        Err(engine::RuleError::NotYourDecision { .. }) => {}
        x => panic!("{x:?}"),
    }
    assert_eq!(serde_json::to_string(&g).unwrap(), before);
}

#[test]
fn messages_round_trip_as_text() {
    let msgs = [
        ToHost::Hello {
            token: token_text(0xabc),
            name: "Bea".into(),
            lang: "de".into(),
        },
        ToHost::Act {
            seq: 3,
            seat: 1,
            at: 17,
            action: RawValue::from_string("\"Draw\"".into()).unwrap(),
        },
        ToHost::Proceed { at: 4 },
    ];
    for m in msgs {
        let t = serde_json::to_string(&m).unwrap();
        let back = serde_json::from_str::<ToHost>(&t).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), t);
    }
    let r = ToGuest::Refused {
        seq: 2,
        why: Refusal::Stale,
    };
    let t = serde_json::to_string(&r).unwrap();
    let back = serde_json::from_str::<ToGuest>(&t).unwrap();
    assert!(matches!(
        back,
        ToGuest::Refused {
            seq: 2,
            why: Refusal::Stale
        }
    ));
    assert!(serde_json::from_str::<ToHost>("{\"t\":\"act\"}").is_err());
    assert_eq!(token_text(0xabc), "0000000000000abc");
}

#[test]
fn a_snapshot_says_when_the_game_waits_for_a_look() {
    use engine::romme::Romme;
    // A deal to its end (the deal-end summary holds the bots).
    let mut s = session::<Romme>("romme", 2, 3);
    let options = s.record.options.clone();
    let mut bots: Vec<_> = (0..2)
        .map(|i| bots::bot_for::<Romme>(BotLevel::Normal, i, &options))
        .collect();
    while let Some(seat) = s.state.to_move() {
        if Romme::hold_bots(&s.state.view(0)) {
            break;
        }
        let legal = s.state.legal_actions(seat);
        let a = bots[seat].choose(&s.state.view(seat), &legal);
        s.record.play(&mut s.state, seat, a).expect("legal");
    }
    let at = s.record.log.len();
    assert!(snapshot(&s, 1, 0, &[], &[], vec![false; 2], None).held);
    assert!(!snapshot(&s, 1, 0, &[], &[], vec![false; 2], Some(at)).held);
}
