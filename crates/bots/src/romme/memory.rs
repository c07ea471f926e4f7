//! What a bot remembers across its decisions: the discards opponents took this deal.

use engine::romme::{RommeEvent, RommeView};
use engine::{Face, Seat};

#[derive(Clone, Debug, Default)]
pub(crate) struct Memory {
    /// The event log of the last view seen.
    log: Vec<RommeEvent>,
    /// (opponent, face) of every discard an opponent drew or bought and has not melded.
    pub collected: Vec<(Seat, Face)>,
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
    }
}
