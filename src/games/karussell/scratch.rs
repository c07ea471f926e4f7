//! The scratch table of a Karussell turn (UI-only state): the player moves cards freely —
//! hand to table, between melds, splitting and joining — and commits the whole table as one
//! action. Nothing here decides legality for good; the marks come from the engine's
//! `check_meld`, and the engine re-validates the committed table.

use engine::karussell::{check_meld, KMeldError, KMeldKind, TableCard};
use engine::{Card, CardId, Face, Rank, Suit};

/// Where a card can be put.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    Hand,
    Meld(usize),
    NewMeld,
}

impl Spot {
    /// The `data-drop` value of a drop target.
    pub fn code(self) -> String {
        match self {
            Spot::Hand => "hand".into(),
            Spot::Meld(i) => format!("meld-{i}"),
            Spot::NewMeld => "new-meld".into(),
        }
    }

    pub fn parse(code: &str) -> Option<Spot> {
        match code {
            "hand" => Some(Spot::Hand),
            "new-meld" => Some(Spot::NewMeld),
            _ => code.strip_prefix("meld-")?.parse().ok().map(Spot::Meld),
        }
    }
}

/// Why a move is refused by the scratch table itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Cards that were on the table at the start of the turn never go to the hand.
    TableCardToHand,
    /// No such card here (stale drag).
    Unknown,
}

/// The scratch state of one turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scratch {
    /// The table when the turn's melding began.
    pub original: Vec<Vec<TableCard>>,
    /// The hand when the turn's melding began.
    pub original_hand: Vec<Card>,
    pub melds: Vec<Vec<TableCard>>,
    /// Hand cards not placed.
    pub hand: Vec<Card>,
}

/// The status of one scratch meld.
pub type MeldStatus = Result<KMeldKind, KMeldError>;

impl Scratch {
    pub fn new(table: Vec<Vec<TableCard>>, hand: Vec<Card>) -> Scratch {
        Scratch {
            original: table.clone(),
            original_hand: hand.clone(),
            melds: table,
            hand,
        }
    }

    /// Has anything moved since the turn's melding began?
    pub fn changed(&self) -> bool {
        self.melds != self.original || self.hand.len() != self.original_hand.len()
    }

    /// Back to the table and hand of the turn's start.
    pub fn reset(&mut self) {
        *self = Scratch::new(self.original.clone(), self.original_hand.clone());
    }

    fn was_on_table(&self, id: CardId) -> bool {
        self.original.iter().flatten().any(|t| t.card.id == id)
    }

    /// Takes card `id` out of wherever it is.
    fn take(&mut self, id: CardId) -> Option<TableCard> {
        if let Some(i) = self.hand.iter().position(|c| c.id == id) {
            let card = self.hand.remove(i);
            return Some(TableCard {
                card,
                as_face: card.face,
            });
        }
        for meld in &mut self.melds {
            if let Some(i) = meld.iter().position(|t| t.card.id == id) {
                return Some(meld.remove(i));
            }
        }
        None
    }

    /// Moves card `id` to `to`. Empty melds disappear; jokers whose identity is then
    /// certain get it.
    pub fn move_card(&mut self, id: CardId, to: Spot) -> Result<(), MoveError> {
        if to == Spot::Hand && self.was_on_table(id) {
            return Err(MoveError::TableCardToHand);
        }
        let here = self.locate(id).ok_or(MoveError::Unknown)?;
        if here == to {
            return Ok(());
        }
        let target_len = self.melds.len();
        let mut t = self.take(id).ok_or(MoveError::Unknown)?;
        match to {
            Spot::Hand => {
                self.hand.push(t.card);
            }
            Spot::Meld(i) if i < target_len => {
                // A hand joker put into a meld has to be declared again.
                if t.is_joker() && !self.was_on_table(id) {
                    t.as_face = Face::Joker;
                }
                self.melds[i].push(t);
            }
            Spot::Meld(_) | Spot::NewMeld => {
                if t.is_joker() && !self.was_on_table(id) {
                    t.as_face = Face::Joker;
                }
                self.melds.push(vec![t]);
            }
        }
        self.tidy();
        Ok(())
    }

