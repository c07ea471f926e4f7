//! The one translation table. German is the default; English is complete too.
//! Every text shown by the app goes through [`tr`]; a missing key shows the key itself
//! (and a test makes sure none is missing). The texts every game shares are here; each game's
//! own texts are a table in its folder, registered by its registry entry and installed when
//! the app starts ([`install`]: this module sits below the games and names none of them).

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

pub mod common;
pub mod net;
mod rules;
mod storage;

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

/// A table of texts: (key, German, English).
pub type Table = &'static [(&'static str, &'static str, &'static str)];

/// The texts every game shares.
static TABLE: Table = &[
    ("app.title", "Kartenrunde", "Kartenrunde"),
    ("app.tagline", "Rommé, Karussell, Profi-Sort und Abluxxen – gegen Bots, zu mehreren an einem Gerät oder per Link. Offline, ohne Konto.", "Rummy, Karussell, Profi-Sort and Abluxxen – against bots, pass-and-play on one device, or by link. Offline, no account."),
    ("nav.home", "Spiele", "Games"),
    ("nav.settings", "Einstellungen", "Settings"),
    ("nav.saves", "Gespeicherte Spiele", "Saved games"),
    ("nav.back", "Zurück", "Back"),
    ("nav.stats", "Statistik", "Statistics"),
    ("nav.skip", "Zum Spiel springen", "Skip to the game"),
    ("stats.title", "Statistik", "Statistics"),
    ("stats.none", "Noch keine beendete Partie. Hier steht, wie es gelaufen ist, sobald eine Partie zu Ende gespielt ist.", "No finished match yet. Once a match is played to the end, this page shows how it went."),
    ("stats.finished", "Beendete Partien", "Finished matches"),
    ("stats.played", "Partien", "Matches"),
    ("stats.won", "Gewonnen", "Won"),
    ("stats.avg", "Punkte je Runde (Durchschnitt)", "Points per deal (average)"),
    ("stats.best", "Beste Partie", "Best match"),
    ("stats.worst", "Schlechteste Partie", "Worst match"),
    ("stats.against", "Gegen", "Against"),
    ("stats.no_bots", "nur Menschen", "people only"),
    ("stats.open", "ansehen", "open"),
    ("stats.winner", "Sieg", "winner"),
    ("stats.print", "Drucken", "Print"),
    ("stats.export", "Als Tabelle exportieren (CSV)", "Export as a table (CSV)"),
    ("stats.exported", "Die Tabelle wurde heruntergeladen.", "The table was downloaded."),
    ("stats.export_failed", "Der Browser hat den Download verweigert; es wurde nichts verändert.", "The browser refused the download; nothing was changed."),
    ("stats.skipped_one", "1 Eintrag konnte nicht gelesen werden und bleibt unverändert gespeichert.", "1 entry could not be read and stays stored unchanged."),
    ("stats.skipped_many", "{n} Einträge konnten nicht gelesen werden und bleiben unverändert gespeichert.", "{n} entries could not be read and stay stored unchanged."),
    ("stats.damaged", "Die gespeicherte Statistik ist beschädigt und konnte nicht gelesen werden. Sie bleibt unverändert und wird vor der nächsten beendeten Partie als Sicherung beiseitegelegt.", "The stored statistics are damaged and could not be read. They stay unchanged and are set aside as a backup before the next finished match is recorded."),
    ("stats.backup", "Eine beschädigte frühere Statistik ist als Sicherung gespeichert (Schlüssel {key}).", "A damaged earlier statistics list is kept as a backup (key {key})."),
    ("nav.menu", "Menü", "Menu"),
    ("home.choose", "Spiel wählen", "Choose a game"),
    ("home.coming_soon", "in Vorbereitung", "coming soon"),
    ("home.play", "Spielen", "Play"),
    ("home.loading", "Das Spiel wird geladen …", "Loading the game …"),
    // The boot screen's error path (index.html, which holds the same texts: texts_check.rs).
    ("boot.failed", "Das Spiel konnte nicht geladen werden. Deine gespeicherten Spiele bleiben erhalten.", "The game could not be loaded. Your saved games are kept."),
    ("boot.retry", "Erneut versuchen", "Try again"),
    ("home.players", "Spieler", "players"),
    // What a seat's numbers count (components/opponents.rs, `SeatCount`): the word after it.
    ("count.cards", "{n:Karte|Karten}", "{n:card|cards}"),
    ("count.points", "{n:Punkt|Punkte}", "{n:point|points}"),
    ("count.tasks_done", "{n:Aufgabe|Aufgaben} erfüllt", "{n:task|tasks} done"),
    ("count.displayed", "ausgelegt", "on display"),
    // The phases Abluxxen adds to the engine's `Moment` (explained by `common`).
    ("ab.phase.shadow_choice", "eine Schatten-Gruppe wählen", "choose a shadow group"),
    ("ab.phase.luxx_decision", "über die abgeluxxten Karten entscheiden", "decide about the luxxed cards"),
    ("ab.phase.victim_decision", "die abgeluxxte Gruppe zurücknehmen oder ablegen", "take back or discard the luxxed group"),
    ("setup.title", "Neues Spiel", "New game"),
    ("setup.players", "Spieler", "Players"),
    ("setup.seat", "Platz", "Seat"),
    ("setup.human", "Mensch", "Human"),
    ("setup.bot", "Bot", "Bot"),
    ("setup.bot_easy", "Bot (leicht)", "Bot (easy)"),
    ("setup.bot_greedy", "Bot (gierig)", "Bot (greedy)"),
    ("setup.bot_normal", "Bot (normal)", "Bot (normal)"),
    ("setup.bot_hard", "Bot (stark)", "Bot (hard)"),
    ("setup.bot_easy_desc", "Spielt einfach und macht Fehler – gut zum Lernen.", "Plays simply and makes mistakes – good for learning."),
    ("setup.bot_greedy_desc", "Legt sofort, was geht, und wirft die höchste Karte ab – der Maßstab für die anderen Stufen.", "Lays down whatever it can at once and discards its highest card – the yardstick for the other levels."),
    ("setup.kind_label", "Mensch oder Bot", "Human or bot"),
    ("setup.levels", "Was die Bot-Stufen können", "What the bot levels do"),
    ("end.next_level", "Gewonnen gegen {beaten}! Bereit für die nächste Stufe: {next}?", "You beat {beaten}! Ready for the next level: {next}?"),
    ("end.next_level_go", "Gegen {next} spielen", "Play against {next}"),
    ("end.deal_again", "Diese Runde nochmal", "Play this deal again"),
    ("an.start", "Analyse: Was hätte der starke Bot anders gespielt?", "Analysis: what would the hard bot have played differently?"),
    ("an.loading", "Der starke Bot wird geladen …", "Loading the hard bot …"),
    ("an.progress", "Analyse: {done} von {total} {total:Entscheidung|Entscheidungen}", "Analysis: {done} of {total} {total:decision|decisions}"),
    ("an.cancel", "Abbrechen", "Cancel"),
    ("an.nothing", "In dieser Runde hattest du nichts zu entscheiden.", "You had nothing to decide in this deal."),
    ("an.none", "Keine deiner {n} {n:Entscheidung|Entscheidungen} hat nach Einschätzung des starken Bots spürbar Punkte gekostet.", "By the hard bot's estimate, none of your {n} {n:decision|decisions} cost noticeable points."),
    ("an.found", "{k} von {n} {n:Entscheidung|Entscheidungen} hätte der starke Bot anders getroffen:", "The hard bot would have decided {k} of {n} {n:decision|decisions} differently:"),
    ("an.item", "Entscheidung {n} · kostete etwa {cost} {cost:Punkt|Punkte}", "Decision {n} · cost about {cost} {cost:point|points}"),
    ("an.better", "Besser: {advice}", "Better: {advice}"),
    ("replay.title", "Wiedergabe", "Replay"),
    ("host.hint", "Tipp", "Hint"),
    ("host.hint_says", "Tipp: {advice}", "Hint: {advice}"),
    ("setup.hints", "Tipps erlauben (ein Bot schlägt auf Wunsch einen Zug vor)", "Allow hints (a bot suggests a move when asked)"),
    ("stats.with_hints", "mit Tipps", "with hints"),
    ("replay.heading", "Wiedergabe: {title}", "Replay: {title}"),
    ("replay.watch", "Ansehen", "Watch"),
    ("replay.watch_link", "Wiedergabe", "Replay"),
    ("replay.watch_game", "Das Spiel von Anfang an ansehen", "Watch the game from the start"),
    ("replay.not_yet", "Diese Partie spielen mehrere Personen: Sie lässt sich ansehen, sobald sie zu Ende ist.", "Several people play this game: it can be watched once it is over."),
    ("replay.broken", "Diese Partie lässt sich nicht wiedergeben.", "This game cannot be replayed."),
    ("replay.back_to_game", "Zum Spiel", "To the game"),
    ("replay.read_only", "Das ist eine Wiedergabe: Hier wird nichts gespielt.", "This is a replay: nothing is played here."),
    ("replay.start", "Der Anfang: die Karten sind gegeben.", "The start: the cards are dealt."),
    ("replay.controls", "Wiedergabe steuern", "Replay controls"),
    ("replay.deal_back", "Eine Runde zurück", "One deal back"),
    ("replay.back", "Einen Zug zurück", "One move back"),
    ("replay.play", "Abspielen", "Play"),
    ("replay.pause", "Pause", "Pause"),
    ("replay.on", "Einen Zug weiter", "One move on"),
    ("replay.deal_on", "Eine Runde weiter", "One deal on"),
    ("replay.deal", "Runde", "Deal"),
    ("replay.move", "Zug", "Move"),
    ("replay.position", "Zug {n} von {of} · Runde {deal} von {deals}", "Move {n} of {of} · deal {deal} of {deals}"),
    ("replay.seats", "Karten von", "Cards of"),
    ("again.title", "Runde {deal} nochmal – {title}", "Deal {deal} again – {title}"),
    ("again.heading", "Dieselben Karten wie in Runde {deal}:", "The same cards as in deal {deal}:"),
    ("again.compare", "{name}: vorher {before} {before:Punkt|Punkte}, jetzt {now}", "{name}: before {before} {before:point|points}, now {now}"),
    ("again.not_stored", "Die Runde konnte nicht als neues Spiel gespeichert werden: {reason}", "The deal could not be stored as a new game: {reason}"),
    ("setup.bot_normal_desc", "Spielt solide nach festen Regeln.", "Plays solidly by fixed rules."),
    ("setup.bot_hard_desc", "Denkt voraus: spielt viele mögliche Verläufe durch, bevor er sich entscheidet.", "Thinks ahead: plays through many possible futures before it decides."),
    ("setup.human_desc", "Ein Mensch an diesem Gerät.", "A human at this device."),
    ("bench.title", "Messung: Karussell-Löser", "Benchmark: Karussell solver"),
    ("bench.intro", "Löst je Zeile {n} zufällige, aber feste Stellungen (dieselben wie die native Messung) und misst die Zeit in Millisekunden.", "Solves {n} random but fixed positions per row (the same as the native benchmark) and measures the time in milliseconds."),
    ("bench.table", "Tischkarten", "Table cards"),
    ("bench.jokers", "Joker", "Jokers"),
    ("bench.mean", "Mittel", "Mean"),
    ("bench.max", "Max", "Max"),
    ("bench.running", "Misst …", "Measuring …"),
    ("bench.done", "Fertig.", "Done."),
    ("setup.name", "Name", "Name"),
    ("setup.options", "Regeln", "Rules"),
    ("setup.start", "Spiel starten", "Start game"),
    ("setup.add", "Spieler hinzufügen", "Add player"),
    ("setup.remove", "Entfernen", "Remove"),
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
    ("host.pass_to", "Gib das Gerät an {name}.", "Pass the device to {name}."),
    ("host.link_turn", "{name} ist dran. Schick den Link, damit es weitergeht.", "It is {name}'s turn. Send the link so the game goes on."),
    ("host.link_send", "Link an {name} senden", "Send the link to {name}"),
    ("host.show_hand", "Ich bin bereit – Karten zeigen", "I'm ready – show my cards"),
    ("host.save_failed", "Speichern fehlgeschlagen", "Saving failed"),
    ("page.loading", "Die Seite wird geladen …", "Loading the page …"),
    ("page.unreachable_title", "Diese Seite kann gerade nicht geöffnet werden", "This page cannot be opened right now"),
    ("page.unreachable", "Sie konnte nicht geladen werden – ohne Verbindung geht das erst, wenn Kartenrunde einmal online vollständig geladen war.", "It could not be loaded – offline this only works once Kartenrunde has been fully loaded online."),
    ("setup.loading", "Die Regeln werden geladen …", "Loading the rules …"),
    ("setup.unreachable", "Die Regeln und der Startknopf dieses Spiels konnten nicht geladen werden – ohne Verbindung geht das erst, wenn Kartenrunde einmal online vollständig geladen war.", "This game's rules and start button could not be loaded – offline this only works once Kartenrunde has been fully loaded online."),
    ("play.table_loading", "Der Tisch wird geladen …", "Loading the table …"),
    ("play.table_unreachable_title", "Dieses Spiel kann gerade nicht geöffnet werden", "This game cannot be opened right now"),
    ("play.table_unreachable", "Der Spieltisch konnte nicht geladen werden – ohne Verbindung geht das erst, wenn Kartenrunde einmal online vollständig geladen war. Die Partie bleibt gespeichert.", "The table could not be loaded – offline this only works once Kartenrunde has been fully loaded online. The game stays saved."),
    ("play.table_retry", "Erneut versuchen", "Try again"),
    ("host.bots_unreachable", "Die Mitspieler-Bots konnten nicht geladen werden – ohne Verbindung geht das erst, wenn Kartenrunde einmal online vollständig geladen war. Neuer Versuch in wenigen Sekunden; die Partie bleibt gespeichert.", "The bots could not be loaded – offline this only works once Kartenrunde has been fully loaded online. Trying again in a few seconds; the game stays saved."),
    ("host.log", "Verlauf", "Log"),
    ("host.share_qr", "Zum Scannen mit der Handykamera", "Scan it with a phone camera"),
    ("host.share_qr_too_long", "Dieser Link ist zu lang für einen QR-Code – schick ihn als Text.", "This link is too long for a QR code – send it as text."),
    ("host.waiting", "{name} ist am Zug …", "{name} is thinking …"),
    ("err.game_over", "Das Spiel ist vorbei.", "The game is over."),
    ("err.not_your_decision", "Jetzt entscheidet {name}.", "It is {name}'s decision now."),
    ("err.no_such_seat", "Diesen Platz gibt es nicht.", "There is no such seat."),
    ("err.card_not_in_hand", "Diese Karte hast du nicht auf der Hand.", "You do not hold this card."),
    ("err.duplicate_card", "Eine Karte wurde doppelt gewählt.", "A card was chosen twice."),
    ("err.wrong_phase", "Das geht gerade nicht: erst {expected}.", "Not possible right now: first {expected}."),
    ("moment.draw", "eine Karte ziehen", "draw a card"),
    ("moment.play", "auslegen, anlegen oder eine Karte abwerfen", "meld, lay off or discard a card"),
    ("moment.discard", "eine Karte abwerfen", "discard a card"),
    ("moment.claim", "die Entscheidung über den Kauf abwarten", "wait for the decision about buying"),
    ("moment.after_discard", "eine Karte abwerfen, dann Rommé melden", "discard a card, then declare rummy"),
    ("moment.declare", "„Rommé“ ansagen oder weiterspielen", "declare rummy or play on"),
    ("moment.deal_over", "die nächste Runde beginnen", "start the next deal"),
    ("moment.pile_empty", "warten, bis wieder Karten zum Ziehen da sind", "wait until there are cards to draw again"),
    ("err.option_range", "Regel „{option}“: erlaubt ist {min} bis {max}.", "Rule \"{option}\": allowed is {min} to {max}."),
    ("err.option_cards", "Regel „{option}“: für so viele Spieler reichen die Karten nicht.", "Rule \"{option}\": there are not enough cards for this many players."),
    ("err.option_players", "Regel „{option}“ gilt nur für {players} Spieler.", "Rule \"{option}\" is only for {players} {players:player|players}."),
    ("err.option_generic", "Aufbau", "set-up"),
    ("err.unknown", "Dieser Zug ist nicht erlaubt.", "This move is not allowed."),
    ("save.setup", "Mit den gespeicherten Regeln lässt sich kein Spiel beginnen.", "The stored rules cannot start a game."),
    ("host.undo", "Zug zurücknehmen", "Undo"),
    ("save.undo", "So weit lässt sich nicht zurücknehmen.", "Cannot undo that far."),
    ("err.player_count", "Dieses Spiel braucht {min} bis {max} Spieler, nicht {got}.", "This game needs {min} to {max} players, not {got}."),
    ("save.malformed", "Der Spielstand ist beschädigt (kein gültiges Format).", "The saved game is damaged (not a valid format)."),
    ("save.version", "Der Spielstand stammt aus einer neueren Version ({found}); diese Version liest nur {supported}.", "The save comes from a newer version ({found}); this version reads only {supported}."),
    ("save.illegal", "Der Spielstand ist beschädigt: Zug {index} ist nach den Regeln nicht erlaubt.", "The save is damaged: move {index} is not legal."),
    ("save.mismatch", "Der Spielstand passt nicht zu seinen Zügen (beschädigt).", "The save does not match its own moves (damaged)."),
    ("save.bad_link", "Dieser Link ist unvollständig oder beschädigt.", "This link is incomplete or damaged."),
    ("play.no_such_game", "Dieses Spiel ist nicht (mehr) gespeichert.", "This game is not saved (any more)."),
    ("play.corrupt", "Spielstand beschädigt", "Damaged save"),
    ("play.corrupt_kept", "Der Spielstand bleibt unverändert gespeichert; du kannst ihn in der Liste löschen.", "The save is left untouched; you can delete it in the list."),
    ("play.unknown_game", "Unbekanntes Spiel „{game}“.", "Unknown game \"{game}\"."),
    ("saves.title", "Gespeicherte Spiele", "Saved games"),
    ("saves.empty", "Noch keine gespeicherten Spiele.", "No saved games yet."),
    ("saves.resume", "Weiterspielen", "Resume"),
    ("saves.show", "Ansehen", "View"),
    ("saves.delete", "Löschen", "Delete"),
    ("saves.finished", "beendet", "finished"),
    ("saves.running", "läuft", "in progress"),
    ("setup.house_rules", "Hausregeln", "House rules"),
    ("setup.summary.hand", "{n} {n:Karte|Karten}", "{n} {n:card|cards}"),
    ("setup.summary.to_points", "bis {n} {n:Punkt|Punkte}", "to {n} {n:point|points}"),
    ("settings.slow", "langsam", "slow"),
    ("settings.fast", "schnell", "fast"),
    ("play.from_link", "Spiel aus einem Link: du spielst als {name}.", "Game from a link: you play as {name}."),
    ("play.from_link_watch", "Spiel aus einem Link geöffnet.", "Game opened from a link."),
    ("play.notice_close", "Schließen", "Close"),
    ("setup.reset_rules", "Regeln der Variante wiederherstellen", "Reset to the preset's rules"),
    ("meld.too_short", "Eine Kombination braucht mindestens {min} {min:Karte|Karten}, hier {got:ist es|sind es} {got}.", "A meld needs at least {min} {min:card|cards}; this has {got}."),
    ("meld.only_jokers", "Nur Joker sind keine Kombination.", "Jokers alone are not a meld."),
    ("meld.too_many_jokers", "Höchstens {max} Joker pro Kombination (hier {got}).", "At most {max} {max:joker|jokers} per meld (this has {got})."),
    ("meld.not_rummy", "Diese Karte gehört nicht in ein Rommé-Spiel.", "This card does not belong in a rummy game."),
    ("meld.mixed", "Weder ein Satz (gleicher Wert) noch eine Folge (eine Farbe, lückenlos).", "Neither a set (same rank) nor a run (one suit, no gaps)."),
    ("meld.suit_repeated", "{suit} kommt doppelt vor – in einem Satz muss jede Farbe verschieden sein.", "{suit} appears twice – a set needs different suits."),
    ("meld.set_too_large", "Ein Satz hat höchstens {max} {max:Karte|Karten}.", "A set has at most {max} {max:card|cards}."),
    ("meld.rank_repeated", "{rank} kommt in der Folge doppelt vor.", "{rank} appears twice in the run."),
    ("meld.gap", "Die Folge hat eine Lücke: es {missing:fehlt|fehlen} {missing} {missing:Karte|Karten}.", "The run has a gap: {missing} {missing:card|cards} missing."),
    ("meld.corner", "K-A-2 geht „um die Ecke“: das Ass ist entweder niedrig (A-2-3) oder hoch (D-K-A).", "K-A-2 goes around the corner: the ace is either low (A-2-3) or high (Q-K-A)."),
    ("meld.too_long", "Die Folge ginge über das Ass hinaus.", "The run would go past the ace."),
    ("meld.does_not_fit", "Diese Karte passt nicht an diese Kombination.", "This card does not fit this meld."),
    ("meld.no_joker_for", "In dieser Kombination vertritt kein Joker die {card}.", "No joker in this meld stands for {card}."),
    ("meld.bad_declaration", "Der Joker kann diese Karte nicht vertreten.", "The joker cannot stand for that card."),
    ("ro.ui.sort_suit", "⇅ Farbe", "⇅ Suit"),
    ("ro.ui.sort_rank", "⇅ Wert", "⇅ Rank"),
    ("ro.ui.sort_suit_long", "Hand nach Farbe sortieren", "Sort the hand by suit"),
    ("ro.ui.sort_rank_long", "Hand nach Wert sortieren", "Sort the hand by rank"),
    ("host.share", "Als Link teilen", "Share as a link"),
    ("coach.title", "Spielhilfe", "Guide"),
    ("coach.step", "Tipp {i} von {n}", "Tip {i} of {n}"),
    ("coach.next", "Weiter", "Next"),
    ("coach.done", "Verstanden", "Got it"),
    ("coach.show", "Spielhilfe zeigen", "Show guide"),
    ("coach.settings", "Spielhilfen", "Guides"),
    ("coach.reset", "Spielhilfen zurücksetzen", "Show guides again"),
    ("coach.reset_done", "Im nächsten Spiel erscheinen die Spielhilfen wieder.", "The guides will show again in your next game."),
    ("host.share_hint", "Link kopiert – schick ihn an die nächste Person:", "Link copied – send it to the next player:"),
    ("play.bad_link_title", "Link kann nicht geöffnet werden", "Cannot open this link"),
    ("error.title", "Das ging nicht", "That did not work"),
    ("error.not_found", "Diese Seite gibt es nicht.", "This page does not exist."),
    ("error.storage", "Der Speicher des Browsers ist nicht verfügbar; Einstellungen werden nicht gespeichert.", "The browser's storage is unavailable; settings will not be kept."),
    // --- Storage, export/import, links (storage branch) ---
    ("st.memory_only", "Speichern nicht möglich – Spiele und Einstellungen werden nur im Speicher gehalten und gehen beim Schließen verloren. Sichern: Gespeicherte Spiele → Exportieren.", "Saving is not possible – games and settings are kept in memory only and are lost when you close the page. To keep them: Saved games → Export."),
    ("st.close", "Hinweis schließen", "Close the notice"),
    ("update.reload", "Neue Version – neu laden", "New version – reload"),
    ("st.export", "Exportieren", "Export"),
    ("st.import", "Importieren …", "Import …"),
    ("st.backup_hint", "Alle Spielstände und Punktelisten als eine Datei sichern oder aus einer solchen Datei zurückholen.", "Back up every saved game and score sheet as one file, or bring them back from such a file."),
    ("st.export_done", "{n} {n:Spielstand|Spielstände} exportiert.", "{n} saved {n:game|games} exported."),
    ("st.export_failed", "Die Datei konnte nicht erstellt werden.", "The file could not be created."),
    ("st.import_done", "Import fertig: {added} neu, {updated} aktualisiert, {copied} als Kopie, {skipped} schon vorhanden.", "Import done: {added} new, {updated} updated, {copied} kept as a copy, {skipped} already here."),
    ("st.import_failed", "Diese Datei kann nicht importiert werden: {why} Es wurde nichts verändert.", "This file cannot be imported: {why} Nothing was changed."),
    ("st.import_not_json", "Sie ist beschädigt oder unvollständig.", "It is damaged or incomplete."),
    ("st.import_not_bundle", "Sie ist keine Kartenrunde-Sicherung.", "It is not a Kartenrunde backup."),
    ("st.import_newer", "Sie stammt von einer neueren Version der App (Format {found}).", "It comes from a newer version of the app (format {found})."),
    ("st.import_bad_game", "Spielstand Nr. {n} darin ist unvollständig.", "Saved game no. {n} in it is incomplete."),
    ("st.import_unreadable", "Die Datei konnte nicht gelesen werden. Es wurde nichts verändert.", "The file could not be read. Nothing was changed."),
    ("st.damaged", "beschädigt", "damaged"),
    ("st.untitled", "Spielstand {id}", "Saved game {id}"),
    ("st.delete_title", "Spielstand löschen?", "Delete saved game?"),
    ("st.delete_question", "„{title}“ wird endgültig gelöscht, samt Punkteliste. Das lässt sich nicht rückgängig machen.", "“{title}” will be deleted for good, with its score sheet. This cannot be undone."),
    ("st.cancel", "Abbrechen", "Cancel"),
    ("st.share_warning", "Achtung: Der Link enthält das ganze Spiel. Wer ihn bekommt, kann daraus auch die Karten der anderen herausfinden.", "Note: the link contains the whole game. Whoever receives it could work out the other players' cards from it."),
    // --- end of storage block ---
];

