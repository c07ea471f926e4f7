//! The worked examples of `rules/manipulation.md` (3 players: Ann 0, Bob 1, Cid 2).

use super::*;

fn points(pips: &[u32], end: RoundEnd) -> (Vec<Seat>, Vec<i32>) {
    let s = score_round(pips, &end);
    (s.winners, s.points)
}

#[test]
fn example_1_undercut() {
    let (w, p) = points(&[4, 12, 3], RoundEnd::Knocked { seat: 0, pips: 4 });
    assert_eq!(w, vec![2]);
    assert_eq!(p, vec![0, 0, 20]);
    let s = score_round(&[4, 12, 3], &RoundEnd::Knocked { seat: 0, pips: 4 });
    assert_eq!(
        s.details[2],
        vec![
            ScoreLine::Differences { points: 10 },
            ScoreLine::Undercut { points: 10 }
        ]
    );
}

#[test]
fn example_2_knocker_wins() {
    let (w, p) = points(&[5, 12, 30], RoundEnd::Knocked { seat: 0, pips: 5 });
    assert_eq!((w, p), (vec![0], vec![32, 0, 0]));
}

#[test]
fn example_3_going_out() {
    let (w, p) = points(&[0, 15, 22], RoundEnd::WentOut { seat: 0 });
    assert_eq!((w, p), (vec![0], vec![62, 0, 0]));
}

#[test]
fn example_4_knocker_tied() {
    let (w, p) = points(&[5, 5, 20], RoundEnd::Knocked { seat: 0, pips: 5 });
    assert_eq!((w, p), (vec![1], vec![0, 25, 0]));
}

#[test]
fn example_5_match_end_bonuses() {
    let b = match_bonuses(&[162, 120, 90], &[5, 3, 2], 150, true);
    assert_eq!(b.reached, vec![0]);
    assert_eq!(b.target_bonus, vec![100, 0, 0]);
    assert_eq!(b.round_bonus, vec![125, 75, 50]);
    // The seed's wording (the default): "every other player" gets the round bonus.
    let b = match_bonuses(&[162, 120, 90], &[5, 3, 2], 150, false);
    assert_eq!(b.round_bonus, vec![0, 75, 50]);
    assert!(!KarussellOptions::default().round_bonus_for_all);
}

/// Example 5 played: Ann reaches 162 by knocking; the match ends with the bonuses.
#[test]
fn example_5_played_to_the_end() {
    let opts = KarussellOptions {
        round_bonus_for_all: true,
        ..KarussellOptions::default()
    };
    let s = Setup {
        hands: vec![faces("H2 H3 H4 CA"), faces("CK SK"), faces("DK D9")],
        stock_top: faces("C2"),
        dealer: 2,
        turn: 0,
        totals: vec![162 - 33, 120, 90],
        rounds_won: vec![4, 3, 2],
        ..Setup::default()
    };
    // Ann melds H2-H4 and keeps CA C2 (3 pips); Bob 20, Cid 19: 17 + 16 = 33.
    let mut g = Karussell::from_parts(&opts, &s, 1).unwrap();
    draw(&mut g, 0);
    let m = ids(&g, 0, "H2 H3 H4");
    ok(&mut g, 0, meld(vec![cards(&m)]));
    assert_eq!(g.phase(), Phase::KnockDecision);
    let ev = ok(&mut g, 0, KarussellAction::Knock);
    assert!(ev.contains(&KarussellEvent::Knocked { seat: 0, pips: 3 }));
    assert_eq!(g.phase(), Phase::MatchOver);
    assert_eq!(g.to_move(), None);
    assert_eq!(g.rounds_won(), &[5, 3, 2]);
    assert_eq!(g.score_sheet()[0].totals, vec![162, 120, 90]);
    assert_eq!(g.totals(), &[162 + 100 + 125, 120 + 75, 90 + 50]);
    let st = g.standings();
    assert_eq!(st[0].place, 1);
    assert!(matches!(ev.last(), Some(KarussellEvent::MatchEnded { .. })));
}

#[test]
fn two_players_score_the_difference() {
    let (w, p) = points(&[3, 20], RoundEnd::Knocked { seat: 0, pips: 3 });
    assert_eq!((w, p), (vec![0], vec![17, 0]));
    let (w, p) = points(&[9, 7], RoundEnd::StockExhausted { emptied_by: 0 });
    assert_eq!((w, p), (vec![1], vec![0, 2]));
}

#[test]
fn knocker_tied_with_two_both_win_with_undercut() {
    let (w, p) = points(&[4, 4, 4, 10], RoundEnd::Knocked { seat: 0, pips: 4 });
    assert_eq!(w, vec![1, 2]);
    assert_eq!(p, vec![0, 16, 16, 0]);
}

#[test]
fn no_knocker_ties_all_win_without_bonus() {
    let (w, p) = points(&[6, 6, 10, 20], RoundEnd::StockExhausted { emptied_by: 3 });
    assert_eq!(w, vec![0, 1]);
    assert_eq!(p, vec![18, 18, 0, 0]);
}

#[test]
fn standings_break_ties_by_rounds_won() {
    let mut g = build(
        &KarussellOptions::default(),
        &["CK", "DK", "SK"],
        &[],
        "",
        "",
        0,
    );
    g.totals = vec![200, 200, 100];
    g.rounds_won = vec![2, 3, 9];
    let st = g.standings();
    assert_eq!(
        st.iter().map(|s| s.place).collect::<Vec<_>>(),
        vec![2, 1, 3]
    );
}
