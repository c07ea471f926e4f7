//! How a game plugs into the host: bots, texts for events and errors, and its board.

use crate::i18n::Lang;
use bots::Bot;
use engine::{CardId, Game, RuleError, Seat};
use leptos::prelude::*;
use std::sync::Arc;

pub use engine::BotLevel;
/// A part of the wasm that could not be fetched (offline before it was ever cached).
pub use leptos::wasm_split::SplitLoaderError as LoadError;

/// A view being built in a part of the wasm of its own (a game's table, a game's setup
/// panel): the first call fetches the part (docs/DESIGN.md, "Code splitting"); later calls
/// find it loaded.
pub type ViewLoad =
    std::pin::Pin<Box<dyn std::future::Future<Output = Result<AnyView, LoadError>>>>;

/// A bot being built: the first call fetches the part of the wasm that holds the game's bots
/// (docs/DESIGN.md, "Code splitting"); later calls find it loaded.
pub type BotLoad<G> =
    std::pin::Pin<Box<dyn std::future::Future<Output = Result<Box<dyn Bot<G>>, LoadError>>>>;

/// A hint at the table: the sentence shown and the cards to mark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub text: String,
    pub cards: Vec<CardId>,
}

/// How a stored game is shown: played on, or watched again step by step (read-only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableMode {
    Play,
    Replay,
}

/// What a board gets from the host. The board shows `view` (the viewer's own view only),
/// offers what `legal` contains, and calls `act` — the host applies the action and explains
/// a rejection.
pub struct BoardProps<G: Game> {
    /// The seat whose view is shown (a human at this device).
    pub seat: Signal<Seat>,
    pub view: Signal<G::View>,
    /// The legal actions of `seat` now (empty while others decide).
    pub legal: Signal<Vec<G::Action>>,
    /// The names at the table (a guest at a table between devices may bring its own).
    pub names: Signal<Arc<Vec<String>>>,
    pub act: Callback<G::Action>,
    /// Cards moved by the last action of another player (to highlight them).
    pub highlight: Signal<Vec<CardId>>,
    /// Set by the board to show a rejection reason without applying anything (e.g. an
    /// illegal drop the board already knows the engine rejects).
    pub error: WriteSignal<Option<String>>,
    /// Several humans share this device (no timers that would rush one of them).
    pub pass_and_play: bool,
    /// Lets bots go on after a pause the game asked for ([`UiGame::hold_bots`]).
    pub proceed: Callback<()>,
    /// Something of the own turn can be taken back now (see [`super::undo`]).
    pub can_undo: Signal<bool>,
    /// Takes the last undoable action back (the save is rewritten).
    pub undo: Callback<()>,
}

impl<G: Game> Clone for BoardProps<G> {
    fn clone(&self) -> Self {
        BoardProps {
            seat: self.seat,
            view: self.view,
            legal: self.legal,
            names: self.names,
            act: self.act,
            highlight: self.highlight,
            error: self.error,
            pass_and_play: self.pass_and_play,
            proceed: self.proceed,
            can_undo: self.can_undo,
            undo: self.undo,
        }
    }
}

impl<G: Game> BoardProps<G>
where
    G::View: PartialEq,
{
    /// The view and the legal actions as memos: computed once per state change, however
    /// often the board reads them.
    pub fn memos(&self) -> (Memo<G::View>, Memo<Vec<G::Action>>) {
        let (view, legal) = (self.view, self.legal);
        (
            Memo::new(move |_| view.get()),
            Memo::new(move |_| legal.get()),
        )
    }
}

/// The marks of a game's first-game guide, in order: (target selector, text key). See
/// `components::coach`.
pub type CoachMarks = &'static [(&'static str, &'static str)];

