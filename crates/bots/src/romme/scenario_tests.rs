//! Single decisions of the normal bot in constructed positions.

use super::{Level, Params, RommeBot};
use crate::Bot;
use engine::romme::{Preset, Romme, RommeAction, RommeEvent, RommeOptions, Setup};
use engine::{Face, Game, Suit};

fn f(rank: u8, suit: Suit) -> Face {
    Face::french(rank, suit)
}

const C: Suit = Suit::Clubs;
const S: Suit = Suit::Spades;
const H: Suit = Suit::Hearts;
const D: Suit = Suit::Diamonds;

/// A normal bot that melds at once (no hold-back in go-out modes).
fn bot(opts: &RommeOptions) -> RommeBot {
    RommeBot::new(Level::Normal, 1)
        .with_options(opts)
        .with_hold(None)
}

/// Lets the bots play until the turn of `seat` is over; returns the events.
fn play_turn(g: &mut Romme, opts: &RommeOptions, seat: usize) -> Vec<RommeEvent> {
    play_turn_by(g, bot(opts), seat)
}

/// Lets `b` play the turn of `seat`; returns the events.
fn play_turn_by(g: &mut Romme, mut b: RommeBot, seat: usize) -> Vec<RommeEvent> {
    let mut events = Vec::new();
    for _ in 0..60 {
        let Some(s) = g.to_move() else { break };
        if s != seat {
            break;
        }
        let legal = g.legal_actions(s);
        let a = b.choose(&g.view(s), &legal);
        let ev = g.apply(s, &a).expect("bot action is legal");
        let done = ev
            .iter()
            .any(|e| matches!(e, RommeEvent::Discarded { seat: x, .. } if *x == seat));
        events.extend(ev);
        if done {
            break;
        }
    }
    events
}

fn melded(events: &[RommeEvent]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, RommeEvent::Melded { .. }))
        .count()
}

fn junk() -> Vec<Face> {
    vec![
        f(2, H),
        f(5, D),
        f(9, S),
        f(13, H),
        f(7, D),
        f(11, S),
        f(4, H),
    ]
}

/// Other unrelated cards (two packs hold each face twice only).
fn junk2() -> Vec<Face> {
    vec![
        f(3, S),
        f(6, C),
        f(10, D),
        f(12, C),
        f(8, H),
        f(1, D),
        f(5, C),
    ]
}

/// Seat 0 holds a meld of 9 points (♣2 3 4) and junk; the talon gives ♥8, the pile shows ♦D.
fn low_meld_setup() -> Setup {
    let mut low = vec![f(2, C), f(3, C), f(4, C)];
    low.extend(junk());
    Setup {
        hands: vec![low, junk()],
        talon_top: vec![f(8, H)],
        discard: vec![f(12, D)],
        ..Setup::default()
    }
}

#[test]
fn does_not_open_below_the_minimum() {
    let opts = Preset::MitAnlegen.options();
    let setup = low_meld_setup();
    let mut g = Romme::from_parts(&opts, &setup, 1).expect("setup");
    let ev = play_turn(&mut g, &opts, 0);
    assert_eq!(melded(&ev), 0, "{ev:?}");

    let mut high = vec![f(11, C), f(12, C), f(13, C)];
    high.extend(junk());
    let setup = Setup {
        hands: vec![high, junk()],
        talon_top: vec![f(8, H)],
        discard: vec![f(12, D)],
        ..Setup::default()
    };
    let mut g = Romme::from_parts(&opts, &setup, 1).expect("setup");
    let ev = play_turn(&mut g, &opts, 0);
    assert_eq!(melded(&ev), 1, "{ev:?}");
}

#[test]
fn takes_a_discard_that_completes_a_meld() {
    let opts = Preset::Grundspiel.options();
    let mut hand = vec![f(9, S), f(10, S)];
    hand.extend(junk2());
    let setup = Setup {
        hands: vec![hand, junk()],
        discard: vec![f(3, C), f(11, S)],
        ..Setup::default()
    };
    let g = Romme::from_parts(&opts, &setup, 1).expect("setup");
    let a = bot(&opts).choose(&g.view(0), &g.legal_actions(0));
    assert_eq!(a, RommeAction::DrawDiscard);
}

#[test]
fn buys_a_discard_that_completes_a_meld() {
    let opts = Preset::MitKaufen.options();
    let mut hand = vec![f(12, H), f(13, H)];
    hand.extend(junk());
    let setup = Setup {
        hands: vec![junk2(), junk2(), hand],
        discard: vec![f(1, H)],
        turn: 1,
        ..Setup::default()
    };
    let mut g = Romme::from_parts(&opts, &setup, 1).expect("setup");
    g.apply(1, &RommeAction::DrawTalon).expect("draw");
    assert_eq!(g.to_move(), Some(2));
    let a = bot(&opts).choose(&g.view(2), &g.legal_actions(2));
    assert_eq!(a, RommeAction::Buy);
}

