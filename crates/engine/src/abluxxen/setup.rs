//! Dealing a match and each of its games.

use super::events::AbluxxenEvent;
use super::options::{
    AbluxxenOptions, HAND_SIZE, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, SHADOW_SIZE, SUPPLY_SLOTS,
};
use super::state::{empty_supply, Phase};
use super::Abluxxen;
use super::RuleError;
use crate::card::{DeckSpec, Face};
use crate::rng::GameRng;

/// Jokers each Profiduell player receives before the 11 other cards.
const PROFI_JOKERS: usize = 2;

pub(crate) fn check_setup(options: &AbluxxenOptions, seats: usize) -> Result<(), RuleError> {
    if options.rounds == 0 || options.rounds > MAX_ROUNDS {
        return Err(crate::game::out_of_range(
            "rounds",
            1,
            u32::from(MAX_ROUNDS),
        ));
    }
    let (min, max) = if options.profiduell {
        (2, 2)
    } else {
        (MIN_PLAYERS, MAX_PLAYERS)
    };
    crate::game::check_players(seats, min, max)
}

pub(crate) fn new_match(
    options: &AbluxxenOptions,
    seats: usize,
    seed: u64,
) -> Result<Abluxxen, RuleError> {
    check_setup(options, seats)?;
    let mut rng = GameRng::seed_from_u64(seed);
    let first_start = rng.below(seats as u64) as usize;
    let mut g = Abluxxen {
        options: options.clone(),
        seats,
        rng,
        round: 0,
        first_start,
        active: first_start,
        hands: vec![Vec::new(); seats],
        displays: vec![Vec::new(); seats],
        supply: empty_supply(),
        pile: Vec::new(),
        discard: Vec::new(),
        out_of_play: Vec::new(),
        shadow: Vec::new(),
        phase: Phase::Play,
        totals: vec![0; seats],
        hand_totals: vec![0; seats],
        results: Vec::new(),
        log: Vec::new(),
    };
    let mut out = Vec::new();
    g.deal_round(&mut out);
    Ok(g)
}

impl Abluxxen {
    /// Shuffles all 109 cards and deals the next game of the match.
    pub(crate) fn deal_round(&mut self, out: &mut Vec<AbluxxenEvent>) {
        self.round = self.round.saturating_add(1);
        let start = (self.first_start + self.round as usize - 1) % self.seats;
        self.active = start;
        self.hands = vec![Vec::new(); self.seats];
        self.displays = vec![Vec::new(); self.seats];
        self.supply = empty_supply();
        self.discard.clear();
        self.out_of_play.clear();
        self.shadow.clear();

        let mut deck = DeckSpec::Abluxxen.cards();
        if self.options.profiduell {
            let (jokers, mut rest): (Vec<_>, Vec<_>) =
                deck.into_iter().partition(|c| c.face == Face::LuxJoker);
            let mut jokers = jokers.into_iter();
            for hand in self.hands.iter_mut() {
                hand.extend(jokers.by_ref().take(PROFI_JOKERS));
            }
            rest.extend(jokers);
            self.rng.shuffle(&mut rest);
            deck = rest;
        } else {
            self.rng.shuffle(&mut deck);
        }
        // Deal from the top (the end of the vector), one card at a time round the table.
        let per_hand = HAND_SIZE - self.hands[0].len();
        for _ in 0..per_hand {
            for s in 0..self.seats {
                let seat = (start + s) % self.seats;
                if let Some(c) = deck.pop() {
                    self.hands[seat].push(c);
                }
            }
        }
        for slot in self.supply.iter_mut().take(SUPPLY_SLOTS) {
            if let Some(c) = deck.pop() {
                slot.push(c);
            }
        }
        if self.options.profiduell {
            for _ in 0..SHADOW_SIZE {
                if let Some(c) = deck.pop() {
                    self.shadow.push(c);
                }
            }
        }
        self.pile = deck;
        self.phase = Phase::Play;
        self.push_event(
            out,
            AbluxxenEvent::RoundStarted {
                round: self.round,
                start_player: start,
            },
        );
        if self.options.profiduell {
            self.settle_shadow(out);
        }
    }
}

/// A hand-built position for scenario tests: faces are turned into real cards of the deck.
#[cfg(test)]
#[derive(Clone, Debug, Default)]
pub(crate) struct Parts {
    pub options: AbluxxenOptions,
    pub active: crate::game::Seat,
    pub hands: Vec<Vec<Face>>,
    /// Per seat: groups bottom to top.
    pub displays: Vec<Vec<Vec<Face>>>,
    pub supply: Vec<Vec<Face>>,
    /// The pile from the top down.
    pub pile_top: Vec<Face>,
    pub shadow: Vec<Face>,
    /// Put the unused cards out of play instead of under the pile.
    pub rest_out_of_play: bool,
}

#[cfg(test)]
impl Abluxxen {
    /// Builds a state directly (test only). Panics if a face is used more often than the
    /// deck holds it.
    #[doc(hidden)]
    pub(crate) fn from_parts(p: Parts) -> Abluxxen {
        use crate::card::Card;
        let mut pool = DeckSpec::Abluxxen.cards();
        let mut take = |f: &Face| -> Card {
            let i = pool
                .iter()
                .position(|c| c.face == *f)
                .unwrap_or_else(|| panic!("no card {f:?} left"));
            pool.remove(i)
        };
        let seats = p.hands.len();
        let hands: Vec<Vec<Card>> = p
            .hands
            .iter()
            .map(|h| h.iter().map(&mut take).collect())
            .collect();
        let mut displays: Vec<Vec<Vec<Card>>> = p
            .displays
            .iter()
            .map(|d| {
                d.iter()
                    .map(|g| g.iter().map(&mut take).collect())
                    .collect()
            })
            .collect();
        displays.resize(seats, Vec::new());
        let mut supply: Vec<Vec<Card>> = p
            .supply
            .iter()
            .map(|s| s.iter().map(&mut take).collect())
            .collect();
        supply.resize(SUPPLY_SLOTS, Vec::new());
        let mut shadow: Vec<Card> = p.shadow.iter().map(&mut take).collect();
        super::state::sort_cards(&mut shadow);
        let top: Vec<Card> = p.pile_top.iter().map(&mut take).collect();
        let (mut pile, out_of_play) = if p.rest_out_of_play {
            (Vec::new(), pool)
        } else {
            (pool, Vec::new())
        };
        pile.extend(top.into_iter().rev());
        Abluxxen {
            options: p.options,
            seats,
            rng: GameRng::seed_from_u64(1),
            round: 1,
            first_start: p.active,
            active: p.active,
            hands,
            displays,
            supply,
            pile,
            discard: Vec::new(),
            out_of_play,
            shadow,
            phase: Phase::Play,
            totals: vec![0; seats],
            hand_totals: vec![0; seats],
            results: Vec::new(),
            log: Vec::new(),
        }
    }
}
