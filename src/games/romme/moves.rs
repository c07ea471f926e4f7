//! What taps and drops on the Rommé board do: each becomes one action for the engine (which
//! validates it) or a change of UI-only state (selection, hand order, robbery scratch).

use super::board::Board;
use crate::components::drag::{start_drag, DragSpec};
use engine::meld::JokerHint;
use engine::romme::{MeldId, RommeAction, RommeView};
use engine::CardId;
use leptos::prelude::*;
use web_sys::PointerEvent;

/// What a single selected card would do on a table meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeldTarget {
    None,
    LayOff,
    Exchange,
    /// Both are legal: the player chooses.
    Both,
}

impl Board {
    pub fn do_act(&self, a: RommeAction) {
        self.ui.warn_discard.set(None);
        self.ui.hint.set(None);
        self.ui.ask.set(None);
        self.act.run(a);
    }

    /// Commits a robbery; the scratch state ends once the engine took it.
    pub fn rob_act(&self, a: RommeAction) {
        let sizes = |v: &RommeView| (v.hand.len(), v.table.len(), v.discard_size);
        let before = self.view.with_untracked(sizes);
        self.do_act(a);
        if self.view.with_untracked(sizes) != before {
            let rob = self.ui.rob;
            rob.reset();
            rob.active.set(false);
            self.hand.clear();
        }
    }

    /// What `card` would do on `meld`: lay off, exchange a joker, either (the player is
    /// asked) or nothing legal.
    pub fn meld_target(&self, card: CardId, meld: MeldId) -> MeldTarget {
        let lay = RommeAction::LayOff { card, meld };
        let ex = RommeAction::ExchangeJoker { card, meld };
        self.legal
            .with(|l| match (l.contains(&lay), l.contains(&ex)) {
                (true, true) => MeldTarget::Both,
                (true, false) => MeldTarget::LayOff,
                (false, true) => MeldTarget::Exchange,
                (false, false) => MeldTarget::None,
            })
    }

    /// `card` goes to `meld`: laid off or exchanged for a joker, whichever is legal; when
    /// both are, the player is asked (and `false` returned: nothing happened yet). When
    /// neither is, the lay-off is sent so that the engine explains why not.
    fn meld_move(&self, card: CardId, meld: MeldId) -> bool {
        let action = match self.meld_target(card, meld) {
            MeldTarget::Both => {
                self.ui.ask.set(Some((card, meld)));
                return false;
            }
            MeldTarget::Exchange => RommeAction::ExchangeJoker { card, meld },
            MeldTarget::LayOff | MeldTarget::None => RommeAction::LayOff { card, meld },
        };
        self.do_act(action);
        true
    }

    /// The selection becomes a meld.
    pub fn click_meld_area(&self) {
        self.meld_selection(None);
    }

    /// The selection becomes a meld, its jokers placed as `hint` says.
    pub fn meld_selection(&self, hint: Option<JokerHint>) {
        let sel = self.hand.selected.get_untracked();
        if !sel.is_empty() {
            self.do_act(RommeAction::Meld { cards: sel, hint });
        }
    }

    /// A single selected card goes to that meld.
    pub fn click_table_meld(&self, meld: MeldId) {
        let sel = self.hand.selected.get_untracked();
        if let [card] = sel.as_slice() {
            self.meld_move(*card, meld);
        }
    }

    pub fn click_talon(&self) {
        if self
            .legal
            .with_untracked(|l| l.contains(&RommeAction::DrawTalon))
        {
            self.do_act(RommeAction::DrawTalon);
        }
    }

