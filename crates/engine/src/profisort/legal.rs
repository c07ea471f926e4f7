//! Legal actions: a bounded list. Task lays are the layouts the greedy finder gives
//! (joker-free and with jokers); lay-offs are single cards (one per face and end) and
//! complete new components; `apply` accepts any legal action, listed or not.

use super::actions::{ProfiSortAction as A, RunEnd};
use super::find::{find_layout, jokers_in, FindOpts};
use super::state::{Phase, ProfiSort};
use super::tasks::{shape, PartKind, PartSpec, TaskShape};
use crate::card::{Card, CardId};
use crate::game::Seat;

const NEW_PAIR: TaskShape = TaskShape {
    task: 9,
    jokers: false,
    parts: &[PartSpec::IdentPair],
};

fn ids(parts: &[Vec<Card>]) -> Vec<Vec<CardId>> {
    parts
        .iter()
        .map(|p| p.iter().map(|c| c.id).collect())
        .collect()
}

impl ProfiSort {
    pub(crate) fn legal(&self, seat: Seat) -> Vec<A> {
        if self.decider() != Some(seat) {
            return Vec::new();
        }
        let d = &self.deal;
        match self.phase {
            Phase::RedealChoice => vec![A::Redeal, A::KeepHand],
            Phase::Draw => {
                let mut out = vec![A::Draw];
                if self.check_take_discard().is_ok() {
                    out.push(A::TakeDiscard);
                }
                if !d.received[seat].is_empty() {
                    out.push(A::SitOut);
                }
                out
            }
            Phase::Play => {
                let mut out = self.task_lays(seat);
                out.extend(self.lay_offs(seat));
                out.extend(self.gifts(seat));
                out.extend(self.discards(seat));
                out
            }
            Phase::LastDiscard => self.discards(seat),
            Phase::DealOver => vec![A::NextDeal],
            Phase::MatchOver => Vec::new(),
        }
    }

    /// Layouts of every open task the finder sees in the hand, accepted by `apply`.
    pub fn task_lays(&self, seat: Seat) -> Vec<A> {
        let hand = &self.deal.hands[seat];
        let jokers = hand.iter().filter(|c| c.face.is_joker()).count();
        let mut out = Vec::new();
        for task in self.opts.tasks_in_play() {
            if self.sheets[seat].is_done(task) {
                continue;
            }
            let shapes: Vec<u8> = if task == 15 {
                (1..=14).collect()
            } else {
                vec![task]
            };
            for s in shapes {
                let Some(sh) = shape(s) else { continue };
                if task == 15 && hand.len() != sh.cards() + 1 {
                    continue;
                }
                let usable = hand.len() - if sh.jokers { 0 } else { jokers };
                if usable < sh.cards() {
                    continue;
                }
                // With every joker first: nothing found means nothing joker-free either.
                let all = if sh.jokers { jokers } else { 0 };
                let mut found = Vec::new();
                for max_jokers in [all, 0] {
                    let o = FindOpts {
                        distinct: self.opts.distinct_ranks,
                        max_jokers,
                        need_natural: true,
                    };
                    let Some(parts) = find_layout(sh, hand, o) else {
                        break;
                    };
                    let free = jokers_in(&parts) == 0;
                    found.push(parts);
                    if free {
                        break;
                    }
                }
                for parts in found {
                    let a = A::LayTask {
                        task,
                        repeat: (task == 15).then_some(s),
                        parts: ids(&parts),
                    };
                    if !out.contains(&a) && self.check_action(seat, &a) {
                        out.push(a);
                    }
                }
            }
        }
        out
    }

    fn check_action(&self, seat: Seat, a: &A) -> bool {
        match a {
            A::LayTask {
                task,
                repeat,
                parts,
            } => self.check_lay_task(seat, *task, *repeat, parts).is_ok(),
            A::LayOff {
                meld,
                part,
                end,
                cards,
            } => self.check_lay_off(seat, *meld, *part, *end, cards).is_ok(),
            _ => false,
        }
    }

