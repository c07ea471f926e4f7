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

/// An accessible name for a face, e.g. "Herz 7".
pub fn face_label(face: Face, en: bool) -> String {
    match face {
        Face::French { rank, suit } => {
            let s = match (suit, en) {
                (Suit::Clubs, false) => "Kreuz",
                (Suit::Spades, false) => "Pik",
                (Suit::Hearts, false) => "Herz",
                (Suit::Diamonds, false) => "Karo",
                (Suit::Clubs, true) => "Clubs",
                (Suit::Spades, true) => "Spades",
                (Suit::Hearts, true) => "Hearts",
                (Suit::Diamonds, true) => "Diamonds",
            };
            let r = if en { rank.label_en() } else { rank.label_de() };
            format!("{s} {r}")
        }
        Face::Joker => "Joker".into(),
        Face::Lux(v) => format!("{v}"),
        Face::LuxJoker => "X (Joker)".into(),
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
fn lux_symbol(value: u8) -> AnyView {
    let hollow = value > 7;
    let fill = if hollow { "none" } else { "currentColor" };
    let shape = (value.saturating_sub(1)) % 7;
    let sw = "1.6";
    match shape {
        0 => view! { <circle cx="30" cy="60" r="7" fill=fill stroke="currentColor" stroke-width=sw/> }.into_any(),
        1 => view! { <polygon points="30,52 38,66 22,66" fill=fill stroke="currentColor" stroke-width=sw/> }.into_any(),
        2 => view! { <rect x="23" y="53" width="14" height="14" fill=fill stroke="currentColor" stroke-width=sw/> }.into_any(),
        3 => view! { <polygon points="30,51 39,60 30,69 21,60" fill=fill stroke="currentColor" stroke-width=sw/> }.into_any(),
        4 => view! { <polygon points="30,52 38,58 35,67 25,67 22,58" fill=fill stroke="currentColor" stroke-width=sw/> }.into_any(),
        5 => view! { <polygon points="26,53 34,53 38,60 34,67 26,67 22,60" fill=fill stroke="currentColor" stroke-width=sw/> }.into_any(),
        _ => view! { <path d="M23 57 h5 v-5 h4 v5 h5 v4 h-5 v5 h-4 v-5 h-5 Z" fill=fill stroke="currentColor" stroke-width=sw/> }.into_any(),
    }
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
    let en = use_context::<crate::app::AppCtx>().is_some_and(|a| a.lang() == crate::i18n::Lang::En);
    let aria = label.unwrap_or_else(|| match face {
        Some(f) => spoken_name(f, en),
        None if en => "card back".into(),
        None => "Kartenrücken".into(),
    });
    let body = match face {
        None => view! {
            <rect x="1" y="1" width="58" height="82" rx="5" class="card-back-bg"/>
            <rect x="5" y="5" width="50" height="74" rx="3" class="card-back-pattern"/>
            <circle cx="30" cy="42" r="9" class="card-back-emblem"/>
        }
        .into_any(),
        Some(Face::French { rank, suit }) => {
            let path = suit_path(suit);
            let r = rank.label_de();
            view! {
                <g class=suit_class(suit)>
                    <text x="5" y="15" class="rank">{r}</text>
                    <path d=path transform="translate(5 18) scale(0.8)" fill="currentColor"/>
                    <path d=path transform="translate(15 32) scale(3)" fill="currentColor"/>
                    <g transform="rotate(180 30 42)">
                        <text x="5" y="15" class="rank">{r}</text>
                        <path d=path transform="translate(5 18) scale(0.8)" fill="currentColor"/>
                    </g>
                </g>
            }
            .into_any()
        }
        Some(Face::Joker) => view! {
            <g class="joker">
                <text x="30" y="47" class="joker-star" text-anchor="middle">"★"</text>
                <text x="5" y="17" class="joker-corner">"J"</text>
                <text x="30" y="76" class="joker-word" text-anchor="middle">"JOKER"</text>
            </g>
        }
        .into_any(),
        Some(Face::Lux(v)) => {
            let class = format!("lux lux-{v}");
            view! {
                <g class=class>
                    <rect x="4" y="4" width="52" height="76" rx="4" class="lux-band" fill="currentColor"/>
                    <text x="30" y="40" class="lux-value" text-anchor="middle">{v}</text>
                    {lux_symbol(v)}
                    <text x="5" y="17" class="lux-corner">{v}</text>
                </g>
            }
            .into_any()
        }
        Some(Face::LuxJoker) => view! {
            <g class="lux lux-x">
                <rect x="4" y="4" width="52" height="76" rx="4" class="lux-band" fill="currentColor"/>
                <text x="30" y="40" class="lux-value" text-anchor="middle">"X"</text>
                <text x="30" y="66" class="joker-star" text-anchor="middle">"★"</text>
                <text x="5" y="17" class="lux-corner">"X"</text>
            </g>
        }
        .into_any(),
    };
    let marker = stands_for.map(|f| {
        let text = match f {
            Face::French { rank, suit } => format!("{}{}", rank.label_de(), suit.symbol()),
            other => other.to_string(),
        };
        let cls = match f.suit() {
            Some(s) => format!("stands-for {}", suit_class(s)),
            None => "stands-for".to_string(),
        };
        view! { <text x="55" y="80" text-anchor="end" class=cls>{text}</text> }
    });
    let class = if face.is_none() {
        "card card-is-back"
    } else {
        "card"
    };
    view! {
        <svg class=class viewBox="0 0 60 84" role="img" aria-label=aria data-face=face.map(|f| f.to_string()).unwrap_or_default()
            data-cid=id.map(|i| i.0)>
            <rect x="0.5" y="0.5" width="59" height="83" rx="5.5" class="card-bg"/>
            {body}
            {marker}
        </svg>
    }
}

#[cfg(test)]
mod tests {
    use super::spoken_name;
    use engine::{Face, Suit};

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
