//! A discard ranking learned from self-play (issue 42's second approach, docs/bots.md).
//!
//! Each of the seat's first three discards (its own ranking) is described by [`K`] numbers
//! ([`features`]: its pips, the partial melds it breaks, how near it lies to the discards
//! an opponent took, its outs, each also against the deal's stage). The learned weights
//! ([`super::learned_weights`]) were fitted by `learn_romme` (crates/bench) to self-play:
//! the tuned seat plays against normal and at every discard takes, half of the time, one of
//! its first three at random; the outcome of the deal (the same value as the search's:
//! the best other seat's points minus its own, plus 20 for winning) is regressed on the
//! chosen discard's features minus their expectation over that choice. The randomness
//! makes the fit the effect of the discard itself, not of the position it was made in.
//!
//! With [`super::Params::learned`] the three are re-ordered by the weighted sum (the
//! predicted gain; the rest of the ranking stays), and the hard search adds half the
//! learned gain of each discard candidate over the first to its rollout outcomes
//! ([`prior`]). Shipped where the hard level measured better: mit Kaufen and Räuber
//! (docs/bots.md).

use super::heuristic::Ctx;
use super::outs::Outs;
use super::partition::Partition;
#[cfg(any(test, feature = "measure"))]
use crate::BotRng;
use engine::romme::{EndMode, RommeAction, RommeOptions, Scoring};
use engine::{Card, CardId, Face};

/// Features per discard.
pub const K: usize = 16;

/// The features of one discard.
pub type Features = [f64; K];

/// The names of the features, in order (for `learn_romme`'s report).
pub const NAMES: [&str; K] = [
    "pips",
    "pips x talon",
    "pips x close",
    "rank mates",
    "seq 1 apart",
    "seq 2 apart",
    "live seq outs",
    "rank mates x talon",
    "seq 1 x talon",
    "near a take (next)",
    "near a take (other)",
    "fits next's table",
    "melded",
    "outs after",
    "joker",
    "copies seen",
];

/// How many discards of the ranking are compared ([`rerank`], exploration).
pub const TOP: usize = 3;

/// The presets the weights are kept for (told by the options, as [`super::Params::tuned`]).
pub fn preset_index(options: &RommeOptions) -> usize {
    match (options.end_mode, options.scoring, options.robbing) {
        (EndMode::BidAtMost, _, _) if options.buying => 1,
        (EndMode::BidAtMost, _, _) => 0,
        (EndMode::GoOut, _, true) => 3,
        (EndMode::GoOut, Scoring::AnlegenBonuses, false) => 2,
        (EndMode::GoOut, _, false) => 4,
    }
}

/// The learned weights for this position's options and seats, if [`super::Params::learned`]
/// is on and weights were fitted for them.
pub(crate) fn weights(ctx: &Ctx) -> Option<&'static Weights> {
    if ctx.p.learned & RERANK == 0 {
        return None;
    }
    fitted(ctx)
}

/// [`super::Params::learned`]: the first three discards re-ordered.
pub const RERANK: i32 = 1;
/// [`super::Params::learned`]: the hard search's discard candidates weighed also by the
/// learned gain ([`prior`]).
pub const PRIOR: i32 = 2;

/// How much of the learned gain is added to a discard candidate's rollout mean.
const PRIOR_WEIGHT: f64 = 0.5;

/// The weights of one preset (single precision: they are data in the main wasm).
pub type Weights = [f32; K];

/// Fitted weights: (0 heads-up, 1 more players; [`preset_index`]; the weights).
pub type Entry = (usize, usize, Weights);

/// The weights fitted for this position's options and seats.
fn fitted(ctx: &Ctx) -> Option<&'static Weights> {
    let key = (usize::from(ctx.view.seats > 2), preset_index(ctx.opts));
    table().iter().find(|e| (e.0, e.1) == key).map(|e| &e.2)
}

#[cfg(not(feature = "measure"))]
fn table() -> &'static [Entry] {
    &super::learned_weights::WEIGHTS
}

/// Measurements (the bench crate) may replace the committed weights, once per process.
#[cfg(feature = "measure")]
static OVERRIDE: std::sync::OnceLock<Vec<Entry>> = std::sync::OnceLock::new();

