//! Karussell solver benchmark:
//! `cargo run -p bots --profile bench-native --bin bench_karussell_solver [positions]`
//! (environment `ROW_TABLE=n` and `ROW_JOKERS=n` replace the table sizes 20, 50, 100 and
//! the joker counts 0, 2, 6 by one value each).
//!
//! Random realistic positions: two packs plus 0, 2 or 6 jokers, shuffled. The table is built
//! by dealing hands of 15 cards and melding greedily (sequences, then groups, jokers
//! completing pairs) until it holds about 20, 50 or 100 cards; the cards not melded go back
//! to the stock. The hand is 15 cards from the rest (fewer when the stock has fewer).
//! Prints mean, p95 and max solve time per row. A row stops early after 60 s of solving
//! (column `n`: positions measured); one position is not interrupted, so the rows with 6
//! jokers at 50 and 100 cards can take minutes. Memory stays bounded (the solver's memo is a
//! capped cache). `--all` is accepted for compatibility; every row runs.

use engine::card::{Card, DeckSpec, Face, Suit};
use engine::karussell::{check_meld, solve, TableCard};
use engine::GameRng;
use std::time::Instant;

fn rank_suit(c: &Card) -> (u8, Suit) {
    match c.face {
        Face::French { rank, suit } => (rank.0, suit),
        _ => unreachable!(),
    }
}

/// Greedy melds from `cards`; returns the melds and the cards left over.
fn greedy_melds(cards: Vec<Card>, rng: &mut GameRng) -> (Vec<Vec<TableCard>>, Vec<Card>) {
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
fn position(target: usize, jokers: u8, rng: &mut GameRng) -> (Vec<Vec<TableCard>>, Vec<Card>) {
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
    let n = 15.min(stock.len());
    (table, stock[..n].to_vec())
}

/// A card in the `karussell-solve` notation.
fn cli_face(face: Face) -> String {
    match face {
        Face::French { rank, suit } => {
            let r = match rank.0 {
                1 => "A".to_string(),
                11 => "J".to_string(),
                12 => "Q".to_string(),
                13 => "K".to_string(),
                n => n.to_string(),
            };
            let s = match suit {
                Suit::Spades => "S",
                Suit::Hearts => "H",
                Suit::Diamonds => "D",
                Suit::Clubs => "C",
            };
            format!("{r}{s}")
        }
        _ => "JK".to_string(),
    }
}

/// The position as one `karussell-solve` input line (environment `SLOW_MS=n` prints the
/// positions taking at least n ms to stderr).
fn cli_line(table: &[Vec<TableCard>], hand: &[Card]) -> String {
    let meld = |m: &Vec<TableCard>| {
        let cards: Vec<String> = m
            .iter()
            .map(|t| {
                if t.is_joker() {
                    format!("\"JK:{}\"", cli_face(t.as_face))
                } else {
                    format!("\"{}\"", cli_face(t.card.face))
                }
            })
            .collect();
        format!("[{}]", cards.join(","))
    };
    let melds: Vec<String> = table.iter().map(meld).collect();
    let hand: Vec<String> = hand
        .iter()
        .map(|c| format!("\"{}\"", cli_face(c.face)))
        .collect();
    format!(
        "{{\"table\": [{}], \"hand\": [{}]}}",
        melds.join(","),
        hand.join(",")
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: usize = args.iter().find_map(|s| s.parse().ok()).unwrap_or(200);
    let mut rng = GameRng::seed_from_u64(2015);
    println!("Karussell solver, {count} positions per row (times in ms)");
    println!(
        "{:>6} {:>6} {:>4} | {:>6} {:>5} {:>5} | {:>8} {:>8} {:>8} | {:>6}",
        "table", "jokers", "n", "t.mean", "hand", "jk/t", "mean", "p95", "max", "placed"
    );
    let env = |name: &str| {
        std::env::var(name)
            .ok()
            .and_then(|s| s.parse::<usize>().ok())
    };
    let targets = env("ROW_TABLE").map_or(vec![20, 50, 100], |t| vec![t]);
    let joker_counts = env("ROW_JOKERS").map_or(vec![0, 2, 6], |j| vec![j as u8]);
    for &target in &targets {
        for &jokers in &joker_counts {
            let mut times = Vec::with_capacity(count);
            let (mut tsize, mut hsize, mut tjk, mut placed) = (0usize, 0usize, 0usize, 0usize);
            let row_start = Instant::now();
            for _ in 0..count {
                if row_start.elapsed().as_secs() >= 60 {
                    break;
                }
                let (table, hand) = position(target, jokers, &mut rng);
                tsize += table.iter().map(Vec::len).sum::<usize>();
                tjk += table.iter().flatten().filter(|t| t.is_joker()).count();
                hsize += hand.len();
                let start = Instant::now();
                let sol = solve(&table, &hand).expect("legal table");
                let ms = start.elapsed().as_secs_f64() * 1e3;
                times.push(ms);
                if env("SLOW_MS").is_some_and(|slow| ms >= slow as f64) {
                    eprintln!("{:.0} ms: {}", ms, cli_line(&table, &hand));
                }
                placed += sol.placed;
                assert!(sol.table.iter().all(|m| check_meld(m).is_ok()));
            }
            let count = times.len();
            times.sort_by(f64::total_cmp);
            let mean = times.iter().sum::<f64>() / count as f64;
            let p95 = times[(count * 95 / 100).min(count - 1)];
            let max = times[count - 1];
            let c = count as f64;
            println!(
                "{target:>6} {jokers:>6} {count:>4} | {:>6.1} {:>5.1} {:>5.2} | {mean:>8.3} {p95:>8.3} {max:>8.3} | {:>6.2}",
                tsize as f64 / c,
                hsize as f64 / c,
                tjk as f64 / c,
                placed as f64 / c
            );
        }
    }
}
