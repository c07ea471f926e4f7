//! Measurement only: the code behind the benchmark, tournament and tuning binaries
//! (`src/bin/`). The app does not depend on this crate, so none of it is ever in the wasm;
//! it depends on nothing but the pure `engine` and `bots` crates.
//!
//! Run the binaries natively at full speed:
//! `cargo run -p bench --profile bench-native --bin tournament -- all normal greedy "" 1000`
//! (docs/bots.md lists them all).
//!
//! Modules:
//! - [`tournament`] — one duplicate-format tournament for every game;
//! - [`ceiling`] — a clairvoyant hard Rommé bot (the ceiling of the hard bot's search);
//! - [`karussell_positions`] — seeded Karussell solver positions, for the native solver
//!   benchmarks and the app's `#/bench` page (built only with the app's feature
//!   `bench-page`, never shipped).

pub mod ceiling;
pub mod karussell_positions;
pub mod tournament;