#[cfg(feature = "measure")]
fn table() -> &'static [Entry] {
    OVERRIDE
        .get()
        .map_or(&super::learned_weights::WEIGHTS[..], Vec::as_slice)
}

/// Plays with `weights` for `options` and `seats` (none: the learned ranking off) instead of
/// the committed weights, for the rest of the process (the first call wins). For `learn_romme`.
#[cfg(feature = "measure")]
#[doc(hidden)]
pub fn override_weights(options: &RommeOptions, seats: usize, weights: Option<Features>) {
    let key = (usize::from(seats > 2), preset_index(options));
    let mut t: Vec<Entry> = super::learned_weights::WEIGHTS
        .iter()
        .filter(|e| (e.0, e.1) != key)
        .copied()
        .collect();
    if let Some(w) = weights {
        t.push((key.0, key.1, w.map(|x| x as f32)));
    }
    let _ = OVERRIDE.set(t);
}

/// The features of discarding `c` (a hand card) with the plan `plan`.
pub(crate) fn features(ctx: &Ctx, plan: &Partition, outs: &Outs, c: &Card) -> Features {
    let mut f = [0.0; K];
    let pen = f64::from(ctx.pen(c));
    let talon = ctx.view.talon_size as f64 / ctx.opts.deck_len().max(1) as f64;
    let close = if ctx.danger_close() { 1.0 } else { 0.0 };
    f[0] = pen;
    f[1] = pen * talon;
    f[2] = pen * close;
    f[12] = f64::from(u8::from(plan.melds.iter().flatten().any(|m| m.id == c.id)));
    f[13] = f64::from(outs.of(c.id));
    let Face::French { rank, suit } = c.face else {
        f[14] = 1.0;
        return f;
    };
    for o in plan.rest.iter().filter(|o| o.id != c.id) {
        if let Face::French { rank: r, suit: s } = o.face {
            if r == rank && !(ctx.rules.set_distinct_suits && s == suit) {
                f[3] += 1.0;
            }
            if s == suit && r != rank {
                match super::heuristic::seq_distance(rank.0, r.0) {
                    1 => f[4] += 1.0,
                    2 => f[5] += 1.0,
                    _ => continue,
                }
                f[6] += f64::from(ctx.live_outs(rank.0, r.0, suit).min(2));
            }
        }
    }
    f[7] = f[3] * talon;
    f[8] = f[4] * talon;
    let next = (ctx.me + 1) % ctx.view.seats.max(1);
    for &(seat, face) in ctx.collected {
        if let Face::French { rank: r, suit: s } = face {
            if r == rank || (s == suit && super::heuristic::seq_distance(r.0, rank.0) <= 2) {
                f[if seat == next || ctx.opts.buying {
                    9
                } else {
                    10
                }] += 1.0;
            }
        }
    }
    let opened = ctx.view.opened.get(next).copied().unwrap_or(false);
    f[11] = f64::from(u8::from(ctx.fits_table(next, c, opened)));
    let i = super::heuristic::suit_index(suit) * 13 + usize::from(rank.0).saturating_sub(1);
    f[15] = f64::from(ctx.seen.get(i).copied().unwrap_or(0).saturating_sub(1));
    f
}

fn dot(w: &Weights, f: &Features) -> f64 {
    w.iter().zip(f).map(|(a, b)| f64::from(*a) * b).sum()
}

/// What the ranking has built already: the plan, its rest's outs, the listed discards.
pub(crate) type Ranking<'a> = (&'a Partition, &'a Outs, &'a [Card]);

/// The features of the first [`TOP`] discards of `ranked`.
fn top_features(
    ctx: &Ctx,
    (plan, outs, cards): Ranking,
    ranked: &[CardId],
) -> Vec<(CardId, Features)> {
    ranked
        .iter()
        .take(TOP)
        .filter_map(|id| cards.iter().find(|c| c.id == *id))
        .map(|c| (c.id, features(ctx, plan, outs, c)))
        .collect()
}

