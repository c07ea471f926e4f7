//! Card moves a player can follow (FLIP: first, last, invert, play). Before the host applies
//! an action it notes where every card of the board is ([`snapshot`]); after the page shows
//! the new state, each card that moved slides from its old place to its new one, and a card
//! that was hidden before (a draw, a bot's meld or discard) slides in from the seat that
//! played it or from the stock ([`play`]). Cards are found by `data-cid` (the card id written
//! by `CardView`). Nothing happens with reduced motion (the setting, or the system's when the
//! setting follows it). This is UI only: the game state never waits for an animation.

use std::collections::HashMap;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element};

/// Milliseconds a card takes to slide.
const SLIDE_MS: u32 = 320;

/// Where each card was: card id → (left, top) of its box, in viewport pixels.
pub struct Snapshot(HashMap<String, (f64, f64)>);

fn document() -> Option<Document> {
    web_sys::window().and_then(|w| w.document())
}

/// Animations are off: the app's setting says reduced, or it follows a system that asks
/// for reduced motion.
fn reduced() -> bool {
    let Some(doc) = document() else { return true };
    let app = doc.query_selector(".app").ok().flatten();
    let has = |c: &str| app.as_ref().is_some_and(|a| a.class_list().contains(c));
    if has("motion-reduced") {
        return true;
    }
    if has("motion-full") {
        return false;
    }
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

fn cards(doc: &Document) -> Vec<Element> {
    let Ok(list) = doc.query_selector_all(crate::components::card::BOARD_CARDS) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<Element>().ok())
        .collect()
}

/// The positions of the board's cards now; `None` when nothing will be animated.
pub fn snapshot() -> Option<Snapshot> {
    if reduced() {
        return None;
    }
    let doc = document()?;
    let mut at = HashMap::new();
    for el in cards(&doc) {
        if let Some(id) = el.get_attribute("data-cid") {
            let r = el.get_bounding_client_rect();
            if r.width() > 0.0 {
                at.entry(id).or_insert((r.left(), r.top()));
            }
        }
    }
    Some(Snapshot(at))
}

/// The element of `seat` in the opponents strip (its `data-seats` lists the seats in order).
fn seat_element(doc: &Document, seat: usize) -> Option<Element> {
    let strip = doc
        .query_selector(".game-host [data-seats]")
        .ok()
        .flatten()?;
    let order = strip.get_attribute("data-seats")?;
    let pos = order.split(',').position(|s| s == seat.to_string())?;
    strip.children().item(pos as u32)
}

/// Where a card nobody could see comes from: the seat that played (its place in the
/// opponents strip) or the stock.
fn source(doc: &Document, seat: Option<usize>) -> Option<(f64, f64)> {
    let by_seat = seat.and_then(|s| seat_element(doc, s));
    let el = by_seat.or_else(|| {
        doc.query_selector("[data-testid=stock], [data-testid=talon], [data-testid=draw-pile]")
            .ok()
            .flatten()
    })?;
    let r = el.get_bounding_client_rect();
    (r.width() > 0.0).then(|| (r.left(), r.top()))
}

/// Slides one card from `from` (viewport pixels) to where it is now. A copy flies in a
/// fixed layer above the page (so no scrolling area clips it) while the card itself waits
/// invisible at its place; then the copy goes and the card shows.
fn slide(el: &Element, from: (f64, f64)) {
    let r = el.get_bounding_client_rect();
    let (dx, dy) = (r.left() - from.0, r.top() - from.1);
    if dx.abs() + dy.abs() < 3.0 || r.width() < 1.0 {
        return;
    }
    let Some(layer) = document().and_then(|d| d.query_selector(".app").ok().flatten()) else {
        return;
    };
    let Some(copy) = el
        .clone_node_with_deep(true)
        .ok()
        .and_then(|n| n.dyn_into::<Element>().ok())
    else {
        return;
    };
    let _ = copy.remove_attribute("data-cid");
    let _ = copy.class_list().add_1("flip-moving");
    let place = format!(
        "position: fixed; left: {:.0}px; top: {:.0}px; width: {:.0}px; height: {:.0}px; margin: 0;",
        from.0,
        from.1,
        r.width(),
        r.height()
    );
    let _ = copy.set_attribute("style", &place);
    if layer.append_child(&copy).is_err() {
        return;
    }
    let _ = el.set_attribute("style", "visibility: hidden");
    // Reading the layout makes the start position take effect before the transition.
    let _ = copy.get_bounding_client_rect();
    let _ = copy.set_attribute(
        "style",
        &format!(
            "{place} transition: transform {SLIDE_MS}ms ease-out; transform: translate({dx:.0}px, {dy:.0}px);"
        ),
    );
    let el2 = el.clone();
    let done = Closure::once_into_js(move || {
        copy.remove();
        let _ = el2.remove_attribute("style");
    });
    if let Some(w) = web_sys::window() {
        let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(
            done.unchecked_ref(),
            SLIDE_MS as i32 + 30,
        );
    }
}

/// Ends every slide at once: the flying copies go and the cards show where they are (the
/// game is left, or an end panel opened over the board).
pub fn cancel_all() {
    crate::components::card::land_flights();
}

/// An end panel covers the board: no card may fly over it.
fn end_panel_open(doc: &Document) -> bool {
    doc.query_selector(".game-host .overlay, .game-host [data-testid=end-screen]")
        .ok()
        .flatten()
        .is_some()
}

/// After the page has shown the new state (next frame), slides every card that moved since
/// `before`; cards new to the board come from `seat` (another player's move) or the stock.
/// Nothing slides while an end panel covers the board.
pub fn play(before: Option<Snapshot>, seat: Option<usize>) {
    let Some(Snapshot(before)) = before else {
        return;
    };
    let run = Closure::once_into_js(move || {
        let Some(doc) = document() else { return };
        if end_panel_open(&doc) {
            cancel_all();
            return;
        }
        let from_hidden = source(&doc, seat);
        let mut seen = std::collections::HashSet::new();
        for el in cards(&doc) {
            let Some(id) = el.get_attribute("data-cid") else {
                continue;
            };
            if !seen.insert(id.clone()) {
                continue;
            }
            match before.get(&id) {
                Some(&from) => slide(&el, from),
                None => {
                    if let Some(from) = from_hidden {
                        slide(&el, from);
                    }
                }
            }
        }
    });
    if let Some(w) = web_sys::window() {
        let _ = w.request_animation_frame(run.unchecked_ref());
    }
}
