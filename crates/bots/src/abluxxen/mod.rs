//! Abluxxen bots: a heuristic bot (Easy / Normal), its lookahead (Hard, see [`hard`]) and
//! a greedy baseline.
//!
//! All decide from the seat's view and the legal actions only.

pub mod hard;

use crate::search::Pending as Paused;
use crate::think::{self, Thinker};
use crate::Bot;
use crate::BotRng;
use engine::abluxxen::{
    Abluxxen, AbluxxenAction, AbluxxenOptions, AbluxxenView, Pending, JOKER_GROUP_VALUE,
};
use engine::card::{Card, Face};

/// Strength of [`AbluxxenBot`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Mostly random plays, always takes luxxed cards.
    Easy,
    /// The full heuristic.
    Normal,
    /// The heuristic's few best options compared by determinized Monte-Carlo rollouts.
    Hard,
}

impl crate::BotGame for Abluxxen {
    const UNIT: &'static str = "round";

    fn bot(level: engine::BotLevel, seed: u64, _: &AbluxxenOptions) -> Box<dyn Bot<Abluxxen>> {
        use engine::BotLevel;
        match level {
            BotLevel::Greedy => Box::new(GreedyBot),
            BotLevel::Easy => Box::new(AbluxxenBot::new(Level::Easy, seed)),
            BotLevel::Normal => Box::new(AbluxxenBot::new(Level::Normal, seed)),
            BotLevel::Hard => Box::new(AbluxxenBot::new(Level::Hard, seed)),
        }
    }

    /// One round.
    fn tournament_options(options: AbluxxenOptions) -> AbluxxenOptions {
        AbluxxenOptions {
            rounds: 1,
            ..options
        }
    }
}

/// The heuristic bot.
#[derive(Clone, Debug)]
pub struct AbluxxenBot {
    pub level: Level,
    /// The hard level's thinking budget.
    pub budget: hard::Budget,
    rng: BotRng,
    /// The hard level's search between slices ([`Bot::think`]).
    pending: Paused<AbluxxenView, hard::Look>,
}

impl AbluxxenBot {
    pub fn new(level: Level, seed: u64) -> AbluxxenBot {
        AbluxxenBot {
            level,
            budget: hard::Budget::DEFAULT,
            rng: BotRng::seed_from_u64(seed),
            pending: Paused::none(),
        }
    }

    /// Changes the hard level's thinking budget. For experiments and benchmarks.
    pub fn with_budget(mut self, budget: hard::Budget) -> AbluxxenBot {
        self.budget = budget;
        self
    }
}

/// Plays its largest group (ties: the higher value), always takes luxxed cards and takes
/// back its own, draws from the pile.
#[derive(Clone, Debug, Default)]
pub struct GreedyBot;

fn value_of(c: &Card) -> u8 {
    match c.face {
        Face::Lux(v) => v,
        _ => JOKER_GROUP_VALUE,
    }
}

/// Number of cards per value in `cards` (index 14 = jokers).
fn counts(cards: &[Card]) -> [u32; 15] {
    let mut n = [0u32; 15];
    for c in cards {
        n[value_of(c) as usize] += 1;
    }
    n
}

impl Bot<Abluxxen> for GreedyBot {
    fn choose(&mut self, view: &AbluxxenView, legal: &[AbluxxenAction]) -> AbluxxenAction {
        let mut best = legal[0].clone();
        let mut best_key = (0usize, 0u8);
        for a in legal {
            match a {
                AbluxxenAction::Play { cards } => {
                    let key = (cards.len(), view.play_value(cards).unwrap_or(0));
                    if key > best_key {
                        best_key = key;
                        best = a.clone();
                    }
                }
                AbluxxenAction::TakeLuxxed | AbluxxenAction::TakeBack => return a.clone(),
                AbluxxenAction::DrawFromPile => return a.clone(),
                _ => {}
            }
        }
        best
    }
}

think::thinking_bot!(AbluxxenBot, Abluxxen);

impl Thinker<Abluxxen> for AbluxxenBot {
    type Look = hard::Look;

    fn start(
        &mut self,
        view: &AbluxxenView,
        legal: &[AbluxxenAction],
    ) -> Result<AbluxxenAction, Box<hard::Look>> {
        if legal.len() == 1 {
            return Ok(legal[0].clone());
        }
        match self.level {
            Level::Easy => Ok(self.easy(view, legal)),
            Level::Normal => Ok(normal(view, legal, &mut self.rng)),
            Level::Hard => hard::start(view, legal, self.budget, &self.rng),
        }
    }

