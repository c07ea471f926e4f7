//! Finding a layout of a task shape in a hand: greedy, per component, both component
//! orders for mixed tasks; minimises the jokers used. Used by `legal_actions` (a bounded
//! list of example layouts; `apply` accepts any legal one) and by the bots.

use super::tasks::{PartSpec, TaskShape, TASK_TEN_RANKS};
use crate::card::{Card, Face, Suit};

/// How to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FindOpts {
    pub distinct: bool,
    /// At most this many jokers of the pool.
    pub max_jokers: usize,
    /// Every component needs a natural card (the rule). `false` only for planning with
    /// imagined cards.
    pub need_natural: bool,
}

#[derive(Clone, Debug)]
struct Pool {
    nat: Vec<Card>,
    jok: Vec<Card>,
    left: usize,
    need_natural: bool,
}

fn rank_suit(c: &Card) -> (u8, Suit) {
    match c.face {
        Face::French { rank, suit } => (rank.0, suit),
        _ => (0, Suit::Clubs),
    }
}

impl Pool {
    fn jokers(&mut self, k: usize) -> Option<Vec<Card>> {
        if k > self.left || k > self.jok.len() {
            return None;
        }
        self.left -= k;
        Some(self.jok.split_off(self.jok.len() - k))
    }

    /// Naturals per suit (index of `Suit::ALL`) and rank.
    fn table(&self) -> [[u8; 14]; 4] {
        let mut t = [[0u8; 14]; 4];
        for c in &self.nat {
            let (r, s) = rank_suit(c);
            t[s as usize][usize::from(r)] += 1;
        }
        t
    }

    fn count(&self, f: impl Fn(u8, Suit) -> bool) -> usize {
        self.nat
            .iter()
            .filter(|c| {
                let (r, s) = rank_suit(c);
                f(r, s)
            })
            .count()
    }

    /// Takes up to `limit` naturals matching `f` (higher ranks first), then fills to `size`
    /// with jokers.
    fn fill(&mut self, size: usize, f: impl Fn(u8, Suit) -> bool) -> Option<Vec<Card>> {
        let mut idx: Vec<usize> = (0..self.nat.len())
            .filter(|&i| {
                let (r, s) = rank_suit(&self.nat[i]);
                f(r, s)
            })
            .collect();
        crate::sort::sort_by_key(&mut idx, |&i| std::cmp::Reverse(rank_suit(&self.nat[i]).0));
        idx.truncate(size);
        if idx.is_empty() && self.need_natural {
            return None;
        }
        let mut out: Vec<Card> = idx.iter().map(|&i| self.nat[i]).collect();
        self.jokers(size - out.len()).map(|j| {
            crate::sort::sort_by(&mut idx, |a, b| b.cmp(a));
            for i in idx {
                self.nat.remove(i);
            }
            out.extend(j);
            out
        })
    }

    fn take_face(&mut self, r: u8, s: Option<Suit>) -> Option<Card> {
        let i = self.nat.iter().position(|c| {
            let (cr, cs) = rank_suit(c);
            cr == r && s.is_none_or(|s| s == cs)
        })?;
        Some(self.nat.remove(i))
    }

    /// The `k`-th best rank for a set (most naturals, then higher rank).
    fn set(&mut self, size: usize, banned: &[u8], k: usize) -> Option<(Vec<Card>, u8)> {
        let t = self.table();
        let mut ranks: Vec<(usize, u8)> = (2..=13u8)
            .filter(|r| !banned.contains(r))
            .map(|r| {
                let n: usize = t.iter().map(|row| usize::from(row[usize::from(r)])).sum();
                (n.min(size), r)
            })
            .collect();
        crate::sort::sort_by(&mut ranks, |a, b| b.cmp(a));
        let rank = ranks.get(k)?.1;
        self.fill(size, |x, _| x == rank).map(|c| (c, rank))
    }

    /// The `k`-th best run (most places covered by naturals).
    fn run(&mut self, len: u8, one_suit: bool, k: usize) -> Option<Vec<Card>> {
        let t = self.table();
        let suits: &[Option<Suit>] = if one_suit {
            &[
                Some(Suit::Clubs),
                Some(Suit::Spades),
                Some(Suit::Hearts),
                Some(Suit::Diamonds),
            ]
        } else {
            &[None]
        };
        let has = |r: u8, s: Option<Suit>| match s {
            Some(s) => t[s as usize][usize::from(r)] > 0,
            None => t.iter().any(|row| row[usize::from(r)] > 0),
        };
        let mut runs: Vec<(usize, u8, Option<Suit>)> = Vec::with_capacity(48);
        for &s in suits {
            for low in 2..=(14 - len) {
                let covered = (low..low + len).filter(|&r| has(r, s)).count();
                runs.push((covered, low, s));
            }
        }
        crate::sort::sort_by_key(&mut runs, |r| std::cmp::Reverse(r.0));
        let (covered, low, s) = *runs.get(k)?;
        if covered == 0 && self.need_natural {
            return None;
        }
        let mut jok = self.jokers(usize::from(len) - covered)?;
        (low..low + len)
            .map(|r| self.take_face(r, s).or_else(|| jok.pop()))
            .collect()
    }

    fn ident_pair(&mut self) -> Option<Vec<Card>> {
        let mut faces: Vec<(u8, Suit)> = self.nat.iter().map(rank_suit).collect();
        crate::sort::sort_by(&mut faces, |a, b| b.cmp(a));
        let f = faces.windows(2).find(|w| w[0] == w[1])?[0];
        Some(vec![
            self.take_face(f.0, Some(f.1))?,
            self.take_face(f.0, Some(f.1))?,
        ])
    }

