//! The app's context, below every component: the shared app state ([`AppCtx`], provided by
//! the router in `app.rs`), the board signals a game host prunes, and the helpers that keep
//! long-lived signals from holding dead subscribers.

use crate::i18n::{tr, Lang};
use crate::routes::Route;
use crate::settings::Settings;
use engine::{BotLevel, SeatKind, Standing};
use leptos::prelude::*;

/// Shared app state, provided as context.
#[derive(Clone, Copy)]
pub struct AppCtx {
    pub settings: RwSignal<Settings>,
    pub route: RwSignal<Route>,
    /// Whether the match on the page `#/play/<id>` is over (set by the game host): a
    /// newer version is offered only then, never in the middle of a game.
    pub match_over: RwSignal<bool>,
    /// The bot level the next setup starts with (chosen by "next level" on a match end).
    pub level_wish: RwSignal<Option<BotLevel>>,
}

/// A match won against bots of one level: the match-end panel offers the next level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NextLevel {
    /// The catalog entry played.
    pub variant: String,
    pub beaten: BotLevel,
    pub next: BotLevel,
}

impl NextLevel {
    /// The offer after a finished match: exactly one human, placed first, against bots
    /// that all play `beaten`, whose next level (easy → normal → hard) the game has.
    pub fn after(
        variant: &str,
        kinds: &[SeatKind],
        standings: &[Standing],
        levels: &[BotLevel],
    ) -> Option<NextLevel> {
        let mut humans = kinds
            .iter()
            .enumerate()
            .filter(|(_, k)| **k == SeatKind::Human);
        let (you, _) = humans.next()?;
        if humans.next().is_some() {
            return None;
        }
        let won = standings.iter().any(|s| s.seat == you && s.place == 1);
        let mut bots = kinds.iter().filter_map(|k| k.bot_level());
        let beaten = bots.next()?;
        if !won || bots.any(|l| l != beaten) {
            return None;
        }
        let next = match beaten {
            BotLevel::Easy | BotLevel::Greedy => BotLevel::Normal,
            BotLevel::Normal => BotLevel::Hard,
            BotLevel::Hard => return None,
        };
        levels.contains(&next).then(|| NextLevel {
            variant: variant.to_string(),
            beaten,
            next,
        })
    }
}

/// The offer of the match on the page (provided by the game host).
#[derive(Clone, Copy)]
pub struct NextLevelOffer(pub Signal<Option<NextLevel>>);

/// The setup's choice "Jeder am eigenen Gerät": the other humans play on their own devices
/// (a table between devices), read by `games::start_game`.
/// `wish`: the box is ticked; `several`: two or more humans sit at the table (only then is
/// it offered). The box itself is drawn by the game's setup panel (in its part of the wasm).
#[derive(Clone, Copy)]
pub struct SetupDevices {
    pub wish: RwSignal<bool>,
    pub several: Signal<bool>,
}

impl SetupDevices {
    pub fn chosen(&self) -> bool {
        self.wish.get_untracked() && self.several.get_untracked()
    }
}

/// The setup's choice whether "Tipp" is offered in the game it starts (provided by the
/// setup page, read when the game is stored).
#[derive(Clone, Copy)]
pub struct SetupHints(pub Signal<bool>);

/// "Tipp" at the table (provided by the game host where the game has hints): the dock shows
/// the button and the hint; the hand marks the hint's cards.
#[derive(Clone, Copy)]
pub struct HintCtx {
    /// The button is there (hints allowed in this game).
    pub allowed: bool,
    /// A person decides now: the button can be used.
    pub ready: Signal<bool>,
    /// Asks the bot for the decision now.
    pub ask: Callback<()>,
    /// The hint shown (until the next action).
    pub text: RwSignal<Option<String>>,
    /// The cards the hint is about.
    pub cards: RwSignal<Vec<engine::CardId>>,
}

/// Provided by a replay: boards are watched, not played (an end panel is no modal dialog
/// there, so the replay's controls stay in reach).
#[derive(Clone, Copy)]
pub struct Watching(pub bool);

/// "Diese Runde nochmal" on the deal-end panels (provided by the game host).
#[derive(Clone, Copy)]
pub struct DealAgain {
    /// Starts deal `n` (1 = the first) again as a new game and opens it; `None` where it is
    /// not offered (a game that travels by link, a table of bots only).
    pub start: Option<Callback<u32>>,
    /// In a game that repeats a deal: that deal's number and the lines comparing its result
    /// here with the original's (shown by that deal's end panel only).
    pub compare: Signal<Option<(u32, Vec<String>)>>,
}

/// "Analyse" on the deal-end panels (provided by the game host where a person plays at
/// this device): the hard bot looks at that person's decisions of one deal again.
#[derive(Clone, Copy)]
pub struct DealAnalysis {
    /// Starts the analysis of deal `n` (1 = the first); a running one is cancelled first.
    pub start: Callback<u32>,
    /// Cancels the analysis running (what it has found so far is dropped).
    pub cancel: Callback<()>,
    pub state: RwSignal<AnalysisState>,
}

/// Where the analysis of a deal stands.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum AnalysisState {
    #[default]
    Idle,
    /// `done` of `total` decisions judged (`total` is 0 until the bot's code is there).
    Running {
        deal: u32,
        done: usize,
        total: usize,
    },
    /// The decisions that cost points, of `judged` looked at.
    Done {
        deal: u32,
        judged: usize,
        items: Vec<AnalysisItem>,
    },
    Failed {
        deal: u32,
        text: String,
    },
}

