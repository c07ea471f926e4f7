//! Searches for matches that do not end (diagnostics).
use bots::romme::arena::{one_deal, play};
use bots::romme::Level;
use engine::romme::Preset;

fn main() {
    let mixes: [&[Level]; 4] = [
        &[Level::Normal, Level::Normal],
        &[Level::Normal; 3],
        &[Level::Normal, Level::Easy, Level::Normal, Level::Easy],
        &[Level::Normal; 6],
    ];
    let mut bad = 0;
    for preset in Preset::ALL {
        let opts = one_deal(&preset.options());
        let mut steps = 0;
        for seed in 0..4000u64 {
            let mix = mixes[(seed % 4) as usize];
            match play(&opts, mix, seed + 7_000_000) {
                Ok(o) => steps = steps.max(o.steps),
                Err(e) => {
                    bad += 1;
                    println!(
                        "{preset:?} seed {} mix {}: {e:?}",
                        seed + 7_000_000,
                        seed % 4
                    );
                }
            }
        }
        println!("{preset:?}: longest {steps} steps");
    }
    println!("bad {bad}");
}
