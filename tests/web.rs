//! Browser tests (wasm-bindgen-test in headless Chromium) for the UI pieces that need a DOM.
#![cfg(target_arch = "wasm32")]

use engine::{Face, Suit};
use kartenrunde::components::card::CardView;
use kartenrunde::settings::{DeckColours, Settings, STORAGE_KEY};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

async fn tick() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

fn fresh_container(id: &str) -> web_sys::HtmlElement {
    let doc = document();
    let el = doc.create_element("div").unwrap();
    el.set_id(id);
    doc.body().unwrap().append_child(&el).unwrap();
    el.dyn_into().unwrap()
}

#[wasm_bindgen_test]
async fn card_faces_render_as_svg_with_suit_and_rank() {
    let el = fresh_container("cards");
    let handle = leptos::mount::mount_to(el.clone(), || {
        view! {
            <CardView face=Some(Face::french(12, Suit::Hearts))/>
            <CardView face=Some(Face::Joker)/>
            <CardView face=Some(Face::Lux(9))/>
            <CardView face={ let b: Option<Face> = None; b }/>
        }
    });
    tick().await;
    let svgs = el.query_selector_all("svg.card").unwrap();
    assert_eq!(svgs.length(), 4);
    let queen = el
        .query_selector("svg.card .suit-hearts text.rank")
        .unwrap()
        .unwrap();
    assert_eq!(queen.text_content().unwrap(), "D");
    assert!(el
        .query_selector("svg.card .suit-hearts path")
        .unwrap()
        .is_some());
    assert!(el.query_selector("svg.card .joker").unwrap().is_some());
    let lux = el
        .query_selector("svg.card .lux-9 .lux-value")
        .unwrap()
        .unwrap();
    assert_eq!(lux.text_content().unwrap(), "9");
    assert!(el.query_selector("svg.card-is-back").unwrap().is_some());
    // The rendered card has a real size (crisp SVG scaled by CSS width).
    let rect = svgs
        .item(0)
        .unwrap()
        .dyn_into::<web_sys::Element>()
        .unwrap()
        .get_bounding_client_rect();
    assert!(rect.width() > 0.0 && rect.height() > rect.width());
    drop(handle);
}

#[wasm_bindgen_test]
async fn placed_joker_shows_the_card_it_stands_for() {
    let el = fresh_container("joker");
    let _h = leptos::mount::mount_to(el.clone(), || {
        view! { <CardView face=Some(Face::Joker) stands_for=Face::french(7, Suit::Spades)/> }
    });
    tick().await;
    let marker = el.query_selector(".stands-for").unwrap().unwrap();
    assert_eq!(marker.text_content().unwrap(), "7♠");
}

#[wasm_bindgen_test]
fn settings_persist_in_local_storage_and_survive_corruption() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    let s = Settings {
        deck: DeckColours::Four,
        ..Settings::default()
    };
    assert!(s.store());
    assert_eq!(Settings::load(), s);
    storage.set_item(STORAGE_KEY, "{not json").unwrap();
    assert_eq!(Settings::load(), Settings::default());
    storage.remove_item(STORAGE_KEY).unwrap();
}

#[wasm_bindgen_test]
async fn app_shows_all_nine_games_and_follows_hash_routes() {
    web_sys::window()
        .unwrap()
        .location()
        .set_hash("#/")
        .unwrap();
    let el = fresh_container("app");
    let _h = leptos::mount::mount_to(el.clone(), kartenrunde::app::App);
    tick().await;
    assert_eq!(
        el.query_selector_all("[data-testid=game-entry]")
            .unwrap()
            .length(),
        9
    );
    web_sys::window()
        .unwrap()
        .location()
        .set_hash("#/settings")
        .unwrap();
    // hashchange fires asynchronously
    for _ in 0..20 {
        tick().await;
        if el.query_selector(".settings").unwrap().is_some() {
            break;
        }
    }
    assert!(el.query_selector(".settings").unwrap().is_some());
    web_sys::window()
        .unwrap()
        .location()
        .set_hash("#/")
        .unwrap();
}

// ---- Abluxxen board and the drag helper -------------------------------------------------

fn pointer(kind: &str, x: f64, y: f64) -> web_sys::PointerEvent {
    let init = web_sys::PointerEventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    init.set_client_x(x as i32);
    init.set_client_y(y as i32);
    init.set_pointer_id(7);
    init.set_pointer_type("mouse");
    init.set_button(0);
    web_sys::PointerEvent::new_with_event_init_dict(kind, &init).unwrap()
}

