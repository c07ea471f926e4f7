//! Solver tests: hand-written positions and a brute-force reference on small random ones.

use super::*;
use crate::card::CardId;
use crate::rng::GameRng;
use std::collections::{BTreeMap, HashSet};
use Suit::*;

// ---------------------------------------------------------------- helpers

struct Ids(u16);

impl Ids {
    fn card(&mut self, rank: u8, suit: Suit) -> Card {
        self.0 += 1;
        Card {
            id: CardId(self.0),
            face: Face::french(rank, suit),
        }
    }
    fn joker(&mut self) -> Card {
        self.0 += 1;
        Card {
            id: CardId(self.0),
            face: Face::Joker,
        }
    }
    fn nat(&mut self, rank: u8, suit: Suit) -> TableCard {
        TableCard::natural(self.card(rank, suit))
    }
    fn tj(&mut self, rank: u8, suit: Suit) -> TableCard {
        TableCard {
            card: self.joker(),
            as_face: Face::french(rank, suit),
        }
    }
}

/// Checks everything a returned solution promises; returns nothing, panics with context.
fn verify(table: &[Vec<TableCard>], hand: &[Card], sol: &Solution) {
    let ctx = || format!("table {table:?}\nhand {hand:?}\nsolution {sol:?}");
    for m in &sol.table {
        assert!(check_meld(m).is_ok(), "illegal meld {m:?}\n{}", ctx());
    }
    let before: BTreeMap<CardId, TableCard> =
        table.iter().flatten().map(|tc| (tc.card.id, *tc)).collect();
    let hand_ids: BTreeMap<CardId, Card> = hand.iter().map(|c| (c.id, *c)).collect();
    let mut seen = HashSet::new();
    let (mut placed, mut value) = (0usize, 0u32);
    for tc in sol.table.iter().flatten() {
        assert!(seen.insert(tc.card.id), "card twice {tc:?}\n{}", ctx());
        if let Some(old) = before.get(&tc.card.id) {
            assert_eq!(old.card, tc.card, "{}", ctx());
        } else {
            let c = hand_ids
                .get(&tc.card.id)
                .unwrap_or_else(|| panic!("{}", ctx()));
            assert_eq!(*c, tc.card, "{}", ctx());
            placed += 1;
            value += card_value(c.face);
        }
    }
    for id in before.keys() {
        assert!(seen.contains(id), "table card lost {id:?}\n{}", ctx());
    }
    assert_eq!(placed, sol.placed, "{}", ctx());
    assert_eq!(value, sol.value, "{}", ctx());
    // Table jokers: identity changes away from F ≤ real F on the new table.
    let mut changed: BTreeMap<Face, usize> = BTreeMap::new();
    for tc in sol.table.iter().flatten() {
        if let Some(old) = before.get(&tc.card.id) {
            if old.is_joker() && old.as_face != tc.as_face {
                *changed.entry(old.as_face).or_default() += 1;
            }
        }
    }
    for (f, n) in changed {
        let real = sol
            .table
            .iter()
            .flatten()
            .filter(|tc| tc.card.face == f)
            .count();
        assert!(
            n <= real,
            "joker re-declared from {f:?} without a real card\n{}",
            ctx()
        );
    }
}

fn solve_ok(table: &[Vec<TableCard>], hand: &[Card]) -> Solution {
    let sol = solve(table, hand).expect("legal input");
    verify(table, hand, &sol);
    sol
}

mod brute;

use brute::{brute, Gen};

#[test]
fn matches_brute_force_on_small_random_positions() {
    brute_force_check(Tuning::default());
}

/// Small positions never search 10,000 states: here the tails keep the aces from the start.
#[test]
fn matches_brute_force_with_ace_tails_everywhere() {
    brute_force_check(Tuning {
        tails: true,
        ace_from: 2,
        ace_after: 0,
    });
}