#[test]
fn exchanges_a_joker_and_places_it() {
    let opts = Preset::Grundspiel.options();
    let hand = vec![f(6, H), f(2, C), f(2, S), f(13, D), f(9, C)];
    let setup = Setup {
        hands: vec![hand, junk()],
        table: vec![(0, vec![f(5, H), Face::Joker, f(7, H)])],
        opened: vec![0],
        talon_top: vec![f(12, S)],
        discard: vec![f(4, D)],
        ..Setup::default()
    };
    let mut g = Romme::from_parts(&opts, &setup, 1).expect("setup");
    let ev = play_turn(&mut g, &opts, 0);
    assert!(
        ev.iter()
            .any(|e| matches!(e, RommeEvent::JokerExchanged { .. })),
        "{ev:?}"
    );
    // The joker made a meld with the two 2s.
    assert_eq!(melded(&ev), 1, "{ev:?}");
}

#[test]
fn declares_romme_and_goes_out() {
    let opts = Preset::Grundspiel.options();
    let hand = vec![f(3, D), f(4, D), f(6, D), f(7, D), f(9, D), f(12, D)];
    let setup = Setup {
        hands: vec![hand, junk()],
        talon_top: vec![f(5, D)],
        discard: vec![f(13, S)],
        ..Setup::default()
    };
    let mut g = Romme::from_parts(&opts, &setup, 1).expect("setup");
    let mut b = bot(&opts);
    while g.to_move() == Some(0) {
        let a = b.choose(&g.view(0), &g.legal_actions(0));
        g.apply(0, &a).expect("legal");
    }
    let sheet = g.score_sheet();
    let row = sheet.rows.last().expect("deal over");
    assert_eq!(row.winner, Some(0));
    assert_eq!(row.points[0], 9, "kept ♦9, threw ♦D");
}

#[test]
fn keeps_pairs_and_throws_the_lonely_high_card() {
    let opts = Preset::MitAnlegen.options();
    let hand = vec![f(7, C), f(7, H), f(8, S), f(9, S), f(13, D), f(2, H)];
    let setup = Setup {
        hands: vec![hand, junk()],
        talon_top: vec![f(4, C)],
        discard: vec![f(13, C)],
        ..Setup::default()
    };
    let mut g = Romme::from_parts(&opts, &setup, 1).expect("setup");
    let ev = play_turn(&mut g, &opts, 0);
    let thrown = ev.iter().find_map(|e| match e {
        RommeEvent::Discarded { face, .. } => Some(*face),
        _ => None,
    });
    assert_eq!(thrown, Some(f(13, D)), "{ev:?}");
}

#[test]
fn does_not_feed_what_the_next_player_collects() {
    let opts = Preset::Grundspiel.options();
    let setup = Setup {
        hands: vec![vec![f(10, S), f(11, C), f(4, H), f(6, D)], junk()],
        discard: vec![f(8, S)],
        talon_top: vec![f(2, D)],
        turn: 1,
        ..Setup::default()
    };
    let mut g = Romme::from_parts(&opts, &setup, 1).expect("setup");
    let mut b = bot(&opts);
    // The bot watches seat 1 take the ♠8.
    b.choose(&g.view(0), &[RommeAction::NextDeal]);
    g.apply(1, &RommeAction::DrawDiscard).expect("draw");
    let c = g.view(1).hand[0].id;
    g.apply(1, &RommeAction::Discard { card: c })
        .expect("discard");
    let mut thrown = None;
    while g.to_move() == Some(0) {
        let a = b.choose(&g.view(0), &g.legal_actions(0));
        if let RommeAction::Discard { card } = a {
            thrown = g.view(0).hand.iter().find(|x| x.id == card).map(|x| x.face);
        }
        g.apply(0, &a).expect("legal");
    }
    assert_eq!(
        thrown,
        Some(f(11, C)),
        "keeps ♠10 away from the ♠8 collector"
    );
}

#[test]
fn robs_a_table_card_to_meld_hand_cards() {
    let opts = Preset::Raeuber.options();
    let mut hand = vec![f(8, S), f(8, C)];
    hand.extend(junk());
    let setup = Setup {
        hands: vec![hand, junk2()],
        table: vec![(1, vec![f(5, H), f(6, H), f(7, H), f(8, H)])],
        opened: vec![0, 1],
        talon_top: vec![f(12, S)],
        discard: vec![f(13, C)],
        ..Setup::default()
    };
    let mut g = Romme::from_parts(&opts, &setup, 1).expect("setup");
    let ev = play_turn(&mut g, &opts, 0);
    assert!(
        ev.iter().any(|e| matches!(e, RommeEvent::Robbed { .. })),
        "{ev:?}"
    );
}

