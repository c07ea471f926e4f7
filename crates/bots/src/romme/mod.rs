//! Rommé bots.

pub mod partition;
