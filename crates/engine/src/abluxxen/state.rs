//! Phases, card values and the mechanical parts of the state (supply, shadow, scoring).

use super::events::{AbluxxenEvent, RoundResult, SupplyPlacement};
use super::options::{SHADOW_SIZE, SUPPLY_SLOTS};
use super::{Abluxxen, LOG_LEN};
use crate::card::{Card, Face};
use crate::game::{Seat, Standing};
use serde::{Deserialize, Serialize};

/// The value of a group made of jokers only.
pub const JOKER_GROUP_VALUE: u8 = 14;

/// Where the match stands: whose decision and what kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Phase {
    /// The turn owner must play a group.
    Play,
    /// Profiduell: the turn owner must pick one of several qualifying shadow values.
    ShadowChoice {
        options: Vec<u8>,
        count: u8,
        victims: Vec<Seat>,
    },
    /// The turn owner decides whether to take `victim`'s open group (still on the display).
    LuxxDecision { victim: Seat, queue: Vec<Seat> },
    /// The victim decides: take back or discard and draw.
    VictimDecision { victim: Seat, queue: Vec<Seat> },
    /// `seat` draws `remaining` more times; then the supply is refilled and `queue` goes on.
    /// `optional`: the `draw_if_no_luxx` draw of the turn owner, who may pass instead.
    Draw {
        seat: Seat,
        remaining: u8,
        queue: Vec<Seat>,
        optional: bool,
    },
    /// The match is over.
    Over,
}

/// Value of a single card: 1–13, jokers 14.
pub fn card_value(card: &Card) -> u8 {
    match card.face {
        Face::Lux(v) => v,
        _ => JOKER_GROUP_VALUE,
    }
}

/// Value of a group: its number value, or 14 when it holds only jokers.
pub fn group_value(cards: &[Card]) -> u8 {
    cards
        .iter()
        .find(|c| !c.face.is_joker())
        .map(card_value)
        .unwrap_or(JOKER_GROUP_VALUE)
}

/// Sort key: value, jokers last, then id.
pub(crate) fn sort_cards(cards: &mut [Card]) {
    crate::sort::sort_by_key(cards, |c| (card_value(c), c.id));
}

/// Cards that the shadow never keeps: 13s and jokers.
pub(crate) fn goes_to_supply(card: &Card) -> bool {
    card_value(card) >= 13
}

impl Abluxxen {
    /// Who must decide now.
    pub(crate) fn decider(&self) -> Option<Seat> {
        match &self.phase {
            Phase::Play | Phase::ShadowChoice { .. } => Some(self.active),
            Phase::LuxxDecision { .. } => Some(self.active),
            Phase::VictimDecision { victim, .. } => Some(*victim),
            Phase::Draw { seat, .. } => Some(*seat),
            Phase::Over => None,
        }
    }

    pub(crate) fn push_event(&mut self, out: &mut Vec<AbluxxenEvent>, e: AbluxxenEvent) {
        crate::game::keep_last(&mut self.log, std::slice::from_ref(&e), LOG_LEN);
        out.push(e);
    }

    pub(crate) fn supply_is_empty(&self) -> bool {
        self.supply.iter().all(|s| s.is_empty())
    }

    /// The end condition of the draw: pile empty and the last supply card taken.
    pub(crate) fn stock_exhausted(&self) -> bool {
        // A Profiduell supply may be empty only once the pile is, so this is the end.
        self.pile.is_empty() && self.supply_is_empty()
    }

    /// Refills empty supply places with single cards from the pile.
    pub(crate) fn refill_supply(&mut self, out: &mut Vec<AbluxxenEvent>) {
        let mut placed = Vec::new();
        for slot in 0..self.supply.len() {
            if self.supply[slot].is_empty() {
                if let Some(card) = self.pile.pop() {
                    self.supply[slot].push(card);
                    placed.push(SupplyPlacement {
                        slot,
                        face: card.face,
                    });
                }
            }
        }
        if !placed.is_empty() {
            self.push_event(out, AbluxxenEvent::SupplyRefilled { placed });
        }
    }

