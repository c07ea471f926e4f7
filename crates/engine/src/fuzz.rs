//! Input mutation for the property tests of every decoder and stored-record reader (the
//! engine's save and link decoders, the app's readers of stored records): one place, so
//! every fuzz test mutates alike.

use crate::GameRng;

/// One to four byte mutations of `text`: flip a bit, delete, truncate, duplicate a run,
/// put a JSON character in, swap two bytes.
pub fn mutate_bytes(rng: &mut GameRng, text: &str) -> Vec<u8> {
    let mut b = text.as_bytes().to_vec();
    let n = 1 + rng.below(4);
    for _ in 0..n {
        if b.is_empty() {
            break;
        }
        let i = rng.below(b.len() as u64) as usize;
        match rng.below(6) {
            0 => b[i] ^= 1 << rng.below(8),
            1 => {
                b.remove(i);
            }
            2 => b.truncate(i),
            3 => {
                let j = (i + 1 + rng.below(40) as usize).min(b.len());
                let chunk = b[i..j].to_vec();
                b.splice(i..i, chunk);
            }
            4 => b[i] = b"0123456789{}[],:\"\\-_aZ "[rng.below(23) as usize],
            _ => {
                let j = rng.below(b.len() as u64) as usize;
                b.swap(i, j);
            }
        }
    }
    b
}
