//! The list of saved games: resume, view finished matches (with their score sheets), delete
//! (after an in-page confirmation), and export / import all saves as one file.
//! A save that does not load is marked as damaged and can only be deleted.
//! The bundle logic is pure (`storage::bundle`); this page is only the DOM glue.

use crate::ctx::use_app;
use crate::games;
use crate::i18n::{tr, Lang};
use crate::storage::bundle::{self, BundleError};
use crate::storage::{self, IndexEntry};
use leptos::prelude::*;
use std::collections::HashMap;
use wasm_bindgen::JsCast;

#[derive(Clone, PartialEq)]
struct Row {
    entry: IndexEntry,
    /// Why the save does not load, if it does not (or cannot be read now).
    damaged: Option<Damage>,
}

#[derive(Clone, PartialEq)]
enum Damage {
    /// The save cannot be used: why.
    Broken(String),
    /// Storage refused to read it: unknown, kept untouched.
    Blocked,
}

/// How many saves the list shows at first, and adds with "Weitere anzeigen".
const ROWS_AT_ONCE: usize = 100;

/// The rows of the list: each save as checked so far (see [`check_in_slices`]).
fn rows(index: &[IndexEntry], checked: &HashMap<String, Option<Damage>>) -> Vec<Row> {
    index
        .iter()
        .map(|e| Row {
            damaged: checked.get(&e.id).cloned().flatten(),
            entry: e.clone(),
        })
        .collect()
}

/// Whether the save `id` loads (read and replayed, as opening it would).
fn check_one(id: &str, lang: Lang) -> Option<Damage> {
    match storage::read_game(id) {
        Err(storage::Blocked) => Some(Damage::Blocked),
        Ok(None) => Some(Damage::Broken(tr(lang, "play.no_such_game").to_string())),
        Ok(Some(json)) => games::check_save(&json, lang).err().map(Damage::Broken),
    }
}

/// Checks every shown save, in slices of at most [`SLICE_MS`]: a long list shows at once
/// and never blocks the page; a damaged save is marked when found.
fn check_in_slices(
    index: RwSignal<Vec<IndexEntry>>,
    checked: RwSignal<HashMap<String, Option<Damage>>>,
    shown: RwSignal<usize>,
) {
    let app = use_app();
    Effect::new(move |_| {
        let n = shown.get();
        let ids: Vec<String> = index.with(|i| i.iter().take(n).map(|e| e.id.clone()).collect());
        leptos::task::spawn_local(async move {
            let lang = app.lang();
            let mut found = Vec::new();
            let mut slice = now();
            for id in ids {
                if checked.try_with_untracked(|c| c.contains_key(&id)) != Some(false) {
                    continue;
                }
                found.push((id.clone(), check_one(&id, lang)));
                if now() - slice > SLICE_MS {
                    let batch = std::mem::take(&mut found);
                    if checked.try_update(|c| c.extend(batch)).is_none() {
                        return;
                    }
                    next_task().await;
                    slice = now();
                }
            }
            checked.try_update(|c| c.extend(found));
        });
    });
}

fn fill(lang: Lang, key: &str, args: &[(&str, String)]) -> String {
    crate::i18n::common::fill(lang, key, args)
}

/// What an import did, in words: what the browser actually stored, and what it refused.
fn import_result_text(
    result: &storage::Imported,
    total: usize,
    lang: Lang,
) -> Result<String, String> {
    let p = &result.plan;
    if result.stored == 0 && result.failed > 0 {
        let none = fill(lang, "st.import_none", &[("total", total.to_string())]);
        let refused = fill(
            lang,
            "st.import_refused",
            &[
                ("failed", result.failed.to_string()),
                ("total", total.to_string()),
            ],
        );
        return Err(format!("{none} {refused}"));
    }
    let done = fill(
        lang,
        "st.import_stored",
        &[
            ("stored", result.stored.to_string()),
            ("total", total.to_string()),
            ("added", p.added.to_string()),
            ("updated", p.updated.to_string()),
            ("copied", p.copied.to_string()),
            ("skipped", p.skipped.to_string()),
        ],
    );
    if result.failed == 0 {
        return Ok(done);
    }
    let refused = fill(
        lang,
        "st.import_refused",
        &[
            ("failed", result.failed.to_string()),
            ("total", total.to_string()),
        ],
    );
    Err(format!("{done} {refused}"))
}

