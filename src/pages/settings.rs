//! Settings: language, deck colours, reduced motion, bot speed.

use crate::components::card::CardView;
use crate::ctx::use_app;
use crate::i18n::Lang;
use crate::settings::{DeckColours, Motion};
use engine::{Face, Suit};
use leptos::prelude::*;

/// The slowest pause the slider offers (stored pauses up to 5 s still work).
const MAX_DELAY_MS: u32 = 2000;

/// The slider's position for a stored pause between bot moves: right = faster.
pub fn speed_of_delay(delay_ms: u32) -> u32 {
    MAX_DELAY_MS - delay_ms.min(MAX_DELAY_MS)
}

/// The pause stored for a slider position.
pub fn delay_of_speed(speed: u32) -> u32 {
    MAX_DELAY_MS - speed.min(MAX_DELAY_MS)
}

#[component]
pub fn SettingsPage() -> impl IntoView {
    let app = use_app();
    let s = app.settings;
    let coach_reset = RwSignal::new(false);
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
                // Right is faster: the slider shows speed, the settings keep the pause.
                <div class="bot-speed">
                    <span>{move || app.t("settings.slow")}</span>
                    <input type="range" min="0" max=MAX_DELAY_MS step="100" data-testid="bot-speed"
                        aria-label=move || app.t("settings.bot_delay")
                        prop:value=move || s.with(|s| speed_of_delay(s.bot_delay_ms).to_string())
                        on:input=move |ev| {
                            if let Ok(v) = event_target_value(&ev).parse::<u32>() {
                                s.update(|s| s.bot_delay_ms = delay_of_speed(v));
                            }
                        }/>
                    <span>{move || app.t("settings.fast")}</span>
                </div>
            </fieldset>
            <fieldset>
                <legend>{move || app.t("coach.settings")}</legend>
                <button class="button" data-testid="coach-reset" on:click=move |_| {
                    crate::components::coach::reset();
                    coach_reset.set(true);
                }>{move || app.t("coach.reset")}</button>
                <p role="status" data-testid="coach-reset-done">
                    {move || coach_reset.get().then(|| app.t("coach.reset_done"))}
                </p>
            </fieldset>
            {persistence()}
            {crate::host::servers::settings_part()}
        </section>
    }
}

/// Whether the browser keeps this site's storage for good (`navigator.storage.persisted()`),
/// asked for after the first finished match (see `storage::ask_persistence`).
fn persistence() -> impl IntoView {
    let app = use_app();
    let state = RwSignal::new(None::<Option<bool>>);
    leptos::task::spawn_local(async move {
        state.try_set(Some(crate::storage::persisted().await));
    });
    view! {
        <fieldset>
            <legend>{move || app.t("settings.persist")}</legend>
            <p data-testid="persist-state">{move || match state.get() {
                None => String::new(),
                Some(Some(true)) => app.t("settings.persist_yes"),
                Some(Some(false)) => app.t("settings.persist_no"),
                Some(None) => app.t("settings.persist_unknown"),
            }}</p>
        </fieldset>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slider_goes_right_for_faster_bots() {
        assert_eq!(speed_of_delay(0), MAX_DELAY_MS);
        assert_eq!(speed_of_delay(700), 1300);
        assert_eq!(speed_of_delay(5000), 0);
        assert_eq!(delay_of_speed(speed_of_delay(700)), 700);
        assert_eq!(delay_of_speed(MAX_DELAY_MS), 0);
    }
}
