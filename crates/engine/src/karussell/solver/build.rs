use super::*;

impl Input {
    /// Turns the DP's moves into melds of physical cards.
    pub(super) fn build(&self, moves: &[Move]) -> Vec<Vec<TableCard>> {
        let mut b = Builder::new(self, moves);
        for mv in moves {
            match *mv {
                Move::Suit { .. } => b.suit(mv),
                Move::Groups { v, j } => b.groups(v as usize, j as usize),
                Move::End { extra } => b.end(extra as usize),
            }
        }
        b.out
    }
}

/// The cards while the moves are replayed.
struct Builder {
    /// Card pools per face: mandatory (table naturals, kept jokers), then hand cards.
    mand: Vec<[Vec<TableCard>; 4]>,
    opt: Vec<[Vec<TableCard>; 4]>,
    /// Re-declared table jokers (placed first), then hand jokers.
    wild_mand: Vec<Card>,
    wild_opt: Vec<Card>,
    out: Vec<Vec<TableCard>>,
    open: [Vec<Run>; 4],
    group_cards: [Vec<TableCard>; 4],
    ace_mand: [Vec<TableCard>; 4],
    ace_opt: [Vec<TableCard>; 4],
}

impl Builder {
    // Faces are indexed by (value, suit) across several tables.
    #[allow(clippy::needless_range_loop)]
    fn new(input: &Input, moves: &[Move]) -> Builder {
        let mut b = Builder {
            mand: (0..15).map(|_| Default::default()).collect(),
            opt: (0..15).map(|_| Default::default()).collect(),
            wild_mand: Vec::new(),
            wild_opt: input.hand_jokers.clone(),
            out: Vec::new(),
            open: Default::default(),
            group_cards: Default::default(),
            ace_mand: Default::default(),
            ace_opt: Default::default(),
        };
        let mut redeclared = [[0usize; 4]; 15];
        for mv in moves {
            if let Move::Suit { v, s, d, .. } = *mv {
                redeclared[v as usize][s as usize] += d as usize;
            }
        }
        for v in 1..14 {
            for s in 0..4 {
                let jokers = &input.table_jokers[v][s];
                let kept = jokers.len() - redeclared[v][s];
                b.mand[v][s].extend(input.table_real[v][s].iter().copied());
                b.mand[v][s].extend(jokers[..kept].iter().copied());
                b.wild_mand.extend(jokers[kept..].iter().map(|tc| tc.card));
                let hand = input.hand_real[v][s].iter();
                b.opt[v][s].extend(hand.map(|&c| TableCard::natural(c)));
            }
        }
        b
    }

    fn take_wild(&mut self, face: Face) -> TableCard {
        let card = if let Some(c) = self.wild_mand.pop() {
            c
        } else {
            self.wild_opt.pop().expect("the DP counts the jokers")
        };
        TableCard {
            card,
            as_face: face,
        }
    }

    /// The fixed cards suit `s` puts down at value `v`.
    fn fixed(&mut self, v: usize, s: usize, tl: u8, x: u8, c: u8) -> Vec<TableCard> {
        let mut fixed: Vec<TableCard> = Vec::new();
        if v == 1 {
            let m = std::mem::take(&mut self.mand[1][s]);
            let o = std::mem::take(&mut self.opt[1][s]);
            let (tl, x, c) = (tl as usize, x as usize, c as usize);
            fixed.extend(m[..tl].iter().copied());
            fixed.extend(o[..x].iter().copied());
            self.ace_mand[s] = m[tl..].to_vec();
            self.ace_mand[s].extend(o[x..x + c].iter().copied());
            self.ace_opt[s] = o[x + c..].to_vec();
        } else if v == 14 {
            fixed.append(&mut self.ace_mand[s]);
            fixed.extend(self.ace_opt[s][..x as usize].iter().copied());
        } else {
            fixed.append(&mut self.mand[v][s]);
            fixed.extend(self.opt[v][s][..x as usize].iter().copied());
        }
        fixed
    }

