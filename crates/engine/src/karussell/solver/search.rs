use super::*;

pub(super) struct Solver {
    pub(super) p: Problem,
    /// maxfix[v][s]: most fixed cards suits s.. can put into the groups of value v.
    pub(super) maxfix: [[u8; 5]; 15],
    /// rem[stage]: the most hand real cards at this stage and later can add to the score.
    pub(super) rem: [i32; STAGES],
    /// Exact completion scores and upper bounds of the states searched.
    pub(super) memo: HashMap<Key, Known, BuildHasherDefault<KeyHasher>>,
    /// Buffers for `children`.
    pub(super) scratch: Vec<(Move, State, i32)>,
    pub(super) spare: Vec<Vec<(i32, State, i32, i32)>>,
    /// Best completions of the relaxations behind the bound (see `tail`), by value and
    /// balance: the shared ones, and per choice of aces kept for 14 (its signature; the
    /// last one used is tried first).
    tails: Vec<TailRow>,
    ace_tails: Vec<(u32, Vec<TailRow>)>,
    last_aces: usize,
    /// States searched so far (the aces are kept in the tails only after `ace_after`).
    visited: u64,
    pub(super) tuning: Tuning,
}

/// How the bound uses the tails (tests vary it; `solve` uses the default).
#[derive(Clone, Copy, Debug)]
pub(super) struct Tuning {
    /// Cap the static bound by the tails at all.
    pub(super) tails: bool,
    /// From this value on the tails keep the aces kept for value 14 ...
    pub(super) ace_from: usize,
    /// ... once the search has visited this many states.
    pub(super) ace_after: u64,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            tails: true,
            ace_from: ACE_TAILS,
            ace_after: ACE_AFTER,
        }
    }
}

/// From this value on the relaxations keep the aces kept for value 14 (one tail per
/// choice of aces; below, one per balance). Measured best between 3 and 15.
const ACE_TAILS: usize = 6;

/// States searched before the tails keep the aces (their many tails cost more than they
/// save on small positions).
const ACE_AFTER: u64 = 10_000;

/// Tails of one value by balance + 32.
type TailRow = [i32; 64];
/// Tails not computed yet, and being computed.
const UNKNOWN: i32 = i32::MIN;
const BUSY: i32 = i32::MIN + 1;
/// Most choices of aces with tails of their own (memory bound; further states get the
/// shared tails).
const ACE_CAP: usize = 4096;

/// What the search knows of a state's best completion.
#[derive(Clone, Copy)]
pub(super) enum Known {
    Exact(i32),
    /// The completion scores at most this.
    Upper(i32),
}

/// Memo entries before the memo is cleared (memory bound; it is only a cache).
pub(super) const MEMO_CAP: usize = 3_600_000;

/// Stages `v * 5 + sub` for v in 0..=16.
pub(super) const STAGES: usize = 17 * 5;
impl Solver {
    pub(super) fn new(p: &Problem, tuning: Tuning) -> Solver {
        let mut maxfix = [[0u8; 5]; 15];
        for (v, row) in maxfix.iter_mut().enumerate().take(14).skip(1) {
            for s in (0..4).rev() {
                row[s] = row[s + 1] + p.tr[v][s] + p.tk[v][s] + p.opt[v][s];
            }
        }
        let mut rem = [0i32; STAGES];
        for st in (0..STAGES - 1).rev() {
            let (v, sub) = (st / 5, st % 5);
            let here = if (1..14).contains(&v) && sub < 4 && p.placeable(v, sub) {
                p.opt[v][sub] as i32 * (CARD + card_value(face_of(v, sub)) as i32)
            } else {
                0
            };
            rem[st] = rem[st + 1] + here;
        }
        Solver {
            p: Problem { ..*p },
            maxfix,
            rem,
            memo: HashMap::default(),
            scratch: Vec::new(),
            spare: Vec::new(),
            tails: vec![[UNKNOWN; 64]; 16],
            ace_tails: Vec::new(),
            last_aces: 0,
            visited: 0,
            tuning,
        }
    }

    pub(super) fn root(&self) -> State {
        State {
            v: 1,
            sub: 0,
            suits: [SuitState::default(); 4],
            bal: self.p.wild_opt as i8,
            gsum: 0,
            gmax: 0,
            any_run: false,
            relaxed: false,
        }
    }

    /// The best score: exact searches demanding k cards for k = most possible, then fewer.
    pub(super) fn solve_best(&mut self) -> i32 {
        let root = self.root();
        let best = self.best_from(&root);
        assert!(best >= 0, "the table as it is scores 0");
        best
    }

