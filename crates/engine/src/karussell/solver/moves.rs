use super::*;

/// One way a suit can supply its fixed cards at a value.
#[derive(Clone, Copy, Default)]
pub(super) struct Supply {
    pub(super) d: u8,
    pub(super) tl: u8,
    pub(super) x: u8,
    pub(super) c: u8,
    /// Fixed cards (mandatory + hand) at this value.
    pub(super) fixed: u8,
    pub(super) th: u8,
    pub(super) hh: u8,
    /// Hand cards still available (dominance: one more could extend a long sequence).
    pub(super) more: bool,
    pub(super) gain: i32,
}

impl Solver {
    /// Most cards that can stand at (v, s) in sequences, jokers aside.
    pub(super) fn avail(&self, v: usize, s: usize, ss: &SuitState) -> u8 {
        match v {
            14 => ss.th + ss.hh,
            15.. => 0,
            _ => self.p.tr[v][s] + self.p.tk[v][s] + self.p.opt[v][s],
        }
    }

    /// The ways suit `s` can supply its fixed cards at value `v`; returns how many.
    pub(super) fn supplies(
        &self,
        v: usize,
        s: usize,
        ss: &SuitState,
        jokers: u8,
        relaxed: bool,
        out: &mut [Supply; 64],
    ) -> usize {
        let mut n = 0;
        let mut push = |sup: Supply| {
            if n < out.len() {
                out[n] = sup;
                n += 1;
            }
        };
        let p = &self.p;
        if v == 14 {
            // Relaxed: virtual aces, as many as wanted, scoring nothing.
            let gain = if relaxed { 0 } else { CARD + 1 };
            for x in 0..=ss.hh {
                push(Supply {
                    d: 0,
                    tl: 0,
                    x,
                    c: 0,
                    fixed: ss.th + x,
                    th: 0,
                    hh: 0,
                    more: x < ss.hh && !relaxed,
                    gain: x as i32 * gain,
                });
            }
            return n;
        }
        let (tr, tk, o) = (p.tr[v][s], p.tk[v][s], p.opt[v][s]);
        let val = card_value(face_of(v, s)) as i32;
        for d in 0..=p.dmax[v][s] {
            let mand = tr + tk - d;
            let forced = d.saturating_sub(tr);
            if v == 1 {
                // Aces kept for value 14 need a sequence through Q and K.
                let high = (p.tr[12][s] + p.tk[12][s] + p.opt[12][s])
                    .min(p.tr[13][s] + p.tk[13][s] + p.opt[13][s])
                    + jokers;
                for tl in 0..=mand {
                    for x in 0..=o {
                        let c = forced.saturating_sub(x);
                        if x + c > o || mand - tl + c > high {
                            continue;
                        }
                        push(Supply {
                            d,
                            tl,
                            x,
                            c,
                            fixed: tl + x,
                            th: mand - tl + c,
                            hh: (o - x - c).min(high - (mand - tl + c)),
                            // Aces not used low may still go high: no dominance here.
                            more: false,
                            gain: (x + c) as i32 * (CARD + 1) - d as i32 * JOKER_GAIN,
                        });
                    }
                }
            } else {
                for x in forced..=o {
                    push(Supply {
                        d,
                        tl: mand,
                        x,
                        c: 0,
                        fixed: mand + x,
                        th: ss.th,
                        hh: ss.hh,
                        more: x < o,
                        gain: x as i32 * (CARD + val) - d as i32 * JOKER_GAIN,
                    });
                }
            }
        }
        n
    }

    /// Wild jokers the open sequences of all suits need at least (cards missing at their next
    /// two values), once suit `s` has decided value `v`.
    pub(super) fn joker_deficit(&self, st: &State, v: usize, s: usize) -> i32 {
        let mut need = 0i32;
        for (t, ss) in st.suits.iter().enumerate() {
            let nv = if t <= s { v + 1 } else { v };
            let a1 = self.avail(nv, t, ss) as i32;
            let a2 = self.avail(nv + 1, t, ss) as i32;
            need += (ss.must() as i32 - a1).max(0) + ((ss.n1 + ss.j1) as i32 - a2).max(0);
        }
        need
    }

