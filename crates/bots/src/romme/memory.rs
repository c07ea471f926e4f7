//! What a bot remembers across its decisions: the discards opponents took this deal and
//! the faces of the discard pile.

use engine::romme::{DrawSource, RommeEvent, RommeView};
use engine::{Face, Seat};

#[derive(Clone, Debug, Default)]
pub(crate) struct Memory {
    /// The event log of the last view seen.
    log: Vec<RommeEvent>,
    /// (opponent, face) of every discard an opponent drew or bought and has not melded.
    pub collected: Vec<(Seat, Face)>,
    /// The faces of the discard pile as far as seen, bottom first, ending with the view's
    /// top discard (the cards below what was seen are unknown).
    pub pile: Vec<Face>,
}

impl Memory {
    /// Reads the events that are new since the last view (the log is a sliding window).
    pub fn update(&mut self, view: &RommeView) {
        let new = &view.events;
        let overlap = (0..=self.log.len())
            .find(|&cut| {
                let old = &self.log[cut..];
                old.len() <= new.len() && new[..old.len()] == *old
            })
            .map_or(0, |cut| self.log.len() - cut);
        for e in &new[overlap..] {
            self.track_pile(e);
            match e {
                RommeEvent::DealStarted { .. } => self.collected.clear(),
                RommeEvent::Drew {
                    seat,
                    face: Some(f),
                    ..
                }
                | RommeEvent::Bought { seat, face: f }
                    if *seat != view.seat =>
                {
                    self.collected.push((*seat, *f));
                }
                RommeEvent::Melded { seat, faces, .. } => {
                    self.collected
                        .retain(|(s, f)| !(s == seat && faces.contains(f)));
                }
                _ => {}
            }
        }
        self.log.clone_from(new);
        // Whatever the log did not explain (the upcard, a rob of the top discard): keep
        // only what agrees with the view.
        let top = view.discard_top.map(|c| c.face);
        if self.pile.last().copied() != top || self.pile.len() > view.discard_size {
            self.pile.clear();
            self.pile.extend(top);
        }
    }

    fn track_pile(&mut self, e: &RommeEvent) {
        match e {
            RommeEvent::DealStarted { .. } => self.pile.clear(),
            RommeEvent::Discarded { face, .. } => self.pile.push(*face),
            RommeEvent::Drew {
                source: DrawSource::Discard,
                ..
            }
            | RommeEvent::Bought { .. } => {
                self.pile.pop();
            }
            RommeEvent::Reshuffled { .. } => {
                let top = self.pile.pop();
                self.pile.clear();
                self.pile.extend(top);
            }
            _ => {}
        }
    }
}
