//! The Rommé bot: heuristic play on top of the exact meld partition.

use super::hard::{self, Budget};
use super::heuristic::{rob_effect, Ctx};
use super::memory::Memory;
use super::params::Params;
use crate::search::Pending;
use crate::think::{self, Thinker};
use crate::BotRng;
use engine::romme::{DiscardDraw, EndMode, PhaseView, Romme, RommeAction, RommeOptions, RommeView};
use engine::{Card, CardId, Face};

/// Playing strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Level {
    /// Melds what is listed, greedily; random discards among high cards; never buys,
    /// robs or takes the discard.
    Easy,
    /// The yardstick: draws from the talon, lays out the biggest listed meld and every
    /// lay-off, discards the highest card; never buys, robs or takes the discard.
    Greedy,
    /// Plans with the exact best partition, respects the opening minimum, lays off,
    /// exchanges jokers, takes and buys useful discards, robs, and discards carefully.
    Normal,
    /// Plays like normal, but decides the discard (among normal's best few), taking the
    /// discard and buying by sampling the hidden cards and playing each choice out to the
    /// end of the deal ([`super::hard`]).
    Hard,
}

impl From<engine::BotLevel> for Level {
    /// The Rommé level of a suite level.
    fn from(level: engine::BotLevel) -> Level {
        match level {
            engine::BotLevel::Easy => Level::Easy,
            engine::BotLevel::Greedy => Level::Greedy,
            engine::BotLevel::Normal => Level::Normal,
            engine::BotLevel::Hard => Level::Hard,
        }
    }
}

impl Level {
    /// Normal and hard remember the discards opponents took and plan with the partition.
    fn plans(self) -> bool {
        matches!(self, Level::Normal | Level::Hard)
    }
}

/// Identifies the turn in which the bot took its play back (so it does not repeat it).
#[derive(Clone, Debug, PartialEq, Eq)]
struct UndoKey {
    deal: u32,
    talon: usize,
    reshuffles: u8,
    others: Vec<usize>,
}

impl UndoKey {
    fn of(view: &RommeView) -> UndoKey {
        UndoKey {
            deal: view.deal,
            talon: view.talon_size,
            reshuffles: view.reshuffles,
            others: view
                .hand_sizes
                .iter()
                .enumerate()
                .filter(|(s, _)| *s != view.seat)
                .map(|(_, n)| *n)
                .collect(),
        }
    }
}

/// A heuristic Rommé player.
#[derive(Clone, Debug)]
pub struct RommeBot {
    pub level: Level,
    pub rng: BotRng,
    /// The table's options (public knowledge). Without them the bot only plays melds that
    /// appear in the legal list and assumes the Grundspiel for its judgement.
    options: Option<RommeOptions>,
    undone: Option<UndoKey>,
    memory: Memory,
    /// (deal, talon size, reshuffles) at the bot's last draw.
    last_draw: Option<(u32, usize, u8)>,
    /// Go-out modes: keep melds in hand until an opponent holds at most this many cards
    /// (or the whole hand can go out at once).
    hold: Option<usize>,
    /// The heuristic's constants (normal: [`Params::NORMAL`]).
    params: Params,
    /// Play with [`Params::tuned`] for the options and the number of seats instead (the
    /// hard level, and its own seat in its rollouts).
    tuned: bool,
    /// The hard level's thinking budget.
    budget: Budget,
    /// The hard level's search between slices ([`Bot::think`]).
    pending: Pending<RommeView, hard::Look>,
    /// In the hard level's rollouts: the discard (rank in the bot's own ranking) to play at
    /// the end of the current turn instead of its own choice ([`hard::Look::plans`]).
    forced: Option<usize>,
    /// Self-play for the learned ranking ([`super::learned::explore`]): the samples so far.
    #[cfg(any(test, feature = "measure"))]
    explore: Option<Vec<super::learned::Features>>,
}

impl RommeBot {
    pub fn new(level: Level, seed: u64) -> RommeBot {
        RommeBot {
            level,
            rng: BotRng::seed_from_u64(seed),
            options: None,
            undone: None,
            memory: Memory::default(),
            last_draw: None,
            hold: Some(HOLD_UNTIL),
            params: Params::NORMAL,
            tuned: false,
            budget: Budget::start(),
            pending: Pending::none(),
            forced: None,
            #[cfg(any(test, feature = "measure"))]
            explore: None,
        }
    }

