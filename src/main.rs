//! Kartenrunde: the browser app. `main` only mounts; everything else lives in modules.

fn main() {
    kartenrunde::start();
}

#[cfg(feature = "diag-alloc")]
mod diag_alloc;