/// The games' tables (each game's registry entry names its own), installed by [`install`].
static GAME_TABLES: OnceLock<Vec<Table>> = OnceLock::new();

/// Installs the games' tables once, before the first text is shown (the app does so when it
/// starts); later calls change nothing.
pub fn install(tables: impl IntoIterator<Item = Table>) {
    let _ = GAME_TABLES.set(tables.into_iter().collect());
}

/// The games' table-part texts (`TABLE_TEXTS` of `src/games/<game>/texts_table.rs`), each
/// installed by its part of the wasm when it is loaded ([`install_part`]), and their rules
/// pages' texts (`RULES_TEXTS`): two slots per game.
static PART_TABLES: [OnceLock<Table>; PART_SLOTS] = [const { OnceLock::new() }; PART_SLOTS];

/// How many part tables can be installed (a test checks two per game suffice).
pub const PART_SLOTS: usize = 16;

/// Installs a game's table-part texts; the game's part calls it at each of its entries before
/// it builds anything (`registry::game_parts!`). Installing the same table again changes
/// nothing.
pub fn install_part(table: Table) {
    for slot in &PART_TABLES {
        match slot.get() {
            Some(t) if std::ptr::eq(*t, table) => return,
            Some(_) => {}
            None => {
                let _ = slot.set(table);
                return;
            }
        }
    }
}

