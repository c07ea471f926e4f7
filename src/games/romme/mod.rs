//! Rommé in the app: setup panel, board, texts.

pub mod board;
mod hint;
mod moves;
mod prompts;
pub mod rob;
pub mod rules;
#[cfg(test)]
mod samples;
pub mod setup;
pub mod sheet;
mod status;
mod table;
pub mod texts;
mod texts_table;

use crate::i18n::Lang;
use crate::play::ui_game::{CoachMarks, Hint};
use crate::play::{BoardProps, UiGame};
use engine::romme::RuleError;
use engine::romme::{PhaseView, Romme, RommeAction, RommeEvent, RommeView};
use engine::BotLevel;
use engine::{Face, Suit};
use leptos::prelude::*;

super::registry::game_parts!(Romme, romme_setup, romme_table, romme_bots);

/// Rommé's line in the game registry: its card, texts, setup panel and rules page.
impl super::registry::Registered for Romme {
    const ICON: Face = Face::french(7, Suit::Hearts);
    /// Kaufen: a diamond (money); Anlegen: a club added on; Räuber: the knave; Traditionell:
    /// the queen of clubs, a court card of the classic deck.
    const PRESET_ICONS: &'static [(&'static str, Face)] = &[
        ("romme_kaufen", Face::french(13, Suit::Diamonds)),
        ("romme_anlegen", Face::french(8, Suit::Clubs)),
        ("romme_raeuber", Face::french(11, Suit::Spades)),
        ("romme_trad", Face::french(12, Suit::Clubs)),
    ];
}

impl UiGame for Romme {
    const COACH: CoachMarks = &[
        ("[data-testid=talon]", "coach.romme.draw"),
        ("[data-testid=new-meld]", "coach.romme.meld"),
        ("[data-testid=discard]", "coach.romme.discard"),
    ];
    /// Hard: at least as strong as normal in every preset, measurably stronger in
    /// Räuber-Rommé (docs/DESIGN.md, "Bot levels").
    const BOT_LEVELS: &'static [BotLevel] = &[
        BotLevel::Easy,
        BotLevel::Greedy,
        BotLevel::Normal,
        BotLevel::Hard,
    ];
    fn deals_played(view: &Self::View) -> u32 {
        view.deal
    }
    const HINTS: bool = true;
    fn advice(view: &RommeView, action: &RommeAction, lang: Lang) -> Option<Hint> {
        hint::advice(view, action, lang)
    }
    fn hand(view: &Self::View) -> Vec<engine::Card> {
        view.hand.clone()
    }
    fn deals_played_of(state: &Self) -> u32 {
        state.deal_no()
    }
    const NEW_BOARD_EACH_DEAL: bool = true;
    fn describe(event: &RommeEvent, names: &[String], lang: Lang) -> Option<String> {
        texts::describe(event, names, lang)
    }
    fn explain(error: &RuleError, names: &[String], lang: Lang) -> String {
        texts::explain(error, names, lang)
    }
    fn hold_bots(view: &RommeView) -> bool {
        matches!(view.phase, PhaseView::DealOver { .. })
    }
    /// Melds, lay-offs and joker exchanges reveal nothing: they can be taken back until the
    /// discard. Draws, buys, robberies (a robbery is the turn's draw) and the discard cannot.
    fn undoable(action: &RommeAction) -> bool {
        matches!(
            action,
            RommeAction::Meld { .. }
                | RommeAction::LayOff { .. }
                | RommeAction::ExchangeJoker { .. }
        )
    }
    fn undo_open(view: &RommeView) -> bool {
        matches!(view.phase, PhaseView::Play { seat } if seat == view.seat)
    }
    fn board(props: BoardProps<Self>) -> AnyView {
        board::board(props)
    }
}
