//! The hard Rommé bot's tests: its search, its worlds and the plan ahead.

use super::*;
use crate::romme::plan_tree::{plan_ahead, PlanTree};
use engine::romme::Preset;

/// A position where the hard bot searches a discard, reached by normal play.
fn thinking_position(preset: Preset, seats: usize) -> (Romme, Vec<RommeBot>, Seat) {
    let opts = preset.options();
    for seed in 0..50 {
        let mut g = Romme::new(&opts, seats, seed).unwrap();
        let mut bots: Vec<RommeBot> = (0..seats)
            .map(|s| RommeBot::new(Level::Normal, s as u64).with_options(&opts))
            .collect();
        for _ in 0..400 {
            let Some(s) = g.to_move() else { break };
            let legal = g.legal_actions(s);
            let view = g.view(s);
            let discards = legal
                .iter()
                .filter(|a| matches!(a, RommeAction::Discard { .. }))
                .count();
            if view.deal == 1
                && view.hand.len() < 10
                && discards >= 3
                && g.deal_state().talon.len() > 20
            {
                return (g, bots, s);
            }
            let a = bots[s].choose(&view, &legal);
            g.apply(s, &a).unwrap();
        }
    }
    panic!("no position with a real choice");
}

#[test]
fn the_plan_ahead_steers_only_the_own_seats_next_discards_and_fills_its_trees() {
    for (preset, seats) in [(Preset::Grundspiel, 2), (Preset::MitKaufen, 3)] {
        let (g, bots, seat) = thinking_position(preset, seats);
        let view = g.view(seat);
        let legal = g.legal_actions(seat);
        let budget = Budget {
            samples: 8,
            tree: 2,
            ..Budget::DEFAULT
        };
        let cands: Vec<RommeAction> = legal
            .iter()
            .filter(|a| matches!(a, RommeAction::Discard { .. }))
            .take(3)
            .cloned()
            .collect();
        let mut look = Look::new(&view, cands.clone(), &bots[seat], budget);
        let mut rng = BotRng::seed_from_u64(5);
        let world = look.sample(&mut rng).unwrap();
        for c in 0..cands.len() {
            let (value, steps) = look.play(&world, c);
            assert!(steps > 0 && value > -1_000.0, "{preset:?}");
        }
        assert_eq!(look.tree.roots(), cands.len());
        let steered: u32 = (0..cands.len()).map(|r| look.tree.visits(r)).sum();
        assert!(
            steered >= 1,
            "{preset:?}: no later discard of its own was steered"
        );
        let searched = Search::new(look, rng).finish().0;
        assert!(searched.len() >= 2, "{preset:?}");
        // The whole decision with the tree is a legal action, the same sliced and whole.
        let mut hard = bots[seat].clone().with_budget(budget);
        hard.level = Level::Hard;
        let (mut whole, mut sliced) = (hard.clone(), hard);
        let a = whole.choose(&view, &legal);
        let b = loop {
            if let Some(b) = sliced.think(&view, &legal, &mut || true) {
                break b;
            }
        };
        assert_eq!(a, b, "{preset:?}");
        assert!(legal.contains(&a), "{preset:?}");
    }
}

#[test]
fn plan_ahead_offers_the_chosen_discard_first_and_leaves_other_actions_alone() {
    let (g, bots, seat) = thinking_position(Preset::Grundspiel, 2);
    let view = g.view(seat);
    let legal = g.legal_actions(seat);
    let bot = bots[seat].clone();
    let ranked = bot.discard_options(&view, &legal);
    assert!(ranked.len() >= 3);
    let chosen = RommeAction::Discard { card: ranked[2] };
    let mut tree = PlanTree::new(1);
    let mut path = Vec::new();
    let mut b = bot.clone();
    let budget = Budget::DEFAULT;
    let first = plan_ahead(
        &mut tree,
        0,
        &mut path,
        budget,
        (&view, &legal),
        chosen.clone(),
        &mut b,
    );
    assert_eq!(
        first, chosen,
        "the untried options come in order, the chosen first"
    );
    assert_eq!(path.len(), 1);
    let mut path2 = Vec::new();
    let talon = RommeAction::DrawTalon;
    assert_eq!(
        plan_ahead(
            &mut tree,
            0,
            &mut path2,
            budget,
            (&view, &legal),
            talon.clone(),
            &mut b
        ),
        talon
    );
    assert!(path2.is_empty());
}

