//! The storage backend against `fake` (a quota, reads that throw, no storage at all).
use super::*;

/// The autosave's pieces: a character split between two writes (names with umlauts,
/// "Ärger") arrives whole, and the text is the one written, whatever the write sizes.
#[test]
fn a_text_written_in_pieces_arrives_whole() {
    use std::io::Write;
    let text: String = (0..4000)
        .map(|i| ["ä", "x", "€", "🂡", "\""][i % 5])
        .collect();
    for step in [1, 3, 7, 1000, 8191, 9000] {
        let mut sink = TextSink::default();
        for chunk in text.as_bytes().chunks(step) {
            sink.write_all(chunk).unwrap();
        }
        sink.pass_on();
        assert_eq!(sink.text, text, "writes of {step} bytes");
        assert!(sink.piece.is_empty());
    }
}

#[test]
fn a_game_saved_in_pieces_is_stored_and_listed() {
    use std::io::Write;
    let mut sink = TextSink::default();
    sink.write_all(b"{\"x\":\"M\xc3\xbcller\"}").unwrap();
    let entry = IndexEntry {
        id: "piece-test".into(),
        variant: "romme".into(),
        title: "T".into(),
        players: vec!["Müller".into()],
        updated_ms: 1,
        finished: false,
    };
    store_game_text(entry, sink);
    assert_eq!(
        load_game("piece-test").as_deref(),
        Some("{\"x\":\"Müller\"}")
    );
    assert!(read_index().iter().any(|e| e.id == "piece-test"));
    delete_game("piece-test");
}

#[test]
fn a_hand_order_is_kept_beside_the_save_and_never_breaks_loading() {
    assert_eq!(parse_hand_order(None), Vec::<u16>::new());
    assert_eq!(parse_hand_order(Some("{{{")), Vec::<u16>::new());
    assert_eq!(parse_hand_order(Some("[1,\"x\"]")), Vec::<u16>::new());
    assert_eq!(parse_hand_order(Some("[5,3,5,9]")), vec![5, 3, 9]);
    store_hand_order("h1", &[7, 2, 4]);
    assert_eq!(load_hand_order("h1"), vec![7, 2, 4]);
    assert_eq!(load_hand_order("h2"), Vec::<u16>::new());
    set(&hand_key("h3"), "not json");
    assert_eq!(load_hand_order("h3"), Vec::<u16>::new());
    delete_game("h1");
    assert_eq!(get(&hand_key("h1")), None);
}

fn entry(id: &str, t: u64) -> IndexEntry {
    IndexEntry {
        id: id.into(),
        variant: "romme".into(),
        title: format!("Spiel {id}"),
        players: vec!["Du".into()],
        updated_ms: t,
        finished: false,
    }
}

/// Without any browser storage (private modes): everything is kept in memory, said so.
#[test]
fn memory_fallback_keeps_games_and_reports_it() {
    fake::set_absent(true);
    store_game(entry("x", 1), "{\"meta\":{}}");
    store_game(entry("y", 2), "{\"meta\":{}}");
    assert!(memory_only());
    assert!(status().unavailable);
    assert_eq!(load_game("x").as_deref(), Some("{\"meta\":{}}"));
    let ids: Vec<String> = read_index().into_iter().map(|e| e.id).collect();
    assert_eq!(ids, ["y", "x"]);
    assert!(delete_game("x"));
    assert_eq!(load_game("x"), None);
    assert_eq!(game_ids(), ["y"]);
    // An import into no storage at all stores nothing, and says so.
    let export = export_all();
    assert!(delete_game("y"));
    let done = import_all(&export).unwrap();
    assert_eq!((done.stored, done.failed), (0, 1));
    assert!(read_index().is_empty());
    fake::set_absent(false);
}

#[test]
fn a_corrupt_index_is_repaired_and_an_import_round_trips() {
    store_game(entry("y", 2), "{\"meta\":{}}");
    set(INDEX_KEY, "{{{");
    assert_eq!(read_index().len(), 1);
    let export = export_all();
    assert!(delete_game("y"));
    assert!(read_index().is_empty());
    let done = import_all(&export).unwrap();
    assert_eq!((done.plan.added, done.stored, done.failed), (1, 1, 0));
    assert_eq!(read_index()[0].id, "y");
    assert!(import_all("{ broken").is_err());
    assert_eq!(read_index().len(), 1);
}

