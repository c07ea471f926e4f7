//! Actions, events and errors of Profi-Sort.

use crate::card::{CardId, Face, Suit};
use crate::game::{Seat, Standing};
use serde::{Deserialize, Serialize};

/// Which end of a run a lay-off extends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RunEnd {
    /// Below the lowest card (cards listed ascending, ending right below it).
    Low,
    /// Above the highest card (cards listed ascending, starting right above it).
    #[default]
    High,
}

/// Everything a player can do.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum ProfiSortAction {
    /// Dealt three or more aces: demand a new deal (same dealer).
    Redeal,
    /// Dealt three or more aces: play this hand.
    KeepHand,
    /// Draw the top talon card.
    Draw,
    /// Variant `draw_from_discard`: take the top discard (never an ace) instead.
    TakeDiscard,
    /// Instead of drawing: play a received ace onto the discard pile and sit out (the
    /// whole turn).
    SitOut,
    /// Complete sheet entry `task` (1–15) with a meld. `repeat` is the task shape (1–14)
    /// repeated by task 15 and must be `None` for the others. `parts` are the components in
    /// the order of the task's definition ([`super::tasks::shape`]); runs are listed
    /// ascending, a joker standing at its place.
    LayTask {
        task: u8,
        #[serde(default)]
        repeat: Option<u8>,
        parts: Vec<Vec<CardId>>,
    },
    /// Lay `cards` off on component `part` of open task meld `meld` (index into the
    /// table's melds). `part: None` starts a new component where the task allows only
    /// complete ones (task 3: a 4-suit quad, task 9: an identical pair). `end` is used for
    /// runs only; the cards are listed ascending.
    LayOff {
        meld: usize,
        part: Option<usize>,
        #[serde(default)]
        end: RunEnd,
        cards: Vec<CardId>,
    },
    /// Lay an own ace in front of opponent `to` (at most once per deal).
    GiveAce { card: CardId, to: Seat },
    /// End the turn by discarding `card`.
    Discard { card: CardId },
    /// Start the next deal after the deal-end summary (the next dealer decides).
    NextDeal,
}

/// What a card in a component must be, named in [`ProfiSortError::CardDoesNotFit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "need")]
pub enum Need {
    /// A card of this rank.
    Rank { rank: u8 },
    /// A card of this suit.
    Suit { suit: Suit },
    /// The run's card at this place: this rank.
    RunRank { rank: u8 },
    /// A 2 or a 3 (task 7).
    TwoOrThree,
    /// A face card B, D or K (task 8).
    FaceCard,
    /// The same card (rank and suit) as its partner (task 9).
    SameCard { face: Face },
    /// One of 3, 5, 9, B or of 4, 6, 10, D, each rank once (task 10).
    TaskTenRank,
    /// A suit not yet present (tasks 3 and 10).
    NewSuit,
}

/// How a deal ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum DealEnd {
    /// `seat` discarded his last card.
    WentOut { seat: Seat },
    /// The talon was empty when `seat` had to draw.
    TalonEmpty { seat: Seat },
    /// Beginner mode: `seat` completed the required number of tasks.
    BeginnerWin { seat: Seat },
}

/// What happened, for the running log. Talon cards are never named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event")]
pub enum ProfiSortEvent {
    DealStarted {
        deal: u32,
        dealer: Seat,
        starter: Seat,
    },
    /// `seat` was dealt `aces` aces and may demand a new deal.
    RedealOffered {
        seat: Seat,
        aces: usize,
    },
    Redealt {
        seat: Seat,
    },
    KeptHand {
        seat: Seat,
    },
    Drew {
        seat: Seat,
    },
    TookDiscard {
        seat: Seat,
        face: Face,
    },
    SatOut {
        seat: Seat,
    },
    /// `seat` completed `task` (repeating `repeat` for task 15) with meld number `meld`.
    TaskLaid {
        seat: Seat,
        task: u8,
        repeat: Option<u8>,
        meld: usize,
        faces: Vec<Face>,
        jokers: usize,
    },
    LaidOff {
        seat: Seat,
        meld: usize,
        faces: Vec<Face>,
    },
    AceGiven {
        seat: Seat,
        to: Seat,
    },
    Discarded {
        seat: Seat,
        face: Face,
    },
    /// The talon was rebuilt from the discard pile (`talon_end = reshuffle`).
    TalonRebuilt {
        cards: usize,
    },
    DealScored {
        deal: u32,
        end: DealEnd,
        points: Vec<i32>,
        totals: Vec<i32>,
    },
    MatchEnded {
        standings: Vec<Standing>,
    },
}