    /// Taking the discard, discarding the selected card (asking twice when it could be laid
    /// off) or, while robbing, taking the top discard into the scratch state.
    pub fn click_discard(&self) {
        let rob = self.ui.rob;
        if rob.active.get_untracked() {
            if let Some(top) = self.view.with_untracked(|v| v.discard_top) {
                rob.toggle_taken(top.id);
            }
            return;
        }
        let l = self.legal.get_untracked();
        let sel = self.hand.selected.get_untracked();
        if l.contains(&RommeAction::DrawDiscard) {
            // With a card selected the player may mean "discard it": never take the pile
            // silently then, explain instead.
            if sel.is_empty() {
                self.do_act(RommeAction::DrawDiscard);
            } else {
                self.ui.hint.set(Some("ro.ui.draw_first"));
            }
            return;
        }
        self.discard_selected();
    }

    /// Discards the single selected card (asking twice when it could be laid off).
    pub fn discard_selected(&self) {
        let l = self.legal.get_untracked();
        let sel = self.hand.selected.get_untracked();
        if let [card] = sel.as_slice() {
            // A freed joker is no hand card: the engine says what it needs at once.
            let in_hand = self
                .ordered
                .with_untracked(|h| h.iter().any(|c| c.id == *card));
            let could_lay_off = in_hand
                && l.iter()
                    .any(|a| matches!(a, RommeAction::LayOff { card: c, .. } if c == card));
            let warn = self.ui.warn_discard;
            let now = crate::storage::now_ms();
            if could_lay_off && warn.get_untracked() != Some(*card) {
                warn.set(Some(*card));
                self.ui.warned_at.set(now);
                return;
            }
            // The confirmation is a deliberate second tap, not the rest of a double tap.
            if could_lay_off
                && now.saturating_sub(self.ui.warned_at.get_untracked()) < crate::host::REPEAT_MS
            {
                return;
            }
            self.do_act(RommeAction::Discard { card: *card });
        } else if l.iter().any(|a| matches!(a, RommeAction::Discard { .. })) {
            self.refuse("ro.ui.select_one_to_discard");
        }
    }

    /// A drop of hand card `id` on a target (`data-drop` value; the hand's own targets are
    /// [`Board::press_hand_card`]'s). Returns whether the move happened (false: the ghost
    /// snaps back; the host shows the engine's reason).
    fn drop_card(&self, id: CardId, target: String) -> bool {
        if target == "new-meld" {
            self.hand.select(id);
            return true;
        }
        if target == "discard" {
            self.do_act(RommeAction::Discard { card: id });
        } else if let Some(m) = target
            .strip_prefix("meld:")
            .and_then(|m| m.parse::<u32>().ok())
        {
            if !self.meld_move(id, MeldId(m)) {
                // Asked first: the card stays selected while the player chooses.
                self.hand.selected.set(vec![id]);
                return false;
            }
        } else {
            return false;
        }
        !self.shown.with_untracked(|s| s.iter().any(|c| c.id == id))
    }

    /// Dragging the talon or the discard onto the hand draws it.
    fn drop_pile(&self, draw: RommeAction, target: String) -> bool {
        if target == "hand" || target.starts_with("hand:") {
            let before = self.view.with_untracked(|v| v.hand.len());
            self.do_act(draw);
            self.view.with_untracked(|v| v.hand.len()) > before
        } else {
            false
        }
    }

    /// Starts dragging hand card `id`: onto another hand card it takes that one's place in
    /// the player's order, anywhere else it is [`Board::drop_card`].
    pub fn press_hand_card(&self, ev: &PointerEvent, id: CardId) {
        let b = *self;
        self.drag_hand_card(ev, id, DragSpec::default(), self.ordered, move |t| {
            b.drop_card(id, t)
        });
    }

    /// Starts dragging a pile (only when drawing from it is legal, for the discard).
    pub fn press_pile(&self, ev: &PointerEvent, draw: RommeAction) {
        if draw == RommeAction::DrawDiscard && !self.legal.with_untracked(|l| l.contains(&draw)) {
            return;
        }
        let b = *self;
        start_drag(ev, DragSpec::default(), move |t| {
            b.drop_pile(draw.clone(), t)
        });
    }
}
