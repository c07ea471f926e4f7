//! Worked examples and edge cases for meld validation.

use super::*;
use crate::card::CardId;

/// Builds cards from short labels: "S13" = ♠K, "H1" = ♥A, "J" = joker. Ids are positions
/// plus `base`, so every card is distinct.
fn cards(labels: &[&str]) -> Vec<Card> {
    labels
        .iter()
        .enumerate()
        .map(|(i, l)| Card {
            id: CardId(i as u16 + 100),
            face: face(l),
        })
        .collect()
}

fn face(label: &str) -> Face {
    if label == "J" {
        return Face::Joker;
    }
    let (s, r) = label.split_at(1);
    let suit = match s {
        "C" => Suit::Clubs,
        "S" => Suit::Spades,
        "H" => Suit::Hearts,
        _ => Suit::Diamonds,
    };
    Face::french(r.parse().expect("rank"), suit)
}

fn rules(distinct: bool, max_jokers: Option<u8>) -> MeldRules {
    MeldRules {
        set_distinct_suits: distinct,
        max_jokers_per_meld: max_jokers,
        min_len: 3,
    }
}

fn stands_for(m: &Meld) -> Vec<Face> {
    m.cards.iter().map(|p| p.stands_for).collect()
}

#[test]
fn worked_example_4_queen_king_ace_is_31() {
    let m = validate(&cards(&["S1", "S12", "S13"]), &MeldRules::default()).unwrap();
    assert_eq!(m.kind, MeldKind::Sequence);
    assert!(m.ace_high);
    assert_eq!(m.opening_value(), 31);
    assert_eq!(stands_for(&m), [face("S12"), face("S13"), face("S1")]);
}

#[test]
fn worked_example_4_around_the_corner_is_rejected() {
    for r in [rules(false, None), rules(true, None)] {
        assert_eq!(
            validate(&cards(&["S13", "S1", "S2"]), &r),
            Err(MeldError::AroundTheCorner)
        );
        assert_eq!(
            validate(&cards(&["S13", "J", "S2"]), &r),
            Err(MeldError::AroundTheCorner)
        );
        assert_eq!(
            validate(&cards(&["S12", "S2", "J", "J"]), &r),
            Err(MeldError::AroundTheCorner)
        );
    }
}

#[test]
fn ace_low_sequence_counts_ace_as_one() {
    let m = validate(&cards(&["H3", "H1", "H2"]), &MeldRules::default()).unwrap();
    assert!(!m.ace_high);
    assert_eq!(m.opening_value(), 6);
    // a surplus joker goes high by default, low on request (then it is a low ace)
    let group = cards(&["J", "H2", "H3"]);
    let m = validate(&group, &MeldRules::default()).unwrap();
    assert_eq!(m.cards[2].stands_for, face("H4"));
    assert_eq!(m.opening_value(), 9);
    let m = validate_with_hint(&group, &MeldRules::default(), JokerHint::Low).unwrap();
    assert_eq!(m.cards[0].stands_for, face("H1"));
    assert_eq!(m.opening_value(), 6);
}

#[test]
fn sets_with_and_without_distinct_suits() {
    let group = cards(&["H13", "H13", "S13"]);
    let m = validate(&group, &rules(false, None)).unwrap();
    assert_eq!(m.kind, MeldKind::Set);
    assert_eq!(m.opening_value(), 30);
    assert_eq!(
        validate(&group, &rules(true, None)),
        Err(MeldError::SuitRepeated { suit: Suit::Hearts })
    );
    let five = cards(&["H5", "S5", "C5", "D5", "J"]);
    assert!(validate(&five, &rules(false, None)).is_ok());
    assert_eq!(
        validate(&five, &rules(true, None)),
        Err(MeldError::SetTooLarge { max: 4 })
    );
    let aces = validate(&cards(&["H1", "S1", "C1"]), &MeldRules::default()).unwrap();
    assert_eq!(aces.opening_value(), 33);
}

