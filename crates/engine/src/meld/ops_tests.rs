//! Property tests of lay-off and joker exchange against plain definitions: an operation
//! succeeds exactly when some legal reading of the result exists that keeps the meld's
//! kind (and, in a sequence, what every joker already stands for).

use super::reference_tests::{all_faces, all_rules, natural_sequences, random_group};
use super::*;
use crate::card::DeckSpec;
use crate::rng::GameRng;

fn with(meld: &Meld, card: Card) -> Vec<Card> {
    let mut all: Vec<Card> = meld.cards.iter().map(|p| p.card).collect();
    all.push(card);
    all
}

fn joker_limit_ok(jokers: usize, rules: &MeldRules) -> bool {
    rules
        .max_jokers_per_meld
        .is_none_or(|m| jokers <= m as usize)
}

fn extend_reference(meld: &Meld, card: Card, rules: &MeldRules) -> bool {
    if meld.cards.iter().any(|p| p.card.id == card.id) {
        return false;
    }
    let is_joker = card.face == Face::Joker;
    if !joker_limit_ok(meld.jokers() + usize::from(is_joker), rules) {
        return false;
    }
    match meld.kind {
        MeldKind::Set => {
            validate_as(&with(meld, card), rules, MeldKind::Set, JokerHint::High).is_ok()
        }
        MeldKind::Sequence => {
            let declarations = if is_joker {
                all_faces()
            } else {
                vec![card.face]
            };
            declarations.into_iter().any(|d| {
                let mut faces: Vec<Face> = meld.cards.iter().map(|p| p.stands_for).collect();
                faces.push(d);
                !natural_sequences(&faces).is_empty()
            })
        }
    }
}

fn replace_reference(meld: &Meld, card: Card, rules: &MeldRules) -> bool {
    if card.face == Face::Joker || meld.cards.iter().any(|p| p.card.id == card.id) {
        return false;
    }
    match meld.kind {
        MeldKind::Sequence => meld
            .cards
            .iter()
            .any(|p| p.card.face == Face::Joker && p.stands_for == card.face),
        MeldKind::Set => {
            let Some(i) = meld.cards.iter().position(|p| p.card.face == Face::Joker) else {
                return false;
            };
            let mut all = with(meld, card);
            all.remove(i);
            validate_as(&all, rules, MeldKind::Set, JokerHint::High).is_ok()
        }
    }
}

/// Lay-off and exchange candidates: cards of the meld's suit or rank, jokers, any card.
fn candidates(rng: &mut GameRng, meld: &Meld, deck: &[Card]) -> Vec<Card> {
    let suits: Vec<Suit> = meld
        .cards
        .iter()
        .filter_map(|p| p.stands_for.suit())
        .collect();
    let ranks: Vec<Rank> = meld
        .cards
        .iter()
        .filter_map(|p| p.stands_for.rank())
        .collect();
    let near: Vec<Card> = deck
        .iter()
        .copied()
        .filter(|c| match c.face {
            Face::French { rank, suit } => match meld.kind {
                MeldKind::Set => ranks.contains(&rank),
                MeldKind::Sequence => suits.contains(&suit),
            },
            _ => true,
        })
        .collect();
    let mut out: Vec<Card> = (0..5)
        .map(|_| near[rng.below(near.len() as u64) as usize])
        .collect();
    out.push(deck[rng.below(deck.len() as u64) as usize]);
    out
}

#[test]
fn extend_and_replace_match_their_definitions() {
    let deck = DeckSpec::French {
        packs: 2,
        jokers: 4,
    }
    .cards();
    let mut rng = GameRng::seed_from_u64(99);
    for rules in all_rules() {
        let (mut extended, mut refused, mut replaced) = (0, 0, 0);
        let mut melds = 0;
        while melds < 600 {
            let group = random_group(&mut rng, &deck);
            let hint = if rng.below(2) == 0 {
                JokerHint::High
            } else {
                JokerHint::Low
            };
            let Ok(meld) = validate_with_hint(&group, &rules, hint) else {
                continue;
            };
            melds += 1;
            for card in candidates(&mut rng, &meld, &deck) {
                let got = meld.extend(card, &rules);
                let want = extend_reference(&meld, card, &rules);
                assert_eq!(got.is_ok(), want, "extend {meld:?} with {card:?}: {got:?}");
                if let Ok(longer) = &got {
                    extended += 1;
                    assert_eq!(longer.kind, meld.kind);
                    assert_eq!(longer.len(), meld.len() + 1);
                    let again = validate_declared(&longer.cards, &rules);
                    assert!(again.is_ok(), "{longer:?}: {again:?}");
                    if meld.kind == MeldKind::Sequence {
                        assert!(meld.cards.iter().all(|p| longer.cards.contains(p)));
                    }
                } else {
                    refused += 1;
                }
                let got = meld.replace_joker(card, &rules);
                let want = replace_reference(&meld, card, &rules);
                assert_eq!(
                    got.is_ok(),
                    want,
                    "replace in {meld:?} with {card:?}: {got:?}"
                );
                if let Ok((swapped, freed)) = &got {
                    replaced += 1;
                    assert_eq!(freed.face, Face::Joker);
                    assert_eq!(swapped.len(), meld.len());
                    assert_eq!(swapped.jokers() + 1, meld.jokers());
                    assert!(swapped.cards.iter().any(|p| p.card == card));
                    assert!(validate_declared(&swapped.cards, &rules).is_ok());
                    assert_eq!(swapped.opening_value(), meld.opening_value());
                }
            }
        }
        assert!(
            extended > 300 && refused > 300 && replaced > 30,
            "{rules:?}: extended {extended}, refused {refused}, replaced {replaced}"
        );
    }
}
