//! The weights of the learned discard ranking ([`super::learned`]), written by `learn_romme`
//! (crates/bench; docs/bots.md has the commands): `[heads-up, four players][preset]`, the
//! presets in [`super::learned::preset_index`]'s order (Grundspiel, mit Kaufen, mit
//! Anlegen, Räuber, Traditionell); `None`: none shipped (Grundspiel and mit Anlegen were
//! fitted too, but their hard level measured no better with them; four players: no gain).

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
        Some([
            5.6498, -6.9241, 0.0000, -8.8603, -1.5600, 0.1231, -0.2151, 8.7647, 1.6515, -0.1233,
            0.0000, 0.0000, -48.8596, 2.2973, 0.0000, 1.9433,
        ]),
    ],
    [None, None, None, None, None],
];
