//! Laying off on open task melds: each task's extension rule (rules table, column
//! "extending it later").

use super::actions::{Need, ProfiSortError, RunEnd};
use super::tasks::{Part, PartKind, PartSpec, TaskMeld};
use super::validate::{check_cards, check_part};
use crate::card::{Card, Face, Suit};

type Res<T> = Result<T, ProfiSortError>;

/// Checks laying `cards` off on component `part` of `meld` (number `index` on the table)
/// and returns the meld as it would be afterwards.
pub fn check_lay_off(
    meld: &TaskMeld,
    index: usize,
    part: Option<usize>,
    end: RunEnd,
    cards: &[Card],
) -> Res<TaskMeld> {
    lay_off(meld, index, part, end, cards).map_err(|e| e.in_task(meld.task))
}

fn lay_off(
    meld: &TaskMeld,
    index: usize,
    part: Option<usize>,
    end: RunEnd,
    cards: &[Card],
) -> Res<TaskMeld> {
    if cards.is_empty() {
        return Err(ProfiSortError::NoCards);
    }
    let jokers = meld.jokers_allowed();
    let Some(p) = part else {
        let new_part = new_component(meld, index, cards)?;
        let mut out = meld.clone();
        out.parts.push(new_part);
        return Ok(out);
    };
    let Some(target) = meld.parts.get(p) else {
        return Err(ProfiSortError::NoSuchPart {
            meld: index,
            part: p,
        });
    };
    for c in cards {
        if c.face.is_joker() && !jokers {
            return Err(ProfiSortError::JokerNotAllowed {
                task: meld.task,
                card: c.id,
            });
        }
        if c.face.rank().is_some_and(|r| r.0 == 1) {
            return Err(ProfiSortError::AceInTask { card: c.id });
        }
    }
    let fit = |need: Need, ok: &dyn Fn(u8, Suit) -> bool| -> Res<()> {
        for c in cards {
            if let Face::French { rank, suit } = c.face {
                if !ok(rank.0, suit) {
                    return Err(ProfiSortError::CardDoesNotFit {
                        task: 0,
                        part: p,
                        card: c.id,
                        need,
                    });
                }
            }
        }
        Ok(())
    };
    match target.kind {
        PartKind::Set { rank } => fit(Need::Rank { rank }, &|r, _| r == rank)?,
        PartKind::TwosThrees => fit(Need::TwoOrThree, &|r, _| r == 2 || r == 3)?,
        PartKind::Faces => fit(Need::FaceCard, &|r, _| r >= 11)?,
        PartKind::SuitGroup { suit } => fit(Need::Suit { suit }, &|_, s| s == suit)?,
        PartKind::SuitQuad { .. } => {
            return Err(ProfiSortError::WholeGroupNeeded {
                meld: index,
                cards: 4,
            })
        }
        PartKind::IdentPair { .. } => {
            return Err(ProfiSortError::WholeGroupNeeded {
                meld: index,
                cards: 2,
            })
        }
        PartKind::RankQuad { ranks } => rank_quad_fit(target, p, ranks, cards)?,
        PartKind::Run { low, suit } => {
            let (new_low, all) = run_extension(target, p, low, suit, end, cards)?;
            let mut out = meld.clone();
            out.parts[p].kind = PartKind::Run { low: new_low, suit };
            out.parts[p].cards = all;
            return Ok(out);
        }
    }
    let mut out = meld.clone();
    out.parts[p].cards.extend_from_slice(cards);
    Ok(out)
}

/// Tasks 3 and 9 grow only by complete components.
fn new_component(meld: &TaskMeld, index: usize, cards: &[Card]) -> Res<Part> {
    let (spec, size) = match meld.parts.first().map(|p| p.kind) {
        Some(PartKind::SuitQuad { .. }) => (PartSpec::SuitQuad, 4),
        Some(PartKind::IdentPair { .. }) => (PartSpec::IdentPair, 2),
        _ => return Err(ProfiSortError::NoNewPart { meld: index }),
    };
    if cards.len() != size {
        return Err(ProfiSortError::WholeGroupNeeded {
            meld: index,
            cards: size,
        });
    }
    let part = meld.parts.len();
    check_cards(meld.task, false, part, cards)?;
    let kind = check_part(spec, part, cards)?;
    Ok(Part {
        kind,
        cards: cards.to_vec(),
    })
}

/// Task 10: single cards of its four ranks, each in a suit not yet present for its rank.
fn rank_quad_fit(target: &Part, p: usize, ranks: [u8; 4], cards: &[Card]) -> Res<()> {
    let mut present: Vec<(u8, Suit)> = target
        .cards
        .iter()
        .filter_map(|c| Some((c.face.rank()?.0, c.face.suit()?)))
        .collect();
    for c in cards {
        let (Some(r), Some(s)) = (c.face.rank(), c.face.suit()) else {
            continue;
        };
        if !ranks.contains(&r.0) {
            return Err(ProfiSortError::CardDoesNotFit {
                task: 0,
                part: p,
                card: c.id,
                need: Need::TaskTenRank,
            });
        }
        if present.contains(&(r.0, s)) {
            return Err(ProfiSortError::CardDoesNotFit {
                task: 0,
                part: p,
                card: c.id,
                need: Need::NewSuit,
            });
        }
        present.push((r.0, s));
    }
    Ok(())
}

/// A run grows at one end within 2…K; the new cards are listed ascending. Returns the new
/// low rank and all cards ascending.
fn run_extension(
    target: &Part,
    p: usize,
    low: u8,
    suit: Option<Suit>,
    end: RunEnd,
    cards: &[Card],
) -> Res<(u8, Vec<Card>)> {
    let n = cards.len() as i32;
    let high = i32::from(low) + target.cards.len() as i32 - 1;
    let first = match end {
        RunEnd::Low => i32::from(low) - n,
        RunEnd::High => high + 1,
    };
    if first < 2 || first + n - 1 > 13 {
        return Err(ProfiSortError::RunOutOfRange { task: 0, part: p });
    }
    for (i, c) in cards.iter().enumerate() {
        let want = (first + i as i32) as u8;
        if let Face::French { rank, suit: s } = c.face {
            if rank.0 != want {
                return Err(ProfiSortError::CardDoesNotFit {
                    task: 0,
                    part: p,
                    card: c.id,
                    need: Need::RunRank { rank: want },
                });
            }
            if let Some(need) = suit.filter(|&x| x != s) {
                return Err(ProfiSortError::CardDoesNotFit {
                    task: 0,
                    part: p,
                    card: c.id,
                    need: Need::Suit { suit: need },
                });
            }
        }
    }
    let all = match end {
        RunEnd::Low => cards.iter().chain(&target.cards).copied().collect(),
        RunEnd::High => target.cards.iter().chain(cards).copied().collect(),
    };
    Ok((first.min(i32::from(low)) as u8, all))
}