    /// All moves from `st` with their successor and gain.
    pub(super) fn moves(&self, st: &State, out: &mut Vec<(Move, State, i32)>) {
        out.clear();
        if st.v == 15 {
            self.end_moves(st, out);
        } else if st.sub == 4 {
            self.group_moves(st, out);
        } else {
            self.suit_moves(st, out);
        }
    }

    /// The end: spare wild jokers form a joker-only meld or pad a sequence.
    fn end_moves(&self, st: &State, out: &mut Vec<(Move, State, i32)>) {
        if !st.suits.iter().all(|s| s.must() == 0) || st.bal < 0 {
            return;
        }
        for extra in 0..=st.bal {
            let ok = extra == 0 || extra >= 3 || st.any_run;
            if ok && st.bal - extra <= self.p.wild_opt as i8 {
                let mut next = *st;
                next.bal -= extra;
                next.v = 16;
                let mv = Move::End { extra: extra as u8 };
                out.push((mv, next, extra as i32 * JOKER_GAIN));
            }
        }
    }

    /// Groups of value v (v <= 13). Joker-only groups are left to the end.
    fn group_moves(&self, st: &State, out: &mut Vec<(Move, State, i32)>) {
        let fut_next = self.p.fut[st.stage() + 1] as i8;
        let jmax = if st.gsum == 0 {
            0
        } else {
            (st.bal + fut_next).max(0) as u8
        };
        for j in 0..=jmax {
            if !groups_ok(st.gsum + j, st.gmax) {
                continue;
            }
            let mut next = *st;
            next.bal -= j as i8;
            next.v += 1;
            next.sub = 0;
            next.gsum = 0;
            next.gmax = 0;
            out.push((Move::Groups { v: st.v, j }, next, j as i32 * JOKER_GAIN));
        }
    }

    /// Suit `st.sub` at value `st.v`: supplies, then the fixed cards into groups.
    fn suit_moves(&self, st: &State, out: &mut Vec<(Move, State, i32)>) {
        let (v, s) = (st.v as usize, st.sub as usize);
        let ss = st.suits[s];
        let budget0 = (st.bal + self.p.fut[st.stage()] as i8).max(0) as u8;
        let ctx = SuitCtx {
            st: *st,
            v,
            s,
            ss,
            budget0,
            fut_next: self.p.fut[st.stage() + 1] as i8,
        };
        let mut sups = [Supply::default(); 64];
        let n_sup = self.supplies(v, s, &ss, budget0, st.relaxed, &mut sups);
        for sup in &sups[..n_sup] {
            let gmax_g = if v == 14 { 0 } else { sup.fixed };
            for g in 0..=gmax_g {
                if g > 0 || st.gsum > 0 {
                    // Groups of this value must still be possible.
                    let gsum = st.gsum + g;
                    let m = st.gmax.max(g);
                    let potential = self.maxfix[v][s + 1] + budget0;
                    if 3 * m > gsum + potential {
                        continue;
                    }
                }
                self.run_moves(&ctx, sup, g, out);
            }
        }
    }

    /// The rest of the fixed cards and `w` wild jokers into the suit's sequences.
    fn run_moves(&self, ctx: &SuitCtx, sup: &Supply, g: u8, out: &mut Vec<(Move, State, i32)>) {
        let (v, ss) = (ctx.v, &ctx.ss);
        let must = ss.must();
        let r = sup.fixed - g;
        // A wild joker never stands in a sequence at (v, s) while a hand card of that
        // face stays in hand: swapping them places one card more (the joker pads).
        let wmax = if (2..14).contains(&v) && sup.more {
            0
        } else {
            ctx.budget0
        };
        for w in 0..=wmax {
            let bal = ctx.st.bal + sup.d as i8 - w as i8;
            if bal + ctx.fut_next < 0 {
                break;
            }
            let total = r + w;
            if total < must {
                continue;
            }
            let rest = total - must;
            let e3 = rest.min(ss.n3);
            // Dominance: one more hand card extending a long sequence is better.
            if e3 < ss.n3 && sup.more {
                continue;
            }
            let new = rest - e3;
            if new > 0 && v >= 13 {
                break;
            }
            let pick = Pick {
                sup: *sup,
                g,
                w,
                bal,
                e3,
                new,
            };
            self.joker_moves(ctx, &pick, out);
        }
    }

