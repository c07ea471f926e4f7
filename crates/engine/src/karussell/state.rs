//! The Karussell state: match, round, turn; dealing and turn changes.

use super::actions::KarussellEvent;
use super::options::KarussellOptions;
use super::scoring::{MatchBonus, RoundRow, RoundSummary};
use super::table::TableCard;
use super::RuleError;
use crate::card::{Card, Face};
use crate::family::{self, Table};
use crate::game::{OptionLimit, Seat};
use crate::rng::GameRng;
use serde::{Deserialize, Serialize};

/// How many events the state keeps for the running log.
pub const LOG_LEN: usize = 24;

/// One round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    pub hands: Vec<Vec<Card>>,
    /// Face down; the top card is the last element.
    pub stock: Vec<Card>,
    /// The melds on the table (public, everybody's).
    pub table: Vec<Vec<TableCard>>,
    /// The turn owner.
    pub turn: Seat,
    /// Cards drawn in this turn (0–3).
    pub draws: u8,
    /// The turn owner melded in this turn.
    pub melded: bool,
    /// Who drew the last stock card (the final turns end with him).
    pub emptied_by: Option<Seat>,
    /// Final turns still to play, the current one included (0 before they start).
    pub final_left: usize,
}

/// Whose decision it is and of what kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase")]
pub enum Phase {
    /// A normal turn: draw (`draws == 0`), then meld or draw again.
    Turn,
    /// The turn is over and the hand is worth at most `knock_limit`: `Knock` or `EndTurn`.
    KnockDecision,
    /// The stock ran out: a final turn (`Meld` or `Pass`).
    FinalTurn,
    /// The round is scored; the next dealer starts the next one (`NextRound`).
    RoundOver,
    MatchOver,
}

/// A Karussell match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Karussell {
    pub(crate) opts: KarussellOptions,
    pub(crate) seats: usize,
    pub(crate) rng: GameRng,
    /// 1-based number of the current round.
    pub(crate) round_no: u32,
    pub(crate) dealer: Seat,
    pub(crate) round: Round,
    pub(crate) phase: Phase,
    pub(crate) totals: Vec<i32>,
    pub(crate) rounds_won: Vec<u32>,
    pub(crate) sheet: Vec<RoundRow>,
    pub(crate) summary: Option<RoundSummary>,
    pub(crate) bonus: Option<MatchBonus>,
    pub(crate) log: Vec<KarussellEvent>,
}

impl Round {
    pub(crate) fn empty(seats: usize) -> Round {
        Round {
            hands: vec![Vec::new(); seats],
            stock: Vec::new(),
            table: Vec::new(),
            turn: 0,
            draws: 0,
            melded: false,
            emptied_by: None,
            final_left: 0,
        }
    }

    /// The round as its position and audit see it: open are the table melds.
    pub(crate) fn as_table(&self) -> Table<'_> {
        let melds = self
            .table
            .iter()
            .map(|m| m.iter().map(|t| t.card.id.0).collect());
        Table::new(&self.hands, &self.stock, melds.collect())
    }
}

impl Karussell {
    pub(crate) fn fresh(
        opts: &KarussellOptions,
        seats: usize,
        seed: u64,
    ) -> Result<Karussell, RuleError> {
        opts.validate(seats)?;
        let (rng, dealer) = family::first_dealer(seed, seats);
        Ok(Karussell {
            opts: opts.clone(),
            seats,
            rng,
            round_no: 0,
            dealer,
            round: Round::empty(seats),
            phase: Phase::Turn,
            totals: vec![0; seats],
            rounds_won: vec![0; seats],
            sheet: Vec::new(),
            summary: None,
            bonus: None,
            log: Vec::new(),
        })
    }

    pub(crate) fn push_events(&mut self, events: &[KarussellEvent]) {
        crate::game::keep_last(&mut self.log, events, LOG_LEN);
    }

    /// Shuffles and deals round `round_no + 1` by `self.dealer`.
    pub(crate) fn start_round(&mut self, events: &mut Vec<KarussellEvent>) {
        let n = self.seats;
        let hand_size = usize::from(self.opts.hand_size);
        let (hands, stock) =
            family::deal(&mut self.rng, self.opts.deck(n), n, self.dealer, hand_size);
        let mut round = Round::empty(n);
        round.hands = hands;
        round.stock = stock;
        self.round = round;
        self.round_no += 1;
        self.summary = None;
        let starter = (self.dealer + 1) % n;
        events.push(KarussellEvent::RoundStarted {
            round: self.round_no,
            dealer: self.dealer,
            starter,
        });
        self.begin_turn(starter, events);
    }

    /// Makes `seat` the owner of a normal turn. With an empty stock (only possible right
    /// after a deal that used every card) the final turns begin at once, as if the
    /// previous player had emptied the stock.
    pub(crate) fn begin_turn(&mut self, seat: Seat, events: &mut Vec<KarussellEvent>) {
        let r = &mut self.round;
        r.turn = seat;
        r.draws = 0;
        r.melded = false;
        self.phase = Phase::Turn;
        if self.round.stock.is_empty() {
            let prev = (seat + self.seats - 1) % self.seats;
            self.round.emptied_by = Some(prev);
            self.start_final_turns(prev, events);
        }
    }

