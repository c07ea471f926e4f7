//! Random realistic Karussell positions for the solver benchmarks (native and in the
//! browser): two packs plus 0, 2 or 6 jokers, shuffled. The table is built by dealing hands
//! of 15 cards and melding greedily (sequences, then groups, jokers completing pairs) until
//! it holds about the target number of cards; the cards not melded go back to the stock.
//! The hand is 15 cards from the rest (fewer when the stock has fewer).

use bots::BotRng;
use engine::card::{Card, DeckSpec, Face, Suit};
use engine::karussell::{check_meld, TableCard};

/// The benchmark's rows: table sizes × jokers in the deck.
pub const ROWS: [(usize, u8); 9] = [
    (20, 0),
    (20, 2),
    (20, 6),
    (50, 0),
    (50, 2),
    (50, 6),
    (100, 0),
    (100, 2),
    (100, 6),
];

/// `count` positions of one row, the same on every platform (seeded by the row).
pub fn row(target: usize, jokers: u8, count: usize) -> Vec<(Vec<Vec<TableCard>>, Vec<Card>)> {
    row_with_hand(target, jokers, count, 15)
}

/// [`row`] with hands of up to `hand` cards (15: the very same positions as `row`).
pub fn row_with_hand(
    target: usize,
    jokers: u8,
    count: usize,
    hand: usize,
) -> Vec<(Vec<Vec<TableCard>>, Vec<Card>)> {
    let mut rng = BotRng::seed_from_u64(2015 + 10 * target as u64 + u64::from(jokers));
    (0..count)
        .map(|_| position_with_hand(target, jokers, hand, &mut rng))
        .collect()
}

/// Mean, p95 and max of `times` (any unit); zeros for none.
pub fn summary(times: &[f64]) -> (f64, f64, f64) {
    if times.is_empty() {
        return (0.0, 0.0, 0.0);
    }
    let mut t = times.to_vec();
    engine::sort::sort_by(&mut t, f64::total_cmp);
    let n = t.len();
    let mean = t.iter().sum::<f64>() / n as f64;
    (mean, t[(n * 95 / 100).min(n - 1)], t[n - 1])
}

fn rank_suit(c: &Card) -> (u8, Suit) {
    match c.face {
        Face::French { rank, suit } => (rank.0, suit),
        _ => unreachable!(),
    }
}

/// Greedy melds from `cards`; returns the melds and the cards left over.
pub fn greedy_melds(cards: Vec<Card>, rng: &mut BotRng) -> (Vec<Vec<TableCard>>, Vec<Card>) {
    let (mut jokers, mut rest): (Vec<Card>, Vec<Card>) =
        cards.into_iter().partition(|c| c.face == Face::Joker);
    let mut melds: Vec<Vec<TableCard>> = Vec::new();
    sequence_melds(&mut rest, &mut melds);
    group_melds(&mut rest, &mut melds);
    joker_melds(&mut jokers, &mut rest, &mut melds);
    rest.extend(jokers);
    rng.shuffle(&mut rest);
    (melds, rest)
}

/// Takes a card of `rank` and `suit` out of `rest`, if there is one.
fn take(rest: &mut Vec<Card>, rank: u8, suit: Suit) -> Option<Card> {
    let i = rest.iter().position(|c| rank_suit(c) == (rank, suit))?;
    Some(rest.swap_remove(i))
}

/// Melds sequences from `rest`: per suit, runs of one copy each, ace low or high, as long as
/// any are left.
fn sequence_melds(rest: &mut Vec<Card>, melds: &mut Vec<Vec<TableCard>>) {
    for suit in Suit::ALL {
        while let Some((a, b)) = first_run(rest, suit) {
            let meld = (a..=b)
                .map(|v| {
                    let r = if v == 14 { 1 } else { v };
                    TableCard::natural(take(rest, r, suit).unwrap())
                })
                .collect();
            melds.push(meld);
        }
    }
}

/// The lowest run of at least three cards of `suit` in `rest`, as values from..=to (14: the
/// ace above the king; a run never holds the ace at both ends), taken as long as it goes.
fn first_run(rest: &[Card], suit: Suit) -> Option<(u8, u8)> {
    let has = |v: u8| {
        let r = if v == 14 { 1 } else { v };
        rest.iter().any(|c| rank_suit(c) == (r, suit))
    };
    let mut v = 1;
    while v <= 14 {
        if has(v) {
            let mut e = v;
            while e < 14 && has(e + 1) && !(v == 1 && e + 1 == 14) {
                e += 1;
            }
            if e - v >= 2 {
                return Some((v, e));
            }
            v = e + 1;
        } else {
            v += 1;
        }
    }
    None
}