    /// Where the `w` wild jokers go: `ja` to must-go-on long sequences, `jb` to free long
    /// ones, `jc` start new ones, the rest to short ones.
    fn joker_moves(&self, ctx: &SuitCtx, pick: &Pick, out: &mut Vec<(Move, State, i32)>) {
        let (ss, w) = (&ctx.ss, pick.w);
        let neutral = ss.n1 + ss.n2 + ss.j1 + ss.j2;
        for ja in 0..=w.min(ss.n3j) {
            for jb in 0..=(w - ja).min(pick.e3) {
                // A sequence [J, x, y] starting at v ≤ 11 can be shifted to
                // [x, y, J]: jokers start sequences only at Q (J-K-A).
                let jc_max = if ctx.v == 12 {
                    (w - ja - jb).min(pick.new)
                } else {
                    0
                };
                for jc in 0..=jc_max {
                    if w - ja - jb - jc <= neutral {
                        self.push_suit(ctx, pick, [ja, jb, jc], out);
                    }
                }
            }
        }
    }

    /// The successor of one complete suit decision, if it can still be completed.
    fn push_suit(
        &self,
        ctx: &SuitCtx,
        pick: &Pick,
        [ja, jb, jc]: [u8; 3],
        out: &mut Vec<(Move, State, i32)>,
    ) {
        let (v, s, ss, sup) = (ctx.v, ctx.s, &ctx.ss, &pick.sup);
        let mut ns = SuitState {
            n1: pick.new - jc,
            n2: ss.n1,
            n3: ss.n2 + (ss.n3j - ja) + (pick.e3 - jb),
            n3j: ja + jb,
            j1: jc,
            j2: ss.j1,
            th: sup.th,
            hh: sup.hh,
        };
        if ns.n1.max(ns.n3).max(ns.n3j) > CAP {
            return;
        }
        if v == 13 {
            // Aces at 14 only extend sequences of length ≥ 2.
            let open = ns.n2 + ns.j2 + ns.n3 + ns.n3j;
            if ns.th > open {
                return;
            }
            ns.hh = ns.hh.min(open - ns.th);
        }
        // Sequences that must go on need cards at the next values.
        let jokers_next = (pick.bal + ctx.fut_next).max(0) as u8;
        if ns.must() > self.avail(v + 1, s, &ns) + jokers_next
            || ns.n1 + ns.j1 > self.avail(v + 2, s, &ns) + jokers_next
        {
            return;
        }
        let mut next = ctx.st;
        next.suits[s] = ns;
        if self.joker_deficit(&next, v, s) > jokers_next as i32 {
            return;
        }
        next.bal = pick.bal;
        next.gsum += pick.g;
        next.gmax = next.gmax.max(pick.g);
        next.any_run |= pick.new > 0 && (self.p.wild_opt > 0 || self.p.fut[0] > 0);
        if s == 3 {
            if v == 14 {
                next.v = 15;
                next.sub = 0;
            } else {
                next.sub = 4;
            }
        } else {
            next.sub += 1;
        }
        let gain = sup.gain + pick.w as i32 * JOKER_GAIN;
        let mv = Move::Suit {
            v: v as u8,
            s: s as u8,
            d: sup.d,
            tl: sup.tl,
            x: sup.x,
            c: sup.c,
            g: pick.g,
            w: pick.w,
            ja,
            jb,
            jc,
        };
        out.push((mv, next, gain));
    }
}

/// What every decision of one suit at one value shares.
pub(super) struct SuitCtx {
    st: State,
    v: usize,
    s: usize,
    ss: SuitState,
    /// Wild jokers that may still come (balance plus re-declarations to come).
    budget0: u8,
    fut_next: i8,
}

/// One supply, its group cards and its jokers in sequences.
pub(super) struct Pick {
    sup: Supply,
    g: u8,
    w: u8,
    bal: i8,
    /// Free long sequences extended, new sequences started.
    e3: u8,
    new: u8,
}