#[test]
fn set_jokers_take_missing_suits() {
    let m = validate(&cards(&["S7", "J", "C7", "J"]), &rules(true, None)).unwrap();
    assert_eq!(
        stands_for(&m),
        [face("C7"), face("S7"), face("H7"), face("D7")]
    );
    let m = validate(&cards(&["C7", "S7", "H7", "D7", "J"]), &rules(false, None)).unwrap();
    assert_eq!(m.cards[4].stands_for, face("C7"));
    assert_eq!(m.opening_value(), 35);
}

#[test]
fn one_natural_with_jokers_prefers_a_set() {
    let m = validate(&cards(&["H5", "J", "J"]), &MeldRules::default()).unwrap();
    assert_eq!(m.kind, MeldKind::Set);
    // ... but falls back to a sequence when the set is illegal
    let m = validate(&cards(&["H5", "J", "J", "J", "J"]), &rules(true, None)).unwrap();
    assert_eq!(m.kind, MeldKind::Sequence);
    assert_eq!(m.cards[0].stands_for, face("H5"));
    let m = validate_as(
        &cards(&["H5", "J", "J"]),
        &MeldRules::default(),
        MeldKind::Sequence,
        JokerHint::Low,
    )
    .unwrap();
    assert_eq!(stands_for(&m), [face("H3"), face("H4"), face("H5")]);
}

#[test]
fn surplus_jokers_go_high_then_low() {
    let r = MeldRules::default();
    let m = validate(&cards(&["H12", "H13", "J", "J"]), &r).unwrap();
    assert_eq!(
        stands_for(&m),
        [face("H11"), face("H12"), face("H13"), face("H1")]
    );
    assert!(m.ace_high);
    let m = validate(&cards(&["H5", "J", "H7", "J"]), &r).unwrap();
    assert_eq!(
        stands_for(&m),
        [face("H5"), face("H6"), face("H7"), face("H8")]
    );
    let m = validate_with_hint(&cards(&["H5", "J", "H7", "J"]), &r, JokerHint::Low).unwrap();
    assert_eq!(m.cards[0].stands_for, face("H4"));
}

#[test]
fn basic_errors() {
    let r = MeldRules::default();
    assert_eq!(
        validate(&cards(&["H5", "H6"]), &r),
        Err(MeldError::TooShort { min: 3, got: 2 })
    );
    assert_eq!(
        validate(&cards(&["J", "J", "J"]), &r),
        Err(MeldError::OnlyJokers)
    );
    assert_eq!(
        validate(&cards(&["H5", "J", "J"]), &rules(false, Some(1))),
        Err(MeldError::TooManyJokers { max: 1, got: 2 })
    );
    assert_eq!(
        validate(&cards(&["H5", "S6", "H7"]), &r),
        Err(MeldError::Mixed)
    );
    assert_eq!(
        validate(&cards(&["H5", "H5", "H6"]), &r),
        Err(MeldError::RankRepeated { rank: Rank(5) })
    );
    assert_eq!(
        validate(&cards(&["H5", "H9", "H6"]), &r),
        Err(MeldError::Gap { missing: 2 })
    );
    assert_eq!(
        validate(&cards(&["H5", "H9", "J"]), &r),
        Err(MeldError::Gap { missing: 2 })
    );
    let lux = [Card {
        id: CardId(1),
        face: Face::Lux(3),
    }];
    assert_eq!(validate(&lux, &r), Err(MeldError::NotARummyCard));
    let bad_rank = [Card {
        id: CardId(1),
        face: Face::french(0, Suit::Clubs),
    }];
    assert_eq!(validate(&bad_rank, &r), Err(MeldError::NotARummyCard));
    let mut dup = cards(&["H5", "H6", "H7"]);
    dup[2].id = dup[0].id;
    assert_eq!(
        validate(&dup, &r),
        Err(MeldError::DuplicateCard { card: dup[0].id })
    );
    assert_eq!(
        validate(&[], &r),
        Err(MeldError::TooShort { min: 3, got: 0 })
    );
}