fn brute_force_check(tuning: Tuning) {
    let mut g = Gen {
        rng: GameRng::seed_from_u64(2015),
    };
    let (mut placed_some, mut table_jokers, mut hand_jokers, mut big) = (0, 0, 0, 0);
    for i in 0..3000 {
        let (table, hand) = g.instance(9, 6);
        table_jokers += table.iter().flatten().any(|t| t.is_joker()) as usize;
        hand_jokers += hand.iter().any(|c| c.face == Face::Joker) as usize;
        big += (table.iter().map(Vec::len).sum::<usize>() >= 6) as usize;
        let sol = solve_tuned(&table, &hand, tuning).expect("legal input");
        verify(&table, &hand, &sol);
        let expected = brute(&table, &hand);
        assert_eq!(
            (sol.placed, sol.value),
            expected,
            "case {i}\ntable {table:?}\nhand {hand:?}\nsolution {sol:?}"
        );
        if sol.placed > 0 {
            placed_some += 1;
        }
    }
    eprintln!(
        "placed {placed_some} table jokers {table_jokers} hand jokers {hand_jokers} big {big}"
    );
    assert!(placed_some > 600, "{placed_some}");
    assert!(table_jokers > 300 && hand_jokers > 300 && big > 600);
}

/// The tails only bound: with or without them (and with the aces kept from the start) the
/// best placement is the same, on positions too large for the brute force.
#[test]
fn tails_do_not_change_the_optimum() {
    let mut g = Gen {
        rng: GameRng::seed_from_u64(99),
    };
    let plain = Tuning {
        tails: false,
        ..Tuning::default()
    };
    let eager = Tuning {
        tails: true,
        ace_from: 2,
        ace_after: 0,
    };
    for i in 0..150 {
        let (table, hand) = g.instance(18, 9);
        let a = solve_tuned(&table, &hand, plain).expect("legal input");
        for tuning in [Tuning::default(), eager] {
            let b = solve_tuned(&table, &hand, tuning).expect("legal input");
            verify(&table, &hand, &b);
            assert_eq!(
                (a.placed, a.value),
                (b.placed, b.value),
                "case {i} {tuning:?}\ntable {table:?}\nhand {hand:?}"
            );
        }
    }
}

#[test]
fn random_larger_positions_are_consistent() {
    // No reference here: every arrangement must still be legal and complete.
    let mut g = Gen {
        rng: GameRng::seed_from_u64(7),
    };
    for _ in 0..200 {
        let (table, hand) = g.instance(24, 10);
        solve_ok(&table, &hand);
    }
}

// ---------------------------------------------------------------- hand-written cases

#[test]
fn empty_table_and_hand() {
    let sol = solve_ok(&[], &[]);
    assert_eq!((sol.placed, sol.value), (0, 0));
    assert!(sol.table.is_empty());
}

#[test]
fn nothing_fits_keeps_the_table() {
    let mut id = Ids(0);
    let table = vec![vec![
        id.nat(7, Hearts),
        id.nat(8, Hearts),
        id.nat(9, Hearts),
    ]];
    let hand = vec![id.card(2, Clubs), id.card(5, Spades)];
    let sol = solve_ok(&table, &hand);
    assert_eq!(sol.placed, 0);
    assert_eq!(sol.table, table);
}

#[test]
fn extend_and_rearrange() {
    let mut id = Ids(0);
    // 7♥8♥9♥ and 5♠5♥5♣; hand 10♥, 6♥, 4♥: 6♥..10♥, but 4♥ would need the 5♥ of the group.
    let table = vec![
        vec![id.nat(7, Hearts), id.nat(8, Hearts), id.nat(9, Hearts)],
        vec![id.nat(5, Spades), id.nat(5, Hearts), id.nat(5, Clubs)],
    ];
    let hand = vec![id.card(10, Hearts), id.card(6, Hearts), id.card(4, Hearts)];
    let sol = solve_ok(&table, &hand);
    assert_eq!((sol.placed, sol.value), (2, 16));
    // With 5♦ too, all go: 5♠5♦5♣ and 4♥..10♥.
    let hand = vec![
        id.card(10, Hearts),
        id.card(6, Hearts),
        id.card(4, Hearts),
        id.card(5, Diamonds),
    ];
    let sol = solve_ok(&table, &hand);
    assert_eq!((sol.placed, sol.value), (4, 25));
}

