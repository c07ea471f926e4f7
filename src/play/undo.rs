//! Undo within the own turn, on the action log: the player to move may take back his own
//! last actions of the current turn, one at a time, back to (not before) the latest action
//! that revealed something hidden or came from someone else. The state is the log replayed
//! without them ([`engine::save::Record::undo_to`]), so nothing else needs to be stored.
//!
//! The rule is generic; a game says only which of its actions may be taken back
//! ([`UiGame::undoable`]: never a draw, a buy, a new deal or the turn's end) and in which
//! states ([`UiGame::undo_open`]).

use super::UiGame;
use engine::save::Record;
use engine::Seat;

/// How many of the log's last actions the player to move may take back now: the trailing
/// run of his own undoable actions. Zero for a bot, a finished game, or when the game's
/// state does not allow it.
pub fn undo_steps<G: UiGame>(record: &Record<G>, state: &G, human: impl Fn(Seat) -> bool) -> usize {
    let Some(seat) = state.to_move() else {
        return 0;
    };
    if !human(seat) || !G::undo_open(&state.view(seat)) {
        return 0;
    }
    record
        .log
        .iter()
        .rev()
        .take_while(|(s, a)| *s == seat && G::undoable(a))
        .count()
}

#[cfg(test)]
mod tests {
    use super::undo_steps;
    use engine::meld::validate;
    use engine::romme::{PhaseView, Romme, RommeAction, RommeOptions};
    use engine::save::Record;
    use engine::{Game, Seat};

    /// A Rommé game where the player to move has drawn from the stock and holds a meld.
    fn drawn_with_meld() -> (Record<Romme>, Romme, Seat, Vec<engine::CardId>) {
        let options = RommeOptions::default();
        for seed in 0..500u64 {
            let mut rec: Record<Romme> = Record::new(options.clone(), 3, seed);
            let mut g = rec.start().unwrap();
            let seat = g.to_move().unwrap();
            if rec.play(&mut g, seat, RommeAction::DrawTalon).is_err() {
                continue;
            }
            let v = g.view(seat);
            if !matches!(v.phase, PhaseView::Play { .. }) {
                continue;
            }
            let h = &v.hand;
            for i in 0..h.len() {
                for j in i + 1..h.len() {
                    for k in j + 1..h.len() {
                        let cards = [h[i], h[j], h[k]];
                        if validate(&cards, &options.meld_rules()).is_ok() {
                            return (rec, g, seat, cards.iter().map(|c| c.id).collect());
                        }
                    }
                }
            }
        }
        panic!("no seed with a meld after the draw");
    }

    #[test]
    fn a_meld_can_be_taken_back_but_not_the_draw() {
        let (mut rec, mut g, seat, cards) = drawn_with_meld();
        let all_human = |_: Seat| true;
        assert_eq!(undo_steps(&rec, &g, all_human), 0, "the draw stays drawn");
        let before = g.position();
        rec.play(&mut g, seat, RommeAction::Meld { cards, hint: None })
            .unwrap();
        assert_eq!(undo_steps(&rec, &g, all_human), 1);
        assert_eq!(undo_steps(&rec, &g, |_| false), 0, "bots do not undo");
        let len = rec.log.len();
        let back = rec.undo_to(len - 1).unwrap();
        assert_eq!(back.position(), before, "hand and table as before the meld");
        assert_eq!(rec.log.len(), len - 1);
        assert_eq!(undo_steps(&rec, &back, all_human), 0);
    }

    #[test]
    fn nothing_after_the_discard() {
        let (mut rec, mut g, seat, _) = drawn_with_meld();
        let card = g.view(seat).hand[0].id;
        rec.play(&mut g, seat, RommeAction::Discard { card })
            .unwrap();
        assert_ne!(g.to_move(), Some(seat));
        assert_eq!(undo_steps(&rec, &g, |_| true), 0);
    }
}
