//! Property tests: [`validate`] against a brute-force reference that tries every
//! assignment of jokers to concrete French cards and checks the plain definitions of set
//! and sequence.

use super::*;
use crate::card::{CardId, DeckSpec};
use crate::rng::GameRng;

/// Every French face, once.
pub(super) fn all_faces() -> Vec<Face> {
    Suit::ALL
        .into_iter()
        .flat_map(|suit| Rank::all().map(move |rank| Face::French { rank, suit }))
        .collect()
}

fn rs(face: Face) -> (u8, Suit) {
    match face {
        Face::French { rank, suit } => (rank.0, suit),
        _ => panic!("reference only knows French faces"),
    }
}

/// Opening value of a concrete face list read as a set, if it is one.
pub(super) fn natural_set(faces: &[Face], distinct: bool) -> Option<u32> {
    let (r0, _) = rs(*faces.first()?);
    if faces.iter().any(|f| rs(*f).0 != r0) {
        return None;
    }
    if distinct {
        for (i, f) in faces.iter().enumerate() {
            if faces[..i].iter().any(|g| rs(*g).1 == rs(*f).1) {
                return None;
            }
        }
    }
    Some(faces.iter().map(|f| value(rs(*f).0, 11)).sum())
}

fn value(rank: u8, ace: u32) -> u32 {
    match rank {
        1 => ace,
        2..=10 => rank as u32,
        _ => 10,
    }
}

/// Opening values of a concrete face list read as a sequence (ace low and/or high).
pub(super) fn natural_sequences(faces: &[Face]) -> Vec<u32> {
    let mut out = Vec::new();
    let Some(first) = faces.first() else {
        return out;
    };
    let s0 = rs(*first).1;
    if faces.iter().any(|f| rs(*f).1 != s0) {
        return out;
    }
    for (ace_pos, ace_value) in [(1u8, 1u32), (14, 11)] {
        let mut pos: Vec<u8> = faces
            .iter()
            .map(|f| match rs(*f).0 {
                1 => ace_pos,
                r => r,
            })
            .collect();
        pos.sort_unstable();
        if pos.windows(2).all(|w| w[1] == w[0] + 1) {
            out.push(faces.iter().map(|f| value(rs(*f).0, ace_value)).sum());
        }
    }
    out
}

/// All opening values of all legal readings (empty = illegal).
fn reference(cards: &[Card], rules: &MeldRules) -> Vec<u32> {
    let (mut sets, seqs) = reference_by_kind(cards, rules);
    sets.extend(seqs);
    sets.sort_unstable();
    sets.dedup();
    sets
}

/// Opening values of the legal set readings and of the legal sequence readings.
fn reference_by_kind(cards: &[Card], rules: &MeldRules) -> (Vec<u32>, Vec<u32>) {
    let jokers = cards.iter().filter(|c| c.face == Face::Joker).count();
    if cards.len() < rules.min_len as usize || jokers == cards.len() {
        return (vec![], vec![]);
    }
    if rules
        .max_jokers_per_meld
        .is_some_and(|m| jokers > m as usize)
    {
        return (vec![], vec![]);
    }
    let all = all_faces();
    let (mut sets, mut seqs) = (Vec::new(), Vec::new());
    let mut choice = vec![0usize; jokers];
    loop {
        let mut next = choice.iter();
        let faces: Vec<Face> = cards
            .iter()
            .map(|c| match c.face {
                Face::Joker => all[*next.next().unwrap()],
                f => f,
            })
            .collect();
        sets.extend(natural_set(&faces, rules.set_distinct_suits));
        seqs.extend(natural_sequences(&faces));
        // odometer over joker choices
        let mut i = 0;
        loop {
            if i == choice.len() {
                for v in [&mut sets, &mut seqs] {
                    v.sort_unstable();
                    v.dedup();
                }
                return (sets, seqs);
            }
            choice[i] += 1;
            if choice[i] < all.len() {
                break;
            }
            choice[i] = 0;
            i += 1;
        }
    }
}