/// Why an export file cannot be imported (nothing was changed).
fn import_error_text(e: &BundleError, lang: Lang) -> String {
    let why = match e {
        BundleError::NotJson => tr(lang, "st.import_not_json").to_string(),
        BundleError::NotABundle => tr(lang, "st.import_not_bundle").to_string(),
        BundleError::NewerVersion { found } => {
            fill(lang, "st.import_newer", &[("found", found.to_string())])
        }
        BundleError::BadGame { index } => fill(
            lang,
            "st.import_bad_game",
            &[("n", (index + 1).to_string())],
        ),
        BundleError::Limits { index, error } => fill(
            lang,
            "st.import_bad_limits",
            &[
                ("n", (index + 1).to_string()),
                ("why", crate::i18n::common::explain_save_error(error, lang)),
            ],
        ),
        BundleError::TooLarge => fill(
            lang,
            "st.import_too_large",
            &[("mb", (bundle::MAX_IMPORT_BYTES >> 20).to_string())],
        ),
        BundleError::TooMany => fill(
            lang,
            "st.import_too_many",
            &[("n", bundle::MAX_IMPORT_GAMES.to_string())],
        ),
    };
    fill(lang, "st.import_failed", &[("why", why)])
}

/// Offers `text` as a file download of type `mime`.
pub fn download(name: &str, text: &str, mime: &str) -> Result<(), wasm_bindgen::JsValue> {
    let window = web_sys::window().ok_or(wasm_bindgen::JsValue::NULL)?;
    let document = window.document().ok_or(wasm_bindgen::JsValue::NULL)?;
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let a: web_sys::HtmlAnchorElement = document.create_element("a")?.unchecked_into();
    a.set_href(&url);
    a.set_download(name);
    a.set_attribute("hidden", "")?;
    let body = document.body().ok_or(wasm_bindgen::JsValue::NULL)?;
    body.append_child(&a)?;
    a.click();
    body.remove_child(&a)?;
    // Revoke later: some browsers read the blob only after the click returned.
    let _ = set_timeout_with_handle(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(60),
    );
    Ok(())
}

fn today() -> String {
    let iso: String = js_sys::Date::new_0().to_iso_string().into();
    iso.chars().take(10).collect()
}

/// The status line under the buttons: `Ok` is good news, `Err` a problem.
type Status = Option<Result<String, String>>;

#[component]
pub fn Saves() -> impl IntoView {
    let app = use_app();
    // Pending games another tab saved meanwhile are settled here too (see `storage`).
    storage::flush();
    storage::resolve_overtaken();
    let index = RwSignal::new(storage::read_index());
    let checked = RwSignal::new(HashMap::new());
    // The newest saves first; more on request (thousands of rows would take seconds to build).
    let shown = RwSignal::new(ROWS_AT_ONCE);
    check_in_slices(index, checked, shown);
    let list = Memo::new(move |_| {
        let n = shown.get();
        checked.with(|c| index.with(|i| rows(&i[..n.min(i.len())], c)))
    });
    let more = move || index.with(Vec::len).saturating_sub(shown.get());
    let pending_delete = RwSignal::new(None::<IndexEntry>);
    let status = RwSignal::new(None::<Result<String, String>> as Status);
    let t = move |k: &'static str| move || app.t(k);

    let export = move |_| {
        let text = storage::export_all();
        match download(
            &format!("kartenrunde-{}.json", today()),
            &text,
            "application/json",
        ) {
            Ok(()) => status.set(Some(Ok(fill(
                app.lang(),
                "st.export_done",
                &[("n", index.with_untracked(Vec::len).to_string())],
            )))),
            Err(_) => status.set(Some(Err(app.t("st.export_failed")))),
        }
    };

    let import = move |ev: leptos::ev::Event| import_file(ev, status, index);

    view! {
        <section class="panel saves">
            {crate::play::notice::take_announced("").map(crate::play::notice::page_notice)}
            <h1>{t("saves.title")}</h1>
            <div class="saves-tools">
                <button class="button" data-testid="export" on:click=export
                    disabled=move || index.with(Vec::is_empty)>{t("st.export")}</button>
                <label class="button file-button" data-testid="import">
                    {t("st.import")}
                    <input type="file" accept=".json,application/json" data-testid="import-file" on:change=import/>
                </label>
                <p class="saves-hint">{t("st.backup_hint")}</p>
            </div>
            {move || status.get().map(|s| match s {
                Ok(m) => view! { <p class="ok-box" role="status" data-testid="saves-status">{m}</p> }.into_any(),
                Err(m) => view! { <p class="error-box" role="alert" data-testid="saves-error">{m}</p> }.into_any(),
            })}
            <Show when=move || index.with(|i| i.is_empty())>
                <p data-testid="no-saves">{t("saves.empty")}</p>
            </Show>
            <ul class="save-list">
                <For each=move || list.get() key=|r| (r.entry.id.clone(), r.entry.updated_ms, r.damaged.is_some()) let:row>
                    {save_row(row, pending_delete)}
                </For>
            </ul>
            <Show when=move || { more() > 0 }>
                <button class="button" data-testid="more-saves" on:click=move |_| shown.update(|n| *n += ROWS_AT_ONCE)>
                    {move || fill(app.lang(), "saves.more", &[("n", more().to_string())])}
                </button>
            </Show>
            {delete_dialog(pending_delete, index, status)}
        </section>
    }
}