    /// Tells the bot the table's options (recommended: it then builds its own melds).
    /// The hard level plays (and continues its own rollouts) with [`Params::tuned`].
    pub fn with_options(mut self, options: &RommeOptions) -> RommeBot {
        self.options = Some(options.clone());
        self.tuned = self.level == Level::Hard;
        self
    }

    /// Changes the heuristic's constants (and the hold-back threshold with them). For
    /// experiments and the tuner.
    #[doc(hidden)]
    pub fn with_params(mut self, params: Params) -> RommeBot {
        self.params = params;
        self.hold = Some(params.hold_until);
        self.tuned = false;
        self
    }

    /// Changes the meld hold-back threshold (`None`: meld at once). For experiments.
    #[doc(hidden)]
    pub fn with_hold(mut self, hold: Option<usize>) -> RommeBot {
        self.hold = hold;
        self
    }

    /// Changes the hard level's thinking budget. For experiments and benchmarks.
    #[doc(hidden)]
    pub fn with_budget(mut self, budget: Budget) -> RommeBot {
        self.budget = budget;
        self
    }

    /// Explores its discards for the learned ranking's fit ([`super::learned::explore`]).
    #[cfg(any(test, feature = "measure"))]
    #[doc(hidden)]
    pub fn exploring(mut self) -> RommeBot {
        self.explore = Some(Vec::new());
        self
    }

    /// The exploration's samples since the last call (the chosen discard's features minus
    /// their expectation).
    #[cfg(any(test, feature = "measure"))]
    #[doc(hidden)]
    pub fn take_samples(&mut self) -> Vec<super::learned::Features> {
        self.explore
            .as_mut()
            .map(std::mem::take)
            .unwrap_or_default()
    }

    /// Plays the `rank`-th discard of its own ranking at the end of the coming turn (a rollout
    /// plan of the hard level; `None`: its own choice).
    pub(crate) fn force_discard(&mut self, rank: Option<usize>) {
        self.forced = rank;
    }

    /// The forced discard ([`RommeBot::force_discard`]) in place of `action`, when `action`
    /// ends the turn with a discard (not one that reaches the bid).
    fn forced_discard(&mut self, ctx: &Ctx, action: RommeAction) -> RommeAction {
        let Some(k) = self.forced else {
            return action;
        };
        if !matches!(action, RommeAction::Discard { .. }) {
            return action;
        }
        self.forced = None;
        if ctx.finishing_discard().is_some() {
            return action;
        }
        let plan = ctx.plan(&ctx.placeable());
        ctx.ranked_discards(&plan)
            .get(k)
            .map_or(action, |&card| RommeAction::Discard { card })
    }

    /// The heuristic's inputs besides the view: its constants, the hold-back threshold, the
    /// remembered takes and (where the constants use it) the remembered discard pile.
    #[allow(clippy::type_complexity)]
    fn inputs(
        &self,
        opts: &RommeOptions,
        view: &RommeView,
    ) -> (Params, Option<usize>, Vec<(engine::Seat, Face)>, Vec<Face>) {
        let (params, hold) = if self.tuned {
            let p = Params::tuned(opts, view.seats);
            (p, Some(p.hold_until))
        } else {
            (self.params, self.hold)
        };
        let pile = if params.live != 0 || params.outs != 0 {
            self.memory.pile.clone()
        } else {
            Vec::new()
        };
        (params, hold, self.memory.collected.clone(), pile)
    }

    /// Its discards at the end of a turn in its own order, best first (none when a discard
    /// goes out): what the hard level's plan ahead compares in its rollouts
    /// ([`super::plan_tree`]). Asked after [`crate::Bot::choose`] for the same view (the
    /// memory is not updated again).
    #[cfg(any(test, feature = "measure"))]
    pub(crate) fn discard_options(&self, view: &RommeView, legal: &[RommeAction]) -> Vec<CardId> {
        let opts = self.options.clone().unwrap_or_default();
        let (params, _, collected, pile) = self.inputs(&opts, view);
        let ctx = Ctx::new(
            view,
            legal,
            &opts,
            self.options.is_some(),
            (&collected, &pile),
            params,
        );
        if ctx.finishing_discard().is_some() {
            return Vec::new();
        }
        ctx.ranked_discards(&ctx.plan(&ctx.placeable()))
    }

