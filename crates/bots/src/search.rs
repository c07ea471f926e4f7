//! Determinized Monte-Carlo search that can pause: the hard levels of every game sample
//! worlds consistent with their view, play each candidate out in the same worlds, and
//! compare the outcomes. [`Search`] runs that loop one rollout at a time, so a page can
//! give the browser back its main thread between rollouts (`Bot::think`), and the result
//! does not depend on where it paused.

use crate::BotRng;

/// What one game's lookahead provides to [`Search`].
pub trait Lookahead {
    /// One sampled world with whatever its rollouts need.
    type World;
    /// What the search decides (a game's action).
    type Choice;
    /// The candidate the finished worlds' `outcomes` favour.
    fn best(self, outcomes: &[Vec<f64>]) -> Self::Choice
    where
        Self: Sized;
    /// The candidates compared (at least two).
    fn candidates(&self) -> usize;
    /// The candidates themselves, in order (what an analysis compares; the default lists
    /// none, and then nothing is judged).
    fn listed(&self) -> &[Self::Choice] {
        &[]
    }
    /// The most worlds to sample.
    fn samples(&self) -> usize;
    /// Samples one world consistent with the view (`None`: this attempt failed; it still
    /// counts as a sample).
    fn sample(&mut self, rng: &mut BotRng) -> Option<Self::World>;
    /// Plays candidate `candidate` out in `world`: its value for the searching seat (higher
    /// is better) and the actions the rollout played.
    fn play(&mut self, world: &Self::World, candidate: usize) -> (f64, usize);
    /// Asked after every sample: stop now? `outcomes` has one row per finished world (a
    /// value per candidate), `tried` counts the samples drawn and `steps` the rollout
    /// actions played so far.
    fn enough(&self, outcomes: &[Vec<f64>], tried: usize, steps: usize) -> bool;
}

/// A search in progress.
pub struct Search<L: Lookahead> {
    look: L,
    rng: BotRng,
    outcomes: Vec<Vec<f64>>,
    /// The world being played and the values of its candidates played so far.
    current: Option<(L::World, Vec<f64>)>,
    tried: usize,
    steps: usize,
    done: bool,
}

impl<L: Lookahead> Search<L> {
    pub fn new(look: L, rng: BotRng) -> Search<L> {
        Search {
            look,
            rng,
            outcomes: Vec::new(),
            current: None,
            tried: 0,
            steps: 0,
            done: false,
        }
    }

    /// Works until the search is done (`true`) or `pause()`, asked after every rollout,
    /// says to stop for now (`false`; call again to go on).
    pub fn run(&mut self, pause: &mut dyn FnMut() -> bool) -> bool {
        while !self.done {
            let Search {
                look,
                rng,
                outcomes,
                current,
                tried,
                steps,
                done,
            } = self;
            match current {
                None => {
                    if *tried >= look.samples() {
                        *done = true;
                        break;
                    }
                    *tried += 1;
                    match look.sample(rng) {
                        Some(world) => *current = Some((world, Vec::new())),
                        None => *done = look.enough(outcomes, *tried, *steps),
                    }
                }
                Some((world, row)) => {
                    let (value, n) = look.play(world, row.len());
                    row.push(value);
                    *steps += n;
                    if row.len() >= look.candidates() {
                        if let Some((_, row)) = current.take() {
                            outcomes.push(row);
                        }
                        *done = look.enough(outcomes, *tried, *steps);
                    }
                    if !*done && pause() {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Runs the search to its end.
    pub fn finish(mut self) -> (Vec<Vec<f64>>, BotRng) {
        self.run(&mut || false);
        (self.outcomes, self.rng)
    }

    /// The finished worlds so far (one row of candidate values each).
    pub fn outcomes(&self) -> &[Vec<f64>] {
        &self.outcomes
    }

    /// The lookahead, and the generator as the search left it.
    pub fn into_parts(self) -> (L, Vec<Vec<f64>>, BotRng) {
        (self.look, self.outcomes, self.rng)
    }

    pub fn look(&self) -> &L {
        &self.look
    }
}

/// A search a bot keeps between slices, with the view it is for. A clone of the bot starts
/// afresh (the clone gets no search).
pub struct Pending<V, L: Lookahead>(Option<(V, Box<Search<L>>)>);

impl<V: PartialEq, L: Lookahead> Pending<V, L> {
    pub fn none() -> Pending<V, L> {
        Pending(None)
    }

    /// The search kept for `view`, if any (a search for another view is dropped).
    pub fn take_for(&mut self, view: &V) -> Option<Box<Search<L>>> {
        match self.0.take() {
            Some((v, search)) if v == *view => Some(search),
            _ => None,
        }
    }

    pub fn keep(&mut self, view: V, search: Box<Search<L>>) {
        self.0 = Some((view, search));
    }
}

impl<V, L: Lookahead> Clone for Pending<V, L> {
    fn clone(&self) -> Self {
        Pending(None)
    }
}

impl<V, L: Lookahead> std::fmt::Debug for Pending<V, L> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Pending(search)"
        } else {
            "Pending(none)"
        })
    }
}

/// Mean of each candidate's column (0 without outcomes).
pub fn means(outcomes: &[Vec<f64>], candidates: usize) -> Vec<f64> {
    (0..candidates)
        .map(|c| outcomes.iter().map(|o| o[c]).sum::<f64>() / outcomes.len().max(1) as f64)
        .collect()
}

/// The index of the largest value (the first on ties).
pub fn argmax(values: &[f64]) -> usize {
    (0..values.len())
        .max_by(|&a, &b| values[a].total_cmp(&values[b]).then(b.cmp(&a)))
        .unwrap_or(0)
}

/// Mean and standard error of the paired difference `a − b` over the worlds.
pub fn paired(outcomes: &[Vec<f64>], a: usize, b: usize) -> (f64, f64) {
    let n = outcomes.len() as f64;
    if outcomes.is_empty() {
        return (0.0, 0.0);
    }
    let d: Vec<f64> = outcomes.iter().map(|o| o[a] - o[b]).collect();
    let mean = d.iter().sum::<f64>() / n;
    let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, (var / n).sqrt())
}