#[test]
fn plan_ahead_with_draws_tries_the_other_draw_and_the_other_claim() {
    let opts = Preset::MitKaufen.options();
    let budget = Budget {
        draws: true,
        ..Budget::DEFAULT
    };
    let mut seen = (0, 0);
    walk_decisions(&opts, 2, 4, |_, _, view, legal, bot| {
        let pairs = [
            (RommeAction::DrawTalon, RommeAction::DrawDiscard),
            (RommeAction::PassBuy, RommeAction::Buy),
        ];
        for (k, (a, b)) in pairs.iter().cloned().enumerate() {
            if !(legal.contains(&a) && legal.contains(&b)) {
                continue;
            }
            let mut tree = PlanTree::new(1);
            let mut played = Vec::new();
            for _ in 0..2 {
                let mut p = Vec::new();
                let mut me = bot.clone();
                played.push(plan_ahead(
                    &mut tree,
                    0,
                    &mut p,
                    budget,
                    (view, legal),
                    a.clone(),
                    &mut me,
                ));
                assert_eq!(p.len(), 1);
                tree.back_up(&p, 0.0);
            }
            assert_eq!(played, vec![a.clone(), b.clone()]);
            let mut p = Vec::new();
            let mut me = bot.clone();
            let off = Budget {
                draws: false,
                ..budget
            };
            assert_eq!(
                plan_ahead(&mut tree, 0, &mut p, off, (view, legal), a, &mut me),
                pairs[k].0
            );
            assert!(p.is_empty(), "without draws the draw is the policy's");
            if k == 0 {
                seen.0 += 1
            } else {
                seen.1 += 1
            }
        }
    });
    assert!(seen.0 > 0 && seen.1 > 0, "{seen:?}");
}

#[test]
fn thinking_in_slices_decides_as_choose_does() {
    for (preset, seats) in [(Preset::Grundspiel, 2), (Preset::MitKaufen, 3)] {
        let (mut g, mut bots, _) = thinking_position(preset, seats);
        let mut compared = 0;
        while compared < 3 {
            let Some(s) = g.to_move() else { break };
            let view = g.view(s);
            let legal = g.legal_actions(s);
            let mut hard = bots[s].clone();
            hard.level = Level::Hard;
            let mut whole = hard.clone();
            let mut sliced = hard;
            if sliced.think(&view, &legal, &mut || true).is_none() {
                let a = whole.choose(&view, &legal);
                let mut slices = 1;
                let b = loop {
                    if let Some(b) = sliced.think(&view, &legal, &mut || true) {
                        break b;
                    }
                    slices += 1;
                    assert!(slices < 100_000);
                };
                assert!(slices > 2, "{preset:?}: the search paused {slices} times");
                assert_eq!(a, b, "{preset:?}");
                assert_eq!(whole.rng.next_u64(), sliced.rng.next_u64());
                compared += 1;
            }
            let a = bots[s].choose(&view, &legal);
            g.apply(s, &a).unwrap();
        }
        assert_eq!(compared, 3, "{preset:?}: too few searched decisions");
    }
}