    fn fallback(&mut self, view: &AbluxxenView, legal: &[AbluxxenAction]) -> AbluxxenAction {
        normal(view, legal, &mut self.rng)
    }

    fn judging(&mut self, view: &AbluxxenView, candidates: Vec<AbluxxenAction>) -> Box<hard::Look> {
        Box::new(hard::Look::new(view, candidates, hard::ANALYSIS))
    }

    fn mind(&mut self) -> (&mut Paused<AbluxxenView, hard::Look>, &mut BotRng) {
        (&mut self.pending, &mut self.rng)
    }
}

impl AbluxxenBot {
    fn easy(&mut self, _view: &AbluxxenView, legal: &[AbluxxenAction]) -> AbluxxenAction {
        for a in legal {
            if matches!(a, AbluxxenAction::TakeLuxxed | AbluxxenAction::TakeBack) {
                return a.clone();
            }
        }
        legal[self.rng.below(legal.len() as u64) as usize].clone()
    }
}

/// What the bot knows about the unseen cards (others' hands, pile, discards).
struct Unseen {
    /// Estimated unseen copies per value (index 14 = jokers).
    per_value: [f64; 15],
    total: f64,
}

fn unseen(view: &AbluxxenView) -> Unseen {
    let mut seen = counts(&view.hand);
    let mut add = |cards: &[Card]| {
        for c in cards {
            seen[value_of(c) as usize] += 1;
        }
    };
    for p in &view.players {
        for g in &p.display {
            add(&g.cards);
        }
    }
    for s in &view.supply {
        add(s);
    }
    add(&view.shadow);
    let mut per_value = [0f64; 15];
    for (v, slot) in per_value.iter_mut().enumerate().skip(1) {
        let copies = if v == 14 { 5 } else { 8 };
        *slot = (copies as f64 - seen[v] as f64).max(0.0);
    }
    let total: f64 = per_value.iter().sum();
    // Discards and out-of-play cards are unknown by face: shrink proportionally.
    let gone = (view.discard_count + view.out_of_play_count) as f64;
    if total > 0.0 && gone > 0.0 {
        let f = ((total - gone) / total).max(0.0);
        for x in per_value.iter_mut() {
            *x *= f;
        }
    }
    let total = per_value.iter().sum::<f64>().max(1.0);
    Unseen { per_value, total }
}

/// P(Poisson(λ) ≥ k).
fn poisson_at_least(lambda: f64, k: usize) -> f64 {
    let mut term = (-lambda).exp();
    let mut below = 0.0;
    for i in 0..k {
        below += term;
        term *= lambda / (i as f64 + 1.0);
    }
    (1.0 - below).clamp(0.0, 1.0)
}

/// Chance that a group of `count` cards of `value` is luxxed before our next turn.
fn luxx_risk(view: &AbluxxenView, u: &Unseen, value: u8, count: usize) -> f64 {
    if value >= JOKER_GROUP_VALUE {
        return 0.0;
    }
    let mut survive = 1.0;
    for p in &view.players {
        if p.seat == view.seat {
            continue;
        }
        let h = p.hand_count as f64;
        let lj = h * u.per_value[14] / u.total;
        let mut opp_none = 1.0;
        for w in (value + 1)..=13 {
            let lw = h * u.per_value[w as usize] / u.total;
            opp_none *= 1.0 - poisson_at_least(lw + 0.5 * lj, count);
        }
        opp_none *= 1.0 - poisson_at_least(lj, count);
        let p_can = 1.0 - opp_none;
        survive *= 1.0 - 0.5 * p_can;
    }
    1.0 - survive
}

/// How much a card is worth to hold for later, given the hand (0..~2).
fn card_use(hand: &[u32; 15], c: &Card) -> f64 {
    let v = value_of(c);
    if v == JOKER_GROUP_VALUE {
        return 1.6;
    }
    0.55 * hand[v as usize] as f64 + 0.25 * (v as f64 / 13.0)
}

