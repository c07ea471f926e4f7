//! The Profi-Sort table. It knows no rules: what can be done comes from the legal actions,
//! the task offers from the engine's finder, every rejection from the engine.

use super::builder::builder;
use super::deal_end::deal_end_panel;
use super::melds::melds;
use super::sheet::sheets_panel;
use crate::components::action_bar::{on_activate, UndoButton};
use crate::components::board::{table_view, BoardCore};
use crate::components::card::CardView;
use crate::components::dock::{Dock, PlayArea};
use crate::components::drag::DragSpec;
use crate::components::hand::{HandLook, HandTools, HandView};
use crate::components::opponents::{Opponents, SeatCount, SeatOrder};
use crate::components::piles::{Pile, PileLook, PileTop};
use crate::i18n::common::fill;
use crate::play::BoardProps;
use engine::profisort::{Phase, ProfiSort, ProfiSortAction as A, ProfiSortView};
use engine::{Card, CardId, Seat};
use leptos::prelude::*;
use std::rc::Rc;

/// The Profi-Sort board: the shared core (`components::board`) with the Profi-Sort parts.
pub(super) type Board = BoardCore<ProfiSort, Parts>;

/// What the Profi-Sort parts of the board share beyond the core.
#[derive(Clone, Copy)]
pub(super) struct Parts {
    /// The hand in the player's order.
    pub shown: Memo<Vec<Card>>,
    /// The selected cards, in selection order.
    pub selected: Memo<Vec<Card>>,
    /// The sheet shown (None: folded).
    pub sheet: RwSignal<Option<Seat>>,
}

table_view! {
    ProfiSortView, phase: Phase {
        RedealChoice => "redeal", Draw => "draw", Play => "play",
        LastDiscard => "last-discard", DealOver => "deal-over", MatchOver => "match-over",
    }
}

fn new_board(p: &BoardProps<ProfiSort>) -> Board {
    let core = BoardCore::new(p);
    let shown = core.ordered_hand();
    let selected = core.selected_cards();
    // Cards that left the hand leave the selection.
    core.keep_selection_in_hand();
    let wide = web_sys::window()
        .and_then(|w| w.inner_width().ok())
        .and_then(|w| w.as_f64())
        .is_some_and(|w| w >= 900.0);
    let me = core.view.with_untracked(|v| v.seat);
    core.with_parts(Parts {
        shown,
        selected,
        sheet: RwSignal::new(wide.then_some(me)),
    })
}

impl Board {
    /// The viewer may pick cards now (his play phase).
    pub fn can_pick(&self) -> bool {
        self.view.with(|v| {
            v.to_move == Some(v.seat) && matches!(v.phase, Phase::Play | Phase::LastDiscard)
        })
    }

    fn sole(&self) -> Option<CardId> {
        self.hand
            .selected
            .with_untracked(|s| (s.len() == 1).then(|| s[0]))
    }

    /// Discards the single selected card.
    pub fn discard(&self) -> bool {
        let Some(card) = self.sole() else {
            self.refuse("ps.ui.pick_one");
            return false;
        };
        self.act.run(A::Discard { card });
        true
    }

    /// Gives the selected ace to `to`.
    pub fn give(&self, to: Seat) -> bool {
        let Some(card) = self.sole() else {
            return false;
        };
        let a = A::GiveAce { card, to };
        self.act.run(a);
        true
    }

    /// Handles a drop (or a tap) of the selection on `target`.
    pub fn drop_on(&self, target: &str) -> bool {
        if let Some(s) = target.strip_prefix("give:") {
            return s.parse().is_ok_and(|to| self.give(to));
        }
        if let Some(t) = target.strip_prefix("sheet:") {
            return t
                .parse()
                .is_ok_and(|task| super::builder::lay_from_sheet(*self, task));
        }
        if let Some(code) = target.strip_prefix("lo:") {
            return super::melds::lay_off_code(*self, code);
        }
        match target {
            "discard" => self.discard(),
            _ => false,
        }
    }

    /// Starts a drag of hand card `id`: onto another hand card it takes that one's place in
    /// the player's order; onto a target, [`Board::drop_on`].
    fn press(&self, ev: &web_sys::PointerEvent, id: CardId) {
        if !self.can_pick() {
            return;
        }
        let b = *self;
        let spec = DragSpec {
            ghost_from: None,
            on_start: Some(Rc::new(move || b.hand.select(id))),
        };
        self.drag_hand_card(ev, id, spec, self.shown, move |target| {
            target.starts_with("hand") || target == "builder" || b.drop_on(&target)
        });
    }
}

fn roman(seat: Seat) -> &'static str {
    ["I", "II", "III"].get(seat).copied().unwrap_or("")
}

