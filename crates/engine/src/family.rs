//! The engine core of the Rommé family (Rommé, Karussell, Profi-Sort): what their rules
//! agree on. The first dealer drawn from the seed, dealing one card at a time clockwise from
//! the dealer's left, a new talon shuffled from the discard pile, the position and card
//! audit of a [`Table`] (hands, one face-down pile, open card groups), and the `Game` and
//! `Listed` plumbing ([`impl_game!`]).
//!
//! Each engine keeps its own state and rules and calls these with the parts they need, at the
//! points its rules say, so its random draws keep their order: seeded games and saves replay
//! to the same positions (the fixtures check it).

use crate::card::{Card, CardId, DeckSpec};
use crate::game::{CardAudit, Position, Seat};
use crate::rng::GameRng;

/// The generator of a match from its `seed`, and the first dealer drawn from it.
pub(crate) fn first_dealer(seed: u64, seats: usize) -> (GameRng, Seat) {
    let mut rng = GameRng::seed_from_u64(seed);
    let dealer = rng.below(seats as u64) as usize;
    (rng, dealer)
}

/// Shuffles the cards of `deck` and deals `hand_size` to each of `seats` players, one card at
/// a time, clockwise from the player left of `dealer`. Returns the hands and the undealt rest
/// (its top card last).
pub(crate) fn deal(
    rng: &mut GameRng,
    deck: DeckSpec,
    seats: usize,
    dealer: Seat,
    hand_size: usize,
) -> (Vec<Vec<Card>>, Vec<Card>) {
    let mut deck = deck.cards();
    rng.shuffle(&mut deck);
    let mut hands = vec![Vec::new(); seats];
    for _ in 0..hand_size {
        for k in 1..=seats {
            if let Some(c) = deck.pop() {
                hands[(dealer + k) % seats].push(c);
            }
        }
    }
    (hands, deck)
}

/// A new talon: every card of the `discard` pile but its top card, shuffled. `None`, and the
/// pile unchanged, when there is no card below the top.
pub(crate) fn talon_from_discard(rng: &mut GameRng, discard: &mut Vec<Card>) -> Option<Vec<Card>> {
    if discard.len() < 2 {
        return None;
    }
    let top = discard.pop()?;
    let mut cards = std::mem::take(discard);
    discard.push(top);
    rng.shuffle(&mut cards);
    Some(cards)
}

/// The card `id` in `seat`'s hand, if he holds it.
pub(crate) fn hand_card(hands: &[Vec<Card>], seat: Seat, id: CardId) -> Option<Card> {
    hands.get(seat)?.iter().copied().find(|c| c.id == id)
}

/// A deal of a family game as its position and card audit see it: each seat's hand, the
/// face-down pile players draw from (talon, stock), the open card groups in the position's
/// order (melds, cards lying open, the discard pile) and the cards that are in none of these.
pub(crate) struct Table<'a> {
    hands: &'a [Vec<Card>],
    pile: &'a [Card],
    open: Vec<Vec<u16>>,
    aside: Vec<CardId>,
}

impl<'a> Table<'a> {
    pub(crate) fn new(hands: &'a [Vec<Card>], pile: &'a [Card], open: Vec<Vec<u16>>) -> Self {
        Table {
            hands,
            pile,
            open,
            aside: Vec::new(),
        }
    }

    /// The same table with `cards` in play outside hands, pile and open groups.
    pub(crate) fn with_aside(self, cards: Vec<CardId>) -> Self {
        Table {
            aside: cards,
            ..self
        }
    }

    /// The position with `to_move` deciding and the running `scores`.
    pub(crate) fn position(self, to_move: Option<Seat>, scores: &[i32]) -> Position {
        Position {
            to_move,
            hands: self.hands.iter().map(|h| Position::hand(h)).collect(),
            open: self.open,
            hidden: vec![self.pile.len()],
            scores: scores.to_vec(),
        }
    }

