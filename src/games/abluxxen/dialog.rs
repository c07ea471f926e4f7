//! The decision of the moment (or whom everybody waits for), and the preview of the
//! selected play.

use super::board::Board;
use super::texts::{lux_faces, value_text};
use crate::components::action_bar::{offer_buttons, Offer};
use crate::components::piles::card_row;
use crate::i18n::common::fill;
use engine::abluxxen::{AbluxxenAction, DrawReason, Pending, ShadowOption};
use engine::Card;
use leptos::prelude::*;

/// Whom everybody waits for, and for what.
fn waiting(b: Board, pending: &Pending) -> AnyView {
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
    let text = fill(b.app.lang(), key, &[("name", b.name(who))]);
    view! { <p class="ab-wait" data-testid="waiting">{text}</p> }.into_any()
}

/// A prompt about luxxed cards with its two answers.
fn cards_decision(
    b: Board,
    prompt: String,
    cards: Vec<Card>,
    offers: Vec<Offer<AbluxxenAction>>,
) -> AnyView {
    view! {
        <p class="ab-prompt">{prompt}</p>
        {card_row(cards, "ab-cards ab-dialog-cards")}
        <div class="ab-buttons">{offer_buttons(offers, b.act)}</div>
    }
    .into_any()
}

fn offer(
    label: String,
    testid: &'static str,
    primary: bool,
    action: AbluxxenAction,
) -> Offer<AbluxxenAction> {
    Offer {
        label,
        testid,
        primary,
        action,
    }
}

fn shadow_choice(b: Board, count: u8, options: Vec<ShadowOption>) -> AnyView {
    let lang = b.app.lang();
    let buttons = options
        .into_iter()
        .map(|o| {
            let val = o.value;
            let faces: Vec<_> = o.cards.iter().map(|c| c.face).collect();
            view! {
                <button class="button primary" data-testid="shadow-option" data-value=val
                    on:click=move |_| b.act.run(AbluxxenAction::LuxxShadow { value: val })>
                    {lux_faces(&faces, lang)}
                </button>
            }
        })
        .collect_view();
    view! {
        <p class="ab-prompt">{fill(lang, "ab.prompt.shadow", &[("n", count.to_string())])}</p>
        <div class="ab-buttons">{buttons}</div>
    }
    .into_any()
}

/// The viewer's decision now, or whom everybody waits for.
pub(super) fn dialog(b: Board) -> AnyView {
    let (pending, mine) = b.view.with(|v| (v.pending.clone(), v.my_decision()));
    let lang = b.app.lang();
    if !mine {
        return waiting(b, &pending);
    }
    match pending {
        Pending::Play { .. } => {
            view! { <p class="ab-prompt" data-testid="prompt-play">{b.t("ab.prompt.play")}</p> }
                .into_any()
        }
        Pending::ShadowChoice { count, options, .. } => shadow_choice(b, count, options),
        Pending::LuxxDecision { victim, cards, .. } => {
            let args = [("name", b.name(victim)), ("n", cards.len().to_string())];
            let offers = vec![
                offer(
                    b.t("ab.take_luxxed"),
                    "take-luxxed",
                    true,
                    AbluxxenAction::TakeLuxxed,
                ),
                offer(
                    b.t("ab.leave_luxxed"),
                    "leave-luxxed",
                    false,
                    AbluxxenAction::LeaveLuxxed,
                ),
            ];
            cards_decision(b, fill(lang, "ab.prompt.luxx", &args), cards, offers)
        }
        Pending::VictimDecision { by, cards, .. } => {
            let n = [("n", cards.len().to_string())];
            let args = [("name", b.name(by)), n[0].clone()];
            let offers = vec![
                offer(
                    b.t("ab.take_back"),
                    "take-back",
                    true,
                    AbluxxenAction::TakeBack,
                ),
                offer(
                    fill(lang, "ab.discard_draw", &n),
                    "discard-draw",
                    false,
                    AbluxxenAction::DiscardAndDraw,
                ),
            ];
            cards_decision(b, fill(lang, "ab.prompt.victim", &args), cards, offers)
        }
        Pending::Draw {
            remaining,
            reason,
            can_pass,
            ..
        } => {
            let key = match reason {
                DrawReason::Luxxed => "ab.prompt.draw",
                DrawReason::NoLuxx => "ab.prompt.draw_optional",
            };
            let pass =
                can_pass.then(|| vec![offer(b.t("ab.pass"), "pass", false, AbluxxenAction::Pass)]);
            view! {
                <p class="ab-prompt" data-testid="prompt-draw">{fill(lang, key, &[("n", remaining.to_string())])}</p>
                {pass.map(|o| view! { <div class="ab-buttons">{offer_buttons(o, b.act)}</div> })}
            }
            .into_any()
        }
        Pending::MatchOver => ().into_any(),
    }
}

/// What a play of the selection would do, in words.
pub(super) fn preview_text(b: Board) -> String {
    let p = b.preview.get();
    let lang = b.app.lang();
    if b.hand.selected.with(|s| s.is_empty()) {
        return b.t("ab.preview.none");
    }
    if !p.valid {
        return b.t("ab.preview.invalid");
    }
    if p.last_cards {
        return b.t("ab.preview.last");
    }
    let mut who: Vec<String> = p.victims.iter().map(|s| b.name(*s)).collect();
    if !p.shadow_options.is_empty() {
        let vals: Vec<String> = p.shadow_options.iter().map(|v| value_text(*v)).collect();
        who.push(fill(
            lang,
            "ab.preview.shadow",
            &[("values", vals.join("/"))],
        ));
    }
    let group = fill(
        lang,
        "ab.preview.group",
        &[("n", p.count.to_string()), ("value", value_text(p.value))],
    );
    if who.is_empty() {
        format!("{group} – {}", b.t("ab.preview.nobody"))
    } else {
        let names = who.join(", ");
        format!(
            "{group} – {}",
            fill(lang, "ab.preview.luxxes", &[("names", names)])
        )
    }
}
