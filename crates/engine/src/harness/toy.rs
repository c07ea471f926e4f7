//! A tiny game for testing the harness and the save format: players in turn either take
//! the top card of a face-down pile into their hidden hand, or discard a hand card face up
//! onto the table. It ends when the pile and all hands are empty. Score: cards discarded.
//!
//! `ToyOptions::bug` switches on one deliberate contract violation, to prove the harness
//! catches it.

use crate::card::{Card, CardId, DeckSpec};
use crate::game::{check_turn, places, CardAudit, Game, RuleError, Seat, Standing};
use crate::rng::GameRng;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Bug {
    /// The view shows the top pile card.
    LeakView,
    /// Discarding a card not in hand changes the state before the error.
    MutateBeforeReject,
    /// Taking a card loses it.
    LoseCard,
    /// The audit lists a card twice.
    DuplicateAudit,
    /// `apply` ignores the seat.
    AcceptWrongSeat,
    /// `Take` is listed even when the pile is empty.
    RejectLegal,
    /// The state stops surviving a serde round trip after the first action.
    SerdeBreak,
    /// No legal actions on the fourth decision.
    NoActions,
    /// Every seat gets legal actions.
    ActionsOutOfTurn,
    /// A legal action is listed as an illegal probe.
    ProbeAccepted,
    /// Every deal is shuffled differently, whatever the seed.
    Nondeterministic,
    /// `standings()` forgets the last seat.
    ShortStandings,
}

static DEALS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ToyOptions {
    /// Cards in the pile (1–52).
    pub cards: usize,
    pub bug: Option<Bug>,
}