    /// The best completion score from `st` (`NEG` when there is none): searches demanding
    /// k cards for k = the bound, then fewer. Any answer reaching the target is exact; the
    /// target falls faster and faster.
    pub(super) fn best_from(&mut self, st: &State) -> i32 {
        let mut k = self.bound(st).div_euclid(CARD);
        let mut step = 1;
        loop {
            let best = self.search(st, k * CARD);
            if best >= k * CARD {
                return best;
            }
            if best <= NEG / 2 {
                return NEG;
            }
            // The failed search's answer bounds `st` too.
            k = (k - step).min(best.div_euclid(CARD));
            step *= 2;
        }
    }

    /// The best completion score from `st` if it reaches `need`; otherwise an upper bound of it
    /// below `need` (branch and bound; the memo keeps exact values and upper bounds).
    pub(super) fn search(&mut self, st: &State, need: i32) -> i32 {
        if st.v == 16 {
            return 0;
        }
        let h = self.bound(st);
        if h < need {
            return h;
        }
        self.visited += 1;
        let key = st.key();
        match self.memo.get(&key) {
            Some(&Known::Exact(b)) => return b,
            Some(&Known::Upper(u)) if u < need => return u,
            _ => {}
        }
        let mut kids = self.children(st);
        let (mut best, mut upper) = (NEG, NEG);
        for &(f, next, gain, _) in &kids {
            let bar = need.max(best + 1);
            if f < bar {
                // Sorted by bound: no later child reaches the bar either.
                upper = upper.max(f);
                break;
            }
            let r = self.search(&next, bar - gain);
            if r + gain >= bar {
                best = r + gain;
            } else {
                upper = upper.max(r + gain);
            }
        }
        kids.clear();
        self.spare.push(kids);
        if self.memo.len() >= MEMO_CAP {
            self.memo.clear();
        }
        if best >= need {
            self.memo.insert(key, Known::Exact(best));
            best
        } else {
            let u = upper.max(best);
            self.memo.insert(key, Known::Upper(u));
            u
        }
    }

    /// The successors of `st` as (gain + bound, state, gain), most promising first.
    pub(super) fn children(&mut self, st: &State) -> Vec<(i32, State, i32, i32)> {
        let mut scratch = std::mem::take(&mut self.scratch);
        self.moves(st, &mut scratch);
        let mut kids = self.spare.pop().unwrap_or_default();
        for &(mv, next, gain) in &scratch {
            let dev = match mv {
                Move::Suit { v, s, g, .. } => {
                    (g as i32 - self.p.in_groups[v as usize][s as usize] as i32).abs()
                }
                _ => 0,
            };
            kids.push((gain + self.bound(&next), next, gain, dev));
        }
        // Ties: closest to today's groups, more joker slack, more jokers left, fewer
        // sequences that must go on, then more that may.
        kids.sort_by_cached_key(|k| {
            let st = &k.1;
            let must: u8 = st.suits.iter().map(SuitState::must).sum();
            let free: u8 = st.suits.iter().map(|s| s.n3).sum();
            let slack = st.bal as i32 - self.joker_deficit(st, st.v as usize, st.sub as usize);
            let tie = (
                std::cmp::Reverse(k.3),
                slack,
                st.bal,
                std::cmp::Reverse(must),
                free,
            );
            std::cmp::Reverse((k.0, tie))
        });
        self.scratch = scratch;
        kids
    }

    /// Most score `st` can still add: the static bound (hand cards left that fit some meld,
    /// spare wild jokers), capped by a relaxation of the values to come (`tail`).
    pub(super) fn bound(&mut self, st: &State) -> i32 {
        let held: i32 = if st.relaxed {
            0
        } else {
            st.suits.iter().map(|s| s.hh as i32).sum()
        };
        let stage = st.stage();
        let simple = self.rem[stage] + held * (CARD + 1) + st.bal as i32 * JOKER_GAIN;
        let v = st.v as usize;
        // The relaxation starts at value tv.
        let (tv, bal, here) = match (v, st.sub) {
            (2..=14, 0) => (v, st.bal as i32, 0),
            (1..=13, _) => {
                let next = (v + 1) * 5;
                let redeclare = (self.p.fut[stage] - self.p.fut[next]) as i32;
                (
                    v + 1,
                    st.bal as i32 + redeclare,
                    self.rem[stage] - self.rem[next],
                )
            }
            _ => return simple,
        };
        if !self.tuning.tails {
            return simple;
        }
        // Late values (cheap tails) keep the aces (all known from (1, 4) on); early ones
        // share one tail per balance.
        let aces = tv >= self.tuning.ace_from
            && !st.relaxed
            && (v >= 2 || st.sub == 4)
            && self.visited >= self.tuning.ace_after;
        let cap = |t: i32, extra: i32| {
            if t <= NEG / 2 {
                NEG
            } else {
                simple.min(extra + t)
            }
        };
        if aces {
            if let Some(t) = self.tail(tv, bal, st, true) {
                return cap(t, here);
            }
        }
        // While that one is computed, the shared one gives it a start.
        match self.tail(tv, bal, st, false) {
            Some(t) => cap(t, here + held * (CARD + 1)),
            None => simple,
        }
    }

