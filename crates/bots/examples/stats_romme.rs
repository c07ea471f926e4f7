//! Counts what the bots do per preset (diagnostics).
use bots::romme::{Level, RommeBot};
use bots::Bot;
use engine::romme::{Preset, Romme, RommeAction};
use engine::Game;
use std::collections::BTreeMap;

fn main() {
    for preset in Preset::ALL {
        let opts = bots::romme::arena::one_deal(&preset.options());
        let mut counts: BTreeMap<String, [usize; 2]> = BTreeMap::new();
        for seed in 0..300u64 {
            let mut g = Romme::new(&opts, 3, seed).unwrap();
            let levels = [Level::Normal, Level::Easy, Level::Normal];
            let mut bots: Vec<RommeBot> = (0..3)
                .map(|i| RommeBot::new(levels[i], seed * 3 + i as u64).with_options(&opts))
                .collect();
            while let Some(s) = g.to_move() {
                let legal = g.legal_actions(s);
                let a = bots[s].choose(&g.view(s), &legal);
                let listed = legal.contains(&a);
                let name = format!("{:?}{}", a, "")
                    .split([' ', '{'])
                    .next()
                    .unwrap_or("")
                    .to_string();
                let k = if levels[s] == Level::Normal { 0 } else { 1 };
                counts.entry(name.clone()).or_default()[k] += 1;
                if !listed {
                    counts.entry(format!("{name}(constructed)")).or_default()[k] += 1;
                }
                if let RommeAction::Meld { cards, .. } = &a {
                    if !listed {
                        let _ = cards;
                    }
                }
                g.apply(s, &a).unwrap();
            }
            let end = &g.score_sheet().rows[0].end;
            let name = format!("end:{:?}", end)
                .split([' ', '{'])
                .next()
                .unwrap_or("")
                .to_string();
            counts.entry(name).or_default()[0] += 1;
        }
        println!("{preset:?} (normal, easy): {counts:?}");
    }
}
