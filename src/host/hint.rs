//! "Tipp" at the table: the normal bot's choice for the decision now, from the person's own
//! view (it never sees more than the person does), said in a short sentence by the game
//! ([`UiGame::hint`]) with its cards marked in the hand. The game remembers that a hint was
//! shown ([`engine::save::SaveMeta::hints_used`]); the statistics say so.

use crate::ctx::{use_app, HintCtx};
use crate::play::session::Session;
use crate::play::ui_game::UiGame;
use engine::{BotLevel, Seat};
use leptos::prelude::*;

/// Provides [`HintCtx`] for the game in `sess` shown from `viewer` (nothing where the game
/// has no hints). A hint is gone with the next action.
pub(super) fn provide<G: UiGame>(
    sess: RwSignal<Session<G>>,
    viewer: RwSignal<Seat>,
    legal: Signal<Vec<G::Action>>,
) {
    let app = use_app();
    let allowed = G::HINTS && sess.with_untracked(|s| s.meta.hints_offered());
    let text = RwSignal::new(None::<String>);
    let cards = RwSignal::new(Vec::new());
    let steps = Memo::new(move |_| sess.with(|s| s.record.log.len()));
    Effect::new(move |_| {
        steps.track();
        text.set(None);
        cards.set(Vec::new());
    });
    let ready = Signal::derive(move || legal.with(|l| !l.is_empty()));
    let ask = Callback::new(move |_| {
        let (seat, step) = (viewer.get_untracked(), steps.get_untracked());
        let load = sess.with_untracked(|s| {
            G::load_bot(BotLevel::Normal, s.record.seed ^ 0x71, &s.record.options)
        });
        leptos::task::spawn_local(async move {
            let Ok(mut bot) = load.await else {
                text.try_set(Some(app.t("host.bots_unreachable")));
                return;
            };
            let hint = sess.try_with_untracked(|s| {
                if s.record.log.len() != step || s.state.to_move() != Some(seat) {
                    return None;
                }
                bots::recall(bot.as_mut(), &s.record, seat);
                let legal = s.state.legal_actions(seat);
                let view = s.state.view(seat);
                let action = (!legal.is_empty()).then(|| bot.choose(&view, &legal))?;
                G::hint(&view, &action, app.lang())
            });
            if let Some(Some(h)) = hint {
                text.try_set(Some(h.text));
                cards.try_set(h.cards);
                sess.try_update_untracked(|s| s.meta.hints_used = true);
            }
        });
    });
    provide_context(HintCtx {
        allowed,
        ready,
        ask,
        text,
        cards,
    });
}
