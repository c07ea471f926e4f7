//! Finds Rommé positions for the end-to-end tests of the moments that must never mislead,
//! and writes `tests/e2e/fixtures/romme.json` (share-link payloads and card ids):
//! - `choice` (mit Anlegen): the human, opened, after his draw holds a card that can both
//!   be laid off on a table meld and exchange that meld's joker.
//! - `early` (Grundspiel) and `early_anlegen` (mit Anlegen): the human has not opened and
//!   after his draw holds the card a table joker stands for.
//! - `upcard` (Räuber-Rommé): the human, opened, is to draw; the top discard would extend
//!   a table meld.
//! - `win` (Grundspiel, one deal, against an easy bot): the human may declare "Rommé" and
//!   so wins the match.
//! - `link` (Grundspiel, two people, Anna to draw): a game sent by link.
//!
//! `cargo run --example romme_moments`

use engine::games::variant_options;
use engine::romme::{MatchEnd, Phase, Romme, RommeAction as A, RommeOptions};
use engine::save::{share_link, Record, SaveMeta};
use engine::{BotLevel, Game, SeatKind};

fn meta(variant: &str, bot: BotLevel) -> SaveMeta {
    SaveMeta {
        title: "Rommé".to_string(),
        created_ms: 1_795_000_000_000,
        updated_ms: 1_795_000_100_000,
        player_names: ["Anna", "Ben"].map(String::from).to_vec(),
        variant: variant.to_string(),
        seat_kinds: vec![SeatKind::Human, SeatKind::Bot(bot)],
        finished: false,
        by_link: false,
        again: None,
        hints: None,
        hints_used: false,
    }
}

/// A plain policy: draw from the talon, meld (when `meld`), discard the last card.
fn simple(legal: &[A], meld: bool) -> A {
    let find = |f: &dyn Fn(&A) -> bool| legal.iter().find(|a| f(a)).cloned();
    find(&|a| matches!(a, A::DrawTalon | A::PassBuy | A::NextDeal | A::DeclineRomme))
        .or_else(|| {
            meld.then(|| find(&|a| matches!(a, A::Meld { .. })))
                .flatten()
        })
        .or_else(|| {
            legal
                .iter()
                .rev()
                .find(|a| matches!(a, A::Discard { .. }))
                .cloned()
        })
        .unwrap_or_else(|| legal[0].clone())
}

/// Plays seeds of `variant` (the human melds when `human_melds`) until `found` says the
/// human's position is the one wanted; returns the link and what `found` returned.
fn search(
    variant: &str,
    human_melds: bool,
    found: impl Fn(&Romme, &[A]) -> Option<String>,
) -> String {
    let options = variant_options::<Romme>(variant).expect("variant");
    search_with(variant, options, BotLevel::Normal, human_melds, found)
}

fn search_with(
    variant: &str,
    options: RommeOptions,
    bot: BotLevel,
    human_melds: bool,
    found: impl Fn(&Romme, &[A]) -> Option<String>,
) -> String {
    for seed in 1..20_000u64 {
        let mut record = Record::<Romme>::new(options.clone(), 2, seed);
        let mut game = record.start().expect("start");
        for _ in 0..400 {
            let Some(seat) = game.to_move() else { break };
            if game.phase() == &Phase::DealOver {
                break;
            }
            let legal = game.legal_actions(seat);
            if seat == 0 {
                if let Some(extra) = found(&game, &legal) {
                    let link = share_link(&record, &meta(variant, bot)).expect("link");
                    println!("{variant}: seed {seed}: {extra}");
                    return format!("{{\"seed\": {seed}, {extra}, \"link\": \"{link}\"}}");
                }
            }
            let melds = if seat == 1 {
                bot != BotLevel::Easy
            } else {
                human_melds
            };
            let action = simple(&legal, melds);
            record.play(&mut game, seat, action).expect("legal");
        }
    }
    panic!("no position found for {variant}");
}

/// After the human's draw: a card that both lays off on and exchanges at one meld.
fn choice(g: &Romme, legal: &[A]) -> Option<String> {
    if g.phase() != &Phase::Play {
        return None;
    }
    legal.iter().find_map(|a| match a {
        A::ExchangeJoker { card, meld } => legal
            .contains(&A::LayOff {
                card: *card,
                meld: *meld,
            })
            .then(|| format!("\"card\": {}, \"meld\": {}", card.0, meld.0)),
        _ => None,
    })
}

/// After the human's draw, not opened: the card a table joker stands for.
fn early(g: &Romme) -> Option<String> {
    if g.phase() != &Phase::Play || g.deal_state().opened[0] {
        return None;
    }
    let rules = g.options().meld_rules();
    let hand = &g.deal_state().hands[0];
    g.deal_state().table.iter().find_map(|m| {
        let c = hand
            .iter()
            .find(|c| m.meld.jokers() > 0 && m.meld.replace_joker(**c, &rules).is_ok())?;
        Some(format!("\"card\": {}, \"meld\": {}", c.id.0, m.id.0))
    })
}

/// The human, opened, to draw: the top discard would extend a table meld.
fn upcard(g: &Romme) -> Option<String> {
    let d = g.deal_state();
    if g.phase() != &Phase::Draw || !d.opened[0] || d.hands[0].len() < 4 {
        return None;
    }
    let top = *d.discard.last()?;
    let rules = g.options().meld_rules();
    let m = d
        .table
        .iter()
        .find(|m| m.meld.extend(top, &rules).is_ok())?;
    Some(format!("\"card\": {}, \"meld\": {}", top.id.0, m.id.0))
}

/// A new game of two people, Anna (seat 0) to play first.
fn link_game() -> String {
    let options = variant_options::<Romme>("romme").expect("romme");
    for seed in 1..100u64 {
        let record = Record::<Romme>::new(options.clone(), 2, seed);
        let game = record.start().expect("start");
        if game.to_move() == Some(0) {
            let meta = SaveMeta {
                seat_kinds: vec![SeatKind::Human, SeatKind::Human],
                ..meta("romme", BotLevel::Normal)
            };
            let link = share_link(&record, &meta).expect("link");
            println!("link: seed {seed}");
            return format!("{{\"seed\": {seed}, \"link\": \"{link}\"}}");
        }
    }
    panic!("no seed where Anna starts");
}

fn main() {
    let json = format!(
        "{{\"choice\": {},\n\"early\": {},\n\"early_anlegen\": {},\n\"upcard\": {},\n\"win\": {},\n\"link\": {}}}\n",
        search("romme_anlegen", true, choice),
        search("romme", false, |g, _| early(g)),
        search("romme_anlegen", false, |g, _| early(g)),
        search("romme_raeuber", true, |g, _| upcard(g)),
        search_with(
            "romme",
            RommeOptions {
                match_end: MatchEnd::Deals { count: Some(1) },
                ..variant_options::<Romme>("romme").expect("romme")
            },
            BotLevel::Easy,
            true,
            |g, legal| (g.phase() == &Phase::MayDeclare && legal.contains(&A::DeclareRomme))
                .then(|| "\"declare\": true".to_string()),
        ),
        link_game(),
    );
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/e2e/fixtures/romme.json");
    std::fs::write(path, json).expect("write");
}
