//! Profi-Sort bots. They see only their view and the legal actions.
//! - Easy: lays whatever task the legal list offers, lays off now and then, gives its ace
//!   at random, otherwise discards at random.
//! - Normal: plans towards the open task its hand is closest to ([`plan::plans`]), keeps
//!   the cards of its two best plans, lays tasks when complete (joker-free when it can, and
//!   it waits one card for a joker-free layout while that is cheap), keeps task 15 for last,
//!   lays off cards outside its plans, gives its ace to the opponent closest to going out
//!   or to finishing the sheet, sits out only near the end of a deal or when the received
//!   ace blocks going out.
//! - Hard: plays like normal, but where it matters (which card to discard, giving its ace,
//!   sitting out, which task to lay) it samples the hidden cards consistently with its
//!   view and plays each candidate out to the end of the deal with the normal policy
//!   (see [`hard`]).

pub mod hard;
pub mod plan;

use crate::search::Pending;
use crate::think::{self, Thinker};
use crate::Bot;
use crate::BotRng;
use engine::card::{Card, CardId};
use engine::profisort::{Phase, ProfiSort, ProfiSortAction as A, ProfiSortOptions, ProfiSortView};
use engine::{BotLevel, Seat};
use plan::{plans, Plan};

/// What the plans were computed for: hand, drawing or not, received aces, tasks done.
type PlanKey = (Vec<CardId>, bool, usize, usize);

#[derive(Clone, Debug)]
pub struct ProfiSortBot {
    pub level: BotLevel,
    rng: BotRng,
    cache: Option<(PlanKey, Vec<Plan>)>,
    /// The hard level's thinking budget.
    pub budget: hard::Budget,
    /// The hard level's search between slices ([`Bot::think`]).
    pending: Pending<ProfiSortView, hard::Look>,
}

impl ProfiSortBot {
    pub fn new(level: BotLevel, seed: u64) -> ProfiSortBot {
        ProfiSortBot {
            level,
            rng: BotRng::seed_from_u64(seed),
            cache: None,
            budget: hard::Budget::DEFAULT,
            pending: Pending::none(),
        }
    }

    /// [`plans`], remembered while the hand does not change.
    fn plans(&mut self, view: &ProfiSortView) -> Vec<Plan> {
        let key = (
            view.hand.iter().map(|c| c.id).collect(),
            view.phase == Phase::Draw,
            view.received[view.seat].len(),
            view.sheets[view.seat].tasks_done,
        );
        match &self.cache {
            Some((k, ps)) if *k == key => ps.clone(),
            _ => {
                let ps = plans(view);
                self.cache = Some((key, ps.clone()));
                ps
            }
        }
    }

    fn pick<'a>(&mut self, xs: &[&'a A]) -> Option<&'a A> {
        (!xs.is_empty()).then(|| xs[self.rng.below(xs.len() as u64) as usize])
    }

    fn easy(&mut self, legal: &[A]) -> A {
        let of = |f: fn(&A) -> bool| legal.iter().filter(|a| f(a)).collect::<Vec<_>>();
        if let Some(a) = self.pick(&of(|a| matches!(a, A::LayTask { .. }))) {
            return a.clone();
        }
        if self.rng.below(2) == 0 {
            if let Some(a) = self.pick(&of(|a| matches!(a, A::LayOff { .. }))) {
                return a.clone();
            }
        }
        if self.rng.below(3) == 0 {
            if let Some(a) = self.pick(&of(|a| matches!(a, A::GiveAce { .. }))) {
                return a.clone();
            }
        }
        if legal.contains(&A::SitOut) && self.rng.below(3) == 0 {
            return A::SitOut;
        }
        for a in [A::KeepHand, A::NextDeal, A::Draw] {
            if legal.contains(&a) {
                return a;
            }
        }
        let rest = of(|a| matches!(a, A::Discard { .. }));
        self.pick(&rest)
            .or_else(|| legal.first())
            .cloned()
            .unwrap_or(A::Draw)
    }
}

impl crate::BotGame for ProfiSort {
    /// The whole task sheet: a deal alone says little.
    const UNIT: &'static str = "match";

