//! States for a bot's lookahead: a viewer's [`RommeView`] plus *guessed* hidden cards.
//!
//! A bot that looks ahead (determinized Monte-Carlo) samples the cards it cannot see (the
//! other hands, the talon order and the discard pile below its top card) from the unseen
//! cards and builds a full state from its own view and that guess. The builder takes
//! nothing but the view and the guess, so it cannot reveal a real hidden card: what a
//! simulation knows is what the bot put in.
//!
//! A few bookkeeping fields the view does not show are inferred from it: who threw the top
//! discard (the log), the deal's first melder (the owner of the oldest table meld), who
//! played in an earlier turn (owns a table meld that is not pending, or laid off in the
//! logged part of the deal). `UndoTurn` in a simulated play phase only takes back the
//! pending melds of an opening turn.

use super::actions::{MeldId, RommeEvent};
use super::options::BuyOrder;
use super::state::{Deal, Phase, Romme, TableMeld, TurnState};
use super::view::{PhaseView, RommeView};
use super::RuleError;
use crate::card::{Card, DeckSpec};
use crate::game::Seat;
use crate::sim::{bad_guess, each_card_once, seat_hands};

/// The hidden cards of a guess.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Guess {
    /// One hand per seat; the viewer's own entry is ignored (it is `view.hand`).
    pub hands: Vec<Vec<Card>>,
    /// Face down; the top card is the last element.
    pub talon: Vec<Card>,
    /// The discard pile below its (visible) top card, bottom first.
    pub discard_below: Vec<Card>,
}

fn bad() -> RuleError {
    bad_guess()
}

impl Romme {
    /// A state consistent with `view` in which the hidden cards are those of `guess`.
    /// Checks that the sizes match the view and that every card of the deck is used exactly
    /// once (with its face). Everything public (totals, sheet, log) is copied from the view,
    /// so the new state shows the viewer exactly `view`. Refused between deals.
    #[doc(hidden)]
    pub fn for_simulation(view: &RommeView, guess: Guess, seed: u64) -> Result<Romme, RuleError> {
        let Guess {
            mut hands,
            talon,
            discard_below,
        } = guess;
        let seats = view.seats;
        let below = view.discard_size.saturating_sub(1);
        if hands.len() != seats
            || talon.len() != view.talon_size
            || discard_below.len() != below
            || view.discard_top.is_some() != (view.discard_size > 0)
            || !seat_hands(&mut hands, view.seat, &view.hand, &view.hand_sizes)
        {
            return Err(bad());
        }
        let mut discard = discard_below;
        discard.extend(view.discard_top);
        check_deck(view, &hands, &talon, &discard)?;
        let mut g = Romme::fresh(&view.options, seats, seed)?;
        let phase = match view.phase {
            PhaseView::Draw { .. } => Phase::Draw,
            PhaseView::Play { .. } => Phase::Play,
            PhaseView::MayDeclare { .. } => Phase::MayDeclare,
            PhaseView::Claim { claimant, turn } => claim_phase(view, claimant, turn)?,
            PhaseView::DealOver { .. } | PhaseView::MatchOver => return Err(bad()),
        };
        let turn = view.turn;
        let pending = view.table.iter().any(|m| m.pending);
        let playing = phase == Phase::Play;
        let ts = TurnState {
            drawn: !matches!(
                phase,
                Phase::Draw
                    | Phase::Claim {
                        owner_draws: true,
                        ..
                    }
            ),
            taken_discard: view.taken_discard,
            must_place: view.must_place,
            freed_jokers: view.freed_jokers.clone(),
            opening_turn: !view.opened.get(turn).copied().unwrap_or(false) || pending,
            opening_points: view.opening_points,
            counted: view.opening_melds.clone(),
            played: playing && view.can_undo,
        };
        let table: Vec<TableMeld> = view
            .table
            .iter()
            .map(|m| TableMeld {
                id: m.id,
                owner: m.owner,
                meld: m.meld.clone(),
            })
            .collect();
        let deal = Deal {
            hands,
            talon,
            discard,
            discarder: discarder(&view.events),
            next_meld: view.table.iter().map(|m| m.id.0 + 1).max().unwrap_or(0),
            first_melder: view.table.iter().min_by_key(|m| m.id).map(|m| m.owner),
            played_before: played_before(view),
            opened: view.opened.clone(),
            table,
            reshuffles: view.reshuffles,
            buys: view.buys.clone(),
            turn,
            ts,
        };
        g.snapshot = playing.then(|| Box::new(snapshot(view, &deal)));
        g.deal = deal;
        g.phase = phase;
        g.deal_no = view.deal;
        g.dealer = view.dealer;
        g.totals = view.totals.clone();
        g.sheet = view.sheet.clone();
        g.log = view.events.clone();
        Ok(g)
    }
}

