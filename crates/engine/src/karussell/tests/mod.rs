//! Karussell tests: every rule as a scripted scenario, the worked examples of
//! `rules/manipulation.md`, and seeded playouts through `crate::harness`.

mod playout;
