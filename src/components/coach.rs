//! The first-game guide: a few small coach marks per game family, each a bubble near the
//! part of the board it explains (never a modal: the board stays playable, and the bubble
//! keeps clear of the dock's actions). The marks are the game's (`UiGame::COACH`, passed in
//! by the host). Shown once per family; the families seen are stored under [`KEY`]. The
//! host's "Show guide" button and the settings page bring it back.

use crate::ctx::use_app;
use crate::play::ui_game::CoachMarks;
use crate::storage;
use leptos::prelude::*;
use std::time::Duration;

pub const KEY: &str = "kartenrunde.coach.v1";

/// A stored list longer than this is not read (it holds a few short names).
const MAX_TEXT: usize = 16 * 1024;
/// An entry longer than this is no family name and is ignored.
const MAX_NAME: usize = 32;

/// The stored list's items, if it is a readable list (within [`MAX_TEXT`]).
fn stored_items(text: Option<&str>) -> Option<Vec<serde_json::Value>> {
    let text = text.filter(|t| t.len() <= MAX_TEXT)?;
    match serde_json::from_str::<serde_json::Value>(text).ok()? {
        serde_json::Value::Array(items) => Some(items),
        _ => None,
    }
}

/// The families whose guide was seen, read leniently: anything unreadable (or oversized)
/// counts as none seen; entries that are no short name are ignored.
pub fn parse_seen(text: Option<&str>) -> Vec<String> {
    stored_items(text)
        .unwrap_or_default()
        .iter()
        .filter_map(serde_json::Value::as_str)
        .filter(|f| !f.is_empty() && f.len() <= MAX_NAME)
        .map(str::to_string)
        .collect()
}

pub fn seen(family: &str) -> bool {
    parse_seen(storage::get(KEY).as_deref())
        .iter()
        .any(|f| f == family)
}

/// Adds `family` to the stored list; the entries already stored (also those this version
/// ignores) stay as they are. A stored value that is not a readable list is replaced.
pub fn mark_seen(family: &str) {
    let mut items = stored_items(storage::get(KEY).as_deref()).unwrap_or_default();
    if !items.iter().any(|f| f.as_str() == Some(family)) {
        items.push(serde_json::Value::from(family));
    }
    if let Ok(json) = serde_json::to_string(&items) {
        storage::set(KEY, &json);
    }
}

/// Every guide shows again (settings page).
pub fn reset() {
    storage::remove(KEY);
}

const MARGIN: f64 = 8.0;

/// Where the bubble goes (viewport pixels: top, left, arrow x, placement): below or above its
/// target when that fits above the dock, else docked just above the dock.
fn place(bubble: &web_sys::HtmlElement, selector: &str) -> (f64, f64, f64, &'static str) {
    let Some((win, doc)) = web_sys::window().and_then(|w| w.document().map(|d| (w, d))) else {
        return (MARGIN, MARGIN, 0.0, "docked");
    };
    let num = |v: Result<wasm_bindgen::JsValue, _>| v.ok().and_then(|v| v.as_f64());
    let vw = num(win.inner_width()).unwrap_or(360.0);
    let vh = num(win.inner_height()).unwrap_or(640.0);
    let w = f64::from(bubble.offset_width()).max(1.0);
    let h = f64::from(bubble.offset_height()).max(1.0);
    let dock = doc.query_selector("[data-testid=dock]").ok().flatten();
    let dock_top = dock
        .as_ref()
        .map_or(vh, |d| d.get_bounding_client_rect().top());
    // Above the dock if there is room for the bubble there, else the whole screen.
    let limit = if dock_top > h + 2.0 * MARGIN && dock_top <= vh {
        dock_top
    } else {
        vh
    };
    let docked = |cx: f64| {
        let left = (cx - w / 2.0).clamp(MARGIN, (vw - w - MARGIN).max(MARGIN));
        ((limit - h - MARGIN).max(MARGIN), left, cx - left, "docked")
    };
    if let Ok(list) = doc.query_selector_all(".coach-target") {
        for i in 0..list.length() {
            if let Some(e) = list
                .item(i)
                .and_then(|n| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(n).ok())
            {
                let _ = e.class_list().remove_1("coach-target");
            }
        }
    }
    // No target on screen: above the dock, without an arrow.
    let free = || (docked(vw / 2.0).0, docked(vw / 2.0).1, 0.0, "free");
    let Some(target) = doc.query_selector(selector).ok().flatten() else {
        return free();
    };
    let r = target.get_bounding_client_rect();
    if r.width() <= 0.0 || r.bottom() <= 0.0 || r.top() >= vh {
        return free();
    }
    let _ = target.class_list().add_1("coach-target");
    let cx = (r.left() + r.width() / 2.0).clamp(MARGIN, vw - MARGIN);
    let left = (cx - w / 2.0).clamp(MARGIN, (vw - w - MARGIN).max(MARGIN));
    let in_dock = dock.is_some_and(|d| d.contains(Some(&target)));
    if in_dock || r.top() >= limit {
        return docked(cx);
    }
    if r.bottom() + 10.0 + h <= limit - MARGIN {
        (r.bottom() + 10.0, left, cx - left, "below")
    } else if r.top() - 10.0 - h >= MARGIN {
        (r.top() - 10.0 - h, left, cx - left, "above")
    } else if limit - h - MARGIN >= r.bottom() + 2.0 {
        // Little room (a phone): just above the dock, still below its target.
        (limit - h - MARGIN, left, cx - left, "below")
    } else {
        docked(cx)
    }
}

