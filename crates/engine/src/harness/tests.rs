//! Tests of the harness itself, with the toy game and its deliberate bugs.

use super::toy::{Bug, Toy, ToyOptions};
use super::*;
use crate::game::RuleError;

fn opts(bug: Option<Bug>) -> ToyOptions {
    ToyOptions { cards: 12, bug }
}

#[test]
fn correct_toy_passes_many_playouts() {
    for seats in 2..=4 {
        let stats = random_playouts::<Toy>(&opts(None), seats, 0..60, 1000).unwrap();
        assert_eq!(stats.games, 60);
        assert_eq!(stats.finished, 60);
        // every card is taken and discarded
        assert_eq!(stats.total_steps, 60 * 24);
        assert_eq!(stats.longest, 24);
        assert!(stats.actions_checked > stats.total_steps);
        assert!(stats.rejections_checked > stats.total_steps);
    }
}

#[test]
fn large_legal_lists_are_sampled() {
    // always take first: hands grow to 40 cards, then discards are sampled
    let game = Toy::new(
        &ToyOptions {
            cards: 40,
            bug: None,
        },
        2,
        3,
    )
    .unwrap();
    let mut choose = |_: &Toy, _: Seat, _: &[toy::ToyAction]| 0;
    let report = check_playout(game, &mut choose, 10_000).unwrap();
    assert!(report.finished);
    assert_eq!(report.steps, 80);
    assert!(report.actions_checked <= 80 * (SAMPLE + 1));
}

#[test]
fn step_limit_reports_an_unfinished_game() {
    let game = Toy::new(&opts(None), 2, 1).unwrap();
    let mut choose = random_chooser::<Toy>(5);
    let report = check_playout(game, &mut choose, 5).unwrap();
    assert_eq!(report.steps, 5);
    assert!(!report.finished);
    let stats = random_playouts::<Toy>(&opts(None), 2, 0..3, 5).unwrap();
    assert_eq!(stats.unfinished, 3);
}

fn violation(bug: Bug) -> HarnessError {
    random_playouts::<Toy>(&opts(Some(bug)), 3, 0..20, 1000)
        .expect_err("the harness must catch the bug")
}

#[test]
fn catches_view_leak() {
    let e = violation(Bug::LeakView);
    assert!(matches!(e.violation, Violation::ViewLeak { .. }), "{e}");
    assert_eq!(e.step, 0);
    assert_eq!(e.seed, Some(0));
}

#[test]
fn catches_mutation_before_reject() {
    let e = violation(Bug::MutateBeforeReject);
    assert!(
        matches!(
            e.violation,
            Violation::MutatedOnReject {
                error: RuleError::CardNotInHand { .. },
                ..
            }
        ),
        "{e}"
    );
    assert!(e.action.as_deref().is_some_and(|a| a.contains("Discard")));
}

#[test]
fn catches_lost_card() {
    let e = violation(Bug::LoseCard);
    match &e.violation {
        Violation::CardsChanged { missing, extra } => {
            assert_eq!(missing.len(), 1);
            assert!(extra.is_empty());
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(e.action.as_deref(), Some("\"Take\""));
}

#[test]
fn catches_duplicate_card() {
    let e = violation(Bug::DuplicateAudit);
    assert!(
        matches!(e.violation, Violation::DuplicateCard { .. }),
        "{e}"
    );
}

#[test]
fn catches_wrong_seat_accepted() {
    let e = violation(Bug::AcceptWrongSeat);
    assert!(
        matches!(e.violation, Violation::WrongSeatAccepted { .. }),
        "{e}"
    );
}

#[test]
fn catches_rejected_legal_action() {
    let e = violation(Bug::RejectLegal);
    assert!(
        matches!(e.violation, Violation::LegalRejected { .. }),
        "{e}"
    );
}

#[test]
fn catches_serde_round_trip_failure() {
    let e = violation(Bug::SerdeBreak);
    assert!(
        matches!(e.violation, Violation::SerdeRoundTrip { .. }),
        "{e}"
    );
    assert_eq!(e.step, 1);
}

#[test]
fn catches_missing_legal_actions() {
    let e = violation(Bug::NoActions);
    assert!(
        matches!(e.violation, Violation::NoLegalAction { .. }),
        "{e}"
    );
    assert_eq!(e.step, 4);
}

#[test]
fn catches_actions_out_of_turn() {
    let e = violation(Bug::ActionsOutOfTurn);
    assert!(
        matches!(e.violation, Violation::ActionsOutOfTurn { .. }),
        "{e}"
    );
}

#[test]
fn catches_accepted_probe() {
    let e = violation(Bug::ProbeAccepted);
    assert!(
        matches!(e.violation, Violation::ProbeAccepted { .. }),
        "{e}"
    );
}

#[test]
fn catches_bad_chooser_and_setup() {
    let game = Toy::new(&opts(None), 2, 1).unwrap();
    let mut choose = |_: &Toy, _: Seat, legal: &[toy::ToyAction]| legal.len();
    let e = check_playout(game, &mut choose, 100).unwrap_err();
    assert!(
        matches!(e.violation, Violation::ChoiceOutOfRange { .. }),
        "{e}"
    );
    let e = random_playouts::<Toy>(&opts(None), 9, 0..1, 100).unwrap_err();
    assert!(matches!(
        e.violation,
        Violation::Setup {
            error: RuleError::PlayerCount { .. }
        }
    ));
}

#[test]
fn catches_nondeterminism() {
    let e = violation(Bug::Nondeterministic);
    assert!(
        matches!(e.violation, Violation::Nondeterministic { .. }),
        "{e}"
    );
    assert_eq!(e.step, 0);
}

#[test]
fn catches_short_standings() {
    let e = violation(Bug::ShortStandings);
    assert_eq!(
        e.violation,
        Violation::Standings {
            entries: 2,
            seats: 3
        }
    );
}
