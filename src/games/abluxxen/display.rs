//! The table of Abluxxen: every player's display drawn as a stack (the open group on top),
//! the shadow of the Profiduell, the supply and the draw pile.

use super::board::{Board, MY_DISPLAY};
use super::texts::value_text;
use crate::components::opponents::SeatCount;
use crate::components::piles::{card_row, Pile, PileLook, PileTop};
use engine::abluxxen::{card_value, AbluxxenAction, AbluxxenEvent, Pending};
use engine::{Card, Seat};
use leptos::prelude::*;

const DRAW_PILE: PileLook = PileLook {
    class: "ab-pile",
    testid: "draw-pile",
    count_class: "ab-pile-count",
    drop: None,
};

/// Counts in a player's head, each with its word: hand cards, display cards, total.
fn player_counts(b: Board, seat: Seat) -> impl IntoView {
    let info = move |f: fn(&engine::abluxxen::PlayerView) -> i64| {
        Signal::derive(move || {
            b.view
                .with(|v| v.players.get(seat).map(f).unwrap_or_default())
        })
    };
    view! {
        <span class="ab-counts">
            <SeatCount key="count.cards" n=info(|p| p.hand_count as i64) class="ab-hand-count"/>
            <SeatCount key="count.displayed" n=info(|p| p.display_count as i64) class="ab-display-count"/>
            <SeatCount key="count.points" n=info(|p| p.total as i64) class="ab-total"/>
        </span>
    }
}

/// The display as a stack: chips for the covered groups, the open group as cards.
fn player_stack(b: Board, seat: Seat, mine: bool) -> impl IntoView {
    let below = move || {
        let below: Vec<(u8, usize)> = b.view.with(|v| {
            let d = v
                .players
                .get(seat)
                .map(|p| p.display.as_slice())
                .unwrap_or_default();
            let n = d.len().saturating_sub(1);
            d[..n].iter().map(|g| (g.value, g.cards.len())).collect()
        });
        b.view.with(|v| v.players.get(seat).is_some()).then(|| {
            let skip = below.len().saturating_sub(5);
            view! {
                <span class="ab-below" title=move || b.t("ab.below")>
                    {(skip > 0).then(|| view! { <span class="ab-chip more">{format!("+{skip}")}</span> })}
                    {below.into_iter().skip(skip).map(|(val, k)| view! {
                        <span class="ab-chip" data-value=val>{format!("{k}×{}", value_text(val))}</span>
                    }).collect_view()}
                </span>
            }
        })
    };
    let open = move || {
        match b.view.with(|v| v.players.get(seat).and_then(|p| p.display.last().cloned())) {
        Some(g) => card_row(g.cards, "ab-cards").into_any(),
        None => view! { <span class="ab-empty">{move || b.t(if mine { "ab.drop_here" } else { "ab.no_group" })}</span> }.into_any(),
    }
    };
    view! {
        <div class="ab-stack">
            {below}
            <span class="ab-open" data-testid="open-group">{open}</span>
        </div>
    }
}

