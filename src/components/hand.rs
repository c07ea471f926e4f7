//! The own hand, shared by every game: a keyed row of card buttons, the player's own order
//! (reorder by drag, sort buttons) and the selection. All of it is UI-only state: nothing
//! here is part of the save or sent to the engine. The order is kept beside the save (its
//! own storage key per game, see [`HandStore`]), so a reload shows the hand as arranged.

use crate::components::card::CardView;
use crate::ctx::use_app;
use engine::{Card, CardId, Face};
use leptos::prelude::*;
use web_sys::PointerEvent;

/// The hand in the player's own order: known cards keep their place, new ones go last.
pub fn ordered_hand(hand: &[Card], order: &[CardId]) -> Vec<Card> {
    let mut out: Vec<Card> = order
        .iter()
        .filter_map(|id| hand.iter().find(|c| c.id == *id).copied())
        .collect();
    for c in hand {
        if !order.contains(&c.id) {
            out.push(*c);
        }
    }
    out
}

/// The hand as shown: in the player's own order while that order knows at least half of the
/// hand; a hand it does not know (a new deal, no order yet) in the player's last chosen sort.
pub fn arranged_hand(hand: &[Card], order: &[CardId], pref: SortPref) -> Vec<Card> {
    if knows(order, hand.iter().map(|c| c.id)) {
        ordered_hand(hand, order)
    } else {
        let mut sorted = hand.to_vec();
        engine::sort::sort_by_key(&mut sorted, pref.key());
        sorted
    }
}

/// Does `order` hold at least half of `ids`?
fn knows(order: &[CardId], ids: impl ExactSizeIterator<Item = CardId>) -> bool {
    let n = ids.len();
    ids.filter(|id| order.contains(id)).count() * 2 >= n
}

/// The order the player chose last with the sort buttons: a new hand starts in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SortPref {
    #[default]
    Suit,
    Rank,
}

/// Where the last chosen sort is kept (one for every game).
pub const SORT_KEY: &str = "kartenrunde.hand_sort.v1";

impl SortPref {
    pub fn key(self) -> fn(&Card) -> (u8, u8) {
        match self {
            SortPref::Suit => suit_sort_key,
            SortPref::Rank => rank_sort_key,
        }
    }

    fn load() -> SortPref {
        match crate::storage::get(SORT_KEY).as_deref() {
            Some("rank") => SortPref::Rank,
            _ => SortPref::Suit,
        }
    }

    fn store(self) {
        crate::storage::set(
            SORT_KEY,
            if self == SortPref::Rank {
                "rank"
            } else {
                "suit"
            },
        );
    }
}

/// The cards of `cards` with the ids `ids`, in the order of `ids` (e.g. the selection in the
/// order it was made); ids not among `cards` are left out.
pub fn cards_by_id(cards: &[Card], ids: &[CardId]) -> Vec<Card> {
    ids.iter()
        .filter_map(|id| cards.iter().find(|c| c.id == *id).copied())
        .collect()
}

/// Adds `id` to a list of cards or removes it from there.
pub fn toggle_id(list: &mut Vec<CardId>, id: CardId) {
    if let Some(i) = list.iter().position(|x| *x == id) {
        list.remove(i);
    } else {
        list.push(id);
    }
}

/// Sorting French cards by suit, then rank; jokers last.
pub fn suit_sort_key(c: &Card) -> (u8, u8) {
    match c.face {
        Face::French { rank, suit } => (suit as u8, rank.0),
        _ => (9, 0),
    }
}

/// Sorting French cards by rank, then suit; jokers last.
pub fn rank_sort_key(c: &Card) -> (u8, u8) {
    match c.face {
        Face::French { rank, suit } => (rank.0, suit as u8),
        _ => (99, 0),
    }
}

/// Context given by the play page: the id of the game shown. A hand created under it
/// starts in the order stored for this game and stores every change of it.
#[derive(Clone, Debug)]
pub struct HandStore(pub String);

