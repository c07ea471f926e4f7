//! # Rommé (Grundspiel, mit Kaufen, mit Anlegen, Räuber-Rommé, Traditionell)
//!
//! One engine, five presets ([`Preset`]); every rule of `rules/romme.md` is an option in
//! [`RommeOptions`].
//!
//! ## Flow
//! A deal: the dealer rotates clockwise (the first dealer is drawn from the seed), the
//! player left of him (Vorhand) starts. A turn is [`Phase::Draw`] (`DrawTalon`,
//! `DrawDiscard`, or a draw-phase `Rob` that takes the top discard), then [`Phase::Play`]
//! (`Meld`, `LayOff`, `ExchangeJoker`, `Rob`, `UndoTurn`) ended by `Discard` — or by going
//! out. In end mode "bid ≤ N" a discard that leaves at most N pips leads to
//! [`Phase::MayDeclare`] (`DeclareRomme` / `DeclineRomme`). After a deal,
//! [`Phase::DealOver`] waits for `NextDeal` by the next dealer; [`Phase::MatchOver`] ends.
//!
//! ## Decisions where the rules are silent
//! - **Opening turn.** Melds (and lay-offs) of a player who has not yet opened are placed
//!   at once but are *pending*: the minimum is checked when the turn ends (`Discard`, or
//!   going out); below it the discard is rejected with `OpeningTooLow { needed, have }` and
//!   the player adds more or takes everything back with `UndoTurn`. A player who has not
//!   opened and only lays off (policy "any meld, any time") is held to the same minimum.
//! - **Joker exchange** needs the player's first meld (earlier in the same turn counts)
//!   where `exchange_needs_first_meld` says so (mit Anlegen). The freed joker is kept aside (public, in the view's `freed_jokers`) until melded or
//!   laid off; until then the turn cannot end (`FreedJokerMustBePlaced`).
//! - **Undo.** `UndoTurn` restores hand and table to the moment the draw was complete
//!   (after any claim window); the drawn card stays drawn. It is legal (and listed) once
//!   something was played this turn. Exception: a discard drawn under
//!   `DiscardDraw::OnlyIfMelded` that cannot be placed is put back and the turn returns to
//!   the draw (otherwise the player could be stuck).
//! - **Declaring.** `DeclareRomme` comes after the discard ([`Phase::MayDeclare`], offered
//!   only when the residual is ≤ N); tried earlier, it is rejected with
//!   `ResidualTooHigh { limit, have }` (`have` = pips left even after the best discard)
//!   or `WrongPhase`. `DeclineRomme` keeps playing.
//! - **Going out** with `go_out_needs_discard`: a meld/lay-off/exchange that would empty
//!   the hand is rejected (`MustDiscardToGoOut`). In end mode "bid ≤ N", going out counts
//!   as a declaration with residual 0.
//! - **Talon.** When a turn begins with an empty talon, the discard pile except its top
//!   card is reshuffled (at most `max_reshuffles` times); otherwise the deal ends
//!   (`TalonExhausted`), everybody is charged his hand, nobody wins.
//! - **Buying**: see [`buying`] for the claim window.
//! - **Robbing**: see [`robbing`]. A discard drawn under `DiscardDraw::IntoNewMeld` must go
//!   into a new meld before the turn ends (`DiscardMustGoIntoNewMeld`; laying it off is
//!   refused with the same reason); under the older `OnlyIfMelded` (saves begun before
//!   issue 25) laying it off was enough (`DiscardMustBeMelded`).
//! - **A refused action names what comes first**: `WrongPhase { expected }` is the moment
//!   the game is in (draw, claim, play, declare, deal over), and during play an open
//!   obligation (a freed joker, the taken discard) is named instead.
//! - **Scoring**: the first melder's +20 (mit Anlegen) also applies when the talon runs
//!   out. A hand-Rommé (Traditionell) is going out without having melded or laid off in
//!   an earlier turn of the deal.
//! - **Events** name faces, never `Card`s, so the log never reveals where a card is now.
//! - **Between deals** the next dealer (`to_move()`) plays `NextDeal`; the view keeps the
//!   deal summary (all hands, faces only) until then.
//! - **Legal melds** listed by `legal_actions` are the bounded candidates of
//!   [`legal::meld_candidates`]; any other legal group is accepted by `apply` too.

