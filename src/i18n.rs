//! The one translation table. German is the default; English is complete too.
//! Every text shown by the app goes through [`tr`]; a missing key shows the key itself
//! (and a test makes sure none is missing).

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Lang {
    #[default]
    De,
    En,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::En => "en",
        }
    }
}

/// (key, German, English)
static TABLE: &[(&str, &str, &str)] = &[
    ("app.title", "Kartenrunde", "Kartenrunde"),
    ("app.tagline", "Rommé und Abluxxen – gegen Bots, zu mehreren an einem Gerät oder per Link. Offline, ohne Konto.", "Rummy and Abluxxen – against bots, pass-and-play on one device, or by link. Offline, no account."),
    ("nav.home", "Spiele", "Games"),
    ("nav.settings", "Einstellungen", "Settings"),
    ("nav.saves", "Gespeicherte Spiele", "Saved games"),
    ("nav.back", "Zurück", "Back"),
    ("home.choose", "Spiel wählen", "Choose a game"),
    ("home.coming_soon", "in Vorbereitung", "coming soon"),
    ("home.play", "Spielen", "Play"),
    ("home.players", "Spieler", "players"),
    ("game.romme", "Rommé (Grundspiel)", "Rummy (basic game)"),
    ("game.romme.desc", "Sätze und Folgen auslegen, am Ende zählt der Rest auf der Hand.", "Lay out sets and runs; whatever is left in your hand counts against you."),
    ("game.romme_kaufen", "Rommé mit Kaufen", "Rummy with buying"),
    ("game.romme_kaufen.desc", "Wer die abgeworfene Karte will, kauft sie – samt Strafkarte vom Stapel.", "Claim the discard out of turn – and take a penalty card from the stock."),
    ("game.romme_anlegen", "Rommé mit Anlegen", "Rummy with laying off"),
    ("game.romme_anlegen.desc", "Nach dem ersten Auslegen an alle Kombinationen anlegen; Bonus für den Sieger.", "After your first meld, lay off on any meld; the winner earns a bonus."),
    ("game.romme_raeuber", "Räuber-Rommé", "Robber rummy"),
    ("game.romme_raeuber.desc", "Karten vom Tisch rauben und neu kombinieren – solange alles gültig bleibt.", "Rob cards from the table and recombine them – as long as everything stays legal."),
    ("game.romme_trad", "Traditionelles Rommé", "Traditional rummy"),
    ("game.romme_trad.desc", "Zehn Karten, ohne Joker, mit Hand-Rommé und Ringspiel-Abrechnung.", "Ten cards, no jokers, with hand rummy and the ring-game settlement."),
    ("game.karussell", "Karussell (Manipulation-Rommé)", "Carousel (manipulation rummy)"),
    ("game.karussell.desc", "Der ganze Tisch gehört allen: umbauen, solange jede Kombination gültig bleibt.", "The whole table belongs to everyone: rearrange as long as every meld stays legal."),
    ("game.profisort", "Profi-Sort", "Profi-Sort"),
    ("game.profisort.desc", "15 Aufgaben vom Spielzettel erfüllen; Asse schicken Gegner in die Pause.", "Complete 15 tasks from the sheet; aces make opponents skip a turn."),
    ("game.abluxxen", "Abluxxen", "Abluxxen"),
    ("game.abluxxen.desc", "Gleiche Karten ausspielen und den anderen kleinere Gruppen abluxxen.", "Play groups of equal cards and steal smaller groups from the others."),
    ("game.profiduell", "Abluxxen Profiduell", "Abluxxen pro duel"),
    ("game.profiduell.desc", "Zu zweit gegen den Schatten: 2 Joker für jeden, Paare im Vorrat.", "Two players plus a shadow: 2 jokers each, pairs in the supply."),
    ("setup.title", "Neues Spiel", "New game"),
    ("setup.players", "Spieler", "Players"),
    ("setup.seat", "Platz", "Seat"),
    ("setup.human", "Mensch", "Human"),
    ("setup.bot", "Bot", "Bot"),
    ("setup.bot_easy", "Bot (leicht)", "Bot (easy)"),
    ("setup.bot_normal", "Bot (normal)", "Bot (normal)"),
    ("setup.name", "Name", "Name"),
    ("setup.options", "Regeln", "Rules"),
    ("setup.start", "Spiel starten", "Start game"),
    ("setup.add", "Spieler hinzufügen", "Add player"),
    ("setup.remove", "Entfernen", "Remove"),
    ("setup.default_human", "Du", "You"),
    ("setup.not_ready", "Dieses Spiel ist noch in Vorbereitung.", "This game is not ready yet."),
    ("setup.no_options", "Dieses Spiel hat keine einstellbaren Regeln.", "This game has no adjustable rules."),
    ("settings.title", "Einstellungen", "Settings"),
    ("settings.language", "Sprache", "Language"),
    ("settings.deck", "Kartenfarben", "Deck colours"),
    ("settings.deck2", "2 Farben (rot/schwarz)", "2 colours (red/black)"),
    ("settings.deck4", "4 Farben (♣ grün, ♦ blau)", "4 colours (♣ green, ♦ blue)"),
    ("settings.motion", "Animationen reduzieren", "Reduce motion"),
    ("settings.motion_system", "wie das System", "follow system"),
    ("settings.motion_on", "ja", "on"),
    ("settings.motion_off", "nein", "off"),
    ("settings.bot_delay", "Tempo der Bots", "Bot speed"),
    ("settings.preview", "Vorschau", "Preview"),
    ("card.back", "Kartenrücken", "card back"),
    ("card.joker", "Joker", "Joker"),
    ("error.title", "Das ging nicht", "That did not work"),
    ("error.not_found", "Diese Seite gibt es nicht.", "This page does not exist."),
    ("error.storage", "Der Speicher des Browsers ist nicht verfügbar; Einstellungen werden nicht gespeichert.", "The browser's storage is unavailable; settings will not be kept."),
];

/// Looks up `key` in `lang`; unknown keys come back unchanged (and are caught by a test).
pub fn tr(lang: Lang, key: &str) -> &str {
    match TABLE.iter().find(|(k, _, _)| *k == key) {
        Some((_, de, en)) => match lang {
            Lang::De => de,
            Lang::En => en,
        },
        None => key,
    }
}

pub fn has_key(key: &str) -> bool {
    TABLE.iter().any(|(k, _, _)| *k == key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_translated() {
        let mut keys: Vec<&str> = TABLE.iter().map(|(k, _, _)| *k).collect();
        keys.sort();
        let n = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), n, "duplicate translation keys");
        for (k, de, en) in TABLE {
            assert!(!de.is_empty() && !en.is_empty(), "{k} lacks a text");
        }
    }

    #[test]
    fn lookup_by_language() {
        assert_eq!(tr(Lang::De, "nav.settings"), "Einstellungen");
        assert_eq!(tr(Lang::En, "nav.settings"), "Settings");
        assert_eq!(tr(Lang::En, "no.such.key"), "no.such.key");
    }
}
