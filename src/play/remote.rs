//! The table between devices: what the host's page (the table, the only place the engine
//! applies actions) and a guest's page say to each other over their data channel, and how
//! the host judges a guest's intent. A guest only ever receives its own `view(seat)`, its
//! legal actions, its log lines and card ids it can see; the seed, the talon and the other
//! hands never leave the host.

use crate::i18n::Lang;
use crate::play::session::Session;
use crate::play::UiGame;
use engine::game::ErasedRuleError;
use engine::{CardId, Game, Seat};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// A guest's message to the host.
#[derive(Clone, Debug, Serialize, Deserialize)]
// Externally tagged (`{"act": {…}}`): raw JSON cannot pass through serde's buffering of
// an internally tagged enum.
#[serde(rename_all = "snake_case")]
pub enum ToHost {
    /// The first message on a channel: the seat's secret (from the invitation, kept on the
    /// guest's device), the name the guest chose and its language.
    Hello {
        token: String,
        name: String,
        lang: String,
    },
    /// An action for `seat` (the guest's own), chosen on the state after `at` actions; `seq`
    /// counts the guest's intents (a repeated or older one is answered, never applied).
    Act {
        seq: u64,
        seat: Seat,
        at: usize,
        action: Box<RawValue>,
    },
    /// The guest has seen a pause the game asked for (a deal's end) and lets bots go on.
    Proceed { at: usize },
    /// The guest's connection kept ready for the host's return (a reply code with the guest's
    /// fixed credentials): the host keeps it beside its save and answers it after a reload.
    Back { code: String },
}

/// The host's message to a guest.
#[derive(Clone, Debug, Serialize, Deserialize)]
// Externally tagged (`{"act": {…}}`): raw JSON cannot pass through serde's buffering of
// an internally tagged enum.
#[serde(rename_all = "snake_case")]
pub enum ToGuest {
    /// The guest's seat and the table's names (sent once after a good `Hello`).
    Welcome {
        seat: Seat,
        game: String,
        variant: String,
        names: Vec<String>,
    },
    /// The guest's view of the table now.
    State(Box<Snapshot>),
    /// The intent `seq` was not applied, and why.
    Refused { seq: u64, why: Refusal },
    /// The channel is not given a seat (the guest is told why, then it is closed).
    Denied { why: Denial },
    /// The host's connection kept ready for this guest's return (an invitation code with the
    /// host's fixed credentials, whose answer the host wrote itself): kept on the guest's
    /// device, it brings the guest back after a reload or a lost network with no step by
    /// anyone.
    Back { code: String },
}

/// What a guest sees of the table after `at` actions. The view and the actions are the
/// game's own JSON, written and read as text (no generic JSON tree per game type: that
/// cost a game's table part about 25 KB).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Snapshot {
    pub at: usize,
    /// The last intent of this guest the host has answered.
    pub seq: u64,
    /// `view(seat)` as JSON.
    pub view: Box<RawValue>,
    /// The seat's legal actions now (`[]` while others decide), as JSON.
    pub legal: Box<RawValue>,
    /// The last log lines, in the guest's language.
    pub log: Vec<String>,
    /// Cards the last action of someone else moved, among those the guest can see.
    pub highlight: Vec<CardId>,
    /// The names at the table (a guest may have brought its own).
    pub names: Vec<String>,
    /// Per seat: played on another device and not connected now.
    pub away: Vec<bool>,
    /// The game is waiting for a look at a pause (a deal's end) before bots go on.
    pub held: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum Refusal {
    /// The rules refuse it (explained with the game's own texts).
    Rule { error: ErasedRuleError },
    /// Chosen on an older state: the table has moved on (the new state comes with this).
    Stale,
    /// An intent answered before (sent twice): nothing happens again.
    Repeated,
    /// For a seat that is not the guest's.
    NotYourSeat,
    /// Not an action of this game.
    Malformed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Denial {
    /// The secret does not belong to this seat (an old or foreign invitation).
    WrongToken,
    /// Another device holds the seat right now.
    SeatTaken,
}

/// Judges guest intent `act` of `seat`, whose last answered intent was `last_seq`, against
/// the session: the action to hand to the engine (which decides whether the rules allow it:
/// not every legal action can be listed, e.g. a Karussell table rearranged), or the refusal
/// to send. Nothing is changed here.
pub fn judge<G: Game>(
    s: &Session<G>,
    seat: Seat,
    last_seq: u64,
    seq: u64,
    claimed: Seat,
    at: usize,
    action: &RawValue,
) -> Result<G::Action, Refusal> {
    if seq <= last_seq {
        return Err(Refusal::Repeated);
    }
    if claimed != seat {
        return Err(Refusal::NotYourSeat);
    }
    let action: G::Action = serde_json::from_str(action.get()).map_err(|_| Refusal::Malformed)?;
    if at != s.record.log.len() {
        return Err(Refusal::Stale);
    }
    Ok(action)
}

/// The snapshot for the guest at `seat`: `moved` are the cards the last action of someone
/// else moved (only those the seat's view shows are sent); the game holds its bots for a look
/// at a pause ([`UiGame::hold_bots`]) unless a human let them go on after `proceeded` actions.
pub fn snapshot<G: UiGame>(
    s: &Session<G>,
    seat: Seat,
    seq: u64,
    log: &[String],
    moved: &[CardId],
    away: Vec<bool>,
    proceeded: Option<usize>,
) -> Snapshot {
    let at = s.record.log.len();
    let view = s.state.view(seat);
    let held = G::hold_bots(&view) && proceeded != Some(at);
    let legal = if s.state.to_move() == Some(seat) {
        s.state.legal_actions(seat)
    } else {
        Vec::new()
    };
    let raw = |text: Result<String, serde_json::Error>| {
        text.ok()
            .and_then(|t| RawValue::from_string(t).ok())
            .unwrap_or_default()
    };
    let view = raw(serde_json::to_string(&view));
    let highlight = if moved.is_empty() {
        Vec::new()
    } else {
        let mut seen = Vec::new();
        if let Ok(tree) = serde_json::from_str(view.get()) {
            engine::cards_in_json(&tree, &mut seen);
        }
        moved.iter().copied().filter(|c| seen.contains(c)).collect()
    };
    Snapshot {
        at,
        seq,
        legal: raw(serde_json::to_string(&legal)),
        highlight,
        view,
        log: log.to_vec(),
        names: s.meta.player_names.clone(),
        away,
        held,
    }
}

/// Log lines for `events` in `lang`.
pub fn lines<G: UiGame>(events: &[G::Event], names: &[String], lang: Lang) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| G::describe(e, names, lang))
        .collect()
}

/// A new seat secret as the invitation carries it.
pub fn token_text(token: u64) -> String {
    format!("{token:016x}")
}

#[cfg(test)]
mod tests;