#[test]
fn bots_never_peek_the_same_view_gets_the_same_decision() {
    for (preset, seats) in [(Preset::Grundspiel, 2), (Preset::MitKaufen, 3)] {
        let (real, bots, seat) = thinking_position(preset, seats);
        let view = real.view(seat);
        // Another state with the same view: the hidden cards dealt differently.
        let mut rng = BotRng::seed_from_u64(99);
        let other = sample_world(&view, &unseen(&view), (&[], &[]), &mut rng).unwrap();
        assert_eq!(other.view(seat), view);
        assert_ne!(real.deal_state().hands, other.deal_state().hands);
        let legal = real.legal_actions(seat);
        assert_eq!(other.legal_actions(seat), legal);
        let budget = Budget {
            samples: 6,
            discards: 3,
            steps: usize::MAX,
            ..Budget::DEFAULT
        };
        let mut hard = bots[seat].clone().with_budget(budget);
        hard.level = Level::Hard;
        let mut a_bot = hard.clone();
        let mut b_bot = hard;
        let a = a_bot.choose(&view, &legal);
        let b = b_bot.choose(&other.view(seat), &other.legal_actions(seat));
        assert_eq!(a, b);
        assert!(legal.contains(&a));
    }
}

#[test]
fn sampled_worlds_match_the_view_in_every_phase_of_bot_games() {
    for preset in Preset::ALL {
        let opts = preset.options();
        for seats in [2, 4] {
            let mut rng = BotRng::seed_from_u64(1);
            walk_decisions(&opts, seats, 3, |_, s, view, legal, bot| {
                let w = sample_world(
                    view,
                    &unseen(view),
                    (bot.remembered(), bot.remembered_pile()),
                    &mut rng,
                )
                .unwrap_or_else(|| panic!("{preset:?}: no world for {:?}", view.phase));
                assert_eq!(w.view(s), *view, "{preset:?}");
                assert_eq!(w.legal_actions(s), legal, "{preset:?}");
            });
        }
    }
}

#[test]
fn unseen_is_the_deck_minus_what_the_seat_sees() {
    let game = Romme::new(&Preset::Grundspiel.options(), 3, 5).unwrap();
    let view = game.view(0);
    let deck = view.options.deck_len();
    assert_eq!(unseen(&view).len(), deck - view.hand.len() - 1);
}

#[test]
fn plans_are_compared_by_their_draw() {
    let (t, d) = (RommeAction::DrawTalon, RommeAction::DrawDiscard);
    let cands = [t.clone(), d.clone(), d.clone(), d.clone()];
    // The third discard after taking the top discard leads clearly: take it.
    let clear = vec![
        vec![0.0, -1.0, 0.0, 5.0],
        vec![1.0, 0.0, 0.0, 6.0],
        vec![2.0, 1.0, 1.0, 6.5],
    ];
    assert_eq!(cands[overrule_plans(&clear, &cands, 0.5)], d);
    // Normal takes the top discard: another plan of the same draw is no overrule.
    let normal_takes = [d.clone(), d.clone(), t.clone()];
    let same = vec![
        vec![0.0, 5.0, 1.0],
        vec![1.0, 6.0, 2.0],
        vec![2.0, 6.5, 3.0],
    ];
    assert_eq!(overrule_plans(&same, &normal_takes, 0.5), 0);
    // The talon must lead the best plan of taking, not only normal's own plan.
    let talon = vec![
        vec![0.0, 5.0, 4.0],
        vec![1.0, 6.0, 5.0],
        vec![2.0, 6.5, 6.0],
    ];
    assert_eq!(overrule_plans(&talon, &normal_takes, 0.5), 0);
    let talon = vec![
        vec![0.0, 1.0, 4.0],
        vec![1.0, 2.0, 5.0],
        vec![2.0, 2.5, 6.0],
    ];
    assert_eq!(overrule_plans(&talon, &normal_takes, 0.5), 2);
}

#[test]
fn decide_keeps_the_normal_choice_unless_the_lead_is_clear() {
    // Candidate 1 is better by 1 on average but very noisy: keep 0.
    let noisy = vec![vec![0.0, 30.0], vec![0.0, -28.0]];
    assert_eq!(decide(&noisy, 2), 0);
    let clear = vec![vec![0.0, 5.0], vec![1.0, 6.0], vec![2.0, 6.5]];
    assert_eq!(decide(&clear, 2), 1);
}
