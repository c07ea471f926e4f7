//! The Rommé state: match, deal, turn; dealing, turn changes and the talon reshuffle.

use super::actions::{DealEnd, MeldId, RommeEvent};
use super::options::RommeOptions;
use super::scoring::{DealSummary, ScoreSheet};
use super::RuleError;
use crate::card::{Card, CardId, DeckSpec, Face};
use crate::family::{self, Table};
use crate::game::{Position, Seat};
use crate::meld::{validate, Meld};
use crate::rng::GameRng;
use serde::{Deserialize, Serialize};

/// How many events the state keeps for the running log.
pub const LOG_LEN: usize = 40;

/// A meld on the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableMeld {
    pub id: MeldId,
    /// The player who laid it out.
    pub owner: Seat,
    pub meld: Meld,
}

/// What happened so far in the current turn.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    pub drawn: bool,
    /// The card taken from the discard pile this turn (may not be discarded again).
    pub taken_discard: Option<CardId>,
    /// `DiscardDraw::OnlyIfMelded` / `IntoNewMeld`: the taken discard that must still be
    /// placed.
    pub must_place: Option<CardId>,
    /// Jokers freed by an exchange that must still be melded or laid off.
    pub freed_jokers: Vec<Card>,
    /// The player had not made his first meld when the turn began.
    pub opening_turn: bool,
    /// Opening points of this turn (melds, plus lay-offs if they count).
    pub opening_points: u32,
    /// Räuber-Rommé, [`RaeuberOpening::Reused`]: the melds whose value counts towards this
    /// turn's opening (laid out or extended this turn).
    ///
    /// [`RaeuberOpening::Reused`]: super::options::RaeuberOpening::Reused
    #[serde(default)]
    pub counted: Vec<MeldId>,
    /// Something was melded, laid off, exchanged or robbed this turn.
    pub played: bool,
}

/// One deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    pub hands: Vec<Vec<Card>>,
    /// Face down; the top card is the last element.
    pub talon: Vec<Card>,
    /// Face up; the top card is the last element.
    pub discard: Vec<Card>,
    /// Who put the top discard there (`None`: the upcard).
    pub discarder: Option<Seat>,
    pub table: Vec<TableMeld>,
    pub next_meld: u32,
    /// The player has made his first meld (this turn's pending melds included).
    pub opened: Vec<bool>,
    /// The player melded or laid off in an earlier turn of this deal (hand-Rommé).
    pub played_before: Vec<bool>,
    /// Who made the first meld of the deal.
    pub first_melder: Option<Seat>,
    pub reshuffles: u8,
    pub buys: Vec<u8>,
    /// The turn owner.
    pub turn: Seat,
    pub ts: TurnState,
}

/// Whose decision it is and of what kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase")]
pub enum Phase {
    /// The turn owner draws (with buying: taking the discard is his claim).
    Draw,
    /// Buying: the turn owner declined the discard; `claimant` decides whether to buy it;
    /// `queue` are the players asked after him. `owner_draws`: the turn owner draws from the
    /// talon when the window closes ([`BuyOrder::DeclineFirst`]); false in the wave-1 order,
    /// where he had drawn already.
    Claim {
        claimant: Seat,
        queue: Vec<Seat>,
        #[serde(default)]
        owner_draws: bool,
    },
    /// The turn owner melds, lays off, exchanges and finally discards.
    Play,
    /// End mode bid ≤ N: the turn owner may declare "Rommé" after his discard.
    MayDeclare,
    /// The deal is scored; `next_dealer` deals the next one.
    DealOver,
    MatchOver,
}

/// A Rommé match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Romme {
    pub(crate) opts: RommeOptions,
    pub(crate) seats: usize,
    pub(crate) rng: GameRng,
    /// 1-based number of the current deal.
    pub(crate) deal_no: u32,
    pub(crate) dealer: Seat,
    pub(crate) deal: Deal,
    pub(crate) phase: Phase,
    /// The deal as it was when the turn owner finished drawing (for `UndoTurn`).
    pub(crate) snapshot: Option<Box<Deal>>,
    pub(crate) totals: Vec<i32>,
    pub(crate) sheet: ScoreSheet,
    pub(crate) summary: Option<DealSummary>,
    pub(crate) log: Vec<RommeEvent>,
}

