//! The panel shown at the end of a deal, a round or the match, shared by every game: a
//! title over the game's summary (standings, hands, score sheet) and its buttons.

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
    children: Children,
) -> impl IntoView {
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
                        {children()}
                    </div>
                </div>
            }
            .into_any()
        }
        EndLayout::Section => view! {
            <section class=class data-testid=testid>
                <h2>{title}</h2>
                {children()}
            </section>
        }
        .into_any(),
    }
}
