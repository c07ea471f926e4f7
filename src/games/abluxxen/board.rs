//! The Abluxxen board. It knows no rules: it shows the seat's view, offers what the legal
//! actions contain, previews whom a play would luxx (the engine's `would_luxx`), and sends
//! actions through `props.act` (the host explains rejections). It is composed of the shared
//! components (hand, piles, opponents, action buttons, end panels, score sheet) and the
//! Abluxxen parts in `display`, `dialog` and `end`.

use super::dialog::{dialog, preview_text};
use super::display::{center, player_panel, shadow};
use super::end::{end_screen, round_end, score_sheet};
use crate::components::action_bar::ActionButton;
use crate::components::board::{table_view, BoardCore};
use crate::components::dock::{Dock, PlayArea};
use crate::components::drag::{start_drag, DragSpec};
use crate::components::hand::{HandLook, HandView};
use crate::components::opponents::{Opponents, SeatOrder};
use crate::i18n::common::fill;
use crate::play::ui_game::BoardProps;
use engine::abluxxen::{card_value, Abluxxen, AbluxxenAction, AbluxxenView, LuxxPreview, Pending};
use engine::{Card, CardId, Face};
use leptos::prelude::*;
use std::rc::Rc;

/// The drop target value of one's own display.
pub(super) const MY_DISPLAY: &str = "my-display";

/// The Abluxxen board: the shared core (`components::board`) with the Abluxxen parts.
pub(super) type Board = BoardCore<Abluxxen, Parts>;

/// What the Abluxxen parts of the board share beyond the core: values derived from the game
/// (memos, computed once per state change) and the results seen (UI-only).
#[derive(Clone, Copy)]
pub(super) struct Parts {
    /// Whom a play of the selection would luxx.
    pub preview: Memo<LuxxPreview>,
    /// The viewer is to play a group now.
    pub my_play: Memo<bool>,
    /// The selection is a legal play.
    pub can_play: Memo<bool>,
    /// Results already acknowledged (a round-end notice shows for newer ones).
    pub results_seen: RwSignal<usize>,
}

/// (value, value cards, jokers) of a set of hand cards; `None` if a card is not in hand.
fn shape(hand: &[Card], ids: &[CardId]) -> Option<(u8, usize, usize)> {
    let mut value = None;
    let (mut n, mut j) = (0, 0);
    for id in ids {
        let c = hand.iter().find(|c| c.id == *id)?;
        match c.face {
            Face::Lux(v) => {
                if value.is_some_and(|w| w != v) {
                    return None;
                }
                value = Some(v);
                n += 1;
            }
            _ => j += 1,
        }
    }
    Some((value.unwrap_or(engine::abluxxen::JOKER_GROUP_VALUE), n, j))
}

/// Is a play of these cards among the legal actions (listed once per shape)?
fn play_is_legal(view: &AbluxxenView, legal: &[AbluxxenAction], ids: &[CardId]) -> bool {
    if ids.is_empty() {
        return false;
    }
    let Some(want) = shape(&view.hand, ids) else {
        return false;
    };
    legal.iter().any(|a| match a {
        AbluxxenAction::Play { cards } => shape(&view.hand, cards) == Some(want),
        _ => false,
    })
}

/// Toggles `id` in the selection: one value at a time, jokers join any value.
fn toggle(selected: RwSignal<Vec<CardId>>, hand: &[Card], id: CardId) {
    let Some(card) = hand.iter().find(|c| c.id == id) else {
        return;
    };
    selected.update(|sel| {
        if let Some(i) = sel.iter().position(|x| *x == id) {
            sel.remove(i);
            return;
        }
        if let Face::Lux(v) = card.face {
            // A card of another value starts a new group (the chosen jokers stay).
            sel.retain(|x| {
                hand.iter()
                    .find(|c| c.id == *x)
                    .is_some_and(|c| !matches!(c.face, Face::Lux(w) if w != v))
            });
        }
        sel.push(id);
    });
}

table_view! {
    AbluxxenView, pending: Pending {
        Play => "play", ShadowChoice => "shadow",
        LuxxDecision => "luxx", VictimDecision => "victim", Draw => "draw", MatchOver => "over",
    }
}

fn new_board(p: &BoardProps<Abluxxen>) -> Board {
    let core = BoardCore::new(p);
    let (view, legal, selected) = (core.view, core.legal, core.hand.selected);
    let preview = Memo::new(move |_| {
        let sel = selected.get();
        if sel.is_empty() {
            LuxxPreview::default()
        } else {
            view.with(|v| v.would_luxx(&sel))
        }
    });
    let my_play = Memo::new(move |_| {
        view.with(|v| matches!(v.pending, Pending::Play { seat } if seat == v.seat))
    });
    let can_play = Memo::new(move |_| {
        selected.with(|sel| legal.with(|l| view.with(|v| play_is_legal(v, l, sel))))
    });
    core.with_parts(Parts {
        preview,
        my_play,
        can_play,
        results_seen: RwSignal::new(view.with_untracked(|v| v.results.len())),
    })
}

