//! The setup screen: players within the game's limits, human or bot per seat, names, and
//! the game's options with their defaults.

use crate::catalog;
use crate::ctx::use_app;
use crate::i18n::common::kind_key;
use crate::seats::{default_seats, SeatConfig, BOT_NAMES, DEFAULT_BOT, FIRST_BOT};
use engine::{BotLevel, SeatKind};
use leptos::prelude::*;

/// Translation key of a seat kind's one-line description (the option's tooltip).
fn kind_desc_key(kind: SeatKind) -> &'static str {
    match kind {
        SeatKind::Human => "setup.human_desc",
        SeatKind::Bot(BotLevel::Easy) => "setup.bot_easy_desc",
        SeatKind::Bot(BotLevel::Greedy) => "setup.bot_greedy_desc",
        SeatKind::Bot(BotLevel::Normal) => "setup.bot_normal_desc",
        SeatKind::Bot(BotLevel::Hard) => "setup.bot_hard_desc",
    }
}

#[component]
pub fn Setup(id: String) -> impl IntoView {
    let app = use_app();
    let Some(entry) = catalog::find(&id) else {
        return view! {
            <section class="panel"><p>{move || app.t("error.not_found")}</p></section>
        }
        .into_any();
    };
    let key = entry.key();
    let Some(ui) = entry.ui else {
        return view! {
            <section class="panel setup">
                <h1>{move || app.t(&key)}</h1>
                <p data-testid="not-ready">{move || app.t("setup.not_ready")}</p>
                <a class="button" href="#/">{move || app.t("nav.back")}</a>
            </section>
        }
        .into_any();
    };
    // The level chosen by "next level" on a match end; else easy for a first match.
    let levels = ui.bot_levels;
    let wish = app.level_wish.get_untracked().map(SeatKind::Bot);
    app.level_wish.set(None);
    let first = crate::play::stats::load().results().is_empty();
    let bot = wish
        .or(first.then_some(FIRST_BOT))
        .filter(|k| k.bot_level().is_some_and(|l| levels.contains(&l)))
        .unwrap_or(DEFAULT_BOT);
    let seats = RwSignal::new(default_seats(entry.info.default_players, bot));
    let (min, max) = (entry.info.min_players, entry.info.max_players);
    let game_panel = crate::components::lazy::lazy_view(
        (ui.setup_panel)(entry.info, seats),
        "setup.loading",
        setup_unreachable,
    );
    let rules_href = format!("#/rules/{}", entry.id());
    // "Tipp": on where one person plays against bots, off for several people, unless chosen.
    let hints_wish = RwSignal::new(None::<bool>);
    let hints = Signal::derive(move || {
        hints_wish
            .get()
            .unwrap_or_else(|| seats.with(|s| s.iter().filter(|x| x.kind.is_human()).count() == 1))
    });
    provide_context(crate::ctx::SetupHints(hints));
    // Several people: on one device (passed round) or each on their own (the box is the
    // game's setup panel's, see `games::setup_layout`).
    provide_context(crate::ctx::SetupDevices {
        wish: RwSignal::new(false),
        several: Signal::derive(move || {
            seats.with(|s| s.iter().filter(|x| x.kind.is_human()).count() >= 2)
        }),
    });
    let hints_row = ui.hints.then(|| {
        view! {
            <label class="option-row" data-testid="hints-choice">
                <span>{move || app.t("setup.hints")}</span>
                <input type="checkbox" prop:checked=move || hints.get()
                    on:change=move |ev| hints_wish.set(Some(event_target_checked(&ev)))/>
            </label>
        }
    });
    view! {
        <section class="panel setup">
            <h1>{move || app.t(&key)}</h1>
            <a class="rules-link" data-testid="rules-link" href=rules_href>{move || app.t("rules.read")}</a>
            <h2>{move || app.t("setup.players")}</h2>
            <SeatEditor seats=seats min=min max=max levels=levels bot=bot strength=entry.id()/>
            {hints_row}
            {game_panel}
        </section>
    }
    .into_any()
}

