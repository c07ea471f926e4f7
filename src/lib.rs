//! The Kartenrunde app (Leptos, client-side rendered). It knows no rules: it shows what the
//! engine says is legal and explains the engine's errors.

pub mod app;
pub mod catalog;
pub mod components;
pub mod games;
pub mod i18n;
pub mod pages;
pub mod play;
pub mod routes;
pub mod settings;

/// Mounts the app on `<body>`.
pub fn start() {
    leptos::mount::mount_to_body(app::App);
}
