//! A game-agnostic pointer drag helper (mouse, touch and pen through pointer events).
//!
//! Call [`start_drag`] from an element's `pointerdown` handler. Nothing happens until the
//! pointer has moved a few pixels ([`THRESHOLD_PX`]); a press without movement stays an
//! ordinary click. Once dragging, a ghost copy of the element (or of the element named by
//! [`DragSpec::ghost_from`]) follows the pointer, the drop target under the pointer (the
//! closest ancestor with a `data-drop` attribute) gets the class `drop-hover`, and on
//! release the `on_drop` callback receives that attribute's value. If it returns `false`
//! (an illegal drop) or there is no target, the ghost snaps back to where it came from.
//! The click that browsers fire after a drag is swallowed.
//!
//! ```ignore
//! <div on:pointerdown=move |ev| start_drag(&ev, DragSpec::default(), move |target| {
//!     target == "my-display" && try_play()
//! })>...</div>
//! ```

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, PointerEvent};

/// How far (in CSS pixels) the pointer must move before a press becomes a drag.
pub const THRESHOLD_PX: f64 = 6.0;

/// Options of one drag.
#[derive(Clone, Default)]
pub struct DragSpec {
    /// CSS selector of elements to copy into the ghost instead of the pressed element
    /// (e.g. every selected card when several are dragged together).
    pub ghost_from: Option<String>,
    /// Called once when the press turns into a drag (e.g. to select the dragged card).
    pub on_start: Option<Rc<dyn Fn()>>,
}

/// The `data-drop` value of the drop target at a viewport point, if any.
pub fn drop_target_at(x: f64, y: f64) -> Option<(Element, String)> {
    let doc = web_sys::window()?.document()?;
    let el = doc.element_from_point(x as f32, y as f32)?;
    let target = el.closest("[data-drop]").ok()??;
    let value = target.get_attribute("data-drop")?;
    Some((target, value))
}

/// A window listener of a drag and the event names it is registered for.
type Listener = (&'static [&'static str], Closure<dyn FnMut(PointerEvent)>);

struct Drag {
    start: (f64, f64),
    /// Pointer offset inside the pressed element.
    offset: (f64, f64),
    pointer: i32,
    source: HtmlElement,
    spec: DragSpec,
    ghost: Option<HtmlElement>,
    hover: Option<Element>,
    on_drop: Rc<dyn Fn(String) -> bool>,
    /// The window listeners of this drag and the events they are registered for.
    listeners: Vec<Listener>,
}

impl Drag {
    fn set_hover(&mut self, target: Option<Element>) {
        if self.hover.as_ref() == target.as_ref() {
            return;
        }
        if let Some(old) = self.hover.take() {
            let _ = old.class_list().remove_1("drop-hover");
        }
        if let Some(new) = &target {
            let _ = new.class_list().add_1("drop-hover");
        }
        self.hover = target;
    }

    fn begin(&mut self) {
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let Ok(ghost) = doc.create_element("div") else {
            return;
        };
        let Ok(ghost) = ghost.dyn_into::<HtmlElement>() else {
            return;
        };
        ghost.set_class_name("drag-ghost");
        ghost.set_attribute("aria-hidden", "true").ok();
        let mut copied = false;
        if let Some(sel) = &self.spec.ghost_from {
            if let Ok(list) = doc.query_selector_all(sel) {
                for i in 0..list.length() {
                    if let Some(node) = list.item(i) {
                        if let Ok(copy) = node.clone_node_with_deep(true) {
                            ghost.append_child(&copy).ok();
                            copied = true;
                        }
                    }
                }
            }
        }
        if !copied {
            if let Ok(copy) = self.source.clone_node_with_deep(true) {
                ghost.append_child(&copy).ok();
            }
        }
        let style = ghost.style();
        style.set_property("position", "fixed").ok();
        style.set_property("left", "0px").ok();
        style.set_property("top", "0px").ok();
        style.set_property("pointer-events", "none").ok();
        style.set_property("z-index", "1000").ok();
        if let Some(body) = doc.body() {
            body.append_child(&ghost).ok();
        }
        let _ = self.source.class_list().add_1("dragging");
        let w = self.source.get_bounding_client_rect().width();
        style.set_property("--card-w", &format!("{w}px")).ok();
        self.ghost = Some(ghost);
        if let Some(f) = &self.spec.on_start {
            f();
        }
    }

    fn place_ghost(&self, x: f64, y: f64) {
        if let Some(g) = &self.ghost {
            let t = format!(
                "translate({}px, {}px)",
                x - self.offset.0,
                y - self.offset.1
            );
            g.style().set_property("transform", &t).ok();
        }
    }

    fn detach(&mut self) {
        let listeners: Vec<_> = self.listeners.drain(..).collect();
        if let Some(w) = web_sys::window() {
            for (names, cb) in &listeners {
                for name in names.iter() {
                    w.remove_event_listener_with_callback(name, cb.as_ref().unchecked_ref())
                        .ok();
                }
            }
            // This runs inside one of these closures: free them only after it returned.
            let later = Closure::once_into_js(move || drop(listeners));
            w.set_timeout_with_callback_and_timeout_and_arguments_0(later.unchecked_ref(), 0)
                .ok();
        }
        self.source.release_pointer_capture(self.pointer).ok();
        self.set_hover(None);
        let _ = self.source.class_list().remove_1("dragging");
    }
}