    fn undo(&mut self, view: &RommeView) -> RommeAction {
        self.undone = Some(UndoKey::of(view));
        RommeAction::UndoTurn
    }

    fn already_undone(&self, view: &RommeView) -> bool {
        self.undone.as_ref() == Some(&UndoKey::of(view))
    }
}

impl RommeBot {
    /// The discards opponents took and still hold, as this bot remembers them.
    #[doc(hidden)]
    pub fn remembered(&self) -> &[(engine::Seat, engine::Face)] {
        &self.memory.collected
    }

    /// The faces of the discard pile as far as this bot saw them (bottom first, the top
    /// discard last).
    #[doc(hidden)]
    pub fn remembered_pile(&self) -> &[engine::Face] {
        &self.memory.pile
    }
}

think::thinking_bot!(RommeBot, Romme);

impl Thinker<Romme> for RommeBot {
    type Look = hard::Look;

    /// Everything of a decision but the hard level's search: the action (`Ok`), or the
    /// lookahead that picks among the candidates (`Err`).
    fn start(
        &mut self,
        view: &RommeView,
        legal: &[RommeAction],
    ) -> Result<RommeAction, Box<hard::Look>> {
        let Some(first) = legal.first() else {
            return Ok(RommeAction::NextDeal); // never called with an empty list
        };
        let opts = self.options.clone().unwrap_or_default();
        if self.level.plans() {
            self.memory.update(view);
        }
        let (params, hold, collected, pile) = self.inputs(&opts, view);
        let known = self.options.is_some();
        let ctx = Ctx::new(view, legal, &opts, known, (&collected, &pile), params);
        let action = match (&view.phase, self.level) {
            (PhaseView::DealOver { .. }, _) => RommeAction::NextDeal,
            (PhaseView::MayDeclare { .. }, _) => RommeAction::DeclareRomme,
            (PhaseView::Claim { .. }, Level::Easy | Level::Greedy) => RommeAction::PassBuy,
            (PhaseView::Claim { .. }, Level::Normal | Level::Hard) => claim(&ctx),
            (PhaseView::Draw { .. }, Level::Easy | Level::Greedy) => RommeAction::DrawTalon,
            (PhaseView::Draw { .. }, Level::Normal | Level::Hard) => {
                // Nobody drew from the talon for a whole round: draw from it, so that
                // players taking each other's discards cannot stall the deal.
                let stamp = (view.deal, view.talon_size, view.reshuffles);
                let stalled = self.last_draw == Some(stamp);
                self.last_draw = Some(stamp);
                let undone = self.already_undone(view) || stalled;
                draw(&ctx, undone)
            }
            (PhaseView::Play { .. }, level) => {
                let undone = self.already_undone(view);
                let a = match level {
                    Level::Easy => play_easy(&ctx, undone, Some(&mut self.rng)),
                    Level::Greedy => play_easy(&ctx, undone, None),
                    Level::Normal | Level::Hard => play_normal(&ctx, undone, hold),
                };
                match a {
                    Some(a) => a,
                    None if ctx.listed(&RommeAction::UndoTurn) && !undone => self.undo(view),
                    None => first.clone(),
                }
            }
            (PhaseView::MatchOver, _) => first.clone(),
        };
        let action = self.forced_discard(&ctx, action);
        #[cfg(any(test, feature = "measure"))]
        let action = match self.explore.as_mut() {
            Some(samples) => super::learned::explore(&ctx, action, &mut self.rng, samples),
            None => action,
        };
        if self.level == Level::Hard {
            let cands = candidates(&ctx, &action, self.budget);
            if cands.len() >= 2 {
                // The hard level: compares the normal choice with its alternatives by
                // lookahead (all of them listed actions).
                let look = hard::Look::new(view, cands, self, self.budget).plans();
                let prior = super::learned::prior(&ctx, crate::search::Lookahead::listed(&look));
                return Err(Box::new(look.with_prior(prior)));
            }
        }
        Ok(
            if legal.contains(&action) || constructed_ok(&action, &ctx) {
                action
            } else {
                first.clone()
            },
        )
    }

