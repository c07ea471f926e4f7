//! Abluxxen (Kramer & Kiesling) and its two-player Profiduell with the shadow.
//!
//! Players lay out groups of equal cards and "luxx" (steal) lower open groups of the same
//! size from the others. See `shared/rules/abluxxen.md`.
//!
//! The state machine has explicit phases ([`Pending`] in the view tells the UI which dialog
//! to show). Decisions may belong to a seat that is not the turn owner: the luxxed victim
//! decides about taking his cards back and draws himself, so `to_move()` returns the victim.
//!
//! API overview for the board:
//! - [`AbluxxenOptions`] `{ draw_if_no_luxx, rounds, profiduell }`; base 2–5 seats,
//!   Profiduell exactly 2.
//! - [`AbluxxenAction`]: `Play { cards }`, `LuxxShadow { value }`, `TakeLuxxed`,
//!   `LeaveLuxxed`, `TakeBack`, `DiscardAndDraw`, `DrawFromSupply { slot }`, `DrawFromPile`,
//!   `Pass`. Which ones apply is given by [`Pending`]:
//!   `Play` → `Play`; `ShadowChoice` → `LuxxShadow`; `LuxxDecision` → `TakeLuxxed` /
//!   `LeaveLuxxed`; `VictimDecision` → `TakeBack` / `DiscardAndDraw`; `Draw` →
//!   `DrawFromSupply` / `DrawFromPile` (and `Pass` when `can_pass`).
//! - [`AbluxxenView`]: own sorted hand, every display as a stack of [`Group`]s, supply
//!   places (0, 1 or 2 cards), pile/discard/out-of-play counts, the shadow, totals, results,
//!   standings and the last [`AbluxxenEvent`]s. Helpers: [`AbluxxenView::would_luxx`]
//!   (whom a play would luxx, for marking targets before confirming),
//!   [`AbluxxenView::play_value`], [`AbluxxenView::open_group`],
//!   [`AbluxxenView::my_decision`].
//! - Errors: [`AbluxxenError`] inside `RuleError::Game` (its `WrongPhase` names the
//!   decisions only Abluxxen has, [`Decision`]), plus the generic `CardNotInHand`,
//!   `DuplicateCard`, `WrongPhase`, `NotYourDecision`.
//!
//! Decisions where the rules are silent:
//! - a single qualifying shadow value is luxxed at once (no `ShadowChoice` question);
//! - with `draw_if_no_luxx`, luxxing only the shadow counts as having luxxed (no extra draw);
//! - a new game of the match is dealt at once when one ends (`RoundEnded` then
//!   `RoundStarted` in the same event list); the match winner is by summed points, ties by
//!   fewer summed hand cards, then shared;
//! - the discard pile and out-of-play pile are shown as counts only.
//!
//! ```
//! use engine::abluxxen::{Abluxxen, AbluxxenOptions};
//! use engine::Game;
//! let g = Abluxxen::new(&AbluxxenOptions::default(), 3, 7).unwrap();
//! assert_eq!(g.view(0).hand.len(), 13);
//! ```

mod actions;
mod events;
mod options;
mod setup;
mod sim;
mod state;
mod view;

#[cfg(test)]
mod playouts;
#[cfg(test)]
mod tests;

pub use actions::{play_shapes, AbluxxenAction, AbluxxenError, Decision};
pub use events::{AbluxxenEvent, DrawSource, RoundResult, SupplyPlacement};
pub use options::{
    AbluxxenOptions, HAND_SIZE, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, SHADOW_SIZE, SUPPLY_SLOTS,
};
pub use sim::Guess;
pub use state::{card_value, group_value, JOKER_GROUP_VALUE};
pub use view::{AbluxxenView, DrawReason, Group, LuxxPreview, Pending, PlayerView, ShadowOption};

use crate::card::Card;
use crate::game::{CardAudit, Game, Position, Seat, Standing};
use crate::games::{Deck, GameInfo, Listed};

/// Rule errors of Abluxxen: the common reasons plus [`AbluxxenError`].
pub type RuleError = crate::game::RuleError<AbluxxenError>;
use crate::rng::GameRng;
use serde::{Deserialize, Serialize};
use state::Phase;