    /// Joins meld `from` into meld `into`.
    pub fn join(&mut self, from: usize, into: usize) {
        if from == into || from >= self.melds.len() || into >= self.melds.len() {
            return;
        }
        let cards = std::mem::take(&mut self.melds[from]);
        self.melds[into].extend(cards);
        self.tidy();
    }

    /// Where card `id` is now.
    pub fn locate(&self, id: CardId) -> Option<Spot> {
        if self.hand.iter().any(|c| c.id == id) {
            return Some(Spot::Hand);
        }
        self.melds
            .iter()
            .position(|m| m.iter().any(|t| t.card.id == id))
            .map(Spot::Meld)
    }

    fn tidy(&mut self) {
        self.melds.retain(|m| !m.is_empty());
        for meld in &mut self.melds {
            infer_jokers(meld);
            sort_meld(meld);
        }
    }

    pub fn status(&self, i: usize) -> MeldStatus {
        self.melds
            .get(i)
            .map_or(Err(KMeldError::TooShort), |m| check_meld(m))
    }

    /// Hand cards now on the table.
    pub fn placed(&self) -> usize {
        self.original_hand.len() - self.hand.len()
    }

    /// Every meld legal, at least one hand card placed, no joker waiting for its identity.
    pub fn looks_complete(&self) -> bool {
        self.placed() > 0 && (0..self.melds.len()).all(|i| self.status(i).is_ok())
    }

    /// Jokers in meld `i` whose identity the player must choose, with the choices.
    pub fn joker_choices(&self, i: usize) -> Vec<(CardId, Vec<Face>)> {
        let Some(meld) = self.melds.get(i) else {
            return Vec::new();
        };
        meld.iter()
            .enumerate()
            .filter(|(_, t)| t.is_joker() && t.as_face == Face::Joker)
            .map(|(k, t)| (t.card.id, identities(meld, k)))
            .filter(|(_, faces)| faces.len() > 1)
            .collect()
    }

    /// Declares joker `id` as `face`.
    pub fn declare(&mut self, id: CardId, face: Face) {
        for meld in &mut self.melds {
            for t in meld.iter_mut() {
                if t.card.id == id && t.is_joker() {
                    t.as_face = face;
                }
            }
            sort_meld(meld);
        }
    }

    /// Takes over a complete table (e.g. the solver's hint) and the hand left.
    pub fn take_over(&mut self, table: Vec<Vec<TableCard>>) {
        let on_table: Vec<CardId> = table.iter().flatten().map(|t| t.card.id).collect();
        self.hand = self
            .original_hand
            .iter()
            .filter(|c| !on_table.contains(&c.id))
            .copied()
            .collect();
        self.melds = table;
        for meld in &mut self.melds {
            sort_meld(meld);
        }
    }
}

fn all_faces() -> impl Iterator<Item = Face> {
    Suit::ALL.into_iter().flat_map(|s| {
        (1..=13).map(move |r| Face::French {
            rank: Rank(r),
            suit: s,
        })
    })
}

/// The identities joker `k` of `meld` can take so that the meld is legal (other undeclared
/// jokers free too).
pub fn identities(meld: &[TableCard], k: usize) -> Vec<Face> {
    let undeclared: Vec<usize> = (0..meld.len())
        .filter(|&i| meld[i].is_joker() && meld[i].as_face == Face::Joker)
        .collect();
    if undeclared.len() > 2 || meld.len() < 3 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for f in all_faces() {
        let mut m = meld.to_vec();
        m[k].as_face = f;
        let others: Vec<usize> = undeclared.iter().copied().filter(|&i| i != k).collect();
        let ok = match others.as_slice() {
            [] => check_meld(&m).is_ok(),
            [o] => all_faces().any(|g| {
                let mut m2 = m.clone();
                m2[*o].as_face = g;
                check_meld(&m2).is_ok()
            }),
            _ => false,
        };
        if ok {
            out.push(f);
        }
    }
    out
}

