//! The 14 task shapes of the sheet and the validation of a laid task.

use super::actions::{Need, ProfiSortError};
use crate::card::{Card, Face, Suit};
use crate::game::Seat;
use serde::{Deserialize, Serialize};

/// What one component of a task must be when it is laid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PartSpec {
    /// `size` cards of one rank, suits free.
    Set { size: u8 },
    /// One rank, one card of each suit (task 3).
    SuitQuad,
    /// `len` consecutive ranks within 2…K; `one_suit`: all of one suit.
    Run { len: u8, one_suit: bool },
    /// `size` cards, each a 2 or a 3 (task 7).
    TwosThrees { size: u8 },
    /// `size` face cards B, D, K (task 8).
    Faces { size: u8 },
    /// Two identical cards, same rank and suit (task 9).
    IdentPair,
    /// 3, 5, 9, B or 4, 6, 10, D in four different suits (task 10).
    RankQuad,
    /// `size` cards of one suit, any ranks (task 14).
    SuitGroup { size: u8 },
}

impl PartSpec {
    pub fn size(self) -> usize {
        match self {
            PartSpec::Set { size }
            | PartSpec::TwosThrees { size }
            | PartSpec::Faces { size }
            | PartSpec::SuitGroup { size } => size as usize,
            PartSpec::Run { len, .. } => len as usize,
            PartSpec::SuitQuad | PartSpec::RankQuad => 4,
            PartSpec::IdentPair => 2,
        }
    }
}

/// One task shape of the sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TaskShape {
    /// 1–14.
    pub task: u8,
    /// Jokers allowed (not a "No J" task).
    pub jokers: bool,
    /// The components, in the order a [`super::ProfiSortAction::LayTask`] lists them.
    pub parts: &'static [PartSpec],
}

impl TaskShape {
    /// Cards the task needs.
    pub fn cards(&self) -> usize {
        self.parts.iter().map(|p| p.size()).sum()
    }
}

const fn set(size: u8) -> PartSpec {
    PartSpec::Set { size }
}
const fn run(len: u8) -> PartSpec {
    PartSpec::Run {
        len,
        one_suit: false,
    }
}

/// The 14 shapes (task 15 repeats one of them).
pub static SHAPES: [TaskShape; 14] = [
    TaskShape {
        task: 1,
        jokers: false,
        parts: &[set(2), set(2), set(2), set(2), set(2)],
    },
    TaskShape {
        task: 2,
        jokers: true,
        parts: &[set(3), set(3), set(3)],
    },
    TaskShape {
        task: 3,
        jokers: false,
        parts: &[PartSpec::SuitQuad],
    },
    TaskShape {
        task: 4,
        jokers: true,
        parts: &[PartSpec::Run {
            len: 6,
            one_suit: true,
        }],
    },
    TaskShape {
        task: 5,
        jokers: true,
        parts: &[set(2), set(2), run(6)],
    },
    TaskShape {
        task: 6,
        jokers: true,
        parts: &[run(5), run(5)],
    },
    TaskShape {
        task: 7,
        jokers: true,
        parts: &[PartSpec::TwosThrees { size: 6 }],
    },
    TaskShape {
        task: 8,
        jokers: true,
        parts: &[PartSpec::Faces { size: 7 }],
    },
    TaskShape {
        task: 9,
        jokers: false,
        parts: &[PartSpec::IdentPair; 3],
    },
    TaskShape {
        task: 10,
        jokers: false,
        parts: &[PartSpec::RankQuad],
    },
    TaskShape {
        task: 11,
        jokers: true,
        parts: &[set(4), set(4)],
    },
    TaskShape {
        task: 12,
        jokers: true,
        parts: &[set(5), run(4)],
    },
    TaskShape {
        task: 13,
        jokers: false,
        parts: &[run(8)],
    },
    TaskShape {
        task: 14,
        jokers: true,
        parts: &[set(3), PartSpec::SuitGroup { size: 5 }],
    },
];

/// The shape of task `task` (1–14).
pub fn shape(task: u8) -> Option<&'static TaskShape> {
    SHAPES.get(usize::from(task).checked_sub(1)?)
}

/// The joker-allowed tasks (they carry the joker-free special points).
pub fn joker_tasks() -> impl Iterator<Item = u8> {
    SHAPES.iter().filter(|s| s.jokers).map(|s| s.task)
}

/// The two rank quadruples of task 10.
pub const TASK_TEN_RANKS: [[u8; 4]; 2] = [[3, 5, 9, 11], [4, 6, 10, 12]];

/// A component on the table, with what it has become.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum PartKind {
    Set {
        rank: u8,
    },
    SuitQuad {
        rank: u8,
    },
    /// Cards ascending from `low`; `suit` for task 4.
    Run {
        low: u8,
        suit: Option<Suit>,
    },
    TwosThrees,
    Faces,
    IdentPair {
        face: Face,
    },
    RankQuad {
        ranks: [u8; 4],
    },
    SuitGroup {
        suit: Suit,
    },
}

/// One component of an open task meld.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    pub kind: PartKind,
    /// Runs: ascending, a joker at its place.
    pub cards: Vec<Card>,
}

/// An open task meld: who laid which sheet entry with which shape.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskMeld {
    pub owner: Seat,
    /// The sheet entry (1–15).
    pub task: u8,
    /// The shape (1–14; for task 15 the repeated one).
    pub shape: u8,
    pub parts: Vec<Part>,
}

impl TaskMeld {
    pub fn jokers_allowed(&self) -> bool {
        shape(self.shape).is_some_and(|s| s.jokers)
    }
    pub fn cards(&self) -> impl Iterator<Item = &Card> {
        self.parts.iter().flat_map(|p| p.cards.iter())
    }
}

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
        let kind = check_part(*spec, i, cards)?;
        if distinct {
            if let PartKind::Set { rank } = kind {
                if out.iter().any(|p: &Part| p.kind == kind) {
                    return Err(ProfiSortError::SameRankTwice { part: i, rank });
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
        return Err(ProfiSortError::JokersOnly { part });
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
        return Err(ProfiSortError::JokersOnly { part });
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
        .ok_or(ProfiSortError::JokersOnly { part })?;
    let low = i32::from(r0) - i0 as i32;
    if low < 2 || low + cards.len() as i32 - 1 > 13 {
        return Err(ProfiSortError::RunOutOfRange { part });
    }
    for (i, c, r, s) in naturals(cards) {
        let want = (low + i as i32) as u8;
        if r != want {
            return Err(ProfiSortError::CardDoesNotFit {
                part,
                card: c.id,
                need: Need::RunRank { rank: want },
            });
        }
        if one_suit && s != s0 {
            return Err(ProfiSortError::CardDoesNotFit {
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
        .ok_or(ProfiSortError::JokersOnly { part })?;
    let Some(ranks) = TASK_TEN_RANKS.iter().find(|q| q.contains(&r0)).copied() else {
        let card = c0.id;
        return Err(ProfiSortError::CardDoesNotFit {
            part,
            card,
            need: Need::TaskTenRank,
        });
    };
    let mut seen = Vec::new();
    for (_, c, r, _) in naturals(cards) {
        if !ranks.contains(&r) || seen.contains(&r) {
            return Err(ProfiSortError::CardDoesNotFit {
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
