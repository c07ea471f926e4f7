//! The Abluxxen board. It knows no rules: it shows the seat's view, offers what the legal
//! actions contain, previews whom a play would luxx (the engine's `would_luxx`), and sends
//! actions through `props.act` (the host explains rejections).

use super::texts::{lux_faces, value_text};
use crate::app::use_app;
use crate::components::card::CardView;
use crate::components::drag::{start_drag, DragSpec};
use crate::components::score_sheet::{ScoreSheetView, SheetCell, SheetRow};
use crate::games::common::{fill, name};
use crate::play::ui_game::BoardProps;
use crate::routes::Route;
use engine::abluxxen::{
    card_value, Abluxxen, AbluxxenAction, AbluxxenEvent, AbluxxenView, DrawReason, LuxxPreview,
    Pending,
};
use engine::{Card, CardId, Face, Seat};
use leptos::prelude::*;
use std::rc::Rc;
use std::sync::Arc;

/// The drop target value of one's own display.
const MY_DISPLAY: &str = "my-display";

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

fn face_of(c: &Card) -> Face {
    c.face
}

/// A row of small cards.
fn card_row(cards: Vec<Card>, class: &'static str) -> impl IntoView {
    view! {
        <span class=class>
            {cards.into_iter().map(|c| view! { <CardView face=Some(face_of(&c))/> }).collect_view()}
        </span>
    }
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

pub fn board(props: BoardProps<Abluxxen>) -> AnyView {
    let app = use_app();
    let t = move |k: &str| app.t(k);
    let v = props.view;
    let legal = props.legal;
    let act = props.act;
    let proceed = props.proceed;
    let names: Arc<Vec<String>> = props.names.clone();
    let names_sv = StoredValue::new(names.clone());
    let nm = move |s: Seat| names_sv.with_value(|n| name(n, s));
    let err = props.error;

    let selected = RwSignal::new(Vec::<CardId>::new());
    // Keep only cards still in hand (after a play, a luxx or a change of viewer).
    Effect::new(move |_| {
        let hand: Vec<CardId> = v.with(|v| v.hand.iter().map(|c| c.id).collect());
        if selected.with_untracked(|s| s.iter().any(|id| !hand.contains(id))) {
            selected.update(|s| s.retain(|id| hand.contains(id)));
        }
    });
    let preview = Memo::new(move |_| {
        let sel = selected.get();
        v.with(|v| {
            if sel.is_empty() {
                LuxxPreview::default()
            } else {
                v.would_luxx(&sel)
            }
        })
    });
    let my_play = move || v.with(|v| matches!(v.pending, Pending::Play { seat } if seat == v.seat));
    let can_play = move || {
        let sel = selected.get();
        legal.with(|l| v.with(|v| play_is_legal(v, l, &sel)))
    };
    // Plays the selection; an illegal one is still sent so the host explains it.
    let try_play = move || -> bool {
        let cards = selected.get_untracked();
        if cards.is_empty() {
            err.set(Some(t("ab.err.select_first")));
            return false;
        }
        let ok = legal.with_untracked(|l| v.with_untracked(|v| play_is_legal(v, l, &cards)));
        act.run(AbluxxenAction::Play { cards });
        if ok {
            selected.set(Vec::new());
        }
        ok
    };
    let has = move |a: AbluxxenAction| legal.with(|l| l.contains(&a));
    let profi = move || v.with(|v| v.options.profiduell);
    // Results already acknowledged (a round-end notice shows for newer ones).
    let results_seen = RwSignal::new(v.with_untracked(|v| v.results.len()));

    // ---- status line ------------------------------------------------------------------
    let status = move || {
        v.with(|v| {
            let round = fill(
                app.lang(),
                "ab.round",
                &[
                    ("round", v.round.to_string()),
                    ("rounds", v.rounds.to_string()),
                ],
            );
            let pile = fill(
                app.lang(),
                "ab.pile_count",
                &[("n", v.pile_count.to_string())],
            );
            let discard = fill(
                app.lang(),
                "ab.discard_count",
                &[("n", v.discard_count.to_string())],
            );
            view! {
                <span class="badge">{round}</span>
                <span class="badge" data-testid="pile-count">{pile}</span>
                <span class="badge">{discard}</span>
            }
        })
    };

    // ---- one player's display, drawn as a stack -------------------------------------------
    let player_panel = move |seat: Seat, mine: bool| {
        let info = move || v.with(|v| v.players.get(seat).cloned());
        let would = move || preview.with(|p| p.victims.contains(&seat));
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
        view! {
            <div class="ab-player" class:mine=mine class:would-luxx=would class:deciding=deciding class:active=active
                class:luxxed=luxxed class:recent=recent
                data-testid=if mine { "my-display" } else { "player" } data-seat=seat
                data-drop=mine.then_some(MY_DISPLAY)
                data-open-count=move || info().and_then(|p| p.display.last().map(|g| g.cards.len())).unwrap_or(0)
                data-open-value=move || info().and_then(|p| p.display.last().map(|g| g.value)).unwrap_or(0)
                on:click=move |_| {
                    if mine && !selected.with_untracked(|s| s.is_empty()) && my_play() {
                        try_play();
                    }
                }>
                <div class="ab-player-head">
                    <span class="ab-name">{move || nm(seat)}</span>
                    <span class="ab-counts">
                        <span class="ab-hand-count" title=move || t("ab.hand_cards")>
                            <svg class="ab-icon" viewBox="0 0 10 14" aria-hidden="true"><rect x="0.75" y="0.75" width="8.5" height="12.5" rx="1.5"/></svg>
                            {move || info().map(|p| p.hand_count.to_string()).unwrap_or_default()}
                        </span>
                        <span class="ab-display-count" title=move || t("ab.display_cards")>
                            {move || info().map(|p| format!("▤ {}", p.display_count)).unwrap_or_default()}
                        </span>
                        <span class="ab-total" title=move || t("ab.total")>
                            {move || info().map(|p| format!("Σ {}", p.total)).unwrap_or_default()}
                        </span>
                    </span>
                </div>
                <div class="ab-stack">
                    {move || {
                        let p = info()?;
                        let n = p.display.len();
                        let below: Vec<_> = p.display.iter().take(n.saturating_sub(1)).map(|g| (g.value, g.cards.len())).collect();
                        let skip = below.len().saturating_sub(5);
                        Some(view! {
                            <span class="ab-below" title=move || t("ab.below")>
                                {(skip > 0).then(|| view! { <span class="ab-chip more">{format!("+{skip}")}</span> })}
                                {below.into_iter().skip(skip).map(|(val, k)| view! {
                                    <span class="ab-chip" data-value=val>{format!("{k}×{}", value_text(val))}</span>
                                }).collect_view()}
                            </span>
                        })
                    }}
                    <span class="ab-open" data-testid="open-group">
                        {move || match info().and_then(|p| p.display.last().cloned()) {
                            Some(g) => card_row(g.cards, "ab-cards").into_any(),
                            None => view! { <span class="ab-empty">{move || t(if mine { "ab.drop_here" } else { "ab.no_group" })}</span> }.into_any(),
                        }}
                    </span>
                </div>
                <Show when=would>
                    <span class="ab-luxx-mark" data-testid="luxx-mark">{move || t("ab.would_luxx")}</span>
                </Show>
            </div>
        }
    };

    // ---- the shadow (Profiduell) ---------------------------------------------------------
    let shadow = move || {
        let groups: Vec<(u8, Vec<Card>)> = v.with(|v| {
            let mut g: Vec<(u8, Vec<Card>)> = Vec::new();
            let mut cards = v.shadow.clone();
            cards.sort_by_key(|c| (card_value(c), c.id.0));
            for c in cards {
                let val = card_value(&c);
                match g.last_mut() {
                    Some((w, list)) if *w == val => list.push(c),
                    _ => g.push((val, vec![c])),
                }
            }
            g
        });
        let choices: Vec<u8> = v.with(|v| match &v.pending {
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
                let would = move || preview.with(|p| p.shadow_options.contains(&val));
                view! {
                    <button class="ab-shadow-group" data-testid="shadow-group" data-value=val data-count=count
                        class:choice=choice class:would-luxx=would disabled=!choice
                        on:click=move |_| act.run(AbluxxenAction::LuxxShadow { value: val })>
                        {card_row(cards, "ab-cards")}
                    </button>
                }
            })
            .collect_view()
    };

    // ---- supply and draw pile ----------------------------------------------------------------
    let supply = move || {
        let slots = v.with(|v| v.supply.clone());
        slots
            .into_iter()
            .enumerate()
            .map(|(i, cards)| {
                let can = move || has(AbluxxenAction::DrawFromSupply { slot: i });
                let pair = cards.len() > 1;
                let empty = cards.is_empty();
                view! {
                    <button class="ab-slot" data-testid="supply-slot" data-slot=i class:pair=pair class:empty=empty
                        class:can-draw=can disabled=move || !can()
                        on:click=move |_| act.run(AbluxxenAction::DrawFromSupply { slot: i })>
                        {card_row(cards, "ab-cards")}
                    </button>
                }
            })
            .collect_view()
    };
    let pile_can = move || has(AbluxxenAction::DrawFromPile);

    // ---- the decision of the moment ---------------------------------------------------------
    let dialog = move || {
        let (pending, mine) = v.with(|v| (v.pending.clone(), v.my_decision()));
        let lang = app.lang();
        if !mine {
            let Some(who) = pending.seat() else {
                return ().into_any();
            };
            let key = match pending {
                Pending::LuxxDecision { .. } => "ab.wait.luxx",
                Pending::VictimDecision { .. } => "ab.wait.victim",
                Pending::Draw { .. } => "ab.wait.draw",
                Pending::ShadowChoice { .. } => "ab.wait.shadow",
                _ => "ab.wait.play",
            };
            return view! { <p class="ab-wait" data-testid="waiting">{fill(lang, key, &[("name", nm(who))])}</p> }.into_any();
        }
        match pending {
            Pending::Play { .. } => view! {
                <p class="ab-prompt" data-testid="prompt-play">{t("ab.prompt.play")}</p>
            }
            .into_any(),
            Pending::ShadowChoice { count, options, .. } => view! {
                <p class="ab-prompt">{fill(lang, "ab.prompt.shadow", &[("n", count.to_string())])}</p>
                <div class="ab-buttons">
                    {options.into_iter().map(|o| {
                        let val = o.value;
                        view! {
                            <button class="button primary" data-testid="shadow-option" data-value=val
                                on:click=move |_| act.run(AbluxxenAction::LuxxShadow { value: val })>
                                {lux_faces(&o.cards.iter().map(face_of).collect::<Vec<_>>(), lang)}
                            </button>
                        }
                    }).collect_view()}
                </div>
            }
            .into_any(),
            Pending::LuxxDecision { victim, cards, .. } => {
                let n = cards.len();
                view! {
                    <p class="ab-prompt">{fill(lang, "ab.prompt.luxx", &[("name", nm(victim)), ("n", n.to_string())])}</p>
                    {card_row(cards, "ab-cards ab-dialog-cards")}
                    <div class="ab-buttons">
                        <button class="button primary" data-testid="take-luxxed" on:click=move |_| act.run(AbluxxenAction::TakeLuxxed)>{t("ab.take_luxxed")}</button>
                        <button class="button" data-testid="leave-luxxed" on:click=move |_| act.run(AbluxxenAction::LeaveLuxxed)>{t("ab.leave_luxxed")}</button>
                    </div>
                }
                .into_any()
            }
            Pending::VictimDecision { by, cards, .. } => {
                let n = cards.len();
                view! {
                    <p class="ab-prompt">{fill(lang, "ab.prompt.victim", &[("name", nm(by)), ("n", n.to_string())])}</p>
                    {card_row(cards, "ab-cards ab-dialog-cards")}
                    <div class="ab-buttons">
                        <button class="button primary" data-testid="take-back" on:click=move |_| act.run(AbluxxenAction::TakeBack)>{t("ab.take_back")}</button>
                        <button class="button" data-testid="discard-draw" on:click=move |_| act.run(AbluxxenAction::DiscardAndDraw)>
                            {fill(lang, "ab.discard_draw", &[("n", n.to_string())])}
                        </button>
                    </div>
                }
                .into_any()
            }
            Pending::Draw { remaining, reason, can_pass, .. } => {
                let key = match reason {
                    DrawReason::Luxxed => "ab.prompt.draw",
                    DrawReason::NoLuxx => "ab.prompt.draw_optional",
                };
                view! {
                    <p class="ab-prompt" data-testid="prompt-draw">{fill(lang, key, &[("n", remaining.to_string())])}</p>
                    {can_pass.then(|| view! {
                        <div class="ab-buttons">
                            <button class="button" data-testid="pass" on:click=move |_| act.run(AbluxxenAction::Pass)>{t("ab.pass")}</button>
                        </div>
                    })}
                }
                .into_any()
            }
            Pending::MatchOver => ().into_any(),
        }
    };

    // ---- preview of the selected play ----------------------------------------------------------
    let preview_text = move || {
        let p = preview.get();
        let lang = app.lang();
        if selected.with(|s| s.is_empty()) {
            return t("ab.preview.none");
        }
        if !p.valid {
            return t("ab.preview.invalid");
        }
        if p.last_cards {
            return t("ab.preview.last");
        }
        let mut who: Vec<String> = p.victims.iter().map(|s| nm(*s)).collect();
        if !p.shadow_options.is_empty() {
            let vals = p
                .shadow_options
                .iter()
                .map(|v| value_text(*v))
                .collect::<Vec<_>>()
                .join("/");
            who.push(fill(lang, "ab.preview.shadow", &[("values", vals)]));
        }
        let group = fill(
            lang,
            "ab.preview.group",
            &[("n", p.count.to_string()), ("value", value_text(p.value))],
        );
        if who.is_empty() {
            format!("{group} – {}", t("ab.preview.nobody"))
        } else {
            format!(
                "{group} – {}",
                fill(lang, "ab.preview.luxxes", &[("names", who.join(", "))])
            )
        }
    };

    // ---- the own hand ------------------------------------------------------------------------
    let hand_items = move || v.with(|v| v.hand.clone());
    let hand_view = view! {
        <For each=hand_items key=|c: &Card| c.id let:card>
            {
                let id = card.id;
                let val = card_value(&card);
                let is_sel = move || selected.with(|s| s.contains(&id));
                view! {
                    <button class="ab-hand-card" data-testid="hand-card" data-card=id.0 data-value=val
                        class:selected=is_sel aria-pressed=move || is_sel().to_string()
                        on:click=move |_| v.with_untracked(|v| toggle(selected, &v.hand, id))
                        on:pointerdown=move |ev| {
                            if !my_play() {
                                return;
                            }
                            let in_sel = selected.with_untracked(|s| s.contains(&id));
                            let spec = DragSpec {
                                ghost_from: in_sel.then(|| ".ab-hand-card.selected".to_string()),
                                on_start: (!in_sel).then(|| Rc::new(move || selected.set(vec![id])) as Rc<dyn Fn()>),
                            };
                            start_drag(&ev, spec, move |target| target == MY_DISPLAY && try_play());
                        }>
                        <CardView face=Some(card.face)/>
                    </button>
                }
            }
        </For>
    };

    // ---- score sheet and end screen --------------------------------------------------------------
    let score_sheet = move || {
        let (results, seats) = v.with(|v| (v.results.clone(), v.seats));
        let lang = app.lang();
        let mut running = vec![0i32; seats];
        let rows: Vec<SheetRow> = results
            .into_iter()
            .map(|r| SheetRow {
                label: fill(lang, "ab.sheet.row", &[("round", r.round.to_string())]),
                cells: (0..seats)
                    .map(|s| {
                        let points = r.scores.get(s).copied().unwrap_or(0);
                        running[s] += points;
                        SheetCell {
                            points,
                            total: running[s],
                            details: vec![fill(
                                lang,
                                "ab.round_end.detail",
                                &[
                                    (
                                        "display",
                                        r.display_counts.get(s).copied().unwrap_or(0).to_string(),
                                    ),
                                    (
                                        "hand",
                                        r.hand_counts.get(s).copied().unwrap_or(0).to_string(),
                                    ),
                                ],
                            )],
                            winner: r.places.get(s) == Some(&1),
                            dealer: false,
                        }
                    })
                    .collect(),
            })
            .collect();
        let all: Vec<String> = (0..seats).map(nm).collect();
        view! { <ScoreSheetView names=all rows=rows title=t("ab.score_sheet")/> }
    };
    let over = move || v.with(|v| matches!(v.pending, Pending::MatchOver));
    let end_screen = move || {
        let (standings, results, profiduell) = v.with(|v| {
            let mut st = v.standings.clone();
            st.sort_by_key(|s| (s.place, s.seat));
            (st, v.results.clone(), v.options.profiduell)
        });
        let lang = app.lang();
        let hand_sum = |seat: Seat| -> usize {
            results
                .iter()
                .map(|r| r.hand_counts.get(seat).copied().unwrap_or(0))
                .sum()
        };
        // A tie on points decided by hand cards is worth saying.
        let tie_note = standings
            .windows(2)
            .any(|w| w[0].score == w[1].score && w[0].place != w[1].place);
        let winners: Vec<String> = standings
            .iter()
            .filter(|s| s.place == 1)
            .map(|s| nm(s.seat))
            .collect();
        let variant = if profiduell { "profiduell" } else { "abluxxen" };
        view! {
            <section class="ab-end panel" data-testid="end-screen">
                <h2>{fill(lang, "ab.end.title", &[("names", winners.join(", "))])}</h2>
                <ol class="ab-standings">
                    {standings.iter().map(|s| {
                        let hs = hand_sum(s.seat);
                        view! {
                            <li class:winner=s.place == 1 data-testid="standing">
                                <span class="ab-place">{format!("{}.", s.place)}</span>
                                <span class="ab-name">{nm(s.seat)}</span>
                                <span class="ab-points">{fill(lang, "ab.end.points", &[("n", s.score.to_string())])}</span>
                                <span class="ab-tiebreak">{fill(lang, "ab.end.hand", &[("n", hs.to_string())])}</span>
                            </li>
                        }
                    }).collect_view()}
                </ol>
                <p class="hint">{t(if tie_note { "ab.end.tie_used" } else { "ab.end.tie_rule" })}</p>
                {score_sheet()}
                <div class="ab-buttons">
                    <button class="button primary" data-testid="home" on:click=move |_| app.go(Route::Home)>{t("ab.end.home")}</button>
                    <button class="button" data-testid="play-again" on:click=move |_| app.go(Route::Setup(variant.to_string()))>{t("ab.end.again")}</button>
                </div>
            </section>
        }
    };
    let round_end = move || {
        let (n, last, rounds) = v.with(|v| (v.results.len(), v.results.last().cloned(), v.rounds));
        let r = last?;
        if over() || n <= results_seen.get() {
            return None;
        }
        let lang = app.lang();
        let mut order: Vec<usize> = (0..r.scores.len()).collect();
        order.sort_by_key(|s| (r.places.get(*s).copied().unwrap_or(99), *s));
        Some(view! {
            <section class="ab-round-end panel" data-testid="round-end">
                <h2>{fill(lang, "ab.round_end.title", &[("round", r.round.to_string()), ("rounds", rounds.to_string())])}</h2>
                <ol class="ab-standings">
                    {order.into_iter().map(|s| view! {
                        <li>
                            <span class="ab-name">{nm(s)}</span>
                            <span class="ab-points">{format!("{:+}", r.scores[s])}</span>
                            <span class="ab-tiebreak">{fill(lang, "ab.round_end.detail", &[
                                ("display", r.display_counts.get(s).copied().unwrap_or(0).to_string()),
                                ("hand", r.hand_counts.get(s).copied().unwrap_or(0).to_string()),
                            ])}</span>
                        </li>
                    }).collect_view()}
                </ol>
                <button class="button primary" data-testid="next-round" on:click=move |_| { results_seen.set(n); proceed.run(()); }>
                    {fill(lang, "ab.round_end.next", &[("round", (r.round + 1).to_string())])}
                </button>
            </section>
        })
    };

    let pending_kind = move || {
        v.with(|v| match v.pending {
            Pending::Play { .. } => "play",
            Pending::ShadowChoice { .. } => "shadow",
            Pending::LuxxDecision { .. } => "luxx",
            Pending::VictimDecision { .. } => "victim",
            Pending::Draw { .. } => "draw",
            Pending::MatchOver => "over",
        })
    };
    let opponents = move || {
        let (me, n) = v.with(|v| (v.seat, v.seats));
        (1..n)
            .map(|i| player_panel((me + i) % n, false))
            .collect_view()
    };
    let me_panel = move || player_panel(v.with(|v| v.seat), true);

    view! {
        <div class="ab-board" class:profi=profi class:over=over data-testid="ab-board"
            data-pending=pending_kind data-mine=move || v.with(|v| v.my_decision()).to_string()>
            <div class="ab-status">{status}</div>
            <Show when=over>{end_screen}</Show>
            {round_end}
            <div class="ab-opponents">{opponents}</div>
            <Show when=profi>
                <div class="ab-shadow" data-testid="shadow" aria-label=move || t("ab.shadow")>
                    <span class="ab-label">{move || t("ab.shadow")}</span>
                    <div class="ab-shadow-groups">{shadow}</div>
                </div>
            </Show>
            <div class="ab-center">
                <span class="ab-label">{move || t("ab.supply")}</span>
                <div class="ab-supply" data-testid="supply">
                    {supply}
                    <button class="ab-pile" data-testid="draw-pile" class:can-draw=pile_can disabled=move || !pile_can()
                        on:click=move |_| act.run(AbluxxenAction::DrawFromPile)>
                        <CardView face={ let back: Option<Face> = None; back }/>
                        <span class="ab-pile-count">{move || v.with(|v| v.pile_count)}</span>
                    </button>
                </div>
            </div>
            <div class="ab-dialog" data-testid="dialog" class:mine=move || v.with(|v| v.my_decision())>{dialog}</div>
            <div class="ab-me">{me_panel}</div>
            <div class="ab-hand" data-testid="hand" class:my-turn=my_play>{hand_view}</div>
            <div class="ab-actions">
                <button class="button primary" data-testid="play" disabled=move || !can_play() on:click=move |_| { try_play(); }>
                    {move || t("ab.play")}
                </button>
                <button class="button small" data-testid="clear" disabled=move || selected.with(|s| s.is_empty())
                    on:click=move |_| selected.set(Vec::new())>{move || t("ab.clear")}</button>
                <span class="ab-preview" data-testid="preview">{preview_text}</span>
            </div>
            <Show when=move || v.with(|v| !v.results.is_empty()) && !over()>
                <details class="ab-sheet">
                    <summary>{move || t("ab.score_sheet")}</summary>
                    {score_sheet}
                </details>
            </Show>
        </div>
    }
    .into_any()
}