/// UI-only state of a hand: the player's order and the selected cards.
#[derive(Clone, Copy)]
pub struct HandState {
    pub order: RwSignal<Vec<CardId>>,
    pub selected: RwSignal<Vec<CardId>>,
    /// The sort a hand the order does not know is shown in.
    pub pref: RwSignal<SortPref>,
}

impl Default for HandState {
    fn default() -> Self {
        Self::new()
    }
}

impl HandState {
    pub fn new() -> HandState {
        // An empty id (a replay): the order is the page's own and never stored.
        let store = use_context::<HandStore>().filter(|s| !s.0.is_empty());
        let initial: Vec<CardId> = store
            .as_ref()
            .map(|s| {
                crate::storage::load_hand_order(&s.0)
                    .into_iter()
                    .map(CardId)
                    .collect()
            })
            .unwrap_or_default();
        let order = RwSignal::new(initial);
        if let Some(HandStore(id)) = store {
            Effect::new(move |seen: Option<()>| {
                let ids: Vec<u16> = order.with(|o| o.iter().map(|c| c.0).collect());
                if seen.is_some() {
                    crate::storage::store_hand_order(&id, &ids);
                }
            });
        }
        // Every card of the hand reads the selection; cards come and go with each deal.
        let selected = RwSignal::new(Vec::new());
        crate::ctx::prune_with_board(selected);
        HandState {
            order,
            selected,
            pref: RwSignal::new(SortPref::load()),
        }
    }

    /// The hand `hand` as shown (tracked): see [`arranged_hand`].
    pub fn arranged(&self, hand: &[Card]) -> Vec<Card> {
        let pref = self.pref.get();
        self.order.with(|o| arranged_hand(hand, o, pref))
    }

    /// The hand as shown becomes the player's order whenever it holds a card the order does
    /// not: a new deal's sort is kept, and cards drawn later go last and stay there (the order
    /// always knows the hand, so a hand never jumps back into the sort in mid-deal).
    pub fn follow(&self, shown: Memo<Vec<Card>>) {
        let order = self.order;
        Effect::new(move |_| {
            let ids: Vec<CardId> = shown.with(|s| s.iter().map(|c| c.id).collect());
            if order
                .try_with_untracked(|o| ids.iter().any(|id| !o.contains(id)))
                .unwrap_or(false)
            {
                order.set(ids);
            }
        });
    }

    /// Is `id` selected (tracked)? False once the hand is gone.
    pub fn is_selected(&self, id: CardId) -> bool {
        self.selected.try_with(|s| s.contains(&id)).unwrap_or(false)
    }

    /// Adds `id` to the selection or removes it.
    pub fn toggle(&self, id: CardId) {
        self.selected.update(|s| toggle_id(s, id))
    }

    /// Adds `id` to the selection unless it is there already.
    pub fn select(&self, id: CardId) {
        if self
            .selected
            .try_with_untracked(|s| !s.contains(&id))
            .unwrap_or(false)
        {
            self.selected.update(|s| s.push(id));
        }
    }

    pub fn clear(&self) {
        self.selected.set(Vec::new());
    }

    /// Forgets selected cards that are no longer among `ids` (they left the hand).
    pub fn keep_only(&self, ids: &[CardId]) {
        if self
            .selected
            .try_with_untracked(|s| s.iter().any(|id| !ids.contains(id)))
            .unwrap_or(false)
        {
            self.selected.update(|s| s.retain(|id| ids.contains(id)));
        }
    }

    /// Moves card `id` to the place of card `other` in the shown hand. False if either is
    /// not in it.
    pub fn move_to(&self, shown: &[Card], id: CardId, other: CardId) -> bool {
        let mut ids: Vec<CardId> = shown.iter().map(|c| c.id).collect();
        match (
            ids.iter().position(|x| *x == id),
            ids.iter().position(|x| *x == other),
        ) {
            (Some(from), Some(to)) => {
                let moved = ids.remove(from);
                ids.insert(to, moved);
                self.order.set(ids);
                true
            }
            _ => false,
        }
    }

