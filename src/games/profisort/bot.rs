//! A plain Profi-Sort bot for the app until the bots crate has one: lays every task it
//! is offered, lays off, gives its ace, sits out with a received ace, and discards its
//! most expensive loose card.

use bots::Bot;
use engine::profisort::{ProfiSort, ProfiSortAction as A, ProfiSortView};
use engine::{BotLevel, Card, GameRng};

pub struct TaskBot {
    rng: GameRng,
    level: BotLevel,
}

impl TaskBot {
    pub fn new(level: BotLevel, seed: u64) -> TaskBot {
        TaskBot {
            rng: GameRng::seed_from_u64(seed),
            level,
        }
    }
}

/// How much the bot wants to get rid of `c` (higher first).
fn waste(c: &Card, hand: &[Card]) -> i32 {
    let Some(rank) = c.face.rank() else {
        return -100; // a joker
    };
    if rank.0 == 1 {
        return 100;
    }
    let same = hand.iter().filter(|o| o.face.rank() == Some(rank)).count() as i32;
    let near = hand
        .iter()
        .filter(|o| {
            o.face.suit() == c.face.suit()
                && o.face.rank().is_some_and(|r| r.0.abs_diff(rank.0) == 1)
        })
        .count() as i32;
    let value = if rank.0 >= 11 { 10 } else { 5 };
    value - 8 * (same - 1) - 6 * near
}

impl Bot<ProfiSort> for TaskBot {
    fn choose(&mut self, view: &ProfiSortView, legal: &[A]) -> A {
        let pick = |f: &dyn Fn(&A) -> bool| legal.iter().find(|a| f(a)).cloned();
        let first = pick(&|a| matches!(a, A::KeepHand | A::NextDeal | A::SitOut))
            .or_else(|| pick(&|a| matches!(a, A::LayTask { .. })))
            .or_else(|| pick(&|a| matches!(a, A::LayOff { .. })))
            .or_else(|| {
                (self.level != BotLevel::Easy)
                    .then(|| pick(&|a| matches!(a, A::GiveAce { .. })))
                    .flatten()
            });
        if let Some(a) = first {
            return a;
        }
        let discards: Vec<&A> = legal
            .iter()
            .filter(|a| matches!(a, A::Discard { .. }))
            .collect();
        if discards.is_empty() {
            let i = self.rng.below(legal.len() as u64) as usize;
            return legal[i].clone();
        }
        let score = |a: &A| match a {
            A::Discard { card } => view
                .hand
                .iter()
                .find(|c| c.id == *card)
                .map(|c| waste(c, &view.hand))
                .unwrap_or(0),
            _ => 0,
        };
        let best = discards.iter().map(|a| score(a)).max().unwrap_or(0);
        let top: Vec<&&A> = discards.iter().filter(|a| score(a) == best).collect();
        let i = self.rng.below(top.len() as u64) as usize;
        (*top[i]).clone()
    }
}