/// 0 early in the game, 1 when the pile is nearly empty.
/// The game also ends when someone lays his last cards: small hands mean the end is near.
fn endgame(view: &AbluxxenView) -> f64 {
    let pile = view.pile_count as f64;
    let by_pile = (1.0 - pile / 40.0).clamp(0.0, 1.0);
    let smallest = view
        .players
        .iter()
        .filter(|p| p.seat != view.seat)
        .map(|p| p.hand_count)
        .min()
        .unwrap_or(13) as f64;
    let by_hands = (1.0 - (smallest - 1.0) / HAND_NEAR_END).clamp(0.0, 1.0);
    by_pile.max(by_hands)
}

/// Opponent hand size at which the end is considered near.
const HAND_NEAR_END: f64 = 5.0;

fn score_play(view: &AbluxxenView, u: &Unseen, cards: &[engine::CardId]) -> f64 {
    let p = view.would_luxx(cards);
    if !p.valid {
        return f64::MIN;
    }
    let hand = counts(&view.hand);
    let k = p.count;
    let jokers = cards
        .iter()
        .filter(|id| view.hand.iter().any(|c| c.id == **id && c.face.is_joker()))
        .count();
    if p.last_cards {
        let mine = view.players[view.seat].display_count as i64 + k as i64;
        let best_other = view
            .players
            .iter()
            .filter(|o| o.seat != view.seat)
            .map(|o| o.display_count as i64 - o.hand_count as i64)
            .max()
            .unwrap_or(0);
        return if mine >= best_other { 1000.0 } else { -30.0 };
    }
    let opp_weight = if view.seats == 2 { 1.5 } else { 1.1 };
    let risk = luxx_risk(view, u, p.value, k);
    let mut s = 2.0 * k as f64 * (1.0 - risk);
    s += p.victims.len() as f64 * 2.0 * k as f64 * opp_weight;
    if !p.shadow_options.is_empty() {
        // Forced to take k shadow cards: worth their use minus the hand penalty.
        let best = p
            .shadow_options
            .iter()
            .map(|&w| hand[w as usize] as f64 * 0.5 + w as f64 / 26.0)
            .fold(0.0, f64::max);
        s += best - k as f64 * (0.4 + 0.8 * endgame(view));
    }
    let enables = !p.victims.is_empty() || p.value == JOKER_GROUP_VALUE;
    s -= jokers as f64 * if enables { 0.8 } else { 2.2 };
    if p.value < JOKER_GROUP_VALUE {
        let have = hand[p.value as usize] as usize;
        let used = k - jokers;
        if used < have {
            s -= 0.6 * (have - used) as f64;
        }
        // Keep high groups as weapons unless they hit now.
        if p.victims.is_empty() && p.value >= 9 {
            s -= 0.25 * (p.value as f64 - 7.0) * k as f64 * (1.0 - endgame(view));
        }
    }
    s
}

fn score_draw(view: &AbluxxenView, a: &AbluxxenAction) -> f64 {
    let hand = counts(&view.hand);
    match a {
        AbluxxenAction::DrawFromSupply { slot } => {
            let cards = &view.supply[*slot];
            let use_sum: f64 = cards.iter().map(|c| card_use(&hand, c)).sum();
            use_sum - (cards.len() as f64 - 1.0) * (0.6 + 1.0 * endgame(view))
        }
        AbluxxenAction::DrawFromPile => 0.2,
        AbluxxenAction::Pass => 1.0 + 1.2 * endgame(view),
        _ => f64::MIN,
    }
}

/// The normal bot's options at this decision, best first (its choice first): plays, shadow
/// values and draws by their heuristic scores, the two answers of a luxx decision with the
/// normal one first.
pub fn ranked(view: &AbluxxenView, legal: &[AbluxxenAction]) -> Vec<AbluxxenAction> {
    let u = unseen(view);
    let hand = counts(&view.hand);
    let score = |a: &AbluxxenAction| -> f64 {
        match (&view.pending, a) {
            (Pending::Play { .. }, AbluxxenAction::Play { cards }) => score_play(view, &u, cards),
            (Pending::ShadowChoice { .. }, AbluxxenAction::LuxxShadow { value }) => {
                hand[*value as usize] as f64 + *value as f64 / 13.0
            }
            (Pending::Draw { .. }, _) => score_draw(view, a) + rng_jitter(a),
            _ => f64::MIN,
        }
    };
    match &view.pending {
        Pending::Play { .. } | Pending::ShadowChoice { .. } | Pending::Draw { .. } => {
            let mut scored: Vec<(f64, &AbluxxenAction)> =
                legal.iter().map(|a| (score(a), a)).collect();
            // Stable: equal scores keep the listed order, as `normal` picks the first.
            engine::sort::sort_by(&mut scored, |x, y| y.0.total_cmp(&x.0));
            scored.into_iter().map(|(_, a)| a.clone()).collect()
        }
        _ => {
            let first = normal(view, legal, &mut BotRng::seed_from_u64(0));
            let mut out = vec![first.clone()];
            out.extend(legal.iter().filter(|a| **a != first).cloned());
            out
        }
    }
}