    /// Sorts the hand by `pref` (the new order replaces the player's own); the next hands
    /// start in that sort too.
    pub fn sort(&self, mut hand: Vec<Card>, pref: SortPref) {
        engine::sort::sort_by_key(&mut hand, pref.key());
        self.order.set(hand.iter().map(|c| c.id).collect());
        if self.pref.get_untracked() != pref {
            self.pref.set(pref);
            pref.store();
        }
    }
}

/// What a game shows on each card of its hand beyond the face.
#[derive(Clone, Copy)]
pub struct HandLook {
    /// Class of the row and of each card button.
    pub class: &'static str,
    pub card_class: &'static str,
    /// The row is a drop target with this value; each card then is one too (`hand:<id>`),
    /// so a card dropped on another takes its place.
    pub drop: Option<&'static str>,
    /// Write `data-face` on each card (the tests read the hand with it).
    pub data_face: bool,
    /// A number written as `data-value` on each card (e.g. the Abluxxen value).
    pub value: Option<fn(&Card) -> u8>,
}

impl HandLook {
    /// A hand of French cards the player arranges: the row and each card are drop targets
    /// (`hand`, `hand:<id>`), each card says its face (`data-face`).
    pub fn arranged(class: &'static str) -> HandLook {
        HandLook {
            drop: Some("hand"),
            data_face: true,
            ..HandLook::named(class, "hand-card")
        }
    }

    /// A plain hand: these classes, no drop targets, no data beyond the card id.
    pub fn named(class: &'static str, card_class: &'static str) -> HandLook {
        HandLook {
            class,
            card_class,
            drop: None,
            data_face: false,
            value: None,
        }
    }
}

/// The own hand: one button per card, keyed by card id, with tap and press (drag) handlers.
/// `marked(id)` gives the card's extra marks (`taken`, `staged`).
#[component]
pub fn HandView(
    look: HandLook,
    #[prop(into)] cards: Signal<Vec<Card>>,
    state: HandState,
    on_tap: Callback<CardId>,
    on_press: Callback<(PointerEvent, CardId)>,
    #[prop(optional, into)] active: Signal<bool>,
    #[prop(optional)] marked: Option<Callback<CardId, (bool, bool)>>,
) -> impl IntoView {
    // Roving focus: one card of the row is in the Tab order (the first, or the one last
    // focused); arrow keys move along the row.
    // Every handler and attribute here reads its signals with `try_…`: a focus or pointer
    // event can still reach a card while the board it belongs to is being disposed (the page
    // left by a link or Back), and must then do nothing instead of panicking.
    let focus_id = RwSignal::new(None::<CardId>);
    crate::ctx::prune_with_board(focus_id);
    // The cards of a hint ("Tipp") are marked.
    let hint = use_context::<crate::ctx::HintCtx>();
    let card_view = move |card: Card| {
        let id = card.id;
        let is_sel = move || state.is_selected(id);
        let tab = move || {
            let first = cards.try_with(|c| c.first().map(|c| c.id)).flatten();
            let current = focus_id.try_get().flatten().filter(|f| {
                cards
                    .try_with(|c| c.iter().any(|x| x.id == *f))
                    .unwrap_or(false)
            });
            if current.or(first) == Some(id) {
                "0"
            } else {
                "-1"
            }
        };
        let mark = move || marked.and_then(|m| m.try_run(id)).unwrap_or_default();
        let hinted =
            move || hint.is_some_and(|h| h.cards.try_with(|c| c.contains(&id)).unwrap_or(false));
        view! {
            <button class=look.card_class class:selected=is_sel class:hinted=hinted class:taken=move || mark().0
                class:staged=move || mark().1 data-testid="hand-card" data-card=id.0
                data-face=look.data_face.then(|| card.face.to_string())
                data-value=look.value.map(|f| f(&card))
                data-drop=look.drop.map(|_| format!("hand:{}", id.0))
                aria-pressed=move || is_sel().to_string()
                tabindex=tab
                on:focus=move |_| {
                    focus_id.try_set(Some(id));
                }
                on:keydown=move |ev| hand_key(&ev, id, cards, state)
                on:pointerdown=move |ev| {
                    on_press.try_run((ev, id));
                }
                on:click=move |_| {
                    on_tap.try_run(id);
                }>
                <CardView face=Some(card.face) id=card.id/>
            </button>
        }
    };
    view! {
        <div class=look.class data-testid="hand" data-drop=look.drop class:my-turn=active
            style:--hand-n=move || cards.with(Vec::len).to_string()>
            <For each=move || cards.get() key=|c: &Card| c.id children=card_view/>
        </div>
    }
}

