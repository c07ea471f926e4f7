//! Revisions: one writer per game, always the newest.

use super::*;

//
// Beside each game a small key holds its revision: a number raised with every save, or
// `deleted` once the game was deleted. This page remembers the revision it last read or
// wrote (`BASE`). A save goes through only while the stored revision is still that one; if
// another tab saved the game meanwhile, this page's state is kept as a copy instead, and if
// the game was deleted, it is not written again. Other tabs hear of every save and deletion
// through the browser's `storage` event on this key (see the game host).

pub const REV_PREFIX: &str = "kartenrunde.rev.";

pub fn rev_key(id: &str) -> String {
    format!("{REV_PREFIX}{id}")
}

/// A game's stored revision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rev {
    /// None stored (a new game, or one saved by a version before revisions).
    Absent,
    At(u64),
    Deleted,
}

impl Rev {
    pub fn parse(text: Option<&str>) -> Rev {
        match text {
            None => Rev::Absent,
            Some("deleted") => Rev::Deleted,
            Some(t) => t.parse().map_or(Rev::Absent, Rev::At),
        }
    }
    pub(super) fn number(self) -> u64 {
        match self {
            Rev::At(n) => n,
            _ => 0,
        }
    }
}

/// The revision in the browser's storage (not this page's pending one).
pub fn stored_rev(id: &str) -> Result<Rev, Blocked> {
    let Some(s) = local() else {
        return Ok(Rev::Absent);
    };
    s.get_item(&rev_key(id))
        .map(|v| Rev::parse(v.as_deref()))
        .map_err(|_| Blocked)
}

/// The revision this page last read or wrote of game `id`.
pub fn base_rev(id: &str) -> u64 {
    BASE.with(|b| b.borrow().get(id).copied().unwrap_or(0))
}

/// Remembers the stored revision of `id` as the one this page shows (on opening a game).
pub fn note_opened(id: &str) {
    let n = stored_rev(id).map_or(0, Rev::number);
    BASE.with(|b| b.borrow_mut().insert(id.to_string(), n));
}

/// After a save of `id` went through on top of `base`: the next revision.
pub(super) fn bump_rev(id: &str, base: u64) {
    let next = base + 1;
    let key = rev_key(id);
    if write_through(&key, Some(&next.to_string())) {
        BASE.with(|b| b.borrow_mut().insert(id.to_string(), next));
    } else {
        // Not retried: a revision written later than its save would make this page's
        // next save look overtaken. The save is stored; other tabs hear of the next one.
        PENDING.with(|m| m.borrow_mut().remove(&key));
        changed();
    }
}

/// Which tab runs a game's bots: the one that opened it, was shown or was played in last
/// (its key holds that tab's id). Two tabs on a bots game never both play the bots' moves.
pub const OWNER_PREFIX: &str = "kartenrunde.owner.";

thread_local! {
    /// This page's id among the tabs.
    static TAB: String = format!("t{:x}", fresh_seed());
    /// Games whose claim could not be written (storage full): this page runs their bots.
    static CLAIM_FAILED: RefCell<std::collections::BTreeSet<String>> = const { RefCell::new(std::collections::BTreeSet::new()) };
}

pub fn owner_key(id: &str) -> String {
    format!("{OWNER_PREFIX}{id}")
}

/// This tab takes over the bots of game `id` (see [`OWNER_PREFIX`]).
pub fn claim(id: &str) {
    let key = owner_key(id);
    let ok = TAB.with(|t| local().is_some_and(|s| s.set_item(&key, t).is_ok()));
    CLAIM_FAILED.with(|c| {
        let mut c = c.borrow_mut();
        if ok {
            c.remove(id);
        } else {
            c.insert(id.to_string());
        }
    });
}

/// Whether this tab runs the bots of game `id`.
pub fn owns(id: &str) -> bool {
    if CLAIM_FAILED.with(|c| c.borrow().contains(id)) {
        return true;
    }
    let Some(s) = local() else { return true };
    match s.get_item(&owner_key(id)) {
        Ok(Some(owner)) => TAB.with(|t| *t == owner),
        _ => true,
    }
}

/// Takes the copy a pending save of `id` went to (see [`flush`]), if any.
pub fn take_copy(id: &str) -> Option<String> {
    COPIED.with(|c| {
        let mut c = c.borrow_mut();
        let i = c.iter().position(|(g, _)| g == id)?;
        Some(c.remove(i).1)
    })
}

/// What became of a game's save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Saved {
    /// In the browser's storage.
    Stored,
    /// Kept in memory and retried (storage full or refused).
    Pending,
    /// Another tab saved this game meanwhile: this state was kept as the copy `String`.
    Copied(String),
    /// The game was deleted (in another tab): not written again.
    Deleted,
    /// Another tab saved this game further, with every move of this page: nothing was
    /// written; the page is to show the stored one.
    Overtaken,
}
