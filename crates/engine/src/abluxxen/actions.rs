//! Actions, their validation and their effects.

use super::events::{AbluxxenEvent, DrawSource};
use super::state::{group_value, sort_cards, Phase};
use super::Abluxxen;
use super::RuleError;
use crate::card::{Card, CardId, Face};
use crate::game::{check_turn, Moment, Seat};
use serde::{Deserialize, Serialize};

/// Everything a seat can decide.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action")]
pub enum AbluxxenAction {
    /// Lay a group: cards of one value plus any jokers (jokers alone = value 14).
    Play { cards: Vec<CardId> },
    /// Profiduell: choose which qualifying shadow value to luxx (when several qualify).
    LuxxShadow { value: u8 },
    /// Turn owner: take the victim's luxxed group into the hand (the victim then draws).
    TakeLuxxed,
    /// Turn owner: leave the luxxed group to the victim, who decides next.
    LeaveLuxxed,
    /// Victim: take the group back into the hand (no draw).
    TakeBack,
    /// Victim: put the group on the out-of-play discard pile and draw as many cards.
    DiscardAndDraw,
    /// Draw one supply place (a pair counts as one draw and gives both cards).
    DrawFromSupply { slot: usize },
    /// Draw the top card of the face-down pile.
    DrawFromPile,
    /// Decline the optional `draw_if_no_luxx` draw.
    Pass,
}

/// Abluxxen-specific reasons for rejecting an action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason")]
pub enum AbluxxenError {
    /// A play must contain at least one card.
    EmptyPlay,
    /// A play may hold only one value (plus jokers); these values were named.
    MixedValues { values: Vec<u8> },
    /// The shadow shows no group of `needed_count` cards of `value` below the played value;
    /// `options` are the values that qualify.
    NotAQualifyingShadowGroup {
        value: u8,
        needed_count: u8,
        options: Vec<u8>,
    },
    /// The supply has only `slots` places.
    NoSuchSupplySlot { slot: usize, slots: usize },
    /// This supply place holds no card.
    SupplySlotEmpty { slot: usize },
    /// The draw pile is empty.
    DrawPileEmpty,
    /// Passing is only possible for the optional draw of `draw_if_no_luxx`.
    DrawNotOptional { remaining: u8 },
    /// The game waits for `expected`, a decision of Abluxxen's own (the common ones are
    /// `RuleError::WrongPhase`).
    WrongPhase { expected: Decision },
}

/// A decision only Abluxxen has, named in [`AbluxxenError::WrongPhase`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Decision {
    /// The shadow group is chosen (Profiduell).
    ShadowChoice,
    /// The luxxing player decides what to take.
    LuxxDecision,
    /// The luxxed player decides.
    VictimDecision,
}

impl From<AbluxxenError> for RuleError {
    fn from(e: AbluxxenError) -> Self {
        RuleError::Game(e)
    }
}

fn wrong_phase(phase: &Phase) -> RuleError {
    let common = |expected| RuleError::WrongPhase { expected };
    let expected = match phase {
        Phase::Play => return common(Moment::Play),
        Phase::Draw { .. } => return common(Moment::Draw),
        Phase::Over => return common(Moment::DealOver),
        Phase::ShadowChoice { .. } => Decision::ShadowChoice,
        Phase::LuxxDecision { .. } => Decision::LuxxDecision,
        Phase::VictimDecision { .. } => Decision::VictimDecision,
    };
    AbluxxenError::WrongPhase { expected }.into()
}