/// Profi-Sort reasons for rejecting an action (data only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason")]
pub enum ProfiSortError {
    /// There is no sheet entry `task` (1–15) or no task shape `task` (1–14).
    NoSuchTask {
        task: u8,
    },
    /// Sheet entry `task` is left out of this match (option `left_out`).
    TaskLeftOut {
        task: u8,
    },
    /// The player completed `task` already.
    TaskDone {
        task: u8,
    },
    /// Task 15 needs the repeated shape (1–14); other tasks must not name one.
    RepeatShape {
        task: u8,
        repeat: Option<u8>,
    },
    /// Task 15 only while going out: after laying it exactly one card (not a received ace,
    /// nor the card taken from the discard pile) must be left for the final discard;
    /// `left` own cards would remain, `received` received aces.
    Task15NeedsGoingOut {
        left: usize,
        received: usize,
    },
    /// The task has `expected` components, the meld `got`.
    PartCount {
        task: u8,
        expected: usize,
        got: usize,
    },
    /// Component `part` needs `expected` cards, it has `got` (`expected - got` missing when
    /// positive).
    PartSize {
        task: u8,
        part: usize,
        expected: usize,
        got: usize,
    },
    /// Aces belong to no task.
    AceInTask {
        card: CardId,
    },
    /// `task` is a "No J" task: no joker, ever.
    JokerNotAllowed {
        task: u8,
        card: CardId,
    },
    /// Component `part` of `task` has no natural card (jokers are never laid alone).
    JokersOnly {
        task: u8,
        part: usize,
    },
    /// `card` does not fit component `part` of `task` (the sheet entry laid or extended).
    CardDoesNotFit {
        task: u8,
        part: usize,
        card: CardId,
        need: Need,
    },
    /// The run of component `part` of `task` would leave 2…K.
    RunOutOfRange {
        task: u8,
        part: usize,
    },
    /// Two groups of `task` have the same rank (`distinct_ranks`).
    SameRankTwice {
        task: u8,
        part: usize,
        rank: u8,
    },
    /// Laying off needs an own task laid earlier in this deal.
    NotOpened,
    NoSuchMeld {
        meld: usize,
    },
    NoSuchPart {
        meld: usize,
        part: usize,
    },
    /// This meld takes only complete new components of `cards` cards (tasks 3 and 9),
    /// laid with `part: None`.
    WholeGroupNeeded {
        meld: usize,
        cards: usize,
    },
    /// Only tasks 3 and 9 take new components.
    NoNewPart {
        meld: usize,
    },
    /// Nothing to lay off.
    NoCards,
    /// The action would leave too few cards: one for the final discard (not the card
    /// taken from the discard pile), and with received aces one more, because besides
    /// them a player must always keep another card. `left` own cards would remain.
    MustKeepCard {
        left: usize,
        received: usize,
    },
    /// One ace per player and deal.
    AceAlreadyGiven,
    NotAnAce {
        card: CardId,
    },
    /// Aces go to an opponent only.
    NoSuchOpponent {
        to: Seat,
    },
    /// Sitting out needs a received ace.
    NoReceivedAce,
    /// The card taken from the discard pile can't be discarded in the same turn.
    TakenDiscard {
        card: CardId,
    },
    /// The discard pile is empty.
    DiscardPileEmpty,
    /// Aces are never taken from the discard pile.
    TopDiscardIsAce,
    /// Taking the discard needs the variant `draw_from_discard`.
    VariantOff,
}

impl ProfiSortError {
    /// The same error naming sheet entry `task` (component checks don't know it).
    pub(crate) fn in_task(mut self, task_no: u8) -> Self {
        match &mut self {
            ProfiSortError::JokersOnly { task, .. }
            | ProfiSortError::CardDoesNotFit { task, .. }
            | ProfiSortError::RunOutOfRange { task, .. }
            | ProfiSortError::SameRankTwice { task, .. } => *task = task_no,
            _ => {}
        }
        self
    }
}