    fn bot(level: BotLevel, seed: u64, _: &ProfiSortOptions) -> Box<dyn Bot<ProfiSort>> {
        Box::new(ProfiSortBot::new(level, seed))
    }
}

/// The listed discards with the card each one throws away.
fn discards<'a>(view: &'a ProfiSortView, legal: &'a [A]) -> impl Iterator<Item = (&'a A, Card)> {
    legal.iter().filter_map(|a| match a {
        A::Discard { card: id } => view.hand.iter().find(|c| c.id == *id).map(|c| (a, *c)),
        _ => None,
    })
}

/// The greedy yardstick: the listed task with the most cards, then every lay-off (most cards
/// first), then the talon; it discards its highest card (never a joker while another card
/// goes) and never gives an ace or sits out. No plan, no memory.
fn greedy(view: &ProfiSortView, legal: &[A]) -> A {
    let cards_of = |a: &A| match a {
        A::LayTask { parts, .. } => parts.iter().map(Vec::len).sum(),
        A::LayOff { cards, .. } => cards.len(),
        _ => 0,
    };
    let best = |f: fn(&A) -> bool| legal.iter().filter(|a| f(a)).max_by_key(|a| cards_of(a));
    if let Some(a) = best(|a| matches!(a, A::LayTask { .. })) {
        return a.clone();
    }
    if let Some(a) = best(|a| matches!(a, A::LayOff { .. })) {
        return a.clone();
    }
    for a in [A::KeepHand, A::NextDeal, A::Draw] {
        if legal.contains(&a) {
            return a;
        }
    }
    discards(view, legal)
        .max_by_key(|(_, c)| (!c.face.is_joker(), penalty(c)))
        .map(|(a, _)| a.clone())
        .unwrap_or_else(|| legal[0].clone())
}

fn penalty(c: &Card) -> u32 {
    engine::penalty::penalty(c.face, engine::profisort::PENALTIES)
}

fn is_ace(c: &Card) -> bool {
    c.face.rank().is_some_and(|r| r.0 == 1)
}

/// Own hand cards of an opponent plus received aces, and its tasks done.
fn closeness(view: &ProfiSortView, o: Seat) -> (usize, std::cmp::Reverse<usize>) {
    (
        view.hand_sizes[o] + view.received[o].len(),
        std::cmp::Reverse(view.sheets[o].tasks_done),
    )
}

/// The deal is probably ending soon.
fn endgame(view: &ProfiSortView) -> bool {
    let min_opp = (0..view.seats)
        .filter(|&o| o != view.seat)
        .map(|o| view.hand_sizes[o])
        .min()
        .unwrap_or(10);
    min_opp <= 3 || view.talon <= 2 * view.seats
}

fn normal(view: &ProfiSortView, legal: &[A], ps: &[Plan]) -> A {
    if view.phase == Phase::Draw {
        return draw_choice(view, legal, ps);
    }
    if let Some(a) = lay_choice(view, legal, ps) {
        return a;
    }
    if let Some(a) = lay_off_choice(view, legal, ps) {
        return a;
    }
    if let Some(a) = gift_choice(view, legal, ps) {
        return a;
    }
    discard_choice(view, legal, ps)
}

fn draw_choice(view: &ProfiSortView, legal: &[A], ps: &[Plan]) -> A {
    // The received ace blocks going out and costs 15: play it when the deal ends soon or
    // the hand is ready.
    let ready = ps.first().is_some_and(|p| p.missing <= 1);
    if legal.contains(&A::SitOut) && (endgame(view) || ready) {
        return A::SitOut;
    }
    if legal.contains(&A::TakeDiscard) {
        if let Some(top) = view.discard.last() {
            let mut with = view.clone();
            with.hand.push(*top);
            with.phase = Phase::Play;
            let better = plans(&with).first().map(|p| p.missing);
            if better.is_some_and(|b| ps.first().is_none_or(|p| b < p.missing)) {
                return A::TakeDiscard;
            }
        }
    }
    A::Draw
}

fn jokers_in(view: &ProfiSortView, parts: &[Vec<CardId>]) -> usize {
    parts
        .iter()
        .flatten()
        .filter(|id| view.hand.iter().any(|c| c.id == **id && c.face.is_joker()))
        .count()
}