#[test]
fn ace_low_high_and_never_round_the_corner() {
    let mut id = Ids(0);
    let table = vec![vec![
        id.nat(2, Spades),
        id.nat(3, Spades),
        id.nat(4, Spades),
    ]];
    let sol = solve_ok(&table, &[id.card(1, Spades)]);
    assert_eq!(sol.placed, 1);
    let table = vec![vec![
        id.nat(11, Spades),
        id.nat(12, Spades),
        id.nat(13, Spades),
    ]];
    let sol = solve_ok(&table, &[id.card(1, Spades)]);
    assert_eq!(sol.placed, 1);
    // K-A-2 is illegal: K♠ and 2♠ with one ace.
    let sol = solve_ok(
        &[],
        &[id.card(13, Spades), id.card(1, Spades), id.card(2, Spades)],
    );
    assert_eq!(sol.placed, 0);
    // One ace cannot serve both Q-K-A and A-2-3.
    let sol = solve_ok(
        &[],
        &[
            id.card(12, Hearts),
            id.card(13, Hearts),
            id.card(1, Hearts),
            id.card(2, Hearts),
            id.card(3, Hearts),
        ],
    );
    assert_eq!((sol.placed, sol.value), (3, 21));
    // Two aces (two packs): both sequences.
    let sol = solve_ok(
        &[],
        &[
            id.card(12, Hearts),
            id.card(13, Hearts),
            id.card(1, Hearts),
            id.card(1, Hearts),
            id.card(2, Hearts),
            id.card(3, Hearts),
        ],
    );
    assert_eq!(sol.placed, 6);
    // A full suit plus the second ace: A..K..A must be split, 14 cards placed.
    let mut hand: Vec<Card> = (1..=13).map(|r| id.card(r, Clubs)).collect();
    hand.push(id.card(1, Clubs));
    let sol = solve_ok(&[], &hand);
    assert_eq!(sol.placed, 14);
}

#[test]
fn two_packs() {
    let mut id = Ids(0);
    // Two identical cards never share a group, but can go in two sequences.
    let sol = solve_ok(
        &[],
        &[id.card(8, Spades), id.card(8, Spades), id.card(8, Clubs)],
    );
    assert_eq!(sol.placed, 0);
    let table = vec![
        vec![
            id.nat(4, Diamonds),
            id.nat(5, Diamonds),
            id.nat(6, Diamonds),
        ],
        vec![
            id.nat(4, Diamonds),
            id.nat(5, Diamonds),
            id.nat(6, Diamonds),
        ],
    ];
    let sol = solve_ok(
        &table,
        &[
            id.card(7, Diamonds),
            id.card(7, Diamonds),
            id.card(3, Diamonds),
        ],
    );
    assert_eq!(sol.placed, 3);
    // 8♠8♠8♣8♣8♥8♥ form two groups.
    let hand: Vec<Card> = [Spades, Spades, Clubs, Clubs, Hearts, Hearts]
        .iter()
        .map(|&s| id.card(8, s))
        .collect();
    assert_eq!(solve_ok(&[], &hand).placed, 6);
}

