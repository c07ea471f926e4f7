//! A running game as it is saved: its record (rules, seed, actions), the state replayed from
//! it, and the save's metadata; started, loaded (re-validated) and stored here.

use crate::storage::{self, IndexEntry};
use engine::save::{self, Record, SaveError, SaveMeta};
use engine::{BotLevel, Game, RuleError, Seat};

/// A running game: everything that is saved.
pub struct Session<G: Game> {
    pub id: String,
    pub record: Record<G>,
    pub state: G,
    pub meta: SaveMeta,
}

impl<G: Game> Clone for Session<G> {
    fn clone(&self) -> Self {
        Session {
            id: self.id.clone(),
            record: self.record.clone(),
            state: self.state.clone(),
            meta: self.meta.clone(),
        }
    }
}

impl<G: Game> Session<G> {
    pub fn start(
        id: String,
        options: G::Options,
        meta: SaveMeta,
        seed: u64,
    ) -> Result<Self, RuleError<G::Error>> {
        let seats = meta.player_names.len();
        let state = G::new(&options, seats, seed)?;
        Ok(Session {
            id,
            record: Record::new(options, seats, seed),
            state,
            meta,
        })
    }

    /// Loads and re-validates a save (migrated, replayed from the seed, the position
    /// compared with the stored digest).
    pub fn from_json(id: String, json: &str) -> Result<Self, SaveError> {
        Self::from_file(id, save::read_file(json)?)
    }

    /// Like [`Session::from_json`] for a file already read.
    pub fn from_file(id: String, file: save::SaveFile) -> Result<Self, SaveError> {
        let (record, state, meta) = save::load_file::<G>(file)?;
        Ok(Session {
            id,
            record,
            state,
            meta,
        })
    }

    pub fn to_json(&self) -> Result<String, SaveError> {
        save::save(&self.record, &self.state, &self.meta)
    }

    /// Autosave: writes the save and the index entry (kept in memory and retried if the
    /// browser refuses; the app shows a notice then). Only on top of the revision this page
    /// knows: see [`storage::Saved`] for what happens when another tab got there first.
    pub fn persist(&mut self) -> Result<storage::Saved, SaveError> {
        self.meta.updated_ms = storage::now_ms();
        self.meta.finished = self.state.is_over();
        let entry = IndexEntry::of(&self.id, &self.meta);
        // Written in pieces straight into the browser's string: after each action a save of
        // the whole, growing record is written, and a new block for it each time left the
        // wasm heap ever more fragmented (docs/DESIGN.md "Memory").
        let mut text = storage::TextSink::default();
        save::save_to(&self.record, &self.state, &self.meta, &mut text)?;
        Ok(storage::store_game_text(entry, text))
    }

    pub(crate) fn is_human(&self, seat: Seat) -> bool {
        self.meta
            .seat_kinds
            .get(seat)
            .map(|k| k.is_human())
            .unwrap_or(true)
    }

    pub(crate) fn bot_level(&self, seat: Seat) -> Option<BotLevel> {
        self.meta.seat_kinds.get(seat).and_then(|k| k.bot_level())
    }
}

/// Replays the log to rebuild the running log's events.
pub(crate) fn replay_events<G: Game>(record: &Record<G>) -> Vec<G::Event> {
    let mut events = Vec::new();
    if let Ok(mut g) = record.start() {
        for (seat, action) in &record.log {
            match g.apply(*seat, action) {
                Ok(ev) => events.extend(ev),
                Err(_) => break,
            }
        }
    }
    events
}