    /// The stock ran out in `emptier`'s turn: everybody from the next player round to
    /// `emptier` gets one final turn.
    pub(crate) fn start_final_turns(&mut self, emptier: Seat, events: &mut Vec<KarussellEvent>) {
        let first = (emptier + 1) % self.seats;
        events.push(KarussellEvent::StockEmpty {
            seat: emptier,
            first,
        });
        let r = &mut self.round;
        r.final_left = self.seats;
        r.turn = first;
        r.draws = 0;
        r.melded = false;
        self.phase = Phase::FinalTurn;
    }

    /// The seat that must decide now.
    pub(crate) fn decider(&self) -> Option<Seat> {
        match self.phase {
            Phase::Turn | Phase::KnockDecision | Phase::FinalTurn => Some(self.round.turn),
            Phase::RoundOver => Some((self.dealer + 1) % self.seats),
            Phase::MatchOver => None,
        }
    }

    /// The value of a seat's hand.
    pub fn hand_value(&self, seat: Seat) -> u32 {
        self.round.hands.get(seat).map_or(0, |h| {
            crate::penalty::hand_penalty(h, self.opts.penalty_table())
        })
    }

    /// The current round (read-only, for tests, bots and the solver).
    pub fn round_state(&self) -> &Round {
        &self.round
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn totals(&self) -> &[i32] {
        &self.totals
    }

    pub fn rounds_won(&self) -> &[u32] {
        &self.rounds_won
    }

    /// The score sheet so far.
    pub fn score_sheet(&self) -> &[RoundRow] {
        &self.sheet
    }

    /// The match-end bonuses, once the match is over.
    pub fn match_bonus(&self) -> Option<&MatchBonus> {
        self.bonus.as_ref()
    }
}

/// A position for tests and tutorials, given by faces. Cards are taken from a fresh deck
/// (first matching id); the rest forms the stock below `stock_top` (first = top).
#[doc(hidden)]
#[derive(Clone, Debug, Default)]
pub struct Setup {
    pub hands: Vec<Vec<Face>>,
    /// Table melds; a joker is given by the face it stands for in `jokers_as` order:
    /// each `Face::Joker` in a meld takes the next face of `jokers_as`.
    pub table: Vec<Vec<Face>>,
    pub jokers_as: Vec<Face>,
    /// The first face is the top of the stock.
    pub stock_top: Vec<Face>,
    /// Shorten the stock to this many cards (the surplus is left out of the game).
    pub stock_len: Option<usize>,
    pub dealer: Seat,
    pub turn: Seat,
    /// Running totals and rounds won before this round (default zeros).
    pub totals: Vec<i32>,
    pub rounds_won: Vec<u32>,
}

impl Karussell {
    /// Builds a position (tests, tutorials). The turn owner is about to draw.
    #[doc(hidden)]
    pub fn from_parts(
        opts: &KarussellOptions,
        setup: &Setup,
        seed: u64,
    ) -> Result<Karussell, RuleError> {
        let seats = setup.hands.len();
        let mut g = Karussell::fresh(opts, seats, seed)?;
        let mut deck = opts.deck(seats).cards();
        let bad = || RuleError::BadOption {
            option: "setup".into(),
            limit: OptionLimit::NotEnoughCards,
        };
        let mut take = |face: Face| -> Result<Card, RuleError> {
            let i = deck.iter().position(|c| c.face == face).ok_or(bad())?;
            Ok(deck.remove(i))
        };
        let mut round = Round::empty(seats);
        for (s, faces) in setup.hands.iter().enumerate() {
            for &f in faces {
                round.hands[s].push(take(f)?);
            }
        }
        let mut jokers = setup.jokers_as.iter();
        for faces in &setup.table {
            let mut meld = Vec::new();
            for &f in faces {
                let card = take(f)?;
                let as_face = if f == Face::Joker {
                    *jokers.next().ok_or(bad())?
                } else {
                    f
                };
                meld.push(TableCard { card, as_face });
            }
            super::table::check_meld(&meld).map_err(|_| bad())?;
            round.table.push(meld);
        }
        let mut top = Vec::new();
        for &f in &setup.stock_top {
            top.push(take(f)?);
        }
        if let Some(len) = setup.stock_len {
            let keep = len.saturating_sub(top.len());
            if deck.len() > keep {
                deck.drain(..deck.len() - keep);
            }
        }
        top.reverse();
        deck.extend(top);
        round.stock = deck;
        if setup.totals.len() == seats {
            g.totals = setup.totals.clone();
        }
        if setup.rounds_won.len() == seats {
            g.rounds_won = setup.rounds_won.clone();
        }
        g.dealer = setup.dealer % seats;
        g.round_no = 1;
        g.round = round;
        let mut events = Vec::new();
        g.begin_turn(setup.turn % seats, &mut events);
        g.push_events(&events);
        Ok(g)
    }
}