/// The normal bot's decision (its generator is only used once the match is over).
pub fn normal(view: &AbluxxenView, legal: &[AbluxxenAction], rng: &mut BotRng) -> AbluxxenAction {
    let u = unseen(view);
    let hand = counts(&view.hand);
    let pick = |f: &dyn Fn(&AbluxxenAction) -> f64| -> AbluxxenAction {
        let mut best = &legal[0];
        let mut best_s = f64::MIN;
        for a in legal {
            let s = f(a);
            if s > best_s {
                best_s = s;
                best = a;
            }
        }
        best.clone()
    };
    match &view.pending {
        Pending::Play { .. } => pick(&|a| match a {
            AbluxxenAction::Play { cards } => score_play(view, &u, cards),
            _ => f64::MIN,
        }),
        Pending::ShadowChoice { .. } => pick(&|a| match a {
            AbluxxenAction::LuxxShadow { value } => {
                hand[*value as usize] as f64 + *value as f64 / 13.0
            }
            _ => f64::MIN,
        }),
        Pending::LuxxDecision { cards, .. } => {
            let usefulness: f64 = cards.iter().map(|c| card_use(&hand, c)).sum();
            let cost = cards.len() as f64 * (0.0 + 1.5 * endgame(view));
            let want = if usefulness > cost {
                AbluxxenAction::TakeLuxxed
            } else {
                AbluxxenAction::LeaveLuxxed
            };
            if legal.contains(&want) {
                want
            } else {
                legal[0].clone()
            }
        }
        Pending::VictimDecision { cards, .. } => {
            // Taking back keeps a ready group; discarding lets us choose from the supply.
            let group_value = cards.iter().map(value_of).min().unwrap_or(0);
            let supply_best: f64 = view
                .supply
                .iter()
                .filter(|s| !s.is_empty())
                .map(|s| s.iter().map(|c| card_use(&hand, c)).sum::<f64>())
                .fold(0.0, f64::max);
            let has_joker = cards.iter().any(|c| c.face.is_joker());
            let want = if !has_joker && group_value <= 5 && supply_best > 1.2 {
                AbluxxenAction::DiscardAndDraw
            } else {
                AbluxxenAction::TakeBack
            };
            if legal.contains(&want) {
                want
            } else {
                legal[0].clone()
            }
        }
        Pending::Draw { .. } => pick(&|a| score_draw(view, a) + rng_jitter(a)),
        Pending::MatchOver => legal[rng.below(legal.len() as u64) as usize].clone(),
    }
}

/// A tiny deterministic tie-breaker so equal draws do not always pick slot 0.
fn rng_jitter(a: &AbluxxenAction) -> f64 {
    match a {
        AbluxxenAction::DrawFromSupply { slot } => *slot as f64 * 1e-6,
        _ => 0.0,
    }
}

/// Result of a series of heuristic-vs-greedy games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Series {
    pub games: usize,
    /// Win shares of the heuristic bot (shared wins split).
    pub heuristic_wins: f64,
    /// Win shares of all greedy bots together.
    pub greedy_wins: f64,
    /// Number of greedy seats per game.
    pub greedy_seats: usize,
    pub heuristic_points: i64,
    pub greedy_points: i64,
    pub decisions: usize,
}

impl Series {
    /// Win rate of the heuristic bot.
    pub fn heuristic_rate(&self) -> f64 {
        self.heuristic_wins / self.games.max(1) as f64
    }
    /// Win rate of one greedy bot (average over its seats).
    pub fn greedy_rate(&self) -> f64 {
        self.greedy_wins / (self.games.max(1) * self.greedy_seats.max(1)) as f64
    }
    /// Average points per game of the heuristic bot and of one greedy bot.
    pub fn avg_points(&self) -> (f64, f64) {
        let g = self.games.max(1) as f64;
        (
            self.heuristic_points as f64 / g,
            self.greedy_points as f64 / (g * self.greedy_seats.max(1) as f64),
        )
    }
}

