//! The list of saved games: resume, view finished matches (with their score sheets), delete.

use crate::app::use_app;
use crate::play::storage;
use leptos::prelude::*;

#[component]
pub fn Saves() -> impl IntoView {
    let app = use_app();
    let index = RwSignal::new(storage::read_index());
    view! {
        <section class="panel saves">
            <h1>{move || app.t("saves.title")}</h1>
            <Show when=move || index.with(|i| i.is_empty())>
                <p data-testid="no-saves">{move || app.t("saves.empty")}</p>
            </Show>
            <ul class="save-list">
                <For each=move || index.get() key=|e| (e.id.clone(), e.updated_ms) let:e>
                    {
                        let id = e.id.clone();
                        let href = format!("#/play/{}", e.id);
                        let when = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(e.updated_ms as f64));
                        let when = String::from(when.to_locale_string(if app.lang() == crate::i18n::Lang::En { "en-GB" } else { "de-DE" }, &wasm_bindgen::JsValue::UNDEFINED));
                        let finished = e.finished;
                        view! {
                            <li class="save-row" data-testid="save-row">
                                <div class="save-text">
                                    <strong>{e.title.clone()}</strong>
                                    <span>{e.players.join(", ")}</span>
                                    <small>{when} " · " {move || app.t(if finished { "saves.finished" } else { "saves.running" })}</small>
                                </div>
                                <a class="button primary" href=href>{move || app.t(if finished { "saves.show" } else { "saves.resume" })}</a>
                                <button class="button" on:click=move |_| {
                                    storage::delete_game(&id);
                                    index.set(storage::read_index());
                                }>{move || app.t("saves.delete")}</button>
                            </li>
                        }
                    }
                </For>
            </ul>
        </section>
    }
}
