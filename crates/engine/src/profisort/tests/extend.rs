//! One test per extension rule (rules table, column "extending it later").

use super::*;
use crate::profisort::extend::check_lay_off;
use crate::profisort::Need;

fn meld(task: u8, ps: &[&str]) -> TaskMeld {
    TaskMeld {
        owner: 0,
        task,
        shape: task,
        parts: lay(task, ps).unwrap(),
    }
}

fn off(
    m: &TaskMeld,
    part: Option<usize>,
    end: RunEnd,
    cs: &str,
) -> Result<TaskMeld, ProfiSortError> {
    check_lay_off(m, 0, part, end, &cards(cs))
}

const H: RunEnd = RunEnd::High;
const L: RunEnd = RunEnd::Low;

#[test]
fn pairs_take_more_of_their_rank_never_jokers() {
    let m = meld(1, &["C2 H2", "S5 S5", "H7 D7", "SB CB", "HK DK"]);
    assert_eq!(
        off(&m, Some(0), H, "D2 S2").unwrap().parts[0].cards.len(),
        4
    );
    assert!(matches!(
        off(&m, Some(1), H, "JK"),
        Err(ProfiSortError::JokerNotAllowed { task: 1, .. })
    ));
    assert!(matches!(
        off(&m, Some(1), H, "C6"),
        Err(ProfiSortError::CardDoesNotFit {
            need: Need::Rank { rank: 5 },
            ..
        })
    ));
}

#[test]
fn triples_take_their_rank_and_jokers() {
    let m = meld(2, &["C2 H2 S2", "S5 S5 D5", "H7 D7 C7"]);
    assert!(off(&m, Some(2), H, "JK S7").is_ok());
    assert!(matches!(
        off(&m, Some(0), H, "C3"),
        Err(ProfiSortError::CardDoesNotFit { .. })
    ));
    assert!(matches!(
        off(&m, Some(0), H, "CA"),
        Err(ProfiSortError::AceInTask { .. })
    ));
}

#[test]
fn four_suit_quad_takes_only_complete_quads() {
    let m = meld(3, &["C9 S9 H9 D9"]);
    assert_eq!(
        off(&m, Some(0), H, "C9"),
        Err(ProfiSortError::WholeGroupNeeded { meld: 0, cards: 4 })
    );
    let grown = off(&m, None, H, "C4 S4 H4 D4").unwrap();
    assert_eq!(grown.parts.len(), 2);
    assert_eq!(
        off(&m, None, H, "C4 S4 H4"),
        Err(ProfiSortError::WholeGroupNeeded { meld: 0, cards: 4 })
    );
    assert!(matches!(
        off(&m, None, H, "C4 S4 H4 H4"),
        Err(ProfiSortError::CardDoesNotFit {
            need: Need::NewSuit,
            ..
        })
    ));
}

#[test]
fn suit_run_grows_at_both_ends_in_its_suit_within_2_to_k() {
    let m = meld(4, &["H6 H7 H8 H9 H10 HB"]);
    let up = off(&m, Some(0), H, "HD HK").unwrap();
    assert_eq!(up.parts[0].cards.len(), 8);
    assert_eq!(
        off(&up, Some(0), H, "JK"),
        Err(ProfiSortError::RunOutOfRange { task: 4, part: 0 })
    );
    let down = off(&m, Some(0), L, "H4 JK").unwrap();
    assert_eq!(
        down.parts[0].kind,
        PartKind::Run {
            low: 4,
            suit: Some(Suit::Hearts)
        }
    );
    assert!(matches!(
        off(&m, Some(0), L, "C5"),
        Err(ProfiSortError::CardDoesNotFit {
            need: Need::Suit { .. },
            ..
        })
    ));
    assert!(matches!(
        off(&m, Some(0), L, "H4"),
        Err(ProfiSortError::CardDoesNotFit {
            need: Need::RunRank { rank: 5 },
            ..
        })
    ));
    assert_eq!(
        off(&m, Some(0), L, "H2 H3 H4 H5 JK"),
        Err(ProfiSortError::RunOutOfRange { task: 4, part: 0 })
    );
}

#[test]
fn pairs_and_run_grow_by_rank_and_at_either_end_in_any_suit() {
    let m = meld(5, &["C2 H2", "SK DK", "H3 D4 C5 S6 C7 H8"]);
    assert!(off(&m, Some(1), H, "JK").is_ok());
    assert!(off(&m, Some(2), L, "S2").is_ok());
    assert!(off(&m, Some(2), H, "C9 D10").is_ok());
}

