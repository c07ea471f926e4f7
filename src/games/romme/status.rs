//! Who is who and what is asked: one opponent of the strip, the status line, the opening
//! progress, the decision buttons and the buying countdown.

use super::board::Board;
use crate::components::action_bar::{offer_buttons, ActionButton, Offer, UndoButton};
use crate::components::card::CardView;
use crate::i18n::common::{face_text, fill};
use engine::romme::{DiscardDraw, PhaseView, RommeAction};
use engine::{Face, Seat};
use leptos::prelude::*;

/// Seconds a lone human has to decide about buying the discard.
const CLAIM_SECONDS: u32 = 12;

/// One opponent: name, dealer mark, hand size, total and whether they opened — each number
/// with its word, on touch as well (no tooltips), and the same for screen readers.
pub(super) fn opponent(b: Board, s: Seat) -> impl IntoView {
    let v = b.view;
    let active = move || v.with(|v| v.to_move == Some(s));
    let dealer = move || {
        v.with(|v| v.dealer == s)
            .then(|| view! { <span class="badge dealer-badge">{b.t("ro.ui.dealer")}</span> })
    };
    let is_open = move || v.with(|v| v.opened.get(s).copied().unwrap_or(false));
    let opened =
        move || is_open().then(|| view! { <span class="badge">{b.t("ro.ui.opp_opened")}</span> });
    let cards = move || v.with(|v| v.hand_sizes.get(s).copied().unwrap_or(0));
    let total = move || v.with(|v| v.totals.get(s).copied().unwrap_or(0));
    let cards_word = move || fill(b.app.lang(), "count.cards", &[("n", cards().to_string())]);
    let said = move || {
        let lang = b.app.lang();
        let mut text = fill(
            lang,
            "ro.ui.opp_said",
            &[
                ("name", b.name(s)),
                ("cards", cards().to_string()),
                ("points", total().to_string()),
            ],
        );
        if is_open() {
            text.push_str(", ");
            text.push_str(&b.t("ro.ui.opp_opened"));
        }
        text
    };
    view! {
        <li class="opponent" class:active=active data-testid="opponent" aria-label=said>
            <span class="opp-name">{b.name(s)}</span>
            {dealer}
            <span class="opp-cards" aria-hidden="true"><CardView face={ let back: Option<Face> = None; back }/><b data-testid="opp-count">{cards}</b>" "<small>{cards_word}</small></span>
            <span class="opp-total" aria-hidden="true"><b>{total}</b>" "<small>{move || b.t("ro.ui.opp_points")}</small></span>
            {opened}
        </li>
    }
}

/// What the viewer is asked to do, or whom everybody waits for.
pub(super) fn status_text(b: Board) -> String {
    let lang = b.app.lang();
    if let Some(key) = b.ui.hint.get() {
        return b.t(key);
    }
    b.view.with(|v| {
        let mine = v.to_move == Some(v.seat);
        match &v.phase {
            PhaseView::Draw { seat } if mine && *seat == v.seat => b.t("ro.ui.your_draw"),
            PhaseView::Play { .. } if mine && !v.freed_jokers.is_empty() => {
                b.t("ro.ui.place_joker")
            }
            PhaseView::Play { .. }
                if mine
                    && v.must_place.is_some()
                    && v.options.draw_from_discard == DiscardDraw::IntoNewMeld =>
            {
                b.t("ro.ui.place_taken")
            }
            PhaseView::Play { .. } if mine => b.t("ro.ui.your_play"),
            PhaseView::Claim { claimant, .. } if *claimant == v.seat => {
                let card = v
                    .discard_top
                    .map(|c| face_text(c.face, lang))
                    .unwrap_or_default();
                fill(lang, "ro.ui.may_buy", &[("card", card)])
            }
            PhaseView::Claim { claimant, .. } => {
                fill(lang, "ro.ui.other_may_buy", &[("name", b.name(*claimant))])
            }
            PhaseView::MayDeclare { .. } if mine => b.t("ro.ui.may_declare"),
            PhaseView::DealOver { .. } => b.t("ro.ui.deal_over"),
            PhaseView::MatchOver => b.t("ro.ui.match_over"),
            _ => {
                let name = v.to_move.map(|s| b.name(s)).unwrap_or_default();
                fill(lang, "host.waiting", &[("name", name)])
            }
        }
    })
}

/// Opening points of the selection's melds this turn against the points needed.
pub(super) fn opening(b: Board) -> Option<impl IntoView> {
    let (points, needed, opened) = b.view.with(|v| {
        let opened = v.opened.get(v.seat).copied().unwrap_or(false);
        (v.opening_points, v.opening_needed, opened)
    });
    (needed > 0 && !opened).then(|| {
        view! {
            <span class="opening" class:ok={points >= needed} data-testid="opening">
                {b.t("ro.ui.opening")} " " {format!("{points} / {needed}")}
            </span>
        }
    })
}