    /// The best completion from value `v` (2..=14) with joker balance `bal` of a relaxation
    /// that bounds every such state at (v, first suit): every suit has `CAP` free long
    /// sequences ending at v − 1 (which may close or go on) and no others, some sequence
    /// exists for padding jokers, and either the aces kept for value 14 are those of `st`
    /// (`aces`) or aces at 14 are virtual (any number, no score; the held hand aces are
    /// counted apart). Solved exactly by the same search on demand and kept; `None` while it
    /// is being computed, or when the cache is full.
    fn tail(&mut self, v: usize, bal: i32, st: &State, aces: bool) -> Option<i32> {
        if !(-32..32).contains(&bal) {
            return None;
        }
        let i = (bal + 32) as usize;
        let table = if aces {
            let sig = st
                .suits
                .iter()
                .fold(0u32, |a, s| a << 8 | (s.th as u32) << 4 | s.hh as u32);
            if self
                .ace_tails
                .get(self.last_aces)
                .is_none_or(|e| e.0 != sig)
            {
                match self.ace_tails.iter().position(|e| e.0 == sig) {
                    Some(k) => self.last_aces = k,
                    None if self.ace_tails.len() >= ACE_CAP => return None,
                    None => {
                        self.ace_tails.push((sig, vec![[UNKNOWN; 64]; 16]));
                        self.last_aces = self.ace_tails.len() - 1;
                    }
                }
            }
            Some(self.last_aces)
        } else {
            None
        };
        match *self.tail_slot(table, v, i) {
            BUSY => return None,
            UNKNOWN => {}
            t => return Some(t),
        }
        *self.tail_slot(table, v, i) = BUSY;
        let free = |s: &SuitState| SuitState {
            n3: CAP,
            th: if aces { s.th } else { 0 },
            hh: if aces { s.hh } else { CAP },
            ..SuitState::default()
        };
        let relaxed = State {
            v: v as u8,
            sub: 0,
            suits: [0, 1, 2, 3].map(|s| free(&st.suits[s])),
            bal: bal as i8,
            gsum: 0,
            gmax: 0,
            any_run: true,
            relaxed: !aces,
        };
        let t = self.best_from(&relaxed);
        *self.tail_slot(table, v, i) = t;
        Some(t)
    }

    fn tail_slot(&mut self, table: Option<usize>, v: usize, i: usize) -> &mut i32 {
        match table {
            Some(k) => &mut self.ace_tails[k].1[v][i],
            None => &mut self.tails[v][i],
        }
    }

    /// A child of `st` whose completion reaches `target`: the memo's exact entries (the
    /// search's own path) first, then searching in the search's order.
    fn optimal_child(&mut self, st: &State, target: i32) -> (State, i32) {
        let mut kids = self.children(st);
        let known = kids.iter().find(|&&(f, next, gain, _)| {
            f >= target
                && (next.v == 16 && gain == target
                    || matches!(self.memo.get(&next.key()), Some(&Known::Exact(b)) if b + gain == target))
        });
        let mut found = known.map(|&(_, next, gain, _)| (next, gain));
        if found.is_none() {
            for &(f, next, gain, _) in &kids {
                if f < target {
                    break;
                }
                if self.search(&next, target - gain) == target - gain {
                    found = Some((next, gain));
                    break;
                }
            }
        }
        kids.clear();
        self.spare.push(kids);
        found.expect("an optimal move exists")
    }

    /// The moves of one optimal path from the root, whose score is `total`.
    pub(super) fn reconstruct(&mut self, total: i32) -> Vec<Move> {
        let mut st = self.root();
        let mut target = total;
        let mut path = Vec::new();
        let mut buf = Vec::new();
        while st.v != 16 {
            let (next, gain) = self.optimal_child(&st, target);
            self.moves(&st, &mut buf);
            let key = next.key();
            let &(mv, _, _) = buf
                .iter()
                .find(|&&(_, n, g)| g == gain && n.key() == key)
                .expect("the child's move");
            path.push(mv);
            st = next;
            target -= gain;
        }
        path
    }
}
