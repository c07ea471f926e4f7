//! Karussell (Manipulation-Rommé), `rules/manipulation.md` (seed 003): the whole table
//! belongs to everybody; a turn may rearrange every meld as long as at least one hand card is
//! added and the table is legal at the end.
//!
//! This module starts with what the state machine, the solver and the UI share: a card on
//! the table with the card it stands for, and the meld check on declared faces.

pub mod solver;
pub mod table;

pub use solver::{solve, Solution, SolveError};
pub use table::{check_meld, KMeldError, KMeldKind, TableCard};
