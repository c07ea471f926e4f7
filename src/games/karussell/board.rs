//! The Karussell table. It knows no rules: what can be done comes from the legal actions,
//! the marks on the scratch melds from the engine's `check_meld`, the indicator and the hint
//! from the engine's solver, and every rejection from the engine.

use super::round_end::round_end_panel;
use super::scratch::{Scratch, Spot};
use super::table::{hint_bar, scratch_table, status_line, turn_buttons};
use crate::components::board::{table_view, BoardCore};
use crate::components::dock::{Dock, PlayArea};
use crate::components::drag::DragSpec;
use crate::components::hand::{HandLook, HandTools, HandView};
use crate::components::opponents::{Opponents, SeatCount, SeatOrder};
use crate::components::piles::{Pile, PileLook, PileTop};
use crate::play::BoardProps;
use engine::karussell::{
    affordable, slots_of, solve, Karussell, KarussellAction, KarussellView, PhaseView, Solution,
};
use engine::{Card, CardId, Face, Seat};
use leptos::prelude::*;

/// The Karussell board: the shared core (`components::board`) with the Karussell parts.
/// The core's selection holds hand and table cards waiting for a tap on a target.
pub(super) type Board = BoardCore<Karussell, Parts>;

/// What the Karussell parts of the board share beyond the core.
#[derive(Clone, Copy)]
pub(super) struct Parts {
    /// The scratch table of this turn (UI-only; rebuilt when the game moves on).
    pub scratch: RwSignal<Scratch>,
    /// The hand cards still in hand, in the player's order.
    pub shown: Memo<Vec<Card>>,
    /// May the viewer rearrange the table now?
    pub can_meld: Memo<bool>,
    /// The solver's best arrangement for the turn's table and hand (when hints are on).
    pub best: Memo<Option<Solution>>,
}

/// The transaction a scratch table stands for.
pub fn meld_action(s: &Scratch) -> KarussellAction {
    KarussellAction::Meld {
        table: slots_of(&s.melds),
    }
}

table_view! {
    KarussellView, phase: PhaseView {
        Draw => "draw", MayMeld => "may-meld", AfterMeld => "after-meld", KnockDecision => "knock",
        FinalTurn => "final-turn", RoundOver => "round-over", MatchOver => "match-over",
    }
}

fn new_board(p: &BoardProps<Karussell>) -> Board {
    let core = BoardCore::new(p);
    let (view, hand) = (core.view, core.hand);
    let scratch =
        RwSignal::new(view.with_untracked(|v| Scratch::new(v.table.clone(), v.hand.clone())));
    // A new state from the engine (a draw, a bot's move, a commit) starts a new scratch.
    Effect::new(move |_| {
        let fresh = view.with(|v| Scratch::new(v.table.clone(), v.hand.clone()));
        if scratch.with_untracked(|s| {
            s.original != fresh.original || s.original_hand != fresh.original_hand
        }) {
            scratch.set(fresh);
            hand.clear();
        }
    });
    let shown = Memo::new(move |_| scratch.with(|s| hand.arranged(&s.hand)));
    hand.follow(shown);
    // The engine's phase says when the viewer may rearrange the table (the legal list
    // holds only a few example transactions, never all of them).
    let can_meld = Memo::new(move |_| {
        view.with(|v| {
            v.to_move == Some(v.seat)
                && matches!(
                    v.phase,
                    PhaseView::MayMeld { .. }
                        | PhaseView::AfterMeld { .. }
                        | PhaseView::FinalTurn { .. }
                )
        })
    });
    let best = Memo::new(move |_| {
        (can_meld.get() && view.with(|v| v.options.hints))
            .then(|| {
                view.with(|v| {
                    affordable(&v.table, &v.hand)
                        .then(|| solve(&v.table, &v.hand).ok())
                        .flatten()
                })
            })
            .flatten()
    });
    core.with_parts(Parts {
        scratch,
        shown,
        can_meld,
        best,
    })
}

impl Board {
    /// Moves card `id` to `to` on the scratch table; explains a refused move.
    pub fn move_to(&self, id: CardId, to: Spot) -> bool {
        if !self.can_meld.get_untracked() {
            return false;
        }
        let result = self
            .scratch
            .try_update(|s| s.move_card(id, to))
            .unwrap_or(Ok(()));
        match result {
            Ok(()) => {
                self.clear_error();
                true
            }
            Err(_) => {
                self.refuse("ka.ui.table_card_stays");
                false
            }
        }
    }

