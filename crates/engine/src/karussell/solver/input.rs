use super::*;

/// The validated input, sorted by face.
pub(super) struct Input {
    /// Natural table cards by [value][suit].
    pub(super) table_real: Vec<[Vec<TableCard>; 4]>,
    /// Table jokers by the face they stand for.
    pub(super) table_jokers: Vec<[Vec<TableCard>; 4]>,
    pub(super) hand_real: Vec<[Vec<Card>; 4]>,
    pub(super) hand_jokers: Vec<Card>,
    /// Table cards per [value][suit] that stand in a group today (search order only).
    pub(super) in_groups: [[u8; 4]; 15],
}

impl Input {
    pub(super) fn new(table: &[Vec<TableCard>], hand: &[Card]) -> Result<Input, SolveError> {
        let empty =
            || -> Vec<[Vec<TableCard>; 4]> { (0..14).map(|_| Default::default()).collect() };
        let mut input = Input {
            table_real: empty(),
            table_jokers: empty(),
            hand_real: (0..14).map(|_| Default::default()).collect(),
            hand_jokers: Vec::new(),
            in_groups: [[0; 4]; 15],
        };
        let mut ids = std::collections::HashSet::new();
        for (i, meld) in table.iter().enumerate() {
            let kind =
                check_meld(meld).map_err(|error| SolveError::IllegalMeld { meld: i, error })?;
            if kind == KMeldKind::Group {
                for (v, s) in meld.iter().filter_map(|tc| french(tc.as_face)) {
                    input.in_groups[v][s] += 1;
                }
            }
            for &tc in meld {
                if !ids.insert(tc.card.id) {
                    return Err(SolveError::DuplicateId(tc.card.id));
                }
                let (v, s) = french(tc.as_face).ok_or(SolveError::IllegalMeld {
                    meld: i,
                    error: KMeldError::BadIdentity,
                })?;
                if tc.is_joker() {
                    input.table_jokers[v][s].push(tc);
                } else {
                    input.table_real[v][s].push(tc);
                }
            }
        }
        for &c in hand {
            if !ids.insert(c.id) {
                return Err(SolveError::DuplicateId(c.id));
            }
            match c.face {
                Face::Joker => input.hand_jokers.push(c),
                f => {
                    let (v, s) = french(f).ok_or(SolveError::NotARommeCard(c))?;
                    input.hand_real[v][s].push(c);
                }
            }
        }
        let mut jokers = input.hand_jokers.len();
        for v in 1..14 {
            for s in 0..4 {
                if input.table_real[v][s].len() + input.hand_real[v][s].len() > 2 {
                    return Err(SolveError::TooManyCopies(face_of(v, s)));
                }
                jokers += input.table_jokers[v][s].len();
            }
        }
        if jokers > MAX_JOKERS {
            return Err(SolveError::TooManyJokers);
        }
        Ok(input)
    }

    pub(super) fn problem(&self) -> Problem {
        let mut p = Problem {
            tr: [[0; 4]; 15],
            tk: [[0; 4]; 15],
            opt: [[0; 4]; 15],
            dmax: [[0; 4]; 15],
            fut: [0; 16 * 5],
            wild_opt: self.hand_jokers.len() as u8,
            in_groups: self.in_groups,
        };
        for v in 1..14 {
            for s in 0..4 {
                p.tr[v][s] = self.table_real[v][s].len() as u8;
                p.tk[v][s] = self.table_jokers[v][s].len() as u8;
                p.opt[v][s] = self.hand_real[v][s].len() as u8;
                p.dmax[v][s] = p.tk[v][s].min(p.tr[v][s] + p.opt[v][s]);
            }
        }
        // fut[stage]: re-declarations still possible from this stage on.
        for st in (0..16 * 5 - 1).rev() {
            let (v, sub) = (st / 5, st % 5);
            let here = if (1..14).contains(&v) && sub < 4 {
                p.dmax[v][sub]
            } else {
                0
            };
            p.fut[st] = p.fut[st + 1] + here;
        }
        p
    }
}

/// Counts per face for the DP.
pub(super) struct Problem {
    /// Natural table cards per [value][suit].
    pub(super) tr: [[u8; 4]; 15],
    /// Table jokers standing for [value][suit].
    pub(super) tk: [[u8; 4]; 15],
    /// Hand cards per [value][suit].
    pub(super) opt: [[u8; 4]; 15],
    /// Table jokers of that face that may be re-declared: min(jokers, real cards).
    pub(super) dmax: [[u8; 4]; 15],
    /// Per stage (`v * 5 + sub`): re-declarations possible from that stage on.
    pub(super) fut: [u8; 16 * 5],
    /// Hand jokers.
    pub(super) wild_opt: u8,
    /// Table cards per [value][suit] in groups today.
    pub(super) in_groups: [[u8; 4]; 15],
}

impl Problem {
    /// Cards of face (v, s) on the table or in hand.
    fn cards(&self, v: usize, s: usize) -> u8 {
        let v = if v == 14 { 1 } else { v };
        self.tr[v][s] + self.tk[v][s] + self.opt[v][s]
    }

    /// Whether a hand card of face (v, s) fits some meld of the cards present, every joker
    /// wild (a static bound: hand cards that cannot be placed add nothing).
    pub(super) fn placeable(&self, v: usize, s: usize) -> bool {
        let jokers = self.wild_opt as usize
            + (1..14)
                .flat_map(|w| (0..4).map(move |t| (w, t)))
                .map(|(w, t)| self.tk[w][t] as usize)
                .sum::<usize>();
        let others = (0..4).filter(|&t| t != s && self.cards(v, t) > 0).count();
        if others + jokers >= 2 {
            return true;
        }
        let positions: &[usize] = if v == 1 { &[1, 14] } else { &[v] };
        positions.iter().any(|&pos| {
            (pos.saturating_sub(2).max(1)..=pos.min(12)).any(|a| {
                let missing = (a..a + 3)
                    .filter(|&w| w != pos && self.cards(w, s) == 0)
                    .count();
                missing <= jokers
            })
        })
    }
}