    /// The card audit: the pile is hidden from everybody, each hand from the other seats
    /// until the deal is `revealed` (scored).
    pub(crate) fn audit(self, revealed: bool) -> CardAudit {
        let pile: Vec<CardId> = self.pile.iter().map(|c| c.id).collect();
        let hidden_from = (0..self.hands.len())
            .map(|s| {
                let mut h = pile.clone();
                if !revealed {
                    for (o, hand) in self.hands.iter().enumerate() {
                        if o != s {
                            h.extend(hand.iter().map(|c| c.id));
                        }
                    }
                }
                h
            })
            .collect();
        let mut all: Vec<CardId> = self.hands.iter().flatten().map(|c| c.id).collect();
        all.extend(pile);
        all.extend(self.open.into_iter().flatten().map(CardId));
        all.extend(self.aside);
        CardAudit { all, hidden_from }
    }
}

/// Implements [`Game`](crate::game::Game) and [`Listed`](crate::games::Listed) for an
/// engine of the family: the plumbing the three write alike. The engine's state has the
/// fields `opts`, `seats`, `totals` and `phase` and the inherent methods `fresh` (the match
/// before its first deal), `push_events`, `decider` (the seat to move), `legal`, `act`
/// (validates, then applies an action of the seat to move and returns its events; on `Err`
/// nothing changed), `make_view`, `standings_now` and `probes`; its options type has
/// `MIN_PLAYERS` and `MAX_PLAYERS`. The invocation gives the name and the associated types,
/// how the first deal starts, the field holding the current deal (whose `as_table` is its
/// [`Table`]), the phases in which every hand is shown, the deck and how a preset's name
/// becomes options; any further `Game` items follow it.
macro_rules! impl_game {
    (
        $game:ident = $name:literal
            ($options:ty, $action:ty, $event:ty, $view:ty, $error:ty) {
            start: |$g:ident, $events:ident| $start:expr,
            table: $table:ident, revealed: $revealed:pat,
            deck: $deck:expr,
            presets: |$preset:ident| $presets:expr,
        }
        $($extra:item)*
    ) => {
        impl $crate::games::Listed for $game {
            const INFO: $crate::games::GameInfo = $crate::games::GameInfo {
                name: $name,
                min_players: <$options>::MIN_PLAYERS,
                max_players: <$options>::MAX_PLAYERS,
                deck: $deck,
            };

            fn preset($preset: &str) -> Option<$options> {
                $presets
            }
        }

        impl $crate::game::Game for $game {
            type Options = $options;
            type Action = $action;
            type Event = $event;
            type View = $view;
            type Error = $error;

            const NAME: &'static str = $name;

            fn new(
                options: &$options,
                seats: usize,
                seed: u64,
            ) -> Result<Self, $crate::game::RuleError<$error>> {
                let mut $g = $game::fresh(options, seats, seed)?;
                let mut events = Vec::new();
                {
                    let $events = &mut events;
                    $start;
                }
                $g.push_events(&events);
                Ok($g)
            }

            fn options(&self) -> &$options {
                &self.opts
            }

            fn seats(&self) -> usize {
                self.seats
            }

            fn to_move(&self) -> Option<$crate::game::Seat> {
                self.decider()
            }

            fn legal_actions(&self, seat: $crate::game::Seat) -> Vec<$action> {
                if seat >= self.seats {
                    return Vec::new();
                }
                self.legal(seat)
            }

            fn apply(
                &mut self,
                seat: $crate::game::Seat,
                action: &$action,
            ) -> Result<Vec<$event>, $crate::game::RuleError<$error>> {
                $crate::game::check_turn(self.decider(), self.seats, seat)?;
                let events = self.act(seat, action)?;
                self.push_events(&events);
                Ok(events)
            }

            fn view(&self, seat: $crate::game::Seat) -> $view {
                self.make_view(seat)
            }

            fn standings(&self) -> Vec<$crate::game::Standing> {
                self.standings_now()
            }

            fn position(&self) -> $crate::game::Position {
                self.$table.as_table().position(self.decider(), &self.totals)
            }

            fn audit(&self) -> $crate::game::CardAudit {
                self.$table.as_table().audit(matches!(self.phase, $revealed))
            }

            fn illegal_probes(&self, seat: $crate::game::Seat) -> Vec<$action> {
                self.probes(seat)
            }

            $($extra)*
        }
    };
}
pub(crate) use impl_game;