    /// Tap on a card: select or unselect it.
    pub fn tap_card(&self, id: CardId) {
        if self.can_meld.get_untracked() {
            self.hand.toggle(id);
        }
    }

    /// Tap on a target: the selected cards go there.
    pub fn tap_target(&self, to: Spot) {
        let selected = self.hand.selected.get_untracked();
        if selected.is_empty() {
            return;
        }
        // Into a new meld: the first card opens it, the others follow into that meld.
        let mut target = to;
        for id in selected {
            self.move_to(id, target);
            if to == Spot::NewMeld {
                target = self
                    .scratch
                    .with_untracked(|s| s.locate(id))
                    .unwrap_or(Spot::NewMeld);
            }
        }
        self.hand.clear();
    }

    /// Starts a drag of card `id` (hand or table). A hand card dropped on another takes its
    /// place in the player's order; a table card dropped on the hand goes back there.
    pub fn press_card(&self, ev: &web_sys::PointerEvent, id: CardId) {
        if !self.can_meld.get_untracked() {
            return;
        }
        let b = *self;
        self.drag_hand_card(ev, id, DragSpec::default(), self.shown, move |target| {
            let to = target
                .strip_prefix("hand:")
                .map(|_| "hand")
                .unwrap_or(&target)
                .to_string();
            Spot::parse(&to).is_some_and(|spot| b.move_to(id, spot))
        });
    }

    pub fn commit(&self) {
        let action = self.scratch.with_untracked(meld_action);
        self.act.run(action);
    }
}

fn opponent(b: Board, seat: Seat) -> impl IntoView {
    let v = b.view;
    let active = move || b.to_move_is(seat);
    let count = move || v.with(|v| v.hand_sizes.get(seat).copied().unwrap_or(0));
    let total = move || v.with(|v| v.totals.get(seat).copied().unwrap_or(0));
    view! {
        <div class="opponent" class:active=active data-testid="opponent" data-seat=seat>
            <span class="opp-name">{b.name(seat)}</span>
            <SeatCount key="count.cards" n=Signal::derive(move || count() as i64) class="opp-count" testid="opp-count"/>
            <SeatCount key="count.points" n=Signal::derive(move || total() as i64) class="opp-score"/>
        </div>
    }
}

fn stock(b: Board) -> impl IntoView {
    let v = b.view;
    let draw = KarussellAction::Draw;
    let can_draw = Memo::new(move |_| b.has(&KarussellAction::Draw));
    let top = Signal::derive(move || {
        if v.with(|v| v.stock_size) > 0 {
            PileTop::Back
        } else {
            PileTop::Empty
        }
    });
    view! {
        <Pile look=PileLook { class: "pile talon", testid: "stock", count_class: "pile-count", drop: None }
            top=top count=Signal::derive(move || v.with(|v| v.stock_size))
            on_click=Callback::new(move |_| if can_draw.get_untracked() { b.act.run(draw.clone()) })
            can_draw=can_draw target=can_draw disable=true/>
    }
}

pub fn board(p: BoardProps<Karussell>) -> AnyView {
    let b = new_board(&p);
    let v = b.view;
    let my_turn = Signal::derive(move || b.my_turn());
    let round_over =
        move || v.with(|v| matches!(v.phase, PhaseView::RoundOver { .. } | PhaseView::MatchOver));
    view! {
        <div class="board karussell-board" data-testid="karussell-board"
            data-phase=move || b.moment()
            data-mine=move || my_turn.get().to_string()>
            <PlayArea>
            <Opponents class="opponents" seats=b.others(SeatOrder::FromViewer) seat=move |s| opponent(b, s)/>
            // The hint beside the stock: on a phone the table keeps that row's room.
            <div class="piles-row k-piles">{stock(b)}{hint_bar(b)}</div>
            {scratch_table(b)}
            <Dock>
                {status_line(b)}
                <HandTools state=b.hand hand=b.shown>{turn_buttons(b)}</HandTools>
                <HandView look=HandLook::arranged("hand") cards=b.shown state=b.hand active=my_turn
                    on_tap=Callback::new(move |id| b.tap_card(id))
                    on_press=Callback::new(move |(ev, id): (web_sys::PointerEvent, CardId)| b.press_card(&ev, id))/>
            </Dock>
            </PlayArea>
            <Show when=round_over>{move || round_end_panel(b)}</Show>
        </div>
    }
    .into_any()
}

/// A joker's label for a choice button.
pub fn face_choice(face: Face, lang: crate::i18n::Lang) -> String {
    crate::i18n::common::face_text(face, lang)
}