/// Every card of the deck exactly once, with the deck's face.
fn check_deck(
    view: &RommeView,
    hands: &[Vec<Card>],
    talon: &[Card],
    discard: &[Card],
) -> Result<(), RuleError> {
    let deck = DeckSpec::French {
        packs: 2,
        jokers: view.options.jokers,
    }
    .cards();
    let table = view
        .table
        .iter()
        .flat_map(|m| m.meld.cards.iter().map(|p| p.card));
    let all = hands
        .iter()
        .flatten()
        .chain(talon)
        .chain(discard)
        .chain(&view.freed_jokers)
        .copied()
        .chain(table);
    if each_card_once(&deck, all) {
        Ok(())
    } else {
        Err(bad())
    }
}

/// The claim window as the engine opened it: the seats after the turn owner, without the
/// discarder and players at their buy limit; those before `claimant` have passed.
fn claim_phase(view: &RommeView, claimant: Seat, turn: Seat) -> Result<Phase, RuleError> {
    let n = view.seats;
    let thrower = discarder(&view.events);
    let may_buy = |s: Seat| {
        view.options
            .buy_limit
            .is_none_or(|limit| view.buys.get(s).copied().unwrap_or(0) < limit)
    };
    let order: Vec<Seat> = (1..n)
        .map(|k| (turn + k) % n)
        .filter(|&s| Some(s) != thrower && may_buy(s))
        .collect();
    let at = order.iter().position(|&s| s == claimant).ok_or_else(bad)?;
    Ok(Phase::Claim {
        claimant,
        queue: order[at + 1..].to_vec(),
        owner_draws: view.options.buy_order == BuyOrder::DeclineFirst,
    })
}

/// Who threw the top discard, from the logged part of the current deal (`None`: the
/// upcard, or it was bought).
fn discarder(events: &[RommeEvent]) -> Option<Seat> {
    for e in events.iter().rev() {
        match e {
            RommeEvent::Discarded { seat, .. } => return Some(*seat),
            RommeEvent::Bought { .. } | RommeEvent::DealStarted { .. } => return None,
            _ => {}
        }
    }
    None
}

/// Who played (melded or laid off) in an earlier turn of this deal, as far as visible.
fn played_before(view: &RommeView) -> Vec<bool> {
    let mut played = vec![false; view.seats];
    for m in view.table.iter().filter(|m| !m.pending) {
        if let Some(p) = played.get_mut(m.owner) {
            *p = true;
        }
    }
    let deal_start = view
        .events
        .iter()
        .rposition(|e| matches!(e, RommeEvent::DealStarted { .. }))
        .unwrap_or(0);
    for e in &view.events[deal_start..] {
        if let RommeEvent::LaidOff { seat, .. } | RommeEvent::Robbed { seat, .. } = e {
            if *seat != view.turn {
                if let Some(p) = played.get_mut(*seat) {
                    *p = true;
                }
            }
        }
    }
    played
}

