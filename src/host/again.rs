//! "Diese Runde nochmal" in the game host: the offer the deal-end panels show, and in a game
//! that repeats a deal the comparison with the original (see `play::again`).

use crate::ctx::{use_app, DealAgain};
use crate::i18n::common::{explain_save_error, fill, name};
use crate::play::again::{again, points_now};
use crate::play::session::Session;
use crate::play::ui_game::UiGame;
use crate::routes::Route;
use crate::storage;
use leptos::prelude::*;

/// Provides [`DealAgain`] for the game in `sess`. The offer stands where a person plays at
/// this device and the game does not travel by link; a failure to store the new game is
/// said in `error`, and the game shown stays as it is.
pub(super) fn provide<G: UiGame>(sess: RwSignal<Session<G>>, error: RwSignal<Option<String>>) {
    let app = use_app();
    let offered = sess
        .with_untracked(|s| !s.meta.by_link && (0..s.record.seats).any(|seat| s.is_human(seat)));
    let start = offered.then(|| {
        Callback::new(move |deal: u32| {
            let lang = app.lang();
            let made = sess.with_untracked(|s| {
                let title = fill(
                    lang,
                    "again.title",
                    &[("deal", deal.to_string()), ("title", s.meta.title.clone())],
                );
                again(s, deal, storage::new_id(), &title, storage::now_ms())
            });
            let Some(mut new) = made else {
                return;
            };
            match new.persist() {
                Ok(storage::Saved::Stored | storage::Saved::Pending) => app.go(Route::Play(new.id)),
                Ok(_) => {}
                Err(e) => error.set(Some(fill(
                    lang,
                    "again.not_stored",
                    &[("reason", explain_save_error(&e, lang))],
                ))),
            }
        })
    });
    let compare = Signal::derive(move || {
        let lang = app.lang();
        sess.with(|s| {
            let a = s.meta.again.as_ref()?;
            let now = points_now(a, &s.state.standings());
            let mut lines = vec![fill(lang, "again.heading", &[("deal", a.deal.to_string())])];
            for seat in (0..s.record.seats).filter(|&seat| s.is_human(seat)) {
                let (Some(before), Some(now)) = (a.before.get(seat), now.get(seat)) else {
                    continue;
                };
                lines.push(fill(
                    lang,
                    "again.compare",
                    &[
                        ("name", name(&s.meta.player_names, seat)),
                        ("before", before.to_string()),
                        ("now", now.to_string()),
                    ],
                ));
            }
            Some((a.deal, lines))
        })
    });
    provide_context(DealAgain { start, compare });
}