/// One saved game in the list: open or, when damaged, only the reason and "Löschen".
fn save_row(row: Row, pending_delete: RwSignal<Option<IndexEntry>>) -> AnyView {
    let app = use_app();
    let t = move |k: &'static str| move || app.t(k);

    let e = row.entry.clone();
    let href = format!("#/play/{}", e.id);
    // The rules with this game's house rules.
    let rules_href = format!("#/rules/{}/{}", e.variant, e.id);
    let watch_href = crate::routes::Route::Replay(e.id.clone()).to_hash();
    let when = (e.updated_ms > 0).then(|| {
        let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(e.updated_ms as f64));
        String::from(d.to_locale_string(
            if app.lang() == Lang::En {
                "en-GB"
            } else {
                "de-DE"
            },
            &wasm_bindgen::JsValue::UNDEFINED,
        ))
    });
    let finished = e.finished;
    let title = if e.title.is_empty() {
        let id = e.id.clone();
        Signal::derive(move || fill(app.lang(), "st.untitled", &[("id", id.clone())]))
    } else {
        let t = e.title.clone();
        Signal::derive(move || t.clone())
    };
    let entry = e.clone();
    let delete = move |_| pending_delete.set(Some(entry.clone()));
    match row.damaged.clone() {
                            // Not readable now: said so, and nothing offered that could touch it.
                            Some(Damage::Blocked) => view! {
                                <li class="save-row damaged" data-testid="save-row" data-id=e.id.clone() data-damaged="blocked">
                                    <div class="save-text">
                                        <strong>{title}</strong>
                                        <span>{e.players.join(", ")}</span>
                                        <small class="badge badge-damaged badge-blocked" data-testid="blocked">{t("saves.blocked")}</small>
                                    </div>
                                </li>
                            }.into_any(),
                            Some(Damage::Broken(reason)) => {
                                let show_reason = RwSignal::new(false);
                                let reason2 = reason.clone();
                                view! {
                                    <li class="save-row damaged" data-testid="save-row" data-id=e.id.clone() data-damaged="true">
                                        <div class="save-text">
                                            <strong>{title}</strong>
                                            <span>{e.players.join(", ")}</span>
                                            <small>
                                                {when.map(|w| format!("{w} · "))}
                                                <button class="badge badge-damaged" data-testid="damaged" title=reason
                                                    aria-expanded=move || show_reason.get().to_string()
                                                    on:click=move |_| show_reason.update(|s| *s = !*s)>
                                                    {t("st.damaged")}
                                                </button>
                                            </small>
                                            <Show when=move || show_reason.get()>
                                                <small class="damaged-reason" data-testid="damaged-reason">{reason2.clone()}</small>
                                            </Show>
                                        </div>
                                        <button class="button" data-testid="delete" on:click=delete>{t("saves.delete")}</button>
                                    </li>
                                }.into_any()
                            }
                            None => view! {
                                <li class="save-row" data-testid="save-row" data-id=e.id.clone() data-damaged="false">
                                    <div class="save-text">
                                        <strong>{title}</strong>
                                        <span>{e.players.join(", ")}</span>
                                        <small>{when.map(|w| format!("{w} · "))} {move || app.t(if finished { "saves.finished" } else { "saves.running" })}</small>
                                        <span class="save-links">
                                            {(!e.variant.is_empty()).then(|| view! {
                                                <a class="rules-link" data-testid="rules-link" href=rules_href>{move || app.t("rules.link")}</a>
                                            })}
                                            <a class="rules-link" data-testid="watch" href=watch_href>{move || app.t("replay.watch_link")}</a>
                                        </span>
                                    </div>
                                    <a class="button primary" data-testid="open" href=href>{move || app.t(if finished { "saves.show" } else { "saves.resume" })}</a>
                                    <button class="button" data-testid="delete" on:click=delete>{t("saves.delete")}</button>
                                </li>
                            }.into_any(),
                        }
}