    /// Normal's judgement, on a copy (the bot's memory and stamps stay as they are).
    fn fallback(&mut self, view: &RommeView, legal: &[RommeAction]) -> RommeAction {
        let mut normal = self.clone();
        normal.level = Level::Normal;
        normal
            .start(view, legal)
            .unwrap_or_else(|_| legal.first().cloned().unwrap_or(RommeAction::NextDeal))
    }

    fn judging(&mut self, view: &RommeView, candidates: Vec<RommeAction>) -> Box<hard::Look> {
        Box::new(hard::Look::new(view, candidates, self, hard::ANALYSIS))
    }

    fn mind(&mut self) -> (&mut Pending<RommeView, hard::Look>, &mut BotRng) {
        (&mut self.pending, &mut self.rng)
    }

    fn observe(&mut self, view: &RommeView) {
        if self.level.plans() {
            self.memory.update(view);
        }
    }
}

/// The choices the hard level compares (the normal choice first), or fewer than two; in
/// every preset (with the mit-Anlegen and the Traditionell scoring the lookahead gets more
/// rollouts and a higher bar to overrule normal, see [`hard`]).
fn candidates(ctx: &Ctx, normal: &RommeAction, budget: Budget) -> Vec<RommeAction> {
    let pair = |a: RommeAction, b: RommeAction| {
        if ctx.listed(&a) && ctx.listed(&b) {
            vec![a, b]
        } else {
            Vec::new()
        }
    };
    match (&ctx.view.phase, normal) {
        (PhaseView::Claim { .. }, RommeAction::Buy) => pair(RommeAction::Buy, RommeAction::PassBuy),
        (PhaseView::Claim { .. }, RommeAction::PassBuy) => {
            pair(RommeAction::PassBuy, RommeAction::Buy)
        }
        (PhaseView::Draw { .. }, RommeAction::DrawTalon) => {
            pair(RommeAction::DrawTalon, RommeAction::DrawDiscard)
        }
        (PhaseView::Draw { .. }, RommeAction::DrawDiscard) => {
            pair(RommeAction::DrawDiscard, RommeAction::DrawTalon)
        }
        (PhaseView::Play { .. }, RommeAction::Discard { .. }) => {
            if ctx.finishing_discard().is_some() {
                return Vec::new();
            }
            let plan = ctx.plan(&ctx.placeable());
            let mut cands = vec![normal.clone()];
            for card in ctx.ranked_discards(&plan) {
                let a = RommeAction::Discard { card };
                if cands.len() < budget.discards && !cands.contains(&a) {
                    cands.push(a);
                }
            }
            cands
        }
        (PhaseView::Play { .. }, RommeAction::Meld { .. } | RommeAction::LayOff { .. }) => {
            hold_candidates(ctx, normal)
        }
        _ => Vec::new(),
    }
}

/// Hold against meld: normal's meld or lay-off against ending the turn at once with its
/// best discard (keeping the cards in hand). Only with bid ≤ N (the Grundspiel, mit
/// Kaufen), where it measured a gain; the go-out presets showed none (docs/bots.md).
fn hold_candidates(ctx: &Ctx, normal: &RommeAction) -> Vec<RommeAction> {
    if ctx.opts.end_mode != EndMode::BidAtMost
        || !ctx.view.freed_jokers.is_empty()
        || ctx.view.must_place.is_some()
    {
        return Vec::new();
    }
    let plan = ctx.plan(&ctx.placeable());
    match ctx.best_discard(&plan) {
        Some(hold) if ctx.listed(&hold) && (ctx.listed(normal) || constructed_ok(normal, ctx)) => {
            vec![normal.clone(), hold]
        }
        _ => Vec::new(),
    }
}

/// A constructed action that is not listed: only melds built and checked by the bot.
fn constructed_ok(action: &RommeAction, ctx: &Ctx) -> bool {
    match action {
        RommeAction::Meld { cards, .. } => {
            let group: Vec<Card> = cards
                .iter()
                .filter_map(|id| ctx.placeable().into_iter().find(|c| c.id == *id))
                .collect();
            group.len() == cards.len() && ctx.meld_action(&group).is_some()
        }
        _ => false,
    }
}

