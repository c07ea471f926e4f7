//! The rules page's shared texts (its frame and the section titles): part of the one
//! translation table (see `super::entries`). Each game's rules texts are in its own table
//! (`src/games/<game>/texts_table.rs`); its `rules` module fills their `{n}` and other
//! `{slots}` with values from the options.

pub(super) static RULES: super::Table = &[
    // The page
    ("rules.title", "Regeln: {game}", "Rules: {game}"),
    ("rules.link", "Regeln", "Rules"),
    ("rules.read", "Regeln lesen", "Read the rules"),
    ("rules.of_game", "Regeln & Hausregeln", "Rules & house rules"),
    ("rules.defaults", "Die Regeln mit den Standard-Einstellungen. Am Tisch geänderte Hausregeln zeigt die Regelseite, die aus der laufenden Partie geöffnet wird.", "The rules with the default settings. House rules changed at the table show on the rules page opened from the running game."),
    ("rules.for_game", "Die Regeln der laufenden Partie mit {players} – mit den Hausregeln, die in dieser Partie gelten.", "The rules of the running game with {players} – with the house rules in force in this game."),
    ("rules.house", "Hausregeln dieser Partie", "House rules of this game"),
    ("rules.house_defaults", "Hausregeln (Standard)", "House rules (default)"),
    ("rules.no_game", "Diese Partie gibt es nicht mehr; hier stehen die Regeln mit den Standard-Einstellungen.", "This game no longer exists; these are the rules with the default settings."),
    ("rules.play", "Dieses Spiel spielen", "Play this game"),
    ("rules.back_to_game", "Zurück zur Partie", "Back to the game"),
    ("rules.example", "Beispiel:", "Example:"),
    ("rules.yes", "ja", "yes"),
    ("rules.no", "nein", "no"),
    ("rules.off", "aus", "off"),
    ("rules.unlimited", "unbegrenzt", "unlimited"),
    ("rules.sec.goal", "Ziel des Spiels", "Goal of the game"),
    ("rules.sec.cards", "Karten", "Cards"),
    ("rules.sec.deal", "Geben", "Dealing"),
    ("rules.sec.turn", "Ein Spielzug", "A turn"),
    ("rules.sec.melds", "Kombinationen", "Melds"),
    ("rules.sec.tasks", "Die Aufgaben", "The tasks"),
    ("rules.sec.groups", "Gruppen und Abluxxen", "Groups and luxxing"),
    ("rules.sec.end_game", "Ende eines Spiels", "End of a game"),
    ("rules.sec.special", "Sonderregeln", "Special rules"),
    ("rules.sec.end", "Ende einer Runde", "End of a deal"),
    ("rules.sec.scoring", "Wertung und Ende der Partie", "Scoring and end of the match"),
];
