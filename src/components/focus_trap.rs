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

/// Wires a dialog's root `node`: returns the keydown handler to put on it.
pub fn focus_trap(node: NodeRef<leptos::html::Div>) -> impl Fn(web_sys::KeyboardEvent) + Copy {
    let before = StoredValue::new_local(None::<web_sys::HtmlElement>);
    Effect::new(move |_| {
        let Some(root) = node.get() else { return };
        let root: web_sys::Element = root.into();
        let outside = active().is_none_or(|a| !root.contains(Some(&a)));
        if outside {
            before.set_value(active().and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok()));
            if let Some(first) = focusables(&root).first() {
                let _ = first.focus();
            }
        }
    });
    on_cleanup(move || {
        if let Some(el) = before.try_get_value().flatten() {
            if el.is_connected() {
                let _ = el.focus();
            }
        }
    });
    move |ev: web_sys::KeyboardEvent| {
        if ev.key() != "Tab" {
            return;
        }
        let Some(root) = node.get_untracked() else {
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
