//! The app root: settings and route in context, the top bar, and the page for the route.

use crate::ctx::{set_pruned, skip_to_content, use_app, AppCtx};
use crate::i18n::tr;
use crate::pages;
use crate::routes::Route;
use crate::settings::{DeckColours, Motion, Settings};
use leptos::prelude::*;

fn current_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Whether index.html has announced a newer version already (`window.krUpdateReady`).
fn update_announced() -> bool {
    web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"krUpdateReady".into()).ok())
        .is_some_and(|v| v.is_truthy())
}

/// The app root: the texts installed, settings and route in context and followed, then the
/// top bar, the notices and the route's page.
#[component]
pub fn App() -> impl IntoView {
    // The games' texts join the translation table before the first text is shown.
    crate::i18n::install(crate::games::registry::text_tables());
    // Storage first: if the browser refuses it, everything is kept in memory and a notice
    // says so (the app never stops because of it).
    let (store, notice_closed) = follow_storage();
    let settings = RwSignal::new(Settings::load());
    let route = RwSignal::new(Route::parse(&current_hash()));
    let match_over = RwSignal::new(false);
    let ctx = AppCtx {
        settings,
        route,
        match_over,
        level_wish: RwSignal::new(None),
    };
    provide_context(ctx);
    follow_hash(route);
    keep_settings(settings);
    let offer_update = follow_updates(route, match_over);
    let menu_open = close_menu_on_new_page(ctx);
    let shown = show_after_boot();

    view! {
        <div class=root_class(settings) class:booting=move || !shown.get()>
            // First Tab stop: jumps to the hand on a board, to the start button on a setup,
            // else to the page's content.
            <a class="skip-link" href="#/" data-testid="skip-link"
                on:click=move |ev| { ev.prevent_default(); skip_to_content(); }>{move || ctx.t("nav.skip")}</a>
            {top_bar(ctx, menu_open)}
            {storage_notice(store, notice_closed)}
            <Show when=offer_update>
                {update_notice(ctx)}
            </Show>
            <main class="page" id="content" tabindex="-1">
                {move || shown.get().then(|| page(route.get()))}
            </main>
        </div>
    }
}

/// Follows the address's hash into `route` (while the app lives).
fn follow_hash(route: RwSignal<Route>) {
    let handle = window_event_listener(leptos::ev::hashchange, move |_| {
        let next = Route::parse(&current_hash());
        // `go` already set it: re-setting the same route would rebuild the page.
        if route.get_untracked() != next {
            route.set(next);
        }
    });
    on_cleanup(move || handle.remove());
}

/// Persists the settings and reflects the language on <html lang> (only when they changed:
/// `AppCtx::prune` runs this again without a change). The first run stores nothing: the
/// settings were just read, and writing them back could undo a change another tab (or a
/// test) made meanwhile.
fn keep_settings(settings: RwSignal<Settings>) {
    Effect::new(move |prev: Option<Settings>| {
        let s = settings.get();
        if prev.as_ref() != Some(&s) {
            if prev.is_some() {
                s.store();
            }
            if let Some(el) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.document_element())
            {
                let _ = el.set_attribute("lang", s.lang.code());
            }
        }
        s
    });
}

/// Whether to offer a newer version: one is ready (index.html checks for one, see
/// docs/DESIGN.md "Updates"), and it is offered between games only, never while a match is
/// running on the page.
fn follow_updates(
    route: RwSignal<Route>,
    match_over: RwSignal<bool>,
) -> impl Fn() -> bool + Copy + Send + Sync + 'static {
    let update_ready = RwSignal::new(update_announced());
    let update_handle = window_event_listener_untyped("kr-update", move |_| {
        update_ready.set(true);
    });
    on_cleanup(move || update_handle.remove());
    move || {
        update_ready.get()
            && match route.get() {
                Route::Play(_) | Route::Link(_) => match_over.get(),
                _ => true,
            }
    }
}

/// Whether the folded menu of a narrow screen is open; it closes when the page changes. Once
/// the new page is built, the views of the old one leave nothing behind in the app's signals.
fn close_menu_on_new_page(ctx: AppCtx) -> RwSignal<bool> {
    let menu_open = RwSignal::new(false);
    Effect::new(move |_| {
        ctx.route.track();
        set_pruned(menu_open, false);
        set_timeout(move || ctx.prune(), std::time::Duration::ZERO);
    });
    menu_open
}