/// Checks a play and returns the cards (in the order named).
fn validate_play(hand: &[Card], ids: &[CardId]) -> Result<Vec<Card>, RuleError> {
    if ids.is_empty() {
        return Err(AbluxxenError::EmptyPlay.into());
    }
    let mut cards = Vec::with_capacity(ids.len());
    for (i, id) in ids.iter().enumerate() {
        if ids[..i].contains(id) {
            return Err(RuleError::DuplicateCard { card: *id });
        }
        match hand.iter().find(|c| c.id == *id) {
            Some(c) => cards.push(*c),
            None => return Err(RuleError::CardNotInHand { card: *id }),
        }
    }
    let mut values: Vec<u8> = cards
        .iter()
        .filter_map(|c| match c.face {
            Face::Lux(v) => Some(v),
            _ => None,
        })
        .collect();
    crate::sort::sort(&mut values);
    values.dedup();
    if values.len() > 1 {
        return Err(AbluxxenError::MixedValues { values }.into());
    }
    Ok(cards)
}

/// An action checked against the state, with what applying it needs: made by [`check`]
/// without changing anything, carried out by [`apply`].
#[derive(Clone, Debug, PartialEq, Eq)]
enum Checked {
    /// Lay these cards (from the hand, in the order named).
    Play(Vec<Card>),
    /// Luxx the shadow's `value` cards, then resolve `victims`.
    LuxxShadow { value: u8, victims: Vec<Seat> },
    /// Take `victim`'s luxxed group; the victim then draws, then `queue` goes on.
    TakeLuxxed { victim: Seat, queue: Vec<Seat> },
    /// Leave `victim`'s luxxed group to the victim.
    LeaveLuxxed { victim: Seat, queue: Vec<Seat> },
    /// The victim takes the group back into the hand.
    TakeBack { victim: Seat, queue: Vec<Seat> },
    /// The victim discards the group and draws as many cards.
    DiscardAndDraw { victim: Seat, queue: Vec<Seat> },
    /// One draw of a `Phase::Draw` (its fields), from a supply place that holds cards or from
    /// a pile that is not empty.
    Draw {
        drawer: Seat,
        from: Source,
        remaining: u8,
        queue: Vec<Seat>,
        optional: bool,
    },
    /// `drawer` declines the optional draw.
    Pass { drawer: Seat },
}

/// Where a checked draw takes its cards from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    Supply { slot: usize },
    Pile,
}

/// Validates, then applies `action` of `seat`: [`check`] first, which changes nothing, so a
/// rejected action leaves the game as it was.
pub(crate) fn apply(
    g: &mut Abluxxen,
    seat: Seat,
    action: &AbluxxenAction,
) -> Result<Vec<AbluxxenEvent>, RuleError> {
    let checked = check(g, seat, action)?;
    let mut out = Vec::new();
    match checked {
        Checked::Play(cards) => g.play(seat, cards, &mut out),
        Checked::LuxxShadow { value, victims } => {
            g.luxx_shadow(value, &mut out);
            g.next_victim(victims, &mut out);
        }
        Checked::TakeLuxxed { victim, queue } => g.take_luxxed(seat, victim, queue, &mut out),
        Checked::LeaveLuxxed { victim, queue } => {
            g.push_event(&mut out, AbluxxenEvent::Left { by: seat, victim });
            g.phase = Phase::VictimDecision { victim, queue };
        }
        Checked::TakeBack { victim, queue } => g.take_back(seat, victim, queue, &mut out),
        Checked::DiscardAndDraw { victim, queue } => {
            g.discard_and_draw(seat, victim, queue, &mut out)
        }
        Checked::Draw {
            drawer,
            from,
            remaining,
            queue,
            optional,
        } => {
            g.draw(drawer, from, &mut out);
            g.after_draw(drawer, remaining, queue, optional, &mut out);
        }
        Checked::Pass { drawer } => {
            g.push_event(&mut out, AbluxxenEvent::Passed { seat: drawer });
            g.next_turn();
        }
    }
    Ok(out)
}

