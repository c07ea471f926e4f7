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

#[cfg(test)]
mod tests {
    use crate::i18n::Lang;
    use crate::play::ui_game::UiGame;
    use engine::BotLevel;

    /// At every decision of seat 0 in a bots' game: a hint in both languages, every slot
    /// filled, its cards among those the person sees.
    fn check<G: UiGame + engine::games::Listed + bots::BotGame>(preset: &str) {
        crate::i18n::install(crate::games::registry::text_tables());
        let options = engine::games::variant_options::<G>(preset).expect("preset");
        let mut g = G::new(&options, 3, 5).expect("start");
        let mut bots: Vec<_> = (0..3)
            .map(|i| bots::bot_for::<G>(BotLevel::Normal, i, &options))
            .collect();
        let mut hints = 0;
        for _ in 0..3000 {
            let Some(seat) = g.to_move() else { break };
            let legal = g.legal_actions(seat);
            let view = g.view(seat);
            let action = bots[seat].choose(&view, &legal);
            if seat == 0 {
                for lang in [Lang::De, Lang::En] {
                    if let Some(h) = G::hint(&view, &action, lang) {
                        hints += 1;
                        assert!(
                            !h.text.contains('\u{7b}') && h.text.len() > 8,
                            "{preset}: {}",
                            h.text
                        );
                        let seen = serde_json::to_string(&view).expect("view");
                        for c in &h.cards {
                            assert!(
                                seen.contains(&format!("\"id\":{}", c.0)),
                                "{preset}: card {c:?} of the hint is in the view"
                            );
                        }
                    }
                }
            }
            g.apply(seat, &action).expect("legal");
        }
        assert!(hints > 20, "{preset}: hints given ({hints})");
    }

    #[test]
    fn every_hint_is_said_in_full_and_names_cards_the_person_sees() {
        check::<engine::romme::Romme>("romme");
        check::<engine::romme::Romme>("romme_raeuber");
        check::<engine::profisort::ProfiSort>("profisort");
        check::<engine::abluxxen::Abluxxen>("abluxxen");
    }
}
