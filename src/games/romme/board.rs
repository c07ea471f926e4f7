//! The Rommé table. It knows no rules: what is clickable comes from the legal actions, the
//! meld preview from the engine's meld validation, and every rejection from the engine.
//! The board is composed of the shared components (hand, piles, opponents, action buttons,
//! end panel, score sheet) and the Rommé parts in `table`, `status`, `rob` and `sheet`.

use super::rob::{rob_panel, RobState};
use super::sheet::{deal_end_panel, sheet_for};
use super::status::{action_buttons, opening, opponent, status_text, Countdown};
use super::table::{meld_table, piles};
use crate::components::board::{table_view, BoardCore};
use crate::components::dock::{Dock, PlayArea};
use crate::components::hand::{cards_by_id, HandLook, HandTools, HandView};
use crate::components::opponents::{Opponents, SeatOrder};
use crate::play::BoardProps;
use engine::meld::{validate, validate_with_hint, JokerHint, Meld, MeldError};
use engine::romme::{MeldId, PhaseView, Romme, RommeAction, RommeEvent, RommeView};
use engine::{Card, CardId, Face};
use leptos::prelude::*;

/// The Rommé board: the shared core (`components::board`) with the Rommé parts.
pub(super) type Board = BoardCore<Romme, Parts>;

/// What the Rommé parts of the board share beyond the core: values derived from the game
/// (memos, computed once per state change, however often they are read), and the UI-only
/// state.
#[derive(Clone, Copy)]
pub(super) struct Parts {
    /// The hand in the player's own order.
    pub ordered: Memo<Vec<Card>>,
    /// The cards the viewer can place: the ordered hand, then (on one's own turn) the
    /// freed jokers, which are shown apart from the hand ([`super::prompts::freed_strip`]).
    pub shown: Memo<Vec<Card>>,
    /// The selection as a meld (`None`: fewer than two cards selected — one card is no
    /// meld attempt yet, it may as well be meant for a lay-off or the discard).
    pub preview: Memo<Option<Result<Meld, MeldError>>>,
    /// Where the selection's jokers can stand when that is the player's choice (a run with
    /// a surplus joker, e.g. ♥5 ♥6 🃏 as 4-5-6 or 5-6-7): each choice with the faces its
    /// jokers represent. Empty when there is nothing to choose.
    pub joker_choices: Memo<Vec<(JokerHint, Vec<Face>)>>,
    /// Melds the others changed since the viewer's own last move, and whether they
    /// discarded.
    pub recent: Memo<(Vec<MeldId>, bool)>,
    pub ui: Ui,
}

/// UI-only state, apart from the game: nothing of it is saved. (The selection, in the
/// core's `hand`, is the meld being built.)
#[derive(Clone, Copy)]
pub(super) struct Ui {
    /// The card whose discard waits for a second tap (it could be laid off).
    pub warn_discard: RwSignal<Option<CardId>>,
    /// When the warning appeared (ms): a confirmation needs a deliberate second tap.
    pub warned_at: RwSignal<u64>,
    /// A hint for the status line (a translation key) after a tap that did nothing, e.g.
    /// the discard pile tapped with a card selected before drawing.
    pub hint: RwSignal<Option<&'static str>>,
    /// A card that could be laid off on a meld or exchange a joker there: the player is
    /// asked which.
    pub ask: RwSignal<Option<(CardId, MeldId)>>,
    pub rob: RobState,
}

table_view! {
    RommeView, phase: PhaseView {
        Draw => "draw", Play => "play", Claim => "claim", MayDeclare => "declare",
        DealOver => "deal-over", MatchOver => "match-over",
    }
}

fn new_board(p: &BoardProps<Romme>) -> Board {
    let core = BoardCore::new(p);
    let (view, hand) = (core.view, core.hand);
    let ordered = core.ordered_hand();
    let shown = Memo::new(move |_| {
        let mut cards = ordered.get();
        // Freed jokers belong to the turn owner: shown in this hand only on one's own turn
        // (a bot's exchanged joker once appeared in the human's hand row).
        view.with(|v| {
            if v.turn == v.seat {
                cards.extend(v.freed_jokers.iter().copied())
            }
        });
        cards
    });
    // The selected cards (of two or more), for the preview and the joker choices.
    let selection = move || {
        let sel = hand.selected.get();
        (sel.len() >= 2).then(|| shown.with(|s| cards_by_id(s, &sel)))
    };
    let preview = Memo::new(move |_| {
        let cards = selection()?;
        Some(view.with(|v| validate(&cards, &v.options.meld_rules())))
    });
    let joker_choices = Memo::new(move |_| match selection() {
        Some(cards) => view.with(|v| joker_choices(&cards, &v.options.meld_rules())),
        None => Vec::new(),
    });
    core.with_parts(Parts {
        ordered,
        shown,
        preview,
        joker_choices,
        recent: Memo::new(move |_| view.with(recent_changes)),
        ui: Ui {
            warn_discard: RwSignal::new(None),
            warned_at: RwSignal::new(0),
            hint: RwSignal::new(None),
            ask: RwSignal::new(None),
            rob: RobState::new(),
        },
    })
}

