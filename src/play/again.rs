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
