//! Another tab on the same game: this page follows its saves and its deletion, and the tab
//! the player looks at runs the bots (`storage`'s revision and owner keys).

use crate::ctx::{use_app, AppCtx};
use crate::storage;
use leptos::prelude::*;

/// What another tab did to the game shown here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum OtherTab {
    /// Saved a newer position: shown here now.
    Newer,
    /// Saved a newer position while this page had moves of its own: those went to the
    /// copy, which is shown here now.
    Copied(String),
    /// Deleted the game: closed here.
    Deleted,
}

/// Moves the page on after another tab saved or deleted game `id` (in a task of its own:
/// the host that calls this is taken down by it).
pub(super) fn other_tab(app: AppCtx, id: &str, what: OtherTab) {
    let id = id.to_string();
    set_timeout(
        move || {
            let (open, key) = match what {
                OtherTab::Newer => (Some(id), "host.other_tab_newer"),
                OtherTab::Copied(copy) => (Some(copy), "host.other_tab_copy"),
                OtherTab::Deleted => (None, "host.deleted_elsewhere"),
            };
            crate::play::notice::announce(open.clone().unwrap_or_default(), key);
            match open {
                // The same route again builds the page anew, from storage.
                Some(open) => {
                    app.replace(crate::routes::Route::Play(open.clone()));
                    app.route.set(crate::routes::Route::Play(open));
                }
                None => app.replace(crate::routes::Route::Saves),
            }
        },
        std::time::Duration::ZERO,
    );
}

/// Listens for other tabs' saves of game `id` (the browser's `storage` event on its
/// revision, see [`storage::Rev`]); also looks when the page is shown again. A newer
/// position is loaded (moves of this page that are not stored yet go to a copy first), a
/// deletion closes the game.
pub(super) fn follow_other_tabs(id: String) -> RwSignal<bool> {
    let app = use_app();
    storage::claim(&id);
    let owner = RwSignal::new(true);
    let owner_key = storage::owner_key(&id);
    let key = storage::rev_key(&id);
    let check = move |id: &str| match storage::stored_rev(id) {
        Ok(storage::Rev::Deleted) => other_tab(app, id, OtherTab::Deleted),
        Ok(storage::Rev::At(n)) if n != storage::base_rev(id) => {
            if storage::is_pending(&storage::game_key(id)) {
                storage::flush();
                storage::resolve_overtaken();
                if let Some(copy) = storage::take_copy(id) {
                    other_tab(app, id, OtherTab::Copied(copy));
                }
            } else {
                other_tab(app, id, OtherTab::Newer);
            }
        }
        _ => {}
    };
    let id2 = id.clone();
    let handle = window_event_listener(leptos::ev::storage, move |ev| {
        // `None`: the whole storage was cleared.
        let k = ev.key();
        if k.as_ref().is_none_or(|k| *k == key) {
            check(&id2);
        }
        if k.is_none_or(|k| k == owner_key) {
            owner.try_set(storage::owns(&id2));
        }
    });
    // A save another tab made while this page was being built (the table's part of the wasm
    // is fetched between reading the save and listening) was heard by nobody: looked at now.
    check(&id);
    // The tab the player looks at runs the bots.
    let shown = window_event_listener(leptos::ev::visibilitychange, move |_| {
        let visible = web_sys::window()
            .and_then(|w| w.document())
            .is_some_and(|d| !d.hidden());
        if visible {
            check(&id);
            storage::claim(&id);
            owner.try_set(true);
        }
    });
    on_cleanup(move || {
        handle.remove();
        shown.remove();
    });
    owner
}
