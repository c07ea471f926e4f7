//! The state key of the partition search: one `u128` per state, 2 bits per natural face
//! (suit-major, ace first; a count 0–2 of two packs) and the joker count above them.

use engine::Face;

/// Bit position of the joker count in a state key.
pub(super) const JOKER_SHIFT: u32 = 104;
/// The natural-card part of a state key.
pub(super) const NATURALS: u128 = (1u128 << JOKER_SHIFT) - 1;

/// The low bit of every face's field.
pub(super) const LOW_BITS: u128 = 0x55_5555_5555_5555_5555_5555_5555;
/// The low bit of the ace's field in every suit; shifted by `2 · rank`, the faces of a rank.
pub(super) const ACES: u128 = 0x4000_0010_0000_0400_0001;

/// The key of one card of face `f`.
pub(super) fn bit(f: usize) -> u128 {
    1u128 << (2 * f)
}

/// The key of `j` jokers.
pub(super) fn jokers_key(j: usize) -> u128 {
    (j as u128) << JOKER_SHIFT
}

/// Copies of face `f` in `key`.
pub(super) fn count(key: u128, f: usize) -> u8 {
    ((key >> (2 * f)) & 3) as u8
}

pub(super) fn jokers_of(key: u128) -> u8 {
    (key >> JOKER_SHIFT) as u8
}

/// One bit (the low bit of the face's field) per face present in `key`.
pub(super) fn presence(key: u128) -> u128 {
    (key | (key >> 1)) & LOW_BITS
}

/// The faces of `key` in ascending order, each as often as it is present.
pub(super) fn faces_of(key: u128) -> impl Iterator<Item = usize> {
    let mut bits = presence(key);
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let f = bits.trailing_zeros() as usize / 2;
        bits &= bits - 1;
        Some(f)
    })
    .flat_map(move |f| std::iter::repeat_n(f, usize::from(count(key, f))))
}

/// The lowest face present in `key`.
pub(super) fn first_face(key: u128) -> Option<usize> {
    let naturals = key & NATURALS;
    if naturals == 0 {
        None
    } else {
        Some(naturals.trailing_zeros() as usize / 2)
    }
}

/// The face of sequence position `pos` (1 = ace low … 13 = king, 14 = ace high) in `suit`.
pub(super) fn seq_face(suit: usize, pos: usize) -> usize {
    suit * 13 + if pos == 14 { 0 } else { pos - 1 }
}

/// Face index 0..52 (suit-major, ace first) of a natural card.
pub fn face_index(face: Face) -> Option<usize> {
    match face {
        Face::French { rank, suit } if (1..=13).contains(&rank.0) => {
            let s = engine::Suit::ALL.iter().position(|&x| x == suit)?;
            Some(s * 13 + rank.0 as usize - 1)
        }
        _ => None,
    }
}
