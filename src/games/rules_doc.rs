//! The rules page of a game as data: sections of paragraphs and lists, written for players,
//! plus the house rules in force. Built by each game's `rules` module from its options
//! (`Registered::rules`, reached through the registry: so the page opened from a running game
//! shows that game's rules); shown by `pages::rules`. No Leptos here: the texts are tested
//! natively.

use crate::games::registry::{with_ui_game, Registered, UiVisitor};
use crate::i18n::common::fill;
use crate::i18n::{tr, Lang};
use engine::games::{find_variant, options_of, VariantInfo, VARIANTS};
use engine::save::{SaveFile, SaveMeta};
use std::sync::Arc;

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

/// A game's rules page for options chosen before, in the language asked for.
pub type Rules = Arc<dyn Fn(Lang) -> RulesDoc + Send + Sync>;

/// The rules page of game `G`, catalog entry `variant`, with `options`.
fn rules_of<G: Registered>(variant: &'static VariantInfo, options: G::Options) -> Rules {
    Arc::new(move |lang| G::RULES(variant, &options, lang))
}

/// The rules page of the catalog entry `variant` with its default options; `None` for an
/// unknown or unplayable id.
pub fn defaults(variant: &str) -> Option<Rules> {
    struct Defaults(&'static VariantInfo);
    impl UiVisitor for Defaults {
        type Out = Option<Rules>;
        fn visit<G: Registered>(self) -> Option<Rules> {
            let options = options_of::<G>(self.0).ok()?;
            Some(rules_of::<G>(self.0, options))
        }
    }
    let info = find_variant(variant)?;
    with_ui_game(info.game?, Defaults(info)).ok()?
}

/// The rules of a stored game: its catalog entry, its options' page, its save's data.
pub struct StoredRules {
    pub variant: &'static VariantInfo,
    pub rules: Rules,
    pub meta: SaveMeta,
}

/// The rules page of the stored game `json` (read and replayed), with its options; `None`
/// for a save that cannot be read. Its catalog entry is the save's `variant`, else `route`
/// (the page's), else the game's first; both only if they are entries of the save's game.
pub fn of_save(json: &str, route: &str) -> Option<StoredRules> {
    struct FromSave<'a> {
        file: SaveFile,
        route: &'a str,
    }
    impl UiVisitor for FromSave<'_> {
        type Out = Option<StoredRules>;
        fn visit<G: Registered>(self) -> Option<StoredRules> {
            let (_, game, meta) = engine::save::load_file::<G>(self.file).ok()?;
            let of_game = |v: &&'static VariantInfo| v.game == Some(G::NAME);
            let variant = [meta.variant.as_str(), self.route]
                .into_iter()
                .filter_map(find_variant)
                .find(of_game)
                .or_else(|| VARIANTS.iter().find(of_game))?;
            let rules = rules_of::<G>(variant, game.options().clone());
            Some(StoredRules {
                variant,
                rules,
                meta,
            })
        }
    }
    let file = engine::save::read_file(json).ok()?;
    let name = file.game.clone();
    with_ui_game(&name, FromSave { file, route }).ok()?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::session::Session;
    use engine::abluxxen::Abluxxen;
    use engine::romme::{Preset, Romme};

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
        let s = Session::<Romme>::start("g1".into(), o, meta("romme_raeuber"), 7).unwrap();
        let stored = of_save(&s.to_json().unwrap(), "romme").unwrap();
        assert_eq!(stored.variant.id, "romme_raeuber");
        assert_eq!(stored.meta.player_names, ["Anna", "Ben"]);
        let doc = (stored.rules)(Lang::De);
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
        let s = Session::<Abluxxen>::start("g2".into(), duel, meta("profiduell"), 9).unwrap();
        let json = s.to_json().unwrap();
        let stored = of_save(&json, "abluxxen").unwrap();
        assert_eq!(stored.variant.id, "profiduell");
        let defaults = defaults("profiduell").unwrap();
        assert_eq!((stored.rules)(Lang::En), defaults(Lang::En));
        // A save without a catalog entry of its own: the page's, if it is one of its game.
        let mut old = meta("");
        old.variant.clear();
        let s = Session::<Abluxxen>::start("g3".into(), Default::default(), old, 9).unwrap();
        let json = s.to_json().unwrap();
        assert_eq!(
            of_save(&json, "profiduell").unwrap().variant.id,
            "profiduell"
        );
        assert_eq!(of_save(&json, "romme").unwrap().variant.id, "abluxxen");
        assert!(of_save("{}", "romme").is_none());
    }

    #[test]
    fn every_playable_entry_has_default_rules() {
        for v in VARIANTS {
            let available = v.game.and_then(super::super::registry::find).is_some();
            assert_eq!(defaults(v.id).is_some(), available, "{}", v.id);
        }
        assert!(defaults("nope").is_none());
        let trad = defaults("romme_trad").unwrap()(Lang::De);
        let jokers = trad.house.iter().find(|h| h.key == "ro.jokers");
        assert_eq!(jokers.map(|h| h.value.as_str()), Some("0"));
    }
}
