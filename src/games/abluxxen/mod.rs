//! Abluxxen in the app: setup panel, board, texts.

pub mod board;
mod dialog;
mod display;
mod end;
mod hint;
pub mod rules;
#[cfg(test)]
mod samples;
pub mod setup;
pub mod texts;
mod texts_table;

use crate::i18n::Lang;
use crate::play::ui_game::{BoardProps, CoachMarks, UiGame};
use engine::abluxxen::RuleError;
use engine::abluxxen::{Abluxxen, AbluxxenEvent, AbluxxenView};
use engine::BotLevel;
use engine::Face;
use leptos::prelude::*;

/// Abluxxen's line in the game registry: its card, texts, setup panel and rules page.
impl super::registry::Registered for Abluxxen {
    const ICON: Face = Face::Lux(7);
    const PRESET_ICONS: &'static [(&'static str, Face)] = &[("profiduell", Face::Lux(13))];
}

super::registry::game_parts!(Abluxxen, abluxxen_setup, abluxxen_table, abluxxen_bots);

impl UiGame for Abluxxen {
    const COACH: CoachMarks = &[
        ("[data-testid=hand]", "coach.ab.play"),
        ("[data-testid=player]", "coach.ab.luxx"),
        ("[data-testid=supply]", "coach.ab.draw"),
    ];
    /// The hard bot (Monte-Carlo lookahead) beats the normal one clearly, in the base game
    /// and in the Profiduell, which shares this list (docs/DESIGN.md).
    const BOT_LEVELS: &'static [BotLevel] = &[
        BotLevel::Easy,
        BotLevel::Greedy,
        BotLevel::Normal,
        BotLevel::Hard,
    ];
    fn deals_played(view: &Self::View) -> u32 {
        u32::from(view.round)
    }
    const HINTS: bool = true;
    fn advice(
        view: &Self::View,
        action: &Self::Action,
        lang: Lang,
    ) -> Option<crate::play::ui_game::Hint> {
        hint::advice(view, action, lang)
    }
    fn hand(view: &Self::View) -> Vec<engine::Card> {
        view.hand.clone()
    }

    fn describe(event: &AbluxxenEvent, names: &[String], lang: Lang) -> Option<String> {
        texts::describe(event, names, lang)
    }

    fn explain(error: &RuleError, names: &[String], lang: Lang) -> String {
        texts::explain(error, names, lang)
    }

    /// A new game of the match was just dealt: bots wait until a human closed the
    /// results notice.
    fn hold_bots(view: &AbluxxenView) -> bool {
        let ended = view
            .last_events
            .iter()
            .rposition(|e| matches!(e, AbluxxenEvent::RoundEnded { .. }));
        let played = view
            .last_events
            .iter()
            .rposition(|e| matches!(e, AbluxxenEvent::Played { .. }));
        view.to_move.is_some() && ended.is_some() && played.is_none_or(|p| Some(p) < ended)
    }
    fn board(props: BoardProps<Self>) -> AnyView {
        board::board(props)
    }
}
