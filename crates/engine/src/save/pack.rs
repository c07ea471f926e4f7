//! Link format `3`: a save's JSON tree packed with an adaptive binary range coder.
//!
//! The JSON is read as a tree ([`Value`]) and every node is coded bit by bit, each bit with
//! an adaptive probability chosen by its context: where the node sits (the keys and tuple
//! positions above it), the value last coded at that place and the last string value coded
//! anywhere (in a record's log: the previous action's kind). So what repeats in a record
//! (the seat's turn order, an action's fields, its kind after the previous one) costs a
//! fraction of a bit; cards cost about their information. Strings are coded once and then
//! by their index in a table that starts with [`WORDS`] (the field names and enum tags of
//! today's saves); a lowercase hex text (the digest) goes as nibbles. An object's list of
//! keys (its shape) is coded once and then by its index. A large number (a card) is first
//! guessed as the one that followed the previous large number last time (a run of cards
//! moved as a whole, as Karussell's table moves are).
//!
//! The coder is LZMA's range coder, without its always-zero first byte and the three zero
//! bytes of its flush; its 12-bit probabilities adapt by 1/(n + 2) after their n-th bit
//! (n at most 30), so a context learns from its first uses. Everything here is part of
//! format `3`: the words, the contexts and the constants never change; a different packing
//! is a new format (format `4`, [`super::replay`], uses this walk with its copies of arrays
//! on, which format `3` never turns on). The same walk encodes and decodes
//! ([`Packer::value`]), so the two cannot disagree. Decoding never panics: depth, size and
//! input are bounded, every failure is an `Err`.

use serde_json::{Map, Number, Value};

/// Field names and enum tags of the saves of every game, separated by single spaces
/// (format `3`'s starting table; fixed forever). Keys of one object follow each other in
/// sorted order, so a key costs little even the first time.
const WORDS: &str =
    "digest game meta record version romme by_link created_ms finished player_names \
     seat_kinds title updated_ms variant human normal log options seats seed type \
     DrawDiscard cards hint High Meld card Discard DrawTalon meld LayOff DeclareRomme \
     NextDeal ExchangeJoker buy_limit buy_order buying draw_from_discard end_mode \
     exchange_needs_first_meld first_meld_counts_lay_off first_meld_min go_out_needs_discard \
     hand_size joker_exchange joker_penalty jokers lay_off match_end max_jokers_per_meld \
     max_reshuffles raeuber_opening_counts ring_pot robbing scoring set_distinct_suits \
     target_pips upcard DeclineFirst Yes BidAtMost OwnMelds Points limit Reused Plain \
     romme_kaufen PassBuy Buy romme_raeuber lay_offs melds take Rob IntoNewMeld GoOut \
     AnyAfterOwnFirstMeld romme_anlegen AnlegenBonuses romme_trad AnyAnyTime Traditionell \
     profisort Draw to GiveAce SitOut parts repeat task LayTask end part Low beginner_tasks \
     bonus_joker_free bonus_pair bonus_pairs distinct_ranks left_out talon_end score_all \
     karussell table as_face French rank suit Spades Clubs Knock NextRound Diamonds Hearts \
     hints knock_limit meld_ends_turn round_bonus_for_all target abluxxen action Play \
     TakeLuxxed slot DrawFromSupply DrawFromPile LeaveLuxxed TakeBack draw_if_no_luxx \
     profiduell rounds DiscardAndDraw value LuxxShadow OnlyIfMelded easy greedy hard";

const PROB_BITS: u32 = 12;
const ONE: u32 = 1 << PROB_BITS;
/// A probability adapts by 1/(n + 2) after its n-th bit, n at most this (then ~1/32).
const RATE_LIMIT: u16 = 30;
const EDGE: u32 = 16;
const TOP: u32 = 1 << 24;
const SLOTS_LOG: u32 = 16;
const HIST_LOG: u32 = 12;
const MAX_DEPTH: usize = 40;

/// Why a packed tree could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PackError {
    Damaged,
    TooLarge,
}

/// The bits' two directions: writing a known tree, or reading one.
enum Coder<'a> {
    Write {
        low: u64,
        range: u32,
        cache: u8,
        pending: u64,
        out: Vec<u8>,
    },
    Read {
        code: u32,
        range: u32,
        input: &'a [u8],
        pos: usize,
    },
}

