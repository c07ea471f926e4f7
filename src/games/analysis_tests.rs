//! The analysis after a deal said in every game (`host::analysis::items`): no finding of
//! the hard bot is dropped, every one is said in both languages.
use crate::games::registry::{for_every_game, Registered, UiVisitor};
use crate::host::analysis::{deal_steps, items};
use crate::i18n::Lang;
use crate::play::ui_game::UiGame;
use bots::analysis::Analysis;
use engine::games::Listed;
use engine::save::Record;
use engine::BotLevel;

/// [`every_finding_is_said`] of one game with its base preset: at least one finding.
#[derive(Clone)]
struct Findings;

impl UiVisitor for Findings {
    type Out = ();
    fn visit<G: Registered>(self) {
        assert!(every_finding_is_said::<G>(G::NAME) >= 1, "{}", G::NAME);
    }
}

/// Deal 1 of a game of bots, analysed for seat 0 by the hard bot: every finding
/// is said in both languages (the better move as advice, its cards in the hand shown),
/// none is dropped.
/// Returns the number of findings.
fn every_finding_is_said<G: UiGame + Listed + bots::BotGame>(preset: &str) -> usize {
    crate::i18n::install(crate::games::registry::text_tables());
    let options = engine::games::variant_options::<G>(preset).expect("preset");
    let mut record = Record::<G>::new(options.clone(), 2, 11);
    let mut game = record.start().expect("start");
    // Seat 0 plays as the easy bot: it makes mistakes the analysis finds.
    let mut bots: Vec<_> = [BotLevel::Easy, BotLevel::Normal]
        .into_iter()
        .zip(0..)
        .map(|(level, s)| bots::bot_for::<G>(level, s, &options))
        .collect();
    while let Some(seat) = game.to_move() {
        if G::deals_played_of(&game) > 1 {
            break;
        }
        let legal = game.legal_actions(seat);
        let action = bots[seat].choose(&game.view(seat), &legal);
        record.play(&mut game, seat, action).expect("legal");
    }
    let steps = deal_steps(&record, 1).expect("deal 1");
    let hard = bots::bot_for::<G>(BotLevel::Hard, 5, &options);
    let mut a = Analysis::new(&record, 0, steps, hard);
    assert!(a.run(&mut || false));
    let findings = a.findings();
    let names = vec!["Anna".to_string(), "Ben".to_string()];
    for lang in [Lang::De, Lang::En] {
        let items = items(&record, 0, &names, &findings, lang);
        assert_eq!(items.len(), findings.len(), "{preset}: every finding said");
        for i in &items {
            for t in [&i.played, &i.better] {
                assert!(!t.is_empty() && !t.contains('{'), "{preset}: {t:?}");
            }
            assert!(!i.hand.is_empty() && i.cost >= 1, "{preset}");
        }
    }
    assert!(a.progress().1 > 3, "{preset}: decisions judged");
    findings.len()
}

#[test]
fn the_findings_of_every_game_are_said_in_both_languages() {
    // (These seeds give each game at least one finding to say.)
    for_every_game(Findings);
}
