//! Melds whose jokers already carry a declared identity.

use super::*;

/// Validates a meld in which every joker's represented card is already fixed, e.g. in
/// Manipulation-Rommé, where a joker's declared identity never changes, even when it moves
/// to another meld. `stands_for` of a natural card must be its own face.
///
/// The result is the same meld (same `stands_for` for every card), sorted: sets by suit,
/// sequences ascending. All the usual checks apply (length, joker limit, only jokers,
/// distinct suits, consecutive ranks, no K-A-2); a joker declared as a card that is also
/// present gives `RankRepeated` (sequence) or `SuitRepeated` (set with distinct suits).
pub fn validate_declared(cards: &[Placed], rules: &MeldRules) -> Result<Meld, MeldError> {
    let mut stand_ins = Vec::with_capacity(cards.len());
    for p in cards {
        let natural = classify(p.card)?;
        let bad = MeldError::BadDeclaration { card: p.card.id };
        if natural.is_some() && p.stands_for != p.card.face {
            return Err(bad);
        }
        let declared = Card {
            id: p.card.id,
            face: p.stands_for,
        };
        match classify(declared) {
            Ok(Some(n)) => stand_ins.push(n),
            _ => return Err(bad),
        }
    }
    let physical: Vec<Card> = cards.iter().map(|p| p.card).collect();
    Parts::split(&physical, rules)?;
    crate::sort::sort_by_key(&mut stand_ins, |n| (n.rank, n.suit, n.card.id));
    let declared = Parts {
        naturals: stand_ins,
        jokers: Vec::new(),
    };
    let mut meld = build(&declared, rules, JokerHint::High)?;
    for placed in &mut meld.cards {
        let id = placed.card.id;
        placed.card = physical
            .iter()
            .copied()
            .find(|c| c.id == id)
            .ok_or(MeldError::DuplicateCard { card: id })?;
    }
    Ok(meld)
}