/// The decisions offered now: drawing (stock or discard), discarding the selected card,
/// buying, declaring, and taking back the own turn's melds and lay-offs. Which are shown
/// comes from the legal actions only.
pub(super) fn action_buttons(b: Board, countdown: Countdown) -> impl IntoView {
    let offers: Vec<Offer<RommeAction>> = [
        ("ro.ui.draw", RommeAction::DrawTalon, "draw", true),
        (
            "ro.ui.take_discard",
            RommeAction::DrawDiscard,
            "take-discard",
            false,
        ),
        ("ro.ui.buy", RommeAction::Buy, "buy", true),
        ("ro.ui.pass_buy", RommeAction::PassBuy, "pass-buy", false),
        ("ro.ui.declare", RommeAction::DeclareRomme, "declare", true),
        ("ro.ui.decline", RommeAction::DeclineRomme, "decline", false),
    ]
    .into_iter()
    .filter(|(_, a, _, _)| b.has(a))
    .map(|(key, action, testid, primary)| Offer {
        label: b.t(key),
        testid,
        primary,
        action,
    })
    .collect();
    let act = Callback::new(move |a| b.do_act(a));
    let may_discard = b.any(|a| matches!(a, RommeAction::Discard { .. }));
    let discard = may_discard.then(|| {
        let one = Signal::derive(move || b.hand.selected.with(|s| s.len() == 1));
        view! {
            <ActionButton label=Signal::derive(move || b.t("ro.ui.discard")) testid="discard-button"
                primary=true disabled=Signal::derive(move || !one.get())
                on_click=Callback::new(move |_| b.discard_selected())/>
        }
    });
    let undo = Callback::new(move |_| {
        b.hand.clear();
        b.undo.run(())
    });
    // A discard taken that must be placed (Räuber-Rommé) goes back with the engine's
    // `UndoTurn` once nothing else of the turn is left to take back.
    let put_back = (b.has(&RommeAction::UndoTurn)
        && b.view.with(|v| v.must_place.is_some())
        && !b.can_undo.get())
    .then(|| {
        view! {
            <ActionButton label=Signal::derive(move || b.t("ro.ui.put_back")) testid="put-back"
                on_click=Callback::new(move |_| { b.hand.clear(); b.do_act(RommeAction::UndoTurn) })/>
        }
    });
    view! {
        {offer_buttons(offers, act)}
        {discard}
        {put_back}
        <UndoButton can_undo=b.can_undo undo=undo/>
        {move || countdown.view(b)}
    }
}

/// Buying: a visible countdown for a lone human (pausable); none in pass-and-play.
#[derive(Clone, Copy)]
pub(super) struct Countdown {
    left: RwSignal<Option<u32>>,
    paused: RwSignal<bool>,
}

impl Countdown {
    pub fn start(b: Board, pass_and_play: bool) -> Countdown {
        let c = Countdown {
            left: RwSignal::new(None),
            paused: RwSignal::new(false),
        };
        Effect::new(move |_| {
            let claim_mine = b.view.with(
                |v| matches!(v.phase, PhaseView::Claim { claimant, .. } if claimant == v.seat),
            ) && b.has(&RommeAction::PassBuy);
            if claim_mine && !pass_and_play {
                if c.left.get_untracked().is_none() {
                    c.paused.set(false);
                    c.left.set(Some(CLAIM_SECONDS));
                }
            } else if c.left.get_untracked().is_some() {
                c.left.set(None);
            }
        });
        if let Ok(handle) =
            set_interval_with_handle(move || c.tick(b), std::time::Duration::from_secs(1))
        {
            on_cleanup(move || handle.clear());
        }
        c
    }

    /// One second passed (the timer may fire after the board is gone).
    fn tick(&self, b: Board) {
        if self.paused.try_get_untracked() != Some(false) {
            return;
        }
        match self.left.try_get_untracked().flatten() {
            Some(n) if n <= 1 => {
                self.left.set(None);
                if b.legal
                    .try_with_untracked(|l| l.contains(&RommeAction::PassBuy))
                    == Some(true)
                {
                    b.act.run(RommeAction::PassBuy);
                }
            }
            Some(n) => self.left.set(Some(n - 1)),
            None => {}
        }
    }

    fn view(&self, b: Board) -> Option<impl IntoView> {
        let n = self.left.get()?;
        let paused = self.paused;
        let label = Signal::derive(move || {
            b.t(if paused.get() {
                "ro.ui.resume"
            } else {
                "ro.ui.pause"
            })
        });
        Some(view! {
            <span class="countdown" data-testid="claim-countdown">{format!("{n} s")}</span>
            <ActionButton label=label testid="claim-pause" small=true
                on_click=Callback::new(move |_| paused.update(|p| *p = !*p))/>
        })
    }
}