impl Deal {
    pub(crate) fn empty(seats: usize) -> Deal {
        Deal {
            hands: vec![Vec::new(); seats],
            talon: Vec::new(),
            discard: Vec::new(),
            discarder: None,
            table: Vec::new(),
            next_meld: 0,
            opened: vec![false; seats],
            played_before: vec![false; seats],
            first_melder: None,
            reshuffles: 0,
            buys: vec![0; seats],
            turn: 0,
            ts: TurnState::default(),
        }
    }

    /// The deal as its position and audit see it: open are the table melds, then the discard
    /// pile; jokers freed by an exchange are aside until they are placed again.
    pub(crate) fn as_table(&self) -> Table<'_> {
        let melds = self
            .table
            .iter()
            .map(|m| m.meld.cards.iter().map(|p| p.card.id.0));
        let open = melds
            .map(Vec::from_iter)
            .chain([Position::group(&self.discard)]);
        let aside = self.ts.freed_jokers.iter().map(|c| c.id).collect();
        Table::new(&self.hands, &self.talon, open.collect()).with_aside(aside)
    }

    pub fn meld_index(&self, id: MeldId) -> Option<usize> {
        self.table.iter().position(|m| m.id == id)
    }
}

pub(crate) fn remove_card(cards: &mut Vec<Card>, id: CardId) -> Option<Card> {
    let i = cards.iter().position(|c| c.id == id)?;
    Some(cards.remove(i))
}

impl Romme {
    pub(crate) fn fresh(opts: &RommeOptions, seats: usize, seed: u64) -> Result<Romme, RuleError> {
        opts.validate(seats)?;
        let (rng, dealer) = family::first_dealer(seed, seats);
        Ok(Romme {
            opts: opts.clone(),
            seats,
            rng,
            deal_no: 0,
            dealer,
            deal: Deal::empty(seats),
            phase: Phase::Draw,
            snapshot: None,
            totals: vec![0; seats],
            sheet: ScoreSheet::default(),
            summary: None,
            log: Vec::new(),
        })
    }

    pub(crate) fn push_events(&mut self, events: &[RommeEvent]) {
        crate::game::keep_last(&mut self.log, events, LOG_LEN);
    }

    /// Shuffles and deals deal number `deal_no + 1` by `self.dealer`.
    pub(crate) fn start_deal(&mut self, events: &mut Vec<RommeEvent>) {
        let n = self.seats;
        let deck = DeckSpec::French {
            packs: 2,
            jokers: self.opts.jokers,
        };
        let hand_size = usize::from(self.opts.hand_size);
        let (hands, mut deck) = family::deal(&mut self.rng, deck, n, self.dealer, hand_size);
        let mut deal = Deal::empty(n);
        deal.hands = hands;
        if self.opts.upcard {
            if let Some(c) = deck.pop() {
                deal.discard.push(c);
            }
        }
        deal.talon = deck;
        self.deal = deal;
        self.deal_no += 1;
        self.summary = None;
        let starter = (self.dealer + 1) % n;
        events.push(RommeEvent::DealStarted {
            deal: self.deal_no,
            dealer: self.dealer,
            starter,
        });
        self.begin_turn(starter, events);
    }

    /// Makes `seat` the turn owner; reshuffles or ends the deal if the talon is empty.
    pub(crate) fn begin_turn(&mut self, seat: Seat, events: &mut Vec<RommeEvent>) {
        self.deal.turn = seat;
        self.deal.ts = TurnState {
            opening_turn: !self.deal.opened[seat],
            ..TurnState::default()
        };
        self.snapshot = None;
        self.phase = Phase::Draw;
        if self.deal.talon.is_empty() {
            let talon = if self.deal.reshuffles < self.opts.max_reshuffles {
                family::talon_from_discard(&mut self.rng, &mut self.deal.discard)
            } else {
                None
            };
            match talon {
                Some(cards) => {
                    self.deal.talon = cards;
                    self.deal.reshuffles += 1;
                    events.push(RommeEvent::Reshuffled {
                        count: self.deal.reshuffles,
                        talon: self.deal.talon.len(),
                    });
                }
                None => self.finish_deal(DealEnd::TalonExhausted, events),
            }
        }
    }

    /// Ends the current turn and starts the next player's.
    pub(crate) fn end_turn(&mut self, events: &mut Vec<RommeEvent>) {
        let seat = self.deal.turn;
        if self.deal.ts.played {
            self.deal.played_before[seat] = true;
        }
        self.begin_turn((seat + 1) % self.seats, events);
    }

