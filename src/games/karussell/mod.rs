//! Karussell in the app: the scratch table, board, setup and texts.

mod advice;
pub mod board;
mod round_end;
pub mod rules;
#[cfg(test)]
mod samples;
pub mod scratch;
pub mod setup;
mod table;
pub mod texts;
mod texts_table;

use crate::i18n::Lang;
use crate::play::ui_game::CoachMarks;
use crate::play::ui_game::Hint;
use crate::play::{BoardProps, UiGame};
use engine::karussell::{
    Karussell, KarussellAction, KarussellEvent, KarussellView, PhaseView, RuleError,
};
use engine::{BotLevel, Face};
use leptos::prelude::*;

/// Karussell's line in the game registry: its card, texts, setup panel and rules page.
impl super::registry::Registered for Karussell {
    const ICON: Face = Face::Joker;
}

super::registry::game_parts!(Karussell, karussell_setup, karussell_table, karussell_bots);

impl UiGame for Karussell {
    const COACH: CoachMarks = &[
        ("[data-testid=stock]", "coach.ka.draw"),
        ("[data-testid=table]", "coach.ka.table"),
        ("[data-testid=knock]", "coach.ka.knock"),
    ];
    /// The hard bot (Monte-Carlo lookahead) beats the normal one clearly (docs/DESIGN.md).
    const BOT_LEVELS: &'static [BotLevel] = &[
        BotLevel::Easy,
        BotLevel::Greedy,
        BotLevel::Normal,
        BotLevel::Hard,
    ];
    fn advice(view: &KarussellView, action: &KarussellAction, lang: Lang) -> Option<Hint> {
        advice::advice(view, action, lang)
    }
    fn hand(view: &KarussellView) -> Vec<engine::Card> {
        view.hand.clone()
    }
    /// A meld transaction reveals nothing: it can be taken back while the turn lasts
    /// (after it, with `meld_ends_turn` off, or before the knock decision). Draws cannot.
    fn undoable(action: &engine::karussell::KarussellAction) -> bool {
        matches!(action, engine::karussell::KarussellAction::Meld { .. })
    }
    fn undo_open(view: &KarussellView) -> bool {
        match view.phase {
            PhaseView::AfterMeld { seat } | PhaseView::KnockDecision { seat, .. } => {
                seat == view.seat
            }
            _ => false,
        }
    }
    fn deals_played(view: &Self::View) -> u32 {
        view.round
    }
    fn describe(event: &KarussellEvent, names: &[String], lang: Lang) -> Option<String> {
        texts::describe(event, names, lang)
    }
    fn explain(error: &RuleError, names: &[String], lang: Lang) -> String {
        texts::explain(error, names, lang)
    }
    fn hold_bots(view: &KarussellView) -> bool {
        matches!(view.phase, PhaseView::RoundOver { .. })
    }
    fn board(props: BoardProps<Self>) -> AnyView {
        board::board(props)
    }
}