/// The installed games' tables. In the crate's tests every test is an entry point of its own,
/// so the first lookup installs them all, the table parts' texts included (and the parts' own
/// installs are not looked at: tests run side by side in one process).
fn game_tables() -> &'static [Table] {
    #[cfg(test)]
    {
        static ALL: OnceLock<Vec<Table>> = OnceLock::new();
        ALL.get_or_init(crate::texts_check::all_game_tables)
    }
    #[cfg(not(test))]
    GAME_TABLES.get().map_or(&[][..], Vec::as_slice)
}

/// The table parts' texts installed so far (none in tests: see [`game_tables`]).
fn part_tables() -> impl Iterator<Item = Table> {
    PART_TABLES
        .iter()
        .filter_map(OnceLock::get)
        .copied()
        .filter(|_| cfg!(not(test)))
}

/// Looks up `key` in `lang`; unknown keys come back unchanged (and are caught by a test).
pub fn tr(lang: Lang, key: &str) -> &str {
    match entries().find(|(k, _, _)| *k == key) {
        Some((_, de, en)) => match lang {
            Lang::De => de,
            Lang::En => en,
        },
        None => key,
    }
}

/// Whether a count of `n` takes the singular form in `lang`: German and English alike say
/// "1 Karte"/"1 card" and "0 Karten", "2 Karten"/"0 cards", "2 cards".
pub fn is_singular(lang: Lang, n: i64) -> bool {
    match lang {
        Lang::De | Lang::En => n.unsigned_abs() == 1,
    }
}

