//! Operations on validated melds: lay-off, joker exchange, opening value.

use super::*;

impl Meld {
    /// Number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The ids of the physical cards, in meld order.
    pub fn card_ids(&self) -> Vec<CardId> {
        self.cards.iter().map(|p| p.card.id).collect()
    }

    /// Number of jokers in the meld.
    pub fn jokers(&self) -> usize {
        self.cards.iter().filter(|p| p.card.face.is_joker()).count()
    }

    /// Points for the first-meld minimum: 2–10 face value, B/D/K 10, ace 1 when low in a
    /// sequence and 11 otherwise; a joker counts as the card it stands for.
    pub fn opening_value(&self) -> u32 {
        let ace = if self.kind == MeldKind::Sequence && !self.ace_high {
            1
        } else {
            11
        };
        self.cards
            .iter()
            .map(|p| opening_face_value(p.stands_for, ace))
            .sum()
    }

    /// Position of a placed card in a sequence: 1..=14 (14 = ace high).
    fn position(&self, p: &Placed) -> Option<u8> {
        let rank = p.stands_for.rank()?;
        Some(if rank == Rank::ACE && self.ace_high {
            14
        } else {
            rank.0
        })
    }

    fn set_rank(&self) -> Option<Rank> {
        self.cards.iter().find_map(|p| p.stands_for.rank())
    }

    fn check_new_card(&self, card: Card) -> Result<Option<Natural>, MeldError> {
        let natural = classify(card)?;
        if self.cards.iter().any(|p| p.card.id == card.id) {
            return Err(MeldError::DuplicateCard { card: card.id });
        }
        Ok(natural)
    }

    /// The set's cards as [`Parts`] (jokers re-assigned by [`build_set`]).
    fn set_parts(&self) -> Parts {
        let mut naturals = Vec::new();
        let mut jokers = Vec::new();
        for p in &self.cards {
            match classify(p.card) {
                Ok(Some(n)) => naturals.push(n),
                _ => jokers.push(p.card),
            }
        }
        Parts { naturals, jokers }
    }

    /// Lays off one card. On a set: a card of the set's rank (or a joker) that keeps it
    /// legal. On a sequence: the next card at either end; a joker goes to the high end if
    /// possible, else the low end. Jokers already in the meld keep what they stand for in a
    /// sequence; in a set their suits are re-assigned.
    pub fn extend(&self, card: Card, rules: &MeldRules) -> Result<Meld, MeldError> {
        let new = self.check_new_card(card)?;
        let jokers = self.jokers() + usize::from(new.is_none());
        check_joker_limit(jokers, rules)?;
        match self.kind {
            MeldKind::Set => self.extend_set(card, new, rules),
            MeldKind::Sequence => self.extend_sequence(card, new),
        }
    }

    fn extend_set(
        &self,
        card: Card,
        new: Option<Natural>,
        rules: &MeldRules,
    ) -> Result<Meld, MeldError> {
        let rank = self.set_rank().ok_or(MeldError::DoesNotFit)?;
        let mut parts = self.set_parts();
        match new {
            Some(n) if n.rank != rank => return Err(MeldError::DoesNotFit),
            Some(n) => parts.naturals.push(n),
            None => parts.jokers.push(card),
        }
        if parts.naturals.is_empty() {
            return Err(MeldError::OnlyJokers);
        }
        build_set(&parts, rules)
    }

    fn extend_sequence(&self, card: Card, new: Option<Natural>) -> Result<Meld, MeldError> {
        let positions: Vec<u8> = self.cards.iter().filter_map(|p| self.position(p)).collect();
        let (Some(&lo), Some(&hi)) = (positions.iter().min(), positions.iter().max()) else {
            return Err(MeldError::DoesNotFit);
        };
        let suit = self
            .cards
            .iter()
            .find_map(|p| p.stands_for.suit())
            .ok_or(MeldError::DoesNotFit)?;
        if self.cards.len() >= 13 {
            // every rank is taken: a natural card repeats one, a joker has no place
            return Err(match new {
                Some(_) => MeldError::DoesNotFit,
                None => MeldError::TooLong,
            });
        }
        let pos = match new {
            None if hi < 14 => hi + 1,
            None if lo > 1 => lo - 1,
            None => return Err(MeldError::TooLong),
            Some(n) => {
                if n.suit != suit {
                    return Err(MeldError::DoesNotFit);
                }
                let candidates: &[u8] = if n.rank == Rank::ACE {
                    &[14, 1]
                } else {
                    &[n.rank.0]
                };
                let fitting = candidates
                    .iter()
                    .copied()
                    .find(|&p| p == hi + 1 || (lo > 1 && p == lo - 1));
                match fitting {
                    Some(p) => p,
                    None => {
                        let wraps = (hi == 14 && n.rank.0 == 2) || (lo == 1 && n.rank.0 == 13);
                        return Err(if wraps {
                            MeldError::AroundTheCorner
                        } else {
                            MeldError::DoesNotFit
                        });
                    }
                }
            }
        };
        let placed = Placed {
            card,
            stands_for: Face::French {
                rank: Rank(if pos == 14 { 1 } else { pos }),
                suit,
            },
        };
        let mut meld = self.clone();
        if pos > hi {
            meld.cards.push(placed);
        } else {
            meld.cards.insert(0, placed);
        }
        meld.ace_high = pos == 14 || hi == 14;
        Ok(meld)
    }

    /// Joker exchange: puts the natural `card` in place of a joker and returns the new meld
    /// and the freed joker. In a sequence the card must be exactly what a joker stands for;
    /// in a set any card of the set's rank that keeps the set legal (a joker standing for
    /// exactly that card is freed if there is one, otherwise the last joker).
    pub fn replace_joker(&self, card: Card, rules: &MeldRules) -> Result<(Meld, Card), MeldError> {
        let Some(new) = self.check_new_card(card)? else {
            return Err(MeldError::DoesNotFit);
        };
        let no_joker = MeldError::NoJokerFor { face: card.face };
        let is_joker = |p: &Placed| p.card.face.is_joker();
        let exact = self
            .cards
            .iter()
            .position(|p| is_joker(p) && p.stands_for == card.face);
        match self.kind {
            MeldKind::Sequence => {
                let i = exact.ok_or(no_joker)?;
                let mut meld = self.clone();
                let slot = meld.cards.get_mut(i).ok_or(MeldError::DoesNotFit)?;
                let freed = slot.card;
                slot.card = card;
                Ok((meld, freed))
            }
            MeldKind::Set => {
                if self.set_rank() != Some(new.rank) {
                    return Err(no_joker);
                }
                let i = exact
                    .or_else(|| self.cards.iter().rposition(is_joker))
                    .ok_or(no_joker)?;
                let freed = self.cards.get(i).ok_or(MeldError::DoesNotFit)?.card;
                let mut rest = self.clone();
                rest.cards.remove(i);
                let mut parts = rest.set_parts();
                parts.naturals.push(new);
                let meld = build_set(&parts, rules)?;
                Ok((meld, freed))
            }
        }
    }
}