impl Default for ToyOptions {
    fn default() -> Self {
        ToyOptions {
            cards: 12,
            bug: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToyAction {
    Take,
    Discard(CardId),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToyEvent {
    Took { seat: Seat },
    Discarded { seat: Seat, card: Card },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToyView {
    pub seat: Seat,
    pub hand: Vec<Card>,
    pub hand_sizes: Vec<usize>,
    pub pile: usize,
    pub table: Vec<Card>,
    pub peek: Option<Card>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Toy {
    options: ToyOptions,
    pile: Vec<Card>,
    hands: Vec<Vec<Card>>,
    table: Vec<Card>,
    discarded: Vec<i32>,
    to_move: Option<Seat>,
    decisions: u32,
    weight: f64,
}

impl Toy {
    fn bug(&self, bug: Bug) -> bool {
        self.options.bug == Some(bug)
    }

    fn has_work(&self, seat: Seat) -> bool {
        !self.pile.is_empty() || self.hands.get(seat).is_some_and(|h| !h.is_empty())
    }

    fn advance(&mut self, from: Seat) {
        let n = self.hands.len();
        self.to_move = (1..=n).map(|k| (from + k) % n).find(|&s| self.has_work(s));
    }
}

impl Game for Toy {
    type Options = ToyOptions;
    type Action = ToyAction;
    type Event = ToyEvent;
    type View = ToyView;
    type Error = crate::game::NoGameError;
    const NAME: &'static str = "toy";

    fn new(options: &ToyOptions, seats: usize, seed: u64) -> Result<Self, RuleError> {
        crate::game::check_players(seats, 2, 4)?;
        if !(1..=52).contains(&options.cards) {
            return Err(crate::game::out_of_range("cards", 1, 52));
        }
        let mut pile = DeckSpec::French {
            packs: 1,
            jokers: 0,
        }
        .cards();
        pile.truncate(options.cards);
        let seed = if options.bug == Some(Bug::Nondeterministic) {
            seed ^ DEALS.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        } else {
            seed
        };
        GameRng::seed_from_u64(seed).shuffle(&mut pile);
        Ok(Toy {
            options: options.clone(),
            pile,
            hands: vec![Vec::new(); seats],
            table: Vec::new(),
            discarded: vec![0; seats],
            to_move: Some(0),
            decisions: 0,
            weight: 1.0,
        })
    }

    fn options(&self) -> &ToyOptions {
        &self.options
    }

    fn seats(&self) -> usize {
        self.hands.len()
    }

    fn to_move(&self) -> Option<Seat> {
        self.to_move
    }

    fn legal_actions(&self, seat: Seat) -> Vec<ToyAction> {
        if self.to_move != Some(seat) && !(self.bug(Bug::ActionsOutOfTurn) && seat < self.seats()) {
            return Vec::new();
        }
        if self.bug(Bug::NoActions) && self.decisions == 3 {
            return Vec::new();
        }
        let mut out = Vec::new();
        if !self.pile.is_empty() || self.bug(Bug::RejectLegal) {
            out.push(ToyAction::Take);
        }
        if let Some(hand) = self.hands.get(seat) {
            out.extend(hand.iter().map(|c| ToyAction::Discard(c.id)));
        }
        out
    }

    fn apply(&mut self, seat: Seat, action: &ToyAction) -> Result<Vec<ToyEvent>, RuleError> {
        let seat = if self.bug(Bug::AcceptWrongSeat) {
            self.to_move.ok_or(RuleError::GameOver)?
        } else {
            check_turn(self.to_move, self.seats(), seat)?;
            seat
        };
        let event = match action {
            ToyAction::Take => {
                let card = self.pile.pop().ok_or(RuleError::WrongPhase {
                    expected: crate::game::Moment::Discard,
                })?;
                if !self.bug(Bug::LoseCard) {
                    if let Some(hand) = self.hands.get_mut(seat) {
                        hand.push(card);
                    }
                }
                ToyEvent::Took { seat }
            }
            ToyAction::Discard(id) => {
                let hand = self.hands.get_mut(seat).ok_or(RuleError::GameOver)?;
                let Some(i) = hand.iter().position(|c| c.id == *id) else {
                    if self.options.bug == Some(Bug::MutateBeforeReject) {
                        self.decisions += 100;
                    }
                    return Err(RuleError::CardNotInHand { card: *id });
                };
                let card = hand.remove(i);
                self.table.push(card);
                if let Some(d) = self.discarded.get_mut(seat) {
                    *d += 1;
                }
                ToyEvent::Discarded { seat, card }
            }
        };
        self.decisions += 1;
        if self.bug(Bug::SerdeBreak) {
            self.weight = f64::NAN;
        }
        self.advance(seat);
        Ok(vec![event])
    }

    fn view(&self, seat: Seat) -> ToyView {
        ToyView {
            seat,
            hand: self.hands.get(seat).cloned().unwrap_or_default(),
            hand_sizes: self.hands.iter().map(Vec::len).collect(),
            pile: self.pile.len(),
            table: self.table.clone(),
            peek: if self.bug(Bug::LeakView) {
                self.pile.last().copied()
            } else {
                None
            },
        }
    }

    fn standings(&self) -> Vec<Standing> {
        let mut out = places(&self.discarded, true);
        if self.bug(Bug::ShortStandings) {
            out.pop();
        }
        out
    }

    fn position(&self) -> crate::game::Position {
        crate::game::Position {
            to_move: self.to_move,
            hands: self
                .hands
                .iter()
                .map(|h| crate::game::Position::hand(h))
                .collect(),
            ..Default::default()
        }
    }

    fn audit(&self) -> CardAudit {
        let mut all: Vec<CardId> = self.pile.iter().map(|c| c.id).collect();
        all.extend(self.hands.iter().flatten().map(|c| c.id));
        all.extend(self.table.iter().map(|c| c.id));
        if self.bug(Bug::DuplicateAudit) {
            if let Some(&first) = all.first() {
                all.push(first);
            }
        }
        let hidden_from = (0..self.seats())
            .map(|seat| {
                let mut hidden: Vec<CardId> = self.pile.iter().map(|c| c.id).collect();
                for (other, hand) in self.hands.iter().enumerate() {
                    if other != seat {
                        hidden.extend(hand.iter().map(|c| c.id));
                    }
                }
                hidden
            })
            .collect();
        CardAudit { all, hidden_from }
    }

    fn illegal_probes(&self, seat: Seat) -> Vec<ToyAction> {
        let mut out = Vec::new();
        if let Some(top) = self.pile.last() {
            out.push(ToyAction::Discard(top.id));
        }
        if let Some(gone) = self.table.first() {
            out.push(ToyAction::Discard(gone.id));
        }
        for (other, hand) in self.hands.iter().enumerate() {
            if other != seat {
                out.extend(hand.first().map(|c| ToyAction::Discard(c.id)));
            }
        }
        if self.pile.is_empty() {
            out.push(ToyAction::Take);
        }
        if self.bug(Bug::ProbeAccepted) && !self.pile.is_empty() {
            out.push(ToyAction::Take);
        }
        out
    }
}