impl Coder<'_> {
    fn shift_low(&mut self) {
        if let Coder::Write {
            low,
            cache,
            pending,
            out,
            ..
        } = self
        {
            if (*low as u32) < 0xFF00_0000 || (*low >> 32) != 0 {
                let carry = (*low >> 32) as u8;
                let mut byte = *cache;
                while *pending > 0 {
                    out.push(byte.wrapping_add(carry));
                    byte = 0xFF;
                    *pending -= 1;
                }
                *cache = (*low >> 24) as u8;
            }
            *pending += 1;
            *low = (*low & 0x00FF_FFFF) << 8;
        }
    }

    fn next_byte(input: &[u8], pos: &mut usize) -> u32 {
        let b = input.get(*pos).copied().unwrap_or(0);
        *pos += 1;
        u32::from(b)
    }

    /// Codes one bit with probability `p` (of a zero, after `n` bits) and adapts both.
    fn bit(&mut self, (p, n): &mut (u16, u16), bit: bool) -> bool {
        let prob = u32::from(*p);
        let bit = match self {
            Coder::Write { low, range, .. } => {
                let bound = (*range >> PROB_BITS) * prob;
                if bit {
                    *low += u64::from(bound);
                    *range -= bound;
                } else {
                    *range = bound;
                }
                bit
            }
            Coder::Read { code, range, .. } => {
                let bound = (*range >> PROB_BITS) * prob;
                let bit = *code >= bound;
                if bit {
                    *code -= bound;
                    *range -= bound;
                } else {
                    *range = bound;
                }
                bit
            }
        };
        let step = u32::from(*n) + 2;
        let prob = if bit {
            prob - prob / step
        } else {
            prob + (ONE - prob) / step
        };
        *p = prob.clamp(EDGE, ONE - EDGE) as u16;
        *n = (*n + 1).min(RATE_LIMIT);
        self.normalize();
        bit
    }

    fn normalize(&mut self) {
        loop {
            match self {
                Coder::Write { range, .. } if *range < TOP => {
                    *range <<= 8;
                    self.shift_low();
                }
                Coder::Read {
                    code,
                    range,
                    input,
                    pos,
                } if *range < TOP => {
                    *range <<= 8;
                    *code = (*code << 8) | Coder::next_byte(input, pos);
                }
                _ => return,
            }
        }
    }

    /// The written bytes: the flush rounds `low` up to a multiple of 2^24 (the range is at
    /// least that wide), so the last three bytes are zeros and are left out, as is the first
    /// byte (always zero).
    fn finish(mut self) -> Vec<u8> {
        if let Coder::Write { low, .. } = &mut self {
            *low = (*low + 0xFF_FFFF) & !0xFF_FFFF;
        }
        for _ in 0..5 {
            self.shift_low();
        }
        match self {
            Coder::Write { mut out, .. } => {
                out.truncate(out.len().saturating_sub(3));
                if !out.is_empty() {
                    out.remove(0);
                }
                out
            }
            Coder::Read { .. } => Vec::new(),
        }
    }
}

pub(super) fn mix(a: u64, b: u64) -> u64 {
    (a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_mul(0xD6E8_FEB8_6659_FD93)
        .rotate_left(31)
}

// Context tags of the kinds of symbol.
const KIND: u64 = 1;
const UINT: u64 = 2;
const STR: u64 = 3;
const KEY: u64 = 4;
const LEN: u64 = 5;
const BYTE: u64 = 6;
const HEX: u64 = 7;
const SIZE: u64 = 8;
const SHAPE: u64 = 9;
const NEW: u64 = 10;
const SAME: u64 = 11;
const GUESS: u64 = 12;
const COPY: u64 = 13;

/// Packs or unpacks one tree: the coder, the adaptive probabilities, the strings seen.
/// (Format `4`, [`super::replay`], codes more symbols after the tree with the same packer.)
pub(super) struct Packer<'a> {
    coder: Coder<'a>,
    probs: Vec<(u16, u16)>,
    /// What was last coded at a place (by hashed context).
    hist: Vec<u64>,
    /// The last string value coded anywhere (its table index + 1).
    recent: u64,
    /// The last large number coded, and by its hashed value the number that followed it.
    previous: u64,
    next: Vec<u64>,
    /// Whether the last such guess was right.
    hit: u64,
    strings: Vec<String>,
    /// The key lists of the objects seen (indices into `strings`).
    shapes: Vec<Vec<usize>>,
    /// Nodes and bytes a reader may still make.
    budget: usize,
    /// Format `4`'s copies (never in format `3`): an array's item that is an array may be a
    /// copy of an item of the array coded last at the same place (`arrays`, by context).
    copies: bool,
    arrays: Vec<(u64, Vec<Value>)>,
}

