//! Every game's hints ("Tipp", `UiGame::hint`, and so `UiGame::advice`) at every decision
//! of bots' games.
use crate::games::registry::{with_ui_game, Registered, UiVisitor};
use crate::i18n::Lang;
use crate::play::ui_game::UiGame;
use engine::BotLevel;

/// [`check`] of a catalog entry (every preset of every game), with three players where
/// it allows them.
struct Hints(&'static engine::games::VariantInfo);

impl UiVisitor for Hints {
    type Out = ();
    fn visit<G: Registered>(self) {
        check::<G>(self.0.id, self.0.max_players.min(3))
    }
}

/// At every decision of seat 0 in a bots' game: a hint in both languages, every slot
/// filled, its cards among those the person sees.
fn check<G: UiGame + engine::games::Listed + bots::BotGame>(preset: &str, seats: usize) {
    crate::i18n::install(crate::games::registry::text_tables());
    let options = engine::games::variant_options::<G>(preset).expect("preset");
    let mut g = G::new(&options, seats, 5).expect("start");
    let mut bots: Vec<_> = (0..seats)
        .map(|i| bots::bot_for::<G>(BotLevel::Normal, i as u64, &options))
        .collect();
    let mut hints = 0;
    for _ in 0..3000 {
        let Some(seat) = g.to_move() else { break };
        let legal = g.legal_actions(seat);
        let view = g.view(seat);
        let action = bots[seat].choose(&view, &legal);
        if seat == 0 {
            for lang in [Lang::De, Lang::En] {
                if let Some(h) = G::hint(&view, &action, lang) {
                    hints += 1;
                    assert!(
                        !h.text.contains('\u{7b}') && h.text.len() > 8,
                        "{preset}: {}",
                        h.text
                    );
                    let seen = serde_json::to_string(&view).expect("view");
                    for c in &h.cards {
                        assert!(
                            seen.contains(&format!("\"id\":{}", c.0)),
                            "{preset}: card {c:?} of the hint is in the view"
                        );
                    }
                }
            }
        }
        g.apply(seat, &action).expect("legal");
    }
    assert!(hints > 20, "{preset}: hints given ({hints})");
}

#[test]
fn every_hint_is_said_in_full_and_names_cards_the_person_sees() {
    for variant in engine::games::VARIANTS.iter() {
        if let Some(game) = variant.game {
            with_ui_game(game, Hints(variant)).expect("a registered game");
        }
    }
}