/// Checks `action` of `seat` against the state without changing it: whose turn it is, that
/// the action fits the phase, and its own conditions (cards in hand, a qualifying shadow
/// value, a supply place or pile to draw from).
fn check(g: &Abluxxen, seat: Seat, action: &AbluxxenAction) -> Result<Checked, RuleError> {
    check_turn(g.decider(), g.seats, seat)?;
    match (&g.phase, action) {
        (Phase::Play, AbluxxenAction::Play { cards }) => {
            Ok(Checked::Play(validate_play(&g.hands[seat], cards)?))
        }
        (
            Phase::ShadowChoice {
                options,
                count,
                victims,
            },
            AbluxxenAction::LuxxShadow { value },
        ) => {
            if !options.contains(value) {
                return Err(AbluxxenError::NotAQualifyingShadowGroup {
                    value: *value,
                    needed_count: *count,
                    options: options.clone(),
                }
                .into());
            }
            Ok(Checked::LuxxShadow {
                value: *value,
                victims: victims.clone(),
            })
        }
        (Phase::LuxxDecision { victim, queue }, AbluxxenAction::TakeLuxxed) => {
            Ok(Checked::TakeLuxxed {
                victim: *victim,
                queue: queue.clone(),
            })
        }
        (Phase::LuxxDecision { victim, queue }, AbluxxenAction::LeaveLuxxed) => {
            Ok(Checked::LeaveLuxxed {
                victim: *victim,
                queue: queue.clone(),
            })
        }
        (Phase::VictimDecision { victim, queue }, AbluxxenAction::TakeBack) => {
            Ok(Checked::TakeBack {
                victim: *victim,
                queue: queue.clone(),
            })
        }
        (Phase::VictimDecision { victim, queue }, AbluxxenAction::DiscardAndDraw) => {
            Ok(Checked::DiscardAndDraw {
                victim: *victim,
                queue: queue.clone(),
            })
        }
        (
            Phase::Draw {
                seat: drawer,
                remaining,
                queue,
                optional,
            },
            AbluxxenAction::DrawFromSupply { .. } | AbluxxenAction::DrawFromPile,
        ) => Ok(Checked::Draw {
            drawer: *drawer,
            from: check_draw_source(g, action)?,
            remaining: *remaining,
            queue: queue.clone(),
            optional: *optional,
        }),
        (
            Phase::Draw {
                optional: true,
                seat: drawer,
                ..
            },
            AbluxxenAction::Pass,
        ) => Ok(Checked::Pass { drawer: *drawer }),
        (Phase::Draw { remaining, .. }, AbluxxenAction::Pass) => {
            Err(AbluxxenError::DrawNotOptional {
                remaining: *remaining,
            }
            .into())
        }
        (phase, _) => Err(wrong_phase(phase)),
    }
}

/// Checks where a draw action takes its cards from: a supply place that exists and holds
/// cards (`DrawFromSupply`), else the pile, which must not be empty.
fn check_draw_source(g: &Abluxxen, action: &AbluxxenAction) -> Result<Source, RuleError> {
    match action {
        AbluxxenAction::DrawFromSupply { slot } => {
            let slot = *slot;
            let slots = g.supply.len();
            match g.supply.get(slot) {
                None => Err(AbluxxenError::NoSuchSupplySlot { slot, slots }.into()),
                Some(s) if s.is_empty() => Err(AbluxxenError::SupplySlotEmpty { slot }.into()),
                Some(_) => Ok(Source::Supply { slot }),
            }
        }
        _ if g.pile.is_empty() => Err(AbluxxenError::DrawPileEmpty.into()),
        _ => Ok(Source::Pile),
    }
}

