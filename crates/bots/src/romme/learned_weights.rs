//! The weights of the learned discard ranking ([`super::learned`]), written by `learn_romme`
//! (crates/bench; docs/bots.md has the commands): `[heads-up, four players][preset]`, the
//! presets in [`super::learned::preset_index`]'s order (Grundspiel, mit Kaufen, mit
//! Anlegen, Räuber, Traditionell); `None`: none shipped. Shipped where the hard level gained
//! at least half a point over 4,000 games (seeds 2027 and 2028); Grundspiel, mit Anlegen and
//! Traditionell were fitted too but gained less, four players nothing (docs/bots.md).

use super::learned::Features;

pub(crate) const WEIGHTS: [[Option<Features>; 5]; 2] = [
    [
        None,
        Some([
            4.5717, -5.9598, 0.3625, 1.3932, 0.5414, -0.1108, 0.0116, -0.5593, -0.3157, 0.3802,
            0.0000, -2.3487, -7.3650, 1.0137, 0.0000, 0.9661,
        ]),
        None,
        Some([
            1.1442, -1.6216, 0.4476, -0.2589, 0.0086, -0.1425, -0.0888, 0.5642, -0.3132, 0.3085,
            0.0000, -4.8606, -20.2877, 0.7880, -2.2937, 0.6955,
        ]),
        None,
    ],
    [None, None, None, None, None],
];