/// Plays `games` seat-rotated games: one `level` heuristic bot against greedy bots.
pub fn heuristic_vs_greedy(
    options: &engine::abluxxen::AbluxxenOptions,
    seats: usize,
    games: usize,
    seed: u64,
    level: Level,
) -> Result<Series, crate::DriveError> {
    use engine::Game;
    let mut out = Series {
        games,
        greedy_seats: seats - 1,
        ..Series::default()
    };
    for i in 0..games {
        let game_seed = seed.wrapping_mul(0x9E37_79B9).wrapping_add(i as u64);
        let mut g = Abluxxen::new(options, seats, game_seed).map_err(|error| {
            crate::DriveError::Rejected {
                seat: 0,
                error: error.erase(),
            }
        })?;
        let hero = i % seats;
        let mut bots: Vec<Box<dyn Bot<Abluxxen>>> = (0..seats)
            .map(|s| -> Box<dyn Bot<Abluxxen>> {
                if s == hero {
                    Box::new(AbluxxenBot::new(level, game_seed ^ 0x55))
                } else {
                    Box::new(GreedyBot)
                }
            })
            .collect();
        out.decisions += crate::drive(&mut g, &mut bots, 100_000)?;
        let st = g.standings();
        let shares = win_shares(&st);
        for s in 0..seats {
            if s == hero {
                out.heuristic_wins += shares[s];
                out.heuristic_points += st[s].score as i64;
            } else {
                out.greedy_wins += shares[s];
                out.greedy_points += st[s].score as i64;
            }
        }
    }
    Ok(out)
}

/// Win shares of a finished game (shared wins split).
pub fn win_shares(standings: &[engine::Standing]) -> Vec<f64> {
    let winners = standings.iter().filter(|s| s.place == 1).count().max(1) as f64;
    standings
        .iter()
        .map(|s| if s.place == 1 { 1.0 / winners } else { 0.0 })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::abluxxen::AbluxxenOptions;

    #[test]
    fn heuristic_beats_greedy_base_three_players() {
        let s = heuristic_vs_greedy(&AbluxxenOptions::default(), 3, 210, 7, Level::Normal).unwrap();
        assert!(
            s.heuristic_rate() > s.greedy_rate() + 0.25,
            "heuristic {:.3} vs greedy {:.3}",
            s.heuristic_rate(),
            s.greedy_rate()
        );
    }

    #[test]
    fn heuristic_beats_greedy_one_on_one() {
        let s = heuristic_vs_greedy(&AbluxxenOptions::default(), 2, 200, 8, Level::Normal).unwrap();
        assert!(
            s.heuristic_rate() > 0.55,
            "heuristic {:.3}",
            s.heuristic_rate()
        );
    }

    #[test]
    fn heuristic_beats_greedy_profiduell() {
        let o = AbluxxenOptions {
            profiduell: true,
            ..AbluxxenOptions::default()
        };
        let s = heuristic_vs_greedy(&o, 2, 200, 9, Level::Normal).unwrap();
        assert!(
            s.heuristic_rate() > 0.6,
            "heuristic {:.3}",
            s.heuristic_rate()
        );
    }

    #[test]
    fn easy_is_weaker_than_normal() {
        let o = AbluxxenOptions::default();
        let easy = heuristic_vs_greedy(&o, 3, 150, 10, Level::Easy).unwrap();
        let normal = heuristic_vs_greedy(&o, 3, 150, 10, Level::Normal).unwrap();
        assert!(easy.heuristic_rate() < normal.heuristic_rate());
    }

    #[test]
    fn bots_finish_games_with_every_option() {
        use engine::Game;
        for (i, profiduell) in [false, true].into_iter().enumerate() {
            for draw_if_no_luxx in [false, true] {
                let o = AbluxxenOptions {
                    draw_if_no_luxx,
                    rounds: 2,
                    profiduell,
                };
                let seats = if profiduell { 2 } else { 4 };
                let mut g = Abluxxen::new(&o, seats, 42 + i as u64).unwrap();
                let mut bots: Vec<Box<dyn Bot<Abluxxen>>> = vec![
                    Box::new(AbluxxenBot::new(Level::Normal, 1)),
                    Box::new(AbluxxenBot::new(Level::Easy, 2)),
                    Box::new(GreedyBot),
                    Box::new(crate::RandomBot::new(3)),
                ];
                crate::drive(&mut g, &mut bots, 100_000).unwrap();
                assert!(g.is_over());
            }
        }
    }
}