impl Abluxxen {
    /// Lays a validated group and starts the luxx procedure.
    fn play(&mut self, seat: Seat, mut cards: Vec<Card>, out: &mut Vec<AbluxxenEvent>) {
        self.hands[seat].retain(|c| !cards.iter().any(|p| p.id == c.id));
        sort_cards(&mut cards);
        let value = group_value(&cards);
        let count = cards.len();
        let faces = cards.iter().map(|c| c.face).collect();
        self.displays[seat].push(cards);
        self.push_event(out, AbluxxenEvent::Played { seat, value, faces });
        if self.hands[seat].is_empty() {
            // No luxxing with one's last cards: the game ends at once.
            self.end_round(out);
            return;
        }
        let victims = self.victims_of(seat, value, count);
        let shadow = if self.options.profiduell {
            self.shadow_options(value, count)
        } else {
            Vec::new()
        };
        match shadow.len() {
            0 if victims.is_empty() => {
                if self.options.draw_if_no_luxx && !self.stock_exhausted() {
                    self.phase = Phase::Draw {
                        seat,
                        remaining: 1,
                        queue: Vec::new(),
                        optional: true,
                    };
                } else {
                    self.next_turn();
                }
            }
            0 => self.next_victim(victims, out),
            1 => {
                self.luxx_shadow(shadow[0], out);
                self.next_victim(victims, out);
            }
            _ => {
                self.phase = Phase::ShadowChoice {
                    options: shadow,
                    count: count as u8,
                    victims,
                };
            }
        }
    }

    /// The turn owner (`by`) takes `victim`'s luxxed group into the hand; the victim then
    /// draws as many cards.
    fn take_luxxed(
        &mut self,
        by: Seat,
        victim: Seat,
        queue: Vec<Seat>,
        out: &mut Vec<AbluxxenEvent>,
    ) {
        let cards = self.displays[victim].pop().unwrap_or_default();
        let n = cards.len() as u8;
        let faces = cards.iter().map(|c| c.face).collect();
        self.hands[by].extend(cards);
        self.push_event(
            out,
            AbluxxenEvent::Took {
                by,
                victim: Some(victim),
                faces,
            },
        );
        self.start_draw(victim, n, queue, false, out);
    }

    /// The victim (`seat`, deciding) takes the luxxed group back into the hand; the next
    /// victim of `queue` follows.
    fn take_back(
        &mut self,
        seat: Seat,
        victim: Seat,
        queue: Vec<Seat>,
        out: &mut Vec<AbluxxenEvent>,
    ) {
        let cards = self.displays[victim].pop().unwrap_or_default();
        let faces = cards.iter().map(|c| c.face).collect();
        self.hands[victim].extend(cards);
        self.push_event(out, AbluxxenEvent::TookBack { seat, faces });
        self.next_victim(queue, out);
    }

    /// The victim (`seat`, deciding) puts the luxxed group on the discard pile and then
    /// draws as many cards.
    fn discard_and_draw(
        &mut self,
        seat: Seat,
        victim: Seat,
        queue: Vec<Seat>,
        out: &mut Vec<AbluxxenEvent>,
    ) {
        let cards = self.displays[victim].pop().unwrap_or_default();
        let n = cards.len() as u8;
        let faces = cards.iter().map(|c| c.face).collect();
        self.discard.extend(cards);
        self.push_event(out, AbluxxenEvent::Discarded { seat, faces });
        self.start_draw(victim, n, queue, false, out);
    }

    /// `drawer` takes a checked draw's cards (a supply place's, or the pile's top card) into
    /// the hand.
    fn draw(&mut self, drawer: Seat, from: Source, out: &mut Vec<AbluxxenEvent>) {
        let (from, count) = match from {
            Source::Supply { slot } => {
                let cards = std::mem::take(&mut self.supply[slot]);
                let faces = cards.iter().map(|c| c.face).collect();
                let n = cards.len() as u8;
                self.hands[drawer].extend(cards);
                (DrawSource::Supply { slot, faces }, n)
            }
            Source::Pile => {
                // Checked: the pile is not empty.
                self.hands[drawer].extend(self.pile.pop());
                (DrawSource::Pile, 1)
            }
        };
        self.push_event(
            out,
            AbluxxenEvent::Drew {
                seat: drawer,
                from,
                count,
            },
        );
    }

