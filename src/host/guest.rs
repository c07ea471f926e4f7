//! A guest's page at a table between devices: answers the host's invitation, shows the reply
//! to hand back (QR code, link, share sheet), then the game's own board fed with the view the
//! host sends, and sends the board's actions as intents. Nothing is applied here: the host's
//! page is the table.

use super::guest_link::{start, GuestLink, Stage};
use crate::ctx::use_app;
use crate::i18n::{common::fill, tr, Lang};
use crate::net::code::Invite;
use crate::play::remote::{Refusal, Snapshot};
use crate::play::ui_game::BoardProps;
use crate::play::UiGame;
use engine::{RuleError, Seat};
use leptos::prelude::*;
use leptos::task::spawn_local;

/// A guest's table: the link to the host, and the host's view read as this game's.
struct Guest<G: UiGame> {
    link: GuestLink,
    view: RwSignal<Option<RwSignal<G::View>>>,
    legal: RwSignal<Vec<G::Action>>,
    error: RwSignal<Option<String>>,
}

impl<G: UiGame> Clone for Guest<G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: UiGame> Copy for Guest<G> {}

/// The guest's page for invitation `invite`, playing as `name`.
pub fn guest_table<G: UiGame>(invite: Invite, name: String) -> AnyView {
    let app = use_app();
    let lang = app.lang();
    let link = GuestLink::new(&invite, &name, lang);
    let g = Guest::<G> {
        link,
        view: RwSignal::new(None),
        legal: RwSignal::new(Vec::new()),
        error: RwSignal::new(None),
    };
    let seat = invite.seat as Seat;
    spawn_local(async move {
        if start(link).await.is_err() {
            link.stage
                .set(Stage::Failed(tr(lang, "page.unreachable").to_string()));
        }
    });
    // The host's view and legal actions, read as this game's. (The view's signal belongs to
    // the page, not to the effect, which would dispose of it when it runs again.)
    let owner = Owner::current();
    Effect::new(move |_| {
        link.snap.with(|snap| {
            let Some(snap) = snap else { return };
            let view = serde_json::from_str::<G::View>(snap.view.get());
            let legal = serde_json::from_str::<Vec<G::Action>>(snap.legal.get());
            let (Ok(view), Ok(legal)) = (view, legal) else {
                link.stage
                    .set(Stage::Failed(tr(lang, "net.other_version").to_string()));
                return;
            };
            match g.view.get_untracked() {
                Some(v) => v.set(view),
                None => {
                    let made = match &owner {
                        Some(o) => o.with(|| RwSignal::new(view)),
                        None => RwSignal::new(view),
                    };
                    g.view.set(Some(made));
                }
            }
            g.legal.set(legal);
        })
    });
    // A refused intent, explained with this game's texts.
    Effect::new(move |_| {
        let Some(why) = link.refused.get() else {
            return;
        };
        let names = link.names.get_untracked();
        let text = match why {
            Refusal::Rule { error } => serde_json::to_value(&error)
                .ok()
                .and_then(|v| serde_json::from_value::<RuleError<G::Error>>(v).ok())
                .map(|e| G::explain(&e, &names, lang))
                .unwrap_or_else(|| tr(lang, "net.refused").to_string()),
            Refusal::Stale => tr(lang, "net.stale").to_string(),
            Refusal::NotYourSeat => tr(lang, "net.not_your_seat").to_string(),
            Refusal::Repeated | Refusal::Malformed => tr(lang, "net.refused").to_string(),
        };
        g.error.set(Some(text));
    });
    let title = tr(lang, &format!("game.{}", invite.variant)).to_string();
    view! {
        <div class="game-host guest" data-testid="guest">
            {super::guest_stage::stage_part(g.link, title)}
            {move || g.view.get().map(|v| {
                // Built anew when someone at the table brings its own name.
                g.link.names.track();
                guest_board(g, v, seat)
            })}
            {guest_log(g.link.snap, lang)}
        </div>
    }
    .into_any()
}

/// The game's own board, fed from the host's messages.
fn guest_board<G: UiGame>(g: Guest<G>, view: RwSignal<G::View>, seat: Seat) -> AnyView {
    let lang = use_app().lang();
    let error = g.error;
    provide_context(crate::components::dock::HostError(error));
    provide_context(crate::ctx::Watching(false));
    let props = BoardProps::<G> {
        seat: Signal::stored(seat),
        view: view.into(),
        // Nothing to do while the connection is away (an action could not reach the table).
        legal: Signal::derive(move || {
            if g.link.stage.get() == Stage::Seated {
                g.legal.get()
            } else {
                Vec::new()
            }
        }),
        names: g.link.names.into(),
        act: Callback::new(move |a: G::Action| {
            if g.link.stage.get_untracked() != Stage::Seated {
                error.set(Some(tr(lang, "net.lost").to_string()));
                return;
            }
            error.set(None);
            if let Ok(action) = serde_json::value::to_raw_value(&a) {
                g.link.act(action);
            }
        }),
        highlight: Signal::derive(move || {
            g.link
                .snap
                .with(|s| s.as_ref().map(|s| s.highlight.clone()).unwrap_or_default())
        }),
        error: error.write_only(),
        pass_and_play: false,
        proceed: Callback::new(move |_| g.link.proceed()),
        can_undo: Signal::stored(false),
        undo: Callback::new(|_| {}),
    };
    let away = move || {
        g.link.snap.with(|s| {
            let s = s.as_ref()?;
            let names = g.link.names.get();
            let who: Vec<String> = s
                .away
                .iter()
                .enumerate()
                .filter(|(_, a)| **a)
                .map(|(i, _)| crate::i18n::common::name(&names, i))
                .collect();
            (!who.is_empty()).then(|| fill(lang, "net.guest_away", &[("names", who.join(", "))]))
        })
    };
    view! {
        {move || away().map(|t| view! { <p class="net-note" role="status" data-testid="guest-away">{t}</p> })}
        {G::board(props)}
    }
    .into_any()
}

/// The running log the host sends (in this guest's language), shown once there is one; it
/// stays open or closed as the player left it.
fn guest_log(snap: RwSignal<Option<Snapshot>>, lang: Lang) -> impl IntoView {
    let lines = Memo::new(move |_| snap.with(|s| s.as_ref().map(|s| s.log.clone())));
    let any = Memo::new(move |_| lines.with(Option::is_some));
    move || {
        any.get().then(|| view! {
            <details class="game-log" open>
                <summary>{tr(lang, "host.log").to_string()}</summary>
                <ol data-testid="log" aria-live="polite">
                    {move || lines.get().unwrap_or_default().into_iter().rev().map(|l| view! { <li>{l}</li> }).collect_view()}
                </ol>
            </details>
        })
    }
}
