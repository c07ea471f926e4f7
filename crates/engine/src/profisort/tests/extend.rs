//! One test per extension rule (rules table, column "extending it later").