#[test]
fn jokers_in_hand() {
    let mut id = Ids(0);
    let j = id.joker();
    let sol = solve_ok(&[], &[j, id.card(9, Clubs), id.card(9, Hearts)]);
    assert_eq!((sol.placed, sol.value), (3, 43));
    let table = vec![vec![
        id.nat(4, Hearts),
        id.nat(5, Hearts),
        id.nat(6, Hearts),
    ]];
    let sol = solve_ok(&table, &[id.joker(), id.card(8, Hearts)]);
    assert_eq!((sol.placed, sol.value), (2, 33));
    // A lone joker extends any sequence; two jokers alone too.
    assert_eq!(solve_ok(&table, &[id.joker()]).placed, 1);
    assert_eq!(solve_ok(&table, &[id.joker(), id.joker()]).placed, 2);
    // Three jokers alone form a meld.
    assert_eq!(
        solve_ok(&[], &[id.joker(), id.joker(), id.joker()]).placed,
        3
    );
    assert_eq!(solve_ok(&[], &[id.joker(), id.joker()]).placed, 0);
}

#[test]
fn declared_table_jokers_kept() {
    let mut id = Ids(0);
    // 4♣ JK(5♣) 6♣: the joker stays 5♣; 3♣ and 7♣ extend.
    let table = vec![vec![id.nat(4, Clubs), id.tj(5, Clubs), id.nat(6, Clubs)]];
    let sol = solve_ok(&table, &[id.card(3, Clubs), id.card(7, Clubs)]);
    assert_eq!(sol.placed, 2);
    // Without a real 5♣ the joker cannot become something else: 9♦ 9♠ don't fit.
    let sol = solve_ok(&table, &[id.card(9, Diamonds), id.card(9, Spades)]);
    assert_eq!(sol.placed, 0);
    // JK(5♣) 5♥ 5♠: 3♥ 4♥ would need the 5♥, and the joker may not become 5♥.
    let table = vec![
        vec![id.tj(5, Clubs), id.nat(5, Hearts), id.nat(5, Spades)],
        vec![id.nat(8, Hearts), id.nat(9, Hearts), id.nat(10, Hearts)],
    ];
    let sol = solve_ok(&table, &[id.card(3, Hearts), id.card(4, Hearts)]);
    assert_eq!(sol.placed, 0);
    // With a real 5♣ it may: 5♣ 5♠ JK(5♦) and 3♥ 4♥ 5♥.
    let hand = [id.card(3, Hearts), id.card(4, Hearts), id.card(5, Clubs)];
    let sol = solve_ok(&table, &hand);
    assert_eq!(sol.placed, 3);
}

#[test]
fn declared_table_jokers_replaced() {
    let mut id = Ids(0);
    // 4♣ JK(5♣) 6♣; hand 5♣, 9♦, 9♠: the real 5♣ replaces the joker, which joins 9♦ 9♠.
    let table = vec![vec![id.nat(4, Clubs), id.tj(5, Clubs), id.nat(6, Clubs)]];
    let hand = [id.card(5, Clubs), id.card(9, Diamonds), id.card(9, Spades)];
    let sol = solve_ok(&table, &hand);
    assert_eq!((sol.placed, sol.value), (3, 23));
    // The replacing card may already be on the table: 5♣ in a group of four.
    let table = vec![
        vec![id.nat(4, Clubs), id.tj(5, Clubs), id.nat(6, Clubs)],
        vec![
            id.nat(5, Clubs),
            id.nat(5, Hearts),
            id.nat(5, Spades),
            id.nat(5, Diamonds),
        ],
    ];
    let sol = solve_ok(&table, &[id.card(9, Diamonds), id.card(9, Spades)]);
    assert_eq!(sol.placed, 2);
    // Two jokers both standing for 5♣ and one real 5♣: only one may change.
    let table = vec![
        vec![id.nat(4, Clubs), id.tj(5, Clubs), id.nat(6, Clubs)],
        vec![id.tj(5, Clubs), id.nat(5, Hearts), id.nat(5, Spades)],
    ];
    let hand = [
        id.card(5, Clubs),
        id.card(9, Diamonds),
        id.card(9, Spades),
        id.card(2, Hearts),
        id.card(2, Spades),
    ];
    let sol = solve_ok(&table, &hand);
    // 5♣ frees one joker (9♦ 9♠ JK); 2♥ 2♠ would need the other one.
    assert_eq!((sol.placed, sol.value), (3, 23));
    // Two real 5♣ free both jokers.
    let mut hand = hand.to_vec();
    hand.push(id.card(5, Clubs));
    let sol = solve_ok(&table, &hand);
    assert_eq!(sol.placed, 6);
}