/// Before: a match played while storage was full was never written when space
/// returned, and the notice stayed up.
#[test]
fn writes_refused_by_a_full_storage_are_kept_and_retried() {
    store_game(entry("a", 1), "{\"meta\":{\"n\":1}}");
    assert_eq!(fake::peek(&rev_key("a")).as_deref(), Some("1"));
    fake::set_quota(0);
    assert_eq!(
        store_game(entry("a", 2), "{\"meta\":{\"n\":2}}"),
        Saved::Pending
    );
    assert_eq!(
        store_game(entry("b", 3), "{\"meta\":{\"n\":3}}"),
        Saved::Pending
    );
    set("kartenrunde.stats.v1", "[1]");
    let s = status();
    assert_eq!((s.pending_games, s.recovered), (2, false));
    assert!(s.pending_other >= 1);
    // Still readable in this page.
    assert_eq!(load_game("b").as_deref(), Some("{\"meta\":{\"n\":3}}"));
    assert_eq!(flush(), 0);
    fake::set_quota(usize::MAX);
    assert!(flush() >= 3);
    let s = status();
    assert_eq!((s.pending(), s.recovered), (0, true));
    assert_eq!(
        fake::peek(&game_key("a")).as_deref(),
        Some("{\"meta\":{\"n\":2}}")
    );
    assert_eq!(
        fake::peek(&game_key("b")).as_deref(),
        Some("{\"meta\":{\"n\":3}}")
    );
    assert_eq!(fake::peek("kartenrunde.stats.v1").as_deref(), Some("[1]"));
    assert_eq!(fake::peek(&rev_key("a")).as_deref(), Some("2"));
    ack_recovered();
    assert!(!status().recovered);
}

/// Before: a tab opened earlier overwrote the newer save of another tab.
#[test]
fn a_tab_never_overwrites_a_newer_revision() {
    store_game(entry("g", 1), "{\"meta\":{\"log\":4}}");
    assert_eq!(base_rev("g"), 1);
    // The other tab opens the game, plays and saves revisions 2 and 3.
    fake::put(&game_key("g"), "{\"meta\":{\"log\":19}}");
    fake::put(&rev_key("g"), "3");
    // This tab's next save goes to a copy; the other tab's save stays.
    let Saved::Copied(copy) = store_game(entry("g", 2), "{\"meta\":{\"log\":12}}") else {
        panic!("not copied");
    };
    assert_eq!(
        fake::peek(&game_key("g")).as_deref(),
        Some("{\"meta\":{\"log\":19}}")
    );
    assert_eq!(load_game(&copy).as_deref(), Some("{\"meta\":{\"log\":12}}"));
    assert!(read_index().iter().any(|e| e.id == copy));
    // Opened again, this tab saves on top of the newest revision.
    note_opened("g");
    assert_eq!(
        store_game(entry("g", 3), "{\"meta\":{\"log\":20}}"),
        Saved::Stored
    );
    assert_eq!(fake::peek(&rev_key("g")).as_deref(), Some("4"));
}

fn save_with_log(log: &[u32]) -> String {
    serde_json::json!({
        "version": 1, "game": "romme",
        "record": {"options": {"jokers": 6}, "seats": 3, "seed": 7,
                   "log": log.iter().map(|a| serde_json::json!([0, {"Draw": a}])).collect::<Vec<_>>()},
        "meta": {"title": "T", "player_names": ["Du", "Bot"], "variant": "romme"}
    })
    .to_string()
}

/// Both tabs made the same moves (the same bot move): no copy, the page follows; one
/// that played on from the stored game writes on top of it.
#[test]
fn an_overtaken_save_is_compared_by_its_moves() {
    store_game(entry("m", 1), &save_with_log(&[1]));
    fake::put(&game_key("m"), &save_with_log(&[1, 2]));
    fake::put(&rev_key("m"), "2");
    assert_eq!(
        store_game(entry("m", 2), &save_with_log(&[1, 2])),
        Saved::Overtaken
    );
    assert_eq!(fake::peek(&rev_key("m")).as_deref(), Some("2"));
    assert_eq!(
        store_game(entry("m", 3), &save_with_log(&[1, 2, 3])),
        Saved::Stored
    );
    assert_eq!(fake::peek(&game_key("m")), Some(save_with_log(&[1, 2, 3])));
    assert_eq!(fake::peek(&rev_key("m")).as_deref(), Some("3"));
    // Another way from the same point: a copy.
    fake::put(&game_key("m"), &save_with_log(&[1, 2, 3, 4]));
    fake::put(&rev_key("m"), "4");
    let Saved::Copied(copy) = store_game(entry("m", 4), &save_with_log(&[1, 2, 3, 5])) else {
        panic!("not copied");
    };
    assert_eq!(
        fake::peek(&game_key(&copy)),
        Some(save_with_log(&[1, 2, 3, 5]))
    );
    assert_eq!(
        fake::peek(&game_key("m")),
        Some(save_with_log(&[1, 2, 3, 4]))
    );
}

