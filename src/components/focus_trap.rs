//! Focus in a modal dialog: when it opens it takes the focus (unless something inside
//! already has it), Tab and Shift+Tab cycle within it, and when it closes the focus goes
//! back to where it was before (if that element is still on the page).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

const FOCUSABLE: &str = "a[href], button:not([disabled]), input:not([disabled]), \
     select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

fn focusables(root: &web_sys::Element) -> Vec<web_sys::HtmlElement> {
    let Ok(list) = root.query_selector_all(FOCUSABLE) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::HtmlElement>().ok())
        // Hidden elements (display: none) have no offset parent.
        .filter(|e| e.offset_parent().is_some())
        .collect()
}

fn active() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.active_element()
}

/// The dialog `node` takes the focus on its first focusable element, if it is still open and
/// the focus is not inside it already.
fn take_focus(node: NodeRef<leptos::html::Div>) {
    let Some(root) = node.try_get_untracked().flatten() else {
        return;
    };
    let root: web_sys::Element = root.into();
    if active().is_some_and(|a| root.contains(Some(&a))) {
        return;
    }
    if let Some(first) = focusables(&root).first() {
        let _ = first.focus();
    }
}

/// Gives the focus back to `el` after a dialog closed: only if `el` is still on the page and
/// the focus is nowhere else (on the body, or on an element that has left the page).
fn restore(el: web_sys::HtmlElement) {
    let body = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body());
    let lost = active().is_none_or(|a| !a.is_connected() || body.is_some_and(|b| *b == a));
    if lost && el.is_connected() {
        let _ = el.focus();
    }
}

/// Wires a dialog's root `node`: returns the keydown handler to put on it.
pub fn focus_trap(node: NodeRef<leptos::html::Div>) -> impl Fn(web_sys::KeyboardEvent) + Copy {
    let before = StoredValue::new_local(None::<web_sys::HtmlElement>);
    Effect::new(move |_| {
        let Some(root) = node.get() else { return };
        let root: web_sys::Element = root.into();
        let outside = active().is_none_or(|a| !root.contains(Some(&a)));
        if outside {
            before.set_value(active().and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok()));
            // After the dialog's first frame: finding what can take the focus reads the
            // layout, and done in the task that built the dialog it laid out the whole page
            // there (20 ms of a deal end's 47 in the page; a long task on a slower machine).
            request_animation_frame(move || {
                set_timeout(
                    move || take_focus(node),
                    std::time::Duration::from_millis(0),
                )
            });
        }
    });
    on_cleanup(move || {
        // Not now: the cleanup runs while the dialog's owner (and maybe the whole page, when
        // the player leaves by a link or Back) is being disposed, and focusing an element
        // runs its focus handlers at once, which may read signals already gone (a Rommé
        // match's final panel refocusing a hand card of the board being removed panicked).
        // Right after this update of the page (a microtask), the element gets the focus back
        // only if it is still on the page and nothing else took the focus meanwhile.
        if let Some(el) = before.try_get_value().flatten() {
            leptos::task::spawn_local(async move { restore(el) });
        }
    });
    move |ev: web_sys::KeyboardEvent| {
        if ev.key() != "Tab" {
            return;
        }
        // A late event on a dialog already gone does nothing.
        let Some(root) = node.try_get_untracked().flatten() else {
            return;
        };
        let root: web_sys::Element = root.into();
        let items = focusables(&root);
        let (Some(first), Some(last)) = (items.first(), items.last()) else {
            ev.prevent_default();
            return;
        };
        let now = active();
        let at = |e: &web_sys::HtmlElement| {
            now.as_ref()
                .is_some_and(|a| a == e.unchecked_ref::<web_sys::Element>())
        };
        let inside = now.as_ref().is_some_and(|a| root.contains(Some(a)));
        if ev.shift_key() && (at(first) || !inside) {
            ev.prevent_default();
            let _ = last.focus();
        } else if !ev.shift_key() && (at(last) || !inside) {
            ev.prevent_default();
            let _ = first.focus();
        }
    }
}
