//! Kartenrunde: the browser app. `main` only mounts; everything else lives in modules.

fn main() {
    kartenrunde::start();
}

#[cfg(feature = "diag-alloc")]
#[path = "diag_alloc.rs"]
mod diag_alloc;
