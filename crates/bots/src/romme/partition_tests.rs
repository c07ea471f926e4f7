use super::*;
use crate::BotRng;
use engine::{CardId, DeckSpec, Suit};

const TABLE: PenaltyTable = PenaltyTable::ace_high(40);

/// Every partition: the first card is unmelded or the lowest card of a legal group.
fn brute(cards: &[Card], rules: &MeldRules) -> u32 {
    let Some((first, rest)) = cards.split_first() else {
        return 0;
    };
    let mut best = brute(rest, rules);
    let n = rest.len();
    for mask in 1u32..(1 << n) {
        if (mask.count_ones() as usize) + 1 < rules.min_len as usize {
            continue;
        }
        let mut group = vec![*first];
        let mut others = Vec::new();
        for (i, c) in rest.iter().enumerate() {
            if mask & (1 << i) != 0 {
                group.push(*c);
            } else {
                others.push(*c);
            }
        }
        if engine::validate(&group, rules).is_ok() {
            let v: u32 = group.iter().map(|c| penalty(c.face, TABLE)).sum();
            best = best.max(v + brute(&others, rules));
        }
    }
    best
}

fn check(cards: &[Card], rules: &MeldRules) -> Partition {
    let p = best_partition(cards, rules, TABLE);
    let mut seen: Vec<CardId> = Vec::new();
    for m in &p.melds {
        assert!(engine::validate(m, rules).is_ok(), "illegal meld {m:?}");
        seen.extend(m.iter().map(|c| c.id));
    }
    seen.extend(p.rest.iter().map(|c| c.id));
    seen.sort();
    let mut all: Vec<CardId> = cards.iter().map(|c| c.id).collect();
    all.sort();
    assert_eq!(seen, all, "partition must use every card exactly once");
    let melded: u32 = p
        .melds
        .iter()
        .flatten()
        .map(|c| penalty(c.face, TABLE))
        .sum();
    assert_eq!(melded, p.value);
    p
}

/// A random hand from a narrow slice of two packs so that melds are frequent.
fn random_hand(rng: &mut BotRng, n: usize, jokers: u8) -> Vec<Card> {
    let deck = DeckSpec::French { packs: 2, jokers }.cards();
    let lo = 1 + rng.below(8) as u8;
    let suits = 1 + rng.below(4) as usize;
    let mut pool: Vec<Card> = deck
        .into_iter()
        .filter(|c| match c.face {
            Face::French { rank, suit } => {
                let s = Suit::ALL.iter().position(|&x| x == suit).unwrap_or(0);
                s < suits && (rank.0 >= lo && rank.0 < lo + 6 || rank.0 == 1)
            }
            _ => true,
        })
        .collect();
    rng.shuffle(&mut pool);
    pool.truncate(n);
    pool
}

fn rules_variants() -> Vec<MeldRules> {
    vec![
        MeldRules::default(),
        MeldRules {
            set_distinct_suits: true,
            ..MeldRules::default()
        },
        MeldRules {
            max_jokers_per_meld: Some(1),
            ..MeldRules::default()
        },
    ]
}

#[test]
fn matches_brute_force_on_small_hands() {
    let mut rng = BotRng::seed_from_u64(11);
    let mut nontrivial = 0;
    for round in 0..1500 {
        let rules = &rules_variants()[round % 3];
        let n = 3 + rng.below(7) as usize;
        let jokers = rng.below(4) as u8;
        let hand = random_hand(&mut rng, n, jokers);
        let p = check(&hand, rules);
        let want = brute(&hand, rules);
        assert_eq!(p.value, want, "hand {hand:?} rules {rules:?}: got {p:?}");
        if want > 0 {
            nontrivial += 1;
        }
    }
    assert!(nontrivial > 500, "too few hands with melds: {nontrivial}");
}

#[test]
fn matches_brute_force_with_many_jokers() {
    let mut rng = BotRng::seed_from_u64(5);
    for _ in 0..300 {
        let n = 4 + rng.below(5) as usize;
        let hand = random_hand(&mut rng, n, 8);
        let p = check(&hand, &MeldRules::default());
        assert_eq!(p.value, brute(&hand, &MeldRules::default()), "{hand:?}");
    }
}

#[test]
fn key_constants() {
    assert_eq!(LOW_BITS, (0..52).map(bit).sum::<u128>());
    assert_eq!(ACES, (0..4).map(|s| bit(13 * s)).sum::<u128>());
    assert_eq!(NATURALS, (0..52).map(|f| 3 * bit(f)).sum::<u128>());
}

fn card(id: u16, rank: u8, suit: Suit) -> Card {
    Card {
        id: CardId(id),
        face: Face::french(rank, suit),
    }
}

#[test]
fn ace_high_and_low_sequences() {
    let h = [
        card(0, 12, Suit::Spades),
        card(1, 13, Suit::Spades),
        card(2, 1, Suit::Spades),
        card(3, 2, Suit::Hearts),
        card(4, 3, Suit::Hearts),
        card(5, 1, Suit::Hearts),
    ];
    let p = check(&h, &MeldRules::default());
    assert_eq!(p.melds.len(), 2);
    assert!(p.rest.is_empty());
    assert_eq!(p.opening_value(&MeldRules::default()), 31 + 6);
}

#[test]
fn around_the_corner_is_not_a_meld() {
    let h = [
        card(0, 13, Suit::Spades),
        card(1, 1, Suit::Spades),
        card(2, 2, Suit::Spades),
    ];
    let p = check(&h, &MeldRules::default());
    assert!(p.melds.is_empty());
}