/// Random small groups, biased toward near-melds (sets, runs incl. around the corner,
/// corner ranks with jokers).
pub(super) fn random_group(rng: &mut GameRng, deck: &[Card]) -> Vec<Card> {
    let pick = |rng: &mut GameRng, pool: &[Card]| pool[rng.below(pool.len() as u64) as usize];
    let jokers: Vec<Card> = deck
        .iter()
        .copied()
        .filter(|c| c.face == Face::Joker)
        .collect();
    let k = 3 + rng.below(4) as usize;
    let mut group: Vec<Card> = Vec::new();
    match rng.below(4) {
        0 => {
            for _ in 0..k {
                group.push(pick(rng, deck));
            }
        }
        1 => {
            let rank = 1 + rng.below(13) as u8;
            let pool: Vec<Card> = deck
                .iter()
                .copied()
                .filter(|c| c.face.rank() == Some(Rank(rank)) || c.face == Face::Joker)
                .collect();
            for _ in 0..k {
                group.push(pick(rng, &pool));
            }
        }
        2 => {
            let suit = Suit::ALL[rng.below(4) as usize];
            let start = rng.below(13) as u8;
            for i in 0..k as u8 {
                let rank = (start + i) % 13 + 1;
                let pool: Vec<Card> = deck
                    .iter()
                    .copied()
                    .filter(|c| c.face == Face::french(rank, suit))
                    .collect();
                group.push(pick(rng, &pool));
            }
            if rng.below(2) == 0 {
                let i = rng.below(group.len() as u64) as usize;
                group[i] = pick(rng, &jokers);
            }
        }
        _ => {
            let pool: Vec<Card> = deck
                .iter()
                .copied()
                .filter(|c| {
                    matches!(c.face.rank(), Some(Rank(1 | 2 | 3 | 12 | 13)))
                        && c.face.suit() != Some(Suit::Clubs)
                        || c.face == Face::Joker
                })
                .collect();
            for _ in 0..k {
                group.push(pick(rng, &pool));
            }
        }
    }
    if rng.below(4) == 0 {
        let i = rng.below(group.len() as u64) as usize;
        group[i] = pick(rng, deck);
    }
    let mut seen = Vec::new();
    group.retain(|c| {
        let fresh = !seen.contains(&c.id);
        seen.push(c.id);
        fresh
    });
    for joker in jokers {
        if group.len() < 3 && !seen.contains(&joker.id) {
            group.push(joker);
        }
    }
    rng.shuffle(&mut group);
    group
}

/// Checks that a meld returned for `group` is a faithful reading of it.
fn check_meld(group: &[Card], meld: &Meld, rules: &MeldRules, values: &[u32]) {
    let mut ids = meld.card_ids();
    ids.sort();
    let mut want: Vec<CardId> = group.iter().map(|c| c.id).collect();
    want.sort();
    assert_eq!(ids, want, "{group:?}");
    for p in &meld.cards {
        if p.card.face != Face::Joker {
            assert_eq!(p.card.face, p.stands_for);
        }
    }
    let faces: Vec<Face> = meld.cards.iter().map(|p| p.stands_for).collect();
    match meld.kind {
        MeldKind::Set => assert!(natural_set(&faces, rules.set_distinct_suits).is_some()),
        MeldKind::Sequence => {
            assert!(!natural_sequences(&faces).is_empty());
            let pos: Vec<u8> = faces
                .iter()
                .map(|f| match rs(*f).0 {
                    1 if meld.ace_high => 14,
                    r => r,
                })
                .collect();
            assert!(
                pos.windows(2).all(|w| w[1] == w[0] + 1),
                "ascending {meld:?}"
            );
        }
    }
    let v = meld.opening_value();
    assert!(values.contains(&v), "{v} not in {values:?} for {meld:?}");
    if let [only] = values {
        assert_eq!(v, *only);
    }
}

fn run(seed: u64, samples: usize, deck: &[Card], rules: &MeldRules) -> (usize, usize, usize) {
    let mut rng = GameRng::seed_from_u64(seed);
    let (mut ok, mut err, mut declared_ok) = (0, 0, 0);
    for _ in 0..samples {
        let group = random_group(&mut rng, deck);
        let values = reference(&group, rules);
        for hint in [JokerHint::High, JokerHint::Low] {
            let got = validate_with_hint(&group, rules, hint);
            assert_eq!(
                got.is_ok(),
                !values.is_empty(),
                "rules {rules:?} group {group:?}: got {got:?}, reference {values:?}"
            );
            if let Ok(meld) = &got {
                check_meld(&group, meld, rules, &values);
            }
        }
        let (sets, seqs) = reference_by_kind(&group, rules);
        for (kind, values) in [(MeldKind::Set, &sets), (MeldKind::Sequence, &seqs)] {
            let got = validate_as(&group, rules, kind, JokerHint::High);
            assert_eq!(
                got.is_ok(),
                !values.is_empty(),
                "{kind:?} {group:?}: {got:?}"
            );
            if let Ok(meld) = got {
                assert_eq!(meld.kind, kind);
                check_meld(&group, &meld, rules, values);
            }
        }
        // order does not matter
        let mut shuffled = group.clone();
        rng.shuffle(&mut shuffled);
        assert_eq!(validate(&shuffled, rules), validate(&group, rules));
        let valid = validate(&group, rules).ok();
        declared_ok += usize::from(check_declared(&mut rng, &group, rules, valid.as_ref()));
        match validate(&group, rules) {
            Ok(meld) => {
                // the meld's own declarations are accepted unchanged
                let again = validate_declared(&meld.cards, rules).unwrap();
                let mut a: Vec<Placed> = again.cards.clone();
                let mut b: Vec<Placed> = meld.cards.clone();
                a.sort_by_key(|p| p.card.id);
                b.sort_by_key(|p| p.card.id);
                assert_eq!(a, b);
                assert_eq!(again.opening_value(), meld.opening_value());
                ok += 1;
                // lay-off and joker exchange keep melds legal
                let extra = deck[rng.below(deck.len() as u64) as usize];
                if let Ok(longer) = meld.extend(extra, rules) {
                    let mut all = group.clone();
                    all.push(extra);
                    let values = reference(&all, rules);
                    check_meld(&all, &longer, rules, &values);
                    assert_eq!(longer.kind, meld.kind);
                }
                if let Ok((swapped, freed)) = meld.replace_joker(extra, rules) {
                    assert_eq!(freed.face, Face::Joker);
                    let mut all: Vec<Card> =
                        group.iter().copied().filter(|c| c.id != freed.id).collect();
                    all.push(extra);
                    let values = reference(&all, rules);
                    check_meld(&all, &swapped, rules, &values);
                }
            }
            Err(_) => err += 1,
        }
    }
    (ok, err, declared_ok)
}

