//! The Profi-Sort state: match, deal, turn, task sheets; dealing and turn changes.

use super::actions::{DealEnd, ProfiSortEvent};
use super::options::{ProfiSortOptions, TalonEnd, HAND_SIZE};
use super::scoring::{DealSummary, ScoreRow};
use super::tasks::TaskMeld;
use super::RuleError;
use crate::card::{Card, CardId};
use crate::family::{self, Table};
use crate::game::{Position, Seat};
use crate::rng::GameRng;
use serde::{Deserialize, Serialize};

/// How many events the state keeps for the running log.
pub const LOG_LEN: usize = 24;

/// One deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    /// Own hand cards per seat (received aces are in `received`).
    pub hands: Vec<Vec<Card>>,
    /// Received aces per seat, lying open; they count as hand cards.
    pub received: Vec<Vec<Card>>,
    /// Face down; the top card is the last element.
    pub talon: Vec<Card>,
    /// Face up; the top card is the last element.
    pub discard: Vec<Card>,
    /// The open task melds, in the order they were laid.
    pub melds: Vec<TaskMeld>,
    /// The turn owner.
    pub turn: Seat,
    /// Per seat: laid a task in this deal (may lay off).
    pub opened: Vec<bool>,
    /// Per seat: gave his ace in this deal.
    pub gave_ace: Vec<bool>,
    /// The card taken from the discard pile in this turn (can't be discarded again).
    pub taken: Option<CardId>,
    /// Seats still to decide about a redeal (dealt 3+ aces), in turn order.
    pub redeal_queue: Vec<Seat>,
    /// The talon was rebuilt from the discard pile in this deal (`talon_end = reshuffle`
    /// rebuilds it once, so a deal in which nobody can go out still ends).
    #[serde(default)]
    pub rebuilt: bool,
}

/// Whose decision it is and of what kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase")]
pub enum Phase {
    /// The first seat of `redeal_queue` decides: `Redeal` or `KeepHand`.
    RedealChoice,
    /// The turn owner draws, takes the discard (variant) or sits out.
    Draw,
    /// The turn owner lays tasks, lays off, gives an ace, discards.
    Play,
    /// Task 15 was laid: only the final discard remains.
    LastDiscard,
    /// The deal is scored; the next dealer starts the next one (`NextDeal`).
    DealOver,
    MatchOver,
}

/// One player's task sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sheet {
    /// Per entry 1–15 (index 0–14): the deal in which it was completed.
    pub done: Vec<Option<u32>>,
    /// Joker-allowed entries laid without a joker (their special points are struck).
    pub joker_free: Vec<u8>,
}

impl Sheet {
    pub fn new() -> Sheet {
        Sheet {
            done: vec![None; 15],
            joker_free: Vec::new(),
        }
    }
    pub fn is_done(&self, task: u8) -> bool {
        usize::from(task)
            .checked_sub(1)
            .and_then(|i| self.done.get(i))
            .is_some_and(|d| d.is_some())
    }
    pub fn count(&self) -> usize {
        self.done.iter().filter(|d| d.is_some()).count()
    }
}

impl Default for Sheet {
    fn default() -> Self {
        Sheet::new()
    }
}

/// A Profi-Sort match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProfiSort {
    pub(crate) opts: ProfiSortOptions,
    pub(crate) seats: usize,
    pub(crate) rng: GameRng,
    /// 1-based number of the current deal.
    pub(crate) deal_no: u32,
    pub(crate) dealer: Seat,
    pub(crate) deal: Deal,
    pub(crate) phase: Phase,
    pub(crate) totals: Vec<i32>,
    pub(crate) sheets: Vec<Sheet>,
    pub(crate) rows: Vec<ScoreRow>,
    pub(crate) summary: Option<DealSummary>,
    /// Unstruck special points added at the match end.
    pub(crate) special: Option<Vec<u32>>,
    pub(crate) log: Vec<ProfiSortEvent>,
}

impl Deal {
    pub(crate) fn empty(seats: usize) -> Deal {
        Deal {
            hands: vec![Vec::new(); seats],
            received: vec![Vec::new(); seats],
            talon: Vec::new(),
            discard: Vec::new(),
            melds: Vec::new(),
            turn: 0,
            opened: vec![false; seats],
            gave_ace: vec![false; seats],
            taken: None,
            redeal_queue: Vec::new(),
            rebuilt: false,
        }
    }

    /// The deal as its position and audit see it: open are the task melds, each seat's
    /// received aces and the discard pile.
    pub(crate) fn as_table(&self) -> Table<'_> {
        let melds = self
            .melds
            .iter()
            .map(|m| m.cards().map(|c| c.id.0).collect());
        let received = self.received.iter().map(|r| Position::group(r));
        let open = melds
            .chain(received)
            .chain([Position::group(&self.discard)]);
        Table::new(&self.hands, &self.talon, open.collect())
    }
}

fn is_ace(c: &Card) -> bool {
    c.face.rank().is_some_and(|r| r.0 == 1)
}

impl ProfiSort {
    pub(crate) fn fresh(
        opts: &ProfiSortOptions,
        seats: usize,
        seed: u64,
    ) -> Result<ProfiSort, RuleError> {
        opts.validate(seats)?;
        Ok(ProfiSort {
            opts: opts.clone(),
            seats,
            rng: GameRng::seed_from_u64(seed),
            deal_no: 0,
            // Dealer I is the first seat.
            dealer: 0,
            deal: Deal::empty(seats),
            phase: Phase::Draw,
            totals: vec![0; seats],
            sheets: vec![Sheet::new(); seats],
            rows: Vec::new(),
            summary: None,
            special: None,
            log: Vec::new(),
        })
    }

