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
    ("host.show_hand", "Ich bin bereit – Karten zeigen", "I'm ready – show my cards"),
    ("host.save_failed", "Speichern fehlgeschlagen", "Saving failed"),
    ("host.log", "Verlauf", "Log"),
    ("host.waiting", "{name} ist am Zug …", "{name} is thinking …"),
    ("err.game_over", "Das Spiel ist vorbei.", "The game is over."),
    ("err.not_your_decision", "Jetzt entscheidet {name}.", "It is {name}'s decision now."),
    ("err.no_such_seat", "Diesen Platz gibt es nicht.", "There is no such seat."),
    ("err.card_not_in_hand", "Diese Karte ({card}) hast du nicht auf der Hand.", "You do not hold this card ({card})."),
    ("err.duplicate_card", "Eine Karte wurde doppelt gewählt.", "A card was chosen twice."),
    ("err.wrong_phase", "Das geht gerade nicht: erst {expected}.", "Not possible right now: first {expected}."),
    ("err.player_count", "Dieses Spiel braucht {min} bis {max} Spieler, nicht {got}.", "This game needs {min} to {max} players, not {got}."),
    ("err.bad_option", "Regel „{option}“ ungültig: {reason}", "Rule \"{option}\" invalid: {reason}"),
    ("save.malformed", "Der Spielstand ist beschädigt (kein gültiges Format).", "The saved game is damaged (not a valid format)."),
    ("save.version", "Der Spielstand stammt aus einer neueren Version ({found}); diese Version liest nur {supported}.", "The save comes from a newer version ({found}); this version reads only {supported}."),
    ("save.illegal", "Der Spielstand ist beschädigt: Zug {index} ist nach den Regeln nicht erlaubt.", "The save is damaged: move {index} is not legal."),
    ("save.mismatch", "Der Spielstand passt nicht zu seinen Zügen (beschädigt).", "The save does not match its own moves (damaged)."),
    ("save.bad_link", "Dieser Link ist unvollständig oder beschädigt.", "This link is incomplete or damaged."),
    ("save.other", "Der Spielstand kann nicht geladen werden ({detail}).", "The save cannot be loaded ({detail})."),
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
    ("setup.reset_rules", "Regeln der Variante wiederherstellen", "Reset to the preset's rules"),
    ("meld.too_short", "Eine Kombination braucht mindestens {min} Karten, hier sind es {got}.", "A meld needs at least {min} cards; this has {got}."),
    ("meld.only_jokers", "Nur Joker sind keine Kombination.", "Jokers alone are not a meld."),
    ("meld.too_many_jokers", "Höchstens {max} Joker pro Kombination (hier {got}).", "At most {max} jokers per meld (this has {got})."),
    ("meld.not_rummy", "Diese Karte gehört nicht in ein Rommé-Spiel.", "This card does not belong in a rummy game."),
    ("meld.mixed", "Weder ein Satz (gleicher Wert) noch eine Folge (eine Farbe, lückenlos).", "Neither a set (same rank) nor a run (one suit, no gaps)."),
    ("meld.suit_repeated", "{suit} kommt doppelt vor – in einem Satz muss jede Farbe verschieden sein.", "{suit} appears twice – a set needs different suits."),
    ("meld.set_too_large", "Ein Satz hat höchstens {max} Karten.", "A set has at most {max} cards."),
    ("meld.rank_repeated", "{rank} kommt in der Folge doppelt vor.", "{rank} appears twice in the run."),
    ("meld.gap", "Die Folge hat eine Lücke: es fehlen {missing} Karte(n).", "The run has a gap: {missing} card(s) missing."),
    ("meld.corner", "K-A-2 geht „um die Ecke“: das Ass ist entweder niedrig (A-2-3) oder hoch (D-K-A).", "K-A-2 goes around the corner: the ace is either low (A-2-3) or high (Q-K-A)."),
    ("meld.too_long", "Die Folge ginge über das Ass hinaus.", "The run would go past the ace."),
    ("meld.does_not_fit", "Diese Karte passt nicht an diese Kombination.", "This card does not fit this meld."),
    ("meld.no_joker_for", "In dieser Kombination vertritt kein Joker die {card}.", "No joker in this meld stands for {card}."),
    ("meld.bad_declaration", "Der Joker kann diese Karte nicht vertreten.", "The joker cannot stand for that card."),
    ("ro.err.opening", "Zum ersten Auslegen brauchst du {needed} Punkte, du hast {have}.", "Your first meld needs {needed} points; you have {have}."),
    ("ro.err.lay_off_own", "Anlegen nur an eigene Kombinationen.", "You may lay off only on your own melds."),
    ("ro.err.lay_off_after", "Anlegen erst nach deinem ersten Auslegen.", "You may lay off only after your first meld."),
    ("ro.err.lay_off_any", "Hier kann nicht angelegt werden.", "You cannot lay off here."),
    ("ro.err.exchange_first", "Joker tauschen erst nach deinem ersten Auslegen.", "Exchange jokers only after your first meld."),
    ("ro.err.exchange_off", "Joker-Tausch ist in diesen Regeln aus.", "Joker exchange is off in these rules."),
    ("ro.err.taken_card", "Die vom Ablagestapel genommene Karte darfst du nicht gleich wieder abwerfen.", "You may not discard the card you just took from the discard pile."),
    ("ro.err.must_meld_discard", "Die genommene Ablagekarte muss in diesem Zug ausgelegt werden.", "The discard you took must be melded this turn."),
    ("ro.err.freed_joker", "Der eingetauschte Joker muss noch in diesem Zug ausgelegt oder angelegt werden.", "The freed joker must be melded or laid off this turn."),
    ("ro.err.residual", "Rommé ansagen geht nur mit höchstens {limit} Punkten auf der Hand – du hast {have}.", "You may declare only with at most {limit} points in hand – you have {have}."),
    ("ro.err.not_bid", "In diesen Regeln wird nicht angesagt, sondern ausgemacht.", "In these rules you go out instead of declaring."),
    ("ro.err.must_discard", "Zum Ausmachen brauchst du eine Karte zum Abwerfen.", "To go out you need a card left to discard."),
    ("ro.err.buy_limit", "Du hast schon {limit}-mal gekauft.", "You already bought {limit} times."),
    ("ro.err.buying_off", "Kaufen ist in diesen Regeln aus.", "Buying is off in these rules."),
    ("ro.err.discard_unavailable", "Vom Ablagestapel darf gerade nicht genommen werden.", "The discard pile is not available now."),
    ("ro.err.robbing_off", "Rauben ist in diesen Regeln aus.", "Robbing is off in these rules."),
    ("ro.err.rob_leaves", "Nach dem Rauben bliebe eine ungültige Kombination liegen: {why}", "Robbing would leave an illegal meld: {why}"),
    ("ro.err.rob_reuse", "Jede geraubte Karte muss im selben Zug wieder ausgelegt werden.", "Every robbed card must be melded again this turn."),
    ("ro.err.not_on_table", "Diese Karte liegt nicht auf dem Tisch.", "That card is not on the table."),
    ("ro.err.empty_rob", "Du hast nichts geraubt.", "You did not rob anything."),
    ("ro.err.discard_as_draw", "Die Ablagekarte kann nur als Ziehen genommen werden.", "The discard can only be taken as your draw."),
    ("ro.err.no_meld", "Diese Kombination gibt es nicht (mehr).", "That meld does not exist (any more)."),
    ("ro.err.nothing_to_undo", "In diesem Zug gibt es nichts zurückzunehmen.", "Nothing to undo this turn."),
    ("ro.err.not_enough", "Zu wenige Karten: mindestens {min}, gewählt {got}.", "Too few cards: at least {min}, chosen {got}."),
    ("ro.log.deal", "Runde {deal} – {dealer} gibt.", "Deal {deal} – {dealer} deals."),
    ("ro.log.drew_discard", "{name} nimmt {card} vom Ablagestapel.", "{name} takes {card} from the discard pile."),
    ("ro.log.drew_talon", "{name} zieht vom Stapel.", "{name} draws from the stock."),
    ("ro.log.melded", "{name} legt {cards} aus.", "{name} melds {cards}."),
    ("ro.log.laid_off", "{name} legt {card} an.", "{name} lays off {card}."),
    ("ro.log.exchanged", "{name} tauscht einen Joker gegen {card}.", "{name} exchanges a joker for {card}."),
    ("ro.log.robbed", "{name} raubt {cards}.", "{name} robs {cards}."),
    ("ro.log.undone", "{name} nimmt den Zug zurück.", "{name} takes the turn back."),
    ("ro.log.discarded", "{name} wirft {card} ab.", "{name} discards {card}."),
    ("ro.log.bought", "{name} kauft {card} (und zieht eine Strafkarte).", "{name} buys {card} (and draws a penalty card)."),
    ("ro.log.declared", "{name} sagt Rommé an ({pips} Punkte Rest).", "{name} declares rummy ({pips} points left)."),
    ("ro.log.went_out", "{name} macht aus!", "{name} goes out!"),
    ("ro.log.reshuffled", "Der Ablagestapel wird neu gemischt ({talon} Karten).", "The discard pile is reshuffled ({talon} cards)."),
    ("ro.log.deal_exhausted", "Runde {deal} endet: der Stapel ist aufgebraucht.", "Deal {deal} ends: the stock is used up."),
    ("ro.log.deal_won", "{name} gewinnt Runde {deal}.", "{name} wins deal {deal}."),
    ("ro.log.match_over", "Partie beendet – {name} gewinnt!", "Match over – {name} wins!"),
    ("ro.jokers", "Joker im Spiel", "Jokers in the deck"),
    ("ro.joker_penalty", "Strafpunkte für einen Joker", "Penalty for a joker"),
    ("ro.hand_size", "Karten pro Spieler", "Cards per player"),
    ("ro.upcard", "Erste Karte offen auf den Ablagestapel", "Turn up the first discard"),
    ("ro.first_meld_min", "Mindestpunkte beim ersten Auslegen", "Minimum points for the first meld"),
    ("ro.first_meld_counts_lay_off", "Angelegte Karten zählen zum ersten Auslegen", "Laid-off cards count for the first meld"),
    ("ro.lay_off", "Anlegen", "Laying off"),
    ("ro.lay_off.own", "nur an eigene Kombinationen", "only on own melds"),
    ("ro.lay_off.after", "überall, nach eigenem Auslegen", "anywhere, after own first meld"),
    ("ro.lay_off.any", "überall, jederzeit", "anywhere, any time"),
    ("ro.buying", "Kaufen erlaubt", "Buying allowed"),
    ("ro.buy_limit", "Käufe pro Runde (0 = unbegrenzt)", "Buys per deal (0 = unlimited)"),
    ("ro.robbing", "Rauben (Räuber-Rommé)", "Robbing (robber rummy)"),
    ("ro.end_mode", "Rundenende", "Deal ends by"),
    ("ro.end.bid", "Rommé ansagen (≤ N Punkte)", "declaring rummy (≤ N points)"),
    ("ro.end.out", "Ausmachen (keine Karte mehr)", "going out (no cards left)"),
    ("ro.target_pips", "N: höchstens so viele Punkte beim Ansagen", "N: at most this many points to declare"),
    ("ro.scoring", "Wertung", "Scoring"),
    ("ro.scoring.plain", "einfach (Handkarten)", "plain (cards in hand)"),
    ("ro.scoring.anlegen", "mit Anlegen-Boni", "with laying-off bonuses"),
    ("ro.scoring.trad", "traditionell (Hand-Rommé +25)", "traditional (hand rummy +25)"),
    ("ro.draw_from_discard", "Vom Ablagestapel ziehen", "Draw from the discard pile"),
    ("ro.discard.yes", "ja", "yes"),
    ("ro.discard.melded", "nur wenn sofort ausgelegt", "only if melded at once"),
    ("ro.discard.no", "nein", "no"),
    ("ro.go_out_needs_discard", "Zum Ausmachen muss abgeworfen werden", "Going out needs a final discard"),
    ("ro.max_reshuffles", "Höchstens so oft neu mischen", "Maximum reshuffles"),
    ("ro.joker_exchange", "Joker tauschen erlaubt", "Joker exchange allowed"),
    ("ro.set_distinct_suits", "Sätze nur mit verschiedenen Farben", "Sets need different suits"),
    ("ro.max_jokers_per_meld", "Joker pro Kombination (0 = beliebig)", "Jokers per meld (0 = any)"),
    ("ro.match_end", "Partie-Ende", "Match ends"),
    ("ro.match.points", "bei Punktgrenze", "at a points limit"),
    ("ro.match.round", "wenn jeder einmal gegeben hat", "when everyone has dealt once"),
    ("ro.match.deals", "nach fester Rundenzahl", "after a fixed number of deals"),
    ("ro.match_limit", "Punktgrenze bzw. Rundenzahl", "Points limit or number of deals"),
    ("ro.ring_pot", "Ringspiel: Chips pro Spieler (0 = aus, nur Anzeige)", "Ring game: chips per player (0 = off, display only)"),
    ("ro.ui.select_one_to_discard", "Wähle genau eine Karte zum Abwerfen.", "Select exactly one card to discard."),
    ("ro.ui.empty_table", "Noch nichts ausgelegt.", "Nothing melded yet."),
    ("ro.ui.your_draw", "Du bist dran: zieh eine Karte vom Stapel oder vom Ablagestapel.", "Your turn: draw from the stock or the discard pile."),
    ("ro.ui.your_play", "Auslegen, anlegen – dann eine Karte abwerfen.", "Meld, lay off – then discard a card."),
    ("ro.ui.may_buy", "Willst du die abgeworfene Karte kaufen?", "Do you want to buy the discard?"),
    ("ro.ui.may_declare", "Du darfst Rommé ansagen.", "You may declare rummy."),
    ("ro.ui.deal_over", "Die Runde ist vorbei.", "The deal is over."),
    ("ro.ui.match_over", "Partie beendet", "Match over"),
    ("ro.ui.opening", "Erstes Auslegen:", "First meld:"),
    ("ro.ui.set", "Satz", "set"),
    ("ro.ui.sequence", "Folge", "run"),
    ("ro.ui.points", "Punkte", "points"),
    ("ro.ui.meld", "Auslegen", "Meld"),
    ("ro.ui.buy", "Kaufen", "Buy"),
    ("ro.ui.pass_buy", "Nicht kaufen", "Don't buy"),
    ("ro.ui.declare", "Rommé ansagen", "Declare rummy"),
    ("ro.ui.decline", "Weiterspielen", "Play on"),
    ("ro.ui.undo", "Zug zurücknehmen", "Undo turn"),
    ("ro.ui.new_meld", "Neue Kombination: Karten wählen und hier ablegen", "New meld: select cards and drop them here"),
    ("ro.ui.warn_lay_off", "Diese Karte könntest du anlegen. Nochmals tippen, um sie trotzdem abzuwerfen.", "You could lay this card off. Tap again to discard it anyway."),
    ("ro.ui.sort_suit", "Nach Farbe", "By suit"),
    ("ro.ui.sort_rank", "Nach Wert", "By rank"),
    ("ro.ui.sheet", "Punkteliste", "Score sheet"),
    ("ro.ui.money_line", "Zum Spaß (10 Punkte = 1 Cent): {list}", "Just for fun (10 points = 1 cent): {list}"),
    ("ro.ui.ring_line", "Ringspiel-Chips (nur Anzeige): {list}", "Ring game chips (display only): {list}"),
    ("ro.ui.nobody_won", "Der Stapel ist aufgebraucht – niemand gewinnt diese Runde.", "The stock ran out – nobody wins this deal."),
    ("ro.ui.declared_won", "{name} sagt Rommé an ({pips} Punkte Rest) und gewinnt.", "{name} declares rummy ({pips} points left) and wins."),
    ("ro.ui.went_out_won", "{name} hat ausgemacht und gewinnt.", "{name} went out and wins."),
    ("ro.ui.hand_romme_won", "{name} macht Hand-Rommé!", "{name} goes out with hand rummy!"),
    ("ro.ui.match_winner", "{name} gewinnt die Partie.", "{name} wins the match."),
    ("ro.ui.deal_n_over", "Runde {deal} ist vorbei", "Deal {deal} is over"),
    ("ro.ui.next_deal", "Nächste Runde geben", "Deal the next hand"),
    ("ro.ui.wait_next_deal", "Warte auf den nächsten Geber …", "Waiting for the next dealer …"),
    ("ro.line.hand", "Handkarten: {n}", "Cards in hand: {n}"),
    ("ro.line.residual", "Rest beim Ansagen: {n}", "Residual when declaring: {n}"),
    ("ro.line.winner_bonus", "Siegerbonus: {n}", "Winner's bonus: {n}"),
    ("ro.line.lone_joker", "Einzelner Joker: {n}", "Lone joker: {n}"),
    ("ro.line.first_meld", "Erster Ausleger verliert: +{n}", "First melder lost: +{n}"),
    ("ro.line.hand_romme", "Hand-Rommé: +{n}", "Hand rummy: +{n}"),
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
