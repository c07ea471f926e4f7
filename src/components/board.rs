//! The core every game's board is built on: the game as memos, the names at the table, the
//! own hand's UI-only state (order, selection) and what the host handed over (act, the error
//! line, proceed, undo), with the helpers all boards share. A game's board is a
//! `BoardCore<G, Parts>`: `Parts` holds the game's own memos and UI state, and the core
//! derefs to it, so `b.view` (the core) and `b.preview` (the game's) read alike.

use crate::components::drag::{start_drag, DragSpec};
use crate::components::hand::{cards_by_id, HandState};
use crate::components::opponents::{other_seats, SeatOrder};
use crate::ctx::{use_app, AppCtx};
use crate::i18n::common::name;
use crate::play::{BoardProps, UiGame};
use engine::{Card, CardId, Seat};
use leptos::prelude::*;
use std::sync::Arc;

/// What every game's view says alike: whose view it is, the table's size, who decides, the
/// viewer's hand, and the name of the moment. A game implements it with [`table_view!`].
pub trait TableView {
    fn seat(&self) -> Seat;
    fn seats(&self) -> usize;
    fn to_move(&self) -> Option<Seat>;
    fn hand(&self) -> &[Card];
    /// The moment (phase) by name, as the board writes it into an attribute (`data-phase`)
    /// for the tests and the styles.
    fn moment(&self) -> &'static str;
}

/// `table_view! { View, phase: Phase { A => "a", B => "b" } }`: [`TableView`] for a view
/// with the fields `seat`, `seats`, `to_move` and `hand` (as every engine's view has them);
/// its moment is the name of the variant of its field `phase` (an enum in scope by that
/// name), one name per variant.
macro_rules! table_view {
    ($view:ty, $field:ident: $enum:ident { $($variant:ident => $name:literal),+ $(,)? }) => {
        impl $crate::components::board::TableView for $view {
            fn seat(&self) -> ::engine::Seat {
                self.seat
            }
            fn seats(&self) -> usize {
                self.seats
            }
            fn to_move(&self) -> Option<::engine::Seat> {
                self.to_move
            }
            fn hand(&self) -> &[::engine::Card] {
                &self.hand
            }
            fn moment(&self) -> &'static str {
                match &self.$field {
                    $($enum::$variant { .. } => $name,)+
                }
            }
        }
    };
}
pub(crate) use table_view;

/// What the parts of a board share. `Copy`: every part gets its own copy.
pub struct BoardCore<G: UiGame, P = ()> {
    pub app: AppCtx,
    /// The viewer's view, a memo: computed once per state change, however often it is read.
    pub view: Memo<G::View>,
    /// The viewer's legal actions (empty while others decide), a memo too.
    pub legal: Memo<Vec<G::Action>>,
    /// The own hand's order and the selection (UI-only: not part of the game's save).
    pub hand: HandState,
    /// Sends an action to the host, which applies it or explains the rejection.
    pub act: Callback<G::Action>,
    /// The host's error line, for what the board refuses itself.
    pub error: WriteSignal<Option<String>>,
    /// Lets bots go on after a pause the game asked for (`UiGame::hold_bots`).
    pub proceed: Callback<()>,
    /// The host's undo within the own turn.
    pub can_undo: Signal<bool>,
    pub undo: Callback<()>,
    names: Signal<Arc<Vec<String>>>,
    /// The game's own parts (its derived memos and UI state).
    parts: P,
}

impl<G: UiGame, P: Copy> Clone for BoardCore<G, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: UiGame, P: Copy> Copy for BoardCore<G, P> {}

impl<G: UiGame, P> std::ops::Deref for BoardCore<G, P> {
    type Target = P;
    fn deref(&self) -> &P {
        &self.parts
    }
}

impl<G: UiGame> BoardCore<G>
where
    G::View: PartialEq,
{
    /// The core of a board from the host's props; [`BoardCore::with_parts`] adds the
    /// game's parts.
    pub fn new(p: &BoardProps<G>) -> Self {
        let (view, legal) = p.memos();
        let hand = HandState::new();
        BoardCore {
            app: use_app(),
            view,
            legal,
            hand,
            act: p.act,
            error: p.error,
            proceed: p.proceed,
            can_undo: p.can_undo,
            undo: p.undo,
            names: p.names,
            parts: (),
        }
    }

    /// The board with the game's own parts.
    pub fn with_parts<P>(self, parts: P) -> BoardCore<G, P> {
        BoardCore {
            app: self.app,
            view: self.view,
            legal: self.legal,
            hand: self.hand,
            act: self.act,
            error: self.error,
            proceed: self.proceed,
            can_undo: self.can_undo,
            undo: self.undo,
            names: self.names,
            parts,
        }
    }
}

impl<G: UiGame, P> BoardCore<G, P> {
    /// Translates `key` in the current language (tracked).
    pub fn t(&self, key: &str) -> String {
        self.app.t(key)
    }

    /// The name of `seat` (`#n` if the table has none for it, as in the log; tracked).
    pub fn name(&self, seat: Seat) -> String {
        self.names.with(|n| name(n, seat))
    }