/// What shows in place of the game's options and start button when their part of the wasm
/// cannot be fetched (offline before it was ever cached).
fn setup_unreachable() -> AnyView {
    let app = use_app();
    view! {
        <div data-testid="setup-unreachable">
            <p class="error-box" role="alert">{move || app.t("setup.unreachable")}</p>
            <div class="rules-actions">
                <button class="button primary" on:click=|_| crate::components::lazy::retry()>{move || app.t("play.table_retry")}</button>
            </div>
        </div>
    }
    .into_any()
}

/// Edits the list of seats: names, human/bot, add and remove within the limits.
#[component]
pub fn SeatEditor(
    seats: RwSignal<Vec<SeatConfig>>,
    min: usize,
    max: usize,
    levels: &'static [BotLevel],
    /// The kind of an added seat.
    bot: SeatKind,
    /// The catalog entry whose measured bot strengths (`strength.<id>.<level>`) the
    /// levels' descriptions add, where there are any.
    #[prop(into)]
    strength: String,
) -> impl IntoView {
    let app = use_app();
    let rows = move || {
        seats
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, seat)| {
                let kind_value = seat.kind.code();
                view! {
                    <li class="seat-row" data-testid="seat-row">
                        <span class="seat-no">{i + 1}</span>
                        <input class="seat-name" type="text" maxlength="16" aria-label=move || app.t("setup.name")
                            prop:value=seat.name.clone()
                            on:change=move |ev| {
                                let v = event_target_value(&ev);
                                let v = v.trim().chars().take(16).collect::<String>();
                                seats.update(|s| if let Some(x) = s.get_mut(i) { if !v.is_empty() { x.name = v; } });
                            }/>
                        <select class="seat-kind" prop:value=kind_value aria-label=move || app.t("setup.kind_label") on:change=move |ev| {
                            let kind = SeatKind::from_code(&event_target_value(&ev)).unwrap_or(DEFAULT_BOT);
                            seats.update(|s| if let Some(x) = s.get_mut(i) { x.kind = kind; });
                        }>
                            {SeatKind::all().into_iter().filter(|k| k.bot_level().is_none_or(|l| levels.contains(&l))).map(|k| view! {
                                <option value=k.code() selected=kind_value == k.code() title=move || app.t(kind_desc_key(k))>{move || app.t(kind_key(k))}</option>
                            }).collect_view()}
                        </select>
                        <button class="button small" disabled=move || seats.with(|s| s.len() <= min)
                            on:click=move |_| seats.update(|s| if s.len() > min && i < s.len() { s.remove(i); })>
                            {move || app.t("setup.remove")}
                        </button>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <ul class="seat-list">{rows}</ul>
        <button class="button" disabled=move || seats.with(|s| s.len() >= max)
            on:click=move |_| seats.update(|s| if s.len() < max {
                let n = s.len();
                s.push(SeatConfig { name: BOT_NAMES[n % BOT_NAMES.len()].to_string(), kind: bot });
            })>
            {move || app.t("setup.add")}
        </button>
        <details class="levels-info" data-testid="levels-info">
            <summary>{move || app.t("setup.levels")}</summary>
            <ul>
                {levels.iter().map(|&l| {
                    let key = format!("strength.{strength}.{}", l.code());
                    let measured = move || crate::i18n::has_key(&key).then(|| {
                        view! { " " <span class="measured" data-testid="measured">{app.t(&key)}</span> }
                    });
                    view! {
                        <li data-level=l.code()><strong>{move || app.t(kind_key(SeatKind::Bot(l)))}</strong>": "
                            {move || app.t(kind_desc_key(SeatKind::Bot(l)))}{measured}</li>
                    }
                }).collect_view()}
            </ul>
        </details>
    }
}