/// Random joker declarations: `validate_declared` agrees with the plain definitions.
/// Returns whether a declaration with jokers was legal.
fn check_declared(
    rng: &mut GameRng,
    group: &[Card],
    rules: &MeldRules,
    valid: Option<&Meld>,
) -> bool {
    let all = all_faces();
    // start from a legal reading when there is one, and perturb it half of the time
    let from_meld = |card: Card| {
        valid.and_then(|m| {
            m.cards
                .iter()
                .find(|p| p.card.id == card.id)
                .map(|p| p.stands_for)
        })
    };
    let perturb = rng.below(2) == 0;
    let natural_faces: Vec<Face> = group
        .iter()
        .filter(|c| c.face != Face::Joker)
        .map(|c| c.face)
        .collect();
    let placed: Vec<Placed> = group
        .iter()
        .map(|&card| {
            let stands_for = if card.face != Face::Joker {
                card.face
            } else if let Some(face) = from_meld(card).filter(|_| !perturb || rng.below(2) == 0) {
                face
            } else if rng.below(2) == 0 && !natural_faces.is_empty() {
                // near a natural card: same rank or a neighbour of the same suit
                let (r, s) = rs(natural_faces[rng.below(natural_faces.len() as u64) as usize]);
                let r = match rng.below(3) {
                    0 => r,
                    1 => r % 13 + 1,
                    _ => (r + 11) % 13 + 1,
                };
                let s = if rng.below(2) == 0 {
                    s
                } else {
                    Suit::ALL[rng.below(4) as usize]
                };
                Face::french(r, s)
            } else {
                all[rng.below(52) as usize]
            };
            Placed { card, stands_for }
        })
        .collect();
    let faces: Vec<Face> = placed.iter().map(|p| p.stands_for).collect();
    let jokers = group.iter().filter(|c| c.face == Face::Joker).count();
    let legal = group.len() >= rules.min_len as usize
        && jokers < group.len()
        && rules
            .max_jokers_per_meld
            .is_none_or(|m| jokers <= m as usize)
        && (natural_set(&faces, rules.set_distinct_suits).is_some()
            || !natural_sequences(&faces).is_empty());
    let got = validate_declared(&placed, rules);
    assert_eq!(got.is_ok(), legal, "{placed:?}: {got:?}");
    let legal = legal && jokers > 0;
    if let Ok(meld) = got {
        let mut a: Vec<Placed> = meld.cards.clone();
        let mut b = placed;
        a.sort_by_key(|p| p.card.id);
        b.sort_by_key(|p| p.card.id);
        assert_eq!(a, b, "declarations kept");
    }
    legal
}

pub(super) fn all_rules() -> Vec<MeldRules> {
    let mut out = Vec::new();
    for distinct in [false, true] {
        for max in [None, Some(1)] {
            out.push(MeldRules {
                set_distinct_suits: distinct,
                max_jokers_per_meld: max,
                min_len: 3,
            });
        }
    }
    out
}

#[test]
fn validate_matches_brute_force_reference() {
    let deck = DeckSpec::French {
        packs: 2,
        jokers: 2,
    }
    .cards();
    for (i, rules) in all_rules().iter().enumerate() {
        let (ok, err, declared) = run(1000 + i as u64, 2500, &deck, rules);
        assert!(ok > 500 && err > 500, "{rules:?}: ok {ok}, err {err}");
        assert!(declared > 150, "{rules:?}: declared ok {declared}");
    }
}

#[test]
fn validate_matches_reference_with_three_jokers() {
    let deck = DeckSpec::French {
        packs: 2,
        jokers: 3,
    }
    .cards();
    let rules = &all_rules()[0];
    let (ok, err, _) = run(77, 150, &deck, rules);
    assert!(ok > 20 && err > 20, "ok {ok}, err {err}");
}
