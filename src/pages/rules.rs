//! `#/rules/<variant>` and `#/rules/<variant>/<save-id>`: the rules of a game, written for
//! players, around the options in force. Opened from a running game it shows that game's
//! house rules (its stored options); otherwise the catalog entry's defaults.

use crate::ctx::use_app;
use crate::games::rules_doc::{self, Block, Rules, RulesDoc};
use crate::i18n::common::fill;
use crate::storage;
use leptos::prelude::*;

/// Whose rules the page shows.
struct Source {
    variant: String,
    rules: Rules,
    /// The stored game (id, player names) whose options these are.
    game: Option<(String, Vec<String>)>,
    /// A game id was given but no such game is stored.
    missing: bool,
}

fn source(variant: &str, game: Option<&str>) -> Option<Source> {
    let stored = game.and_then(|id| {
        let json = storage::load_game(id)?;
        rules_doc::of_save(&json, variant).map(|s| (id.to_string(), s))
    });
    match stored {
        Some((id, s)) => Some(Source {
            variant: s.variant.id.to_string(),
            rules: s.rules,
            game: Some((id, s.meta.player_names)),
            missing: false,
        }),
        None => Some(Source {
            variant: variant.to_string(),
            rules: rules_doc::defaults(variant)?,
            game: None,
            missing: game.is_some(),
        }),
    }
}

#[component]
pub fn RulesPage(variant: String, game: Option<String>) -> impl IntoView {
    let app = use_app();
    let Some(src) = source(&variant, game.as_deref()) else {
        return view! {
            <section class="panel" data-testid="rules-page-missing">
                <h1>{move || app.t("error.title")}</h1>
                <p>{move || app.t("error.not_found")}</p>
                <a href="#/" class="button">{move || app.t("nav.home")}</a>
            </section>
        }
        .into_any();
    };
    let title_key = format!("game.{}", src.variant);
    let title = move || fill(app.lang(), "rules.title", &[("game", app.t(&title_key))]);
    let rules = src.rules.clone();
    let doc = Memo::new(move |_| rules(app.lang()));
    let from_game = src.game.is_some();
    let lead = {
        let game = src.game.clone();
        let missing = src.missing;
        move || match &game {
            Some((_, names)) => fill(
                app.lang(),
                "rules.for_game",
                &[("players", names.join(", "))],
            ),
            None if missing => app.t("rules.no_game"),
            None => app.t("rules.defaults"),
        }
    };
    let action = match &src.game {
        Some((id, _)) => {
            let href = format!("#/play/{id}");
            view! { <a class="button" data-testid="rules-back" href=href>{move || app.t("rules.back_to_game")}</a> }.into_any()
        }
        None => {
            let href = format!("#/setup/{}", src.variant);
            view! { <a class="button primary" data-testid="rules-play" href=href>{move || app.t("rules.play")}</a> }.into_any()
        }
    };
    let house_title = if from_game {
        "rules.house"
    } else {
        "rules.house_defaults"
    };
    view! {
        <article class="panel rules-page" data-testid="rules-page" data-variant=src.variant.clone()
            data-from-game=from_game.to_string()>
            <h1>{title}</h1>
            <p class="rules-lead" data-testid="rules-lead">{lead}</p>
            <div class="rules-actions">{action}</div>
            <RulesSections doc=doc/>
            <HouseRulesList doc=doc title_key=house_title/>
        </article>
    }
    .into_any()
}

fn block_view(block: Block) -> AnyView {
    match block {
        Block::Para(text) => view! { <p>{text}</p> }.into_any(),
        Block::Example(text) => view! { <p class="rules-example">{text}</p> }.into_any(),
        Block::List(items) => view! {
            <ul>{items.into_iter().map(|i| view! { <li>{i}</li> }).collect_view()}</ul>
        }
        .into_any(),
    }
}

/// The rule text: one section per topic (goal, cards, dealing, a turn, …).
#[component]
fn RulesSections(doc: Memo<RulesDoc>) -> impl IntoView {
    move || {
        doc.get()
            .sections
            .into_iter()
            .map(|s| {
                view! {
                    <section class="rules-section">
                        <h2>{s.title}</h2>
                        {s.blocks.into_iter().map(block_view).collect_view()}
                    </section>
                }
            })
            .collect_view()
    }
}

/// Every option the setup screen offers, with the value in force.
#[component]
fn HouseRulesList(doc: Memo<RulesDoc>, title_key: &'static str) -> impl IntoView {
    let app = use_app();
    let rows = move || {
        doc.get()
            .house
            .into_iter()
            .map(|h| {
                view! {
                    <li data-option=h.key>
                        <span class="rules-house-label">{h.label}</span>
                        <strong class="rules-house-value" data-testid="rules-house-value">{h.value}</strong>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <section class="rules-section rules-house-wrap">
            <h2>{move || app.t(title_key)}</h2>
            <ul class="rules-house" data-testid="rules-house">{rows}</ul>
        </section>
    }
}