/// Re-orders the first [`TOP`] discards of `ranked` by the learned gain (ties keep the
/// ranking's order).
pub(crate) fn rerank(ctx: &Ctx, ranking: Ranking, w: &Weights, ranked: &mut [CardId]) {
    let top = top_features(ctx, ranking, ranked);
    let mut scored: Vec<(f64, usize, CardId)> = top
        .iter()
        .enumerate()
        .map(|(i, (id, f))| (dot(w, f), i, *id))
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    for (slot, (_, _, id)) in scored.into_iter().enumerate() {
        ranked[slot] = id;
    }
}

/// With [`PRIOR`], when the hard search compares discards: per candidate, the learned gain
/// of its discard over the first candidate's, weighted by [`PRIOR_WEIGHT`]; added to every
/// world's outcome of that candidate, so the search overrules the first candidate when the
/// rollouts and the learned gain together lead.
pub(crate) fn prior(ctx: &Ctx, candidates: &[RommeAction]) -> Option<Vec<f64>> {
    if ctx.p.learned & PRIOR == 0 {
        return None;
    }
    let w = fitted(ctx)?;
    // Only discards against discards: the features value a discard against the others of
    // the same hand, not against a draw, a buy or a meld.
    if !candidates
        .iter()
        .all(|a| matches!(a, RommeAction::Discard { .. }))
    {
        return None;
    }
    let plan = ctx.plan(&ctx.placeable());
    let outs = Outs::new(&plan.rest, &ctx.seen, &ctx.rules);
    let cards = ctx.discard_cards();
    let gain = |a: &RommeAction| match a {
        RommeAction::Discard { card } => cards
            .iter()
            .find(|c| c.id == *card)
            .map_or(0.0, |c| dot(w, &features(ctx, &plan, &outs, c))),
        _ => 0.0, // (not reached: discards only)
    };
    let first = gain(candidates.first()?);
    Some(
        candidates
            .iter()
            .map(|a| PRIOR_WEIGHT * (gain(a) - first))
            .collect(),
    )
}