/// Resolves the plural forms `{name:one|other}` of `text` for the count `n` of the slot
/// `name`: "{n} {n:Karte|Karten}" becomes "{n} Karte" for 1 and "{n} Karten" otherwise
/// (the slot `{n}` itself is left for the caller to fill).
pub fn plural_forms(lang: Lang, text: &str, name: &str, n: i64) -> String {
    // The slot's braces as escapes: the source stays balanced for tools that count them.
    let open = ["\u{7b}", name, ":"].concat();
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(&open) {
        let after = &rest[at + open.len()..];
        let Some(end) = after.find('\u{7d}') else {
            break;
        };
        let (one, other) = after[..end]
            .split_once('|')
            .unwrap_or((&after[..end], &after[..end]));
        out.push_str(&rest[..at]);
        out.push_str(if is_singular(lang, n) { one } else { other });
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    out
}

/// The text of `key` for the count `n` (its slot `{n}`, with its plural forms), e.g.
/// "2 Karten gewählt".
pub fn counted(lang: Lang, key: &str, n: i64) -> String {
    plural_forms(lang, tr(lang, key), "n", n).replace("{n}", &n.to_string())
}

/// A number with `decimals` places in `lang`'s style: "1.234,50" (German), "1,234.50" (English).
pub fn format_number(lang: Lang, value: f64, decimals: usize) -> String {
    let (group, point) = match lang {
        Lang::De => ('.', ','),
        Lang::En => (',', '.'),
    };
    let plain = format!("{:.*}", decimals, value.abs());
    let (int, frac) = plain.split_once('.').unwrap_or((plain.as_str(), ""));
    let mut out = String::new();
    for (i, ch) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(group);
        }
        out.push(ch);
    }
    if !frac.is_empty() {
        out.push(point);
        out.push_str(frac);
    }
    let zero = plain.chars().all(|c| c == '0' || c == '.');
    if value < 0.0 && !zero {
        out.insert(0, '−');
    }
    out
}