/// The candidate to play when candidate 0 is the normal bot's choice: the best mean, but 0
/// unless the best leads it by more than `z` standard errors of the paired difference.
pub fn overrule(outcomes: &[Vec<f64>], candidates: usize, z: f64) -> usize {
    let best = argmax(&means(outcomes, candidates));
    if best == 0 || outcomes.len() < 2 {
        return 0;
    }
    let (mean, se) = paired(outcomes, best, 0);
    if mean > z * se {
        best
    } else {
        0
    }
}

/// For the hard levels' tests: thinking in slices (pausing after every unit of work)
/// decides as `choose` does and the search really paused; a paused search is finished by
/// `choose` for the same view. `bot()` makes identical fresh bots; returns the bot that
/// decided at once and the one that decided in slices.
#[cfg(test)]
pub fn check_slicing<G: engine::Game, B: crate::Bot<G>>(
    bot: impl Fn() -> B,
    view: &G::View,
    legal: &[G::Action],
) -> (B, B)
where
    G::Action: std::fmt::Debug + PartialEq,
{
    let mut whole = bot();
    let mut sliced = bot();
    let a = whole.choose(view, legal);
    let mut slices = 0;
    let b = loop {
        if let Some(b) = sliced.think(view, legal, &mut || true) {
            break b;
        }
        slices += 1;
        assert!(slices < 100_000);
    };
    assert!(slices > 2, "the search paused {slices} times");
    assert_eq!(a, b);
    let mut other = bot();
    assert_eq!(other.think(view, legal, &mut || true), None);
    assert_eq!(other.choose(view, legal), a);
    (whole, sliced)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overrule_keeps_the_first_candidate_unless_the_lead_is_clear() {
        let noisy = vec![vec![0.0, 30.0], vec![0.0, -28.0]];
        assert_eq!(overrule(&noisy, 2, 1.0), 0);
        let clear = vec![vec![0.0, 5.0], vec![1.0, 6.0], vec![2.0, 6.5]];
        assert_eq!(overrule(&clear, 2, 1.0), 1);
        assert_eq!(overrule(&clear[..1], 2, 1.0), 0);
    }

    /// Candidate c's value in world w is (w * 7 + c * 3) mod 10; every fifth sample fails.
    struct Toy {
        worlds: u64,
    }

    impl Lookahead for Toy {
        type World = u64;
        type Choice = usize;
        fn best(self, outcomes: &[Vec<f64>]) -> usize {
            argmax(&means(outcomes, 3))
        }
        fn candidates(&self) -> usize {
            3
        }
        fn samples(&self) -> usize {
            12
        }
        fn sample(&mut self, rng: &mut BotRng) -> Option<u64> {
            self.worlds += 1;
            let w = rng.below(100);
            (!self.worlds.is_multiple_of(5)).then_some(w)
        }
        fn play(&mut self, world: &u64, c: usize) -> (f64, usize) {
            (((world * 7 + c as u64 * 3) % 10) as f64, 1)
        }
        fn enough(&self, outcomes: &[Vec<f64>], _tried: usize, steps: usize) -> bool {
            outcomes.len() >= 2 && steps >= 20
        }
    }

    #[test]
    fn pausing_after_every_rollout_gives_the_same_result() {
        let whole = Search::new(Toy { worlds: 0 }, BotRng::seed_from_u64(3)).finish();
        let mut s = Search::new(Toy { worlds: 0 }, BotRng::seed_from_u64(3));
        let mut pauses = 0;
        while !s.run(&mut || true) {
            pauses += 1;
        }
        let (_, outcomes, mut rng) = s.into_parts();
        let (whole_outcomes, mut whole_rng) = whole;
        assert!(pauses >= 10, "paused {pauses} times");
        assert_eq!(outcomes, whole_outcomes);
        assert_eq!(rng.next_u64(), whole_rng.next_u64());
        // 20 rollout steps at 3 per world: 7 worlds, of 8 samples (the fifth failed).
        assert_eq!(outcomes.len(), 7);
    }

    #[test]
    fn stops_at_the_sample_limit() {
        struct Never;
        impl Lookahead for Never {
            type World = ();
            type Choice = ();
            fn best(self, _: &[Vec<f64>]) {}
            fn candidates(&self) -> usize {
                2
            }
            fn samples(&self) -> usize {
                5
            }
            fn sample(&mut self, _: &mut BotRng) -> Option<()> {
                Some(())
            }
            fn play(&mut self, _: &(), c: usize) -> (f64, usize) {
                (c as f64, 1)
            }
            fn enough(&self, _: &[Vec<f64>], _: usize, _: usize) -> bool {
                false
            }
        }
        let (outcomes, _) = Search::new(Never, BotRng::seed_from_u64(1)).finish();
        assert_eq!(outcomes.len(), 5);
        assert_eq!(means(&outcomes, 2), vec![0.0, 1.0]);
        assert_eq!(argmax(&means(&outcomes, 2)), 1);
        assert_eq!(paired(&outcomes, 1, 0), (1.0, 0.0));
    }
}