pub(super) fn dealer_mark(seat: Seat) -> &'static str {
    roman(seat)
}

fn aces_row(cards: Vec<Card>) -> impl IntoView {
    let n = cards.len();
    view! {
        <span class="ps-aces" data-testid="received-aces" data-count=n>
            {cards.into_iter().map(|c| view! { <CardView face=Some(c.face)/> }).collect_view()}
        </span>
    }
}

fn opponent(b: Board, seat: Seat) -> impl IntoView {
    let v = b.view;
    let active = move || b.to_move_is(seat);
    let count = move || v.with(|v| v.hand_sizes.get(seat).copied().unwrap_or(0));
    let total = move || v.with(|v| v.totals.get(seat).copied().unwrap_or(0));
    let done = move || v.with(|v| v.sheets.get(seat).map(|s| s.tasks_done).unwrap_or(0));
    let aces = move || aces_row(v.with(|v| v.received.get(seat).cloned().unwrap_or_default()));
    let target = Memo::new(move |_| {
        b.hand.selected.with(|s| {
            s.len() == 1
                && b.has(&A::GiveAce {
                    card: s[0],
                    to: seat,
                })
        })
    });
    let dealer = move || v.with(|v| v.dealer == seat).then_some(roman(seat));
    view! {
        <div class="opponent ps-opp" class:active=active class:target=target data-testid="opponent"
            data-seat=seat data-drop=format!("give:{seat}")
            // With an ace picked, the opponent is a keyboard target too (Tab, Enter).
            tabindex=move || target.get().then_some("0") role=move || target.get().then_some("button")
            on:keydown=on_activate(move || { if target.get_untracked() { b.give(seat); } })
            on:click=move |_| { if target.get_untracked() { b.give(seat); } }>
            <span class="opp-name">{b.name(seat)}</span>
            <span class="ps-dealer">{dealer}</span>
            <SeatCount key="count.cards" n=Signal::derive(move || count() as i64) class="opp-count" testid="opp-count"/>
            <SeatCount key="count.tasks_done" n=Signal::derive(move || done() as i64) class="ps-done"/>
            <SeatCount key="count.points" n=Signal::derive(move || total() as i64) class="opp-score"/>
            {aces}
            <Show when=move || target.get()>
                <span class="ps-give-hint">{move || b.t("ps.ui.give_here")}</span>
            </Show>
        </div>
    }
}

fn status_line(b: Board) -> impl IntoView {
    let v = b.view;
    let text = move || {
        let lang = b.app.lang();
        v.with(|v| {
            let mine = v.to_move == Some(v.seat);
            let who = v.to_move.map(|s| b.name(s)).unwrap_or_default();
            match (v.phase, mine) {
                (Phase::RedealChoice, true) => fill(
                    lang,
                    "ps.ui.redeal_me",
                    &[("n", v.redeal.map(|r| r.1).unwrap_or(3).to_string())],
                ),
                (Phase::RedealChoice, false) => fill(
                    lang,
                    "ps.ui.redeal_other",
                    &[
                        ("name", who),
                        ("n", v.redeal.map(|r| r.1).unwrap_or(3).to_string()),
                    ],
                ),
                (Phase::Draw, true) if !v.received[v.seat].is_empty() => b.t("ps.ui.draw_or_sit"),
                (Phase::Draw, true) => b.t("ps.ui.your_draw"),
                (Phase::Play, true) => b.t("ps.ui.your_play"),
                (Phase::LastDiscard, true) => b.t("ps.ui.last_discard"),
                (Phase::DealOver, _) => b.t("ps.ui.deal_over"),
                (Phase::MatchOver, _) => b.t("ps.ui.match_over"),
                _ => fill(lang, "ps.ui.waiting", &[("name", who)]),
            }
        })
    };
    view! { <p class="status-line" data-testid="status">{text}</p> }
}

/// The buttons of the moment: redeal choice, draw / sit out, discard.
fn turn_buttons(b: Board) -> impl IntoView {
    let button = move |a: A, key: &'static str, testid: &'static str, primary: bool| {
        let shown = {
            let a = a.clone();
            move || b.has(&a)
        };
        view! {
            <Show when=shown.clone()>
                <button class="button" class:primary=primary data-testid=testid
                    on:click={ let a = a.clone(); move |_| b.act.run(a.clone()) }>{move || b.t(key)}</button>
            </Show>
        }
    };
    let can_discard = Memo::new(move |_| {
        b.hand
            .selected
            .with(|s| s.len() == 1 && b.has(&A::Discard { card: s[0] }))
    });
    let discarding = move || b.can_pick();
    view! {
        <div class="action-bar ps-actions">
            {button(A::KeepHand, "ps.ui.keep", "keep-hand", true)}
            {button(A::Redeal, "ps.ui.redeal", "redeal", false)}
            {button(A::Draw, "ps.ui.draw", "draw", true)}
            {button(A::TakeDiscard, "ps.ui.take_discard", "take-discard", false)}
            {button(A::SitOut, "ps.ui.sit_out", "sit-out", false)}
            <Show when=discarding>
                <button class="button" class:primary=move || can_discard.get() data-testid="discard"
                    disabled=move || !can_discard.get() on:click=move |_| { b.discard(); }>
                    {move || b.t("ps.ui.discard")}
                </button>
            </Show>
            <UndoButton can_undo=b.can_undo undo=b.undo/>
        </div>
    }
}