/// The root's classes: the four-colour deck and the motion setting.
fn root_class(settings: RwSignal<Settings>) -> impl Fn() -> String + Send + Sync + 'static {
    move || {
        let s = settings.get();
        let mut c = String::from("app");
        if s.deck == DeckColours::Four {
            c.push_str(" deck-4");
        }
        match s.motion {
            Motion::Reduced => c.push_str(" motion-reduced"),
            Motion::Full => c.push_str(" motion-full"),
            Motion::System => {}
        }
        c
    }
}

/// Whether the page is shown. The first render in two tasks, each short (under 50 ms on a
/// slow phone): the frame now (hidden, behind the static boot screen of index.html), the page
/// in the next task, which then takes the boot screen away (docs/DESIGN.md "Start").
fn show_after_boot() -> RwSignal<bool> {
    let shown = RwSignal::new(false);
    set_timeout(
        move || {
            let perf = web_sys::window().and_then(|w| w.performance());
            let start = perf.as_ref().map(|p| p.now());
            shown.set(true);
            if let Some(boot) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.get_element_by_id("boot"))
            {
                boot.remove();
            }
            // Leptos draws the page in microtasks after this: measured until the next frame.
            if let (Some(p), Some(start)) = (perf, start) {
                request_animation_frame(move || crate::measure(&p, "kr-page", start));
            }
        },
        std::time::Duration::ZERO,
    );
    shown
}

/// The top bar: the app's name and the links, folded into a menu on a narrow screen.
fn top_bar(ctx: AppCtx, menu_open: RwSignal<bool>) -> impl IntoView {
    view! {
        <header class="topbar" class:menu-open=move || menu_open.get()>
            <a class="brand" href="#/">{move || ctx.t("app.title")}</a>
            // On a narrow screen the links fold into this menu.
            <button class="menu-button" data-testid="menu" aria-controls="main-nav"
                aria-expanded=move || menu_open.get().to_string()
                on:click=move |_| menu_open.update(|o| *o = !*o)>
                <span aria-hidden="true">"☰ "</span>{move || ctx.t("nav.menu")}
            </button>
            <nav id="main-nav" on:click=move |_| menu_open.set(false)>
                <a href="#/" class="navlink">{move || ctx.t("nav.home")}</a>
                <a href="#/saves" class="navlink" data-testid="nav-saves">{move || ctx.t("nav.saves")}</a>
                <a href="#/stats" class="navlink" data-testid="nav-stats">{move || ctx.t("nav.stats")}</a>
                <a href="#/settings" class="navlink" data-testid="nav-settings">{move || ctx.t("nav.settings")}</a>
            </nav>
        </header>
    }
}

/// The offer of a newer version: a button that reloads the page.
fn update_notice(ctx: AppCtx) -> impl IntoView {
    view! {
        <div class="update-notice" role="status" data-testid="update-notice">
            <button class="button small" data-testid="update-reload" on:click=move |_| {
                // The new files are in the cache already; the save is in localStorage.
                if let Some(w) = web_sys::window() {
                    let _ = w.location().reload();
                }
            }>{move || ctx.t("update.reload")}</button>
        </div>
    }
}

/// What storage did, as signals for the notice: its status, and whether the player closed
/// the notice (a new problem, or "saved again", opens it again). Also starts the retries.
fn follow_storage() -> (RwSignal<crate::storage::Status>, RwSignal<bool>) {
    let store = RwSignal::new(crate::storage::status());
    let notice_closed = RwSignal::new(false);
    crate::storage::on_change(move |s| {
        if store.try_get_untracked().as_ref() != Some(&s) {
            // A new problem, or "saved again", shows its notice again.
            let before = store.get_untracked();
            if s.pending() > before.pending() || (s.recovered && !before.recovered) {
                notice_closed.try_set(false);
            }
            store.try_set(s);
        }
    });
    crate::storage::probe();
    retry_writes();
    (store, notice_closed)
}