#[test]
fn illegal_input_is_reported() {
    let mut id = Ids(0);
    let bad = vec![vec![id.nat(7, Hearts), id.nat(8, Hearts)]];
    assert_eq!(
        solve(&bad, &[]),
        Err(SolveError::IllegalMeld {
            meld: 0,
            error: KMeldError::TooShort
        })
    );
    let c = id.card(7, Hearts);
    let table = vec![vec![
        TableCard::natural(c),
        id.nat(8, Hearts),
        id.nat(9, Hearts),
    ]];
    assert_eq!(solve(&table, &[c]), Err(SolveError::DuplicateId(c.id)));
    let hand = [id.card(3, Spades), id.card(3, Spades), id.card(3, Spades)];
    assert!(matches!(
        solve(&[], &hand),
        Err(SolveError::TooManyCopies(_))
    ));
}

#[test]
fn jokers_start_sequences_and_aces_go_high() {
    let mut id = Ids(0);
    // K♠ A♠ and a hand joker: JK(Q♠) K♠ A♠.
    let hand = [id.card(13, Spades), id.card(1, Spades), id.joker()];
    let sol = solve_ok(&[], &hand);
    assert_eq!((sol.placed, sol.value), (3, 36));
    // A table joker freed by a real 7♦ completes J♥ K♥ A♥ (as Q♥).
    let table = vec![vec![
        id.nat(6, Diamonds),
        id.tj(7, Diamonds),
        id.nat(8, Diamonds),
    ]];
    let hand = [
        id.card(7, Diamonds),
        id.card(11, Hearts),
        id.card(13, Hearts),
        id.card(1, Hearts),
    ];
    let sol = solve_ok(&table, &hand);
    assert_eq!((sol.placed, sol.value), (4, 28));
    // Freed table jokers with nowhere else to go form a joker-only meld.
    let table = vec![
        vec![id.nat(2, Clubs), id.tj(3, Clubs), id.nat(4, Clubs)],
        vec![id.tj(9, Hearts), id.nat(9, Spades), id.nat(9, Clubs)],
        vec![id.nat(5, Hearts), id.nat(6, Hearts), id.tj(7, Hearts)],
    ];
    let hand = [
        id.card(3, Clubs),
        id.card(9, Hearts),
        id.card(7, Hearts),
        id.card(9, Diamonds),
    ];
    let sol = solve_ok(&table, &hand);
    assert_eq!(sol.placed, 4);
}

#[test]
fn affordable_gates_only_unmeasured_positions() {
    let mut ids = Ids(0);
    let table = vec![vec![
        ids.nat(7, Hearts),
        ids.nat(8, Hearts),
        ids.tj(9, Hearts),
    ]];
    let mut hand: Vec<Card> = (1..=13).map(|r| ids.card(r, Spades)).collect();
    hand.push(ids.joker());
    assert!(affordable(&table, &hand));
    // Hands over 40 cards with jokers were not measured.
    for r in 1..=13 {
        for s in [Clubs, Diamonds] {
            hand.push(ids.card(r, s));
        }
    }
    hand.push(ids.card(2, Hearts));
    assert_eq!(hand.len(), 41);
    assert!(!affordable(&table, &hand));
    // Without jokers every position is fast.
    let plain = vec![vec![
        ids.nat(7, Hearts),
        ids.nat(8, Hearts),
        ids.nat(9, Hearts),
    ]];
    hand.retain(|c| c.face != Face::Joker);
    assert!(affordable(&plain, &hand));
}