/// Removes the ghost, animating it back to `to` first (snap back) unless motion is reduced.
fn finish_ghost(ghost: HtmlElement, back_to: Option<(f64, f64)>) {
    let reduced = web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .map(|m| m.matches())
        .unwrap_or(false);
    match back_to {
        Some((x, y)) if !reduced => {
            let style = ghost.style();
            style
                .set_property("transition", "transform 160ms ease-out")
                .ok();
            style
                .set_property("transform", &format!("translate({x}px, {y}px)"))
                .ok();
            let remove = Closure::once_into_js(move || ghost.remove());
            if let Some(w) = web_sys::window() {
                w.set_timeout_with_callback_and_timeout_and_arguments_0(
                    remove.unchecked_ref(),
                    180,
                )
                .ok();
            }
        }
        _ => ghost.remove(),
    }
}

thread_local! {
    /// Clicks before this time (ms, `performance.now()`-like clock) are swallowed.
    static SWALLOW_UNTIL: Cell<f64> = const { Cell::new(0.0) };
    static CLICK_GUARD: Cell<bool> = const { Cell::new(false) };
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// Swallows the click a browser fires right after a drag ends on its source element.
fn swallow_next_click() {
    SWALLOW_UNTIL.with(|t| t.set(now() + 80.0));
    if CLICK_GUARD.with(|g| g.replace(true)) {
        return;
    }
    // One capture listener for the whole app, installed on first use and kept.
    let Some(w) = web_sys::window() else { return };
    let cb = Closure::wrap(Box::new(move |ev: web_sys::MouseEvent| {
        if now() <= SWALLOW_UNTIL.with(|t| t.get()) {
            SWALLOW_UNTIL.with(|t| t.set(0.0));
            ev.stop_propagation();
            ev.prevent_default();
        }
    }) as Box<dyn FnMut(web_sys::MouseEvent)>);
    w.add_event_listener_with_callback_and_bool("click", cb.as_ref().unchecked_ref(), true)
        .ok();
    cb.forget();
}

/// Starts tracking a press on `ev.current_target()`. `on_drop` gets the `data-drop` value
/// of the target and returns whether the drop was accepted (`false` snaps back).
pub fn start_drag(ev: &PointerEvent, spec: DragSpec, on_drop: impl Fn(String) -> bool + 'static) {
    // Only the primary button of a mouse; any touch or pen contact.
    if ev.pointer_type() == "mouse" && ev.button() != 0 {
        return;
    }
    let Some(source) = ev
        .current_target()
        .and_then(|t| t.dyn_into::<HtmlElement>().ok())
    else {
        return;
    };
    let Some(w) = web_sys::window() else { return };
    let rect = source.get_bounding_client_rect();
    let (x, y) = (ev.client_x() as f64, ev.client_y() as f64);
    let state = Rc::new(RefCell::new(Drag {
        start: (x, y),
        offset: (x - rect.left(), y - rect.top()),
        pointer: ev.pointer_id(),
        source: source.clone(),
        spec,
        ghost: None,
        hover: None,
        on_drop: Rc::new(on_drop),
        listeners: Vec::new(),
    }));
    source.set_pointer_capture(ev.pointer_id()).ok();

    let st = state.clone();
    let on_move = Closure::wrap(Box::new(move |ev: PointerEvent| {
        let mut d = st.borrow_mut();
        if ev.pointer_id() != d.pointer {
            return;
        }
        let (x, y) = (ev.client_x() as f64, ev.client_y() as f64);
        if d.ghost.is_none() {
            let (dx, dy) = (x - d.start.0, y - d.start.1);
            if (dx * dx + dy * dy).sqrt() < THRESHOLD_PX {
                return;
            }
            d.begin();
        }
        ev.prevent_default();
        d.place_ghost(x, y);
        let target = drop_target_at(x, y).map(|(el, _)| el);
        d.set_hover(target);
    }) as Box<dyn FnMut(PointerEvent)>);

    let st = state.clone();
    let on_up = Closure::wrap(Box::new(move |ev: PointerEvent| {
        let (ghost, accepted, home) = {
            let mut d = st.borrow_mut();
            if ev.pointer_id() != d.pointer {
                return;
            }
            d.detach();
            let Some(ghost) = d.ghost.take() else {
                // No movement: an ordinary tap, the click event follows.
                return;
            };
            let target = if ev.type_() == "pointerup" {
                drop_target_at(ev.client_x() as f64, ev.client_y() as f64).map(|(_, v)| v)
            } else {
                None
            };
            let r = d.source.get_bounding_client_rect();
            let cb = d.on_drop.clone();
            (ghost, target.map(|t| (cb, t)), (r.left(), r.top()))
        };
        // The callback runs after the borrow ends: it may change the page freely.
        let ok = accepted.map(|(cb, t)| cb(t)).unwrap_or(false);
        finish_ghost(ghost, if ok { None } else { Some(home) });
        // After the drop's work (an action can take a while on a busy phone): the click the
        // browser fires next belongs to the drag, however long that work took.
        swallow_next_click();
    }) as Box<dyn FnMut(PointerEvent)>);

    w.add_event_listener_with_callback("pointermove", on_move.as_ref().unchecked_ref())
        .ok();
    for name in ["pointerup", "pointercancel"] {
        w.add_event_listener_with_callback(name, on_up.as_ref().unchecked_ref())
            .ok();
    }
    let mut d = state.borrow_mut();
    d.listeners.push((&["pointermove"], on_move));
    d.listeners.push((&["pointerup", "pointercancel"], on_up));
}