/// A game's parts of the wasm that its host loads, generated for every game by
/// `games::registry::game_parts!` (never written by hand): each is a function marked
/// `#[wasm_split(..)]`, fetched on first use (docs/DESIGN.md, "Code splitting").
pub trait Parts: Game {
    /// The bot of a seat, built for the table's options (public information). Its code is
    /// the part `<game>_bots`, fetched on the bot's first decision (see [`BotLoad`]).
    fn load_bot(level: BotLevel, seed: u64, options: &Self::Options) -> BotLoad<Self>;
    /// The running game of the stored save `json` (stored under `id`): its `GameHost` (or
    /// for [`TableMode::Replay`] its `ReplayHost`), or why the save cannot be used (in
    /// `lang`). Built by the part `<game>_table`: the board, the host and the replay of a
    /// save (the engine), fetched when a game of this kind is opened.
    fn table(id: String, json: String, lang: Lang, mode: TableMode) -> ViewLoad;
}

pub trait UiGame: Parts {
    /// The marks of the game's first-game guide, which the host shows on a first game.
    const COACH: CoachMarks;
    /// The table offers "Tipp": a bot's choice for the decision now, explained by
    /// [`UiGame::hint`] (Karussell has hints of its own, a house rule of the game).
    const HINTS: bool = false;
    /// `action` said as advice to the person whose `view` it is: what to do and why in a
    /// short sentence ("♣8 abwerfen – …", without "Tipp:"), and the cards it is about. The
    /// hint says the normal bot's choice so ("Tipp: …"), the analysis after a deal the
    /// hard bot's better move.
    fn advice(_view: &Self::View, _action: &Self::Action, _lang: Lang) -> Option<Hint> {
        None
    }
    /// The cards in the hand of the person whose `view` it is (the analysis after a deal
    /// shows a decision's better move on them).
    fn hand(_view: &Self::View) -> Vec<engine::Card> {
        Vec::new()
    }
    /// The hint for `action`, the normal bot's choice: [`Self::advice`] after "Tipp:".
    fn hint(view: &Self::View, action: &Self::Action, lang: Lang) -> Option<Hint> {
        let a = Self::advice(view, action, lang)?;
        Some(Hint {
            text: crate::i18n::common::fill(lang, "host.hint_says", &[("advice", a.text)]),
            cards: a.cards,
        })
    }
    /// The bot levels the setup screen offers for this game.
    const BOT_LEVELS: &'static [BotLevel] = &[BotLevel::Easy, BotLevel::Greedy, BotLevel::Normal];
    /// The deals (rounds) played so far, the current one included (for the statistics).
    fn deals_played(view: &Self::View) -> u32;
    /// [`Self::deals_played`] of the state (the host asks after every action, to build a
    /// new board for a new deal); a game whose view is costly says it without one.
    fn deals_played_of(state: &Self) -> u32 {
        Self::deals_played(&state.view(0))
    }
    /// Build the board anew for every deal (it frees what Leptos keeps of the views gone in
    /// a deal; see `GameHost`). Only for boards that keep no UI state across a deal change.
    const NEW_BOARD_EACH_DEAL: bool = false;
    /// One log line for an event (None: not worth a line).
    fn describe(event: &Self::Event, names: &[String], lang: Lang) -> Option<String>;
    /// A specific, translated explanation of a rejection.
    fn explain(error: &RuleError<Self::Error>, names: &[String], lang: Lang) -> String;
    /// Cards an event moved (highlighted after a bot's move).
    fn event_cards(_event: &Self::Event) -> Vec<CardId> {
        Vec::new()
    }
    fn board(props: BoardProps<Self>) -> AnyView;
    /// True when bots should wait for a human to look first (e.g. a deal-end summary);
    /// the board calls `proceed` to let them go on.
    fn hold_bots(_view: &Self::View) -> bool {
        false
    }
    /// May `action` be taken back by its player within his turn? Only actions that reveal
    /// nothing hidden (no draw, no buy, no new deal) and do not end the turn; the default is
    /// none. See [`super::undo::undo_steps`].
    fn undoable(_action: &Self::Action) -> bool {
        false
    }
    /// Is the deciding player in a state where his turn's actions may be taken back (e.g.
    /// still in his play phase, no deal end)? `view` is his own view.
    fn undo_open(_view: &Self::View) -> bool {
        false
    }
}