impl<'a> Packer<'a> {
    fn new(coder: Coder<'a>, budget: usize) -> Self {
        Packer {
            coder,
            probs: vec![((ONE / 2) as u16, 0); 1 << SLOTS_LOG],
            hist: vec![0; 1 << HIST_LOG],
            recent: 0,
            previous: 0,
            hit: 0,
            next: vec![0; 1 << HIST_LOG],
            strings: WORDS.split(' ').map(str::to_string).collect(),
            budget,
            shapes: Vec::new(),
            copies: false,
            arrays: Vec::new(),
        }
    }

    /// A reader past the end and the three zeros left out: truncated or no packed tree.
    fn in_input(&self) -> Result<(), PackError> {
        match &self.coder {
            Coder::Read { input, pos, .. } if *pos > input.len() + 3 => Err(PackError::Damaged),
            _ => Ok(()),
        }
    }

    fn reading(&self) -> bool {
        matches!(self.coder, Coder::Read { .. })
    }

    fn flag(&mut self, ctx: u64, bit: bool) -> bool {
        let slot = (mix(ctx, 0x51) >> (64 - SLOTS_LOG)) as usize;
        let mut p = self.probs[slot];
        let bit = self.coder.bit(&mut p, bit);
        self.probs[slot] = p;
        bit
    }

    /// A number of `bits` bits, high bit first, each bit by the bits above it.
    fn tree(&mut self, ctx: u64, bits: u32, v: u64) -> u64 {
        let mut node = 1u64;
        for i in (0..bits).rev() {
            let bit = self.flag(mix(ctx, node), (v >> i) & 1 == 1);
            node = (node << 1) | u64::from(bit);
        }
        node - (1 << bits)
    }

    /// An unsigned number: its bit length (below 15 in a 4-bit tree, else 15 and the rest
    /// in a 6-bit one), then the bits below the top one (a full tree up to 8 bits, by
    /// position above).
    fn uint(&mut self, ctx: u64, v: u64) -> Result<u64, PackError> {
        let n = u64::from(64 - v.leading_zeros());
        let mut len = self.tree(ctx, 4, n.min(15));
        if len == 15 {
            len += self.tree(mix(ctx, 0x80), 6, n.saturating_sub(15));
        }
        let n = len;
        if n > 64 {
            return Err(PackError::Damaged);
        }
        if n == 0 {
            return Ok(0);
        }
        let mut out = 1u64;
        for i in (0..n - 1).rev() {
            let node = if n <= 8 { out } else { 256 + i };
            let bit = self.flag(mix(mix(ctx, 0x100 + n), node), (v >> i) & 1 == 1);
            out = (out << 1) | u64::from(bit);
        }
        Ok(out)
    }

    fn spend(&mut self, n: u64) -> Result<usize, PackError> {
        let n = usize::try_from(n).map_err(|_| PackError::TooLarge)?;
        if self.reading() {
            self.budget = self.budget.checked_sub(n).ok_or(PackError::TooLarge)?;
        }
        Ok(n)
    }

    fn hist_slot(ctx: u64) -> usize {
        (mix(ctx, 0x77) >> (64 - HIST_LOG)) as usize
    }