/// Buying (mit Kaufen): buy a discard that gets melded, unless the hand is almost done.
fn claim(ctx: &Ctx) -> RommeAction {
    let Some(top) = ctx.view.discard_top else {
        return RommeAction::PassBuy;
    };
    if !ctx.listed(&RommeAction::Buy) {
        return RommeAction::PassBuy;
    }
    let (covered, p) = ctx.melds_with(top);
    let small = ctx.view.hand.len() <= ctx.p.buy_small;
    let opened = ctx.view.opened.get(ctx.me).copied().unwrap_or(false);
    let can_open =
        opened || p.opening_value(&ctx.rules) >= ctx.view.opening_needed || ctx.view.hand.len() > 9;
    let fits = opened && ctx.fits_table(ctx.me, &top, opened);
    if (covered || fits) && !small && can_open {
        RommeAction::Buy
    } else {
        RommeAction::PassBuy
    }
}

/// The draw: the discard if it gets melded (or laid off), a good rob, else the talon.
fn draw(ctx: &Ctx, undone: bool) -> RommeAction {
    let talon = RommeAction::DrawTalon;
    if undone {
        return if ctx.listed(&talon) {
            talon
        } else {
            ctx.legal[0].clone()
        };
    }
    if let Some(rob) = best_rob(ctx) {
        return rob;
    }
    if let (Some(top), true) = (ctx.view.discard_top, ctx.listed(&RommeAction::DrawDiscard)) {
        let me = ctx.me;
        let opened = ctx.view.opened.get(me).copied().unwrap_or(false);
        let (covered, p) = ctx.melds_with(top);
        let fits = opened && ctx.fits_table(me, &top, opened);
        let opens =
            p.opening_value(&ctx.rules) + ctx.lay_off_points(&p.rest) >= ctx.view.opening_needed;
        let take = match ctx.opts.draw_from_discard {
            DiscardDraw::OnlyIfMelded => ctx.known && (covered && (opened || opens) || fits),
            DiscardDraw::IntoNewMeld => ctx.known && covered && (opened || opens),
            _ => {
                covered
                    || fits
                    || (top.face == Face::Joker && ctx.opts.end_mode == EndMode::GoOut)
                    || (ctx.p.take_keep < i32::MAX
                        && ctx.keep_value(&top, &ctx.placeable()) >= ctx.p.take_keep)
            }
        };
        if take {
            return RommeAction::DrawDiscard;
        }
    }
    if ctx.listed(&talon) {
        talon
    } else {
        ctx.legal[0].clone()
    }
}

/// The listed rob that frees the most hand value (and keeps the opening rule).
fn best_rob(ctx: &Ctx) -> Option<RommeAction> {
    let robs: Vec<&RommeAction> = ctx
        .legal
        .iter()
        .filter(|a| matches!(a, RommeAction::Rob(_)))
        .collect();
    if robs.is_empty() {
        return None;
    }
    let hand = ctx.placeable();
    let base = ctx.plan(&hand).value;
    let mut best: Option<(u32, &RommeAction)> = None;
    for a in robs {
        let RommeAction::Rob(rob) = a else {
            continue;
        };
        let (used, pts) = rob_effect(ctx, &rob.melds, &rob.lay_offs);
        let left: Vec<Card> = hand
            .iter()
            .filter(|c| !used.contains(&c.id))
            .copied()
            .collect();
        if left.is_empty() {
            continue;
        }
        let freed: u32 = hand
            .iter()
            .filter(|c| used.contains(&c.id))
            .map(|c| ctx.pen(c))
            .sum();
        let after = ctx.plan(&left);
        let value = freed + after.value;
        if ctx.needs_minimum() {
            let total = ctx.view.opening_points + pts + after.opening_value(&ctx.rules);
            if total < ctx.view.opening_needed {
                continue;
            }
        }
        if value > base && best.is_none_or(|(v, _)| value > v) {
            best = Some((value, a));
        }
    }
    best.map(|(_, a)| a.clone())
}