/// The different readings of `cards` by joker placement (High first), each with the faces
/// its jokers stand for; fewer than two readings: no choice, empty.
pub(super) fn joker_choices(
    cards: &[Card],
    rules: &engine::meld::MeldRules,
) -> Vec<(JokerHint, Vec<Face>)> {
    let mut out: Vec<(JokerHint, Vec<Face>)> = Vec::new();
    for hint in [JokerHint::High, JokerHint::Low] {
        if let Ok(m) = validate_with_hint(cards, rules, hint) {
            let faces: Vec<Face> = m
                .cards
                .iter()
                .filter(|p| p.card.face.is_joker())
                .map(|p| p.stands_for)
                .collect();
            if !faces.is_empty() && !out.iter().any(|(_, f)| *f == faces) {
                out.push((hint, faces));
            }
        }
    }
    if out.len() < 2 {
        out.clear();
    }
    out
}

/// What the others did since the viewer's own last move: those melds (and the discard)
/// are highlighted so a bot's move can be followed.
fn recent_changes(v: &RommeView) -> (Vec<MeldId>, bool) {
    let own = |e: &RommeEvent| match e {
        RommeEvent::Drew { seat, .. }
        | RommeEvent::Melded { seat, .. }
        | RommeEvent::LaidOff { seat, .. }
        | RommeEvent::Discarded { seat, .. } => *seat == v.seat,
        _ => false,
    };
    let start = v.events.iter().rposition(own).map(|i| i + 1).unwrap_or(0);
    let mut melds = Vec::new();
    let mut discard = false;
    for e in &v.events[start..] {
        match e {
            RommeEvent::Melded { meld, .. }
            | RommeEvent::LaidOff { meld, .. }
            | RommeEvent::JokerExchanged { meld, .. } => melds.push(*meld),
            RommeEvent::Robbed { new_melds, .. } => melds.extend(new_melds.iter().copied()),
            RommeEvent::Discarded { .. } => discard = true,
            RommeEvent::DealStarted { .. } => {
                melds.clear();
                discard = false;
            }
            _ => {}
        }
    }
    (melds, discard)
}

/// The own hand: tap selects (when the viewer decides), drag goes to a target.
fn hand_row(b: Board) -> impl IntoView {
    let look = HandLook::arranged("hand");
    let tap = Callback::new(move |id| {
        if b.legal.with_untracked(|l| !l.is_empty()) {
            b.ui.warn_discard.set(None);
            b.ui.hint.set(None);
            b.ui.ask.set(None);
            b.hand.toggle(id);
        }
    });
    let marked = Callback::new(move |id| {
        (
            b.view.with(|v| v.taken_discard == Some(id)),
            b.ui.rob.staged.with(|s| s.iter().any(|m| m.contains(&id))),
        )
    });
    view! {
        <HandView look=look cards=b.ordered state=b.hand on_tap=tap
            on_press=Callback::new(move |(ev, id)| b.press_hand_card(&ev, id)) marked=marked/>
    }
}

/// The robbery switch and, while robbing, its panel.
fn rob_controls(b: Board) -> impl IntoView {
    let rob = b.ui.rob;
    let can_rob = move || {
        b.any(|a| matches!(a, RommeAction::Rob(_)))
            || (b.view.with(|v| v.options.robbing)
                && !b.legal.with(|l| l.is_empty())
                && b.view
                    .with(|v| matches!(v.phase, PhaseView::Draw { .. } | PhaseView::Play { .. })))
    };
    view! {
        <Show when=can_rob>
            <button class="button" class:primary=move || rob.active.get() data-testid="rob-mode"
                on:click=move |_| { rob.active.update(|a| *a = !*a); rob.reset(); }>
                {move || b.t(if rob.active.get() { "ro.rob.stop" } else { "ro.rob.start" })}
            </button>
        </Show>
        <Show when=move || rob.active.get()>
            {rob_panel(rob, b.view.into(), b.hand, move |a| b.rob_act(a))}
        </Show>
    }
}

