//! Settings: language, deck colours, reduced motion, bot speed.

use crate::app::use_app;
use crate::components::card::CardView;
use crate::i18n::Lang;
use crate::settings::{DeckColours, Motion};
use engine::{Face, Suit};
use leptos::prelude::*;

#[component]
pub fn SettingsPage() -> impl IntoView {
    let app = use_app();
    let s = app.settings;
    let radio = move |name: &'static str,
                      label: String,
                      checked: Signal<bool>,
                      set: Box<dyn Fn() + Send + Sync>| {
        view! {
            <label class="choice">
                <input type="radio" name=name prop:checked=move || checked.get() on:change=move |_| set()/>
                <span>{label}</span>
            </label>
        }
    };
    view! {
        <section class="panel settings">
            <h1>{move || app.t("settings.title")}</h1>
            <fieldset>
                <legend>{move || app.t("settings.language")}</legend>
                {radio("lang", "Deutsch".into(), Signal::derive(move || s.with(|s| s.lang == Lang::De)), Box::new(move || s.update(|s| s.lang = Lang::De)))}
                {radio("lang", "English".into(), Signal::derive(move || s.with(|s| s.lang == Lang::En)), Box::new(move || s.update(|s| s.lang = Lang::En)))}
            </fieldset>
            <fieldset>
                <legend>{move || app.t("settings.deck")}</legend>
                <label class="choice">
                    <input type="radio" name="deck" data-testid="deck-2" prop:checked=move || s.with(|s| s.deck == DeckColours::Two) on:change=move |_| s.update(|s| s.deck = DeckColours::Two)/>
                    <span>{move || app.t("settings.deck2")}</span>
                </label>
                <label class="choice">
                    <input type="radio" name="deck" data-testid="deck-4" prop:checked=move || s.with(|s| s.deck == DeckColours::Four) on:change=move |_| s.update(|s| s.deck = DeckColours::Four)/>
                    <span>{move || app.t("settings.deck4")}</span>
                </label>
                <div class="card-strip preview" aria-label=move || app.t("settings.preview")>
                    <CardView face=Some(Face::french(1, Suit::Clubs))/>
                    <CardView face=Some(Face::french(7, Suit::Spades))/>
                    <CardView face=Some(Face::french(12, Suit::Hearts))/>
                    <CardView face=Some(Face::french(10, Suit::Diamonds))/>
                </div>
            </fieldset>
            <fieldset>
                <legend>{move || app.t("settings.motion")}</legend>
                <label class="choice">
                    <input type="radio" name="motion" prop:checked=move || s.with(|s| s.motion == Motion::System) on:change=move |_| s.update(|s| s.motion = Motion::System)/>
                    <span>{move || app.t("settings.motion_system")}</span>
                </label>
                <label class="choice">
                    <input type="radio" name="motion" prop:checked=move || s.with(|s| s.motion == Motion::Reduced) on:change=move |_| s.update(|s| s.motion = Motion::Reduced)/>
                    <span>{move || app.t("settings.motion_on")}</span>
                </label>
                <label class="choice">
                    <input type="radio" name="motion" prop:checked=move || s.with(|s| s.motion == Motion::Full) on:change=move |_| s.update(|s| s.motion = Motion::Full)/>
                    <span>{move || app.t("settings.motion_off")}</span>
                </label>
            </fieldset>
            <fieldset>
                <legend>{move || app.t("settings.bot_delay")}</legend>
                <input type="range" min="0" max="2000" step="100"
                    prop:value=move || s.with(|s| s.bot_delay_ms.to_string())
                    on:input=move |ev| {
                        if let Ok(v) = event_target_value(&ev).parse::<u32>() {
                            s.update(|s| s.bot_delay_ms = v.min(5000));
                        }
                    }/>
                <span>{move || format!("{} ms", s.with(|s| s.bot_delay_ms))}</span>
            </fieldset>
        </section>
    }
}
