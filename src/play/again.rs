//! "Diese Runde nochmal": a new game that starts with the cards of one deal of another game.
//!
//! Built on the action log: the new game's record is the old one's rules and seed with the
//! actions up to the start of that deal, so the same cards come out, the match stands as it
//! stood then, and the same opponents (seats, bot levels, bot seeds) sit at the table. What
//! the deal brought in the original is kept in the new save's [`Again`], and the deal-end
//! panel shows both results side by side.

use super::session::Session;
use super::UiGame;
use engine::save::{Again, Record, MAX_TITLE_CHARS};
use engine::Standing;

/// Each seat's score, by seat.
pub fn scores(standings: &[Standing], seats: usize) -> Vec<i32> {
    let mut out = vec![0; seats];
    for s in standings {
        if let Some(v) = out.get_mut(s.seat) {
            *v = s.score;
        }
    }
    out
}

/// Where deal `deal` (1 = the first) of `record` begins and what it brought: the number of
/// logged actions before it, each seat's score then, and each seat's points for the deal
/// (up to where the log ends, if the deal is not over). `None` if the log never reaches it.
pub fn deal_in_log<G: UiGame>(
    record: &Record<G>,
    deal: u32,
) -> Option<(usize, Vec<i32>, Vec<i32>)> {
    let mut g = record.start().ok()?;
    let seats = record.seats;
    let mut start = (G::deals_played_of(&g) >= deal).then(|| (0, scores(&g.standings(), seats)));
    if G::deals_played_of(&g) > deal {
        return None;
    }
    for (i, (seat, action)) in record.log.iter().enumerate() {
        g.apply(*seat, action).ok()?;
        let played = G::deals_played_of(&g);
        if start.is_none() && played >= deal {
            start = Some((i + 1, scores(&g.standings(), seats)));
        } else if start.is_some() && played > deal {
            break;
        }
    }
    let (at, begun) = start?;
    let end = scores(&g.standings(), seats);
    let points = end.iter().zip(&begun).map(|(e, b)| e - b).collect();
    Some((at, begun, points))
}

/// The new game "deal `deal` of `s` again" under `id`, titled `title`, started at `now_ms`;
/// `None` if `s` never reached that deal.
pub fn again<G: UiGame>(
    s: &Session<G>,
    deal: u32,
    id: String,
    title: &str,
    now_ms: u64,
) -> Option<Session<G>> {
    let (at, start, before) = deal_in_log(&s.record, deal)?;
    let record = Record::<G> {
        log: s.record.log[..at].to_vec(),
        ..s.record.clone()
    };
    let mut state = record.start().ok()?;
    for (seat, action) in &record.log {
        state.apply(*seat, action).ok()?;
    }
    let mut meta = s.meta.clone();
    meta.title = title.chars().take(MAX_TITLE_CHARS).collect();
    meta.created_ms = now_ms;
    meta.updated_ms = now_ms;
    meta.finished = false;
    meta.by_link = false;
    meta.again = Some(Again {
        deal,
        start,
        before,
    });
    Some(Session {
        id,
        record,
        state,
        meta,
    })
}

/// The points of the deal `again` repeats, in the game now standing at `standings`: each
/// seat's score now minus its score when the deal began.
pub fn points_now(again: &Again, standings: &[Standing]) -> Vec<i32> {
    let now = scores(standings, again.start.len());
    now.iter().zip(&again.start).map(|(n, s)| n - s).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
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

    #[test]
    fn the_same_deal_again_starts_with_the_same_cards_in_every_game() {
        check::<engine::romme::Romme>("romme");
        check::<engine::profisort::ProfiSort>("profisort");
        check::<engine::karussell::Karussell>("karussell");
        check::<engine::abluxxen::Abluxxen>("abluxxen");
    }
}