impl Board {
    /// Plays the selection; an illegal one is still sent so the host explains it.
    pub fn try_play(&self) -> bool {
        let cards = self.hand.selected.get_untracked();
        if cards.is_empty() {
            self.refuse("ab.err.select_first");
            return false;
        }
        let ok = self.can_play.get_untracked();
        self.act.run(AbluxxenAction::Play { cards });
        if ok {
            self.hand.clear();
        }
        ok
    }

    /// A press on a hand card: dragging it (or the whole selection it belongs to) onto the
    /// own display plays it.
    fn press_hand_card(&self, ev: &web_sys::PointerEvent, id: CardId) {
        if !self.my_play.get_untracked() {
            return;
        }
        let b = *self;
        let in_sel = self.hand.selected.with_untracked(|s| s.contains(&id));
        let spec = DragSpec {
            ghost_from: in_sel.then(|| ".ab-hand-card.selected".to_string()),
            on_start: (!in_sel)
                .then(|| Rc::new(move || b.hand.selected.set(vec![id])) as Rc<dyn Fn()>),
        };
        start_drag(ev, spec, move |target| target == MY_DISPLAY && b.try_play());
    }
}

/// The status badges: round, draw pile, discards.
fn status(b: Board) -> impl IntoView {
    let lang = b.app.lang();
    b.view.with(|v| {
        let round = fill(
            lang,
            "ab.round",
            &[
                ("round", v.round.to_string()),
                ("rounds", v.rounds.to_string()),
            ],
        );
        let pile = fill(lang, "ab.pile_count", &[("n", v.pile_count.to_string())]);
        let discard = fill(
            lang,
            "ab.discard_count",
            &[("n", v.discard_count.to_string())],
        );
        view! {
            <span class="badge">{round}</span>
            <span class="badge" data-testid="pile-count">{pile}</span>
            <span class="badge">{discard}</span>
        }
    })
}

/// The own hand (keyed by card), tap to select, drag onto the display to play.
fn hand_row(b: Board) -> impl IntoView {
    let look = HandLook {
        value: Some(card_value),
        ..HandLook::named("ab-hand", "ab-hand-card")
    };
    let cards = Signal::derive(move || b.view.with(|v| v.hand.clone()));
    let tap = Callback::new(move |id| {
        b.view
            .with_untracked(|v| toggle(b.hand.selected, &v.hand, id))
    });
    view! {
        <HandView look=look cards=cards state=b.hand on_tap=tap active=b.my_play
            on_press=Callback::new(move |(ev, id)| b.press_hand_card(&ev, id))/>
    }
}

/// Play, clear and the preview of the selected play.
fn action_bar(b: Board) -> impl IntoView {
    let no_selection = Signal::derive(move || b.hand.selected.with(|s| s.is_empty()));
    view! {
        <div class="ab-actions">
            <ActionButton label=Signal::derive(move || b.t("ab.play")) testid="play" primary=true
                disabled=Signal::derive(move || !b.can_play.get())
                on_click=Callback::new(move |_| { b.try_play(); })/>
            <ActionButton label=Signal::derive(move || b.t("ab.clear")) testid="clear" small=true
                disabled=no_selection on_click=Callback::new(move |_| b.hand.clear())/>
            <span class="ab-preview" data-testid="preview">{move || preview_text(b)}</span>
        </div>
    }
}

pub fn board(props: BoardProps<Abluxxen>) -> AnyView {
    let b = new_board(&props);
    // Keep only cards still in hand (after a play, a luxx or a change of viewer).
    b.keep_selection_in_hand();
    let profi = move || b.view.with(|v| v.options.profiduell);
    let over = move || b.view.with(|v| matches!(v.pending, Pending::MatchOver));
    let mine = move || b.view.with(|v| v.my_decision());
    let me = Memo::new(move |_| b.view.with(|v| v.seat));
    let others = b.others(SeatOrder::FromViewer);
    view! {
        <div class="ab-board" class:profi=profi class:over=over data-testid="ab-board"
            data-pending=move || b.moment() data-mine=move || mine().to_string()>
            <PlayArea>
            <div class="ab-status">{move || status(b)}</div>
            <Show when=over>{move || end_screen(b)}</Show>
            {move || round_end(b)}
            <Opponents class="ab-opponents" seats=others seat=move |s| player_panel(b, s, false)/>
            <Show when=profi>
                <div class="ab-shadow" data-testid="shadow" aria-label=move || b.t("ab.shadow")>
                    <span class="ab-label">{move || b.t("ab.shadow")}</span>
                    <div class="ab-shadow-groups">{move || shadow(b)}</div>
                </div>
            </Show>
            {center(b)}
            <div class="ab-me">{move || player_panel(b, me.get(), true)}</div>
            <Dock>
                <div class="ab-dialog" data-testid="dialog" class:mine=mine>{move || dialog(b)}</div>
                {action_bar(b)}
                {hand_row(b)}
            </Dock>
            </PlayArea>
            <Show when=move || b.view.with(|v| !v.results.is_empty()) && !over()>
                <details class="ab-sheet">
                    <summary>{move || b.t("ab.score_sheet")}</summary>
                    {move || score_sheet(b)}
                </details>
            </Show>
        </div>
    }
    .into_any()
}