    pub(crate) fn push_events(&mut self, events: &[ProfiSortEvent]) {
        crate::game::keep_last(&mut self.log, events, LOG_LEN);
    }

    /// Shuffles and deals (a redeal keeps the deal number and the dealer).
    pub(crate) fn deal_cards(&mut self, redeal: bool, events: &mut Vec<ProfiSortEvent>) {
        let n = self.seats;
        let (hands, talon) =
            family::deal(&mut self.rng, self.opts.deck(), n, self.dealer, HAND_SIZE);
        let mut deal = Deal::empty(n);
        deal.hands = hands;
        deal.talon = talon;
        let starter = (self.dealer + 1) % n;
        deal.turn = starter;
        deal.redeal_queue = (0..n)
            .map(|k| (starter + k) % n)
            .filter(|&s| deal.hands[s].iter().filter(|c| is_ace(c)).count() >= 3)
            .collect();
        self.deal = deal;
        if !redeal {
            self.deal_no += 1;
        }
        self.summary = None;
        events.push(ProfiSortEvent::DealStarted {
            deal: self.deal_no,
            dealer: self.dealer,
            starter,
        });
        self.offer_redeal_or_start(events);
    }

    /// The next redeal decision, or the first turn.
    pub(crate) fn offer_redeal_or_start(&mut self, events: &mut Vec<ProfiSortEvent>) {
        if let Some(&seat) = self.deal.redeal_queue.first() {
            let aces = self.deal.hands[seat].iter().filter(|c| is_ace(c)).count();
            events.push(ProfiSortEvent::RedealOffered { seat, aces });
            self.phase = Phase::RedealChoice;
        } else {
            let starter = (self.dealer + 1) % self.seats;
            self.begin_turn(starter, events);
        }
    }

    /// Makes `seat` the turn owner. An empty talon ends the deal (`talon_end`).
    pub(crate) fn begin_turn(&mut self, seat: Seat, events: &mut Vec<ProfiSortEvent>) {
        self.deal.turn = seat;
        self.deal.taken = None;
        self.phase = Phase::Draw;
        if self.deal.talon.is_empty()
            && self.opts.talon_end == TalonEnd::Reshuffle
            && !self.deal.rebuilt
        {
            self.rebuild_talon(events);
        }
        if self.deal.talon.is_empty() {
            self.end_deal(DealEnd::TalonEmpty { seat }, events);
        }
    }

    fn rebuild_talon(&mut self, events: &mut Vec<ProfiSortEvent>) {
        let Some(cards) = family::talon_from_discard(&mut self.rng, &mut self.deal.discard) else {
            return;
        };
        events.push(ProfiSortEvent::TalonRebuilt { cards: cards.len() });
        self.deal.talon = cards;
        self.deal.rebuilt = true;
    }

    /// The seat that must decide now.
    pub(crate) fn decider(&self) -> Option<Seat> {
        match self.phase {
            Phase::RedealChoice => self.deal.redeal_queue.first().copied(),
            Phase::Draw | Phase::Play | Phase::LastDiscard => Some(self.deal.turn),
            Phase::DealOver => Some((self.dealer + 1) % self.seats),
            Phase::MatchOver => None,
        }
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn deal(&self) -> &Deal {
        &self.deal
    }
    pub fn deal_no(&self) -> u32 {
        self.deal_no
    }
    pub fn dealer(&self) -> Seat {
        self.dealer
    }
    pub fn totals(&self) -> &[i32] {
        &self.totals
    }
    pub fn sheets(&self) -> &[Sheet] {
        &self.sheets
    }
    pub fn score_rows(&self) -> &[ScoreRow] {
        &self.rows
    }
    pub fn summary(&self) -> Option<&DealSummary> {
        self.summary.as_ref()
    }
    pub fn special_points(&self) -> Option<&[u32]> {
        self.special.as_deref()
    }
}

/// A position for tests and tools: hands and received aces by cards, the turn owner about
/// to draw (`Phase::Draw`) or to play (`drawn`), totals and sheets.
#[derive(Clone, Debug, Default)]
pub struct Setup {
    pub hands: Vec<Vec<Card>>,
    pub received: Vec<Vec<Card>>,
    pub talon: Vec<Card>,
    pub melds: Vec<TaskMeld>,
    pub turn: Seat,
    pub drawn: bool,
    pub opened: Vec<bool>,
    pub totals: Vec<i32>,
    pub sheets: Vec<Sheet>,
}

impl ProfiSort {
    /// A match in the given position (deal 1, dealer before `turn`). Cards are taken as
    /// given; the caller keeps them distinct.
    pub fn from_setup(opts: &ProfiSortOptions, s: Setup) -> Result<ProfiSort, RuleError> {
        let n = s.hands.len();
        let mut g = ProfiSort::fresh(opts, n, 0)?;
        g.deal_no = 1;
        g.dealer = (s.turn + n - 1) % n;
        let mut d = Deal::empty(n);
        d.hands = s.hands;
        if !s.received.is_empty() {
            d.received = s.received;
        }
        d.talon = s.talon;
        d.melds = s.melds;
        d.turn = s.turn;
        if !s.opened.is_empty() {
            d.opened = s.opened;
        }
        g.deal = d;
        if !s.totals.is_empty() {
            g.totals = s.totals;
        }
        if !s.sheets.is_empty() {
            g.sheets = s.sheets;
        }
        g.phase = if s.drawn { Phase::Play } else { Phase::Draw };
        Ok(g)
    }
}
