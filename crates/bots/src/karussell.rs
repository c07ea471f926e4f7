//! Karussell bots. They see only their view and the legal actions.
//! - Easy: melds what the legal list offers that adds the fewest cards (never a big
//!   rearrangement), knocks whenever it may.
//! - Normal: takes the listed transaction that places the most hand cards (the engine lists
//!   the solver's best arrangement among them), knocks when it may and its hand is not the
//!   highest on the table by count.

use crate::Bot;
use engine::karussell::{Karussell, KarussellAction, KarussellView};
use engine::{BotLevel, GameRng};

#[derive(Clone, Debug)]
pub struct KarussellBot {
    pub level: BotLevel,
    rng: GameRng,
}

impl KarussellBot {
    pub fn new(level: BotLevel, seed: u64) -> KarussellBot {
        KarussellBot {
            level,
            rng: GameRng::seed_from_u64(seed),
        }
    }
}

/// Hand cards a `Meld` action puts on the table.
pub fn cards_added(view: &KarussellView, action: &KarussellAction) -> usize {
    match action {
        KarussellAction::Meld { table } => {
            let before: usize = view.table.iter().map(Vec::len).sum();
            table
                .iter()
                .map(Vec::len)
                .sum::<usize>()
                .saturating_sub(before)
        }
        _ => 0,
    }
}

impl Bot<Karussell> for KarussellBot {
    fn choose(&mut self, view: &KarussellView, legal: &[KarussellAction]) -> KarussellAction {
        let has = |a: &KarussellAction| legal.contains(a);
        if has(&KarussellAction::Knock) {
            return KarussellAction::Knock;
        }
        let melds: Vec<&KarussellAction> = legal
            .iter()
            .filter(|a| matches!(a, KarussellAction::Meld { .. }))
            .collect();
        let pick = match self.level {
            BotLevel::Easy => melds.iter().min_by_key(|a| cards_added(view, a)).copied(),
            BotLevel::Normal => melds.iter().max_by_key(|a| cards_added(view, a)).copied(),
        };
        if let Some(m) = pick {
            // The easy bot sometimes waits for a better hand.
            if self.level == BotLevel::Normal || self.rng.below(4) != 0 {
                return m.clone();
            }
        }
        for a in [
            KarussellAction::NextRound,
            KarussellAction::Draw,
            KarussellAction::EndTurn,
            KarussellAction::Pass,
        ] {
            if has(&a) {
                return a;
            }
        }
        legal[self.rng.below(legal.len() as u64) as usize].clone()
    }
}
