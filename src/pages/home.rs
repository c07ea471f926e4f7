//! The home screen: the most recent running game to resume at the top, then every game and
//! preset with a one-line description.

use crate::catalog;
use crate::components::card::CardView;
use crate::ctx::use_app;
use crate::storage::IndexEntry;
use engine::{Face, Suit};
use leptos::prelude::*;

/// The running (unfinished) game played last, if any.
pub fn latest_running(index: &[IndexEntry]) -> Option<&IndexEntry> {
    index
        .iter()
        .filter(|e| !e.finished)
        .max_by_key(|e| e.updated_ms)
}

/// "Weiterspielen" for the running game played last: its title (or its game's name) and
/// players, one tap away.
fn resume_panel() -> Option<impl IntoView> {
    let app = use_app();
    let index = crate::storage::peek_index();
    let e = latest_running(&index)?.clone();
    let game = catalog::find(&e.variant).map(|c| c.key());
    let title = e.title.clone();
    let name = move || match (&game, title.is_empty()) {
        (Some(key), true) => app.t(key),
        _ => title.clone(),
    };
    let href = format!("#/play/{}", e.id);
    Some(view! {
        <section class="resume" data-testid="resume" data-id=e.id.clone()>
            <div class="resume-text">
                <h2>{name}</h2>
                <span>{e.players.join(", ")}</span>
            </div>
            <a class="button primary" data-testid="resume-button" href=href>{move || app.t("saves.resume")}</a>
        </section>
    })
}

#[component]
pub fn Home() -> impl IntoView {
    let app = use_app();
    let entries = catalog::entries()
        .map(|e| {
            let key = e.key();
            let desc = e.desc_key();
            let href = format!("#/setup/{}", e.id());
            let rules_href = format!("#/rules/{}", e.id());
            let icon = e.ui.map_or(Face::french(7, Suit::Hearts), |ui| ui.icon_for(e.id()));
            let available = e.available();
            view! {
                <li class="game-entry" class:soon=!available data-testid="game-entry" data-game=e.id()>
                    <div class="game-icon"><CardView face=Some(icon)/></div>
                    <div class="game-text">
                        <h2>{move || app.t(&key)}</h2>
                        <p>{move || app.t(&desc)}</p>
                        {available.then(|| view! {
                            <a class="rules-link" data-testid="rules-link" href=rules_href>{move || app.t("rules.link")}</a>
                        })}
                    </div>
                    {if available {
                        view! { <a class="button primary" href=href>{move || app.t("home.play")}</a> }.into_any()
                    } else {
                        view! { <span class="badge" data-testid="coming-soon">{move || app.t("home.coming_soon")}</span> }.into_any()
                    }}
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="home">
            {resume_panel()}
            <p class="tagline">{move || app.t("app.tagline")}</p>
            <h1>{move || app.t("home.choose")}</h1>
            <ul class="game-list">{entries}</ul>
            <div class="card-strip" aria-hidden="true">
                <CardView face=Some(Face::french(1, Suit::Spades))/>
                <CardView face=Some(Face::french(10, Suit::Hearts))/>
                <CardView face=Some(Face::french(12, Suit::Diamonds))/>
                <CardView face=Some(Face::french(13, Suit::Clubs))/>
                <CardView face=Some(Face::Joker)/>
                <CardView face={ let back: Option<Face> = None; back }/>
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str, updated_ms: u64, finished: bool) -> IndexEntry {
        IndexEntry {
            id: id.into(),
            variant: "romme_kaufen".into(),
            title: String::new(),
            players: vec!["Du".into()],
            updated_ms,
            finished,
        }
    }

    #[test]
    fn the_latest_running_game_is_offered() {
        assert!(latest_running(&[]).is_none());
        let index = [
            entry("a", 10, false),
            entry("b", 30, true),
            entry("c", 20, false),
        ];
        assert_eq!(latest_running(&index).map(|e| e.id.as_str()), Some("c"));
        assert!(latest_running(&[entry("b", 30, true)]).is_none());
    }
}
