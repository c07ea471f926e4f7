//! "Nochmal": the same deal again, in every registered game (`play::again`).
use crate::games::registry::{for_every_game, Registered, UiVisitor};
use crate::play::again::*;
use crate::play::session::Session;
use crate::play::UiGame;
use engine::save::SaveMeta;
use engine::{BotLevel, SeatKind};

/// Plays `G` with bots from `seed` until deal 3 is under way (or the match ends).
fn played<G: UiGame + engine::games::Listed + bots::BotGame>(
    preset: &str,
    seed: u64,
) -> Session<G> {
    let options = engine::games::variant_options::<G>(preset).expect("preset");
    let meta = SaveMeta {
        player_names: vec!["A".into(), "B".into()],
        seat_kinds: vec![SeatKind::Human, SeatKind::Bot(BotLevel::Normal)],
        variant: preset.into(),
        title: "t".into(),
        ..SaveMeta::default()
    };
    let mut s = Session::<G>::start("x".into(), options.clone(), meta, seed).expect("start");
    let mut bots: Vec<_> = (0..2)
        .map(|i| bots::bot_for::<G>(BotLevel::Normal, seed + i, &options))
        .collect();
    for _ in 0..5000 {
        if G::deals_played_of(&s.state) >= 3 || s.state.is_over() {
            break;
        }
        let Some(seat) = s.state.to_move() else { break };
        let legal = s.state.legal_actions(seat);
        let action = bots[seat].choose(&s.state.view(seat), &legal);
        s.record.play(&mut s.state, seat, action).expect("legal");
    }
    s
}

fn check<G: UiGame + engine::games::Listed + bots::BotGame>(preset: &str) {
    let s = played::<G>(preset, 7);
    let one = again(&s, 1, "n".into(), "nochmal", 5).expect("deal 1");
    assert!(
        one.record.log.is_empty(),
        "{preset}: deal 1 is a new game of the same seed"
    );
    assert_eq!(
        one.state.position().digest(),
        s.record.start().expect("start").position().digest()
    );
    if G::deals_played_of(&s.state) < 2 {
        // A match of one deal (Abluxxen's default): only the first deal to repeat.
        assert!(s.state.is_over(), "{preset}: over after one deal");
        let a = one.meta.again.as_ref().expect("again");
        assert_eq!(a.before, scores(&s.state.standings(), 2), "{preset}");
        return;
    }
    let two = again(&s, 2, "n".into(), "nochmal", 5).expect("deal 2");
    assert_eq!(G::deals_played_of(&two.state), 2, "{preset}");
    assert!(!two.state.is_over());
    // The same cards as in the original at that moment, for every seat.
    let mut orig = s.record.start().expect("start");
    for (seat, action) in &s.record.log[..two.record.log.len()] {
        orig.apply(*seat, action).expect("replay");
    }
    assert_eq!(
        orig.position().digest(),
        two.state.position().digest(),
        "{preset}"
    );
    let a = two.meta.again.as_ref().expect("again");
    assert_eq!(a.deal, 2);
    assert_eq!(a.start, scores(&two.state.standings(), 2));
    // The deal's points in the original: the score after it minus the score before.
    let (_, _, first) = deal_in_log(&s.record, 1).expect("deal 1");
    assert_eq!(
        first,
        a.start
            .iter()
            .zip(&one.meta.again.as_ref().expect("a").start)
            .map(|(x, y)| x - y)
            .collect::<Vec<_>>()
    );
    assert!(!two.meta.finished && !two.meta.by_link);
    assert!(
        again(&s, 40, "n".into(), "t", 5).is_none(),
        "{preset}: a deal never played"
    );
}

/// [`check`] of one game, with its base preset (the catalog entry named as the game).
#[derive(Clone)]
struct SameDeal;

impl UiVisitor for SameDeal {
    type Out = ();
    fn visit<G: Registered>(self) {
        check::<G>(G::NAME)
    }
}

#[test]
fn the_same_deal_again_starts_with_the_same_cards_in_every_game() {
    for_every_game(SameDeal);
}