/// Gives undeclared jokers the identity that is the only possibility.
fn infer_jokers(meld: &mut [TableCard]) {
    loop {
        let mut changed = false;
        for k in 0..meld.len() {
            if meld[k].is_joker() && meld[k].as_face == Face::Joker {
                if let [only] = identities(meld, k).as_slice() {
                    meld[k].as_face = *only;
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
}

/// Shows a sequence in rank order (ace high after the king) and a group by suit.
fn sort_meld(meld: &mut [TableCard]) {
    let rank_of = |t: &TableCard| match t.as_face {
        Face::French { rank, .. } => rank.0,
        _ => 99,
    };
    let high = meld.iter().any(|t| rank_of(t) == 13) && meld.iter().any(|t| rank_of(t) == 1);
    engine::sort::sort_by_key(meld, |t| match t.as_face {
        Face::French { rank, suit } => {
            let r = if high && rank.0 == 1 { 14 } else { rank.0 };
            (r, suit as u8)
        }
        _ => (99, 0),
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(id: u16, rank: u8, suit: Suit) -> Card {
        Card {
            id: CardId(id),
            face: Face::french(rank, suit),
        }
    }

    fn joker(id: u16) -> Card {
        Card {
            id: CardId(id),
            face: Face::Joker,
        }
    }

    fn table() -> Vec<Vec<TableCard>> {
        vec![[4, 5, 6, 7]
            .iter()
            .map(|&r| TableCard::natural(card(r as u16, r, Suit::Hearts)))
            .collect()]
    }

    #[test]
    fn split_a_run_by_moving_its_end_and_add_a_hand_card() {
        let hand = vec![card(30, 7, Suit::Spades), card(31, 7, Suit::Clubs)];
        let mut s = Scratch::new(table(), hand);
        assert!(!s.changed());
        // ♥7 leaves the run 4-5-6-7 for a new meld; the run stays legal.
        s.move_card(CardId(7), Spot::NewMeld).unwrap();
        assert!(s.changed());
        assert_eq!(s.melds.len(), 2);
        assert!(s.status(0).is_ok());
        assert_eq!(s.status(1), Err(KMeldError::TooShort));
        assert!(!s.looks_complete());
        s.move_card(CardId(30), Spot::Meld(1)).unwrap();
        s.move_card(CardId(31), Spot::Meld(1)).unwrap();
        assert_eq!(s.status(1), Ok(KMeldKind::Group));
        assert!(s.looks_complete());
        assert_eq!(s.placed(), 2);
        // table cards never go to the hand; hand cards may go back
        assert_eq!(
            s.move_card(CardId(4), Spot::Hand),
            Err(MoveError::TableCardToHand)
        );
        s.move_card(CardId(30), Spot::Hand).unwrap();
        assert_eq!(s.placed(), 1);
        s.reset();
        assert_eq!(s.melds, table());
        assert_eq!(s.hand.len(), 2);
        assert!(!s.changed());
    }

    #[test]
    fn a_joker_gets_its_only_identity_or_asks() {
        let mut s = Scratch::new(table(), vec![joker(99)]);
        s.move_card(CardId(99), Spot::Meld(0)).unwrap();
        // 4-5-6-7 + joker: ♥3 or ♥8, so the player chooses.
        assert_eq!(s.joker_choices(0).len(), 1);
        assert_eq!(s.joker_choices(0)[0].1.len(), 2);
        s.declare(CardId(99), Face::french(8, Suit::Hearts));
        assert!(s.looks_complete());
        // In a group of two eights the joker can be one of two suits; 8♥-8♠-joker-8♦? one.
        let mut g = Scratch::new(
            vec![],
            vec![
                card(1, 8, Suit::Hearts),
                card(2, 8, Suit::Spades),
                card(3, 8, Suit::Diamonds),
                joker(98),
            ],
        );
        for id in [1, 2, 3, 98] {
            g.move_card(CardId(id), Spot::Meld(0)).unwrap();
        }
        assert_eq!(g.melds[0].iter().filter(|t| t.is_joker()).count(), 1);
        assert!(g.looks_complete(), "{:?}", g.melds);
    }

    #[test]
    fn spots_round_trip_and_joins() {
        for spot in [Spot::Hand, Spot::NewMeld, Spot::Meld(3)] {
            assert_eq!(Spot::parse(&spot.code()), Some(spot));
        }
        assert_eq!(Spot::parse("meld-x"), None);
        let mut s = Scratch::new(table(), vec![card(40, 8, Suit::Hearts)]);
        s.move_card(CardId(7), Spot::NewMeld).unwrap();
        s.move_card(CardId(40), Spot::Meld(1)).unwrap();
        s.join(1, 0);
        assert_eq!(s.melds.len(), 1);
        assert_eq!(s.status(0), Ok(KMeldKind::Sequence));
    }
}
