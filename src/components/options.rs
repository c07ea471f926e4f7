//! Building blocks for a game's options form: a checkbox, a number field and a select, each
//! bound to one field of an options struct in an `RwSignal`. Labels are translation keys.

use crate::ctx::use_app;
use leptos::prelude::*;

/// A yes/no option.
pub fn opt_check<T: Send + Sync + 'static>(
    opts: RwSignal<T>,
    label_key: &'static str,
    get: fn(&T) -> bool,
    set: fn(&mut T, bool),
) -> AnyView {
    let app = use_app();
    view! {
        <label class="option-row" data-option=label_key>
            <span>{move || app.t(label_key)}</span>
            <input type="checkbox" prop:checked=move || opts.with(get)
                on:change=move |ev| { let v = event_target_checked(&ev); opts.update(|o| set(o, v)); }/>
        </label>
    }
    .into_any()
}

/// A whole-number option within `min..=max`.
pub fn opt_number<T: Send + Sync + 'static>(
    opts: RwSignal<T>,
    label_key: &'static str,
    min: u32,
    max: u32,
    get: fn(&T) -> u32,
    set: fn(&mut T, u32),
) -> AnyView {
    let app = use_app();
    view! {
        <label class="option-row" data-option=label_key>
            <span>{move || app.t(label_key)}</span>
            <input type="number" min=min max=max inputmode="numeric" prop:value=move || opts.with(get).to_string()
                on:change=move |ev| {
                    if let Ok(v) = event_target_value(&ev).trim().parse::<u32>() {
                        opts.update(|o| set(o, v.clamp(min, max)));
                    } else {
                        opts.update(|_| {});
                    }
                }/>
        </label>
    }
    .into_any()
}

/// One choice out of several; `choices` are (value code, translation key).
pub fn opt_select<T: Send + Sync + 'static>(
    opts: RwSignal<T>,
    label_key: &'static str,
    choices: &'static [(&'static str, &'static str)],
    get: fn(&T) -> &'static str,
    set: fn(&mut T, &str),
) -> AnyView {
    let app = use_app();
    view! {
        <label class="option-row" data-option=label_key>
            <span>{move || app.t(label_key)}</span>
            <select prop:value=move || opts.with(get).to_string()
                on:change=move |ev| { let v = event_target_value(&ev); opts.update(|o| set(o, &v)); }>
                {choices.iter().map(|(code, key)| {
                    let code = *code;
                    let key = *key;
                    view! { <option value=code selected=move || opts.with(get) == code>{move || app.t(key)}</option> }
                }).collect_view()}
            </select>
        </label>
    }
    .into_any()
}

/// An option row that is shown only while `applies` holds for the options (an option that
/// has no effect under the chosen rules is hidden; its value is kept).
pub fn opt_if<T: Send + Sync + 'static>(
    opts: RwSignal<T>,
    applies: impl Fn(&T) -> bool + Send + Sync + 'static,
    row: AnyView,
) -> AnyView {
    view! { <div class="opt-if" hidden=move || !opts.with(&applies)>{row}</div> }.into_any()
}

/// Joins the parts of a one-line summary of the rules.
pub fn summary_line(parts: Vec<String>) -> String {
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(" · ")
}