/// Melds groups from `rest`: per rank, one card of each suit while at least three are there.
fn group_melds(rest: &mut Vec<Card>, melds: &mut Vec<Vec<TableCard>>) {
    for rank in 1..=13u8 {
        loop {
            let mut g = Vec::new();
            for suit in Suit::ALL {
                if let Some(c) = take(rest, rank, suit) {
                    g.push(TableCard::natural(c));
                }
            }
            if g.len() >= 3 {
                melds.push(g);
            } else {
                rest.extend(g.into_iter().map(|t| t.card));
                break;
            }
        }
    }
}

/// Jokers complete pairs of `rest`: same rank (group) or neighbours in a suit (sequence).
/// Stops at the first joker that completes none (it goes back to `rest`; the jokers not
/// tried stay in `jokers`).
fn joker_melds(jokers: &mut Vec<Card>, rest: &mut Vec<Card>, melds: &mut Vec<Vec<TableCard>>) {
    while let Some(j) = jokers.pop() {
        if !complete_a_pair(j, rest, melds) {
            rest.push(j);
            break;
        }
    }
}

/// Melds joker `j` with the first pair of `rest` it can complete; `false` when there is none
/// or when that first pair's meld is not legal (the pair then stays in `rest`).
fn complete_a_pair(j: Card, rest: &mut Vec<Card>, melds: &mut Vec<Vec<TableCard>>) -> bool {
    for i in 0..rest.len() {
        for k in i + 1..rest.len() {
            let Some(face) = joker_face(&rest[i], &rest[k]) else {
                continue;
            };
            let b = rest.swap_remove(k);
            let a = rest.swap_remove(i);
            let meld = vec![
                TableCard::natural(a),
                TableCard::natural(b),
                TableCard {
                    card: j,
                    as_face: face,
                },
            ];
            if check_meld(&meld).is_ok() {
                melds.push(meld);
                return true;
            }
            rest.push(a);
            rest.push(b);
            return false;
        }
    }
    false
}

/// The face a joker takes to make a meld of three with `a` and `b`: a third suit of their
/// rank, or the next rank of their suit (below them when they end at the king).
fn joker_face(a: &Card, b: &Card) -> Option<Face> {
    let (r1, s1) = rank_suit(a);
    let (r2, s2) = rank_suit(b);
    if r1 == r2 && s1 != s2 {
        Suit::ALL
            .into_iter()
            .find(|&s| s != s1 && s != s2)
            .map(|s| Face::french(r1, s))
    } else if s1 == s2 && r1.abs_diff(r2) == 1 {
        let hi = r1.max(r2);
        let r = if hi < 13 { hi + 1 } else { r1.min(r2) - 1 };
        Some(Face::french(r, s1))
    } else {
        None
    }
}

/// A table of about `target` cards and a hand of up to 15.
pub fn position(target: usize, jokers: u8, rng: &mut BotRng) -> (Vec<Vec<TableCard>>, Vec<Card>) {
    position_with_hand(target, jokers, 15, rng)
}

/// [`position`] with a hand of up to `hand` cards.
pub fn position_with_hand(
    target: usize,
    jokers: u8,
    hand: usize,
    rng: &mut BotRng,
) -> (Vec<Vec<TableCard>>, Vec<Card>) {
    let mut stock = DeckSpec::French { packs: 2, jokers }.cards();
    rng.shuffle(&mut stock);
    let mut table: Vec<Vec<TableCard>> = Vec::new();
    let mut size = 0;
    for _ in 0..400 {
        if size >= target {
            break;
        }
        let n = 15.min(stock.len());
        let hand: Vec<Card> = stock.drain(..n).collect();
        let (melds, rest) = greedy_melds(hand, rng);
        for m in melds {
            if size + m.len() <= target + 2 {
                size += m.len();
                table.push(m);
            } else {
                stock.extend(m.into_iter().map(|t| t.card));
            }
        }
        stock.extend(rest);
        rng.shuffle(&mut stock);
    }
    let n = hand.min(stock.len());
    (table, stock[..n].to_vec())
}