#[test]
fn easy_bot_takes_back_a_too_low_opening() {
    let opts = Preset::MitAnlegen.options();
    let mut hand = vec![f(2, C), f(3, C), f(4, C)];
    hand.extend(junk());
    let setup = Setup {
        hands: vec![hand, junk2()],
        talon_top: vec![f(8, H)],
        discard: vec![f(12, D)],
        ..Setup::default()
    };
    let mut g = Romme::from_parts(&opts, &setup, 1).expect("setup");
    let mut b = RommeBot::new(Level::Easy, 3).with_options(&opts);
    let mut actions = Vec::new();
    while g.to_move() == Some(0) && actions.len() < 20 {
        let a = b.choose(&g.view(0), &g.legal_actions(0));
        g.apply(0, &a).expect("legal");
        actions.push(a);
    }
    assert!(actions.contains(&RommeAction::UndoTurn), "{actions:?}");
    assert!(
        matches!(actions.last(), Some(RommeAction::Discard { .. })),
        "{actions:?}"
    );
    assert!(g.view(0).table.is_empty());
}

#[test]
fn holds_melds_in_go_out_mode_until_an_opponent_is_close() {
    let opts = Preset::MitAnlegen.options();
    let mut hand = vec![f(11, C), f(12, C), f(13, C)];
    hand.extend(junk());
    for (other, melds) in [(junk2(), 0), (junk2()[..3].to_vec(), 1)] {
        let setup = Setup {
            hands: vec![hand.clone(), other],
            talon_top: vec![f(8, H)],
            discard: vec![f(12, D)],
            ..Setup::default()
        };
        let mut g = Romme::from_parts(&opts, &setup, 1).expect("setup");
        let mut b = RommeBot::new(Level::Normal, 1).with_options(&opts);
        let mut events = Vec::new();
        while g.to_move() == Some(0) {
            let a = b.choose(&g.view(0), &g.legal_actions(0));
            events.extend(g.apply(0, &a).expect("legal"));
        }
        assert_eq!(melded(&events), melds, "{events:?}");
    }
}

#[test]
fn the_tuned_set_holds_melds_in_the_grundspiel_until_the_bid_or_a_close_opponent() {
    let opts = Preset::Grundspiel.options();
    let tuned = || {
        RommeBot::new(Level::Normal, 1)
            .with_options(&opts)
            .with_params(Params::tuned(&opts, 2))
    };
    let setup = low_meld_setup();
    // Normal melds at once; the tuned set keeps the meld in hand.
    let mut g = Romme::from_parts(&opts, &setup, 1).expect("setup");
    assert_eq!(melded(&play_turn(&mut g, &opts, 0)), 1);
    let mut g = Romme::from_parts(&opts, &setup, 1).expect("setup");
    assert_eq!(melded(&play_turn_by(&mut g, tuned(), 0)), 0);
    // An opponent with five cards is close: it melds.
    let close = Setup {
        hands: vec![setup.hands[0].clone(), junk()[..5].to_vec()],
        ..setup.clone()
    };
    let mut g = Romme::from_parts(&opts, &close, 1).expect("setup");
    assert_eq!(melded(&play_turn_by(&mut g, tuned(), 0)), 1);

    // The whole plan laid out and the queen thrown leave 2 pips: it melds and declares.
    let near = vec![
        f(2, C),
        f(3, C),
        f(4, C),
        f(5, H),
        f(6, H),
        f(7, H),
        f(2, D),
        f(12, S),
    ];
    let setup = Setup {
        hands: vec![near, junk()],
        talon_top: vec![f(8, H)],
        discard: vec![f(12, D)],
        ..Setup::default()
    };
    let mut g = Romme::from_parts(&opts, &setup, 1).expect("setup");
    let ev = play_turn_by(&mut g, tuned(), 0);
    assert_eq!(melded(&ev), 2, "{ev:?}");
}

#[test]
fn every_preset_has_a_tuned_set_and_only_the_bid_presets_hold_melds() {
    for preset in Preset::ALL {
        let opts = preset.options();
        assert_ne!(Params::tuned(&opts, 2), Params::NORMAL, "{preset:?}");
        let bid = opts.end_mode == engine::romme::EndMode::BidAtMost;
        assert_eq!(Params::tuned(&opts, 2).hold_bid > 0, bid, "{preset:?}");
    }
}