    /// A string value or key: its table index + 1 (0: a new string, spelled out).
    /// A key is coded relative to the one after the previous key of its object.
    fn string(&mut self, ctx: u64, s: &str, after: Option<usize>) -> Result<usize, PackError> {
        let known = self.strings.iter().position(|t| t == s);
        let code = match (known, after) {
            (None, _) => 0,
            (Some(i), None) => i as u64 + 1,
            (Some(i), Some(a)) => zigzag(i as i64 - a as i64) + 1,
        };
        let code = self.uint(ctx, code)?;
        if code > 0 {
            let i = match after {
                None => Some(code - 1),
                Some(a) => (a as i64).checked_add(unzigzag(code - 1)).map(|i| i as u64),
            };
            return i
                .and_then(|i| usize::try_from(i).ok())
                .filter(|&i| i < self.strings.len())
                .ok_or(PackError::Damaged);
        }
        let text = self.spell(ctx, s)?;
        self.spend(1)?;
        self.strings.push(text);
        Ok(self.strings.len() - 1)
    }

    /// A new string: lowercase hex of even length as nibbles, anything else as UTF-8 bytes.
    fn spell(&mut self, ctx: u64, s: &str) -> Result<String, PackError> {
        let hex =
            s.len().is_multiple_of(2) && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
        let hex = self.flag(mix(ctx, HEX), hex);
        let len = self.uint(mix(ctx, SIZE), s.len() as u64)?;
        let len = self.spend(len)?;
        let mut bytes = Vec::with_capacity(len.min(4096));
        let mut prev = 0u64;
        for i in 0..len {
            let b = s.as_bytes().get(i).copied().unwrap_or(0);
            let b = if hex {
                let nibble = u64::from(b).wrapping_sub(if b > b'9' { 87 } else { 48 }) & 15;
                let v = self.tree(mix(ctx, HEX + 16), 4, nibble) as usize;
                b"0123456789abcdef"[v & 15]
            } else {
                self.tree(mix(mix(ctx, BYTE), prev), 8, u64::from(b)) as u8
            };
            prev = u64::from(b);
            bytes.push(b);
            self.in_input()?;
        }
        String::from_utf8(bytes).map_err(|_| PackError::Damaged)
    }

    /// Codes `v` at place `ctx` (reading: `v` is ignored) and returns the tree coded.
    fn value(&mut self, ctx: u64, v: &Value, depth: usize) -> Result<Value, PackError> {
        if depth > MAX_DEPTH {
            return Err(PackError::Damaged);
        }
        self.spend(1)?;
        self.in_input()?;
        let slot = Self::hist_slot(ctx);
        let last = self.hist[slot];
        // A place seen for the first time shares what is learnt of all such places. A small
        // number (a seat) is coded by its place, the one before there and the last string
        // (the previous action's kind); a large one (a card) and a string by place and kind.
        let small = last >> 8 == 4 && last & 0xFF < 16;
        let here = match (last, small) {
            (0, _) => NEW,
            (_, true) => mix(mix(ctx, last), self.recent),
            _ => mix(ctx, last >> 8),
        };
        let text_ctx = if last == 0 { NEW } else { mix(ctx, last >> 8) };
        let kind = match v {
            Value::Null => 0,
            Value::Bool(false) => 1,
            Value::Bool(true) => 2,
            Value::Number(n) if n.is_u64() => 3,
            Value::Number(n) if n.is_i64() => 4,
            Value::Number(_) => 5,
            Value::String(_) => 6,
            Value::Array(_) => 7,
            Value::Object(_) => 8,
        };
        // The kind: as at this place last time (one bit), or in a 4-bit tree.
        let before = (last >> 8).wrapping_sub(1);
        let same = last != 0 && self.flag(mix(ctx, KIND), kind == before);
        let kind = if same {
            before
        } else {
            let kind_ctx = if last == 0 { NEW } else { mix(ctx, last >> 8) };
            self.tree(mix(kind_ctx, KIND), 4, kind)
        };
        let mut summary = (kind + 1) << 8;
        let out = match kind {
            0 => Value::Null,
            1 | 2 => Value::Bool(kind == 2),
            3 => {
                let n = v.as_u64().unwrap_or(0);
                // A small number: first whether it is the one before at this place.
                let n = if small && self.flag(mix(here, SAME), n == last & 0xFF) {
                    last & 0xFF
                } else {
                    self.large(ctx, here, n)?
                };
                summary += n.min(16);
                Value::from(n)
            }
            4 => {
                let m = v.as_i64().map_or(0, |i| !(i as u64));
                let n = !self.uint(mix(here, UINT), m)? as i64;
                Value::from(n)
            }
            5 => {
                let bits = v.as_f64().map_or(0, f64::to_bits);
                let bits = self.uint(mix(here, UINT), bits)?;
                let n = Number::from_f64(f64::from_bits(bits)).ok_or(PackError::Damaged)?;
                Value::Number(n)
            }
            6 => {
                let s = v.as_str().unwrap_or("");
                let i = self.string(mix(text_ctx, STR), s, None)?;
                self.spend(self.strings[i].len() as u64)?;
                summary += (i as u64 + 1).min(255);
                self.recent = i as u64 + 1;
                Value::String(self.strings[i].clone())
            }
            7 => self.array(ctx, v, depth)?,
            8 => self.object(ctx, v, depth)?,
            _ => return Err(PackError::Damaged),
        };
        self.hist[slot] = summary;
        Ok(out)
    }