    /// Single cards (one per face and place) and complete new components of tasks 3 and 9.
    pub fn lay_offs(&self, seat: Seat) -> Vec<A> {
        if !self.deal.opened[seat] {
            return Vec::new();
        }
        let hand = &self.deal.hands[seat];
        let mut singles: Vec<Card> = Vec::new();
        for c in hand {
            if !singles.iter().any(|s| s.face == c.face) {
                singles.push(*c);
            }
        }
        let mut out = Vec::new();
        for (i, m) in self.deal.melds.iter().enumerate() {
            for (p, part) in m.parts.iter().enumerate() {
                let ends: &[RunEnd] = match part.kind {
                    PartKind::Run { .. } => &[RunEnd::Low, RunEnd::High],
                    PartKind::SuitQuad { .. } | PartKind::IdentPair { .. } => &[],
                    _ => &[RunEnd::High],
                };
                for &end in ends {
                    for c in &singles {
                        let a = A::LayOff {
                            meld: i,
                            part: Some(p),
                            end,
                            cards: vec![c.id],
                        };
                        if self.check_action(seat, &a) {
                            out.push(a);
                        }
                    }
                }
            }
            let new_part = match m.parts.first().map(|p| p.kind) {
                Some(PartKind::SuitQuad { .. }) => shape(3),
                Some(PartKind::IdentPair { .. }) => Some(&NEW_PAIR),
                _ => None,
            };
            let o = FindOpts {
                distinct: false,
                max_jokers: 0,
                need_natural: true,
            };
            if let Some(parts) = new_part.and_then(|sh| find_layout(sh, hand, o)) {
                let a = A::LayOff {
                    meld: i,
                    part: None,
                    end: RunEnd::High,
                    cards: ids(&parts).concat(),
                };
                if self.check_action(seat, &a) {
                    out.push(a);
                }
            }
        }
        out
    }

    fn gifts(&self, seat: Seat) -> Vec<A> {
        let hand = &self.deal.hands[seat];
        let Some(ace) = hand
            .iter()
            .find(|c| c.face.rank().is_some_and(|r| r.0 == 1))
        else {
            return Vec::new();
        };
        (0..self.seats)
            .filter(|&to| to != seat && self.check_give(seat, ace.id, to).is_ok())
            .map(|to| A::GiveAce { card: ace.id, to })
            .collect()
    }

    fn discards(&self, seat: Seat) -> Vec<A> {
        self.deal.hands[seat]
            .iter()
            .filter(|c| self.check_discard(seat, c.id).is_ok())
            .map(|c| A::Discard { card: c.id })
            .collect()
    }

    /// Actions that must be rejected now (for the harness).
    pub(crate) fn probes(&self, seat: Seat) -> Vec<A> {
        let mut out = vec![
            A::Discard { card: CardId(9999) },
            A::LayTask {
                task: 16,
                repeat: None,
                parts: vec![],
            },
            A::LayOff {
                meld: 999,
                part: Some(0),
                end: RunEnd::High,
                cards: vec![],
            },
        ];
        if self.phase != Phase::RedealChoice {
            out.push(A::Redeal);
        }
        if self.phase != Phase::DealOver {
            out.push(A::NextDeal);
        }
        if !self.opts.draw_from_discard {
            out.push(A::TakeDiscard);
        }
        if self.phase == Phase::Play {
            out.push(A::Draw);
            if let Some(c) = self.deal.hands[seat].first() {
                out.push(A::GiveAce {
                    card: c.id,
                    to: seat,
                });
                out.push(A::LayTask {
                    task: 1,
                    repeat: None,
                    parts: vec![vec![c.id, c.id]],
                });
            }
        }
        if self.deal.received.get(seat).is_some_and(|r| r.is_empty()) {
            out.push(A::SitOut);
        }
        out
    }
}
