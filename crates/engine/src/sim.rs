//! What the games' `for_simulation` constructors share: a bot's guessed world (the hidden
//! cards dealt at random) must fit the bot's view before a state is built from it.

use crate::card::Card;
use crate::game::{OptionLimit, RuleError};

/// The refusal of a guess that does not fit the view.
pub(crate) fn bad_guess<E>() -> RuleError<E> {
    RuleError::BadOption {
        option: "simulation".into(),
        limit: OptionLimit::NotEnoughCards,
    }
}

/// Puts the viewer's own hand into `hands` (its guessed entry is ignored) and checks every
/// hand's size against the view's public sizes.
pub(crate) fn seat_hands(
    hands: &mut [Vec<Card>],
    seat: usize,
    own: &[Card],
    sizes: &[usize],
) -> bool {
    match hands.get_mut(seat) {
        Some(h) => *h = own.to_vec(),
        None => return false,
    }
    hands.iter().map(Vec::len).eq(sizes.iter().copied())
}

/// Every card of `deck` appears exactly once among `cards`, with the deck's face.
pub(crate) fn each_card_once(deck: &[Card], cards: impl IntoIterator<Item = Card>) -> bool {
    let mut seen = vec![false; deck.len()];
    for c in cards {
        let i = usize::from(c.id.0);
        match seen.get_mut(i) {
            Some(slot) if !*slot && deck[i] == c => *slot = true,
            _ => return false,
        }
    }
    seen.iter().all(|s| *s)
}
