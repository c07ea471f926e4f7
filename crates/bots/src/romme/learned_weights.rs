//! The weights of the learned discard ranking ([`super::learned`]), written by `learn_romme`
//! (crates/bench; docs/bots.md has the commands): (0 heads-up, 1 more players; the preset in
//! [`super::learned::preset_index`]'s order: Grundspiel 0, mit Kaufen 1, mit Anlegen 2,
//! Räuber 3, Traditionell 4; the weights). Shipped where the hard level gained
//! at least half a point over 4,000 games (seeds 2027 and 2028); Grundspiel, mit Anlegen and
//! Traditionell were fitted too but gained less, four players nothing (docs/bots.md).

use super::learned::Entry;

pub(crate) const WEIGHTS: [Entry; 2] = [
    (
        0,
        1,
        [
            4.5717, -5.9598, 0.3625, 1.3932, 0.5414, -0.1108, 0.0116, -0.5593, -0.3157, 0.3802,
            0.0000, -2.3487, -7.3650, 1.0137, 0.0000, 0.9661,
        ],
    ),
    (
        0,
        3,
        [
            1.1442, -1.6216, 0.4476, -0.2589, 0.0086, -0.1425, -0.0888, 0.5642, -0.3132, 0.3085,
            0.0000, -4.8606, -20.2877, 0.7880, -2.2937, 0.6955,
        ],
    ),
];
