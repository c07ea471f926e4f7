//! A/B of the meld hold-back threshold: bot A (hold = first arg) vs bot B (second arg;
//! "none" = meld at once), normal bots, seats rotated, one deal per game.
use bots::romme::arena::one_deal;
use bots::romme::{Level, RommeBot};
use bots::{drive, Bot};
use engine::romme::{Preset, Romme};
use engine::Game;

fn arg(i: usize) -> Option<usize> {
    std::env::args().nth(i).and_then(|a| a.parse().ok())
}

fn main() {
    let (ha, hb) = (arg(1), arg(2));
    let games = 3000u64;
    for preset in [Preset::MitAnlegen, Preset::Traditionell, Preset::Raeuber] {
        for seats in [2usize, 3] {
            let opts = one_deal(&preset.options());
            let (mut win, mut pa, mut pb) = (0.0, 0.0, 0.0);
            for seed in 0..games {
                let a_seat = (seed % seats as u64) as usize;
                let mut g = Romme::new(&opts, seats, seed + 90_000).expect("new");
                let mut bots: Vec<Box<dyn Bot<Romme>>> = (0..seats)
                    .map(|s| {
                        let b =
                            RommeBot::new(Level::Normal, seed * 7 + s as u64).with_options(&opts);
                        Box::new(b.with_hold(if s == a_seat { ha } else { hb }))
                            as Box<dyn Bot<Romme>>
                    })
                    .collect();
                drive(&mut g, &mut bots, 100_000).expect("legal");
                let t = g.totals();
                let best = *t.iter().min().unwrap_or(&0);
                if t[a_seat] == best {
                    win += 1.0 / t.iter().filter(|&&x| x == best).count() as f64;
                }
                pa += f64::from(t[a_seat]);
                pb += t
                    .iter()
                    .enumerate()
                    .filter(|(s, _)| *s != a_seat)
                    .map(|(_, &x)| f64::from(x))
                    .sum::<f64>()
                    / (seats - 1) as f64;
            }
            let n = games as f64;
            println!("{preset:?} {seats}p A(hold {ha:?}) vs B(hold {hb:?}): A wins {:.1}% (fair {:.1}%), points A {:.2} B {:.2}", 100.0 * win / n, 100.0 / seats as f64, pa / n, pb / n);
        }
    }
}