/// Lays a task: a normal entry before task 15, joker-free before jokered; waits for a
/// joker-free layout one card away while the deal is young.
fn lay_choice(view: &ProfiSortView, legal: &[A], ps: &[Plan]) -> Option<A> {
    let lays: Vec<&A> = legal
        .iter()
        .filter(|a| matches!(a, A::LayTask { .. }))
        .collect();
    let key = |a: &&A| match a {
        A::LayTask { task, parts, .. } => (
            *task == 15,
            jokers_in(view, parts),
            std::cmp::Reverse(parts.iter().map(Vec::len).sum::<usize>()),
        ),
        _ => (true, 99, std::cmp::Reverse(0)),
    };
    let best = lays.iter().copied().min_by_key(key)?;
    if let A::LayTask { task, parts, .. } = best {
        let jokers = jokers_in(view, parts);
        let bonus = view.options.bonus_joker_free > 0 && *task < 15;
        let natural_missing = plan::distance(
            *task,
            &without_jokers(&view.hand),
            view.options.distinct_ranks,
        )
        .map(|d| d.0);
        if jokers > 0 && bonus && natural_missing == Some(1) && !endgame(view) && view.talon > 30 {
            return None;
        }
    }
    let _ = ps;
    Some(best.clone())
}

fn without_jokers(hand: &[Card]) -> Vec<Card> {
    hand.iter()
        .filter(|c| !c.face.is_joker())
        .copied()
        .collect()
}

/// Cards the two best plans use.
fn kept(ps: &[Plan]) -> Vec<CardId> {
    ps.iter()
        .take(2)
        .flat_map(|p| p.uses.iter().copied())
        .collect()
}

fn lay_off_choice(view: &ProfiSortView, legal: &[A], ps: &[Plan]) -> Option<A> {
    let keep = kept(ps);
    legal
        .iter()
        .filter(|a| match a {
            A::LayOff { cards, .. } => cards.iter().all(|id| {
                let card = view.hand.iter().find(|c| c.id == *id);
                let joker = card.is_some_and(|c| c.face.is_joker());
                !keep.contains(id) && (!joker || endgame(view))
            }),
            _ => false,
        })
        .max_by_key(|a| match a {
            A::LayOff { cards, .. } => cards.len(),
            _ => 0,
        })
        .cloned()
}

/// Gives the ace to the opponent closest to going out (then with most tasks), unless the
/// plan is a 10-card task that needs the ace as its 11th card.
fn gift_choice(view: &ProfiSortView, legal: &[A], ps: &[Plan]) -> Option<A> {
    if ps.first().is_some_and(|p| p.size + 1 >= view.hand.len()) {
        return None;
    }
    best_gift(view, legal)
}

/// Discards a card outside the two best plans: aces first, then the highest penalty. A
/// joker no plan uses goes too (it costs 20 at the deal end): protecting every joker lost
/// most matches against the easy bot once the deck has 8 jokers (38 % → 100 % without).
fn discard_choice(view: &ProfiSortView, legal: &[A], ps: &[Plan]) -> A {
    discard_ranking(view, legal, ps)
        .first()
        .map(|(a, _)| (*a).clone())
        .unwrap_or_else(|| legal[0].clone())
}

/// The listed discards, normal's favourite first (on equal keys the later listed one, as
/// `max_by_key` picks it).
fn discard_ranking<'a>(view: &'a ProfiSortView, legal: &'a [A], ps: &[Plan]) -> Vec<(&'a A, Card)> {
    let keep = kept(ps);
    let first = ps.first().map(|p| p.uses.clone()).unwrap_or_default();
    let key = |c: &Card| {
        (
            !first.contains(&c.id),
            !keep.contains(&c.id),
            is_ace(c),
            penalty(c),
        )
    };
    let mut ranked: Vec<(&A, Card)> = discards(view, legal).collect();
    ranked.reverse();
    engine::sort::sort_by_key(&mut ranked, |(_, c)| std::cmp::Reverse(key(c)));
    ranked
}