    /// A number that is not small: first, if the number after the previous large number
    /// was known the last time, whether it is that again (a run of cards moved as a whole).
    fn large(&mut self, ctx: u64, here: u64, n: u64) -> Result<u64, PackError> {
        let slot = Self::hist_slot(mix(self.previous, GUESS));
        let guess = self.next[slot];
        let hit = guess != 0 && self.flag(mix(mix(ctx, GUESS), self.hit), n == guess - 1);
        let n = if hit {
            guess - 1
        } else {
            self.uint(mix(here, UINT), n)?
        };
        if guess != 0 {
            self.hit = u64::from(hit);
        }
        self.next[slot] = n.wrapping_add(1);
        self.previous = n;
        Ok(n)
    }

    fn array(&mut self, ctx: u64, v: &Value, depth: usize) -> Result<Value, PackError> {
        let items: &[Value] = v.as_array().map_or(&[], Vec::as_slice);
        let len = self.uint(mix(ctx, LEN), items.len() as u64)?;
        let len = self.spend(len)?;
        let before = self.copies_at(ctx);
        let mut out = Vec::with_capacity(len.min(4096));
        let mut expected = 0u64;
        for i in 0..len {
            let item = items.get(i).unwrap_or(&Value::Null);
            if !before.is_empty() {
                if let Some((j, copy)) = self.copy(ctx, &before, item, expected)? {
                    expected = j + 1;
                    out.push(copy);
                    continue;
                }
            }
            out.push(self.value(mix(ctx, 0x200 + i.min(3) as u64), item, depth + 1)?);
        }
        if self.copies {
            match self.arrays.iter_mut().find(|(c, _)| *c == ctx) {
                Some((_, last)) => last.clone_from(&out),
                None => self.arrays.push((ctx, out.clone())),
            }
        }
        Ok(Value::Array(out))
    }

    /// With copies on, the array coded last at `ctx` if any of its items is an array.
    fn copies_at(&self, ctx: u64) -> Vec<Value> {
        let last = self.arrays.iter().find(|(c, _)| *c == ctx);
        match last {
            Some((_, items)) if self.copies && items.iter().any(Value::is_array) => items.clone(),
            _ => Vec::new(),
        }
    }

    /// Whether `item` is a copy of an array among `before` (a yes/no), and which (first
    /// whether it is the one after the last copy's, else its index): its index and the copy.
    fn copy(
        &mut self,
        ctx: u64,
        before: &[Value],
        item: &Value,
        expected: u64,
    ) -> Result<Option<(u64, Value)>, PackError> {
        self.in_input()?;
        let found = before.iter().position(|b| b.is_array() && b == item);
        if !self.flag(mix(ctx, COPY), found.is_some()) {
            return Ok(None);
        }
        let j = found.unwrap_or(0) as u64;
        let j = if self.flag(mix(ctx, COPY + 16), j == expected) {
            expected
        } else {
            self.uint(mix(ctx, COPY + 32), j)?
        };
        let copy = usize::try_from(j)
            .ok()
            .and_then(|j| before.get(j))
            .filter(|b| b.is_array())
            .ok_or(PackError::Damaged)?;
        self.spend(nodes(copy))?;
        Ok(Some((j, copy.clone())))
    }