#[test]
fn two_runs_each_grow_at_either_end() {
    let m = meld(6, &["C2 H3 D4 S5 C6", "H4 C5 D6 D7 S8"]);
    assert!(off(&m, Some(0), H, "D7").is_ok());
    assert!(off(&m, Some(1), L, "S3").is_ok());
    assert!(off(&m, Some(0), L, "S2").is_err());
}

#[test]
fn twos_and_threes_take_more() {
    let m = meld(7, &["C2 H2 D3 S3 C3 D2"]);
    assert!(off(&m, Some(0), H, "H3 JK").is_ok());
    assert!(off(&m, Some(0), H, "H4").is_err());
}

#[test]
fn faces_take_more_faces() {
    let m = meld(8, &["CB HB DD SD CK HK DB"]);
    assert!(off(&m, Some(0), H, "SK").is_ok());
    assert!(off(&m, Some(0), H, "S10").is_err());
}

#[test]
fn identical_pairs_only_two_at_once() {
    let m = meld(9, &["S3 S3", "HB HB", "D7 D7"]);
    assert!(off(&m, None, H, "C4 C4").is_ok());
    assert!(matches!(
        off(&m, None, H, "C4 S4"),
        Err(ProfiSortError::CardDoesNotFit {
            need: Need::SameCard { .. },
            ..
        })
    ));
    assert_eq!(
        off(&m, Some(0), H, "S3"),
        Err(ProfiSortError::WholeGroupNeeded { meld: 0, cards: 2 })
    );
    assert_eq!(
        off(&m, None, H, "C4"),
        Err(ProfiSortError::WholeGroupNeeded { meld: 0, cards: 2 })
    );
}

#[test]
fn rank_quadruple_takes_its_ranks_in_new_suits_only() {
    // The seed's example: ♥3 ♦5 ♣9 ♠B, then ♦3 ♠9, then ♠3 ♥9.
    let m = meld(10, &["H3 D5 C9 SB"]);
    let m = off(&m, Some(0), H, "D3 S9").unwrap();
    let m = off(&m, Some(0), H, "S3 H9").unwrap();
    assert!(matches!(
        off(&m, Some(0), H, "H3"),
        Err(ProfiSortError::CardDoesNotFit {
            need: Need::NewSuit,
            ..
        })
    ));
    // The other quadruple never.
    assert!(matches!(
        off(&m, Some(0), H, "C4"),
        Err(ProfiSortError::CardDoesNotFit {
            need: Need::TaskTenRank,
            ..
        })
    ));
    assert!(matches!(
        off(&m, Some(0), H, "C3 C3"),
        Err(ProfiSortError::CardDoesNotFit {
            need: Need::NewSuit,
            ..
        })
    ));
}

#[test]
fn quads_take_their_rank() {
    let m = meld(11, &["C4 H4 H4 S4", "SK SK DK CK"]);
    assert!(off(&m, Some(1), H, "HK JK").is_ok());
    assert!(off(&m, Some(0), H, "HK").is_err());
}

#[test]
fn five_of_a_rank_and_a_four_run() {
    let m = meld(12, &["C6 H6 S6 D6 JK", "S10 CB HD HK"]);
    assert!(off(&m, Some(0), H, "C6").is_ok());
    assert!(off(&m, Some(1), L, "D8 S9").is_ok());
    assert_eq!(
        off(&m, Some(1), H, "C2"),
        Err(ProfiSortError::RunOutOfRange { task: 12, part: 1 })
    );
}

#[test]
fn eight_run_grows_without_jokers() {
    let m = meld(13, &["C2 H3 D4 S5 C6 H7 D8 S9"]);
    assert!(off(&m, Some(0), H, "C10 HB").is_ok());
    assert!(matches!(
        off(&m, Some(0), H, "JK"),
        Err(ProfiSortError::JokerNotAllowed { task: 13, .. })
    ));
}

#[test]
fn triple_by_rank_and_suit_group_by_suit() {
    let m = meld(14, &["C8 H8 S8", "D2 D5 D9 DK D3"]);
    assert!(off(&m, Some(0), H, "D8").is_ok());
    assert!(off(&m, Some(1), H, "DB JK").is_ok());
    assert!(matches!(
        off(&m, Some(1), H, "HB"),
        Err(ProfiSortError::CardDoesNotFit {
            need: Need::Suit { .. },
            ..
        })
    ));
}