/// Reads a chosen export file and merges it into the stored games, in slices of at most
/// [`SLICE_MS`] (a long import never blocks the page), with its progress in the status line.
/// Every game is checked before the first is stored: a damaged or oversized file changes
/// nothing. The result says what the browser actually stored.
fn import_file(ev: leptos::ev::Event, status: RwSignal<Status>, index: RwSignal<Vec<IndexEntry>>) {
    let app = use_app();

    let Some(input) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
    else {
        return;
    };
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    // The same file may be chosen again later.
    input.set_value("");
    leptos::task::spawn_local(async move {
        let lang = app.lang();
        let result = import_in_slices(file, status, index, lang).await;
        status.try_set(Some(result));
    });
}

/// Reads an export file with the browser's JSON reader and checks its head: the number of
/// games and their list.
fn read_file_list(text: &wasm_bindgen::JsValue) -> Result<(usize, js_sys::Array), BundleError> {
    let global = js_sys::global();
    let parse = js_sys::Reflect::get(&global, &"JSON".into())
        .and_then(|json| js_sys::Reflect::get(&json, &"parse".into()))
        .map_err(|_| BundleError::NotJson)?;
    let parse: js_sys::Function = parse.dyn_into().map_err(|_| BundleError::NotJson)?;
    let value = parse
        .call1(&wasm_bindgen::JsValue::NULL, text)
        .map_err(|_| BundleError::NotJson)?;
    if !value.is_object() {
        return Err(BundleError::NotABundle);
    }
    let field = |k: &str| js_sys::Reflect::get(&value, &k.into()).unwrap_or_default();
    let version = field("version")
        .as_f64()
        .filter(|v| v.fract() == 0.0 && *v >= 0.0)
        .map(|v| v as u64);
    let games = field("games");
    let list = js_sys::Array::is_array(&games).then(|| js_sys::Array::from(&games));
    bundle::check_head(
        field("format").as_string().as_deref(),
        version,
        list.as_ref().map(|l| l.length() as usize),
    )?;
    Ok((
        list.as_ref().map_or(0, |l| l.length() as usize),
        list.unwrap_or_default(),
    ))
}

/// The longest a slice of an import may run before the page gets its turn.
const SLICE_MS: f64 = 25.0;

async fn import_in_slices(
    file: web_sys::File,
    status: RwSignal<Status>,
    index: RwSignal<Vec<IndexEntry>>,
    lang: Lang,
) -> Result<String, String> {
    if file.size() > bundle::MAX_IMPORT_BYTES as f64 {
        return Err(import_error_text(&BundleError::TooLarge, lang));
    }
    let Ok(text) = wasm_bindgen_futures::JsFuture::from(file.text()).await else {
        return Err(tr(lang, "st.import_unreadable").to_string());
    };
    next_task().await;
    // The browser's own JSON reader takes the whole file in a few milliseconds; each game
    // is then read and checked here, a slice at a time.
    let (total, list) = read_file_list(&text).map_err(|e| import_error_text(&e, lang))?;
    drop(text);
    let progress = |done: usize| {
        status.try_set(Some(Ok(fill(
            lang,
            "st.import_progress",
            &[("done", done.to_string()), ("total", total.to_string())],
        ))));
    };
    // First every game is read and checked; nothing is stored yet.
    let mut games = Vec::with_capacity(total);
    let mut slice = now();
    for i in 0..total {
        let game = js_sys::JSON::stringify(&list.get(i as u32))
            .ok()
            .and_then(|t| t.as_string())
            .ok_or(BundleError::BadGame { index: i })
            .and_then(|t| bundle::parse_game_text(i, &t))
            .map_err(|e| import_error_text(&e, lang))?;
        games.push(game);
        if now() - slice > SLICE_MS {
            progress(i / 2);
            next_task().await;
            slice = now();
        }
    }
    drop(list);
    // Then stored, one at a time.
    let mut planner = bundle::Planner::new(&storage::all_games());
    let mut out = storage::Imported::default();
    // The list of saves, kept here and written once a slice.
    let mut listed = storage::read_index();
    for (i, g) in games.iter().enumerate() {
        storage::import_one(&mut planner, g, &mut out);
        if now() - slice > SLICE_MS {
            storage::list_into(&mut listed, std::mem::take(&mut out.unlisted));
            progress(total / 2 + i / 2);
            next_task().await;
            slice = now();
        }
    }
    storage::list_into(&mut listed, std::mem::take(&mut out.unlisted));
    index.try_set(listed);
    out.plan = planner.finish();
    import_result_text(&out, total, lang)
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Gives the page its turn: resolves in a task of its own.
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback(&resolve);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
}

