//! The home screen: every game and preset with a one-line description.

use crate::catalog;
use crate::components::card::CardView;
use crate::ctx::use_app;
use engine::{Face, Suit};
use leptos::prelude::*;

#[component]
pub fn Home() -> impl IntoView {
    let app = use_app();
    let entries = catalog::entries()
        .map(|e| {
            let key = e.key();
            let desc = e.desc_key();
            let href = format!("#/setup/{}", e.id());
            let rules_href = format!("#/rules/{}", e.id());
            let icon = e.ui.map_or(Face::french(7, Suit::Hearts), |ui| ui.icon);
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
