//! The card component: pure SVG, crisp at any size. Colours come from CSS classes
//! (`suit-hearts`, `lux-7`, ...) so the 2-/4-colour deck setting is a class on the app root.

use engine::{CardId, Face, Suit};
use leptos::prelude::*;

/// Suit pips drawn as paths in a 10×10 box (no font needed).
fn suit_path(suit: Suit) -> &'static str {
    match suit {
        Suit::Diamonds => "M5 0 L9.2 5 L5 10 L0.8 5 Z",
        Suit::Hearts => "M5 9.6 C3.2 8 0 5.9 0 3.1 A2.6 2.6 0 0 1 5 2.1 A2.6 2.6 0 0 1 10 3.1 C10 5.9 6.8 8 5 9.6 Z",
        Suit::Spades => "M5 0.3 C6.8 2 10 4.1 10 6.6 A2.5 2.5 0 0 1 5.7 7.9 L6.6 10 L3.4 10 L4.3 7.9 A2.5 2.5 0 0 1 0 6.6 C0 4.1 3.2 2 5 0.3 Z",
        Suit::Clubs => "M5 0.2 A2.45 2.45 0 0 1 6.9 4.3 A2.45 2.45 0 1 1 5.7 7.6 L6.6 10 L3.4 10 L4.3 7.6 A2.45 2.45 0 1 1 3.1 4.3 A2.45 2.45 0 0 1 5 0.2 Z",
    }
}

pub fn suit_class(suit: Suit) -> &'static str {
    match suit {
        Suit::Clubs => "suit-clubs",
        Suit::Spades => "suit-spades",
        Suit::Hearts => "suit-hearts",
        Suit::Diamonds => "suit-diamonds",
    }
}