/// Writes the browser refused (a full storage) are retried: every 4 s while any is
/// pending, and at once when the page is hidden (the player switches away or closes it).
fn retry_writes() {
    use crate::storage;
    let retry = || {
        if storage::status().pending() > 0 {
            storage::flush();
        }
    };
    if let Ok(handle) = set_interval_with_handle(retry, std::time::Duration::from_secs(4)) {
        on_cleanup(move || handle.clear());
    }
    let hidden = window_event_listener(leptos::ev::visibilitychange, move |_| {
        let hidden = web_sys::window()
            .and_then(|w| w.document())
            .is_some_and(|d| d.hidden());
        if hidden {
            retry();
        }
    });
    let pagehide = window_event_listener(leptos::ev::pagehide, move |_| retry());
    on_cleanup(move || {
        hidden.remove();
        pagehide.remove();
    });
}

/// What storage did, said in one line at the top: nothing can be stored at all, stored
/// data cannot be read, what is not saved yet (and how to keep it as a file), and "saved
/// again" once the retries went through.
fn storage_notice(
    store: RwSignal<crate::storage::Status>,
    closed: RwSignal<bool>,
) -> impl IntoView {
    let ctx = use_app();
    let text = move || {
        let s = store.get();
        let lang = ctx.lang();
        if s.unavailable {
            Some((tr(lang, "st.memory_only").to_string(), false))
        } else if s.pending_games == 1 {
            Some((tr(lang, "st.pending_games_one").to_string(), true))
        } else if s.pending_games > 1 {
            let t = tr(lang, "st.pending_games_many").replace("{n}", &s.pending_games.to_string());
            Some((t, true))
        } else if s.pending_other > 0 {
            Some((tr(lang, "st.pending_other").to_string(), false))
        } else if s.read_blocked {
            Some((tr(lang, "st.read_blocked").to_string(), false))
        } else if s.recovered {
            Some((tr(lang, "st.saved_again").to_string(), false))
        } else {
            None
        }
    };
    let close = move |_| {
        closed.set(true);
        if store.with_untracked(|s| s.recovered && s.pending() == 0) {
            crate::storage::ack_recovered();
            closed.set(false);
        }
    };
    move || {
        let (line, export) = text()?;
        (!closed.get()).then(|| {
            view! {
                <div class="storage-notice" role="status" data-testid="storage-notice">
                    <span>{line}</span>
                    {export.then(|| view! {
                        <a class="button small" href="#/saves" data-testid="storage-export">{ctx.t("st.keep_as_file")}</a>
                    })}
                    <button class="button small" on:click=close
                        aria-label=move || ctx.t("st.close")>"✕"</button>
                </div>
            }
        })
    }
}

/// The page of a route. Each page is built by a function of its own that is never inlined:
/// the browser compiles a wasm function when it first runs, so at start it compiles the
/// home page only, not one function holding every page (docs/DESIGN.md "Start").
fn page(route: Route) -> AnyView {
    match route {
        Route::Home => home_page(),
        Route::Setup(id) => setup_page(id),
        Route::Settings => settings_page(),
        Route::Play(id) => play_page(id),
        Route::Replay(id) => replay_page(id),
        Route::Saves => saves_page(),
        Route::Stats => stats_page(),
        Route::Rules(variant, game) => rules_page(variant, game),
        #[cfg(feature = "bench-page")]
        Route::Bench(n) => bench_page(n),
        Route::Link(payload) => link_page(payload),
        Route::Join(code) => more_page(Box::pin(join_view(code))),
        Route::Reply(code) => more_page(Box::pin(reply_view(code))),
        Route::NotFound(_) => not_found_page(),
    }
}

#[inline(never)]
fn home_page() -> AnyView {
    view! { <pages::home::Home/> }.into_any()
}

#[inline(never)]
fn setup_page(id: String) -> AnyView {
    view! { <pages::setup::Setup id=id/> }.into_any()
}

// In the main module: the language is switched there, at once even on a first visit.
#[inline(never)]
fn settings_page() -> AnyView {
    view! { <pages::settings::SettingsPage/> }.into_any()
}

#[inline(never)]
fn play_page(id: String) -> AnyView {
    view! { <pages::play::Play id=id/> }.into_any()
}

#[inline(never)]
fn replay_page(id: String) -> AnyView {
    view! { <pages::play::Replay id=id/> }.into_any()
}