/// The deal as it was after the draw, as far as the view tells: the pending melds back in
/// the turn owner's hand (freed jokers too, so that every card stays in play once).
fn snapshot(view: &RommeView, deal: &Deal) -> Deal {
    let mut snap = deal.clone();
    let pending: Vec<MeldId> = view
        .table
        .iter()
        .filter(|m| m.pending)
        .map(|m| m.id)
        .collect();
    let turn = view.turn;
    let mut back: Vec<Card> = Vec::new();
    snap.table.retain(|m| {
        let keep = !pending.contains(&m.id);
        if !keep {
            back.extend(m.meld.cards.iter().map(|p| p.card));
        }
        keep
    });
    back.append(&mut snap.ts.freed_jokers);
    if let Some(hand) = snap.hands.get_mut(turn) {
        hand.extend(back);
    }
    snap.opened[turn] = snap.table.iter().any(|m| m.owner == turn);
    snap.ts.played = false;
    snap.ts.opening_points = 0;
    snap
}

#[cfg(test)]
mod tests {
    use super::Guess;
    use crate::game::Game;
    use crate::romme::{Preset, Romme, RommeAction};

    fn guess_of(g: &Romme) -> Guess {
        let d = g.deal_state();
        Guess {
            hands: d.hands.clone(),
            talon: d.talon.clone(),
            discard_below: d.discard[..d.discard.len().saturating_sub(1)].to_vec(),
        }
    }

    /// Plays `steps` actions with the first listed meld / talon draw / first discard.
    fn advance(g: &mut Romme, steps: usize) {
        for _ in 0..steps {
            let Some(s) = g.to_move() else { return };
            let legal = g.legal_actions(s);
            let pick = legal
                .iter()
                .find(|a| matches!(a, RommeAction::Meld { .. }))
                .or_else(|| legal.iter().find(|a| **a == RommeAction::DrawTalon))
                .unwrap_or(&legal[0])
                .clone();
            g.apply(s, &pick).unwrap();
        }
    }

    #[test]
    fn a_state_from_the_real_cards_has_the_same_view_and_legal_actions() {
        for preset in [
            Preset::Grundspiel,
            Preset::MitKaufen,
            Preset::MitAnlegen,
            Preset::Raeuber,
            Preset::Traditionell,
        ] {
            for seats in [2, 4] {
                let mut g = Romme::new(&preset.options(), seats, 11).unwrap();
                for step in 0..60 {
                    let Some(seat) = g.to_move() else { break };
                    if !matches!(
                        g.phase(),
                        crate::romme::Phase::DealOver | crate::romme::Phase::MatchOver
                    ) {
                        let view = g.view(seat);
                        let sim = Romme::for_simulation(&view, guess_of(&g), 3).unwrap();
                        assert_eq!(sim.view(seat), view, "{preset:?} {seats} step {step}");
                        assert_eq!(sim.legal_actions(seat), g.legal_actions(seat));
                        assert_eq!(sim.deal_state().hands, g.deal_state().hands);
                    }
                    advance(&mut g, 1);
                }
            }
        }
    }

    #[test]
    fn a_duplicated_or_missing_card_is_refused() {
        let mut g = Romme::new(&Preset::Grundspiel.options(), 3, 4).unwrap();
        advance(&mut g, 5);
        let seat = g.to_move().unwrap();
        let view = g.view(seat);
        let other = (seat + 1) % 3;
        let good = guess_of(&g);
        assert!(Romme::for_simulation(&view, good.clone(), 1).is_ok());
        let mut dup = good.clone();
        dup.hands[other][0] = dup.talon[0];
        assert!(Romme::for_simulation(&view, dup, 1).is_err());
        let mut short = good.clone();
        short.talon.pop();
        assert!(Romme::for_simulation(&view, short, 1).is_err());
        // A card with a forged face is refused too.
        let mut forged = good;
        let f = forged.hands[other][0].face;
        forged.hands[other][0].face = if f == crate::card::Face::Joker {
            forged.talon[0].face
        } else {
            crate::card::Face::Joker
        };
        assert!(Romme::for_simulation(&view, forged, 1).is_err());
    }
}
