//! Action buttons shared by every game: one button per offered decision, and a bar that
//! shows the buttons of the decisions the legal actions contain.

use leptos::prelude::*;

/// One offered decision: its label, test id and whether it is the suggested one.
#[derive(Clone)]
pub struct Offer<A> {
    pub label: String,
    pub testid: &'static str,
    pub primary: bool,
    pub action: A,
}

/// A button that runs `on_click`; `disabled` greys it out, `small` makes it compact.
#[component]
pub fn ActionButton(
    #[prop(into)] label: Signal<String>,
    testid: &'static str,
    on_click: Callback<()>,
    #[prop(optional)] primary: bool,
    #[prop(optional)] small: bool,
    #[prop(optional, into)] disabled: Signal<bool>,
) -> impl IntoView {
    view! {
        <button class="button" class:primary=primary class:small=small data-testid=testid
            disabled=move || disabled.get() on:click=move |_| on_click.run(())>
            {move || label.get()}
        </button>
    }
}

/// "Undo" within the own turn (the host's [`crate::play::undo`]): shown only while
/// something can be taken back.
#[component]
pub fn UndoButton(can_undo: Signal<bool>, undo: Callback<()>) -> impl IntoView {
    let app = crate::ctx::use_app();
    view! {
        <Show when=move || can_undo.get()>
            <ActionButton label=Signal::derive(move || app.t("host.undo")) testid="undo"
                on_click=undo/>
        </Show>
    }
}

/// The buttons of `offers`, each sending its action through `act`.
pub fn offer_buttons<A: Clone + Send + Sync + 'static>(
    offers: Vec<Offer<A>>,
    act: Callback<A>,
) -> impl IntoView {
    offers
        .into_iter()
        .map(|o| {
            let a = o.action;
            view! {
                <ActionButton label=o.label testid=o.testid primary=o.primary
                    on_click=Callback::new(move |_| act.run(a.clone()))/>
            }
        })
        .collect_view()
}

/// A keydown handler that runs `f` on Enter or Space: for a drop target that is not a
/// button (a meld on the table, the new-meld area) but must work from the keyboard too
/// (give it `tabindex="0"` and `role="button"`).
pub fn on_activate(f: impl Fn() + 'static) -> impl Fn(leptos::ev::KeyboardEvent) {
    move |ev: leptos::ev::KeyboardEvent| {
        // Only for the target itself: a button inside it handles its own keys.
        let own = ev.target().is_some() && ev.target() == ev.current_target();
        if own && (ev.key() == "Enter" || ev.key() == " ") {
            ev.prevent_default();
            f();
        }
    }
}