fn piles(b: Board) -> impl IntoView {
    let v = b.view;
    let talon_top = Signal::derive(move || {
        if v.with(|v| v.talon) > 0 {
            PileTop::Back
        } else {
            PileTop::Empty
        }
    });
    let can_draw = Memo::new(move |_| b.has(&A::Draw));
    let can_take = Memo::new(move |_| b.has(&A::TakeDiscard));
    let discard_top = Signal::derive(move || {
        v.with(|v| {
            v.discard
                .last()
                .map(|c| PileTop::Open(*c))
                .unwrap_or(PileTop::Empty)
        })
    });
    let discard_target = Signal::derive(move || b.can_pick() || can_take.get());
    let my_aces = move || aces_row(v.with(|v| v.received.get(v.seat).cloned().unwrap_or_default()));
    let has_aces = move || v.with(|v| v.received.get(v.seat).is_some_and(|r| !r.is_empty()));
    let info = move || {
        v.with(|v| {
            fill(
                b.app.lang(),
                "ps.ui.deal_info",
                &[
                    ("n", v.deal.to_string()),
                    ("name", b.name(v.dealer)),
                    ("mark", roman(v.dealer).to_string()),
                ],
            )
        })
    };
    view! {
        <div class="piles-row">
            <small class="ps-deal" data-testid="deal-info">{info}</small>
            <Pile look=PileLook { class: "pile talon", testid: "talon", count_class: "pile-count", drop: None }
                top=talon_top count=Signal::derive(move || v.with(|v| v.talon))
                on_click=Callback::new(move |_| if can_draw.get_untracked() { b.act.run(A::Draw) })
                can_draw=can_draw target=can_draw disable=true/>
            <Pile look=PileLook { class: "pile discard", testid: "discard-pile", count_class: "pile-count", drop: Some("discard") }
                top=discard_top count=Signal::derive(move || v.with(|v| v.discard.len()))
                on_click=Callback::new(move |_| {
                    // With a card selected the tap is never read as taking the pile.
                    let picked = b.hand.selected.with_untracked(|s| !s.is_empty());
                    if can_take.get_untracked() && picked {
                        b.refuse("ps.ui.draw_first");
                    } else if can_take.get_untracked() {
                        b.act.run(A::TakeDiscard)
                    } else if b.can_pick() {
                        b.discard();
                    }
                })
                can_draw=can_take target=discard_target/>
            <Show when=has_aces>
                <div class="ps-my-aces">
                    <small>{move || b.t("ps.ui.received")}</small>
                    {my_aces}
                </div>
            </Show>
        </div>
    }
}

pub fn board(p: BoardProps<ProfiSort>) -> AnyView {
    let b = new_board(&p);
    let v = b.view;
    let my_turn = Signal::derive(move || b.my_turn());
    let over = move || v.with(|v| matches!(v.phase, Phase::DealOver | Phase::MatchOver));
    view! {
        <div class="board profisort-board" data-testid="profisort-board"
            data-phase=move || b.moment()
            data-mine=move || my_turn.get().to_string()
            data-deal=move || v.with(|v| v.deal)>
            <PlayArea>
            <Opponents class="opponents" seats=b.others(SeatOrder::FromViewer) seat=move |s| opponent(b, s)/>
            {piles(b)}
            {melds(b)}
            <Dock>
                {status_line(b)}
                {builder(b)}
                <HandTools state=b.hand hand=b.shown>{turn_buttons(b)}</HandTools>
                <HandView look=HandLook::arranged("hand ps-hand") cards=b.shown state=b.hand active=my_turn
                    on_tap=Callback::new(move |id| if b.can_pick() { b.hand.toggle(id) })
                    on_press=Callback::new(move |(ev, id): (web_sys::PointerEvent, CardId)| b.press(&ev, id))/>
            </Dock>
            </PlayArea>
            {sheets_panel(b)}
            <Show when=over>{move || deal_end_panel(b)}</Show>
        </div>
    }
    .into_any()
}