    /// An object: its shape (the list of its keys: the index of a shape seen before, or
    /// the keys one by one), then its values, each in the context of its key and shape.
    fn object(&mut self, ctx: u64, v: &Value, depth: usize) -> Result<Value, PackError> {
        let empty = Map::new();
        let fields = v.as_object().unwrap_or(&empty);
        let known = self.shapes.iter().position(|shape| {
            shape.len() == fields.len()
                && shape
                    .iter()
                    .zip(fields.keys())
                    .all(|(&k, key)| self.strings[k] == *key)
        });
        let code = known.map_or(0, |i| i as u64 + 1);
        let code = self.uint(mix(mix(ctx, SHAPE), self.recent), code)?;
        let shape = match code.checked_sub(1) {
            Some(i) => usize::try_from(i)
                .ok()
                .and_then(|i| self.shapes.get(i))
                .cloned()
                .ok_or(PackError::Damaged)?,
            None => self.new_shape(ctx, fields)?,
        };
        let mut items = fields.values();
        let mut out = Map::new();
        for &k in &shape {
            let item = items.next().unwrap_or(&Value::Null);
            let place = mix(mix(ctx, 0x1000 + k as u64), code);
            let item = self.value(place, item, depth + 1)?;
            out.insert(self.strings[k].clone(), item);
        }
        Ok(Value::Object(out))
    }

    /// The keys of an object of a new shape: their number, then each key.
    fn new_shape(
        &mut self,
        ctx: u64,
        fields: &Map<String, Value>,
    ) -> Result<Vec<usize>, PackError> {
        let len = self.uint(mix(ctx, LEN + 16), fields.len() as u64)?;
        let len = self.spend(len)?;
        let mut keys = fields.keys();
        let mut shape = Vec::with_capacity(len.min(4096));
        let mut next = 0usize;
        for _ in 0..len {
            let key = keys.next().map_or("", String::as_str);
            let k = self.string(KEY, key, Some(next))?;
            next = k + 1;
            shape.push(k);
        }
        self.spend(len as u64)?;
        self.shapes.push(shape.clone());
        Ok(shape)
    }
}

/// The nodes of a tree (what a copy of it spends of a reader's budget).
fn nodes(v: &Value) -> u64 {
    match v {
        Value::Array(items) => 1 + items.iter().map(nodes).sum::<u64>(),
        Value::Object(fields) => 1 + fields.values().map(nodes).sum::<u64>(),
        _ => 1,
    }
}

fn zigzag(i: i64) -> u64 {
    ((i << 1) ^ (i >> 63)) as u64
}

fn unzigzag(u: u64) -> i64 {
    ((u >> 1) as i64) ^ -((u & 1) as i64)
}

impl<'a> Packer<'a> {
    /// A packer that writes.
    pub(super) fn writer() -> Self {
        let coder = Coder::Write {
            low: 0,
            range: u32::MAX,
            cache: 0,
            pending: 1,
            out: Vec::new(),
        };
        Packer::new(coder, usize::MAX)
    }

    /// A packer that reads `bytes`, at most `budget` nodes and string bytes.
    pub(super) fn reader(bytes: &'a [u8], budget: usize) -> Self {
        let mut pos = 0;
        let mut code = 0u32;
        for _ in 0..4 {
            code = (code << 8) | Coder::next_byte(bytes, &mut pos);
        }
        let coder = Coder::Read {
            code,
            range: u32::MAX,
            input: bytes,
            pos,
        };
        Packer::new(coder, budget)
    }

    /// The bytes written.
    pub(super) fn finish(self) -> Vec<u8> {
        self.coder.finish()
    }

    /// Whether a reader read exactly what the writer wrote (and the three zeros left out).
    pub(super) fn read_all(&self) -> Result<(), PackError> {
        match &self.coder {
            Coder::Read { pos, input, .. } if *pos == input.len() + 3 => Ok(()),
            _ => Err(PackError::Damaged),
        }
    }

    /// [`Packer::value`] from the top: a whole tree.
    pub(super) fn tree_value(&mut self, ctx: u64, v: &Value) -> Result<Value, PackError> {
        self.value(ctx, v, 0)
    }

    /// A yes/no in context `ctx` (reading: `bit` is ignored).
    pub(super) fn yes(&mut self, ctx: u64, bit: bool) -> Result<bool, PackError> {
        self.in_input()?;
        Ok(self.flag(ctx, bit))
    }