    /// The names of every seat (tracked).
    pub fn names(&self) -> Arc<Vec<String>> {
        self.names.get()
    }

    /// Is `a` legal now (tracked)?
    pub fn has(&self, a: &G::Action) -> bool {
        self.legal.with(|l| l.contains(a))
    }

    /// Is any legal action like `f` (tracked)?
    pub fn any(&self, f: impl Fn(&G::Action) -> bool) -> bool {
        self.legal.with(|l| l.iter().any(f))
    }

    /// A button's action: sends `a`.
    pub fn run(&self, a: G::Action) -> Callback<()> {
        let act = self.act;
        Callback::new(move |_| act.run(a.clone()))
    }

    /// A tap or drop the board refuses itself: its reason (a translation key) goes to the
    /// host's error line.
    pub fn refuse(&self, key: &str) {
        self.error.set(Some(self.t(key)));
    }

    pub fn clear_error(&self) {
        self.error.set(None);
    }

    /// Starts a drag of hand card `id`. Dropped on a card of the own hand (`hand:<id>`, see
    /// `HandLook::drop`), it takes that card's place in the player's order of `shown`; any
    /// other drop (and a card that is not in `shown`) goes to `drop`, which says whether the
    /// move happened (false: the card snaps back).
    pub fn drag_hand_card(
        &self,
        ev: &web_sys::PointerEvent,
        id: CardId,
        spec: DragSpec,
        shown: Memo<Vec<Card>>,
        drop: impl Fn(String) -> bool + 'static,
    ) {
        let hand = self.hand;
        start_drag(ev, spec, move |target| {
            let other = target.strip_prefix("hand:").and_then(|o| o.parse().ok());
            let moved = other
                .is_some_and(|other| shown.with_untracked(|s| hand.move_to(s, id, CardId(other))));
            moved || drop(target)
        });
    }
}

impl<G: UiGame, P> BoardCore<G, P>
where
    G::View: TableView,
{
    /// The name of the moment (tracked), see [`TableView::moment`].
    pub fn moment(&self) -> &'static str {
        self.view.with(|v| v.moment())
    }

    /// Does the viewer decide now (tracked)?
    pub fn my_turn(&self) -> bool {
        self.view.with(|v| v.to_move() == Some(v.seat()))
    }

    /// Does `seat` decide now (tracked)?
    pub fn to_move_is(&self, seat: Seat) -> bool {
        self.view.with(|v| v.to_move() == Some(seat))
    }

    /// The other seats, in `order`, for the opponents strip.
    pub fn others(&self, order: SeatOrder) -> Signal<Vec<Seat>> {
        let view = self.view;
        Signal::derive(move || view.with(|v| other_seats(v.seat(), v.seats(), order)))
    }

    /// The viewer's hand in the player's own order.
    pub fn ordered_hand(&self) -> Memo<Vec<Card>> {
        let (view, hand) = (self.view, self.hand);
        let shown = Memo::new(move |_| view.with(|v| hand.arranged(v.hand())));
        hand.follow(shown);
        shown
    }

    /// The selected hand cards, in the order they were selected.
    pub fn selected_cards(&self) -> Memo<Vec<Card>> {
        let (view, selected) = (self.view, self.hand.selected);
        Memo::new(move |_| view.with(|v| selected.with(|s| cards_by_id(v.hand(), s))))
    }

    /// Cards that leave the viewer's hand (a play, a deal, another viewer) leave the
    /// selection.
    pub fn keep_selection_in_hand(&self) {
        let view = self.view;
        self.keep_selection(move || view.with(|v| v.hand().iter().map(|c| c.id).collect()));
    }

    /// Cards that leave `cards` leave the selection.
    pub fn keep_selection_in(&self, cards: Memo<Vec<Card>>) {
        self.keep_selection(move || cards.with(|c| c.iter().map(|c| c.id).collect()));
    }

    fn keep_selection(&self, ids: impl Fn() -> Vec<CardId> + 'static) {
        let hand = self.hand;
        Effect::new(move |_| hand.keep_only(&ids()));
    }
}

#[cfg(test)]
mod tests {
    use super::TableView;
    use engine::{Card, CardId, Face, Seat};

    #[derive(Clone, Debug, PartialEq)]
    enum Phase {
        Draw { seat: Seat },
        DealOver,
    }

    struct View {
        seat: Seat,
        seats: usize,
        to_move: Option<Seat>,
        hand: Vec<Card>,
        phase: Phase,
    }

    table_view! {
        View, phase: Phase { Draw => "draw", DealOver => "deal-over" }
    }

    #[test]
    fn table_view_reads_the_fields_and_names_the_moment() {
        let hand = vec![Card {
            id: CardId(4),
            face: Face::Joker,
        }];
        let mut v = View {
            seat: 1,
            seats: 3,
            to_move: Some(2),
            hand,
            phase: Phase::Draw { seat: 2 },
        };
        assert_eq!((v.seat(), v.seats(), v.to_move()), (1, 3, Some(2)));
        assert_eq!(v.hand()[0].id, CardId(4));
        assert_eq!(v.moment(), "draw");
        v.phase = Phase::DealOver;
        assert_eq!(v.moment(), "deal-over");
    }
}