/// Keys on a hand card: ←/→ move the focus along the row (Home/End: the ends), Shift+←/→
/// move the card itself one place in the player's order, Escape clears the selection.
/// Space/Enter select, as the button's click.
fn hand_key(
    ev: &leptos::ev::KeyboardEvent,
    id: CardId,
    cards: Signal<Vec<Card>>,
    state: HandState,
) {
    let Some(shown) = cards.try_get_untracked() else {
        return;
    };
    let Some(pos) = shown.iter().position(|c| c.id == id) else {
        return;
    };
    let target = match ev.key().as_str() {
        "Escape" => {
            state.clear();
            return;
        }
        "ArrowLeft" => pos.checked_sub(1),
        "ArrowRight" => (pos + 1 < shown.len()).then_some(pos + 1),
        "Home" => Some(0),
        "End" => shown.len().checked_sub(1),
        _ => return,
    };
    ev.prevent_default();
    let Some(to) = target else { return };
    if ev.shift_key() && matches!(ev.key().as_str(), "ArrowLeft" | "ArrowRight") {
        state.move_to(&shown, id, shown[to].id);
        focus_card(id);
    } else {
        focus_card(shown[to].id);
    }
}

/// Puts the keyboard focus on the hand card `id` (after the row has been redrawn).
fn focus_card(id: CardId) {
    use wasm_bindgen::JsCast;
    let f = move || {
        let el = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| {
                d.query_selector(&format!("[data-testid=hand-card][data-card=\"{}\"]", id.0))
                    .ok()
                    .flatten()
            })
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(el) = el {
            let _ = el.focus();
        }
    };
    request_animation_frame(f);
}

/// The tools above the own hand: the sort buttons, then the game's buttons of the moment
/// (`children`).
#[component]
pub fn HandTools(
    state: HandState,
    #[prop(into)] hand: Signal<Vec<Card>>,
    children: Children,
) -> impl IntoView {
    view! {
        <div class="hand-tools">
            <SortButtons state=state hand=hand/>
            <span class="hand-actions">{children()}</span>
        </div>
    }
}