#[test]
fn long_sequences() {
    let r = MeldRules::default();
    let mut all: Vec<String> = (1..=13).map(|i| format!("S{i}")).collect();
    let labels: Vec<&str> = all.iter().map(|s| s.as_str()).collect();
    let m = validate(&cards(&labels), &r).unwrap();
    assert_eq!(m.len(), 13);
    // all thirteen ranks: the ace plays high by default (2..K-A), low on request
    assert!(m.ace_high);
    assert_eq!(m.opening_value(), 54 + 30 + 11);
    let low = validate_with_hint(&cards(&labels), &r, JokerHint::Low).unwrap();
    assert!(!low.ace_high);
    assert_eq!(low.opening_value(), 54 + 30 + 1);
    all.push("J".into());
    let labels: Vec<&str> = all.iter().map(|s| s.as_str()).collect();
    assert_eq!(validate(&cards(&labels), &r), Err(MeldError::TooLong));
    let joker = Card {
        id: CardId(1),
        face: Face::Joker,
    };
    assert_eq!(m.extend(joker, &r), Err(MeldError::TooLong));
    let heart = Card {
        id: CardId(2),
        face: face("H5"),
    };
    assert_eq!(m.extend(heart, &r), Err(MeldError::DoesNotFit));
}

#[test]
fn extend_sequence_at_both_ends() {
    let r = MeldRules::default();
    let m = validate(&cards(&["D4", "D5", "D6"]), &r).unwrap();
    let card = |l: &str, id: u16| Card {
        id: CardId(id),
        face: face(l),
    };
    let up = m.extend(card("D7", 1), &r).unwrap();
    assert_eq!(up.cards.last().unwrap().stands_for, face("D7"));
    let down = m.extend(card("D3", 1), &r).unwrap();
    assert_eq!(down.cards[0].stands_for, face("D3"));
    assert_eq!(m.extend(card("D8", 1), &r), Err(MeldError::DoesNotFit));
    assert_eq!(m.extend(card("H7", 1), &r), Err(MeldError::DoesNotFit));
    assert_eq!(
        m.extend(card("D4", 100), &r),
        Err(MeldError::DuplicateCard { card: CardId(100) })
    );
    // joker goes high, or low when the ace-high end is reached
    let j = m.extend(card("J", 1), &r).unwrap();
    assert_eq!(j.cards.last().unwrap().stands_for, face("D7"));
    let top = validate(&cards(&["D12", "D13", "D1"]), &r).unwrap();
    let j = top.extend(card("J", 1), &r).unwrap();
    assert_eq!(j.cards[0].stands_for, face("D11"));
    assert_eq!(
        top.extend(card("D2", 1), &r),
        Err(MeldError::AroundTheCorner)
    );
    // ace at either end
    let low = validate(&cards(&["D2", "D3", "D4"]), &r).unwrap();
    let a = low.extend(card("D1", 1), &r).unwrap();
    assert!(!a.ace_high);
    assert_eq!(a.opening_value(), 10);
    let high = validate(&cards(&["D11", "D12", "D13"]), &r).unwrap();
    let a = high.extend(card("D1", 1), &r).unwrap();
    assert!(a.ace_high);
    assert_eq!(a.opening_value(), 41);
    assert_eq!(
        validate(&cards(&["D1", "D2", "D3"]), &r)
            .unwrap()
            .extend(card("D13", 1), &r),
        Err(MeldError::AroundTheCorner)
    );
    assert_eq!(
        m.extend(card("J", 1), &rules(false, Some(0))),
        Err(MeldError::TooManyJokers { max: 0, got: 1 })
    );
}

