//! Share-link encoding: a URL-safe text that carries a save's JSON.
//!
//! A link is one format character, then unpadded base64url (RFC 4648 §5,
//! `A–Z a–z 0–9 - _`) of a payload followed by the 32-bit FNV-1a checksum of the JSON
//! (4 bytes, little endian):
//! - format `1`: the payload is the UTF-8 JSON;
//! - format `2`: the payload is the JSON compressed with [`super::lz`];
//! - format `3` (issue 27): the payload is the JSON's tree packed by [`super::pack`]; the
//!   checksum is of the JSON that tree prints as (its keys sorted, no spaces), which is what
//!   [`decode_link`] returns: the same save, read the same, as the text that was encoded;
//! - format `4` (issue 27): the payload is the save's tree packed as in format `3` with its
//!   action log coded by replaying the game ([`super::replay`]); the checksum as in format
//!   `3`. Only [`super::share_link`] writes it (it needs the game's type).
//!
//! [`encode_link`] writes whichever of formats `1`–`3` is shortest (format `3` for every
//! save); [`super::share_link`] writes format `4` where it is shorter still. The checksum
//! makes truncated or mistyped links fail with [`SaveError::BadLink`] instead of decoding to
//! garbage. Formats are never changed once links of them exist: a better packing is a new
//! format character, and the old ones keep decoding.

use super::{lz, pack, replay, Record, SaveError, MAX_SAVE_BYTES};
use crate::game::Game;
use serde_json::Value;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const FORMAT_PLAIN: char = '1';
const FORMAT_LZ: char = '2';
const FORMAT_PACKED: char = '3';
const FORMAT_REPLAY: char = '4';

fn bad(detail: impl Into<String>) -> SaveError {
    SaveError::BadLink {
        detail: detail.into(),
    }
}

pub(crate) fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    })
}

/// Unpadded base64url.
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    let sym = |v: u32| char::from(ALPHABET[(v & 63) as usize]);
    for chunk in bytes.chunks(3) {
        let b = |i: usize| u32::from(chunk.get(i).copied().unwrap_or(0));
        let n = (b(0) << 16) | (b(1) << 8) | b(2);
        out.push(sym(n >> 18));
        out.push(sym(n >> 12));
        if chunk.len() > 1 {
            out.push(sym(n >> 6));
        }
        if chunk.len() > 2 {
            out.push(sym(n));
        }
    }
    out
}

fn sextet(c: u8) -> Option<u32> {
    let v = match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'-' => 62,
        b'_' => 63,
        _ => return None,
    };
    Some(u32::from(v))
}

/// Decodes unpadded base64url; rejects other characters, impossible lengths and non-zero
/// padding bits (so every byte string has exactly one encoding).
pub fn base64url_decode(text: &str) -> Result<Vec<u8>, SaveError> {
    let bytes = text.as_bytes();
    if bytes.len() % 4 == 1 {
        return Err(bad("truncated"));
    }
    let mut out = Vec::with_capacity(bytes.len() / 4 * 3 + 2);
    for (chunk_index, chunk) in bytes.chunks(4).enumerate() {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            let v = sextet(c).ok_or_else(|| {
                let position = chunk_index * 4 + i;
                let ch = text
                    .get(position..)
                    .and_then(|s| s.chars().next())
                    .unwrap_or('?');
                bad(format!("invalid character {ch:?} at {position}"))
            })?;
            n |= v << (18 - 6 * i as u32);
        }
        let full = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        let keep = chunk.len() - 1; // 2 chars → 1 byte, 3 → 2, 4 → 3
        let leftover = match keep {
            1 => n & 0xFFFF,
            2 => n & 0xFF,
            _ => 0,
        };
        if leftover != 0 {
            return Err(bad("damaged ending"));
        }
        out.extend(full.iter().take(keep));
    }
    Ok(out)
}

fn with_sum(format: char, mut payload: Vec<u8>, text: &[u8]) -> String {
    payload.extend(fnv1a(text).to_le_bytes());
    let mut out = String::from(format);
    out.push_str(&base64url_encode(&payload));
    out
}

/// Format `3` of `json`, if it is JSON.
fn packed_link(json: &str) -> Option<String> {
    let value: Value = serde_json::from_str(json).ok()?;
    let packed = pack::pack(&value).ok()?;
    Some(with_sum(
        FORMAT_PACKED,
        packed,
        value.to_string().as_bytes(),
    ))
}

/// Format `4` of `json`, a save of `record`, if it can be written and reads back the same.
/// Only for the games of the catalog: [`decode_link`] reads a format `4` log by replaying the
/// game its save names, among those.
pub(crate) fn replay_link<G: Game>(json: &str, record: &Record<G>) -> Option<String> {
    if !crate::games::GAMES.iter().any(|g| g.name == G::NAME) {
        return None;
    }
    let value: Value = serde_json::from_str(json).ok()?;
    let packed = replay::pack(&value, record).ok()?;
    let text = value.to_string();
    let back = replay::unpack_as::<G>(&packed, MAX_SAVE_BYTES)
        .ok()?
        .to_string();
    (back == text).then(|| with_sum(FORMAT_REPLAY, packed, text.as_bytes()))
}

/// Encodes a save's JSON as a URL-safe link payload (see the module docs).
pub fn encode_link(json: &str) -> String {
    let packed = lz::compress(json.as_bytes());
    let older = if packed.len() < json.len() {
        with_sum(FORMAT_LZ, packed, json.as_bytes())
    } else {
        with_sum(FORMAT_PLAIN, json.as_bytes().to_vec(), json.as_bytes())
    };
    match packed_link(json) {
        Some(link) if link.len() < older.len() => link,
        _ => older,
    }
}

/// The link as formats `1` and `2` wrote it before format `3` (for the size comparison of
/// the benchmark `link_sizes` and the tests).
pub fn encode_link_v2(json: &str) -> String {
    let packed = lz::compress(json.as_bytes());
    if packed.len() < json.len() {
        with_sum(FORMAT_LZ, packed, json.as_bytes())
    } else {
        with_sum(FORMAT_PLAIN, json.as_bytes().to_vec(), json.as_bytes())
    }
}

/// Decodes a link payload made by [`encode_link`] back to the JSON text. Never panics;
/// anything damaged gives [`SaveError::BadLink`].
pub fn decode_link(link: &str) -> Result<String, SaveError> {
    let mut chars = link.chars();
    let format = chars.next().ok_or_else(|| bad("empty"))?;
    if ![FORMAT_PLAIN, FORMAT_LZ, FORMAT_PACKED, FORMAT_REPLAY].contains(&format) {
        return Err(bad(format!("unknown link format {format:?}")));
    }
    let bytes = base64url_decode(chars.as_str())?;
    let split = bytes.len().checked_sub(4).ok_or_else(|| bad("truncated"))?;
    let (payload, sum) = bytes.split_at(split);
    let json = match format {
        FORMAT_LZ => lz::decompress(payload).map_err(|e| bad(format!("damaged: {e:?}")))?,
        FORMAT_PACKED => pack::unpack(payload, MAX_SAVE_BYTES)
            .map_err(|e| bad(format!("damaged: {e:?}")))?
            .to_string()
            .into_bytes(),
        FORMAT_REPLAY => replay::unpack(payload, MAX_SAVE_BYTES)
            .map_err(|e| bad(format!("damaged: {e:?}")))?
            .to_string()
            .into_bytes(),
        _ => payload.to_vec(),
    };
    if sum != fnv1a(&json).to_le_bytes() {
        return Err(bad("damaged or truncated"));
    }
    String::from_utf8(json).map_err(|_| bad("not text"))
}
