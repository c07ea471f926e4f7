//! Finds Profi-Sort positions for the end-to-end tests and writes
//! `tests/e2e/fixtures/profisort.json` (share-link payloads and card ids):
//! - `task`: two players, the human (seat 0) after his draw holds a complete task and an
//!   ace; after laying the task he can still give the ace and discard.
//! - `end`: the talon is nearly empty and the human is about to draw; the deal ends by an
//!   empty talon within a few turns.
//!
//! `cargo run --example profisort_positions`

use engine::profisort::{Phase, ProfiSort, ProfiSortAction as A, ProfiSortOptions};
use engine::save::{share_link, Record, SaveMeta};
use engine::{BotLevel, Game, SeatKind};

fn meta() -> SaveMeta {
    SaveMeta {
        title: "Profi-Sort".to_string(),
        created_ms: 1_795_000_000_000,
        updated_ms: 1_795_000_100_000,
        player_names: ["Anna", "Ben"].map(String::from).to_vec(),
        variant: "profisort".to_string(),
        seat_kinds: vec![SeatKind::Human, SeatKind::Bot(BotLevel::Normal)],
        finished: false,
        by_link: false,
        again: None,
        hints: None,
        hints_used: false,
    }
}

/// A plain policy: keep the hand, draw, (optionally) lay a task, discard the first card.
fn simple(legal: &[A], lay: bool) -> A {
    let find = |f: &dyn Fn(&A) -> bool| legal.iter().find(|a| f(a)).cloned();
    find(&|a| matches!(a, A::KeepHand | A::Draw | A::NextDeal))
        .or_else(|| {
            lay.then(|| find(&|a| matches!(a, A::LayTask { .. })))
                .flatten()
        })
        .or_else(|| find(&|a| matches!(a, A::Discard { .. })))
        .unwrap_or_else(|| legal[0].clone())
}

fn ace_of(g: &ProfiSort) -> Option<A> {
    g.legal_actions(0)
        .into_iter()
        .find(|a| matches!(a, A::GiveAce { to: 1, .. }))
}

/// The task position: (payload, task, task cards, ace).
fn task_position() -> String {
    let options = ProfiSortOptions::default();
    for seed in 1..20_000u64 {
        let mut record = Record::<ProfiSort>::new(options.clone(), 2, seed);
        let mut game = record.start().expect("start");
        for _ in 0..12 {
            let Some(seat) = game.to_move() else { break };
            let legal = game.legal_actions(seat);
            if seat == 0 && game.view(0).phase == Phase::Play {
                let lay = legal
                    .iter()
                    .find(|a| matches!(a, A::LayTask { task, .. } if *task != 15));
                if let (Some(A::LayTask { task, parts, .. }), Some(_)) = (lay, ace_of(&game)) {
                    let mut after = game.clone();
                    after.apply(0, lay.unwrap()).expect("lay");
                    if let Some(give) = ace_of(&after) {
                        let A::GiveAce { card: ace, .. } = give else {
                            unreachable!()
                        };
                        after.apply(0, &give).expect("give");
                        let discards = after.legal_actions(0);
                        if discards.iter().any(|a| matches!(a, A::Discard { .. })) {
                            let ids: Vec<String> =
                                parts.concat().iter().map(|c| c.0.to_string()).collect();
                            let link = share_link(&record, &meta()).expect("link");
                            println!("task: seed {seed}, task {task}, {} cards", ids.len());
                            return format!(
                                "{{\"seed\": {seed}, \"task\": {task}, \"cards\": [{}], \"ace\": {}, \"link\": \"{link}\"}}",
                                ids.join(", "),
                                ace.0
                            );
                        }
                    }
                }
            }
            let action = simple(&legal, false);
            record.play(&mut game, seat, action).expect("legal");
        }
    }
    panic!("no task position found");
}

/// The end position: the human about to draw with at most 3 talon cards left.
fn end_position() -> String {
    let options = ProfiSortOptions::default();
    for seed in 1..200u64 {
        let mut record = Record::<ProfiSort>::new(options.clone(), 2, seed);
        let mut game = record.start().expect("start");
        for _ in 0..2_000 {
            let Some(seat) = game.to_move() else { break };
            let v = game.view(seat);
            if v.deal > 1 || v.phase == Phase::DealOver {
                break;
            }
            if seat == 0 && v.phase == Phase::Draw && v.talon <= 3 {
                let link = share_link(&record, &meta()).expect("link");
                println!("end: seed {seed}, talon {}", v.talon);
                return format!(
                    "{{\"seed\": {seed}, \"talon\": {}, \"link\": \"{link}\"}}",
                    v.talon
                );
            }
            let legal = game.legal_actions(seat);
            let action = simple(&legal, false);
            record.play(&mut game, seat, action).expect("legal");
        }
    }
    panic!("no end position found");
}

fn main() {
    let json = format!(
        "{{\"task\": {},\n\"end\": {}}}\n",
        task_position(),
        end_position()
    );
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/e2e/fixtures/profisort.json"
    );
    std::fs::write(path, json).expect("write");
}
