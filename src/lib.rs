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
#[cfg(test)]
mod texts_check;

/// Mounts the app on `<body>`.
pub fn start() {
    // A panic is a bug: make its message visible in the console before the module aborts.
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("Kartenrunde panic: {info}").into());
    }));
    // The first render runs in a task of its own, after the one that instantiated the
    // module (together they took longer than 50 ms, a long task), and after the next frame,
    // so the static boot screen has been painted: it stays the largest paint (LCP) and the
    // app, drawn over it, the same size, does not count as a later one.
    let after_frame = wasm_bindgen::closure::Closure::once_into_js(|| {
        leptos::prelude::set_timeout(mount, std::time::Duration::ZERO)
    });
    let scheduled = web_sys::window().is_some_and(|w| {
        use wasm_bindgen::JsCast;
        w.request_animation_frame(after_frame.unchecked_ref()).is_ok()
    });
    if !scheduled {
        leptos::prelude::set_timeout(mount, std::time::Duration::ZERO);
    }
}

/// The static boot screen of index.html gives way to the app.
fn mount() {
    if let Some(boot) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("boot"))
    {
        boot.remove();
    }
    leptos::mount::mount_to_body(app::App);
}
