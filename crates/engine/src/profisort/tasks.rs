//! The 14 task shapes of the sheet and the validation of a laid task.

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