    fn suit_quad(&mut self) -> Option<Vec<Card>> {
        let r = (2..=13u8).rev().find(|&r| {
            Suit::ALL
                .iter()
                .all(|&s| self.count(|x, y| x == r && y == s) > 0)
        })?;
        Suit::ALL
            .iter()
            .map(|&s| self.take_face(r, Some(s)))
            .collect()
    }

    fn rank_quad(&mut self) -> Option<Vec<Card>> {
        for ranks in TASK_TEN_RANKS {
            for perm in 0..256u32 {
                let suits: Vec<Suit> = (0..4)
                    .map(|i| Suit::ALL[(perm >> (2 * i) & 3) as usize])
                    .collect();
                let distinct = (0..4).all(|i| (0..i).all(|j| suits[i] != suits[j]));
                if distinct && (0..4).all(|i| self.count(|r, s| r == ranks[i] && s == suits[i]) > 0)
                {
                    return (0..4)
                        .map(|i| self.take_face(ranks[i], Some(suits[i])))
                        .collect();
                }
            }
        }
        None
    }

    fn suit_group(&mut self, size: usize) -> Option<Vec<Card>> {
        let suit = *Suit::ALL
            .iter()
            .max_by_key(|&&s| self.count(|_, x| x == s))?;
        self.fill(size, |_, x| x == suit)
    }

    /// The `k`-th candidate for a component (sets and runs have several).
    fn part(
        &mut self,
        spec: PartSpec,
        banned: &mut Vec<u8>,
        distinct: bool,
        k: usize,
    ) -> Option<Vec<Card>> {
        if k > 0 && !matches!(spec, PartSpec::Set { .. } | PartSpec::Run { .. }) {
            return None;
        }
        match spec {
            PartSpec::Set { size } => {
                let b: &[u8] = if distinct { banned } else { &[] };
                let (cards, rank) = self.set(size as usize, b, k)?;
                banned.push(rank);
                Some(cards)
            }
            PartSpec::SuitQuad => self.suit_quad(),
            PartSpec::Run { len, one_suit } => self.run(len, one_suit, k),
            PartSpec::TwosThrees { size } => self.fill(size as usize, |r, _| r == 2 || r == 3),
            PartSpec::Faces { size } => self.fill(size as usize, |r, _| r >= 11),
            PartSpec::IdentPair => self.ident_pair(),
            PartSpec::RankQuad => self.rank_quad(),
            PartSpec::SuitGroup { size } => self.suit_group(size as usize),
        }
    }
}

/// Depth-first over the components in `order`, `branch` candidates each; keeps the layout
/// with the fewest jokers.
#[allow(clippy::too_many_arguments)]
fn search(
    pool: &Pool,
    shape: &TaskShape,
    order: &[usize],
    banned: &[u8],
    parts: &mut Vec<Vec<Card>>,
    o: FindOpts,
    branch: usize,
    best: &mut Option<(usize, Vec<Vec<Card>>)>,
) {
    let Some((&i, rest)) = order.split_first() else {
        let used = o.max_jokers - pool.left;
        if best.as_ref().is_none_or(|b| used < b.0) {
            *best = Some((used, parts.clone()));
        }
        return;
    };
    for k in 0..branch {
        let mut p = pool.clone();
        let mut b = banned.to_vec();
        let Some(cards) = p.part(shape.parts[i], &mut b, o.distinct, k) else {
            continue;
        };
        parts[i] = cards;
        search(&p, shape, rest, &b, parts, o, branch, best);
        if best.as_ref().is_some_and(|b| b.0 == 0) {
            return;
        }
    }
}

/// A layout of `shape` from `cards` (aces are ignored), in the shape's component order,
/// using as few jokers as the greedy search finds; `None` if none is found.
pub fn find_layout(shape: &TaskShape, cards: &[Card], o: FindOpts) -> Option<Vec<Vec<Card>>> {
    let pool = Pool {
        nat: cards
            .iter()
            .filter(|c| c.face.rank().is_some_and(|r| r.0 != 1))
            .copied()
            .collect(),
        jok: cards
            .iter()
            .filter(|c| c.face == Face::Joker)
            .copied()
            .collect(),
        left: o.max_jokers,
        need_natural: o.need_natural,
    };
    let n = shape.parts.len();
    let mixed = shape.parts.iter().any(|p| *p != shape.parts[0]);
    let orders: Vec<Vec<usize>> = if mixed {
        vec![(0..n).collect(), (0..n).rev().collect()]
    } else {
        vec![(0..n).collect()]
    };
    // Greedy is optimal for sets alone; mixed tasks and runs try the 3 best candidates.
    let sets_only = shape
        .parts
        .iter()
        .all(|p| matches!(p, PartSpec::Set { .. }));
    let branch = if sets_only { 1 } else { 3 };
    let mut best = None;
    for order in orders {
        search(
            &pool,
            shape,
            &order,
            &[],
            &mut vec![Vec::new(); n],
            o,
            branch,
            &mut best,
        );
    }
    best.map(|b| b.1)
}

/// Jokers in a layout.
pub fn jokers_in(parts: &[Vec<Card>]) -> usize {
    parts.iter().flatten().filter(|c| c.face.is_joker()).count()
}