    /// Replays a `Move::Suit`: groups get their cards, sequences grow, close or start.
    fn suit(&mut self, mv: &Move) {
        let Move::Suit {
            v,
            s,
            tl,
            x,
            c,
            g,
            w,
            ja,
            jb,
            jc,
            ..
        } = *mv
        else {
            unreachable!("a suit move")
        };
        let (v, s) = (v as usize, s as usize);
        let mut fixed = self.fixed(v, s, tl, x, c);
        let run_cards = fixed.split_off(g as usize);
        self.group_cards[s] = fixed;
        let runs = std::mem::take(&mut self.open[s]);
        let (n_long, n_neutral) = runs.iter().fold((0u8, 0u8), |(l, n), r| match run_kind(r) {
            RunKind::MustLong => (l + 1, n),
            RunKind::Short | RunKind::JokerStart => (l, n + 1),
            RunKind::Free => (l, n),
        });
        let q = w - ja - jb - jc;
        let rest = run_cards.len() as u8 - (n_long - ja) - (n_neutral - q) + jb + jc;
        let mut step = Step {
            face: face_of(v, s),
            real: run_cards.into_iter(),
            next: Vec::new(),
        };
        let mut free: Vec<Run> = Vec::new();
        let (mut ja, mut q) = (ja, q);
        for mut r in runs {
            match run_kind(&r) {
                RunKind::MustLong => {
                    r.push(step.card(self, &mut ja));
                    step.next.push(r);
                }
                RunKind::Short | RunKind::JokerStart => {
                    r.push(step.card(self, &mut q));
                    if r.len() == 3 && r[0].1 {
                        self.out.push(r.into_iter().map(|c| c.0).collect());
                    } else {
                        step.next.push(r);
                    }
                }
                RunKind::Free => free.push(r),
            }
        }
        self.grow_free(&mut step, free, rest, jb, jc);
        self.open[s] = step.next;
    }

    /// Free long sequences go on while cards last; then new sequences start.
    fn grow_free(&mut self, step: &mut Step, free: Vec<Run>, rest: u8, jb: u8, jc: u8) {
        let (mut jb, mut e3) = (jb, 0u8);
        for mut r in free {
            if e3 < rest {
                r.push(step.card(self, &mut jb));
                e3 += 1;
                step.next.push(r);
            } else {
                self.out.push(r.into_iter().map(|c| c.0).collect());
            }
        }
        let mut jc2 = jc;
        for _ in 0..jc {
            let card = step.card(self, &mut jc2);
            step.next.push(vec![card]);
        }
        let mut none = 0;
        for _ in 0..rest - e3 - jc {
            let card = step.card(self, &mut none);
            step.next.push(vec![card]);
        }
    }

    /// Replays a `Move::Groups`: the value's group cards and `j` wild jokers into groups.
    fn groups(&mut self, v: usize, j: usize) {
        let mut by_suit: Vec<Vec<TableCard>> =
            self.group_cards.iter_mut().map(std::mem::take).collect();
        let total: usize = by_suit.iter().map(Vec::len).sum::<usize>() + j;
        if total == 0 {
            return;
        }
        let maxg = by_suit.iter().map(Vec::len).max().unwrap_or(0);
        let k = maxg.max(total.div_ceil(4));
        let mut groups: Vec<Vec<TableCard>> = vec![Vec::new(); k];
        crate::sort::sort_by_key(&mut by_suit, |c| std::cmp::Reverse(c.len()));
        for cards in by_suit {
            let mut order: Vec<usize> = (0..k).collect();
            crate::sort::sort_by_key(&mut order, |&i| groups[i].len());
            for (c, &i) in cards.into_iter().zip(order.iter()) {
                groups[i].push(c);
            }
        }
        for _ in 0..j {
            let i = (0..k).min_by_key(|&i| groups[i].len()).unwrap();
            let s = (0..4)
                .find(|&s| {
                    groups[i]
                        .iter()
                        .all(|c| c.as_face.suit() != Some(Suit::ALL[s]))
                })
                .expect("a group under 4 cards misses a suit");
            let tc = self.take_wild(face_of(v, s));
            groups[i].push(tc);
        }
        self.out.extend(groups);
    }