#[test]
fn extend_set() {
    let card = |l: &str, id: u16| Card {
        id: CardId(id),
        face: face(l),
    };
    let m = validate(&cards(&["C9", "S9", "J"]), &rules(true, None)).unwrap();
    assert_eq!(m.cards[2].stands_for, face("H9"));
    let m2 = m.extend(card("H9", 1), &rules(true, None)).unwrap();
    // the joker moves on to the suit still missing
    assert_eq!(m2.cards.last().unwrap().stands_for, face("D9"));
    assert_eq!(
        m2.extend(card("D9", 2), &rules(true, None)),
        Err(MeldError::SetTooLarge { max: 4 })
    );
    assert_eq!(
        m.extend(card("S9", 2), &rules(true, None)),
        Err(MeldError::SuitRepeated { suit: Suit::Spades })
    );
    assert!(m.extend(card("S9", 2), &rules(false, None)).is_ok());
    assert_eq!(
        m.extend(card("S8", 2), &rules(false, None)),
        Err(MeldError::DoesNotFit)
    );
    assert_eq!(
        m.extend(card("J", 2), &rules(false, None))
            .unwrap()
            .jokers(),
        2
    );
}

#[test]
fn replace_joker_in_sequence_and_set() {
    let r = MeldRules::default();
    let card = |l: &str, id: u16| Card {
        id: CardId(id),
        face: face(l),
    };
    let m = validate(&cards(&["H4", "J", "H6"]), &r).unwrap();
    assert_eq!(m.cards[1].stands_for, face("H5"));
    let (m2, freed) = m.replace_joker(card("H5", 1), &r).unwrap();
    assert_eq!(freed.face, Face::Joker);
    assert_eq!(m2.jokers(), 0);
    assert_eq!(m2.opening_value(), 15);
    assert_eq!(
        m.replace_joker(card("H7", 1), &r),
        Err(MeldError::NoJokerFor { face: face("H7") })
    );
    assert_eq!(
        m.replace_joker(card("J", 1), &r),
        Err(MeldError::DoesNotFit)
    );

    let set = validate(&cards(&["C9", "S9", "J"]), &rules(true, None)).unwrap();
    let (s2, _) = set
        .replace_joker(card("D9", 1), &rules(true, None))
        .unwrap();
    assert_eq!(s2.jokers(), 0);
    assert_eq!(s2.len(), 3);
    assert_eq!(
        set.replace_joker(card("S9", 1), &rules(true, None)),
        Err(MeldError::SuitRepeated { suit: Suit::Spades })
    );
    assert!(set
        .replace_joker(card("S9", 1), &rules(false, None))
        .is_ok());
    assert_eq!(
        set.replace_joker(card("S8", 1), &rules(false, None)),
        Err(MeldError::NoJokerFor { face: face("S8") })
    );
    assert_eq!(set.card_ids(), [CardId(100), CardId(101), CardId(102)]);
}

#[test]
fn garbage_melds_do_not_panic() {
    let r = MeldRules::default();
    let card = |l: &str, id: u16| Card {
        id: CardId(id),
        face: face(l),
    };
    for kind in [MeldKind::Set, MeldKind::Sequence] {
        let empty = Meld {
            kind,
            cards: vec![],
            ace_high: true,
        };
        assert!(empty.extend(card("H3", 1), &r).is_err());
        assert!(empty.extend(card("J", 1), &r).is_err());
        assert!(empty.replace_joker(card("H3", 1), &r).is_err());
        assert_eq!(empty.opening_value(), 0);
    }
}