    /// After one draw of `drawer`, who had `remaining` draws: the round ends on an exhausted
    /// stock; after the last draw the supply refills and the turn (an optional draw) or the
    /// victims of `queue` go on; else the next draw is due.
    fn after_draw(
        &mut self,
        drawer: Seat,
        remaining: u8,
        queue: Vec<Seat>,
        optional: bool,
        out: &mut Vec<AbluxxenEvent>,
    ) {
        if self.stock_exhausted() {
            self.end_round(out);
        } else if remaining <= 1 {
            self.refill_supply(out);
            if optional {
                self.next_turn();
            } else {
                self.next_victim(queue, out);
            }
        } else {
            self.phase = Phase::Draw {
                seat: drawer,
                remaining: remaining - 1,
                queue,
                optional,
            };
        }
    }

    /// The turn owner luxxes the shadow's `value` cards into his hand; the shadow refills.
    fn luxx_shadow(&mut self, value: u8, out: &mut Vec<AbluxxenEvent>) {
        let by = self.active;
        let (taken, kept): (Vec<Card>, Vec<Card>) = self
            .shadow
            .iter()
            .partition(|c| super::state::card_value(c) == value);
        self.shadow = kept;
        let faces: Vec<Face> = taken.iter().map(|c| c.face).collect();
        self.push_event(
            out,
            AbluxxenEvent::Luxxed {
                by,
                victim: None,
                value,
                faces: faces.clone(),
            },
        );
        self.hands[by].extend(taken);
        self.push_event(
            out,
            AbluxxenEvent::Took {
                by,
                victim: None,
                faces,
            },
        );
        self.settle_shadow(out);
    }

    /// Resolves the next victim of `queue`, or ends the turn.
    fn next_victim(&mut self, mut queue: Vec<Seat>, out: &mut Vec<AbluxxenEvent>) {
        if queue.is_empty() {
            self.next_turn();
            return;
        }
        let victim = queue.remove(0);
        let group = self.displays[victim].last().cloned().unwrap_or_default();
        self.push_event(
            out,
            AbluxxenEvent::Luxxed {
                by: self.active,
                victim: Some(victim),
                value: group_value(&group),
                faces: group.iter().map(|c| c.face).collect(),
            },
        );
        self.phase = Phase::LuxxDecision { victim, queue };
    }

    fn start_draw(
        &mut self,
        seat: Seat,
        n: u8,
        queue: Vec<Seat>,
        optional: bool,
        out: &mut Vec<AbluxxenEvent>,
    ) {
        if self.stock_exhausted() {
            self.end_round(out);
        } else if n == 0 {
            self.next_victim(queue, out);
        } else {
            self.phase = Phase::Draw {
                seat,
                remaining: n,
                queue,
                optional,
            };
        }
    }

    fn next_turn(&mut self) {
        self.active = (self.active + 1) % self.seats;
        self.phase = Phase::Play;
    }

    /// Scores the game, then deals the next one or ends the match.
    pub(crate) fn end_round(&mut self, out: &mut Vec<AbluxxenEvent>) {
        let result = self.round_result();
        for s in 0..self.seats {
            self.totals[s] += result.scores[s];
            self.hand_totals[s] += result.hand_counts[s] as i32;
        }
        self.results.push(result.clone());
        self.push_event(out, AbluxxenEvent::RoundEnded { result });
        if self.round < self.options.rounds {
            self.deal_round(out);
        } else {
            self.phase = Phase::Over;
            let totals = self.totals.clone();
            self.push_event(out, AbluxxenEvent::MatchEnded { totals });
        }
    }
}