/// One player's display with its marks: would be luxxed, deciding, turn owner, being luxxed,
/// laid last.
pub(super) fn player_panel(b: Board, seat: Seat, mine: bool) -> impl IntoView {
    let v = b.view;
    let would = move || b.preview.with(|p| p.victims.contains(&seat));
    let deciding = move || v.with(|v| v.to_move == Some(seat));
    let active = move || v.with(|v| v.active == seat);
    // The group being luxxed right now (its owner or the turn owner decides).
    let luxxed = move || {
        v.with(|v| match v.pending {
            Pending::LuxxDecision { victim, .. } => victim == seat,
            Pending::VictimDecision { seat: victim, .. } => victim == seat,
            _ => false,
        })
    };
    // The group another player laid last (this turn's play).
    let recent = move || {
        v.with(|v| {
            seat != v.seat
                && v.last_events.iter().rev().find_map(|e| match e {
                    AbluxxenEvent::Played { seat: s, .. } => Some(*s),
                    _ => None,
                }) == Some(seat)
        })
    };
    let open = move |f: fn(&engine::abluxxen::Group) -> usize| {
        move || {
            v.with(|v| {
                v.players
                    .get(seat)
                    .and_then(|p| p.display.last().map(f))
                    .unwrap_or(0)
            })
        }
    };
    view! {
        <div class="ab-player" class:mine=mine class:would-luxx=would class:deciding=deciding class:active=active
            class:luxxed=luxxed class:recent=recent
            data-testid=if mine { "my-display" } else { "player" } data-seat=seat
            data-drop=mine.then_some(MY_DISPLAY)
            data-open-count=open(|g| g.cards.len())
            data-open-value=open(|g| g.value as usize)
            on:click=move |_| {
                if mine && !b.hand.selected.with_untracked(|s| s.is_empty()) && b.my_play.get_untracked() {
                    b.try_play();
                }
            }>
            <div class="ab-player-head">
                <span class="ab-name">{b.name(seat)}</span>
                {player_counts(b, seat)}
            </div>
            {player_stack(b, seat, mine)}
            <Show when=would>
                <span class="ab-luxx-mark" data-testid="luxx-mark">{move || b.t("ab.would_luxx")}</span>
            </Show>
        </div>
    }
}

/// The shadow's cards grouped by value (ascending).
fn shadow_groups(shadow: &[Card]) -> Vec<(u8, Vec<Card>)> {
    let mut g: Vec<(u8, Vec<Card>)> = Vec::new();
    let mut cards = shadow.to_vec();
    engine::sort::sort_by_key(&mut cards, |c| (card_value(c), c.id.0));
    for c in cards {
        let val = card_value(&c);
        match g.last_mut() {
            Some((w, list)) if *w == val => list.push(c),
            _ => g.push((val, vec![c])),
        }
    }
    g
}

/// The shadow (Profiduell): its groups, the ones to choose from enabled.
pub(super) fn shadow(b: Board) -> impl IntoView {
    let groups = b.view.with(|v| shadow_groups(&v.shadow));
    let choices: Vec<u8> = b.view.with(|v| match &v.pending {
        Pending::ShadowChoice { seat, options, .. } if *seat == v.seat => {
            options.iter().map(|o| o.value).collect()
        }
        _ => Vec::new(),
    });
    groups
        .into_iter()
        .map(|(val, cards)| {
            let choice = choices.contains(&val);
            let count = cards.len();
            let would = move || b.preview.with(|p| p.shadow_options.contains(&val));
            view! {
                <button class="ab-shadow-group" data-testid="shadow-group" data-value=val data-count=count
                    class:choice=choice class:would-luxx=would disabled=!choice
                    on:click=move |_| b.act.run(AbluxxenAction::LuxxShadow { value: val })>
                    {card_row(cards, "ab-cards")}
                </button>
            }
        })
        .collect_view()
}

/// The supply slots, then the draw pile.
pub(super) fn center(b: Board) -> impl IntoView {
    let supply = move || {
        let slots = b.view.with(|v| v.supply.clone());
        slots
            .into_iter()
            .enumerate()
            .map(|(i, cards)| {
                let draw = AbluxxenAction::DrawFromSupply { slot: i };
                let can = move || b.has(&AbluxxenAction::DrawFromSupply { slot: i });
                let (pair, empty) = (cards.len() > 1, cards.is_empty());
                view! {
                    <button class="ab-slot" data-testid="supply-slot" data-slot=i class:pair=pair
                        class:empty=empty class:can-draw=can disabled=move || !can()
                        on:click=move |_| b.act.run(draw.clone())>
                        {card_row(cards, "ab-cards")}
                    </button>
                }
            })
            .collect_view()
    };
    view! {
        <div class="ab-center">
            <span class="ab-label">{move || b.t("ab.supply")}</span>
            <div class="ab-supply" data-testid="supply">
                {supply}
                <Pile look=DRAW_PILE top=PileTop::Back disable=true
                    count=Signal::derive(move || b.view.with(|v| v.pile_count))
                    can_draw=Signal::derive(move || b.has(&AbluxxenAction::DrawFromPile))
                    on_click=b.run(AbluxxenAction::DrawFromPile)/>
            </div>
        </div>
    }
}