// The saved games, the statistics, the rules (and the solver benchmark) are a part of the wasm
// of their own, fetched when one of them is first opened (docs/DESIGN.md,
// "Code splitting"), and so is the page that opens a shared link (it replays the link's game).
fn saves_page() -> AnyView {
    more_page(Box::pin(saves_view()))
}

fn stats_page() -> AnyView {
    more_page(Box::pin(stats_view()))
}

fn rules_page(variant: String, game: Option<String>) -> AnyView {
    more_page(Box::pin(rules_view(variant, game)))
}

#[cfg(feature = "bench-page")]
fn bench_page(n: usize) -> AnyView {
    more_page(Box::pin(bench_view(n)))
}

fn more_page(load: crate::play::ui_game::ViewLoad) -> AnyView {
    crate::components::lazy::lazy_view(load, "page.loading", page_unreachable)
}

#[leptos::wasm_split::wasm_split(more_pages, wasm_split_path = ::leptos::wasm_split, fallible)]
fn saves_view() -> Result<AnyView, crate::play::ui_game::LoadError> {
    crate::games::registry::install_rules_texts();
    Ok(view! { <pages::saves::Saves/> }.into_any())
}

#[leptos::wasm_split::wasm_split(more_pages, wasm_split_path = ::leptos::wasm_split, fallible)]
fn stats_view() -> Result<AnyView, crate::play::ui_game::LoadError> {
    crate::games::registry::install_rules_texts();
    Ok(view! { <pages::stats::StatsPage/> }.into_any())
}

#[leptos::wasm_split::wasm_split(more_pages, wasm_split_path = ::leptos::wasm_split, fallible)]
fn rules_view(
    variant: String,
    game: Option<String>,
) -> Result<AnyView, crate::play::ui_game::LoadError> {
    crate::games::registry::install_rules_texts();
    Ok(view! { <pages::rules::RulesPage variant=variant game=game/> }.into_any())
}

#[cfg(feature = "bench-page")]
#[leptos::wasm_split::wasm_split(more_pages, wasm_split_path = ::leptos::wasm_split, fallible)]
fn bench_view(n: usize) -> Result<AnyView, crate::play::ui_game::LoadError> {
    crate::games::registry::install_rules_texts();
    Ok(view! { <pages::bench::Bench count=n/> }.into_any())
}

/// A page whose part of the wasm cannot be fetched (offline before it was ever cached).
fn page_unreachable() -> AnyView {
    crate::components::lazy::unreachable_panel(
        "page-unreachable",
        "page.unreachable_title",
        "page.unreachable",
        ("#/", "nav.home"),
    )
}

fn link_page(payload: String) -> AnyView {
    more_page(Box::pin(link_view(payload)))
}

#[leptos::wasm_split::wasm_split(more_pages, wasm_split_path = ::leptos::wasm_split, fallible)]
fn link_view(payload: String) -> Result<AnyView, crate::play::ui_game::LoadError> {
    crate::games::registry::install_rules_texts();
    Ok(view! { <pages::play::OpenLink payload=payload/> }.into_any())
}

// Joining a table between devices: the invitation's page (then the game's part with its
// guest page) and the reply handed to the table; the network code is loaded with them.
#[leptos::wasm_split::wasm_split(more_pages, wasm_split_path = ::leptos::wasm_split, fallible)]
fn join_view(code: String) -> Result<AnyView, crate::play::ui_game::LoadError> {
    crate::i18n::install_part(crate::i18n::net::NET);
    Ok(view! { <pages::join::Join code=code/> }.into_any())
}

#[leptos::wasm_split::wasm_split(more_pages, wasm_split_path = ::leptos::wasm_split, fallible)]
fn reply_view(code: String) -> Result<AnyView, crate::play::ui_game::LoadError> {
    crate::i18n::install_part(crate::i18n::net::NET);
    Ok(view! { <pages::join::ReplyPage code=code/> }.into_any())
}

#[inline(never)]
fn not_found_page() -> AnyView {
    let ctx = use_app();
    view! {
        <section class="panel">
            <h1>{move || ctx.t("error.title")}</h1>
            <p>{move || ctx.t("error.not_found")}</p>
            <a href="#/" class="button">{move || ctx.t("nav.home")}</a>
        </section>
    }
    .into_any()
}
