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
