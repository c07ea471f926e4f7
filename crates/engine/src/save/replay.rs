//! Link format `4` (issue 27): the save packed as in format `3`, its action log coded by
//! replaying the game.
//!
//! The save's tree, with the record's log left empty (`[]`), is packed by
//! [`super::pack::Packer`] exactly as format `3` packs a tree. The same range coder then
//! codes the log: its number of actions, then each action knowing the game as it stands
//! before it, which the reader rebuilds the same way (the game named by the tree, dealt from
//! the record's options, seats and seed, every action applied in turn):
//! - the seat is not coded: it is the seat that must decide ([`Game::to_move`]);
//! - the acting seat's legal actions ([`Game::legal_actions`]) are grouped by their kind (an
//!   action's JSON: the string of a unit variant, the `type` field of a tagged one, else the
//!   one key of an externally tagged one), the kinds in the order they first appear. For
//!   each kind in turn one yes/no says whether the action is of that kind, in the context
//!   of the kind asked and of the previous action's kind (in a Rommé draw: "from the talon?"
//!   after a discard costs a fraction of a bit);
//! - an action of a kind with more than one legal action is then its index among them, in
//!   a binary tree of as many bits as the largest index has, in the context of the kind and
//!   that bit count (a discard: about log2 of the hand's size instead of a card's id);
//! - an action that is not in the list (a meld the list does not offer, a Räuber table
//!   move) answers no to every kind and is packed as its JSON tree, with everything the
//!   packer learnt of the tree and of earlier such actions, and with copies: an array's
//!   item that is an array equal to an item of the array coded last at the same place
//!   (Karussell's table move restates the table: most of its melds are the ones before) is
//!   a yes, then whether it is the item after the last copy's, else its index.
//!
//! The checksum of the link is that of the JSON the whole tree prints as, as in format `3`.
//! A log has at most [`MAX_ACTIONS`] actions (a longer one is written in format `3`). The
//! contexts and constants here are part of format `4` and never change. Decoding never
//! panics: a seat that is not to move, an index beyond the list, an action the game rejects,
//! a tree that is not a save of a known game are all errors.

use super::pack::{mix, PackError, Packer};
use super::Record;
use crate::game::{Game, Seat};
use crate::games::{with_game, GameVisitor, Listed};
use serde_json::Value;

/// The most actions a format-`4` log holds.
pub(crate) const MAX_ACTIONS: usize = 50_000;

// Context tags of format 4's own symbols (beyond format 3's).
const LOG_LEN: u64 = 0x4001;
const IS_KIND: u64 = 0x4002;
const INDEX: u64 = 0x4003;
const ESCAPE: u64 = 0x4004;

