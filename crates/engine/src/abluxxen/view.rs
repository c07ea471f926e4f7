//! What one seat may see, and helpers for the UI.

use super::events::{AbluxxenEvent, RoundResult};
use super::options::AbluxxenOptions;
use super::state::{card_value, group_value, rank, shadow_options, sort_cards, Phase};
use super::Abluxxen;
use crate::card::{Card, CardId, Face};
use crate::game::{Seat, Standing};
use serde::{Deserialize, Serialize};

/// One group of a display.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    /// Value cards first, jokers last.
    pub cards: Vec<Card>,
    /// 1–13, or 14 for jokers only.
    pub value: u8,
}

/// The public side of one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub hand_count: usize,
    /// Groups bottom to top; the last one is the open group.
    pub display: Vec<Group>,
    pub display_count: usize,
    /// Match total so far (finished games only).
    pub total: i32,
}

/// A shadow value the turn owner may luxx.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShadowOption {
    pub value: u8,
    pub cards: Vec<Card>,
}

/// Why a seat is drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DrawReason {
    /// The seat lost a luxxed group (taken by the turn owner or discarded).
    Luxxed,
    /// `draw_if_no_luxx`: the turn owner luxxed nobody and may draw one card or pass.
    NoLuxx,
}

/// The decision the table is waiting for; `seat` is who decides.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum Pending {
    /// The turn owner must lay a group.
    Play { seat: Seat },
    /// Profiduell: the turn owner must pick one shadow value (`count` cards each).
    ShadowChoice {
        seat: Seat,
        count: u8,
        options: Vec<ShadowOption>,
    },
    /// The turn owner decides whether to take `victim`'s luxxed open group.
    LuxxDecision {
        seat: Seat,
        victim: Seat,
        cards: Vec<Card>,
    },
    /// The victim (`seat`) decides: take back, or discard and draw `cards.len()`.
    VictimDecision {
        seat: Seat,
        by: Seat,
        cards: Vec<Card>,
    },
    /// `seat` draws one card at a time, `remaining` more (a supply pair counts as one).
    Draw {
        seat: Seat,
        remaining: u8,
        reason: DrawReason,
        can_pass: bool,
    },
    /// The match is over.
    MatchOver,
}

impl Pending {
    /// Who decides now (`None` once the match is over).
    pub fn seat(&self) -> Option<Seat> {
        match self {
            Pending::Play { seat }
            | Pending::ShadowChoice { seat, .. }
            | Pending::LuxxDecision { seat, .. }
            | Pending::VictimDecision { seat, .. }
            | Pending::Draw { seat, .. } => Some(*seat),
            Pending::MatchOver => None,
        }
    }
}

/// What a play would do, for marking targets before confirming.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LuxxPreview {
    /// The cards form a legal play from this hand.
    pub valid: bool,
    /// Value of the group (14 = jokers only); 0 when invalid.
    pub value: u8,
    pub count: usize,
    /// The play empties the hand: the game ends and nobody is luxxed.
    pub last_cards: bool,
    /// Profiduell: shadow values that would qualify (one must be luxxed).
    pub shadow_options: Vec<u8>,
    /// Opponents whose open group would be luxxed, in resolution order.
    pub victims: Vec<Seat>,
}

/// Everything `seat` may see. Other hands and the pile appear only as counts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbluxxenView {
    pub seat: Seat,
    pub seats: usize,
    pub options: AbluxxenOptions,
    /// 1-based game number and the number of games in the match.
    pub round: u8,
    pub rounds: u8,
    pub start_player: Seat,
    /// The turn owner.
    pub active: Seat,
    /// Who must decide now (may be a victim, not the turn owner).
    pub to_move: Option<Seat>,
    pub pending: Pending,
    /// Own hand sorted by value, jokers at the end.
    pub hand: Vec<Card>,
    pub players: Vec<PlayerView>,
    /// The open supply places: empty, one card, or a pair (Profiduell).
    pub supply: Vec<Vec<Card>>,
    pub pile_count: usize,
    /// Rejected luxxed cards (out of play).
    pub discard_count: usize,
    /// Profiduell surplus 13s/jokers that left the game.
    pub out_of_play_count: usize,
    /// Profiduell shadow, face up, sorted by value (empty in the base game).
    pub shadow: Vec<Card>,
    pub totals: Vec<i32>,
    /// Results of the finished games of the match.
    pub results: Vec<RoundResult>,
    /// Match standings (running totals while playing).
    pub standings: Vec<Standing>,
    /// The most recent events, oldest first.
    pub last_events: Vec<AbluxxenEvent>,
}

