use bots::romme::{Level, RommeBot};
use bots::Bot;
use engine::romme::{Preset, Romme};
use engine::Game;

fn main() {
    let preset = match std::env::args().nth(1).as_deref() {
        Some("anlegen") => Preset::MitAnlegen,
        Some("raeuber") => Preset::Raeuber,
        Some("trad") => Preset::Traditionell,
        _ => Preset::Grundspiel,
    };
    let opts = bots::romme::arena::one_deal(&preset.options());
    let mut g = Romme::new(&opts, 3, 4).unwrap();
    let mut bots: Vec<RommeBot> = (0..3)
        .map(|i| {
            RommeBot::new(if i == 0 { Level::Normal } else { Level::Easy }, i).with_options(&opts)
        })
        .collect();
    while let Some(s) = g.to_move() {
        let v = g.view(s);
        let legal = g.legal_actions(s);
        let a = bots[s].choose(&v, &legal);
        let hand: Vec<String> = v.hand.iter().map(|c| c.face.to_string()).collect();
        println!("seat {s} hand [{}] -> {:?}", hand.join(" "), a);
        for e in g.apply(s, &a).unwrap() {
            println!("    {e:?}");
        }
    }
}