    /// A number below 2^`bits` (reading: `v` is ignored).
    pub(super) fn bits(&mut self, ctx: u64, bits: u32, v: u64) -> Result<u64, PackError> {
        self.in_input()?;
        Ok(self.tree(ctx, bits, v))
    }

    /// An unsigned number (reading: `v` is ignored).
    pub(super) fn number(&mut self, ctx: u64, v: u64) -> Result<u64, PackError> {
        self.in_input()?;
        self.uint(ctx, v)
    }

    /// Turns format `4`'s copies of arrays on or off (see [`Packer::array`]).
    pub(super) fn set_copies(&mut self, on: bool) {
        self.copies = on;
    }

    /// Counts `n` more nodes against a reader's budget.
    pub(super) fn count(&mut self, n: u64) -> Result<usize, PackError> {
        self.spend(n)
    }
}

/// Packs a JSON tree (an error only if the walk would not read back the same tree).
pub(crate) fn pack(value: &Value) -> Result<Vec<u8>, PackError> {
    let mut packer = Packer::writer();
    let back = packer.value(0, value, 0)?;
    if back != *value {
        return Err(PackError::Damaged);
    }
    Ok(packer.finish())
}

/// Unpacks what [`pack`] made, at most `budget` nodes and string bytes.
pub(crate) fn unpack(bytes: &[u8], budget: usize) -> Result<Value, PackError> {
    let mut packer = Packer::reader(bytes, budget);
    let value = packer.value(0, &Value::Null, 0)?;
    packer.read_all()?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;
    use serde_json::json;

    fn round_trip(v: &Value) -> usize {
        let bytes = pack(v).unwrap();
        assert_eq!(unpack(&bytes, 1 << 20).as_ref(), Ok(v), "{v}");
        bytes.len()
    }

    #[test]
    fn trees_round_trip() {
        let samples = [
            json!(null),
            json!(0),
            json!({}),
            json!([]),
            json!(""),
            json!([
                true,
                false,
                null,
                1,
                -1,
                -9_223_372_036_854_775_808i64,
                u64::MAX,
                0.5
            ]),
            json!({"x": {"y": [[], {}, [1, [2, [3]]]]}, "": "", "digest": "00ff"}),
            json!({"title": "Spieleabend bei Jürgen ♥ 🃏", "digest": "2f4f5c58530062ea"}),
            json!(["abc", "abc", "abd", "ABC", "0a1", "0a", "type", "type"]),
            json!([1e300, -2.5e-300, 3.0, 1.0e-7]),
        ];
        for v in &samples {
            round_trip(v);
        }
        let mut rng = GameRng::seed_from_u64(5);
        let log: Vec<Value> = (0..2000)
            .map(|i| json!([i % 3, {"type": "Discard", "card": rng.below(106)}]))
            .collect();
        // an action costs under 9 bits: a random card is 6.7, the rest little
        let size = round_trip(&json!({"log": log}));
        assert!(size < 2000 * 9 / 8, "{size} bytes");
        let deep = (0..MAX_DEPTH).fold(json!(1), |v, _| json!([v]));
        round_trip(&deep);
        assert_eq!(pack(&json!([deep])).map(|_| ()), Err(PackError::Damaged));
    }

    #[test]
    fn damaged_input_is_an_error_never_a_panic() {
        let v = json!({"record": {"log": [[0, {"type": "Draw"}], [1, {"card": 7}]]}, "t": "ä"});
        let bytes = pack(&v).unwrap();
        assert!(unpack(&[], 100).is_err());
        for end in 0..bytes.len() {
            assert_ne!(unpack(&bytes[..end], 1000).as_ref(), Ok(&v), "cut at {end}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(unpack(&longer, 1000).is_err());
        assert_eq!(unpack(&bytes, 5), Err(PackError::TooLarge));
        let mut rng = GameRng::seed_from_u64(6);
        for _ in 0..3000 {
            let len = rng.below(80) as usize;
            let noise: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            let _ = unpack(&noise, 1 << 16);
            let mut changed = bytes.clone();
            let i = rng.below(changed.len() as u64) as usize;
            changed[i] ^= 1 << rng.below(8);
            let _ = unpack(&changed, 1 << 16);
        }
    }
}