    /// Replays `Move::End`: open sequences close, `extra` spare wild jokers find a place.
    fn end(&mut self, extra: usize) {
        let mut seqs = Vec::new();
        for runs in self.open.iter_mut() {
            for r in runs.drain(..) {
                seqs.push(self.out.len());
                self.out.push(r.into_iter().map(|c| c.0).collect());
            }
        }
        for (i, m) in self.out.iter().enumerate() {
            if !seqs.contains(&i) && check_meld(m) == Ok(KMeldKind::Sequence) {
                seqs.push(i);
            }
        }
        if extra >= 3 {
            let meld: Vec<TableCard> = if extra <= 4 {
                (0..extra).map(|s| self.take_wild(face_of(5, s))).collect()
            } else {
                (1..=extra).map(|v| self.take_wild(face_of(v, 1))).collect()
            };
            self.out.push(meld);
        } else if extra > 0 {
            let i = *seqs.first().expect("DP: a sequence exists");
            self.pad(i, extra);
        }
        // A..K..A with two different aces: A-2-3 and 4..A.
        let long: Vec<usize> = (0..self.out.len())
            .filter(|&i| self.out[i].len() == 14)
            .collect();
        for i in long {
            let tail = self.out[i].split_off(3);
            self.out.push(tail);
        }
    }

    /// One or two jokers extend sequence `i` (cut to three cards first).
    fn pad(&mut self, i: usize, extra: usize) {
        if self.out[i].len() >= 6 {
            let tail = self.out[i].split_off(3);
            self.out.push(tail);
        }
        for _ in 0..extra {
            let m = &self.out[i];
            let suit = m[0].as_face.suit().expect("French");
            let face = (1..=13)
                .map(|r| Face::french(r, suit))
                .find(|&f| {
                    let mut t = m.clone();
                    t.push(TableCard {
                        card: m[0].card,
                        as_face: f,
                    });
                    t.last_mut().unwrap().card.face = Face::Joker;
                    check_meld(&t).is_ok()
                })
                .expect("a short sequence can grow");
            let tc = self.take_wild(face);
            self.out[i].push(tc);
        }
    }
}

/// The cards one suit puts into sequences at one value.
struct Step {
    face: Face,
    real: std::vec::IntoIter<TableCard>,
    next: Vec<Run>,
}

impl Step {
    /// The next card: a wild joker while `jokers` lasts, else a real card.
    fn card(&mut self, b: &mut Builder, jokers: &mut u8) -> (TableCard, bool) {
        if *jokers > 0 {
            *jokers -= 1;
            (b.take_wild(self.face), true)
        } else {
            (self.real.next().expect("DP counts the cards"), false)
        }
    }
}

/// An open sequence while building: cards with "is a wild joker".
pub(super) type Run = Vec<(TableCard, bool)>;

pub(super) enum RunKind {
    /// Length 1 or 2, starting with a fixed card.
    Short,
    /// Length 1 or 2, starting with a wild joker: closes at length 3.
    JokerStart,
    /// Length ≥ 4 ending with a wild joker: must go on.
    MustLong,
    /// Length ≥ 3, may close or go on.
    Free,
}

pub(super) fn run_kind(r: &Run) -> RunKind {
    if r.len() < 3 {
        if r[0].1 {
            RunKind::JokerStart
        } else {
            RunKind::Short
        }
    } else if r.len() >= 4 && r[r.len() - 1].1 {
        RunKind::MustLong
    } else {
        RunKind::Free
    }
}