#[test]
fn declared_jokers_keep_their_identity() {
    let r = rules(true, None);
    let placed = |label: &str, id: u16, as_: &str| Placed {
        card: Card {
            id: CardId(id),
            face: face(label),
        },
        stands_for: face(as_),
    };
    // a joker declared ♦9 in a set of nines
    let set = [
        placed("C9", 1, "C9"),
        placed("J", 2, "D9"),
        placed("S9", 3, "S9"),
    ];
    let m = validate_declared(&set, &r).unwrap();
    assert_eq!(m.kind, MeldKind::Set);
    assert!(m
        .cards
        .iter()
        .any(|p| p.card.id == CardId(2) && p.stands_for == face("D9")));
    // declared as a suit already present
    let clash = [
        placed("C9", 1, "C9"),
        placed("J", 2, "S9"),
        placed("S9", 3, "S9"),
    ];
    assert_eq!(
        validate_declared(&clash, &r),
        Err(MeldError::SuitRepeated { suit: Suit::Spades })
    );
    // a sequence with a declared low joker (the hint-free reading would put it high)
    let seq = [
        placed("H5", 1, "H5"),
        placed("H6", 2, "H6"),
        placed("J", 3, "H4"),
    ];
    let m = validate_declared(&seq, &r).unwrap();
    assert_eq!(m.cards[0].stands_for, face("H4"));
    assert_eq!(m.cards[0].card.face, Face::Joker);
    assert_eq!(m.opening_value(), 15);
    let gap = [
        placed("H5", 1, "H5"),
        placed("H6", 2, "H6"),
        placed("J", 3, "H8"),
    ];
    assert_eq!(
        validate_declared(&gap, &r),
        Err(MeldError::Gap { missing: 1 })
    );
    let corner = [
        placed("H13", 1, "H13"),
        placed("J", 2, "H1"),
        placed("H2", 3, "H2"),
    ];
    assert_eq!(
        validate_declared(&corner, &r),
        Err(MeldError::AroundTheCorner)
    );
    // bad declarations
    let lying = [
        placed("H5", 1, "H7"),
        placed("H6", 2, "H6"),
        placed("J", 3, "H4"),
    ];
    assert_eq!(
        validate_declared(&lying, &r),
        Err(MeldError::BadDeclaration { card: CardId(1) })
    );
    let undeclared = [
        placed("H5", 1, "H5"),
        placed("H6", 2, "H6"),
        placed("J", 3, "J"),
    ];
    assert_eq!(
        validate_declared(&undeclared, &r),
        Err(MeldError::BadDeclaration { card: CardId(3) })
    );
    let jokers = [
        placed("J", 1, "H5"),
        placed("J", 2, "H6"),
        placed("J", 3, "H7"),
    ];
    assert_eq!(validate_declared(&jokers, &r), Err(MeldError::OnlyJokers));
}

#[test]
fn errors_travel_as_tagged_json() {
    use crate::game::RuleError;
    let errors = [
        MeldError::TooShort { min: 3, got: 2 },
        MeldError::OnlyJokers,
        MeldError::TooManyJokers { max: 1, got: 2 },
        MeldError::NotARummyCard,
        MeldError::Mixed,
        MeldError::SuitRepeated { suit: Suit::Hearts },
        MeldError::SetTooLarge { max: 4 },
        MeldError::RankRepeated { rank: Rank(5) },
        MeldError::Gap { missing: 2 },
        MeldError::AroundTheCorner,
        MeldError::TooLong,
        MeldError::DoesNotFit,
        MeldError::NoJokerFor { face: face("H7") },
        MeldError::DuplicateCard { card: CardId(3) },
        MeldError::BadDeclaration { card: CardId(4) },
    ];
    for e in errors {
        let wrapped = RuleError::from(e.clone());
        let json = serde_json::to_string(&wrapped).unwrap();
        assert!(json.contains("\"kind\":\"Meld\""), "{json}");
        assert!(json.contains("\"reason\":"), "{json}");
        let back: RuleError = serde_json::from_str(&json).unwrap();
        assert_eq!(back, wrapped);
    }
    let meld = validate(&cards(&["S12", "S13", "S1"]), &MeldRules::default()).unwrap();
    let json = serde_json::to_string(&meld).unwrap();
    assert_eq!(serde_json::from_str::<Meld>(&json).unwrap(), meld);
}
