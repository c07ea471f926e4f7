//! One legal and one illegal example per task shape, and the joker rules.

use super::*;
use crate::profisort::Need;

fn err(task: u8, ps: &[&str]) -> ProfiSortError {
    lay(task, ps).unwrap_err()
}

#[test]
fn task1_five_pairs() {
    assert!(lay(1, &["C2 H2", "S5 S5", "H7 D7", "SB CB", "HK DK"]).is_ok());
    // No J; and the ranks must differ.
    assert!(matches!(
        err(1, &["C2 JK", "S5 S5", "H7 D7", "SB CB", "HK DK"]),
        ProfiSortError::JokerNotAllowed { task: 1, .. }
    ));
    assert_eq!(
        err(1, &["C2 H2", "S2 D2", "H7 D7", "SB CB", "HK DK"]),
        ProfiSortError::SameRankTwice {
            task: 1,
            part: 1,
            rank: 2
        }
    );
}

#[test]
fn task2_three_triples() {
    assert!(lay(2, &["C2 H2 JK", "S5 S5 D5", "H7 D7 C7"]).is_ok());
    assert!(matches!(
        err(2, &["C2 H2 C3", "S5 S5 D5", "H7 D7 C7"]),
        ProfiSortError::CardDoesNotFit {
            part: 0,
            need: Need::Rank { rank: 2 },
            ..
        }
    ));
}

#[test]
fn task3_four_suit_quad() {
    assert!(lay(3, &["C9 S9 H9 D9"]).is_ok());
    assert!(matches!(
        err(3, &["C9 S9 H9 H9"]),
        ProfiSortError::CardDoesNotFit {
            need: Need::NewSuit,
            ..
        }
    ));
}

#[test]
fn task4_run_of_one_suit() {
    assert!(lay(4, &["H8 H9 JK HB HD HK"]).is_ok());
    assert!(matches!(
        err(4, &["H8 H9 H10 CB HD HK"]),
        ProfiSortError::CardDoesNotFit {
            need: Need::Suit { suit: Suit::Hearts },
            ..
        }
    ));
    // Runs use 2…K only: no ace, no wrap.
    assert!(matches!(
        err(4, &["HA H2 H3 H4 H5 H6"]),
        ProfiSortError::AceInTask { .. }
    ));
    assert_eq!(
        err(4, &["H9 H10 HB HD HK JK"]),
        ProfiSortError::RunOutOfRange { task: 4, part: 0 }
    );
}

#[test]
fn task5_two_pairs_and_a_run() {
    assert!(lay(5, &["C2 H2", "SK JK", "H3 D4 C5 S6 JK H8"]).is_ok());
    assert_eq!(
        err(5, &["C2 H2", "SK JK", "H3 D4 C5 S6 H8"]),
        ProfiSortError::PartSize {
            task: 5,
            part: 2,
            expected: 6,
            got: 5
        }
    );
}

#[test]
fn task6_two_runs_may_overlap() {
    assert!(lay(6, &["C2 H3 D4 S5 C6", "H4 C5 JK D7 S8"]).is_ok());
    assert!(matches!(
        err(6, &["C2 H3 D4 S5 C6", "H4 C5 C5 D7 S8"]),
        ProfiSortError::CardDoesNotFit {
            part: 1,
            need: Need::RunRank { rank: 6 },
            ..
        }
    ));
}

#[test]
fn task7_twos_and_threes() {
    assert!(lay(7, &["C2 H2 D3 S3 C3 JK"]).is_ok());
    assert!(matches!(
        err(7, &["C2 H2 D3 S3 C3 C4"]),
        ProfiSortError::CardDoesNotFit {
            need: Need::TwoOrThree,
            ..
        }
    ));
}

#[test]
fn task8_seven_faces() {
    assert!(lay(8, &["CB HB DD SD CK HK JK"]).is_ok());
    assert!(matches!(
        err(8, &["CB HB DD SD CK HK H10"]),
        ProfiSortError::CardDoesNotFit {
            need: Need::FaceCard,
            ..
        }
    ));
}

#[test]
fn task9_identical_pairs() {
    assert!(lay(9, &["S3 S3", "HB HB", "D7 D7"]).is_ok());
    assert!(matches!(
        err(9, &["S3 S3", "HB DB", "D7 D7"]),
        ProfiSortError::CardDoesNotFit {
            part: 1,
            need: Need::SameCard { .. },
            ..
        }
    ));
}

