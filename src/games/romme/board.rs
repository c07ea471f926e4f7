//! The Rommé table. It knows no rules: what is clickable comes from the legal actions, the
//! meld preview from the engine's meld validation, and every rejection from the engine.
//! UI-only state (selection, hand order, the pending discard warning) lives here.

use super::rob::{rob_panel, RobState};
use super::sheet::{deal_end_panel, sheet_for};
use crate::app::use_app;
use crate::components::card::CardView;
use crate::components::drag::{start_drag, DragSpec};
use crate::games::common::fill;
use crate::play::BoardProps;
use engine::meld::{validate, MeldKind};
use engine::romme::{MeldId, PhaseView, Romme, RommeAction, RommeEvent, RommeView};
use engine::{Card, CardId, Face};
use leptos::prelude::*;

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

fn suit_sort_key(c: &Card) -> (u8, u8) {
    match c.face {
        Face::French { rank, suit } => (suit as u8, rank.0),
        _ => (9, 0),
    }
}

fn rank_sort_key(c: &Card) -> (u8, u8) {
    match c.face {
        Face::French { rank, suit } => (rank.0, suit as u8),
        _ => (99, 0),
    }
}

/// Seconds a lone human has to decide about buying the discard.
const CLAIM_SECONDS: u32 = 12;

fn has(legal: &[RommeAction], a: &RommeAction) -> bool {
    legal.contains(a)
}

