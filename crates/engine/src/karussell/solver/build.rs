use super::*;

impl Input {
    /// Turns the DP's moves into melds of physical cards.
    pub(super) fn build(&self, moves: &[Move]) -> Vec<Vec<TableCard>> {
        // Card pools per face: mandatory (table naturals, kept jokers), then hand cards.
        let mut mand: Vec<[Vec<TableCard>; 4]> = (0..15).map(|_| Default::default()).collect();
        let mut opt: Vec<[Vec<TableCard>; 4]> = (0..15).map(|_| Default::default()).collect();
        let mut wild_mand: Vec<Card> = Vec::new();
        let mut redeclared = [[0usize; 4]; 15];
        for mv in moves {
            if let Move::Suit { v, s, d, .. } = *mv {
                redeclared[v as usize][s as usize] += d as usize;
            }
        }
        for v in 1..14 {
            for s in 0..4 {
                let jokers = &self.table_jokers[v][s];
                let kept = jokers.len() - redeclared[v][s];
                mand[v][s].extend(self.table_real[v][s].iter().copied());
                mand[v][s].extend(jokers[..kept].iter().copied());
                wild_mand.extend(jokers[kept..].iter().map(|tc| tc.card));
                opt[v][s].extend(self.hand_real[v][s].iter().map(|&c| TableCard::natural(c)));
            }
        }
        let mut wild_opt: Vec<Card> = self.hand_jokers.clone();
        let mut take_wild = |face: Face| -> TableCard {
            let card = if let Some(c) = wild_mand.pop() {
                c
            } else {
                wild_opt.pop().expect("the DP counts the jokers")
            };
            TableCard {
                card,
                as_face: face,
            }
        };
        let mut out: Vec<Vec<TableCard>> = Vec::new();
        let mut open: [Vec<Run>; 4] = Default::default();
        let mut group_cards: [Vec<TableCard>; 4] = Default::default();
        let mut ace_mand: [Vec<TableCard>; 4] = Default::default();
        let mut ace_opt: [Vec<TableCard>; 4] = Default::default();
        for mv in moves {
            match *mv {
                Move::Suit {
                    v,
                    s,
                    d: _,
                    tl,
                    x,
                    c,
                    g,
                    w,
                    ja,
                    jb,
                    jc,
                } => {
                    let (v, s) = (v as usize, s as usize);
                    let mut fixed: Vec<TableCard> = Vec::new();
                    if v == 1 {
                        let m = std::mem::take(&mut mand[1][s]);
                        let o = std::mem::take(&mut opt[1][s]);
                        let (x, c) = (x as usize, c as usize);
                        fixed.extend(m[..tl as usize].iter().copied());
                        fixed.extend(o[..x].iter().copied());
                        ace_mand[s] = m[tl as usize..].to_vec();
                        ace_mand[s].extend(o[x..x + c].iter().copied());
                        ace_opt[s] = o[x + c..].to_vec();
                    } else if v == 14 {
                        fixed.append(&mut ace_mand[s]);
                        fixed.extend(ace_opt[s][..x as usize].iter().copied());
                    } else {
                        fixed.append(&mut mand[v][s]);
                        fixed.extend(opt[v][s][..x as usize].iter().copied());
                    }
                    let run_cards = fixed.split_off(g as usize);
                    group_cards[s] = fixed;
                    let face = face_of(v, s);
                    let runs = std::mem::take(&mut open[s]);
                    let (n_long, n_neutral) =
                        runs.iter().fold((0u8, 0u8), |(l, n), r| match run_kind(r) {
                            RunKind::MustLong => (l + 1, n),
                            RunKind::Short | RunKind::JokerStart => (l, n + 1),
                            RunKind::Free => (l, n),
                        });
                    let q0 = w - ja - jb - jc;
                    let rest = run_cards.len() as u8 - (n_long - ja) - (n_neutral - q0) + jb + jc;
                    let mut real = run_cards.into_iter();
                    let mut card = |wild: bool| -> (TableCard, bool) {
                        if wild {
                            (take_wild(face), true)
                        } else {
                            (real.next().expect("DP counts the cards"), false)
                        }
                    };
                    let mut next: Vec<Run> = Vec::new();
                    let (mut ja, mut q, mut jb, mut e3) = (ja, q0, jb, 0u8);
                    let mut free: Vec<Run> = Vec::new();
                    for mut r in runs {
                        match run_kind(&r) {
                            RunKind::MustLong => {
                                let wild = ja > 0;
                                ja -= wild as u8;
                                r.push(card(wild));
                                next.push(r);
                            }
                            RunKind::Short | RunKind::JokerStart => {
                                let wild = q > 0;
                                q -= wild as u8;
                                r.push(card(wild));
                                if r.len() == 3 && r[0].1 {
                                    out.push(r.into_iter().map(|c| c.0).collect());
                                } else {
                                    next.push(r);
                                }
                            }
                            RunKind::Free => free.push(r),
                        }
                    }
                    for mut r in free {
                        if e3 < rest {
                            let wild = jb > 0;
                            jb -= wild as u8;
                            r.push(card(wild));
                            e3 += 1;
                            next.push(r);
                        } else {
                            out.push(r.into_iter().map(|c| c.0).collect());
                        }
                    }
                    for _ in 0..jc {
                        next.push(vec![card(true)]);
                    }
                    for _ in 0..rest - e3 - jc {
                        next.push(vec![card(false)]);
                    }
                    open[s] = next;
                }
                Move::Groups { v, j } => {
                    let mut by_suit: Vec<Vec<TableCard>> =
                        group_cards.iter_mut().map(std::mem::take).collect();
                    let total: usize = by_suit.iter().map(Vec::len).sum::<usize>() + j as usize;
                    if total == 0 {
                        continue;
                    }
                    let maxg = by_suit.iter().map(Vec::len).max().unwrap_or(0);
                    let k = maxg.max(total.div_ceil(4));
                    let mut groups: Vec<Vec<TableCard>> = vec![Vec::new(); k];
                    by_suit.sort_by_key(|c| std::cmp::Reverse(c.len()));
                    for cards in by_suit {
                        let mut order: Vec<usize> = (0..k).collect();
                        order.sort_by_key(|&i| groups[i].len());
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
                        let tc = take_wild(face_of(v as usize, s));
                        groups[i].push(tc);
                    }
                    out.extend(groups);
                }
                Move::End { extra } => {
                    let mut seqs = Vec::new();
                    for runs in open.iter_mut() {
                        for r in runs.drain(..) {
                            let r: Vec<TableCard> = r.into_iter().map(|c| c.0).collect();
                            seqs.push(out.len());
                            out.push(r);
                        }
                    }
                    for (i, m) in out.iter().enumerate() {
                        if !seqs.contains(&i) && check_meld(m) == Ok(KMeldKind::Sequence) {
                            seqs.push(i);
                        }
                    }
                    if extra >= 3 {
                        let meld: Vec<TableCard> = if extra <= 4 {
                            (0..extra as usize)
                                .map(|s| take_wild(face_of(5, s)))
                                .collect()
                        } else {
                            (1..=extra as usize)
                                .map(|v| take_wild(face_of(v, 1)))
                                .collect()
                        };
                        out.push(meld);
                    } else if extra > 0 {
                        // One or two jokers extend a sequence (cut to three cards first).
                        let i = *seqs.first().expect("DP: a sequence exists");
                        if out[i].len() >= 6 {
                            let tail = out[i].split_off(3);
                            out.push(tail);
                        }
                        for _ in 0..extra {
                            let m = &out[i];
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
                            let tc = take_wild(face);
                            out[i].push(tc);
                        }
                    }
                    // A..K..A with two different aces: A-2-3 and 4..A.
                    let long: Vec<usize> = (0..out.len()).filter(|&i| out[i].len() == 14).collect();
                    for i in long {
                        let tail = out[i].split_off(3);
                        out.push(tail);
                    }
                }
            }
        }
        out
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