pub mod actions;
pub mod buying;
pub mod legal;
pub mod options;
pub mod robbing;
pub mod scoring;
pub mod sim;
pub mod state;
pub mod turn;
pub mod view;

#[cfg(test)]
mod tests;

pub use actions::{
    DealEnd, DrawSource, MeldId, RobPlay, RommeAction, RommeError, RommeEvent, ScoreLine,
};
pub use options::{
    BuyOrder, DiscardDraw, EndMode, LayOffPolicy, MatchEnd, Preset, RaeuberOpening, RommeOptions,
    Scoring,
};
pub use scoring::{ring_settlement, score_deal, DealRow, DealSummary, ScoreSheet};
pub use sim::Guess;
pub use state::{Deal, Phase, Romme, Setup, TableMeld, TurnState};
pub use view::{PhaseView, RommeView, TableMeldView};

use crate::family;
use crate::game::Seat;
use crate::games::Deck;

/// Rule errors of Rommé: the common reasons plus [`RommeError`].
pub type RuleError = crate::game::RuleError<RommeError>;

family::impl_game! {
    Romme = "romme" (RommeOptions, RommeAction, RommeEvent, RommeView, RommeError) {
        start: |g, events| g.start_deal(events),
        table: deal, revealed: Phase::DealOver | Phase::MatchOver,
        deck: Deck::TwoFrenchPacks,
        // The five presets of [`Preset`], by [`Preset::name`].
        presets: |name| Preset::named(name).map(Preset::options),
    }

    /// Format 1 (wave 1) knew only [`BuyOrder::DrawFirst`].
    fn migrate_record(from_version: u32, record: &mut serde_json::Value) {
        if from_version < 2 {
            if let Some(options) = record.get_mut("options").and_then(|o| o.as_object_mut()) {
                options.insert("buy_order".into(), "DrawFirst".into());
            }
        }
    }
}

impl Romme {
    /// Validates, then applies `action` of `seat`, the seat to move: `Game::apply` but for
    /// the turn check and the log.
    fn act(&mut self, seat: Seat, action: &RommeAction) -> Result<Vec<RommeEvent>, RuleError> {
        let mut ev = Vec::new();
        match action {
            RommeAction::DrawTalon => {
                self.check_draw_talon()?;
                self.do_draw_talon(seat, &mut ev);
            }
            RommeAction::DrawDiscard => {
                let card = self.check_draw_discard()?;
                self.do_draw_discard(seat, card, &mut ev);
            }
            RommeAction::Meld { cards, hint } => {
                let plan = self.check_meld(seat, cards, *hint)?;
                self.do_meld(seat, plan, &mut ev);
            }
            RommeAction::LayOff { card, meld } => {
                let plan = self.check_lay_off(seat, *card, *meld)?;
                self.do_lay_off(seat, plan, &mut ev);
            }
            RommeAction::ExchangeJoker { card, meld } => {
                let plan = self.check_exchange(seat, *card, *meld)?;
                self.do_exchange(seat, plan, &mut ev);
            }
            RommeAction::Rob(rob) => {
                let plan = self.check_rob(seat, &rob.take, &rob.melds, &rob.lay_offs)?;
                self.do_rob(seat, plan, &mut ev);
            }
            RommeAction::UndoTurn => {
                self.check_undo()?;
                self.do_undo(seat, &mut ev);
            }
            RommeAction::Discard { card } => {
                let card = self.check_discard(seat, *card)?;
                self.do_discard(seat, card, &mut ev);
            }
            RommeAction::DeclareRomme => {
                let residual = self.check_declare(seat)?;
                self.do_declare(seat, residual, &mut ev);
            }
            RommeAction::DeclineRomme => {
                if self.phase != Phase::MayDeclare {
                    return Err(self.not_now());
                }
                self.end_turn(&mut ev);
            }
            RommeAction::Buy => {
                self.check_buy(seat)?;
                self.do_buy(seat, &mut ev);
            }
            RommeAction::PassBuy => {
                self.check_pass_buy(seat)?;
                self.do_pass_buy(seat, &mut ev);
            }
            RommeAction::NextDeal => {
                if self.phase != Phase::DealOver {
                    return Err(self.not_now());
                }
                self.do_next_deal(&mut ev);
            }
        }
        Ok(ev)
    }
}