/// The guide of `family` (its `marks`), at mark `step`; closing it (or its last mark) sets
/// `open` to false and remembers the family as seen.
#[component]
pub fn Coach(
    family: &'static str,
    marks: CoachMarks,
    open: RwSignal<bool>,
    step: RwSignal<usize>,
) -> impl IntoView {
    let app = use_app();
    let n = marks.len();
    let bubble = NodeRef::<leptos::html::Div>::new();
    let pos = RwSignal::new(None::<(f64, f64, f64, &'static str)>);
    let mark = move || marks.get(step.get().min(n.saturating_sub(1))).copied();
    let reposition = move || {
        // From a frame or timer callback: the guide may be gone by then (`try_…`).
        let el = bubble.try_get_untracked().flatten();
        let mark = step.try_get_untracked().and_then(|s| marks.get(s));
        if let (Some(el), Some((sel, _))) = (el, mark) {
            let p = place(&el, sel);
            if pos.try_get_untracked().is_some_and(|now| now != Some(p)) {
                pos.set(Some(p));
            }
        }
    };
    let close = move || {
        mark_seen(family);
        open.set(false);
    };
    Effect::new(move |_| {
        step.track();
        bubble.track();
        request_animation_frame(reposition);
    });
    // The board moves (cards drawn, melds laid, scrolling): follow the target.
    let timer = set_interval_with_handle(reposition, Duration::from_millis(120)).ok();
    let esc = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" {
            close();
        }
    });
    on_cleanup(move || {
        esc.remove();
        if let Some(t) = timer {
            t.clear();
        }
        if let Ok(list) = document().query_selector_all(".coach-target") {
            for i in 0..list.length() {
                if let Some(e) = list
                    .item(i)
                    .and_then(|n| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(n).ok())
                {
                    let _ = e.class_list().remove_1("coach-target");
                }
            }
        }
    });
    let style = move || match pos.get() {
        Some((top, left, arrow, _)) => {
            format!("top:{top:.0}px;left:{left:.0}px;--arrow-x:{arrow:.0}px")
        }
        None => "top:0;left:0;visibility:hidden".to_string(),
    };
    let last = move || step.get() + 1 >= n;
    view! {
        <div class="coach" node_ref=bubble role="dialog" aria-modal="false" aria-label=move || app.t("coach.title")
            data-testid="coach" data-step=move || step.get() data-target=move || mark().map(|m| m.0)
            data-place=move || pos.get().map_or("docked", |p| p.3) style=style>
            <p class="coach-count">{move || app.t("coach.step").replace("{i}", &(step.get() + 1).to_string()).replace("{n}", &n.to_string())}</p>
            <p class="coach-text" aria-live="polite" data-testid="coach-text">{move || mark().map(|m| app.t(m.1)).unwrap_or_default()}</p>
            <div class="coach-buttons">
                <button class="button small" data-testid="coach-close" on:click=move |_| close()>{move || app.t("coach.done")}</button>
                <Show when=move || !last()>
                    <button class="button small primary" data-testid="coach-next" on:click=move |_| step.update(|s| *s += 1)>{move || app.t("coach.next")}</button>
                </Show>
            </div>
        </div>
    }
}

/// The guide where the host puts it: while `open`, and not while `hidden` (the privacy screen
/// between players on one device). Not generic, so the four game hosts share its code.
pub fn coach_slot(
    family: &'static str,
    marks: CoachMarks,
    open: RwSignal<bool>,
    step: RwSignal<usize>,
    hidden: Signal<bool>,
) -> AnyView {
    view! {
        <Show when=move || open.get() && !hidden.get()>
            <Coach family=family marks=marks open=open step=step/>
        </Show>
    }
    .into_any()
}

/// The host's "Show guide" button: the guide from its first mark.
pub fn show_button(open: RwSignal<bool>, step: RwSignal<usize>) -> AnyView {
    let app = use_app();
    view! {
        <button class="button small" data-testid="coach-show" on:click=move |_| { step.set(0); open.set(true); }>
            {move || app.t("coach.show")}
        </button>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seen_flags_are_read_leniently() {
        assert!(parse_seen(None).is_empty());
        assert!(parse_seen(Some("")).is_empty());
        assert!(parse_seen(Some("{kaputt")).is_empty());
        assert!(parse_seen(Some("{\"romme\":true}")).is_empty());
        assert!(parse_seen(Some("17")).is_empty());
        let long = "x".repeat(MAX_NAME + 1);
        assert_eq!(
            parse_seen(Some(&format!(
                "[\"{long}\",\"\",{{}},[\"romme\"],\"abluxxen\"]"
            ))),
            ["abluxxen"]
        );
        let oversized = format!("[\"romme\",\"{}\"]", "y".repeat(MAX_TEXT));
        assert!(parse_seen(Some(&oversized)).is_empty());
        assert_eq!(
            parse_seen(Some("[\"romme\",3,null,\"karussell\"]")),
            ["romme", "karussell"]
        );
        assert!(!seen("abluxxen"));
        storage::set(KEY, "not json");
        assert!(!seen("abluxxen"));
        mark_seen("abluxxen");
        mark_seen("abluxxen");
        assert!(seen("abluxxen") && !seen("romme"));
        assert_eq!(parse_seen(storage::get(KEY).as_deref()), ["abluxxen"]);
        // Entries this version ignores stay stored.
        storage::set(KEY, "[7,\"zukunft\"]");
        mark_seen("romme");
        assert_eq!(
            storage::get(KEY).as_deref(),
            Some("[7,\"zukunft\",\"romme\"]")
        );
        reset();
        assert!(!seen("abluxxen"));
    }
}
