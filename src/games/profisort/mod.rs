//! Profi-Sort in the app: board, task sheets, task builder, setup and texts.

pub mod board;
mod builder;
mod deal_end;
mod hint;
mod melds;
pub mod rules;
#[cfg(test)]
mod samples;
pub mod setup;
pub mod sheet;
pub mod texts;
mod texts_table;

use crate::i18n::Lang;
use crate::play::ui_game::CoachMarks;
use crate::play::{BoardProps, UiGame};
use engine::profisort::{Phase, ProfiSort, ProfiSortEvent, ProfiSortView, RuleError};
use engine::{BotLevel, CardId, Face, Rank, Suit};
use leptos::prelude::*;

/// Profi-Sort's line in the game registry: its card, texts, setup panel and rules page.
impl super::registry::Registered for ProfiSort {
    const ICON: Face = Face::French {
        rank: Rank(1),
        suit: Suit::Spades,
    };
}

super::registry::game_parts!(ProfiSort, profisort_setup, profisort_table, profisort_bots);

impl UiGame for ProfiSort {
    const COACH: CoachMarks = &[
        ("[data-testid=sheets]", "coach.ps.sheet"),
        ("[data-testid=task-builder]", "coach.ps.lay"),
        ("[data-testid=discard-pile]", "coach.ps.discard"),
    ];
    /// The hard bot (Monte-Carlo lookahead over normal's choices, docs/DESIGN.md).
    const BOT_LEVELS: &'static [BotLevel] = &[
        BotLevel::Easy,
        BotLevel::Greedy,
        BotLevel::Normal,
        BotLevel::Hard,
    ];
    /// Laying tasks, laying off and giving an ace reveal nothing: they can be taken back
    /// until the discard. Draws, taking the discard and sitting out cannot.
    fn undoable(action: &engine::profisort::ProfiSortAction) -> bool {
        use engine::profisort::ProfiSortAction as A;
        matches!(
            action,
            A::LayTask { .. } | A::LayOff { .. } | A::GiveAce { .. }
        )
    }
    fn undo_open(view: &ProfiSortView) -> bool {
        view.phase == Phase::Play && view.to_move == Some(view.seat)
    }
    fn deals_played(view: &Self::View) -> u32 {
        view.deal
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
    fn describe(event: &ProfiSortEvent, names: &[String], lang: Lang) -> Option<String> {
        texts::describe(event, names, lang)
    }
    fn explain(error: &RuleError, names: &[String], lang: Lang) -> String {
        texts::explain(error, names, lang)
    }
    fn event_cards(_event: &ProfiSortEvent) -> Vec<CardId> {
        Vec::new()
    }
    fn hold_bots(view: &ProfiSortView) -> bool {
        view.phase == Phase::DealOver
    }
    fn board(props: BoardProps<Self>) -> AnyView {
        board::board(props)
    }
}