impl AnalysisState {
    /// The deal this state is about (none while idle).
    pub fn deal(&self) -> Option<u32> {
        match self {
            AnalysisState::Idle => None,
            AnalysisState::Running { deal, .. }
            | AnalysisState::Done { deal, .. }
            | AnalysisState::Failed { deal, .. } => Some(*deal),
        }
    }
}

/// One decision the analysis found costly, said in the person's language.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisItem {
    /// The person's n-th decision in the deal (1 = the first).
    pub number: usize,
    /// What was played (the game log's line of it).
    pub played: String,
    /// The better move and why ("♣8 abwerfen – …").
    pub better: String,
    /// The estimated cost in points (rounded, at least 1).
    pub cost: u32,
    /// The hand at that decision, with the better move's cards marked.
    pub hand: Vec<(engine::Card, bool)>,
}

impl AppCtx {
    pub fn lang(&self) -> Lang {
        self.settings.with(|s| s.lang)
    }
    /// Translates `key` in the current language (reactive when called inside a closure).
    pub fn t(&self, key: &str) -> String {
        tr(self.lang(), key).to_string()
    }
    /// Shows `route` in place of the current history entry (Back then skips the current
    /// route, e.g. a link that was just imported).
    pub fn replace(&self, route: Route) {
        let hash = route.to_hash();
        if let Some(w) = web_sys::window() {
            let replaced = w.history().and_then(|h| {
                h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&hash))
            });
            if replaced.is_err() {
                let _ = w.location().replace(&hash);
            }
        }
        if self.route.get_untracked() != route {
            self.route.set(route);
        }
    }
    pub fn go(&self, route: Route) {
        let hash = route.to_hash();
        if let Some(w) = web_sys::window() {
            let _ = w.location().set_hash(&hash);
        }
        if self.route.get_untracked() != route {
            self.route.set(route);
        }
    }
}

/// Leptos 0.8 (reactive_graph 0.2) never takes an effect that was dropped with its view out
/// of the subscriber lists of the signals it read: the list keeps a weak reference, and that
/// keeps the effect's node (48 bytes of wasm memory) allocated for as long as the signal
/// lives. A signal that outlives the views reading it (the settings, read by every
/// translated text; a game's session, read by the parts of its board that are rebuilt) so
/// grows with every rebuilt view. `prune` marks every subscriber dirty (each live one runs
/// again and subscribes anew) and empties the list, which frees the dead ones.
pub fn prune<T: Send + Sync + 'static>(signal: RwSignal<T>) {
    use leptos::reactive::graph::Source;
    signal.notify();
    signal.clear_subscribers();
}

/// `signal.set(value)` (which marks every subscriber dirty anyway), then forgets the
/// subscribers as [`prune`] does.
pub fn set_pruned<T: Send + Sync + 'static>(signal: RwSignal<T>, value: T) {
    use leptos::reactive::graph::Source;
    signal.set(value);
    signal.clear_subscribers();
}

/// `signal.update(f)`, then forgets the subscribers as [`prune`] does.
pub fn update_pruned<T: Send + Sync + 'static>(signal: RwSignal<T>, f: impl FnOnce(&mut T)) {
    use leptos::reactive::graph::Source;
    signal.update(f);
    signal.clear_subscribers();
}

/// The signals of a game's board that live as long as the board but are read by views
/// that come and go (a hand card's selection mark, a meld's robbery mark): the game host
/// prunes them (see [`prune`]) together with its own, every so often. Provided by the host.
#[derive(Clone, Copy)]
pub struct BoardSignals(pub StoredValue<Vec<Box<dyn Fn() -> bool + Send + Sync>>>);

impl BoardSignals {
    /// Prunes every registered signal; forgets those that are gone (a board built anew).
    pub fn prune(&self) {
        self.0.update_value(|list| list.retain(|prune| prune()));
    }
}

/// Registers `signal` with the game host's [`BoardSignals`] (nothing happens outside a host).
pub fn prune_with_board<T: Send + Sync + 'static>(signal: RwSignal<T>) {
    use leptos::reactive::traits::IsDisposed;
    if let Some(BoardSignals(list)) = use_context::<BoardSignals>() {
        list.update_value(|l| {
            l.push(Box::new(move || {
                prune(signal);
                !signal.is_disposed()
            }))
        });
    }
}

impl AppCtx {
    /// Prunes the settings (see [`prune`]), which live as long as the app and are read by
    /// every translated text. (The route is read only by the app's frame: pruning it would
    /// rebuild the page.)
    pub fn prune(&self) {
        prune(self.settings);
    }
}

pub fn use_app() -> AppCtx {
    expect_context::<AppCtx>()
}

/// The skip link's target: a marked element (`data-skip-target`), else the hand's focusable
/// card, else the page's content.
pub fn skip_to_content() {
    use wasm_bindgen::JsCast;
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    for sel in [
        "[data-skip-target]",
        "[data-testid=hand-card][tabindex='0']",
        "#content",
    ] {
        if let Some(el) = doc
            .query_selector(sel)
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = el.focus();
            return;
        }
    }
}