#[test]
fn one_tab_runs_the_bots() {
    assert!(owns("b"));
    claim("b");
    assert!(owns("b"));
    fake::put(&owner_key("b"), "another tab");
    assert!(!owns("b"));
    claim("b");
    assert!(owns("b"));
}

/// Before: a game deleted in one tab came back with the other tab's next autosave.
#[test]
fn a_game_deleted_in_another_tab_is_never_written_again() {
    store_game(entry("d", 1), "{}");
    // The other tab deletes it.
    fake::put(&rev_key("d"), "deleted");
    fake::Store.remove_item(&game_key("d")).unwrap();
    assert_eq!(store_game(entry("d", 2), "{\"x\":1}"), Saved::Deleted);
    assert_eq!(fake::peek(&game_key("d")), None);
    assert!(!read_index().iter().any(|e| e.id == "d"));
    // Deleting here writes the same mark.
    store_game(entry("e", 1), "{}");
    assert!(delete_game("e"));
    assert_eq!(stored_rev("e"), Ok(Rev::Deleted));
}

/// A pending save that another tab overtook before space returned goes to a copy.
#[test]
fn a_pending_save_overtaken_by_another_tab_goes_to_a_copy() {
    store_game(entry("p", 1), "{\"v\":1}");
    fake::set_quota(0);
    assert_eq!(store_game(entry("p", 2), "{\"v\":2}"), Saved::Pending);
    fake::set_quota(usize::MAX);
    fake::put(&game_key("p"), "{\"v\":9}");
    fake::put(&rev_key("p"), "5");
    flush();
    assert_eq!(take_copy("p"), None, "left for the game's page to settle");
    assert_eq!(status().pending_games, 1);
    resolve_overtaken();
    let copy = take_copy("p").expect("a copy");
    assert_eq!(fake::peek(&game_key("p")).as_deref(), Some("{\"v\":9}"));
    assert_eq!(fake::peek(&game_key(&copy)).as_deref(), Some("{\"v\":2}"));
    assert_eq!(status().pending_games, 0);
}

/// Before: a throwing `getItem` marked the save as damaged and overwrote lists.
#[test]
fn a_blocked_read_is_not_an_absent_value_and_is_never_overwritten() {
    fake::put(INDEX_KEY, "[]");
    fake::put("kartenrunde.stats.v1", "[\"old\"]");
    fake::put(&game_key("old"), "{\"old\":true}");
    fake::set_reads_throw(true);
    assert_eq!(read_game("old"), Err(Blocked));
    assert_eq!(read("kartenrunde.stats.v1"), Err(Blocked));
    assert!(status().read_blocked);
    // A write to what could not be read stays in memory only.
    assert!(!set("kartenrunde.stats.v1", "[\"new\"]"));
    // A new game is stored and can be read back in this page.
    assert_eq!(store_game(entry("new", 1), "{\"new\":1}"), Saved::Stored);
    assert_eq!(load_game("new").as_deref(), Some("{\"new\":1}"));
    fake::set_reads_throw(false);
    flush();
    assert_eq!(
        fake::peek("kartenrunde.stats.v1").as_deref(),
        Some("[\"old\"]")
    );
    assert_eq!(
        fake::peek(&game_key("old")).as_deref(),
        Some("{\"old\":true}")
    );
}

/// Before: "Import fertig: 2 neu" while 0 of 2 were stored.
#[test]
fn an_import_into_a_full_storage_says_what_was_stored() {
    store_game(entry("i1", 1), "{\"meta\":{\"title\":\"eins\"}}");
    store_game(entry("i2", 2), "{\"meta\":{\"title\":\"zwei\"}}");
    let export = export_all();
    delete_game("i1");
    delete_game("i2");
    fake::set_quota(0);
    let done = import_all(&export).unwrap();
    assert_eq!((done.stored, done.failed, done.plan.added), (0, 2, 0));
    assert_eq!(
        status().pending_games,
        0,
        "nothing of a refused import is kept"
    );
    fake::set_quota(usize::MAX);
    assert!(read_index().is_empty());
    let done = import_all(&export).unwrap();
    assert_eq!((done.stored, done.failed, done.plan.added), (2, 0, 2));
}