/// The spoken name of a card for screen readers, in the player's language: "Herz Sieben",
/// "seven of hearts", "Joker".
pub fn spoken_name(face: Face, en: bool) -> String {
    const DE: [&str; 14] = [
        "?", "Ass", "Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun", "Zehn",
        "Bube", "Dame", "König",
    ];
    const EN: [&str; 14] = [
        "?", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
        "queen", "king",
    ];
    match face {
        Face::French { rank, suit } => {
            let r = |l: &[&'static str; 14]| l.get(rank.0 as usize).copied().unwrap_or("?");
            if en {
                let s = match suit {
                    Suit::Clubs => "clubs",
                    Suit::Spades => "spades",
                    Suit::Hearts => "hearts",
                    Suit::Diamonds => "diamonds",
                };
                format!("{} of {s}", r(&EN))
            } else {
                let s = match suit {
                    Suit::Clubs => "Kreuz",
                    Suit::Spades => "Pik",
                    Suit::Hearts => "Herz",
                    Suit::Diamonds => "Karo",
                };
                format!("{s} {}", r(&DE))
            }
        }
        Face::Joker => "Joker".into(),
        Face::Lux(v) => v.to_string(),
        Face::LuxJoker => "X (Joker)".into(),
    }
}

/// The symbol shape of an Abluxxen value (so colour is never the only cue):
/// 7 shapes, filled for 1–7, outlined for 8–13; the joker has a star.
fn lux_symbol(value: u8, out: &mut String) {
    let fill = if value > 7 { "none" } else { "currentColor" };
    let shape = match value.saturating_sub(1) % 7 {
        0 => r#"<circle cx="30" cy="60" r="7""#,
        1 => r#"<polygon points="30,52 38,66 22,66""#,
        2 => r#"<rect x="23" y="53" width="14" height="14""#,
        3 => r#"<polygon points="30,51 39,60 30,69 21,60""#,
        4 => r#"<polygon points="30,52 38,58 35,67 25,67 22,58""#,
        5 => r#"<polygon points="26,53 34,53 38,60 34,67 26,67 22,60""#,
        _ => r#"<path d="M23 57 h5 v-5 h4 v5 h5 v4 h-5 v5 h-4 v-5 h-5 Z""#,
    };
    out.push_str(shape);
    out.push_str(&format!(
        r#" fill="{fill}" stroke="currentColor" stroke-width="1.6"/>"#
    ));
}

/// The inside of a card's `<svg>` as markup. A card never changes once drawn, so it is set
/// in one step (`inner_html`) instead of building a dozen SVG nodes one call at a time: the
/// boards draw up to a hundred cards at once, and the home screen's first render is one
/// task that must stay short (docs/DESIGN.md "Start"). Every text in it is a rank, a value
/// or a fixed word: nothing needs escaping.
pub fn card_markup(face: Option<Face>, stands_for: Option<Face>) -> String {
    let mut out =
        String::from(r#"<rect x="0.5" y="0.5" width="59" height="83" rx="5.5" class="card-bg"/>"#);
    match face {
        None => out.push_str(concat!(
            r#"<rect x="1" y="1" width="58" height="82" rx="5" class="card-back-bg"/>"#,
            r#"<rect x="5" y="5" width="50" height="74" rx="3" class="card-back-pattern"/>"#,
            r#"<circle cx="30" cy="42" r="9" class="card-back-emblem"/>"#
        )),
        Some(Face::French { rank, suit }) => {
            let (p, r) = (suit_path(suit), rank.label_de());
            let corner = format!(
                r#"<text x="5" y="15" class="rank">{r}</text><path d="{p}" transform="translate(5 18) scale(0.8)" fill="currentColor"/>"#
            );
            out.push_str(&format!(
                r#"<g class="{}">{corner}<path d="{p}" transform="translate(15 32) scale(3)" fill="currentColor"/><g transform="rotate(180 30 42)">{corner}</g></g>"#,
                suit_class(suit)
            ));
        }
        // A placed joker: what it stands for goes where an overlapped card still shows
        // (under the corner), and the word JOKER gives way to it.
        Some(Face::Joker) if stands_for.is_some() => out.push_str(concat!(
            r#"<g class="joker"><text x="5" y="17" class="joker-corner">J</text>"#,
            r#"<text x="44" y="74" class="joker-star joker-star-small" text-anchor="middle">★</text></g>"#
        )),
        Some(Face::Joker) => out.push_str(concat!(
            r#"<g class="joker"><text x="30" y="47" class="joker-star" text-anchor="middle">★</text>"#,
            r#"<text x="5" y="17" class="joker-corner">J</text>"#,
            r#"<text x="30" y="76" class="joker-word" text-anchor="middle">JOKER</text></g>"#
        )),
        Some(Face::Lux(v)) => {
            out.push_str(&format!(
                r#"<g class="lux lux-{v}"><rect x="4" y="4" width="52" height="76" rx="4" class="lux-band" fill="currentColor"/><text x="30" y="40" class="lux-value" text-anchor="middle">{v}</text>"#
            ));
            lux_symbol(v, &mut out);
            out.push_str(&format!(
                r#"<text x="5" y="17" class="lux-corner">{v}</text></g>"#
            ));
        }
        Some(Face::LuxJoker) => out.push_str(concat!(
            r#"<g class="lux lux-x"><rect x="4" y="4" width="52" height="76" rx="4" class="lux-band" fill="currentColor"/>"#,
            r#"<text x="30" y="40" class="lux-value" text-anchor="middle">X</text>"#,
            r#"<text x="30" y="66" class="joker-star" text-anchor="middle">★</text>"#,
            r#"<text x="5" y="17" class="lux-corner">X</text></g>"#
        )),
    }
    if let Some(f) = stands_for {
        let text = match f {
            Face::French { rank, suit } => format!("{}{}", rank.label_de(), suit.symbol()),
            other => other.to_string(),
        };
        let cls = match f.suit() {
            Some(s) => format!("stands-for {}", suit_class(s)),
            None => "stands-for".to_string(),
        };
        out.push_str(&format!(
            r#"<text x="5" y="36" class="{cls}">{text}</text>"#
        ));
    }
    out
}

/// One card. `face: None` draws the back. `stands_for` marks a placed joker with the card
/// it represents.
#[component]
pub fn CardView(
    #[prop(into)] face: Option<Face>,
    #[prop(optional)] stands_for: Option<Face>,
    #[prop(optional, into)] label: Option<String>,
    /// The card's id, written as `data-cid` (card moves are animated by it, `play::flip`).
    #[prop(optional)]
    id: Option<CardId>,
) -> impl IntoView {
    let en = use_context::<crate::ctx::AppCtx>().is_some_and(|a| a.lang() == crate::i18n::Lang::En);
    let aria = label.unwrap_or_else(|| match face {
        Some(f) => spoken_name(f, en),
        None if en => "card back".into(),
        None => "Kartenrücken".into(),
    });
    let class = if face.is_none() {
        "card card-is-back"
    } else {
        "card"
    };
    view! {
        <svg class=class viewBox="0 0 60 84" role="img" aria-label=aria data-face=face.map(|f| f.to_string()).unwrap_or_default()
            data-cid=id.map(|i| i.0) inner_html=card_markup(face, stands_for)>
        </svg>
    }
}

/// The cards of the board that slide (`host::flip`), and their flying copies.
pub const BOARD_CARDS: &str = ".game-host svg.card[data-cid]";
pub const FLYING: &str = ".flip-moving";

/// Ends every card's slide at once (`host::flip`): the flying copies (`.flip-moving`) go and
/// the cards hidden while their copy flew show where they are. Called when the game is left
/// and when an end panel opens, so no card flies over it.
pub fn land_flights() {
    use wasm_bindgen::JsCast;
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    for sel in [FLYING, BOARD_CARDS] {
        let Ok(list) = doc.query_selector_all(sel) else {
            continue;
        };
        for i in 0..list.length() {
            let Some(e) = list
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            else {
                continue;
            };
            if sel == FLYING {
                e.remove();
            } else if e
                .get_attribute("style")
                .is_some_and(|s| s.contains("visibility: hidden"))
            {
                let _ = e.remove_attribute("style");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{card_markup, spoken_name};
    use engine::{Face, Suit};

    /// The markup of every face is balanced and carries what the CSS and the tests read.
    #[test]
    fn card_markup_is_balanced_for_every_face() {
        let mut faces: Vec<Option<Face>> = vec![None, Some(Face::Joker), Some(Face::LuxJoker)];
        for suit in [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds] {
            faces.extend((1..=13).map(|r| Some(Face::french(r, suit))));
        }
        faces.extend((1..=13).map(|v| Some(Face::Lux(v))));
        for face in faces {
            for stands_for in [None, Some(Face::french(10, Suit::Hearts))] {
                let m = card_markup(face, stands_for);
                let count = |s: &str| m.matches(s).count();
                assert_eq!(count("<g"), count("</g>"), "{face:?}: {m}");
                assert_eq!(count("<text"), count("</text>"), "{face:?}: {m}");
                assert!(m.starts_with("<rect") && m.contains("card-bg"), "{m}");
                assert_eq!(count("<") - count("</"), count(">") - count("</"), "{m}");
                if let Some(Face::French { rank, suit }) = face {
                    assert_eq!(count(&format!(">{}</text>", rank.label_de())), 2, "{m}");
                    assert!(m.contains(super::suit_class(suit)), "{m}");
                }
                assert_eq!(m.contains("stands-for"), stands_for.is_some());
            }
        }
    }

    #[test]
    fn cards_are_named_in_the_players_language() {
        assert_eq!(
            spoken_name(Face::french(7, Suit::Hearts), false),
            "Herz Sieben"
        );
        assert_eq!(
            spoken_name(Face::french(7, Suit::Hearts), true),
            "seven of hearts"
        );
        assert_eq!(
            spoken_name(Face::french(11, Suit::Spades), false),
            "Pik Bube"
        );
        assert_eq!(
            spoken_name(Face::french(1, Suit::Clubs), true),
            "ace of clubs"
        );
        assert_eq!(
            spoken_name(Face::french(12, Suit::Diamonds), false),
            "Karo Dame"
        );
        assert_eq!(spoken_name(Face::Joker, true), "Joker");
    }
}
