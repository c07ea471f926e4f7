//! Finds a Karussell position for the end-to-end test "split a table meld by hand": three
//! players (the human is seat 0, two normal bots), the human about to draw, and after his
//! draw a table sequence of four or more cards whose end card forms a group with two natural
//! hand cards (the sequence stays legal without it). Writes
//! `tests/e2e/fixtures/karussell-split.json`: the share-link payload and the card ids.
//!
//! `cargo run -p bots --example karussell_split_position`

use bots::Bot;
use engine::card::Card;
use engine::karussell::{
    check_meld, KMeldKind, Karussell, KarussellAction, KarussellOptions, PhaseView, TableCard,
};
use engine::save::{share_link, Record, SaveMeta};
use engine::{BotLevel, Game, SeatKind};

/// (end card, two hand cards) of a split the human can make by hand.
fn split(table: &[Vec<TableCard>], hand: &[Card]) -> Option<(TableCard, Card, Card)> {
    for meld in table {
        if meld.len() < 4 || check_meld(meld) != Ok(KMeldKind::Sequence) {
            continue;
        }
        let mut sorted = meld.clone();
        sorted.sort_by_key(|t| t.as_face.rank().map(|r| r.0));
        for end in [0, sorted.len() - 1] {
            let e = sorted[end];
            if e.is_joker() {
                continue;
            }
            let rest: Vec<TableCard> = sorted
                .iter()
                .copied()
                .filter(|t| t.card.id != e.card.id)
                .collect();
            if check_meld(&rest).is_err() {
                continue;
            }
            for (i, a) in hand.iter().enumerate() {
                for b in &hand[i + 1..] {
                    let group = [e, TableCard::natural(*a), TableCard::natural(*b)];
                    if !a.face.is_joker()
                        && !b.face.is_joker()
                        && check_meld(&group) == Ok(KMeldKind::Group)
                    {
                        return Some((e, *a, *b));
                    }
                }
            }
        }
    }
    None
}

fn main() {
    let options = KarussellOptions::default();
    for seed in 1..5_000u64 {
        let mut record = Record::<Karussell>::new(options.clone(), 3, seed);
        let mut game = record.start().expect("start");
        let mut bots: Vec<Box<dyn Bot<Karussell>>> = (0..3)
            .map(|s| {
                Box::new(bots::karussell::KarussellBot::new(
                    BotLevel::Normal,
                    seed * 3 + s,
                )) as Box<dyn Bot<Karussell>>
            })
            .collect();
        for _ in 0..400 {
            let Some(seat) = game.to_move() else { break };
            let view = game.view(seat);
            if !matches!(
                view.phase,
                PhaseView::Draw { .. } | PhaseView::MayMeld { .. }
            ) && view.round > 1
            {
                break;
            }
            if seat == 0 && matches!(view.phase, PhaseView::Draw { .. }) && !view.table.is_empty() {
                let mut after = game.clone();
                after.apply(0, &KarussellAction::Draw).expect("draw");
                let v = after.view(0);
                if let Some((e, a, b)) = split(&v.table, &v.hand) {
                    let meta = SaveMeta {
                        title: "Karussell".to_string(),
                        created_ms: 1_795_000_000_000,
                        updated_ms: 1_795_000_100_000,
                        player_names: ["Anna", "Ben", "Cara"].map(String::from).to_vec(),
                        variant: "karussell".to_string(),
                        seat_kinds: vec![
                            SeatKind::Human,
                            SeatKind::Bot(BotLevel::Normal),
                            SeatKind::Bot(BotLevel::Normal),
                        ],
                        finished: false,
                        by_link: false,
                        again: None,
                        hints: None,
                        hints_used: false,
                    };
                    let link = share_link(&record, &meta).expect("link");
                    let json = format!(
                        "{{\"seed\": {seed}, \"end_card\": {}, \"hand_cards\": [{}, {}], \"faces\": \"{} + {} {}\", \"link\": \"{link}\"}}\n",
                        e.card.id.0, a.id.0, b.id.0, e.as_face, a.face, b.face
                    );
                    let path = concat!(
                        env!("CARGO_MANIFEST_DIR"),
                        "/../../tests/e2e/fixtures/karussell-split.json"
                    );
                    std::fs::write(path, json).expect("write");
                    println!(
                        "seed {seed}: {} to a group with {} {} ({} actions)",
                        e.as_face,
                        a.face,
                        b.face,
                        record.log.len()
                    );
                    return;
                }
            }
            let legal = game.legal_actions(seat);
            let action = bots[seat].choose(&game.view(seat), &legal);
            record.play(&mut game, seat, action).expect("legal");
        }
    }
    panic!("no position found");
}