/// "Really delete?" — Abbrechen has the focus, Escape closes it.
fn delete_dialog(
    pending_delete: RwSignal<Option<IndexEntry>>,
    index: RwSignal<Vec<IndexEntry>>,
    status: RwSignal<Status>,
) -> impl IntoView {
    // Escape closes the dialog.
    let esc = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.key() == "Escape" && pending_delete.with_untracked(Option::is_some) {
            pending_delete.set(None);
        }
    });
    on_cleanup(move || esc.remove());

    let app = use_app();
    let confirm_delete = move |_| {
        if let Some(e) = pending_delete.get_untracked() {
            let lang = app.lang();
            // Said as storage did it: deleted, or kept by the browser.
            status.set(Some(if storage::delete_game(&e.id) {
                let title = if e.title.is_empty() {
                    e.id.clone()
                } else {
                    e.title.clone()
                };
                Ok(fill(lang, "st.deleted", &[("title", title)]))
            } else {
                Err(tr(lang, "st.delete_failed").to_string())
            }));
            index.set(storage::read_index());
        }
        pending_delete.set(None);
    };

    view! {
        <Show when=move || pending_delete.with(Option::is_some)>
            <DeleteBox pending_delete=pending_delete confirm=confirm_delete/>
        </Show>
    }
}

/// The box of the "really delete?" dialog (a modal dialog: the focus stays inside).
#[component]
fn DeleteBox(
    pending_delete: RwSignal<Option<IndexEntry>>,
    confirm: impl Fn(leptos::ev::MouseEvent) + Copy + 'static,
) -> impl IntoView {
    let app = use_app();
    let t = move |k: &'static str| move || app.t(k);
    let cancel_ref = NodeRef::<leptos::html::Button>::new();
    let node = NodeRef::<leptos::html::Div>::new();
    let trap = crate::components::focus_trap::focus_trap(node);
    // "Abbrechen" has the focus when the dialog opens.
    Effect::new(move |_| {
        if let Some(b) = cancel_ref.get() {
            let _ = b.focus();
        }
    });
    view! {
        <div class="overlay dialog-backdrop" on:click=move |_| pending_delete.set(None)>
            <div class="overlay-box dialog" role="dialog" aria-modal="true" aria-labelledby="delete-title"
                data-testid="confirm-delete" node_ref=node on:keydown=trap
                on:click=|ev| ev.stop_propagation()>
                <h2 id="delete-title">{t("st.delete_title")}</h2>
                <p>{move || {
                    let e = pending_delete.get();
                    let name = e.as_ref().map(|e| if e.title.is_empty() { e.id.clone() } else { e.title.clone() }).unwrap_or_default();
                    fill(app.lang(), "st.delete_question", &[("title", name)])
                }}</p>
                <div class="overlay-actions">
                    <button class="button danger" data-testid="confirm-delete-yes" on:click=confirm>{t("saves.delete")}</button>
                    <button class="button" data-testid="confirm-delete-no" node_ref=cancel_ref on:click=move |_| pending_delete.set(None)>{t("st.cancel")}</button>
                </div>
            </div>
        </div>
    }
}