/// An amount of euros in `lang`'s style: "0,05 €" (German), "€0.05" (English).
pub fn format_euros(lang: Lang, euros: f64) -> String {
    let n = format_number(lang, euros, 2);
    match lang {
        Lang::De => format!("{n} €"),
        Lang::En => match n.strip_prefix('−') {
            Some(rest) => format!("−€{rest}"),
            None => format!("€{n}"),
        },
    }
}

pub fn has_key(key: &str) -> bool {
    entries().any(|(k, _, _)| *k == key)
}

/// Every entry of the one table: the shared texts (those of the rules pages and of storage
/// kept in files of their own for readability), then the games' tables: one list, searched in
/// order as before the games' texts moved to their folders (the shared keys now come first).
fn entries() -> impl Iterator<Item = &'static (&'static str, &'static str, &'static str)> {
    TABLE
        .iter()
        .chain(rules::RULES.iter())
        .chain(storage::STORAGE.iter())
        // The table's texts are a part's (installed with it); the texts check sees them here.
        .chain(if cfg!(test) { net::NET } else { &[] }.iter())
        .chain(game_tables().iter().flat_map(|t| t.iter()))
        .chain(part_tables().flat_map(|t| t.iter()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_translated() {
        let mut keys: Vec<&str> = entries().map(|(k, _, _)| *k).collect();
        engine::sort::sort(&mut keys);
        let n = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), n, "duplicate translation keys");
        for (k, de, en) in entries() {
            assert!(!de.is_empty() && !en.is_empty(), "{k} lacks a text");
        }
    }

    #[test]
    fn numbers_and_amounts_follow_the_language() {
        assert_eq!(format_euros(Lang::De, 0.05), "0,05 €");
        assert_eq!(format_euros(Lang::En, 0.05), "€0.05");
        assert_eq!(format_euros(Lang::De, -1234.5), "−1.234,50 €");
        assert_eq!(format_euros(Lang::En, -1234.5), "−€1,234.50");
        assert_eq!(format_euros(Lang::De, -0.001), "0,00 €");
        assert_eq!(format_number(Lang::De, 1234567.0, 0), "1.234.567");
        assert_eq!(format_number(Lang::En, 999.0, 1), "999.0");
        assert_eq!(format_number(Lang::En, 1000.0, 0), "1,000");
    }

    /// The slots of `text`: `{name}` and the names of its plural forms `{name:one|other}`.
    fn slots(text: &str) -> Vec<(String, bool)> {
        let mut out = Vec::new();
        for piece in text.split('{').skip(1) {
            let Some(inner) = piece.split('}').next() else {
                continue;
            };
            match inner.split_once(':') {
                Some((name, _)) => out.push((name.to_string(), true)),
                None => out.push((inner.to_string(), false)),
            }
        }
        out
    }

    #[test]
    fn plural_forms_follow_the_count() {
        let t = "{n} {n:Karte|Karten}, es {m:fehlt|fehlen} {m}";
        assert_eq!(
            plural_forms(Lang::De, t, "n", 1),
            "{n} Karte, es {m:fehlt|fehlen} {m}"
        );
        assert_eq!(
            plural_forms(Lang::De, t, "n", 0),
            "{n} Karten, es {m:fehlt|fehlen} {m}"
        );
        let filled = common::fill_text(Lang::De, t, &[("n", "2".into()), ("m", "1".into())]);
        assert_eq!(filled, "2 Karten, es fehlt 1");
        assert_eq!(counted(Lang::De, "ps.ui.selected", 1), "1 Karte gewählt");
        assert_eq!(counted(Lang::De, "ps.ui.selected", 2), "2 Karten gewählt");
        assert_eq!(counted(Lang::En, "ps.ui.selected", 1), "1 card picked");
        assert_eq!(counted(Lang::En, "ps.ui.selected", 0), "0 cards picked");
        let gap = |n: &str| common::fill(Lang::De, "meld.gap", &[("missing", n.into())]);
        assert_eq!(gap("1"), "Die Folge hat eine Lücke: es fehlt 1 Karte.");
        assert_eq!(gap("2"), "Die Folge hat eine Lücke: es fehlen 2 Karten.");
    }

    /// Every counted text, rendered with 0, 1 and 2 in both languages, reads without "(n)",
    /// "(s)" or a slot left; and a count directly before a counted noun uses plural forms.
    #[test]
    fn every_counted_text_reads_for_0_1_and_2() {
        const NOUNS: [&str; 22] = [
            "Karte",
            "Karten",
            "Punkte",
            "Punkten",
            "Aufgaben",
            "Runden",
            "Spiele",
            "Züge",
            "Strafpunkte",
            "Sonderpunkte",
            "Kombinationen",
            "Spielstände",
            "card",
            "cards",
            "points",
            "tasks",
            "jokers",
            "deals",
            "games",
            "turns",
            "times",
            "melds",
        ];
        let mut counted_texts = 0;
        let mut bare = Vec::new();
        for (k, de, en) in entries() {
            for (lang, text) in [(Lang::De, *de), (Lang::En, *en)] {
                for b in ["(n)", "(s)", "(en)", "(e)"] {
                    if text.contains(b) {
                        bare.push(format!("{k} {lang:?}: {b} in {text}"));
                    }
                }
                // A `_many` text is shown only for two or more (its `_one` twin for one).
                for (i, piece) in text.split('{').enumerate().skip(1) {
                    let after = piece.split_once('}').map_or("", |(_, a)| a);
                    let word = after.trim_start().split([' ', '.', ',', ')', ';']).next();
                    let slot = piece.split('}').next().unwrap_or("");
                    // A name before a verb ("{dealer} deals") is no count.
                    let named = ["name", "dealer", "names", "who"].contains(&slot);
                    let plain = !slot.contains(':') && !named;
                    if plain
                        && !k.ends_with("_many")
                        && after.starts_with(' ')
                        && NOUNS.contains(&word.unwrap_or(""))
                    {
                        bare.push(format!("{k} {lang:?}: slot {i} counts {word:?}: {text}"));
                    }
                }
                let slots = slots(text);
                let counts: Vec<&String> = slots.iter().filter(|s| s.1).map(|s| &s.0).collect();
                if counts.is_empty() {
                    continue;
                }
                counted_texts += 1;
                for n in [0, 1, 2] {
                    let args: Vec<(&str, String)> = slots
                        .iter()
                        .map(|(name, _)| {
                            let v = if counts.contains(&name) {
                                n.to_string()
                            } else {
                                "X".into()
                            };
                            (name.as_str(), v)
                        })
                        .collect();
                    let out = common::fill_text(lang, text, &args);
                    assert!(!out.contains(['{', '}', '|']), "{k} {lang:?} {n}: {out}");
                    if n == 1 {
                        for plural in [" Karten", " cards", " points", " Punkte ", " Aufgaben"] {
                            let wrong = format!("1{plural}");
                            assert!(!out.contains(&wrong), "{k} {lang:?}: {out}");
                        }
                    }
                }
            }
        }
        assert!(
            bare.is_empty(),
            "counts without plural forms:\n{}",
            bare.join("\n")
        );
        assert!(
            counted_texts > 80,
            "the check finds the counted texts ({counted_texts})"
        );
    }

    #[test]
    fn lookup_by_language() {
        assert_eq!(tr(Lang::De, "nav.settings"), "Einstellungen");
        assert_eq!(tr(Lang::En, "nav.settings"), "Settings");
        assert_eq!(tr(Lang::En, "no.such.key"), "no.such.key");
    }
}
