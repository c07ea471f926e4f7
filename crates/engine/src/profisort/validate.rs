//! Validation of a laid task: component count and sizes, no aces, the joker rules, and
//! what each component must be.

use super::actions::{Need, ProfiSortError};
use super::tasks::{Part, PartKind, PartSpec, TaskShape, TASK_TEN_RANKS};
use crate::card::{Card, Face, Suit};

type Res<T> = Result<T, ProfiSortError>;

/// Checks `parts` as a layout of `shape` (reported as sheet entry `task`). Returns the
/// components as they lie on the table.
pub fn check_layout(
    task: u8,
    shape: &TaskShape,
    parts: &[Vec<Card>],
    distinct: bool,
) -> Res<Vec<Part>> {
    if parts.len() != shape.parts.len() {
        return Err(ProfiSortError::PartCount {
            task,
            expected: shape.parts.len(),
            got: parts.len(),
        });
    }
    let mut out = Vec::with_capacity(parts.len());
    for (i, (spec, cards)) in shape.parts.iter().zip(parts).enumerate() {
        if cards.len() != spec.size() {
            return Err(ProfiSortError::PartSize {
                task,
                part: i,
                expected: spec.size(),
                got: cards.len(),
            });
        }
        check_cards(task, shape.jokers, i, cards)?;
        let kind = check_part(*spec, i, cards).map_err(|e| e.in_task(task))?;
        if distinct {
            if let PartKind::Set { rank } = kind {
                if out.iter().any(|p: &Part| p.kind == kind) {
                    return Err(ProfiSortError::SameRankTwice {
                        task,
                        part: i,
                        rank,
                    });
                }
            }
        }
        out.push(Part {
            kind,
            cards: cards.clone(),
        });
    }
    Ok(out)
}

/// No aces; no jokers in "No J" tasks; at least one natural card.
pub(crate) fn check_cards(task: u8, jokers: bool, part: usize, cards: &[Card]) -> Res<()> {
    for c in cards {
        if c.face.is_joker() && !jokers {
            return Err(ProfiSortError::JokerNotAllowed { task, card: c.id });
        }
        if c.face.rank().is_some_and(|r| r.0 == 1) {
            return Err(ProfiSortError::AceInTask { card: c.id });
        }
    }
    if cards.iter().all(|c| c.face.is_joker()) {
        return Err(ProfiSortError::JokersOnly { task, part });
    }
    Ok(())
}

fn naturals(cards: &[Card]) -> impl Iterator<Item = (usize, Card, u8, Suit)> + '_ {
    cards.iter().enumerate().filter_map(|(i, c)| match c.face {
        Face::French { rank, suit } => Some((i, *c, rank.0, suit)),
        _ => None,
    })
}

/// Every natural card must satisfy `ok`, else `need`.
fn all_fit(part: usize, cards: &[Card], need: Need, ok: impl Fn(u8, Suit) -> bool) -> Res<()> {
    match naturals(cards).find(|&(_, _, r, s)| !ok(r, s)) {
        Some((_, c, _, _)) => Err(ProfiSortError::CardDoesNotFit {
            task: 0,
            part,
            card: c.id,
            need,
        }),
        None => Ok(()),
    }
}

/// Suits pairwise different among the natural cards.
fn distinct_suits(part: usize, cards: &[Card], already: &[Suit]) -> Res<()> {
    let mut seen: Vec<Suit> = already.to_vec();
    for (_, c, _, s) in naturals(cards) {
        if seen.contains(&s) {
            return Err(ProfiSortError::CardDoesNotFit {
                task: 0,
                part,
                card: c.id,
                need: Need::NewSuit,
            });
        }
        seen.push(s);
    }
    Ok(())
}

/// Checks one component (cards without aces, at least one natural) and names what it is.
pub(crate) fn check_part(spec: PartSpec, part: usize, cards: &[Card]) -> Res<PartKind> {
    let Some((_, _, r0, s0)) = naturals(cards).next() else {
        return Err(ProfiSortError::JokersOnly { task: 0, part });
    };
    match spec {
        PartSpec::Set { .. } => {
            all_fit(part, cards, Need::Rank { rank: r0 }, |r, _| r == r0)?;
            Ok(PartKind::Set { rank: r0 })
        }
        PartSpec::SuitQuad => {
            all_fit(part, cards, Need::Rank { rank: r0 }, |r, _| r == r0)?;
            distinct_suits(part, cards, &[])?;
            Ok(PartKind::SuitQuad { rank: r0 })
        }
        PartSpec::Run { one_suit, .. } => check_run(part, cards, one_suit),
        PartSpec::TwosThrees { .. } => {
            all_fit(part, cards, Need::TwoOrThree, |r, _| r == 2 || r == 3)?;
            Ok(PartKind::TwosThrees)
        }
        PartSpec::Faces { .. } => {
            all_fit(part, cards, Need::FaceCard, |r, _| r >= 11)?;
            Ok(PartKind::Faces)
        }
        PartSpec::IdentPair => {
            let face = Face::french(r0, s0);
            all_fit(part, cards, Need::SameCard { face }, |r, s| {
                r == r0 && s == s0
            })?;
            Ok(PartKind::IdentPair { face })
        }
        PartSpec::RankQuad => check_rank_quad(part, cards),
        PartSpec::SuitGroup { .. } => {
            all_fit(part, cards, Need::Suit { suit: s0 }, |_, s| s == s0)?;
            Ok(PartKind::SuitGroup { suit: s0 })
        }
    }
}

fn check_run(part: usize, cards: &[Card], one_suit: bool) -> Res<PartKind> {
    let (i0, _, r0, s0) = naturals(cards)
        .next()
        .ok_or(ProfiSortError::JokersOnly { task: 0, part })?;
    let low = i32::from(r0) - i0 as i32;
    if low < 2 || low + cards.len() as i32 - 1 > 13 {
        return Err(ProfiSortError::RunOutOfRange { task: 0, part });
    }
    for (i, c, r, s) in naturals(cards) {
        let want = (low + i as i32) as u8;
        if r != want {
            return Err(ProfiSortError::CardDoesNotFit {
                task: 0,
                part,
                card: c.id,
                need: Need::RunRank { rank: want },
            });
        }
        if one_suit && s != s0 {
            return Err(ProfiSortError::CardDoesNotFit {
                task: 0,
                part,
                card: c.id,
                need: Need::Suit { suit: s0 },
            });
        }
    }
    Ok(PartKind::Run {
        low: low as u8,
        suit: one_suit.then_some(s0),
    })
}

fn check_rank_quad(part: usize, cards: &[Card]) -> Res<PartKind> {
    let (_, c0, r0, _) = naturals(cards)
        .next()
        .ok_or(ProfiSortError::JokersOnly { task: 0, part })?;
    let Some(ranks) = TASK_TEN_RANKS.iter().find(|q| q.contains(&r0)).copied() else {
        let card = c0.id;
        return Err(ProfiSortError::CardDoesNotFit {
            task: 0,
            part,
            card,
            need: Need::TaskTenRank,
        });
    };
    let mut seen = Vec::new();
    for (_, c, r, _) in naturals(cards) {
        if !ranks.contains(&r) || seen.contains(&r) {
            return Err(ProfiSortError::CardDoesNotFit {
                task: 0,
                part,
                card: c.id,
                need: Need::TaskTenRank,
            });
        }
        seen.push(r);
    }
    distinct_suits(part, cards, &[])?;
    Ok(PartKind::RankQuad { ranks })
}