    /// The draw is complete (and any claim window closed): the turn's play begins.
    pub(crate) fn enter_play(&mut self) {
        self.phase = Phase::Play;
        self.snapshot = Some(Box::new(self.deal.clone()));
    }

    /// The seat that must decide now.
    pub(crate) fn decider(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Draw | Phase::Play | Phase::MayDeclare => Some(self.deal.turn),
            Phase::Claim { claimant, .. } => Some(*claimant),
            Phase::DealOver => Some((self.dealer + 1) % self.seats),
            Phase::MatchOver => None,
        }
    }

    /// Penalty pips of a seat's hand.
    pub(crate) fn hand_pips(&self, seat: Seat) -> u32 {
        crate::penalty::hand_penalty(&self.deal.hands[seat], self.opts.penalty_table())
    }
}

/// A position for tests and tutorials, given by faces. Cards are taken from a fresh deck
/// (first matching id); the rest forms the talon below `talon_top` (first = top).
#[doc(hidden)]
#[derive(Clone, Debug, Default)]
pub struct Setup {
    pub hands: Vec<Vec<Face>>,
    pub table: Vec<(Seat, Vec<Face>)>,
    /// Bottom first; the last is the top discard.
    pub discard: Vec<Face>,
    /// The first face is the top of the talon.
    pub talon_top: Vec<Face>,
    pub dealer: Seat,
    pub turn: Seat,
    pub opened: Vec<Seat>,
    /// Shorten the talon to this many cards; the surplus goes under the discard pile
    /// (cards never leave the game).
    pub talon_len: Option<usize>,
    /// Running totals before this deal (default zeros).
    pub totals: Vec<i32>,
    /// Who made the deal's first meld so far.
    pub first_melder: Option<Seat>,
}

impl Romme {
    /// Builds a position (tests, tutorials). The turn owner is about to draw.
    #[doc(hidden)]
    pub fn from_parts(opts: &RommeOptions, setup: &Setup, seed: u64) -> Result<Romme, RuleError> {
        let seats = setup.hands.len();
        let mut g = Romme::fresh(opts, seats, seed)?;
        let mut deck = DeckSpec::French {
            packs: 2,
            jokers: opts.jokers,
        }
        .cards();
        let missing = |_face: Face| RuleError::BadOption {
            option: "setup".into(),
            limit: crate::game::OptionLimit::NotEnoughCards,
        };
        let mut take = |face: Face| -> Result<Card, RuleError> {
            let i = deck
                .iter()
                .position(|c| c.face == face)
                .ok_or(missing(face))?;
            Ok(deck.remove(i))
        };
        let mut deal = Deal::empty(seats);
        for (s, faces) in setup.hands.iter().enumerate() {
            for &f in faces {
                deal.hands[s].push(take(f)?);
            }
        }
        for (owner, faces) in &setup.table {
            let cards = faces
                .iter()
                .map(|&f| take(f))
                .collect::<Result<Vec<_>, _>>()?;
            let meld = validate(&cards, &opts.meld_rules())?;
            deal.table.push(TableMeld {
                id: MeldId(deal.next_meld),
                owner: *owner,
                meld,
            });
            deal.next_meld += 1;
        }
        for &f in &setup.discard {
            deal.discard.push(take(f)?);
        }
        let mut top = Vec::new();
        for &f in &setup.talon_top {
            top.push(take(f)?);
        }
        if let Some(len) = setup.talon_len {
            while deck.len() + top.len() > len && !deck.is_empty() {
                let c = deck.remove(0);
                deal.discard.insert(0, c);
            }
        }
        top.reverse();
        deck.extend(top);
        deal.talon = deck;
        for &s in &setup.opened {
            if s < seats {
                deal.opened[s] = true;
                deal.played_before[s] = true;
            }
        }
        deal.first_melder = setup.first_melder;
        if setup.totals.len() == seats {
            g.totals = setup.totals.clone();
        }
        g.dealer = setup.dealer % seats;
        g.deal_no = 1;
        g.deal = deal;
        let mut events = Vec::new();
        g.begin_turn(setup.turn % seats, &mut events);
        g.push_events(&events);
        Ok(g)
    }

    /// The 1-based number of the current deal (the view's `deal`, without building a view).
    pub fn deal_no(&self) -> u32 {
        self.deal_no
    }

    /// The current deal (read-only, for tests and tools).
    #[doc(hidden)]
    pub fn deal_state(&self) -> &Deal {
        &self.deal
    }

    /// The current phase.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
}
