//! The strip of the other players, shared by every game: which seats it shows in which order,
//! keyed by seat; each game draws one seat its own way.

use crate::ctx::use_app;
use crate::i18n::common::fill;
use engine::Seat;
use leptos::prelude::*;

/// In which order the others are listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatOrder {
    /// By seat number, skipping the viewer.
    BySeat,
    /// Clockwise from the viewer's left neighbour.
    FromViewer,
}

/// The other seats of a table of `seats` as seen from `me`.
pub fn other_seats(me: Seat, seats: usize, order: SeatOrder) -> Vec<Seat> {
    match order {
        SeatOrder::BySeat => (0..seats).filter(|&s| s != me).collect(),
        SeatOrder::FromViewer => (1..seats).map(|i| (me + i) % seats).collect(),
    }
}

/// The opponents strip: a list (`<ul>`, when `list`) or a row of `seat(s)` for every seat in
/// `seats`, keyed by seat.
#[component]
pub fn Opponents<F, V>(
    class: &'static str,
    #[prop(into)] seats: Signal<Vec<Seat>>,
    #[prop(optional)] list: bool,
    seat: F,
) -> impl IntoView
where
    F: Fn(Seat) -> V + Clone + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let each = move || seats.get();
    let row = view! { <For each=each key=|s: &Seat| *s children=seat/> };
    // The seat order, so that a card a seat plays can come from its place (`play::flip`).
    let order = move || {
        seats.with(|s| {
            s.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(",")
        })
    };
    if list {
        view! { <ul class=class data-seats=order>{row}</ul> }.into_any()
    } else {
        view! { <div class=class data-seats=order>{row}</div> }.into_any()
    }
}

/// One number about a seat with what it counts, in words on the screen and so to screen
/// readers too (no tooltip, which touch never shows): "13 Karten", "1 Punkt". `key`'s text
/// holds the word in its plural forms, e.g. `{n:Karte|Karten}` (keys `count.*`). The number
/// alone is the `<b>` (named `testid`, when given).
#[component]
pub fn SeatCount(
    key: &'static str,
    #[prop(into)] n: Signal<i64>,
    #[prop(optional)] class: &'static str,
    #[prop(optional)] testid: &'static str,
) -> impl IntoView {
    let app = use_app();
    let word = move || fill(app.lang(), key, &[("n", n.get().to_string())]);
    view! {
        <span class=format!("seat-count {class}")>
            <b data-testid=(!testid.is_empty()).then_some(testid)>{move || n.get()}</b>
            " "
            <span class="seat-count-word">{word}</span>
        </span>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn others_by_seat_or_clockwise_from_the_viewer() {
        assert_eq!(other_seats(1, 4, SeatOrder::BySeat), vec![0, 2, 3]);
        assert_eq!(other_seats(1, 4, SeatOrder::FromViewer), vec![2, 3, 0]);
    }
}