#[test]
fn task10_rank_quadruple_in_four_suits() {
    assert!(lay(10, &["H3 D5 C9 SB"]).is_ok());
    assert!(lay(10, &["H4 D6 C10 SD"]).is_ok());
    assert!(matches!(
        err(10, &["H3 D5 C9 HB"]),
        ProfiSortError::CardDoesNotFit {
            need: Need::NewSuit,
            ..
        }
    ));
    assert!(matches!(
        err(10, &["H3 D6 C9 SB"]),
        ProfiSortError::CardDoesNotFit {
            need: Need::TaskTenRank,
            ..
        }
    ));
}

#[test]
fn task11_two_quads() {
    assert!(lay(11, &["C4 H4 H4 JK", "SK SK DK CK"]).is_ok());
    assert_eq!(
        err(11, &["C4 H4 H4 JK", "S4 S4 D4 C4"]),
        ProfiSortError::SameRankTwice {
            task: 11,
            part: 1,
            rank: 4
        }
    );
    // The option allows equal ranks.
    assert!(check_layout(
        11,
        shape(11).unwrap(),
        &parts(&["C4 H4 H4 JK", "S4 S4 D4 C4"]),
        false
    )
    .is_ok());
}

#[test]
fn task12_five_of_a_rank_and_a_run() {
    assert!(lay(12, &["C6 H6 S6 D6 JK", "S10 CB JK HK"]).is_ok());
    assert!(matches!(
        err(12, &["C6 H6 S6 D6 JK", "S10 CB HD HD"]),
        ProfiSortError::CardDoesNotFit {
            part: 1,
            need: Need::RunRank { rank: 13 },
            ..
        }
    ));
}

#[test]
fn task13_eight_run_without_jokers() {
    assert!(lay(13, &["C2 H3 D4 S5 C6 H7 D8 S9"]).is_ok());
    assert!(matches!(
        err(13, &["C2 H3 D4 S5 C6 H7 JK S9"]),
        ProfiSortError::JokerNotAllowed { task: 13, .. }
    ));
}

#[test]
fn task14_triple_and_five_of_a_suit() {
    assert!(lay(14, &["C8 H8 JK", "D2 D5 D9 DK JK"]).is_ok());
    assert!(matches!(
        err(14, &["C8 H8 JK", "D2 D5 D9 DK H3"]),
        ProfiSortError::CardDoesNotFit {
            part: 1,
            need: Need::Suit {
                suit: Suit::Diamonds
            },
            ..
        }
    ));
}

#[test]
fn jokers_never_alone_and_counts_checked() {
    assert_eq!(
        err(2, &["C2 H2 JK", "JK JK JK", "H7 D7 C7"]),
        ProfiSortError::JokersOnly { task: 2, part: 1 }
    );
    assert_eq!(
        err(4, &["JK JK JK JK JK JK"]),
        ProfiSortError::JokersOnly { task: 4, part: 0 }
    );
    assert_eq!(
        err(2, &["C2 H2 JK", "S5 S5 D5"]),
        ProfiSortError::PartCount {
            task: 2,
            expected: 3,
            got: 2
        }
    );
}

#[test]
fn every_shape_is_found_by_the_finder() {
    let hands = [
        "C2 H2 S5 S5 H7 D7 SB CB HK DK",
        "C2 H2 JK S5 S5 D5 H7 D7 C7",
        "C9 S9 H9 D9",
        "H8 H9 JK HB HD HK",
        "C2 H2 SK JK H3 D4 C5 S6 JK H8",
        "C2 H3 D4 S5 C6 H4 C5 JK D7 S8",
        "C2 H2 D3 S3 C3 JK",
        "CB HB DD SD CK HK JK",
        "S3 S3 HB HB D7 D7",
        "H3 D5 C9 SB",
        "C4 H4 H4 JK SK SK DK CK",
        "C6 H6 S6 D6 JK S10 CB JK HK",
        "C2 H3 D4 S5 C6 H7 D8 S9",
        "C8 H8 JK D2 D5 D9 DK JK",
    ];
    for (i, h) in hands.iter().enumerate() {
        let sh = shape(i as u8 + 1).unwrap();
        let o = FindOpts {
            distinct: true,
            max_jokers: 9,
            need_natural: true,
        };
        let found = find_layout(sh, &cards(h), o).unwrap_or_else(|| panic!("task {}", i + 1));
        assert!(
            check_layout(sh.task, sh, &found, true).is_ok(),
            "task {}",
            i + 1
        );
    }
}