/// Self-play for the fit (the bench crate and the tests only): half of the time one of the first [`TOP`] discards at random in
/// place of `action` (the seat's own first), recording the chosen discard's features minus
/// their expectation over that choice in `samples`.
#[cfg(any(test, feature = "measure"))]
pub(crate) fn explore(
    ctx: &Ctx,
    action: RommeAction,
    rng: &mut BotRng,
    samples: &mut Vec<Features>,
) -> RommeAction {
    if !matches!(action, RommeAction::Discard { .. }) || ctx.finishing_discard().is_some() {
        return action;
    }
    let plan = ctx.plan(&ctx.placeable());
    let ranked = ctx.ranked_discards(&plan);
    if ranked.first().map(|&card| RommeAction::Discard { card }) != Some(action.clone()) {
        return action;
    }
    let outs = Outs::new(&plan.rest, &ctx.seen, &ctx.rules);
    let top = top_features(ctx, (&plan, &outs, &ctx.discard_cards()), &ranked);
    let n = top.len();
    if n < 2 {
        return action;
    }
    let k = if rng.below(2) == 0 {
        rng.below(n as u64) as usize
    } else {
        0
    };
    let mut x = top[k].1;
    for (j, (_, f)) in top.iter().enumerate() {
        let p = 0.5 / n as f64 + if j == 0 { 0.5 } else { 0.0 };
        for (xi, fi) in x.iter_mut().zip(f) {
            *xi -= p * fi;
        }
    }
    samples.push(x);
    RommeAction::Discard { card: top[k].0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::romme::heuristic::Ctx;
    use crate::romme::params::Params;
    use engine::romme::{PhaseView, Preset};
    use engine::Game;

    /// The learned ranking re-orders the first three discards only, and only where weights
    /// were fitted; the rest of the ranking is the seat's own.
    #[test]
    fn the_learned_ranking_only_reorders_the_first_three() {
        for preset in Preset::ALL {
            let opts = preset.options();
            for seats in [2, 4] {
                let (mut compared, mut moved) = (0, 0);
                crate::romme::hard::walk_decisions(&opts, seats, 7, |_, s, view, legal, bot| {
                    if !matches!(view.phase, PhaseView::Play { seat } if seat == s) {
                        return;
                    }
                    let seen = (bot.remembered(), bot.remembered_pile());
                    let on = Params::tuned(&opts, seats);
                    let off = Params { learned: 0, ..on };
                    let a = Ctx::new(view, legal, &opts, true, seen, on);
                    let b = Ctx::new(view, legal, &opts, true, seen, off);
                    let plan = a.plan(&a.placeable());
                    let (ra, rb) = (a.ranked_discards(&plan), b.ranked_discards(&plan));
                    assert_eq!(ra.len(), rb.len());
                    let k = ra.len().min(TOP);
                    assert_eq!(ra[k..], rb[k..], "{preset:?}");
                    let (mut x, mut y) = (ra[..k].to_vec(), rb[..k].to_vec());
                    x.sort();
                    y.sort();
                    assert_eq!(x, y, "{preset:?}");
                    if weights(&a).is_none() {
                        assert_eq!(ra, rb, "{preset:?}: no weights, no change");
                    }
                    compared += 1;
                    moved += usize::from(ra != rb);
                });
                assert!(compared > 10, "{preset:?}: {compared} decisions");
                let key = (usize::from(seats > 2), preset_index(&opts));
                let fitted = super::super::learned_weights::WEIGHTS
                    .iter()
                    .any(|e| (e.0, e.1) == key);
                assert!(
                    !fitted || moved > 0,
                    "{preset:?}: the weights never moved a discard"
                );
            }
        }
    }

    /// The prior weighs discards against discards only, the first candidate at 0.
    #[test]
    fn the_prior_compares_discards_only() {
        let opts = Preset::MitKaufen.options();
        let mut seen_prior = 0;
        crate::romme::hard::walk_decisions(&opts, 2, 5, |_, s, view, legal, bot| {
            if !matches!(view.phase, PhaseView::Play { seat } if seat == s) {
                return;
            }
            let memory = (bot.remembered(), bot.remembered_pile());
            let ctx = Ctx::new(view, legal, &opts, true, memory, Params::tuned(&opts, 2));
            let plan = ctx.plan(&ctx.placeable());
            let discards: Vec<RommeAction> = ctx
                .ranked_discards(&plan)
                .into_iter()
                .take(TOP)
                .map(|card| RommeAction::Discard { card })
                .collect();
            if discards.len() < 2 {
                return;
            }
            let p = prior(&ctx, &discards).expect("weights for mit Kaufen");
            assert_eq!(p.len(), discards.len());
            assert_eq!(p[0], 0.0);
            seen_prior += 1;
            let mixed = [RommeAction::UndoTurn, discards[0].clone()];
            assert_eq!(prior(&ctx, &mixed), None);
            let off = Ctx::new(
                view,
                legal,
                &opts,
                true,
                memory,
                Params {
                    learned: RERANK,
                    ..Params::tuned(&opts, 2)
                },
            );
            assert_eq!(prior(&off, &discards), None);
        });
        assert!(seen_prior > 5, "{seen_prior} positions with a prior");
    }

    /// Exploring bots play legal deals and record one sample per explored discard, whose
    /// features average out near zero (the choice's expectation is taken off).
    #[test]
    fn exploration_records_centred_samples() {
        let opts = crate::romme::arena::one_deal(&Preset::Grundspiel.options());
        let mut samples = Vec::new();
        for seed in 0..40 {
            let mut g = <engine::romme::Romme as Game>::new(&opts, 2, seed).unwrap();
            let mut bots = [
                crate::romme::RommeBot::new(crate::romme::Level::Normal, seed)
                    .with_options(&opts)
                    .exploring(),
                crate::romme::RommeBot::new(crate::romme::Level::Normal, seed + 1)
                    .with_options(&opts),
            ];
            while let Some(s) = Game::to_move(&g) {
                let legal = Game::legal_actions(&g, s);
                let a = crate::Bot::choose(&mut bots[s], &Game::view(&g, s), &legal);
                assert!(legal.contains(&a) || Game::apply(&mut g.clone(), s, &a).is_ok());
                Game::apply(&mut g, s, &a).unwrap();
            }
            samples.extend(bots[0].take_samples());
            assert!(bots[1].take_samples().is_empty());
        }
        assert!(samples.len() > 200, "{} samples", samples.len());
        let pips = samples.iter().map(|x| x[0]).sum::<f64>() / samples.len() as f64;
        assert!(pips.abs() < 1.0, "mean centred pips {pips}");
    }
}