#[test]
fn full_random_hands_are_consistent() {
    let mut rng = BotRng::seed_from_u64(3);
    let mut deck = DeckSpec::French {
        packs: 2,
        jokers: 2,
    }
    .cards();
    for _ in 0..300 {
        rng.shuffle(&mut deck);
        let p = check(&deck[..14], &MeldRules::default());
        assert_eq!(
            p.rest_penalty(TABLE) + p.value,
            engine::hand_penalty(&deck[..14], TABLE)
        );
    }
}

/// Meld rules the reference comparison runs under: the game options (distinct suits in sets,
/// a joker limit per meld) and other minimum lengths.
fn reference_rules() -> Vec<MeldRules> {
    let mut all = Vec::new();
    for set_distinct_suits in [false, true] {
        for max_jokers_per_meld in [None, Some(0), Some(1), Some(2)] {
            for min_len in [3, 2, 4] {
                all.push(MeldRules {
                    set_distinct_suits,
                    max_jokers_per_meld,
                    min_len,
                });
            }
        }
    }
    all
}

const REFERENCE_TABLES: [PenaltyTable; 4] = [
    PenaltyTable::ace_high(40),
    PenaltyTable::ace_high(20),
    engine::karussell::PENALTIES,
    engine::profisort::PENALTIES,
];

/// The fast search returns exactly the partition of the original search (kept verbatim in
/// `partition_reference.rs`): same value, same melds with their cards in the same order,
/// same rest. Hands of 3–14 cards (some up to 20) from two packs, with 0–4 jokers, both
/// from a narrow slice (many melds, duplicates) and from the whole deck, under every rules
/// variant and penalty table.
#[test]
fn matches_the_original_search_exactly() {
    let rules = reference_rules();
    let mut rng = BotRng::seed_from_u64(2026);
    let mut full_deck = DeckSpec::French {
        packs: 2,
        jokers: 4,
    }
    .cards();
    let (mut nontrivial, mut with_jokers) = (0, 0);
    for round in 0..6000 {
        let r = &rules[round % rules.len()];
        let table = REFERENCE_TABLES[(round / rules.len()) % REFERENCE_TABLES.len()];
        let n = if round % 10 == 9 {
            15 + rng.below(6) as usize
        } else {
            3 + rng.below(12) as usize
        };
        let hand = if round % 3 == 0 {
            rng.shuffle(&mut full_deck);
            full_deck[..n].to_vec()
        } else {
            let jokers = rng.below(5) as u8;
            random_hand(&mut rng, n, jokers)
        };
        let got = best_partition(&hand, r, table);
        let want = super::reference::best_partition(&hand, r, table);
        assert_eq!(got, want, "hand {hand:?} rules {r:?} table {table:?}");
        nontrivial += usize::from(!want.melds.is_empty());
        with_jokers += usize::from(hand.iter().any(|c| c.face == Face::Joker));
    }
    assert!(nontrivial > 3000, "too few hands with melds: {nontrivial}");
    assert!(
        with_jokers > 2000,
        "too few hands with jokers: {with_jokers}"
    );
}

/// The same on the benchmark's hands: 13 or 14 cards from two packs with two jokers, the
/// Grundspiel rules, and hands with many jokers.
#[test]
fn matches_the_original_search_on_game_hands() {
    let opts = engine::romme::Preset::Grundspiel.options();
    let (rules, table) = (opts.meld_rules(), opts.penalty_table());
    let mut rng = BotRng::seed_from_u64(77);
    let mut deck = DeckSpec::French {
        packs: 2,
        jokers: 2,
    }
    .cards();
    for i in 0..3000 {
        rng.shuffle(&mut deck);
        let hand = &deck[..13 + i % 2];
        assert_eq!(
            best_partition(hand, &rules, table),
            super::reference::best_partition(hand, &rules, table),
            "{hand:?}"
        );
    }
    for _ in 0..300 {
        let n = 6 + rng.below(9) as usize;
        let hand = random_hand(&mut rng, n, 6);
        for r in [rules.clone(), MeldRules::default()] {
            assert_eq!(
                best_partition(&hand, &r, table),
                super::reference::best_partition(&hand, &r, table),
                "{hand:?}"
            );
        }
    }
}

/// Outside the games' limits the two searches still agree: four packs (a fourth copy of a
/// face goes to the rest), more than fifteen jokers (the rest too), few naturals.
#[test]
fn matches_the_original_search_beyond_two_packs() {
    let mut rng = BotRng::seed_from_u64(404);
    let mut deck = DeckSpec::French {
        packs: 4,
        jokers: 20,
    }
    .cards();
    let narrow: Vec<Card> = deck
        .iter()
        .copied()
        .filter(|c| match c.face {
            Face::French { rank, suit } => rank.0 <= 4 && suit == Suit::Hearts,
            _ => true,
        })
        .collect();
    let rules = reference_rules();
    for round in 0..600 {
        let r = &rules[round % rules.len()];
        let hand = if round % 2 == 0 {
            let mut pool = narrow.clone();
            rng.shuffle(&mut pool);
            pool.truncate(4 + rng.below(22) as usize);
            pool
        } else {
            rng.shuffle(&mut deck);
            deck[..3 + rng.below(12) as usize].to_vec()
        };
        assert_eq!(
            best_partition(&hand, r, TABLE),
            super::reference::best_partition(&hand, r, TABLE),
            "{hand:?} {r:?}"
        );
    }
}