/// The deal-end summary (also at the match end) and the score sheet below the board.
fn end_parts(b: Board) -> impl IntoView {
    let (act, proceed) = (b.act, b.proceed);
    let end_panel = move || {
        let next = b.has(&RommeAction::NextDeal);
        b.view.with(|v| {
            let over = matches!(v.phase, PhaseView::MatchOver);
            let deal_over = matches!(v.phase, PhaseView::DealOver { .. });
            (deal_over || over).then(|| deal_end_panel(v, &b.names(), next, over, act, proceed))
        })
    };
    // The sheet changes only at a deal's end: it is built anew only then (not with every
    // action, which would rebuild every row).
    let sheet_changes = Memo::new(move |_| {
        b.view
            .with(|v| (v.sheet.rows.len(), v.totals.clone(), v.ring_match.clone()))
    });
    let sheet = move || {
        sheet_changes.track();
        let lang = b.app.lang();
        b.view
            .with_untracked(|v| (!v.sheet.rows.is_empty()).then(|| sheet_for(v, &b.names(), lang)))
    };
    let options = b.view.with_untracked(|v| v.options.clone());
    // The rules (every option, a long form) are built when first opened: built with every
    // board (each deal) they made a deal's first task a long one on a slower machine.
    let rules_seen = RwSignal::new(false);
    view! {
        {end_panel}
        <details class="sheet-wrap rules-info" on:toggle=move |_| rules_seen.set(true)>
            <summary>{move || b.t("ro.ui.rules")}</summary>
            <Show when=move || rules_seen.get()>
                <fieldset disabled>{super::setup::rules_form(RwSignal::new(options.clone()))}</fieldset>
            </Show>
        </details>
        <details class="sheet-wrap">
            <summary>{move || b.t("ro.ui.sheet")}</summary>
            {sheet}
        </details>
    }
}

pub fn board(p: BoardProps<Romme>) -> AnyView {
    let b = new_board(&p);
    // Forget selections of cards that left the hand.
    b.keep_selection_in(b.shown);
    let countdown = Countdown::start(b, p.pass_and_play);
    let others = b.others(SeatOrder::BySeat);
    let own_hand = Signal::derive(move || b.view.with(|v| v.hand.clone()));
    view! {
        <div class="romme-board" data-testid="romme-board"
            data-phase=move || b.moment()
            data-mine=move || b.legal.with(|l| !l.is_empty()).to_string()>
            <PlayArea>
            <Opponents class="opponents" list=true seats=others seat=move |s| opponent(b, s)/>
            {piles(b)}
            {rob_controls(b)}
            <div class="table grow" class:robbing=move || b.ui.rob.active.get() data-testid="table">
                {meld_table(b)}
            </div>
            <Dock>
                <div class="status-bar">
                    <span class="status" data-testid="status">{move || status_text(b)}</span>
                    {move || opening(b)}
                </div>
                <Show when=move || b.ui.warn_discard.get().is_some()>
                    <p class="warning" data-testid="discard-warning">{move || b.t("ro.ui.warn_lay_off")}</p>
                </Show>
                {super::prompts::ask_panel(b)}
                {super::prompts::freed_strip(b)}
                <HandTools state=b.hand hand=own_hand>{move || action_buttons(b, countdown)}</HandTools>
                {hand_row(b)}
            </Dock>
            </PlayArea>
            {end_parts(b)}
        </div>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::joker_choices;
    use engine::meld::{JokerHint, MeldRules};
    use engine::{Card, CardId, Face, Suit};

    fn c(id: u16, face: Face) -> Card {
        Card {
            id: CardId(id),
            face,
        }
    }

    #[test]
    fn a_surplus_joker_in_a_run_is_the_players_choice() {
        let h = |r| Face::french(r, Suit::Hearts);
        let run = [c(0, h(5)), c(1, h(6)), c(2, Face::Joker)];
        let choices = joker_choices(&run, &MeldRules::default());
        assert_eq!(
            choices,
            vec![(JokerHint::High, vec![h(7)]), (JokerHint::Low, vec![h(4)])]
        );
        // A joker filling a gap stands where it must: nothing to choose.
        let gap = [c(0, h(5)), c(1, Face::Joker), c(2, h(7))];
        assert!(joker_choices(&gap, &MeldRules::default()).is_empty());
        // No joker, nothing to choose.
        let plain = [c(0, h(5)), c(1, h(6)), c(2, h(7))];
        assert!(joker_choices(&plain, &MeldRules::default()).is_empty());
    }
}
