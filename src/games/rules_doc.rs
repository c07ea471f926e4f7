//! The rules page of a game as data: sections of paragraphs and lists, written for players,
//! plus the house rules in force. Built by each game's `rules` module from its options (so
//! the page opened from a running game shows that game's rules); shown by
//! `pages::rules`. No Leptos here: the texts are tested natively.

use crate::i18n::common::fill;
use crate::i18n::{tr, Lang};
use engine::abluxxen::{Abluxxen, AbluxxenOptions};
use engine::game::Game;
use engine::games::{AnyGame, Loaded};
use engine::karussell::{Karussell, KarussellOptions};
use engine::profisort::{ProfiSort, ProfiSortOptions};
use engine::romme::{Preset, Romme, RommeOptions};

/// A piece of a section.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    Para(String),
    List(Vec<String>),
    /// A worked example, set off from the text.
    Example(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Section {
    pub title: String,
    pub blocks: Vec<Block>,
}

/// One option in force: its setup label and its value.
#[derive(Clone, Debug, PartialEq)]
pub struct HouseRule {
    /// The option's translation key (also `data-option` on the page).
    pub key: &'static str,
    pub label: String,
    pub value: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RulesDoc {
    pub sections: Vec<Section>,
    pub house: Vec<HouseRule>,
}

impl RulesDoc {
    /// Every text of the page in one string (for tests and searching).
    pub fn text(&self) -> String {
        let mut out = String::new();
        for s in &self.sections {
            out.push_str(&s.title);
            out.push('\n');
            for b in &s.blocks {
                match b {
                    Block::Para(p) | Block::Example(p) => out.push_str(p),
                    Block::List(items) => out.push_str(&items.join("\n")),
                }
                out.push('\n');
            }
        }
        for h in &self.house {
            out.push_str(&format!("{}: {}\n", h.label, h.value));
        }
        out
    }
}

/// Writes a page in one language: translated texts with `{name}` placeholders filled.
pub struct Writer {
    pub lang: Lang,
    sections: Vec<Section>,
    house: Vec<HouseRule>,
}

impl Writer {
    pub fn new(lang: Lang) -> Self {
        Writer {
            lang,
            sections: Vec::new(),
            house: Vec::new(),
        }
    }
    pub fn t(&self, key: &str) -> String {
        tr(self.lang, key).to_string()
    }
    pub fn f(&self, key: &str, args: &[(&str, String)]) -> String {
        fill(self.lang, key, args)
    }
    /// `key` with `{n}` = `n`.
    pub fn n(&self, key: &str, n: impl ToString) -> String {
        self.f(key, &[("n", n.to_string())])
    }
    /// Starts a section titled by the key `rules.sec.<name>`.
    pub fn section(&mut self, name: &str) {
        let title = self.t(&format!("rules.sec.{name}"));
        self.sections.push(Section {
            title,
            blocks: Vec::new(),
        });
    }
    fn push(&mut self, b: Block) {
        if let Some(s) = self.sections.last_mut() {
            s.blocks.push(b);
        }
    }
    pub fn para(&mut self, text: String) {
        self.push(Block::Para(text));
    }
    pub fn list(&mut self, items: Vec<String>) {
        if !items.is_empty() {
            self.push(Block::List(items));
        }
    }
    pub fn example(&mut self, text: String) {
        let label = self.t("rules.example");
        self.push(Block::Example(format!("{label} {text}")));
    }
    /// A house rule labelled like the setup screen's option `key`.
    pub fn house(&mut self, key: &'static str, value: String) {
        let label = self.t(key);
        self.house.push(HouseRule { key, label, value });
    }
    pub fn yes_no(&self, on: bool) -> String {
        self.t(if on { "rules.yes" } else { "rules.no" })
    }
    pub fn done(self) -> RulesDoc {
        RulesDoc {
            sections: self.sections,
            house: self.house,
        }
    }
}

/// The options of any game.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyOptions {
    Romme(Preset, RommeOptions),
    Karussell(KarussellOptions),
    ProfiSort(ProfiSortOptions),
    Abluxxen(AbluxxenOptions),
}

impl AnyOptions {
    /// The options a catalog entry starts with; `None` for an unknown or unplayable id.
    pub fn defaults(variant: &str) -> Option<AnyOptions> {
        use engine::games::options_of;
        let info = engine::games::find_variant(variant)?;
        Some(match info.game? {
            g if g == Romme::NAME => {
                AnyOptions::Romme(Preset::named(info.preset)?, options_of::<Romme>(info).ok()?)
            }
            g if g == Karussell::NAME => AnyOptions::Karussell(options_of::<Karussell>(info).ok()?),
            g if g == ProfiSort::NAME => AnyOptions::ProfiSort(options_of::<ProfiSort>(info).ok()?),
            g if g == Abluxxen::NAME => AnyOptions::Abluxxen(options_of::<Abluxxen>(info).ok()?),
            _ => return None,
        })
    }

    /// The options of a loaded game (its variant from the save).
    pub fn of_game(loaded: &Loaded) -> AnyOptions {
        match &loaded.game {
            AnyGame::Romme(g) => {
                // The preset only chooses which options the page lists; a save of a Rommé
                // variant the catalog no longer has shows them as the Grundspiel does.
                let preset = engine::games::find_variant(&loaded.meta.variant)
                    .and_then(|v| Preset::named(v.preset))
                    .unwrap_or(Preset::Grundspiel);
                AnyOptions::Romme(preset, g.options().clone())
            }
            AnyGame::Karussell(g) => AnyOptions::Karussell(g.options().clone()),
            AnyGame::ProfiSort(g) => AnyOptions::ProfiSort(g.options().clone()),
            AnyGame::Abluxxen(g) => AnyOptions::Abluxxen(g.options().clone()),
        }
    }

    /// The rules page for these options in `lang`.
    pub fn rules(&self, lang: Lang) -> RulesDoc {
        match self {
            AnyOptions::Romme(p, o) => crate::games::romme::rules::rules(*p, o, lang),
            AnyOptions::Karussell(o) => crate::games::karussell::rules::rules(o, lang),
            AnyOptions::ProfiSort(o) => crate::games::profisort::rules::rules(o, lang),
            AnyOptions::Abluxxen(o) => crate::games::abluxxen::rules::rules(o, lang),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::session::Session;
    use engine::save::SaveMeta;

    fn meta(variant: &str) -> SaveMeta {
        SaveMeta {
            player_names: vec!["Anna".into(), "Ben".into()],
            seat_kinds: vec![engine::SeatKind::Human, engine::SeatKind::Human],
            variant: variant.into(),
            ..SaveMeta::default()
        }
    }

    #[test]
    fn a_stored_game_brings_its_house_rules() {
        let mut o = Preset::Raeuber.options();
        o.first_meld_min = 55;
        o.jokers = 3;
        let s = Session::<Romme>::start("g1".into(), o.clone(), meta("romme_raeuber"), 7).unwrap();
        let loaded = engine::games::load_any(&s.to_json().unwrap()).unwrap();
        let any = AnyOptions::of_game(&loaded);
        assert_eq!(any, AnyOptions::Romme(Preset::Raeuber, o));
        let doc = any.rules(Lang::De);
        let text = doc.text();
        assert!(
            text.contains("mindestens 55 Punkte") && text.contains("3 Joker"),
            "{text}"
        );
        let value = |key: &str| {
            doc.house
                .iter()
                .find(|h| h.key == key)
                .map(|h| h.value.clone())
        };
        assert_eq!(value("ro.first_meld_min").as_deref(), Some("55"));
        assert_eq!(value("ro.robbing").as_deref(), Some("ja"));
        // Buying is no option of Räuber-Rommé's setup, so not a house rule either.
        assert_eq!(value("ro.buying"), None);

        let duel = engine::games::variant_options::<Abluxxen>("profiduell").unwrap();
        let s =
            Session::<Abluxxen>::start("g2".into(), duel.clone(), meta("profiduell"), 9).unwrap();
        let loaded = engine::games::load_any(&s.to_json().unwrap()).unwrap();
        assert_eq!(AnyOptions::of_game(&loaded), AnyOptions::Abluxxen(duel));
    }

    #[test]
    fn every_playable_entry_has_default_options() {
        for v in engine::games::VARIANTS {
            let available = v.game.and_then(super::super::registry::find).is_some();
            assert_eq!(AnyOptions::defaults(v.id).is_some(), available, "{}", v.id);
        }
        assert_eq!(AnyOptions::defaults("nope"), None);
        match AnyOptions::defaults("romme_trad") {
            Some(AnyOptions::Romme(p, o)) => {
                assert_eq!((p, o.jokers), (Preset::Traditionell, 0));
            }
            other => panic!("{other:?}"),
        }
    }
}