/// The legal actions of `seat` now. Plays are listed once per distinct shape (value, number
/// of value cards, number of jokers); any cards of the same faces are equally legal.
pub(crate) fn legal_actions(g: &Abluxxen, seat: Seat) -> Vec<AbluxxenAction> {
    if g.decider() != Some(seat) {
        return Vec::new();
    }
    match &g.phase {
        Phase::Play => play_shapes(&g.hands[seat]),
        Phase::ShadowChoice { options, .. } => options
            .iter()
            .map(|&value| AbluxxenAction::LuxxShadow { value })
            .collect(),
        Phase::LuxxDecision { .. } => vec![AbluxxenAction::TakeLuxxed, AbluxxenAction::LeaveLuxxed],
        Phase::VictimDecision { .. } => {
            vec![AbluxxenAction::TakeBack, AbluxxenAction::DiscardAndDraw]
        }
        Phase::Draw { optional, .. } => {
            let mut v: Vec<AbluxxenAction> = (0..g.supply.len())
                .filter(|&s| !g.supply[s].is_empty())
                .map(|slot| AbluxxenAction::DrawFromSupply { slot })
                .collect();
            if !g.pile.is_empty() {
                v.push(AbluxxenAction::DrawFromPile);
            }
            if *optional {
                v.push(AbluxxenAction::Pass);
            }
            v
        }
        Phase::Over => Vec::new(),
    }
}

/// One play per (value, count, jokers) shape of `hand`, its cards taken in view order
/// (by value, then id), so the list depends on the cards held, not on their order.
pub fn play_shapes(hand: &[Card]) -> Vec<AbluxxenAction> {
    let mut sorted = hand.to_vec();
    sort_cards(&mut sorted);
    let hand = &sorted;
    let jokers: Vec<CardId> = hand
        .iter()
        .filter(|c| c.face.is_joker())
        .map(|c| c.id)
        .collect();
    let mut out = Vec::new();
    for v in 1..=13u8 {
        let same: Vec<CardId> = hand
            .iter()
            .filter(|c| c.face == Face::Lux(v))
            .map(|c| c.id)
            .collect();
        for n in 1..=same.len() {
            for j in 0..=jokers.len() {
                let mut cards = same[..n].to_vec();
                cards.extend_from_slice(&jokers[..j]);
                out.push(AbluxxenAction::Play { cards });
            }
        }
    }
    for j in 1..=jokers.len() {
        out.push(AbluxxenAction::Play {
            cards: jokers[..j].to_vec(),
        });
    }
    out
}

/// Actions that must be rejected now (for the invariant harness).
pub(crate) fn illegal_probes(g: &Abluxxen, seat: Seat) -> Vec<AbluxxenAction> {
    let mut probes = vec![
        AbluxxenAction::Play { cards: Vec::new() },
        AbluxxenAction::Play {
            cards: vec![CardId(999)],
        },
        AbluxxenAction::DrawFromSupply { slot: 99 },
        AbluxxenAction::LuxxShadow { value: 0 },
        AbluxxenAction::LuxxShadow { value: 200 },
        AbluxxenAction::TakeLuxxed,
        AbluxxenAction::LeaveLuxxed,
        AbluxxenAction::TakeBack,
        AbluxxenAction::DiscardAndDraw,
        AbluxxenAction::Pass,
        AbluxxenAction::DrawFromPile,
    ];
    if let Some(hand) = g.hands.get(seat) {
        if let Some(first) = hand.first() {
            probes.push(AbluxxenAction::Play {
                cards: vec![first.id, first.id],
            });
            if let Some(other) = hand
                .iter()
                .find(|c| !c.face.is_joker() && !first.face.is_joker() && c.face != first.face)
            {
                probes.push(AbluxxenAction::Play {
                    cards: vec![first.id, other.id],
                });
            }
        }
        // A card that is somewhere else (a display, the supply or the pile).
        let elsewhere = g
            .displays
            .iter()
            .flatten()
            .flatten()
            .chain(g.supply.iter().flatten())
            .chain(g.pile.iter())
            .next();
        if let Some(c) = elsewhere {
            probes.push(AbluxxenAction::Play { cards: vec![c.id] });
        }
    }
    if let Some(slot) = g.supply.iter().position(|s| s.is_empty()) {
        probes.push(AbluxxenAction::DrawFromSupply { slot });
    }
    // In the play phase every probe above is illegal; in other phases some may be legal.
    if g.phase != Phase::Play {
        let legal = legal_actions(g, seat);
        probes.retain(|p| !legal.contains(p));
    }
    probes
}
