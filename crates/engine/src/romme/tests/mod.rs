//! Rommé tests: worked examples, one test per option, buying, robbing, undo, scoring and
//! seeded random playouts with invariant checks.

mod playout;
