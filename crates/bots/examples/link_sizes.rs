//! Share-link sizes of link formats 2, 3 and 4 (issue 27), for every preset:
//! `cargo run -p bots --example link_sizes`.
//!
//! Per catalog entry, normal bots play a whole match in the catalog's default number of
//! seats (Rommé to 500 points; the other games their preset's match). Printed, in
//! characters: the link of the first deal half played, of the whole first deal (up to the
//! first change of the scores) and of the whole match, as formats 1/2 wrote it (`before`,
//! [`engine::save::encode_link_v2`]), as format 3 writes it ([`engine::save::encode_link`])
//! and as [`engine::save::share_link`] writes it now (`after`, format 4 where shorter).
//! Every link is opened again and must reach the same position. Exits with an error when a
//! goal for a Rommé preset is missed: a deal in at most 300 characters, a whole match to 500
//! points in at most 2,000.

#[path = "shared/meta.rs"]
mod shared_meta;
use shared_meta::sample_meta;

use bots::games::{with_bot_game, BotVisitor};
use bots::BotGame;
use engine::games::{open_any_link, options_of, VariantInfo, VARIANTS};
use engine::save::{encode_link, encode_link_v2, save, share_link, Record, SaveMeta};
use engine::BotLevel;

const DEAL_GOAL: usize = 300;
const MATCH_GOAL: usize = 2000;

fn meta(v: &VariantInfo, seats: usize) -> SaveMeta {
    sample_meta(v.id, v.id, seats, true)
}

/// The link's length before, in format 3 and after; checks that each opens to the same
/// position.
fn sizes<G: BotGame>(record: &Record<G>, meta: &SaveMeta) -> [usize; 3] {
    let game = record.replay().expect("replays");
    let json = save(record, &game, meta).expect("save");
    let links = [
        encode_link_v2(&json),
        encode_link(&json),
        share_link(record, meta).expect("link"),
    ];
    for link in &links {
        let opened = open_any_link(link).expect("opens");
        assert_eq!(opened.game.position(), game.position(), "{}", meta.variant);
    }
    links.map(|l| l.len())
}

/// One row: before, format 3, after and actions of the first deal half played, of the whole
/// first deal and of the whole match, then the match's deals.
struct Row(&'static VariantInfo);

impl BotVisitor for Row {
    type Out = [usize; 13];
    fn visit<G: BotGame>(self) -> [usize; 13] {
        let v = self.0;
        let options = options_of::<G>(v).expect("a catalog preset");
        let seats = v.default_players;
        let seed = 20_270_000;
        let mut bots: Vec<_> = (0..seats)
            .map(|s| bots::bot_for::<G>(BotLevel::Normal, seed + s as u64, &options))
            .collect();
        let mut record = Record::<G>::new(options, seats, seed);
        let mut game = record.start().expect("start");
        let start_scores = game.position().scores;
        let (mut first_deal, mut deals, mut scores) = (None, 0, start_scores.clone());
        while let Some(seat) = game.to_move() {
            let legal = game.legal_actions(seat);
            let action = bots[seat].choose(&game.view(seat), &legal);
            record.play(&mut game, seat, action).expect("legal");
            let now = game.position().scores;
            if now != scores {
                // A deal was scored.
                deals += 1;
                first_deal.get_or_insert(record.log.len());
                scores = now;
            }
        }
        let mut m = meta(v, seats);
        let deal_len = first_deal.unwrap_or(record.log.len());
        let mut row = [0; 13];
        for (i, len) in [deal_len / 2, deal_len].into_iter().enumerate() {
            let mut part = record.clone();
            part.log.truncate(len);
            row[i * 4..i * 4 + 3].copy_from_slice(&sizes(&part, &m));
            row[i * 4 + 3] = len;
        }
        m.finished = game.is_over();
        row[8..11].copy_from_slice(&sizes(&record, &m));
        row[11..].copy_from_slice(&[record.log.len(), deals]);
        row
    }
}

fn main() {
    println!(
        "{:<14} {:^29} | {:^29} | {:^29}",
        "", "first deal, half", "first deal", "whole match"
    );
    let head = "before format3  after actions";
    println!("{:<14} {head} | {head} | {head}  deals", "preset");
    let mut missed = Vec::new();
    for v in VARIANTS {
        let Some(game) = v.game else { continue };
        let r = with_bot_game(game, Row(v)).expect("a game of the bots' list");
        let cells = |c: &[usize]| format!("{:>6} {:>7} {:>6} {:>7}", c[0], c[1], c[2], c[3]);
        println!(
            "{:<14} {} | {} | {} {:>6}",
            v.id,
            cells(&r[0..4]),
            cells(&r[4..8]),
            cells(&r[8..12]),
            r[12]
        );
        let romme = v.id.starts_with("romme");
        if romme && r[6] > DEAL_GOAL {
            missed.push(format!("{}: a deal {} > {DEAL_GOAL}", v.id, r[6]));
        }
        if romme && r[10] > MATCH_GOAL {
            missed.push(format!("{}: a match {} > {MATCH_GOAL}", v.id, r[10]));
        }
    }
    if !missed.is_empty() {
        eprintln!("goals missed: {missed:?}");
        std::process::exit(1);
    }
    println!(
        "goals met: a deal of every Rommé preset ≤ {DEAL_GOAL} characters, a match ≤ {MATCH_GOAL}"
    );
}
