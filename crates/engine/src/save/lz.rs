//! A small LZ77 compressor for share links (own format, no dependencies).
//!
//! The stream is a sequence of tokens:
//! - a control byte `c < 0x80`: a run of `c + 1` literal bytes follows;
//! - a control byte `c ≥ 0x80`: copy `(c & 0x7f) + 3` bytes from `distance` bytes back in
//!   the output (`distance`: 2 bytes little endian, 1..=65535; copies may overlap).
//!
//! Decompression checks every token and the output size, so damaged input gives an error.

const MIN_MATCH: usize = 3;
const MAX_MATCH: usize = 0x7f + MIN_MATCH;
const MAX_LITERALS: usize = 0x80;
const WINDOW: usize = 0xffff;
const HASH_BITS: u32 = 14;
const MAX_CHAIN: usize = 48;

/// Upper bound on decompressed size (a share link never comes close).
pub(crate) const MAX_OUTPUT: usize = 8 << 20;

fn hash(bytes: &[u8]) -> usize {
    let v = bytes
        .iter()
        .take(MIN_MATCH)
        .fold(0u32, |h, &b| (h << 8) | u32::from(b));
    (v.wrapping_mul(2_654_435_761) >> (32 - HASH_BITS)) as usize
}

fn flush_literals(out: &mut Vec<u8>, literals: &[u8]) {
    for chunk in literals.chunks(MAX_LITERALS) {
        out.push((chunk.len() - 1) as u8);
        out.extend_from_slice(chunk);
    }
}

/// Compresses `input` (greedy matching over hash chains).
pub(crate) fn compress(input: &[u8]) -> Vec<u8> {
    let n = input.len();
    let mut head = vec![usize::MAX; 1 << HASH_BITS];
    let mut prev = vec![usize::MAX; n];
    let mut out = Vec::with_capacity(n / 2 + 16);
    let mut literal_start = 0;
    let mut i = 0;
    let insert = |p: usize, head: &mut Vec<usize>, prev: &mut Vec<usize>| {
        if let Some(key) = input.get(p..p + MIN_MATCH) {
            let h = hash(key);
            prev[p] = head[h];
            head[h] = p;
        }
    };
    while i < n {
        let (mut best_len, mut best_dist) = (0, 0);
        if let Some(key) = input.get(i..i + MIN_MATCH) {
            let mut candidate = head[hash(key)];
            let mut depth = 0;
            while candidate != usize::MAX && i - candidate <= WINDOW && depth < MAX_CHAIN {
                let limit = MAX_MATCH.min(n - i);
                let len = (0..limit)
                    .take_while(|&k| input[candidate + k] == input[i + k])
                    .count();
                if len > best_len {
                    best_len = len;
                    best_dist = i - candidate;
                    if len == limit {
                        break;
                    }
                }
                candidate = prev[candidate];
                depth += 1;
            }
        }
        if best_len >= MIN_MATCH {
            flush_literals(&mut out, &input[literal_start..i]);
            out.push(0x80 | (best_len - MIN_MATCH) as u8);
            out.extend_from_slice(&(best_dist as u16).to_le_bytes());
            for p in i..i + best_len {
                insert(p, &mut head, &mut prev);
            }
            i += best_len;
            literal_start = i;
        } else {
            insert(i, &mut head, &mut prev);
            i += 1;
        }
    }
    flush_literals(&mut out, &input[literal_start..]);
    out
}

/// Why a compressed stream is invalid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LzError {
    Truncated,
    BadDistance,
    TooLarge,
}

/// Decompresses a stream made by [`compress`]; never panics, output at most
/// [`MAX_OUTPUT`] bytes.
pub(crate) fn decompress(input: &[u8]) -> Result<Vec<u8>, LzError> {
    let mut out: Vec<u8> = Vec::with_capacity(input.len() * 3);
    let mut rest = input;
    while let Some((&control, tail)) = rest.split_first() {
        if control < 0x80 {
            let len = usize::from(control) + 1;
            let literals = tail.get(..len).ok_or(LzError::Truncated)?;
            out.extend_from_slice(literals);
            rest = tail.get(len..).ok_or(LzError::Truncated)?;
        } else {
            let len = usize::from(control & 0x7f) + MIN_MATCH;
            let [lo, hi] = tail
                .get(..2)
                .and_then(|d| <[u8; 2]>::try_from(d).ok())
                .ok_or(LzError::Truncated)?;
            let distance = usize::from(u16::from_le_bytes([lo, hi]));
            if distance == 0 || distance > out.len() {
                return Err(LzError::BadDistance);
            }
            let from = out.len() - distance;
            for k in 0..len {
                let b = out.get(from + k).copied().ok_or(LzError::BadDistance)?;
                out.push(b);
            }
            rest = tail.get(2..).ok_or(LzError::Truncated)?;
        }
        if out.len() > MAX_OUTPUT {
            return Err(LzError::TooLarge);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::GameRng;

    #[test]
    fn round_trips() {
        let mut rng = GameRng::seed_from_u64(3);
        let mut samples: Vec<Vec<u8>> = vec![
            vec![],
            b"a".to_vec(),
            b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
                .to_vec(),
            b"[0,{\"Discard\":12}],[1,\"Take\"],[0,{\"Discard\":12}],[1,\"Take\"]".to_vec(),
            vec![0u8; 100_000],
        ];
        for len in [1, 2, 3, 4, 127, 128, 129, 300, 5000, 70_000] {
            // random bytes, and text over a small alphabet (many matches)
            samples.push((0..len).map(|_| rng.below(256) as u8).collect());
            samples.push(
                (0..len)
                    .map(|_| b"abc{}\":,"[rng.below(8) as usize])
                    .collect(),
            );
        }
        for s in samples {
            let packed = compress(&s);
            assert_eq!(decompress(&packed).unwrap(), s, "len {}", s.len());
        }
    }

    #[test]
    fn repetitive_json_shrinks() {
        let json: String = (0..200)
            .map(|i| format!("[{},{{\"Discard\":{}}}],", i % 3, i % 40))
            .collect();
        let packed = compress(json.as_bytes());
        assert!(
            packed.len() * 3 < json.len(),
            "{} vs {}",
            packed.len(),
            json.len()
        );
    }

    #[test]
    fn damaged_streams_are_errors_not_panics() {
        assert_eq!(decompress(&[]), Ok(vec![]));
        assert_eq!(decompress(&[5, b'a']), Err(LzError::Truncated));
        assert_eq!(decompress(&[0x80, 1, 0]), Err(LzError::BadDistance));
        assert_eq!(
            decompress(&[0, b'a', 0x80, 0, 0]),
            Err(LzError::BadDistance)
        );
        assert_eq!(decompress(&[0, b'a', 0x80, 1]), Err(LzError::Truncated));
        // a bomb: one literal, then many maximal overlapping copies
        let mut bomb = vec![0, b'x'];
        for _ in 0..100_000 {
            bomb.extend([0xff, 1, 0]);
        }
        assert_eq!(decompress(&bomb), Err(LzError::TooLarge));
        let mut rng = GameRng::seed_from_u64(4);
        for _ in 0..5000 {
            let len = rng.below(64) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            let _ = decompress(&bytes);
        }
    }
}