/// The two sort buttons of a hand of French cards.
#[component]
pub fn SortButtons(state: HandState, #[prop(into)] hand: Signal<Vec<Card>>) -> impl IntoView {
    let app = use_app();
    view! {
        <button class="button small hand-sort" data-testid="sort-suit" title=move || app.t("ro.ui.sort_suit_long")
            aria-label=move || app.t("ro.ui.sort_suit_long")
            on:click=move |_| state.sort(hand.get_untracked(), SortPref::Suit)>
            {move || app.t("ro.ui.sort_suit")}
        </button>
        <button class="button small hand-sort" data-testid="sort-rank" title=move || app.t("ro.ui.sort_rank_long")
            aria-label=move || app.t("ro.ui.sort_rank_long")
            on:click=move |_| state.sort(hand.get_untracked(), SortPref::Rank)>
            {move || app.t("ro.ui.sort_rank")}
        </button>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Suit;

    fn card(id: u16, rank: u8) -> Card {
        Card {
            id: CardId(id),
            face: Face::french(rank, Suit::Hearts),
        }
    }

    #[test]
    fn ordered_hand_keeps_the_players_order_and_appends_new_cards() {
        let hand = vec![card(1, 2), card(2, 3), card(3, 4), card(9, 5)];
        let order = vec![CardId(3), CardId(7), CardId(1), CardId(2)];
        let ids: Vec<u16> = ordered_hand(&hand, &order).iter().map(|c| c.id.0).collect();
        // 7 left the hand, 9 is new and goes last.
        assert_eq!(ids, vec![3, 1, 2, 9]);
    }

    #[test]
    fn a_hand_the_order_does_not_know_is_shown_in_the_last_chosen_sort() {
        let c = |id: u16, rank: u8, suit: Suit| Card {
            id: CardId(id),
            face: Face::french(rank, suit),
        };
        // A new deal: the order is of the last hand (ids 1, 2 of 4 known: half is kept).
        let hand = vec![
            c(10, 9, Suit::Clubs),
            c(11, 3, Suit::Hearts),
            c(12, 9, Suit::Hearts),
            c(13, 3, Suit::Clubs),
        ];
        let ids = |cards: Vec<Card>| cards.iter().map(|c| c.id.0).collect::<Vec<_>>();
        let old = vec![CardId(1), CardId(2), CardId(10)];
        assert_eq!(
            ids(arranged_hand(&hand, &old, SortPref::Rank)),
            vec![13, 11, 10, 12]
        );
        assert_eq!(
            ids(arranged_hand(&hand, &[], SortPref::Suit)),
            ids(arranged_hand(&hand, &old, SortPref::Suit))
        );
        // An order that knows half the hand is the player's: kept, new cards last.
        let own = vec![CardId(12), CardId(10)];
        assert_eq!(
            ids(arranged_hand(&hand, &own, SortPref::Rank)),
            vec![12, 10, 11, 13]
        );
    }

    #[test]
    fn cards_by_id_follow_the_ids_and_skip_unknown_ones() {
        let hand = vec![card(1, 2), card(2, 3), card(3, 4)];
        let ids: Vec<u16> = cards_by_id(&hand, &[CardId(3), CardId(8), CardId(1)])
            .iter()
            .map(|c| c.id.0)
            .collect();
        assert_eq!(ids, vec![3, 1]);
    }

    #[test]
    fn a_stored_order_merges_with_the_hand_and_a_broken_one_is_the_default() {
        use crate::storage::parse_hand_order;
        let hand = vec![card(1, 2), card(2, 3), card(3, 4), card(9, 5)];
        let stored = |t: &str| -> Vec<u16> {
            let order: Vec<CardId> = parse_hand_order(Some(t)).into_iter().map(CardId).collect();
            ordered_hand(&hand, &order).iter().map(|c| c.id.0).collect()
        };
        assert_eq!(stored("[9,2,40]"), vec![9, 2, 1, 3]);
        assert_eq!(stored("kaputt"), vec![1, 2, 3, 9]);
        assert_eq!(stored("[]"), vec![1, 2, 3, 9]);
    }

    #[test]
    fn sort_keys_group_by_suit_or_rank_with_jokers_last() {
        let mut h = [
            Card {
                id: CardId(5),
                face: Face::Joker,
            },
            Card {
                id: CardId(1),
                face: Face::french(9, Suit::Hearts),
            },
            Card {
                id: CardId(2),
                face: Face::french(3, Suit::Clubs),
            },
            Card {
                id: CardId(3),
                face: Face::french(9, Suit::Clubs),
            },
        ];
        engine::sort::sort_by_key(&mut h, rank_sort_key);
        assert_eq!(
            h.iter().map(|c| c.id.0).collect::<Vec<_>>(),
            vec![2, 3, 1, 5]
        );
        engine::sort::sort_by_key(&mut h, suit_sort_key);
        assert_eq!(
            h.iter().map(|c| c.id.0).collect::<Vec<_>>(),
            vec![2, 3, 1, 5]
        );
    }
}
