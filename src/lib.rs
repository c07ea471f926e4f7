//! The Kartenrunde app (Leptos, client-side rendered). It knows no rules: it shows what the
//! engine says is legal and explains the engine's errors.

// The modules form a stack; each imports only from those listed above it (checked by
// `scripts/check-layers.mjs`, whose STACK is this list, run by `scripts/test`):
//   i18n, net, routes, storage       texts, connections between devices, the route, the
//                                    browser's storage
//   settings                         the player's preferences
//   ctx, seats                       the app's context; who sits at the table
//   play                             a running game as saved, undo, statistics, UiGame
//   components                       shared pieces of every board and page
//   host                             the generic game host (autosave, bots, log)
//   games                            one folder per game, and their registry
//   catalog                          the games and presets on the home screen
//   pages                            what the player navigates
//   app                              the router
pub mod i18n;
pub mod net;
pub mod routes;
pub mod settings;
pub mod storage;

pub mod ctx;
pub mod seats;

pub mod play;

pub mod components;

pub mod host;

pub mod games;

pub mod catalog;
pub mod pages;

pub mod app;
#[cfg(test)]
mod records_fuzz;
#[cfg(test)]
mod texts_check;

/// Mounts the app on `<body>`.
pub fn start() {
    // A panic is a bug: make its message visible in the console before the module aborts.
    std::panic::set_hook(Box::new(|info| {
        web_sys::console::error_1(&format!("Kartenrunde panic: {info}").into());
    }));
    // The first render runs in a task of its own, after the one that instantiated the
    // module (together they took longer than 50 ms, a long task), and only once the static
    // boot screen has been painted (`window.krPainted`, index.html): that paint stays the
    // largest one (LCP), as the app draws the same texts at the same size over it.
    let later = || leptos::prelude::set_timeout(mount, std::time::Duration::ZERO);
    let painted = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"krPainted".into()).ok())
        .and_then(|p| wasm_bindgen::JsCast::dyn_into::<js_sys::Promise>(p).ok());
    match painted {
        Some(p) => {
            let go = wasm_bindgen::closure::Closure::once(move |_: wasm_bindgen::JsValue| later());
            let _ = p.then(&go);
            // Runs once, at start: the closure lives as long as the page.
            go.forget();
        }
        None => later(),
    }
}

/// Mounts the app's frame; the app shows its first page (and takes the static boot screen of
/// index.html away) in the next task.
fn mount() {
    let perf = web_sys::window().and_then(|w| w.performance());
    let start = perf.as_ref().map(|p| p.now());
    leptos::mount::mount_to_body(app::App);
    if let (Some(p), Some(start)) = (perf, start) {
        measure(&p, "kr-mount", start);
    }
}

/// A User Timing entry `name` from `start` until now, shown in the browser's performance
/// panel ("kr-mount": the app's frame, "kr-page": its first page).
pub(crate) fn measure(perf: &web_sys::Performance, name: &str, start: f64) {
    use wasm_bindgen::JsCast;
    let options = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&options, &"start".into(), &start.into());
    let _ = js_sys::Reflect::set(&options, &"end".into(), &perf.now().into());
    if let Ok(measure) = js_sys::Reflect::get(perf, &"measure".into()) {
        if let Some(f) = measure.dyn_ref::<js_sys::Function>() {
            let _ = f.call2(perf, &name.into(), &options);
        }
    }
}