/// The full state of an Abluxxen match (all hands, the pile order and the RNG).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Abluxxen {
    pub(crate) options: AbluxxenOptions,
    pub(crate) seats: usize,
    pub(crate) rng: GameRng,
    /// 1-based number of the game within the match.
    pub(crate) round: u8,
    /// Start player of the first game; later games rotate clockwise.
    pub(crate) first_start: Seat,
    /// The turn owner.
    pub(crate) active: Seat,
    pub(crate) hands: Vec<Vec<Card>>,
    /// Per seat: groups bottom to top; the last one is open.
    pub(crate) displays: Vec<Vec<Vec<Card>>>,
    /// `SUPPLY_SLOTS` places, each empty, a single card or a pair.
    pub(crate) supply: Vec<Vec<Card>>,
    /// Face-down draw pile; the top is the last card.
    pub(crate) pile: Vec<Card>,
    /// Rejected luxxed cards (out of play, face up).
    pub(crate) discard: Vec<Card>,
    /// Profiduell surplus 13s and jokers (out of the game).
    pub(crate) out_of_play: Vec<Card>,
    /// Profiduell shadow display (empty in the base game).
    pub(crate) shadow: Vec<Card>,
    pub(crate) phase: Phase,
    /// Match totals per seat.
    pub(crate) totals: Vec<i32>,
    /// Summed hand cards at the ends of games (tie-break of the match).
    pub(crate) hand_totals: Vec<i32>,
    pub(crate) results: Vec<RoundResult>,
    /// Events of the current game (most recent last, capped).
    pub(crate) log: Vec<AbluxxenEvent>,
}

/// How many events the state keeps for the view.
pub const LOG_LEN: usize = 24;

impl Listed for Abluxxen {
    const INFO: GameInfo = GameInfo {
        name: Abluxxen::NAME,
        min_players: MIN_PLAYERS,
        max_players: MAX_PLAYERS,
        deck: Deck::Abluxxen,
    };

    /// `standard`: the base game with the rules' defaults; `profiduell`: the duel variant.
    fn preset(name: &str) -> Option<AbluxxenOptions> {
        let profiduell = match name {
            "standard" => false,
            "profiduell" => true,
            _ => return None,
        };
        Some(AbluxxenOptions {
            profiduell,
            ..AbluxxenOptions::default()
        })
    }
}

impl Game for Abluxxen {
    type Options = AbluxxenOptions;
    type Action = AbluxxenAction;
    type Event = AbluxxenEvent;
    type View = AbluxxenView;
    type Error = AbluxxenError;

    const NAME: &'static str = "abluxxen";

    fn new(options: &AbluxxenOptions, seats: usize, seed: u64) -> Result<Self, RuleError> {
        setup::new_match(options, seats, seed)
    }

    fn options(&self) -> &AbluxxenOptions {
        &self.options
    }

    fn seats(&self) -> usize {
        self.seats
    }

    fn to_move(&self) -> Option<Seat> {
        self.decider()
    }

    fn legal_actions(&self, seat: Seat) -> Vec<AbluxxenAction> {
        actions::legal_actions(self, seat)
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &AbluxxenAction,
    ) -> Result<Vec<AbluxxenEvent>, RuleError> {
        actions::apply(self, seat, action)
    }

    fn view(&self, seat: Seat) -> AbluxxenView {
        view::view(self, seat)
    }

    fn standings(&self) -> Vec<Standing> {
        state::rank(&self.totals, &self.hand_totals)
    }

    fn position(&self) -> Position {
        let mut open: Vec<Vec<u16>> = self
            .displays
            .iter()
            .flat_map(|groups| groups.iter().map(|g| Position::group(g)))
            .collect();
        open.extend(self.supply.iter().map(|s| Position::group(s)));
        for pile in [&self.discard, &self.out_of_play, &self.shadow] {
            open.push(Position::group(pile));
        }
        Position {
            to_move: self.to_move(),
            hands: self.hands.iter().map(|h| Position::hand(h)).collect(),
            open,
            hidden: vec![self.pile.len()],
            scores: self.totals.clone(),
        }
    }

    fn audit(&self) -> CardAudit {
        let mut all = Vec::with_capacity(109);
        for h in &self.hands {
            all.extend(h.iter().map(|c| c.id));
        }
        for d in &self.displays {
            all.extend(d.iter().flatten().map(|c| c.id));
        }
        all.extend(self.supply.iter().flatten().map(|c| c.id));
        for pile in [&self.pile, &self.discard, &self.out_of_play, &self.shadow] {
            all.extend(pile.iter().map(|c| c.id));
        }
        let hidden_from = (0..self.seats)
            .map(|seat| {
                let mut hidden: Vec<_> = self.pile.iter().map(|c| c.id).collect();
                for (other, h) in self.hands.iter().enumerate() {
                    if other != seat {
                        hidden.extend(h.iter().map(|c| c.id));
                    }
                }
                hidden
            })
            .collect();
        CardAudit { all, hidden_from }
    }

    fn illegal_probes(&self, seat: Seat) -> Vec<AbluxxenAction> {
        actions::illegal_probes(self, seat)
    }
}
