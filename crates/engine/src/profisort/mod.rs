//! # Profi-Sort
//!
//! `rules/profi-sort.md` (seed 000): a task-sheet Rommé for 2–3 players. Each player must
//! complete the 15 tasks of his sheet; aces are "skip" cards that can be pushed onto an
//! opponent.
//!
//! ## Flow
//! A deal: the dealer alternates (seat 0 is dealer I), 10 cards each, the player after the
//! dealer starts. A player dealt 3+ aces decides first ([`Phase::RedealChoice`]: `Redeal`,
//! same dealer, or `KeepHand`). A turn: [`Phase::Draw`] (`Draw`, `TakeDiscard` with the
//! variant, or `SitOut` with a received ace, which is the whole turn), then [`Phase::Play`]
//! (`LayTask`, `LayOff`, `GiveAce` in any order and number, then `Discard`). Task 15 leads
//! to [`Phase::LastDiscard`]. Discarding the last card ends the deal; so does an empty
//! talon at the start of a turn (`talon_end`). [`Phase::DealOver`] waits for `NextDeal` by
//! the next dealer; the match ends after the deal in which someone completed his sheet.
//!
//! ## Decisions (seed wording wins; where the rules are silent)
//! - **A received ace is never the normal discard** (seed: "behält es und spielt normal");
//!   so a player holding received aces must keep two own cards after every lay, lay-off or
//!   gift (one for the mandatory discard, one to keep besides the aces). The seed only
//!   names "keine Aufgabe legen, wenn dann nur noch dieses Ass auf der Hand übrig wäre";
//!   the stricter form follows from it and the mandatory discard.
//! - **The card taken from the discard pile** (variant) can't be discarded in the same
//!   turn; a lay that would leave only it is refused (`MustKeepCard`).
//! - **Talon end** is judged at the start of a turn, before the draw/sit-out choice.
//! - **Task 10's other quadruple** is never laid off; it can be laid as a new meld only as
//!   task 15 (any task may be repeated there), which needs no special rule.
//! - **Exact sizes**: a task is laid with exactly its card count; more cards are laid off.
//! - **Task 9 pairs** may share a rank (only identical cards are required); `distinct_ranks`
//!   applies to the set groups of tasks 1, 2, 5 and 11.
//! - **Beginner mode** ends the match at once, in the turn the `beginner_tasks`-th task is
//!   laid; no points are counted, the winner is the one with most tasks.
//! - **Redeal choice** is reported as `WrongPhase { expected: Moment::Claim }` to other
//!   actions (the common `Moment` enum has no redeal entry).
//!
//! ## Seed versus rules file
//! - **Deck**: the seed says "Rommé Spiel 2x56 Blatt" (2 × 56 = 112 cards, i.e. 8 jokers);
//!   the rules file reads it as two standard 55-card packs (`jokers = 6`). The seed's
//!   wording wins: the default is `jokers = 8`; 6 is offered as an option.
//! - **Match end**: the seed says "Spielende ist wenn ein Mitspieler alle Aufgaben erledigt
//!   hat"; the deal in which that happens is still played to its end and scored (rules
//!   file), because points are only counted per deal.
//! - **Received aces**: the seed's "behält es und spielt normal" and "mindestens eine
//!   weitere Karte" are followed literally (see the decisions above); the rules file's
//!   shorter "he may never empty his hand" is the same rule.

pub mod actions;
pub mod extend;
pub mod find;
pub mod legal;
pub mod options;
pub mod scoring;
pub mod sim;
pub mod state;
pub mod tasks;
pub mod turn;
pub mod validate;
pub mod view;

#[cfg(test)]
mod tests;

pub use actions::{DealEnd, Need, ProfiSortAction, ProfiSortError, ProfiSortEvent, RunEnd};
pub use find::{find_layout, jokers_in, FindOpts};
pub use options::{ProfiSortOptions, TalonEnd, HAND_SIZE};
pub use scoring::{bonuses, hand_points, special_left, Bonus, DealSummary, ScoreRow, PENALTIES};
pub use sim::Guess;
pub use state::{Deal, Phase, ProfiSort, Setup, Sheet};
pub use tasks::{shape, Part, PartKind, PartSpec, TaskMeld, TaskShape, SHAPES};
pub use validate::check_layout;
pub use view::{ProfiSortView, SheetView};

use crate::family;
use crate::game::Seat;
use crate::games::Deck;

/// Rule errors of Profi-Sort: the common reasons plus [`ProfiSortError`].
pub type RuleError = crate::game::RuleError<ProfiSortError>;

family::impl_game! {
    ProfiSort = "profisort"
        (ProfiSortOptions, ProfiSortAction, ProfiSortEvent, ProfiSortView, ProfiSortError) {
        start: |g, events| g.deal_cards(false, events),
        table: deal, revealed: Phase::DealOver | Phase::MatchOver,
        deck: Deck::TwoPacksEightJokers,
        // `standard`: the rules' defaults (the seed's eight jokers).
        presets: |name| (name == "standard").then(ProfiSortOptions::default),
    }
}

impl ProfiSort {
    /// Validates, then applies `action` of `seat`, the seat to move: `Game::apply` but for
    /// the turn check and the log.
    fn act(
        &mut self,
        seat: Seat,
        action: &ProfiSortAction,
    ) -> Result<Vec<ProfiSortEvent>, RuleError> {
        use ProfiSortAction as A;
        let mut ev = Vec::new();
        match action {
            A::Redeal | A::KeepHand => {
                self.need_phase(Phase::RedealChoice)?;
                self.do_redeal_choice(seat, *action == A::Redeal, &mut ev);
            }
            A::Draw => {
                self.need_phase(Phase::Draw)?;
                self.do_draw(seat, &mut ev);
            }
            A::TakeDiscard => {
                self.check_take_discard()?;
                self.do_take_discard(seat, &mut ev);
            }
            A::SitOut => {
                self.check_sit_out(seat)?;
                self.do_sit_out(seat, &mut ev);
            }
            A::LayTask {
                task,
                repeat,
                parts,
            } => {
                let plan = self.check_lay_task(seat, *task, *repeat, parts)?;
                self.do_lay_task(seat, plan, &mut ev);
            }
            A::LayOff {
                meld,
                part,
                end,
                cards,
            } => {
                let (grown, ids) = self.check_lay_off(seat, *meld, *part, *end, cards)?;
                self.do_lay_off(seat, *meld, grown, ids, &mut ev);
            }
            A::GiveAce { card, to } => {
                let c = self.check_give(seat, *card, *to)?;
                self.do_give(seat, c, *to, &mut ev);
            }
            A::Discard { card } => {
                let c = self.check_discard(seat, *card)?;
                self.do_discard(seat, c, &mut ev);
            }
            A::NextDeal => {
                self.need_phase(Phase::DealOver)?;
                self.do_next_deal(&mut ev);
            }
        }
        Ok(ev)
    }
}