#[wasm_bindgen_test]
async fn drag_helper_ghost_follows_and_drop_reports_the_target() {
    use kartenrunde::components::drag::{start_drag, DragSpec};
    let el = fresh_container("drag");
    el.set_attribute(
        "style",
        "position:fixed;left:0;top:0;width:600px;height:200px",
    )
    .unwrap();
    let dropped = RwSignal::new(Vec::<String>::new());
    let clicks = RwSignal::new(0u32);
    let _h = leptos::mount::mount_to(el.clone(), move || {
        view! {
            <div id="src" style="position:absolute;left:10px;top:10px;width:50px;height:50px;background:#c00"
                on:click=move |_| clicks.update(|c| *c += 1)
                on:pointerdown=move |ev| start_drag(&ev, DragSpec::default(), move |t| {
                    dropped.update(|d| d.push(t.clone()));
                    t == "ok"
                })>"A"</div>
            <div data-drop="ok" style="position:absolute;left:300px;top:10px;width:100px;height:100px">
                <span id="inner" style="display:block;width:100px;height:100px">"target"</span>
            </div>
        }
    });
    tick().await;
    let src = document().get_element_by_id("src").unwrap();
    // A small move stays below the threshold: no ghost.
    src.dispatch_event(&pointer("pointerdown", 30.0, 30.0))
        .unwrap();
    web_sys::window()
        .unwrap()
        .dispatch_event(&pointer("pointermove", 32.0, 31.0))
        .unwrap();
    assert!(document().query_selector(".drag-ghost").unwrap().is_none());
    // Past the threshold a ghost follows the pointer; the target under it is highlighted.
    web_sys::window()
        .unwrap()
        .dispatch_event(&pointer("pointermove", 340.0, 50.0))
        .unwrap();
    assert!(document().query_selector(".drag-ghost").unwrap().is_some());
    assert!(document()
        .query_selector("[data-drop].drop-hover")
        .unwrap()
        .is_some());
    web_sys::window()
        .unwrap()
        .dispatch_event(&pointer("pointerup", 340.0, 50.0))
        .unwrap();
    tick().await;
    assert_eq!(dropped.get_untracked(), vec!["ok".to_string()]);
    assert!(
        document().query_selector(".drag-ghost").unwrap().is_none(),
        "accepted drop removes the ghost"
    );
    assert!(document().query_selector(".drop-hover").unwrap().is_none());
    // A press without movement is an ordinary click (once the post-drag click guard,
    // a few tens of milliseconds, has passed).
    let wait = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 150)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(wait).await.unwrap();
    src.dispatch_event(&pointer("pointerdown", 30.0, 30.0))
        .unwrap();
    web_sys::window()
        .unwrap()
        .dispatch_event(&pointer("pointerup", 30.0, 30.0))
        .unwrap();
    src.dyn_ref::<web_sys::HtmlElement>().unwrap().click();
    tick().await;
    assert_eq!(clicks.get_untracked(), 1);
    assert_eq!(dropped.get_untracked().len(), 1, "a tap drops nothing");
    el.remove();
}

#[wasm_bindgen_test]
async fn abluxxen_board_offers_the_hand_and_plays_the_tapped_group() {
    use engine::abluxxen::{Abluxxen, AbluxxenAction, AbluxxenOptions};
    use engine::Game;
    use kartenrunde::ctx::AppCtx;
    use kartenrunde::play::ui_game::{BoardProps, UiGame};
    use kartenrunde::routes::Route;
    use std::sync::Arc;

    let game = Abluxxen::new(&AbluxxenOptions::default(), 3, 11).unwrap();
    let seat = game.to_move().unwrap();
    let view = game.view(seat);
    let legal = game.legal_actions(seat);
    let el = fresh_container("ab-board");
    let sent = RwSignal::new(Vec::<AbluxxenAction>::new());
    let hand = view.hand.clone();
    let _h = leptos::mount::mount_to(el.clone(), move || {
        provide_context(AppCtx {
            settings: RwSignal::new(Settings::default()),
            route: RwSignal::new(Route::Home),
            match_over: RwSignal::new(false),
            level_wish: RwSignal::new(None),
        });
        let (_, err) = signal(None::<String>);
        let props = BoardProps::<Abluxxen> {
            seat: RwSignal::new(seat).into(),
            view: RwSignal::new(view.clone()).into(),
            legal: RwSignal::new(legal.clone()).into(),
            names: Signal::stored(Arc::new(vec!["Anna".into(), "Ben".into(), "Cara".into()])),
            act: Callback::new(move |a| sent.update(|s| s.push(a))),
            highlight: RwSignal::new(Vec::new()).into(),
            error: err,
            pass_and_play: false,
            proceed: Callback::new(|_| {}),
            can_undo: Signal::derive(|| false),
            undo: Callback::new(|_| {}),
        };
        Abluxxen::board(props)
    });
    tick().await;
    let cards = el.query_selector_all("[data-testid=hand-card]").unwrap();
    assert_eq!(cards.length(), 13);
    let values: Vec<u32> = (0..cards.length())
        .map(|i| {
            let e: web_sys::Element = cards.item(i).unwrap().dyn_into().unwrap();
            e.get_attribute("data-value").unwrap().parse().unwrap()
        })
        .collect();
    assert!(
        values.windows(2).all(|w| w[0] <= w[1]),
        "hand sorted by value, jokers last: {values:?}"
    );
    assert_eq!(
        el.query_selector_all("[data-testid=supply-slot]")
            .unwrap()
            .length(),
        6
    );
    // Tap the cards of the most frequent value.
    let best = *values
        .iter()
        .max_by_key(|v| values.iter().filter(|w| w == v).count())
        .unwrap();
    let ids: Vec<engine::CardId> = hand
        .iter()
        .filter(|c| engine::abluxxen::card_value(c) as u32 == best)
        .map(|c| c.id)
        .collect();
    for id in &ids {
        let b: web_sys::HtmlElement = el
            .query_selector(&format!("[data-testid=hand-card][data-card=\"{}\"]", id.0))
            .unwrap()
            .unwrap()
            .dyn_into()
            .unwrap();
        b.click();
        tick().await;
        assert!(b.class_list().contains("selected"));
    }
    let play: web_sys::HtmlElement = el
        .query_selector("[data-testid=play]")
        .unwrap()
        .unwrap()
        .dyn_into()
        .unwrap();
    assert!(
        !play.has_attribute("disabled"),
        "a legal group can be played"
    );
    play.click();
    tick().await;
    assert_eq!(
        sent.get_untracked(),
        vec![AbluxxenAction::Play { cards: ids }]
    );
    el.remove();
}