pub(crate) fn view(g: &Abluxxen, seat: Seat) -> AbluxxenView {
    let mut hand = g.hands.get(seat).cloned().unwrap_or_default();
    sort_cards(&mut hand);
    let players = (0..g.seats)
        .map(|s| PlayerView {
            seat: s,
            hand_count: g.hands[s].len(),
            display: g.displays[s]
                .iter()
                .map(|cards| Group {
                    cards: cards.clone(),
                    value: group_value(cards),
                })
                .collect(),
            display_count: g.displays[s].iter().map(|d| d.len()).sum(),
            total: g.totals[s],
        })
        .collect();
    let pending = match &g.phase {
        Phase::Play => Pending::Play { seat: g.active },
        Phase::ShadowChoice { options, count, .. } => Pending::ShadowChoice {
            seat: g.active,
            count: *count,
            options: options
                .iter()
                .map(|&value| ShadowOption {
                    value,
                    cards: g
                        .shadow
                        .iter()
                        .filter(|c| card_value(c) == value)
                        .copied()
                        .collect(),
                })
                .collect(),
        },
        Phase::LuxxDecision { victim, .. } => Pending::LuxxDecision {
            seat: g.active,
            victim: *victim,
            cards: g.displays[*victim].last().cloned().unwrap_or_default(),
        },
        Phase::VictimDecision { victim, .. } => Pending::VictimDecision {
            seat: *victim,
            by: g.active,
            cards: g.displays[*victim].last().cloned().unwrap_or_default(),
        },
        Phase::Draw {
            seat,
            remaining,
            optional,
            ..
        } => Pending::Draw {
            seat: *seat,
            remaining: *remaining,
            reason: if *optional {
                DrawReason::NoLuxx
            } else {
                DrawReason::Luxxed
            },
            can_pass: *optional,
        },
        Phase::Over => Pending::MatchOver,
    };
    AbluxxenView {
        seat,
        seats: g.seats,
        options: g.options.clone(),
        round: g.round,
        rounds: g.options.rounds,
        start_player: (g.first_start + g.round.max(1) as usize - 1) % g.seats.max(1),
        active: g.active,
        to_move: g.decider(),
        pending,
        hand,
        players,
        supply: g.supply.clone(),
        pile_count: g.pile.len(),
        discard_count: g.discard.len(),
        out_of_play_count: g.out_of_play.len(),
        shadow: g.shadow.clone(),
        totals: g.totals.clone(),
        results: g.results.clone(),
        standings: rank(&g.totals, &g.hand_totals),
        last_events: g.log.clone(),
    }
}

impl AbluxxenView {
    /// Is it this seat's decision?
    pub fn my_decision(&self) -> bool {
        self.to_move == Some(self.seat)
    }

    /// The value of a play of these hand cards, or `None` if it is not a legal group
    /// (empty, duplicate, not in hand, or mixed values).
    pub fn play_value(&self, cards: &[CardId]) -> Option<u8> {
        if cards.is_empty() {
            return None;
        }
        let mut value = None;
        for (i, id) in cards.iter().enumerate() {
            if cards[..i].contains(id) {
                return None;
            }
            let card = self.hand.iter().find(|c| c.id == *id)?;
            if let Face::Lux(v) = card.face {
                if value.is_some_and(|w| w != v) {
                    return None;
                }
                value = Some(v);
            }
        }
        Some(value.unwrap_or(super::state::JOKER_GROUP_VALUE))
    }

    /// Whom laying `cards` (from this seat's hand) would luxx.
    pub fn would_luxx(&self, cards: &[CardId]) -> LuxxPreview {
        let Some(value) = self.play_value(cards) else {
            return LuxxPreview::default();
        };
        let count = cards.len();
        let last_cards = count == self.hand.len();
        let mut preview = LuxxPreview {
            valid: true,
            value,
            count,
            last_cards,
            ..LuxxPreview::default()
        };
        if last_cards {
            return preview;
        }
        if self.options.profiduell {
            preview.shadow_options = shadow_options(&self.shadow, value, count);
        }
        let n = self.players.len();
        preview.victims = (1..n)
            .map(|i| (self.seat + i) % n)
            .filter(|&s| {
                self.players[s]
                    .display
                    .last()
                    .is_some_and(|g| g.cards.len() == count && g.value < value)
            })
            .collect();
        preview
    }

    /// The open (top) group of `seat`, if any.
    pub fn open_group(&self, seat: Seat) -> Option<&Group> {
        self.players.get(seat).and_then(|p| p.display.last())
    }
}
