//! The panel shown at the end of a deal, a round or the match, shared by every game: a
//! title over the game's summary (standings, hands, score sheet) and its buttons.

use crate::ctx::{use_app, DealAgain, NextLevelOffer, Watching};
use crate::i18n::common::{fill, kind_key};
use crate::i18n::tr;
use crate::routes::Route;
use engine::{BotLevel, SeatKind};
use leptos::prelude::*;

/// How the panel sits on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndLayout {
    /// Over the whole board (`.overlay` with an inner `.overlay-box`).
    Overlay,
    /// In the board's flow, as a `<section>`.
    Section,
}

#[component]
pub fn EndPanel(
    class: &'static str,
    testid: &'static str,
    layout: EndLayout,
    #[prop(into)] title: String,
    /// The deal (round) the panel is about, 1 = the first (the last one at a match end).
    deal: u32,
    children: Children,
) -> impl IntoView {
    // A card still flying from the last move lands at once: nothing flies over the panel.
    Effect::new(|_| super::card::land_flights());
    // In a replay: in the page's flow, never a dialog that takes the focus.
    let (class, layout) = match use_context::<Watching>() {
        Some(Watching(true)) => ("panel replay-end", EndLayout::Section),
        _ => (class, layout),
    };
    match layout {
        EndLayout::Overlay => {
            // A modal dialog: it takes the focus, Tab stays inside, the focus goes back after.
            let node = NodeRef::<leptos::html::Div>::new();
            let trap = super::focus_trap::focus_trap(node);
            let title_id = format!("{testid}-title");
            let label_id = title_id.clone();
            view! {
                <div class=class data-testid=testid>
                    <div class="overlay-box" role="dialog" aria-modal="true" aria-labelledby=label_id
                        node_ref=node on:keydown=trap>
                        <h2 id=title_id>{title}</h2>
                        {next_level()}
                        {compare(deal)}
                        {children()}
                        {again_button(deal)}
                        {super::analysis::analysis_part(deal)}
                    </div>
                </div>
            }
            .into_any()
        }
        EndLayout::Section => view! {
            <section class=class data-testid=testid>
                <h2>{title}</h2>
                {next_level()}
                {compare(deal)}
                {children()}
                {again_button(deal)}
                {super::analysis::analysis_part(deal)}
            </section>
        }
        .into_any(),
    }
}

/// In a game that repeats this deal: its result beside the original's.
fn compare(deal: u32) -> impl IntoView {
    let again = use_context::<DealAgain>();
    move || {
        let (d, lines) = again?.compare.get()?;
        (d == deal).then(|| {
            view! {
                <ul class="again-compare" data-testid="again-compare">
                    {lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}
                </ul>
            }
        })
    }
}

/// "Diese Runde nochmal": the same cards again, in a new game.
fn again_button(deal: u32) -> Option<impl IntoView> {
    let app = use_app();
    let start = use_context::<DealAgain>()?.start?;
    Some(view! {
        <div class="again">
            <button class="button" data-testid="deal-again" on:click=move |_| start.run(deal)>
                {move || app.t("end.deal_again")}
            </button>
        </div>
    })
}

/// After a match won against one bot level: the next level, one tap away (the setup page
/// then starts with it).
fn next_level() -> impl IntoView {
    let app = use_app();
    let offer = use_context::<NextLevelOffer>();
    move || {
        let o = offer?.0.get()?;
        let lang = app.lang();
        let level = |l: BotLevel| tr(lang, kind_key(SeatKind::Bot(l))).to_string();
        let text = fill(
            lang,
            "end.next_level",
            &[("beaten", level(o.beaten)), ("next", level(o.next))],
        );
        let go = fill(lang, "end.next_level_go", &[("next", level(o.next))]);
        let (next, variant) = (o.next, o.variant.clone());
        Some(view! {
            <div class="next-level" data-testid="next-level">
                <p>{text}</p>
                <button class="button primary" data-testid="next-level-go" on:click=move |_| {
                    app.level_wish.set(Some(next));
                    app.go(Route::Setup(variant.clone()));
                }>{go}</button>
            </div>
        })
    }
}
