//! Share-link encoding: a URL-safe text that carries a save's JSON.
//!
//! A link is one format character, then unpadded base64url (RFC 4648 §5,
//! `A–Z a–z 0–9 - _`) of a payload followed by the 32-bit FNV-1a checksum of the JSON
//! (4 bytes, little endian):
//! - format `1`: the payload is the UTF-8 JSON;
//! - format `2`: the payload is the JSON compressed with [`super::lz`].
//!
//! [`encode_link`] writes whichever is shorter. The checksum makes truncated or mistyped
//! links fail with [`SaveError::BadLink`] instead of decoding to garbage.

use super::lz;
use super::SaveError;

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const FORMAT_PLAIN: char = '1';
const FORMAT_LZ: char = '2';

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
pub(crate) fn base64url_encode(bytes: &[u8]) -> String {
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
pub(crate) fn base64url_decode(text: &str) -> Result<Vec<u8>, SaveError> {
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

/// Encodes a save's JSON as a URL-safe link payload (see the module docs).
pub fn encode_link(json: &str) -> String {
    let sum = fnv1a(json.as_bytes()).to_le_bytes();
    let mut packed = lz::compress(json.as_bytes());
    let (format, mut payload) = if packed.len() < json.len() {
        (FORMAT_LZ, std::mem::take(&mut packed))
    } else {
        (FORMAT_PLAIN, json.as_bytes().to_vec())
    };
    payload.extend(sum);
    let mut out = String::from(format);
    out.push_str(&base64url_encode(&payload));
    out
}

/// Decodes a link payload made by [`encode_link`] back to the JSON text. Never panics;
/// anything damaged gives [`SaveError::BadLink`].
pub fn decode_link(link: &str) -> Result<String, SaveError> {
    let mut chars = link.chars();
    let format = chars.next().ok_or_else(|| bad("empty"))?;
    if format != FORMAT_PLAIN && format != FORMAT_LZ {
        return Err(bad(format!("unknown link format {format:?}")));
    }
    let bytes = base64url_decode(chars.as_str())?;
    let split = bytes.len().checked_sub(4).ok_or_else(|| bad("truncated"))?;
    let (payload, sum) = bytes.split_at(split);
    let json = if format == FORMAT_LZ {
        lz::decompress(payload).map_err(|e| bad(format!("damaged: {e:?}")))?
    } else {
        payload.to_vec()
    };
    if sum != fnv1a(&json).to_le_bytes() {
        return Err(bad("damaged or truncated"));
    }
    String::from_utf8(json).map_err(|_| bad("not text"))
}
