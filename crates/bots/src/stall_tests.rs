//! A table cannot stall on a bot: every game, every preset, driven by bots that propose an
//! illegal action at every other decision, ends, each refusal answered by a legal action
//! ([`crate::think::settle`], the check the page runs on every bot action too).

use crate::games::{with_bot_game, BotGame, BotVisitor};
use crate::{drive_with, Bot};
use engine::games::{variant_options, VariantInfo, VARIANTS};
use engine::{BotLevel, Game};

/// A normal bot that, at every other decision, proposes instead an action it saw listed at
/// an earlier decision but not at this one (a card no longer in its hand, a draw in the
/// play phase, a buy after the chance passed …): mostly illegal now.
struct Liar<G: Game> {
    honest: Box<dyn Bot<G>>,
    seen: Vec<G::Action>,
    decisions: u64,
}

impl<G: Game> Bot<G> for Liar<G> {
    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        self.decisions += 1;
        let stale = self.seen.iter().rev().find(|a| !legal.contains(a)).cloned();
        for a in legal {
            if !self.seen.contains(a) {
                self.seen.push(a.clone());
            }
        }
        let len = self.seen.len();
        self.seen.drain(..len.saturating_sub(200));
        match stale {
            Some(action) if self.decisions.is_multiple_of(2) => action,
            _ => self.honest.choose(view, legal),
        }
    }
}

/// Drives one preset with liars at every seat: the game must end, and the liars must have
/// been caught (else the test proves nothing).
struct Stall(&'static VariantInfo);

impl BotVisitor for Stall {
    type Out = ();
    fn visit<G: BotGame>(self) {
        let variant = self.0;
        let options = G::tournament_options(variant_options::<G>(variant.id).unwrap());
        for seats in [variant.min_players, variant.max_players.min(4)] {
            let mut game = G::new(&options, seats, 11 + seats as u64).unwrap();
            let mut bots: Vec<Box<dyn Bot<G>>> = (0..seats)
                .map(|seat| -> Box<dyn Bot<G>> {
                    Box::new(Liar {
                        honest: G::bot(BotLevel::Normal, seat as u64, &options),
                        seen: Vec::new(),
                        decisions: 0,
                    })
                })
                .collect();
            let mut refused = 0;
            let steps = drive_with(&mut game, &mut bots, 200_000, &mut |_, r| {
                refused += 1;
                assert_ne!(r.proposed, r.played);
                Ok(())
            });
            let id = variant.id;
            assert!(steps.is_ok(), "{id}, {seats} seats: {steps:?}");
            assert!(game.is_over(), "{id}, {seats} seats: not over");
            assert!(refused > 0, "{id}, {seats} seats: no lie was caught");
        }
    }
}

#[test]
fn bots_proposing_illegal_actions_cannot_stall_any_game() {
    let playable: Vec<_> = VARIANTS.iter().filter(|v| v.game.is_some()).collect();
    assert_eq!(playable.len(), 9, "every preset is driven");
    for variant in playable {
        with_bot_game(variant.game.unwrap(), Stall(variant)).unwrap();
    }
}