/// The ace gift normal would make, without its guard for a 10-card plan.
fn best_gift(view: &ProfiSortView, legal: &[A]) -> Option<A> {
    legal
        .iter()
        .filter(|a| matches!(a, A::GiveAce { .. }))
        .min_by_key(|a| match a {
            A::GiveAce { to, .. } => closeness(view, *to),
            _ => (usize::MAX, std::cmp::Reverse(0)),
        })
        .cloned()
}

think::thinking_bot!(ProfiSortBot, ProfiSort);

impl Thinker<ProfiSort> for ProfiSortBot {
    type Look = hard::Look;

    fn start(&mut self, view: &ProfiSortView, legal: &[A]) -> Result<A, Box<hard::Look>> {
        match self.level {
            BotLevel::Easy => Ok(self.easy(legal)),
            BotLevel::Greedy => Ok(greedy(view, legal)),
            BotLevel::Hard => hard::start(self, view, legal),
            BotLevel::Normal => Ok(self.normal_choice(view, legal)),
        }
    }

    fn fallback(&mut self, view: &ProfiSortView, legal: &[A]) -> A {
        self.normal_choice(view, legal)
    }

    fn judging(&mut self, view: &ProfiSortView, candidates: Vec<A>) -> Box<hard::Look> {
        Box::new(hard::Look::new(view, candidates, hard::ANALYSIS))
    }

    fn mind(&mut self) -> (&mut Pending<ProfiSortView, hard::Look>, &mut BotRng) {
        (&mut self.pending, &mut self.rng)
    }
}

impl ProfiSortBot {
    /// The normal level's decision.
    fn normal_choice(&mut self, view: &ProfiSortView, legal: &[A]) -> A {
        for a in [A::Redeal, A::NextDeal] {
            if legal.contains(&a) {
                return a;
            }
        }
        let ps = self.plans(view);
        normal(view, legal, &ps)
    }
}

/// Plays `games` matches, `a` against `b` (two players), seats swapped every other game.
/// Returns (wins of `a`, wins of `b`, decisions). Errors are bugs.
pub fn heads_up(
    a: BotLevel,
    b: BotLevel,
    games: u64,
    seed: u64,
) -> Result<crate::HeadsUp, crate::DriveError> {
    let options = ProfiSortOptions::default();
    crate::heads_up_in::<ProfiSort>((a, b), games, seed, 200_000, &options)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_play_whole_matches_and_normal_beats_easy() {
        let (normal, easy, steps) = heads_up(BotLevel::Normal, BotLevel::Easy, 80, 11).unwrap();
        assert!(steps > 0);
        assert!(normal > easy, "normal {normal} vs easy {easy}");
    }

    /// Three players and the variants: every match ends, no action is ever refused.
    #[test]
    fn three_players_and_variants() {
        use engine::profisort::TalonEnd;
        use engine::Game;
        for i in 0..6u64 {
            let options = ProfiSortOptions {
                draw_from_discard: i % 2 == 0,
                talon_end: if i % 3 == 0 {
                    TalonEnd::Reshuffle
                } else {
                    TalonEnd::ScoreAll
                },
                beginner_tasks: (i == 5).then_some(5),
                left_out: if i == 4 { vec![1, 13] } else { vec![] },
                ..ProfiSortOptions::default()
            };
            let mut game = ProfiSort::new(&options, 3, 900 + i).unwrap();
            let mut bots: Vec<Box<dyn Bot<ProfiSort>>> =
                [BotLevel::Normal, BotLevel::Easy, BotLevel::Normal]
                    .into_iter()
                    .enumerate()
                    .map(|(s, l)| {
                        Box::new(ProfiSortBot::new(l, i * 3 + s as u64)) as Box<dyn Bot<ProfiSort>>
                    })
                    .collect();
            crate::drive(&mut game, &mut bots, 400_000).unwrap_or_else(|e| {
                panic!(
                    "match {i}: {e:?} deal {} talon {} hands {:?}",
                    game.view(0).deal,
                    game.view(0).talon,
                    game.view(0).hand_sizes
                )
            });
            assert!(game.is_over());
        }
    }
}