/// An action's kind: a hash of its variant's name (see the module docs).
fn kind_of(v: &Value) -> u64 {
    let name = match v {
        Value::String(s) => s.as_str(),
        Value::Object(m) => match m.get("type") {
            Some(Value::String(s)) => s.as_str(),
            _ if m.len() == 1 => m.keys().next().map_or("", String::as_str),
            _ => "",
        },
        _ => "",
    };
    name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn bit_length(v: usize) -> u32 {
    usize::BITS - v.leading_zeros()
}

/// Codes (writing) or decodes (reading) the log of game `G` into `p`, after the tree.
fn log<G: Game>(
    p: &mut Packer<'_>,
    tree: &Value,
    actions: &[(Seat, G::Action)],
) -> Result<Vec<Value>, PackError> {
    let record = tree.get("record").ok_or(PackError::Damaged)?;
    let field = |k: &str| record.get(k).cloned().unwrap_or(Value::Null);
    let options: G::Options =
        serde_json::from_value(field("options")).map_err(|_| PackError::Damaged)?;
    let seats = field("seats").as_u64().ok_or(PackError::Damaged)?;
    let seats = usize::try_from(seats).map_err(|_| PackError::Damaged)?;
    let seed = field("seed").as_u64().ok_or(PackError::Damaged)?;
    let mut game = G::new(&options, seats, seed).map_err(|_| PackError::Damaged)?;
    let len = p.number(LOG_LEN, actions.len() as u64)?;
    let len = p.count(len)?;
    if len > MAX_ACTIONS {
        return Err(PackError::TooLarge);
    }
    let mut out = Vec::with_capacity(len);
    let mut previous = 0u64;
    for i in 0..len {
        let seat = game.to_move().ok_or(PackError::Damaged)?;
        let given = actions.get(i);
        if given.is_some_and(|(s, _)| *s != seat) {
            return Err(PackError::Damaged);
        }
        let (action, kind) = one_action::<G>(p, &game, seat, given.map(|(_, a)| a), previous)?;
        game.apply(seat, &action).map_err(|_| PackError::Damaged)?;
        previous = kind;
        let json = serde_json::to_value(&action).map_err(|_| PackError::Damaged)?;
        out.push(Value::Array(vec![Value::from(seat), json]));
    }
    Ok(out)
}

/// One action of `seat` (writing: `given`), and its kind.
fn one_action<G: Game>(
    p: &mut Packer<'_>,
    game: &G,
    seat: Seat,
    given: Option<&G::Action>,
    previous: u64,
) -> Result<(G::Action, u64), PackError> {
    let legal = game.legal_actions(seat);
    let kinds: Vec<u64> = legal
        .iter()
        .map(|a| serde_json::to_value(a).map_or(0, |v| kind_of(&v)))
        .collect();
    let mut order: Vec<u64> = Vec::new();
    for &k in &kinds {
        if !order.contains(&k) {
            order.push(k);
        }
    }
    let at = given.and_then(|a| legal.iter().position(|l| l == a));
    let wanted = at.map(|i| kinds[i]);
    for &kind in &order {
        if !p.yes(mix(mix(IS_KIND, previous), kind), wanted == Some(kind))? {
            continue;
        }
        let members: Vec<usize> = (0..legal.len()).filter(|&i| kinds[i] == kind).collect();
        let index = at.and_then(|i| members.iter().position(|&m| m == i));
        let bits = bit_length(members.len() - 1);
        let index = p.bits(
            mix(mix(INDEX, kind), u64::from(bits)),
            bits,
            index.unwrap_or(0) as u64,
        )?;
        let chosen = usize::try_from(index)
            .ok()
            .and_then(|i| members.get(i))
            .ok_or(PackError::Damaged)?;
        return Ok((legal[*chosen].clone(), kind));
    }
    let json = given.map_or(Ok(Value::Null), serde_json::to_value);
    let json = json.map_err(|_| PackError::Damaged)?;
    p.set_copies(true);
    let json = p.tree_value(mix(ESCAPE, previous), &json);
    p.set_copies(false);
    let json = json?;
    let kind = kind_of(&json);
    let action = serde_json::from_value(json).map_err(|_| PackError::Damaged)?;
    Ok((action, kind))
}

/// The save tree `tree` (its log left out) and then its log by replay (format `4`).
pub(crate) fn pack<G: Game>(tree: &Value, record: &Record<G>) -> Result<Vec<u8>, PackError> {
    if record.log.len() > MAX_ACTIONS {
        return Err(PackError::TooLarge);
    }
    let mut p = Packer::writer();
    p.tree_value(0, &without_log(tree))?;
    log::<G>(&mut p, tree, &record.log)?;
    Ok(p.finish())
}

/// The tree with its record's log empty.
fn without_log(tree: &Value) -> Value {
    let mut tree = tree.clone();
    if let Some(log) = tree.get_mut("record").and_then(|r| r.get_mut("log")) {
        *log = Value::Array(Vec::new());
    }
    tree
}

/// Unpacks what [`pack`] made: the whole save tree, at most `budget` nodes and bytes. The
/// log is read by replaying the game the tree names (any game of the catalog).
pub(crate) fn unpack(bytes: &[u8], budget: usize) -> Result<Value, PackError> {
    struct Read<'p, 'a> {
        p: &'p mut Packer<'a>,
        tree: &'p Value,
    }
    impl GameVisitor for Read<'_, '_> {
        type Out = Result<Vec<Value>, PackError>;
        fn visit<G: Listed>(self) -> Self::Out {
            log::<G>(self.p, self.tree, &[])
        }
    }
    unpack_with(bytes, budget, |p, tree| {
        let name = tree.get("game").and_then(Value::as_str).unwrap_or("");
        let name = name.to_string();
        with_game(&name, Read { p, tree }).map_err(|_| PackError::Damaged)?
    })
}

/// [`unpack`] of a save known to be of game `G` (the read-back check of the writer): no
/// dispatch over the catalog, so code that writes links of one game does not link the
/// rules of every game (a table part of the page's wasm stays that game's).
pub(crate) fn unpack_as<G: Game>(bytes: &[u8], budget: usize) -> Result<Value, PackError> {
    unpack_with(bytes, budget, |p, tree| log::<G>(p, tree, &[]))
}

/// The save tree without its log, then the log by `read`, put in its place.
fn unpack_with(
    bytes: &[u8],
    budget: usize,
    read: impl FnOnce(&mut Packer<'_>, &Value) -> Result<Vec<Value>, PackError>,
) -> Result<Value, PackError> {
    let mut p = Packer::reader(bytes, budget);
    let mut tree = p.tree_value(0, &Value::Null)?;
    let actions = read(&mut p, &tree)?;
    p.read_all()?;
    match tree.get_mut("record").and_then(|r| r.get_mut("log")) {
        Some(Value::Array(log)) if log.is_empty() => *log = actions,
        _ => return Err(PackError::Damaged),
    }
    Ok(tree)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;
    use crate::romme::{Preset, Romme};
    use crate::save::{decode_link, open_link, share_link, SaveError, SaveMeta};

    fn played(preset: Preset, seed: u64, steps: usize) -> Record<Romme> {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut record = Record::<Romme>::new(preset.options(), 3, seed);
        let mut game = record.start().unwrap();
        for _ in 0..steps {
            let Some(seat) = game.to_move() else { break };
            let legal = game.legal_actions(seat);
            let a = legal[rng.below(legal.len() as u64) as usize].clone();
            record.play(&mut game, seat, a).unwrap();
        }
        record
    }

    #[test]
    fn logs_round_trip_by_replay() {
        for (i, preset) in Preset::ALL.into_iter().enumerate() {
            let record = played(preset, 40 + i as u64, 90);
            let link = share_link(&record, &SaveMeta::default()).unwrap();
            assert!(link.starts_with('4'), "{preset:?}");
            let (back, _, _) = open_link::<Romme>(&link).unwrap();
            assert_eq!(back, record, "{preset:?}");
        }
        // an empty log, and a record that does not replay, are no format 4
        let empty = played(Preset::Grundspiel, 3, 0);
        let link = share_link(&empty, &SaveMeta::default()).unwrap();
        assert_eq!(open_link::<Romme>(&link).unwrap().0, empty);
        let mut wrong = played(Preset::Grundspiel, 3, 4);
        wrong.log[2].0 = (wrong.log[2].0 + 1) % 3;
        let tree = serde_json::json!({"game": "romme", "record": wrong});
        assert!(pack(&tree, &wrong).is_err());
    }

    #[test]
    fn damaged_format_4_links_are_errors_never_panics() {
        let record = played(Preset::Raeuber, 7, 40);
        let link = share_link(&record, &SaveMeta::default()).unwrap();
        assert!(link.starts_with('4'));
        let is_bad = |s: &str| matches!(decode_link(s), Err(SaveError::BadLink { .. }));
        for end in 0..link.len() {
            assert!(is_bad(&link[..end]), "truncated at {end}");
        }
        let mut rng = GameRng::seed_from_u64(17);
        let payload = crate::save::link::base64url_decode(&link[1..]).unwrap();
        let payload = &payload[..payload.len() - 4];
        assert!(unpack(payload, 1 << 16).is_ok());
        for _ in 0..300 {
            // bits flipped in the log's part, after the tree
            let mut changed = payload.to_vec();
            let i = payload.len() / 2 + rng.below(payload.len() as u64 / 2) as usize;
            changed[i] ^= 1 << rng.below(8);
            let _ = unpack(&changed, 1 << 16);
            let bytes = crate::fuzz::mutate_bytes(&mut rng, &link);
            let s = String::from_utf8_lossy(&bytes);
            if s != link {
                assert!(is_bad(&s), "{s}");
            }
            let noise: Vec<u8> = (0..rng.below(120)).map(|_| rng.below(256) as u8).collect();
            let _ = unpack(&noise, 1 << 16);
        }
    }
}