    /// Profiduell: puts a 13 or joker onto the lowest single supply card (a single joker
    /// counts 14, ties leftmost). Returns the slot, or `None` when it left the game.
    pub(crate) fn pair_onto_supply(&mut self, card: Card) -> Option<usize> {
        let target = (0..self.supply.len())
            .filter(|&s| self.supply[s].len() == 1)
            .min_by_key(|&s| (card_value(&self.supply[s][0]), s));
        match target {
            Some(slot) => {
                self.supply[slot].push(card);
                Some(slot)
            }
            None => {
                self.out_of_play.push(card);
                None
            }
        }
    }

    /// Profiduell: moves 13s/jokers out of the shadow and refills it to 13 from the pile,
    /// repeating until it holds 13 cards or the pile is empty.
    pub(crate) fn settle_shadow(&mut self, out: &mut Vec<AbluxxenEvent>) {
        let mut added = Vec::new();
        let mut to_supply = Vec::new();
        let mut out_of_play = Vec::new();
        let mut moving: Vec<Card> = Vec::new();
        self.shadow.retain(|c| {
            if goes_to_supply(c) {
                moving.push(*c);
                false
            } else {
                true
            }
        });
        loop {
            for card in moving.drain(..) {
                match self.pair_onto_supply(card) {
                    Some(slot) => to_supply.push(SupplyPlacement {
                        slot,
                        face: card.face,
                    }),
                    None => out_of_play.push(card.face),
                }
            }
            if self.shadow.len() >= SHADOW_SIZE {
                break;
            }
            match self.pile.pop() {
                Some(card) if goes_to_supply(&card) => moving.push(card),
                Some(card) => {
                    self.shadow.push(card);
                    added.push(card.face);
                }
                None => break,
            }
        }
        sort_cards(&mut self.shadow);
        if !added.is_empty() || !to_supply.is_empty() || !out_of_play.is_empty() {
            self.push_event(
                out,
                AbluxxenEvent::ShadowRefilled {
                    added,
                    to_supply,
                    out_of_play,
                },
            );
        }
    }

    /// Shadow values below `value` of which the shadow shows exactly `count` cards.
    pub(crate) fn shadow_options(&self, value: u8, count: usize) -> Vec<u8> {
        shadow_options(&self.shadow, value, count)
    }

    /// Opponents whose open group has `count` cards and a value below `value`,
    /// clockwise from the left of `seat`.
    pub(crate) fn victims_of(&self, seat: Seat, value: u8, count: usize) -> Vec<Seat> {
        victims_of(&self.displays, seat, value, count)
    }

    /// Scores of the current game: +1 per display card, −1 per hand card.
    pub(crate) fn round_result(&self) -> RoundResult {
        let display_counts: Vec<usize> = self
            .displays
            .iter()
            .map(|d| d.iter().map(|g| g.len()).sum())
            .collect();
        let hand_counts: Vec<usize> = self.hands.iter().map(|h| h.len()).collect();
        let scores: Vec<i32> = display_counts
            .iter()
            .zip(&hand_counts)
            .map(|(&d, &h)| d as i32 - h as i32)
            .collect();
        let hands: Vec<i32> = hand_counts.iter().map(|&h| h as i32).collect();
        let places = rank(&scores, &hands).into_iter().map(|s| s.place).collect();
        RoundResult {
            round: self.round,
            scores,
            display_counts,
            hand_counts,
            places,
        }
    }
}

pub(crate) fn shadow_options(shadow: &[Card], value: u8, count: usize) -> Vec<u8> {
    let mut counts = [0usize; 16];
    for c in shadow {
        counts[card_value(c).min(15) as usize] += 1;
    }
    (1..value.min(16))
        .filter(|&w| counts[w as usize] == count)
        .collect()
}

pub(crate) fn victims_of(
    displays: &[Vec<Vec<Card>>],
    seat: Seat,
    value: u8,
    count: usize,
) -> Vec<Seat> {
    let n = displays.len();
    (1..n)
        .map(|i| (seat + i) % n)
        .filter(|&s| {
            displays[s]
                .last()
                .is_some_and(|g| g.len() == count && group_value(g) < value)
        })
        .collect()
}

/// Places by score (higher better); ties go to fewer hand cards, then are shared.
pub(crate) fn rank(scores: &[i32], hands: &[i32]) -> Vec<Standing> {
    crate::game::places_with_tiebreak(scores, true, hands)
}

/// Debug helper: `SUPPLY_SLOTS` must match the supply vector.
pub(crate) fn empty_supply() -> Vec<Vec<Card>> {
    vec![Vec::new(); SUPPLY_SLOTS]
}