pub fn board(p: BoardProps<Romme>) -> AnyView {
    let app = use_app();
    let selected = RwSignal::new(Vec::<CardId>::new());
    let order = RwSignal::new(Vec::<CardId>::new());
    let warn_discard = RwSignal::new(None::<CardId>);
    let rob = RobState::new();
    let view = p.view;
    let legal = p.legal;
    let act = p.act;
    let names = p.names.clone();

    // Forget selections of cards that left the hand.
    Effect::new(move |_| {
        let v = view.get();
        let ids: Vec<CardId> = v
            .hand
            .iter()
            .chain(v.freed_jokers.iter())
            .map(|c| c.id)
            .collect();
        selected.update(|s| s.retain(|id| ids.contains(id)));
    });

    let do_act = move |a: RommeAction| {
        warn_discard.set(None);
        act.run(a);
    };

    let rob_act = move |a: RommeAction| {
        let before = view.with_untracked(|v| (v.hand.len(), v.table.len(), v.discard_size));
        do_act(a);
        if view.with_untracked(|v| (v.hand.len(), v.table.len(), v.discard_size)) != before {
            rob.reset();
            rob.active.set(false);
            selected.set(Vec::new());
        }
    };
    let can_rob = move || {
        legal.with(|l| l.iter().any(|a| matches!(a, RommeAction::Rob { .. })))
            || (view.with(|v| v.options.robbing)
                && !legal.with(|l| l.is_empty())
                && view
                    .with(|v| matches!(v.phase, PhaseView::Draw { .. } | PhaseView::Play { .. })))
    };

    let toggle = move |id: CardId| {
        warn_discard.set(None);
        selected.update(|s| {
            if let Some(i) = s.iter().position(|x| *x == id) {
                s.remove(i);
            } else {
                s.push(id);
            }
        })
    };

    let hand_cards = move || {
        let v = view.get();
        ordered_hand(&v.hand, &order.get())
    };

    // Live preview of the selection as a meld.
    let preview = move || {
        let v = view.get();
        let sel = selected.get();
        if sel.is_empty() {
            return None;
        }
        let cards: Vec<Card> = sel
            .iter()
            .filter_map(|id| {
                v.hand
                    .iter()
                    .chain(v.freed_jokers.iter())
                    .find(|c| c.id == *id)
                    .copied()
            })
            .collect();
        Some(validate(&cards, &v.options.meld_rules()))
    };

    let click_meld_area = move || {
        let sel = selected.get_untracked();
        if sel.is_empty() {
            return;
        }
        do_act(RommeAction::Meld {
            cards: sel,
            hint: None,
        });
    };

    let click_table_meld = move |meld: MeldId| {
        let sel = selected.get_untracked();
        let [card] = sel.as_slice() else {
            return;
        };
        let l = legal.get_untracked();
        let lay = RommeAction::LayOff { card: *card, meld };
        let ex = RommeAction::ExchangeJoker { card: *card, meld };
        if !has(&l, &lay) && has(&l, &ex) {
            do_act(ex);
        } else {
            do_act(lay);
        }
    };

    let click_discard = move || {
        if rob.active.get_untracked() {
            if let Some(top) = view.with_untracked(|v| v.discard_top) {
                rob.toggle_taken(top.id);
            }
            return;
        }
        let l = legal.get_untracked();
        if has(&l, &RommeAction::DrawDiscard) {
            do_act(RommeAction::DrawDiscard);
            return;
        }
        let sel = selected.get_untracked();
        if let [card] = sel.as_slice() {
            let could_lay_off = l
                .iter()
                .any(|a| matches!(a, RommeAction::LayOff { card: c, .. } if c == card));
            if could_lay_off && warn_discard.get_untracked() != Some(*card) {
                warn_discard.set(Some(*card));
                return;
            }
            do_act(RommeAction::Discard { card: *card });
        } else if l.iter().any(|a| matches!(a, RommeAction::Discard { .. })) {
            p.error.set(Some(app.t("ro.ui.select_one_to_discard")));
        }
    };

    // A drop of hand card `id` on a target (`data-drop` value). Returns whether the move
    // happened (false: the ghost snaps back; the host shows the engine's reason).
    let drop_card = move |id: CardId, target: String| -> bool {
        let in_hand = |v: &RommeView| {
            v.hand
                .iter()
                .chain(v.freed_jokers.iter())
                .any(|c| c.id == id)
        };
        if target == "new-meld" {
            selected.update(|s| {
                if !s.contains(&id) {
                    s.push(id);
                }
            });
            return true;
        }
        if let Some(other) = target.strip_prefix("hand:") {
            if let Ok(other) = other.parse::<u16>() {
                let hand = hand_cards();
                let mut ids: Vec<CardId> = hand.iter().map(|c| c.id).collect();
                if let (Some(from), Some(to)) = (
                    ids.iter().position(|x| *x == id),
                    ids.iter().position(|x| x.0 == other),
                ) {
                    let moved = ids.remove(from);
                    ids.insert(to, moved);
                    order.set(ids);
                    return true;
                }
            }
            return false;
        }
        let action = if target == "discard" {
            Some(RommeAction::Discard { card: id })
        } else if let Some(m) = target
            .strip_prefix("meld:")
            .and_then(|m| m.parse::<u32>().ok())
        {
            let meld = MeldId(m);
            let lay = RommeAction::LayOff { card: id, meld };
            let ex = RommeAction::ExchangeJoker { card: id, meld };
            let l = legal.get_untracked();
            Some(if !has(&l, &lay) && has(&l, &ex) {
                ex
            } else {
                lay
            })
        } else {
            None
        };
        match action {
            Some(a) => {
                do_act(a);
                !in_hand(&view.get_untracked())
            }
            None => false,
        }
    };
    // Dragging the talon or the discard onto the hand draws it.
    let drop_pile = move |draw: RommeAction, target: String| -> bool {
        if target == "hand" || target.starts_with("hand:") {
            let before = view.get_untracked().hand.len();
            do_act(draw);
            view.get_untracked().hand.len() > before
        } else {
            false
        }
    };

    // What the others did since the viewer's own last move: those melds (and the discard)
    // are highlighted so a bot's move can be followed.
    let recent = Memo::new(move |_| {
        let v = view.get();
        let own = |e: &RommeEvent| match e {
            RommeEvent::Drew { seat, .. }
            | RommeEvent::Melded { seat, .. }
            | RommeEvent::LaidOff { seat, .. }
            | RommeEvent::Discarded { seat, .. } => *seat == v.seat,
            _ => false,
        };
        let start = v.events.iter().rposition(own).map(|i| i + 1).unwrap_or(0);
        let mut melds = Vec::new();
        let mut discard = false;
        for e in &v.events[start..] {
            match e {
                RommeEvent::Melded { meld, .. }
                | RommeEvent::LaidOff { meld, .. }
                | RommeEvent::JokerExchanged { meld, .. } => melds.push(*meld),
                RommeEvent::Robbed { new_melds, .. } => melds.extend(new_melds.iter().copied()),
                RommeEvent::Discarded { .. } => discard = true,
                RommeEvent::DealStarted { .. } => {
                    melds.clear();
                    discard = false;
                }
                _ => {}
            }
        }
        (melds, discard)
    });

    // Buying: a visible countdown for a lone human (pausable); none in pass-and-play.
    let countdown = RwSignal::new(None::<u32>);
    let paused = RwSignal::new(false);
    let pass_and_play = p.pass_and_play;
    Effect::new(move |_| {
        let claim_mine = matches!(view.get().phase, PhaseView::Claim { claimant, .. } if claimant == view.with_untracked(|v| v.seat))
            && legal.with(|l| has(l, &RommeAction::PassBuy));
        if claim_mine && !pass_and_play {
            if countdown.get_untracked().is_none() {
                paused.set(false);
                countdown.set(Some(CLAIM_SECONDS));
            }
        } else if countdown.get_untracked().is_some() {
            countdown.set(None);
        }
    });
    if let Ok(handle) = set_interval_with_handle(
        move || {
            if paused.get_untracked() {
                return;
            }
            match countdown.get_untracked() {
                Some(n) if n <= 1 => {
                    countdown.set(None);
                    if has(&legal.get_untracked(), &RommeAction::PassBuy) {
                        act.run(RommeAction::PassBuy);
                    }
                }
                Some(n) => countdown.set(Some(n - 1)),
                None => {}
            }
        },
        std::time::Duration::from_secs(1),
    ) {
        on_cleanup(move || handle.clear());
    }

    let names_opp = names.clone();
    let opponents = move || {
        let v = view.get();
        (0..v.seats)
            .filter(|&s| s != v.seat)
            .map(|s| {
                let active = v.to_move == Some(s);
                let name = names_opp.get(s).cloned().unwrap_or_default();
                let opened = v.opened.get(s).copied().unwrap_or(false);
                view! {
                    <li class="opponent" class:active=active data-testid="opponent">
                        <span class="opp-name">{name}</span>
                        {(s == v.dealer).then(|| view! { <span class="badge dealer-badge">{app.t("ro.ui.dealer")}</span> })}
                        <span class="opp-cards"><CardView face={ let b: Option<Face> = None; b }/><b data-testid="opp-count">{v.hand_sizes.get(s).copied().unwrap_or(0)}</b></span>
                        <span class="opp-total">{v.totals.get(s).copied().unwrap_or(0)}</span>
                        {opened.then(|| view! { <span class="badge">"✓"</span> })}
                    </li>
                }
            })
            .collect_view()
    };

    let names_tbl = names.clone();
    let table = move || {
        let v = view.get();
        let l = legal.get();
        let sel = selected.get();
        if v.table.is_empty() {
            return view! { <p class="empty-table">{app.t("ro.ui.empty_table")}</p> }.into_any();
        }
        v.table
            .iter()
            .map(|m| {
                let id = m.id;
                let target = match sel.as_slice() {
                    [c] => has(&l, &RommeAction::LayOff { card: *c, meld: id }) || has(&l, &RommeAction::ExchangeJoker { card: *c, meld: id }),
                    _ => false,
                };
                let owner = names_tbl.get(m.owner).cloned().unwrap_or_default();
                let kind = if m.meld.kind == MeldKind::Set { "set" } else { "seq" };
                let cards = m
                    .meld
                    .cards
                    .iter()
                    .map(|pl| {
                        let sf = pl.card.face.is_joker().then_some(pl.stands_for);
                        let cid = pl.card.id;
                        let card = match sf {
                            Some(f) => view! { <CardView face=Some(pl.card.face) stands_for=f/> }.into_any(),
                            None => view! { <CardView face=Some(pl.card.face)/> }.into_any(),
                        };
                        view! {
                            <span class="table-card" class:taken=move || rob.taken.with(|t| t.contains(&cid)) data-testid="table-card"
                                on:click=move |ev| if rob.active.get_untracked() { ev.stop_propagation(); rob.toggle_taken(cid); }>
                                {card}
                            </span>
                        }
                    })
                    .collect_view();
                view! {
                    <div class="table-meld" class:target=target class:pending=m.pending class:recent=recent.with(|r| r.0.contains(&id)) data-kind=kind
                        data-testid="table-meld" data-drop=format!("meld:{}", id.0)
                        on:click=move |_| click_table_meld(id)>
                        <div class="meld-cards">{cards}</div>
                        <small class="meld-owner">{owner}</small>
                    </div>
                }
            })
            .collect_view()
            .into_any()
    };

    let status = {
        let names = names.clone();
        move || {
            let v = view.get();
            let n = |s: usize| names.get(s).cloned().unwrap_or_default();
            let mine = v.to_move == Some(v.seat);
            match &v.phase {
                PhaseView::Draw { seat } if mine && *seat == v.seat => app.t("ro.ui.your_draw"),
                PhaseView::Play { .. } if mine => app.t("ro.ui.your_play"),
                PhaseView::Claim { claimant, .. } if *claimant == v.seat => {
                    let card = v.discard_top.map(|c| crate::games::common::face_text(c.face, app.lang())).unwrap_or_default();
                    fill(app.lang(), "ro.ui.may_buy", &[("card", card)])
                }
                PhaseView::Claim { claimant, .. } => fill(app.lang(), "ro.ui.other_may_buy", &[("name", n(*claimant))]),
                PhaseView::MayDeclare { .. } if mine => app.t("ro.ui.may_declare"),
                PhaseView::DealOver { .. } => app.t("ro.ui.deal_over"),
                PhaseView::MatchOver => app.t("ro.ui.match_over"),
                _ => fill(
                    app.lang(),
                    "host.waiting",
                    &[("name", v.to_move.map(n).unwrap_or_default())],
                ),
            }
        }
    };

    let opening = move || {
        let v = view.get();
        let opened = v.opened.get(v.seat).copied().unwrap_or(false);
        (v.opening_needed > 0 && !opened).then(|| {
            let ok = v.opening_points >= v.opening_needed;
            view! {
                <span class="opening" class:ok=ok data-testid="opening">
                    {app.t("ro.ui.opening")} " " {format!("{} / {}", v.opening_points, v.opening_needed)}
                </span>
            }
        })
    };

    let preview_box = move || {
        preview().map(|r| match r {
            Ok(m) => {
                let kind = if m.kind == MeldKind::Set { app.t("ro.ui.set") } else { app.t("ro.ui.sequence") };
                view! { <span class="preview ok" data-testid="meld-preview">{format!("✓ {kind} · {} {}", m.opening_value(), app.t("ro.ui.points"))}</span> }.into_any()
            }
            Err(e) => view! { <span class="preview bad" data-testid="meld-preview">{format!("✗ {}", super::texts::explain_meld(&e, app.lang()))}</span> }.into_any(),
        })
    };

    let hand_view = move || {
        let sel = selected.get();
        let l = legal.get();
        let can_play = !l.is_empty();
        let v = view.get();
        let freed = v.freed_jokers.clone();
        hand_cards()
            .into_iter()
            .chain(freed)
            .map(|c| {
                let id = c.id;
                let is_sel = sel.contains(&id);
                let taken = v.taken_discard == Some(id);
                let staged = rob.staged.with(|s| s.iter().any(|m| m.contains(&id)));
                view! {
                    <button class="hand-card" class:selected=is_sel class:taken=taken class:staged=staged data-testid="hand-card"
                        data-card=id.0 data-face=c.face.to_string() data-drop=format!("hand:{}", id.0)
                        aria-pressed=move || is_sel.to_string()
                        on:pointerdown=move |ev| start_drag(&ev, DragSpec::default(), move |t| drop_card(id, t))
                        on:click=move |_| if can_play { toggle(id) }>
                        <CardView face=Some(c.face)/>
                    </button>
                }
            })
            .collect_view()
    };

    let buttons = move || {
        let l = legal.get();
        let mut out = Vec::new();
        let mk = |key: &'static str, a: RommeAction, tid: &'static str, primary: bool| {
            view! { <button class="button" class:primary=primary data-testid=tid on:click=move |_| do_act(a.clone())>{app.t(key)}</button> }.into_any()
        };
        if has(&l, &RommeAction::Buy) {
            out.push(mk("ro.ui.buy", RommeAction::Buy, "buy", true));
        }
        if has(&l, &RommeAction::PassBuy) {
            out.push(mk(
                "ro.ui.pass_buy",
                RommeAction::PassBuy,
                "pass-buy",
                false,
            ));
        }
        if has(&l, &RommeAction::DeclareRomme) {
            out.push(mk(
                "ro.ui.declare",
                RommeAction::DeclareRomme,
                "declare",
                true,
            ));
        }
        if has(&l, &RommeAction::DeclineRomme) {
            out.push(mk(
                "ro.ui.decline",
                RommeAction::DeclineRomme,
                "decline",
                false,
            ));
        }
        if has(&l, &RommeAction::UndoTurn) {
            out.push(mk("ro.ui.undo", RommeAction::UndoTurn, "undo", false));
        }
        if let Some(n) = countdown.get() {
            out.push(view! {
                <span class="countdown" data-testid="claim-countdown">{format!("{n} s")}</span>
                <button class="button small" data-testid="claim-pause" on:click=move |_| paused.update(|p| *p = !*p)>
                    {move || app.t(if paused.get() { "ro.ui.resume" } else { "ro.ui.pause" })}
                </button>
            }.into_any());
        }
        out.collect_view()
    };

    let sort_suit = move |_| {
        let mut h = view.get_untracked().hand;
        h.sort_by_key(suit_sort_key);
        order.set(h.iter().map(|c| c.id).collect());
    };
    let sort_rank = move |_| {
        let mut h = view.get_untracked().hand;
        h.sort_by_key(rank_sort_key);
        order.set(h.iter().map(|c| c.id).collect());
    };

    let talon_click = move |_| {
        if has(&legal.get_untracked(), &RommeAction::DrawTalon) {
            do_act(RommeAction::DrawTalon);
        }
    };

    let names_end = names.clone();
    let end_panel = move || {
        let v: RommeView = view.get();
        let next = has(&legal.get(), &RommeAction::NextDeal);
        let over = matches!(v.phase, PhaseView::MatchOver);
        let deal_over = matches!(v.phase, PhaseView::DealOver { .. });
        (deal_over || over).then(|| deal_end_panel(&v, &names_end, next, over, act))
    };
    let names_sheet = names.clone();
    let sheet = move || {
        let v = view.get();
        (!v.sheet.rows.is_empty()).then(|| sheet_for(&v, &names_sheet, app.lang()))
    };

    view! {
        <div class="romme-board" data-testid="romme-board"
            data-phase=move || match view.get().phase {
                PhaseView::Draw { .. } => "draw",
                PhaseView::Play { .. } => "play",
                PhaseView::Claim { .. } => "claim",
                PhaseView::MayDeclare { .. } => "declare",
                PhaseView::DealOver { .. } => "deal-over",
                PhaseView::MatchOver => "match-over",
            }
            data-mine=move || (!legal.get().is_empty()).to_string()>
            <ul class="opponents">{opponents}</ul>
            <div class="status-bar">
                <span class="status" data-testid="status">{status}</span>
                {opening}
            </div>
            <div class="piles">
                <button class="pile talon" data-testid="talon" on:click=talon_click
                    on:pointerdown=move |ev| start_drag(&ev, DragSpec::default(), move |t| drop_pile(RommeAction::DrawTalon, t))
                    class:target=move || has(&legal.get(), &RommeAction::DrawTalon)>
                    <CardView face={ let b: Option<Face> = None; b }/>
                    <span class="pile-count">{move || view.get().talon_size}</span>
                </button>
                <button class="pile discard" class:recent=move || recent.with(|r| r.1) data-testid="discard" data-drop="discard" on:click=move |_| click_discard()
                    on:pointerdown=move |ev| {
                        if has(&legal.get_untracked(), &RommeAction::DrawDiscard) {
                            start_drag(&ev, DragSpec::default(), move |t| drop_pile(RommeAction::DrawDiscard, t));
                        }
                    }
                    class:target=move || {
                        let l = legal.get();
                        has(&l, &RommeAction::DrawDiscard) || (selected.get().len() == 1 && l.iter().any(|a| matches!(a, RommeAction::Discard { .. })))
                    }>
                    {move || match view.get().discard_top {
                        Some(c) => view! { <CardView face=Some(c.face)/> }.into_any(),
                        None => view! { <div class="pile-empty"></div> }.into_any(),
                    }}
                    <span class="pile-count">{move || view.get().discard_size}</span>
                </button>
                <div class="new-meld" data-testid="new-meld" data-drop="new-meld"
                    class:target=move || !selected.get().is_empty() && legal.with(|l| l.iter().any(|a| matches!(a, RommeAction::Discard { .. } | RommeAction::Meld { .. })))
                    on:click=move |_| click_meld_area()>
                    <span class="new-meld-label">{move || app.t("ro.ui.new_meld")}</span>
                    {preview_box}
                    <Show when=move || !selected.get().is_empty()>
                        // No handler of its own: the click reaches the area's handler once.
                        <button class="button primary small" data-testid="meld-button">{move || app.t("ro.ui.meld")}</button>
                    </Show>
                </div>
            </div>
            <Show when=move || warn_discard.get().is_some()>
                <p class="warning" data-testid="discard-warning">{move || app.t("ro.ui.warn_lay_off")}</p>
            </Show>
            <Show when=can_rob>
                <button class="button" class:primary=move || rob.active.get() data-testid="rob-mode"
                    on:click=move |_| { rob.active.update(|a| *a = !*a); rob.reset(); }>
                    {move || app.t(if rob.active.get() { "ro.rob.stop" } else { "ro.rob.start" })}
                </button>
            </Show>
            <Show when=move || rob.active.get()>
                {rob_panel(rob, view, selected, rob_act)}
            </Show>
            <div class="table" class:robbing=move || rob.active.get() data-testid="table">{table}</div>
            <div class="hand-tools">
                <button class="button small" on:click=sort_suit data-testid="sort-suit">{move || app.t("ro.ui.sort_suit")}</button>
                <button class="button small" on:click=sort_rank data-testid="sort-rank">{move || app.t("ro.ui.sort_rank")}</button>
                <span class="hand-actions">{buttons}</span>
            </div>
            <div class="hand" data-testid="hand" data-drop="hand">{hand_view}</div>
            {end_panel}
            <details class="sheet-wrap">
                <summary>{move || app.t("ro.ui.sheet")}</summary>
                {sheet}
            </details>
        </div>
    }
    .into_any()
}