/// The normal bot's play: melds of the plan, joker exchanges, lay-offs, robs, discard.
/// `None`: nothing sensible is possible (the caller takes the turn back).
fn play_normal(ctx: &Ctx, undone: bool, hold: Option<usize>) -> Option<RommeAction> {
    let cards = ctx.placeable();
    let plan = ctx.plan(&cards);
    if undone {
        return ctx.best_discard(&plan).or_else(|| forced(ctx));
    }
    let mut may_play = true;
    if ctx.needs_minimum() {
        let projected = ctx.view.opening_points
            + plan.opening_value(&ctx.rules)
            + ctx.lay_off_points(&plan.rest);
        may_play = projected >= ctx.view.opening_needed;
        if !may_play && ctx.view.can_undo {
            return None;
        }
    }
    if may_play && hold_back(ctx, &plan, hold) {
        return ctx.best_discard(&plan).or_else(|| forced(ctx));
    }
    if may_play {
        let mut melds = plan.melds.clone();
        engine::sort::sort_by_key(&mut melds, |m| std::cmp::Reverse(m.len()));
        for m in &melds {
            if let Some(a) = ctx.meld_action(m) {
                return Some(a);
            }
        }
        if let Some(a) = exchange(ctx, &plan) {
            return Some(a);
        }
        if let Some(a) = lay_off(ctx, &plan) {
            return Some(a);
        }
        if let Some(a) = best_rob(ctx) {
            return Some(a);
        }
    }
    ctx.best_discard(&plan).or_else(|| forced(ctx))
}

/// Default of [`RommeBot`]'s hold-back threshold (opponent hand size).
const HOLD_UNTIL: usize = 4;

/// In go-out modes, keep the melds in hand (no lay-off targets for the others, a chance of
/// going out in one turn) until the hand can go out, an opponent is close to going out, or
/// the bot has melds on the table already.
fn hold_back(ctx: &Ctx, plan: &super::partition::Partition, hold: Option<usize>) -> bool {
    if ctx.opts.end_mode == EndMode::BidAtMost {
        return hold_bid(ctx, plan);
    }
    let Some(limit) = hold else {
        return false;
    };
    if ctx.opts.end_mode != EndMode::GoOut || !ctx.view.freed_jokers.is_empty() {
        return false;
    }
    let threat = opponent_within(ctx, limit);
    let can_go_out = plan.rest.len() <= 1;
    let started = ctx.view.table.iter().any(|t| t.owner == ctx.me);
    let must_place = ctx.view.must_place.is_some();
    !(threat || can_go_out || started || must_place)
}

/// Whether an opponent holds at most `cards` cards.
fn opponent_within(ctx: &Ctx, cards: usize) -> bool {
    ctx.view
        .hand_sizes
        .iter()
        .enumerate()
        .any(|(s, &n)| s != ctx.me && n <= cards)
}

/// Bid ≤ N with [`Params::hold_bid`]: keep the melds in hand (jokers safe from exchange,
/// nothing shown) until laying out the plan and discarding reaches the bid, or an opponent
/// holds fewer than `hold_bid` cards.
fn hold_bid(ctx: &Ctx, plan: &super::partition::Partition) -> bool {
    let limit = ctx.p.hold_bid;
    if limit == 0 || !ctx.view.freed_jokers.is_empty() || ctx.view.must_place.is_some() {
        return false;
    }
    let threat = opponent_within(ctx, limit - 1);
    let pips: u32 = plan.rest.iter().map(|c| ctx.pen(c)).sum();
    let top = plan
        .rest
        .iter()
        .filter(|c| ctx.discardable(c.id))
        .map(|c| ctx.pen(c))
        .max()
        .unwrap_or(0);
    let can_finish = pips - top <= u32::from(ctx.opts.target_pips);
    !(threat || can_finish)
}

/// The turn cannot end yet (freed joker, discard to place): any listed placement of it.
fn forced(ctx: &Ctx) -> Option<RommeAction> {
    let pending: Vec<CardId> = ctx
        .view
        .freed_jokers
        .iter()
        .map(|c| c.id)
        .chain(ctx.view.must_place)
        .collect();
    ctx.legal
        .iter()
        .find(|a| match a {
            RommeAction::LayOff { card, .. } => pending.contains(card),
            RommeAction::Meld { cards, .. } => cards.iter().any(|c| pending.contains(c)),
            _ => false,
        })
        .cloned()
}

