//! # Karussell (Manipulation-Rommé)
//!
//! `rules/manipulation.md` (seed 003): the whole table belongs to everybody; a turn may
//! rearrange every meld as long as at least one hand card is added and the table is legal
//! at the end.
//!
//! ## Flow
//! A round: the dealer rotates clockwise (the first one is drawn from the seed), the player
//! left of him starts. A turn ([`Phase::Turn`]) is `Draw`, then `Meld` or `Draw`, then
//! `Meld` or `Draw`; after the third draw there is no meld and the turn ends by itself. A
//! meld ends the turn (`meld_ends_turn`). At the end of his turn a player whose hand is
//! worth at most `knock_limit` decides ([`Phase::KnockDecision`]): `Knock` or `EndTurn`.
//! A meld that empties the hand ends the round at once. When the stock runs out, the turn
//! in progress finishes without the missing draws (`Meld` or `Pass`), then every player from
//! the next one round to the one who emptied it plays a final turn ([`Phase::FinalTurn`]:
//! `Meld` or `Pass`). After a round [`Phase::RoundOver`] waits for `NextRound` by the next
//! dealer; [`Phase::MatchOver`] ends the match.
//!
//! ## A meld is a transaction
//! `Meld { table }` names the complete new table ([`Slot`]s: card id, a joker's declared
//! face). `apply` validates everything before it changes anything: every old table card
//! exactly once, no card twice, only own hand cards added, at least one of them, every meld
//! legal ([`check_meld`]), and the joker rule below.
//!
//! ## Decisions (seed wording wins; where the rules are silent)
//! - **Round bonus** (seed: "Jeder andere Spieler erhält für jede gewonnene Runde einen
//!   Bonus von 25 Punkten"): default `round_bonus_for_all = false`, the players who reached
//!   the target get no round bonus; `true` gives it to everybody (worked example 5).
//! - **Joker identity** (seed: "Der Wert des Jokers kann nicht geändert werden, es sei
//!   denn, er wird durch die tatsächliche Karte ersetzt"): a table joker keeps its declared
//!   identity unless replaced. Rule: for each face F, the number of table jokers whose
//!   identity changes away from F in one transaction must be at most the number of real F
//!   cards on the new table (`JokerIdentityChanged`). A joker placed from the hand needs a
//!   declared identity; a table joker given without one keeps its identity.
//! - **The first meld** of a round (empty table) must contain a meld of hand cards only —
//!   on an empty table every meld is, so the check never fails in practice.
//! - **Stock runs out**: the turn in progress continues without the missing draws; its
//!   owner may still meld or `Pass`, and at its end he may knock as in any normal turn. The
//!   final turns allow only `Meld`/`Pass` (no draw, no knock); going out in a final turn
//!   ends the round at once (+25). A normal turn that would begin with an empty stock (only
//!   after a deal that left none; the options require at least one stock card) starts the
//!   final turns at once, as if the previous player had emptied it.
//! - **After the third draw** the turn ends automatically (knock decision if eligible).
//! - **Scoring ties**: with a knocker, all players tied for the lowest hand win except the
//!   knocker when he is among them (each with +10); a non-knocker winner gets +10; without
//!   a knocker all tied lowest win. A winner scores the sum of differences to the others.
//! - **Match end**: after the round in which a total reaches `target`; highest total wins,
//!   then more rounds won, then shared ([`places_with_tiebreak`]).
//! - **Events** name faces, never cards of the stock.
//! - **Legal melds** listed by `legal_actions` are the bounded candidates of
//!   [`Karussell::meld_candidates`] (hand-only melds appended to the table, single cards laid
//!   off on existing melds); `apply` accepts any legal transaction.

pub mod actions;
pub mod legal;
pub mod options;
pub mod scoring;
pub mod sim;
pub mod solver;
pub mod state;
pub mod table;
pub mod turn;
pub mod view;

#[cfg(test)]
mod tests;

pub use actions::{KarussellAction, KarussellError, KarussellEvent, RoundEnd, ScoreLine, Slot};
pub use options::{KarussellOptions, PENALTIES};
pub use scoring::{match_bonuses, score_round, MatchBonus, RoundRow, RoundScore, RoundSummary};
pub use solver::{affordable, solve, Solution, SolveError};
pub use state::{Karussell, Phase, Round, Setup};
pub use table::{check_meld, KMeldError, KMeldKind, TableCard};
pub use view::{KarussellView, PhaseView};

pub use legal::{hand_melds, slot_of, slots_of};
pub use turn::arrange;

use crate::family;
#[cfg(doc)]
use crate::game::places_with_tiebreak;
use crate::game::Seat;
use crate::games::Deck;

/// Rule errors of Karussell: the common reasons plus [`KarussellError`].
pub type RuleError = crate::game::RuleError<KarussellError>;

family::impl_game! {
    Karussell = "karussell"
        (KarussellOptions, KarussellAction, KarussellEvent, KarussellView, KarussellError) {
        start: |g, events| g.start_round(events),
        table: round, revealed: Phase::RoundOver | Phase::MatchOver,
        deck: Deck::FrenchPacksByPlayers,
        // `standard`: the rules' defaults.
        presets: |name| (name == "standard").then(KarussellOptions::default),
    }
}

impl Karussell {
    /// Validates, then applies `action` of `seat`, the seat to move: `Game::apply` but for
    /// the turn check and the log.
    fn act(
        &mut self,
        seat: Seat,
        action: &KarussellAction,
    ) -> Result<Vec<KarussellEvent>, RuleError> {
        let mut ev = Vec::new();
        match action {
            KarussellAction::Draw => {
                self.check_draw()?;
                self.do_draw(seat, &mut ev);
            }
            KarussellAction::Meld { table } => {
                let plan = self.check_meld_tx(seat, table)?;
                self.do_meld(seat, plan, &mut ev);
            }
            KarussellAction::Knock => {
                let pips = self.check_knock(seat)?;
                self.do_knock(seat, pips, &mut ev);
            }
            KarussellAction::EndTurn => {
                self.check_end_turn()?;
                self.pass_on(&mut ev);
            }
            KarussellAction::Pass => {
                self.check_pass()?;
                self.do_pass(seat, &mut ev);
            }
            KarussellAction::NextRound => {
                if self.phase != Phase::RoundOver {
                    return Err(self.wrong_phase());
                }
                self.do_next_round(&mut ev);
            }
        }
        Ok(ev)
    }
}
