//! Random realistic Karussell positions for the solver benchmarks (native and in the
//! browser): two packs plus 0, 2 or 6 jokers, shuffled. The table is built by dealing hands
//! of 15 cards and melding greedily (sequences, then groups, jokers completing pairs) until
//! it holds about the target number of cards; the cards not melded go back to the stock.
//! The hand is 15 cards from the rest (fewer when the stock has fewer).

use crate::BotRng;
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
    let take = |rest: &mut Vec<Card>, rank: u8, suit: Suit| -> Option<Card> {
        let i = rest.iter().position(|c| rank_suit(c) == (rank, suit))?;
        Some(rest.swap_remove(i))
    };
    // Sequences: longest runs of one copy per suit, ace low or high.
    for suit in Suit::ALL {
        loop {
            let has = |rest: &Vec<Card>, v: u8| {
                let r = if v == 14 { 1 } else { v };
                rest.iter().any(|c| rank_suit(c) == (r, suit))
            };
            let mut found = None;
            let mut v = 1;
            while v <= 14 {
                if has(&rest, v) {
                    let mut e = v;
                    while e < 14 && has(&rest, e + 1) && !(v == 1 && e + 1 == 14) {
                        e += 1;
                    }
                    if e - v >= 2 {
                        found = Some((v, e));
                        break;
                    }
                    v = e + 1;
                } else {
                    v += 1;
                }
            }
            let Some((a, b)) = found else { break };
            let meld = (a..=b)
                .map(|v| {
                    let r = if v == 14 { 1 } else { v };
                    TableCard::natural(take(&mut rest, r, suit).unwrap())
                })
                .collect();
            melds.push(meld);
        }
    }
    // Groups.
    for rank in 1..=13u8 {
        loop {
            let mut g = Vec::new();
            for suit in Suit::ALL {
                if let Some(c) = take(&mut rest, rank, suit) {
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
    // Jokers complete pairs: same rank (group) or neighbours in a suit (sequence).
    while let Some(j) = jokers.pop() {
        let mut done = false;
        'pairs: for i in 0..rest.len() {
            for k in i + 1..rest.len() {
                let (r1, s1) = rank_suit(&rest[i]);
                let (r2, s2) = rank_suit(&rest[k]);
                let identity = if r1 == r2 && s1 != s2 {
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
                };
                if let Some(face) = identity {
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
                        done = true;
                    } else {
                        rest.push(a);
                        rest.push(b);
                    }
                    break 'pairs;
                }
            }
        }
        if !done {
            rest.push(j);
            break;
        }
    }
    rest.extend(jokers);
    rng.shuffle(&mut rest);
    (melds, rest)
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