/// A joker exchange with a card the plan does not meld, when the joker can be placed.
fn exchange(ctx: &Ctx, plan: &super::partition::Partition) -> Option<RommeAction> {
    for a in ctx.legal {
        let RommeAction::ExchangeJoker { card, meld } = a else {
            continue;
        };
        if !plan.rest.iter().any(|c| c.id == *card) || ctx.view.hand.len() < 2 {
            continue;
        }
        let Some(m) = ctx.view.table.iter().find(|m| m.id == *meld) else {
            continue;
        };
        let Some(natural) = ctx.view.hand.iter().find(|c| c.id == *card) else {
            continue;
        };
        let Ok((new, joker)) = m.meld.replace_joker(*natural, &ctx.rules) else {
            continue;
        };
        // The joker must go somewhere: onto a meld (the changed one included) or into a
        // new meld with the rest of the hand.
        let opened = true;
        let fits_other = ctx.view.table.iter().any(|t| {
            ctx.may_lay_on(ctx.me, t, opened)
                && if t.id == *meld {
                    new.extend(joker, &ctx.rules).is_ok()
                } else {
                    t.meld.extend(joker, &ctx.rules).is_ok()
                }
        });
        let mut hand: Vec<Card> = ctx
            .placeable()
            .into_iter()
            .filter(|c| c.id != *card)
            .collect();
        hand.push(joker);
        let melds_it = ctx.known
            && ctx
                .plan(&hand)
                .melds
                .iter()
                .flatten()
                .any(|c| c.id == joker.id);
        if fits_other || melds_it {
            return Some(a.clone());
        }
    }
    None
}

/// The listed lay-off of the most expensive card outside the plan's melds. Jokers from
/// the hand are only laid off near the end of the hand.
fn lay_off(ctx: &Ctx, plan: &super::partition::Partition) -> Option<RommeAction> {
    let freed: Vec<CardId> = ctx.view.freed_jokers.iter().map(|c| c.id).collect();
    let mut best: Option<(u32, &RommeAction)> = None;
    for a in ctx.legal {
        let RommeAction::LayOff { card, .. } = a else {
            continue;
        };
        let Some(c) = plan.rest.iter().find(|c| c.id == *card) else {
            continue;
        };
        let is_freed = freed.contains(card);
        if c.face == Face::Joker && !is_freed && plan.rest.len() > ctx.p.joker_lay_off {
            continue;
        }
        let v = if is_freed { 1000 } else { ctx.pen(c) };
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, a));
        }
    }
    best.map(|(_, a)| a.clone())
}

/// The easy bot: longest listed meld, first listed lay-off, a random high discard.
/// The easy and the greedy play: the biggest listed meld, then a lay-off, then a discard
/// among the higher half of the cards (`rng`), or the highest card (greedy: `None`).
fn play_easy(ctx: &Ctx, undone: bool, rng: Option<&mut BotRng>) -> Option<RommeAction> {
    if !undone {
        let meld = ctx
            .legal
            .iter()
            .filter(|a| matches!(a, RommeAction::Meld { .. }))
            .max_by_key(|a| match a {
                RommeAction::Meld { cards, .. } => cards.len(),
                _ => 0,
            });
        if let Some(m) = meld {
            return Some(m.clone());
        }
        let lay = ctx.legal.iter().find(|a| match a {
            RommeAction::LayOff { card, .. } => ctx
                .view
                .hand
                .iter()
                .any(|c| c.id == *card && c.face != Face::Joker),
            _ => false,
        });
        if let Some(l) = lay {
            return Some(l.clone());
        }
    }
    let mut discards: Vec<Card> = ctx
        .legal
        .iter()
        .filter_map(|a| match a {
            RommeAction::Discard { card } => ctx.view.hand.iter().find(|c| c.id == *card),
            _ => None,
        })
        .copied()
        .collect();
    if discards.is_empty() {
        return forced(ctx);
    }
    engine::sort::sort_by_key(&mut discards, |c| {
        (c.face == Face::Joker, std::cmp::Reverse(ctx.pen(c)))
    });
    let half = discards.len().div_ceil(2);
    let pick = match rng {
        Some(rng) => discards[rng.below(half as u64) as usize],
        None => discards[0],
    };
    Some(RommeAction::Discard { card: pick.id })
}
