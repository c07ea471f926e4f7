//! Rommé options (every knob of `rules/romme.md`) and the five presets.

use super::RuleError;
use crate::game::{check_players, out_of_range, OptionLimit};
use crate::meld::MeldRules;
use crate::penalty::PenaltyTable;
use serde::{Deserialize, Serialize};

/// Onto which melds a player may lay off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LayOffPolicy {
    /// Only onto melds the player created himself.
    OwnMelds,
    /// Onto anyone's melds once the player has made his first meld (possibly earlier in
    /// the same turn).
    AnyAfterOwnFirstMeld,
    /// Onto any meld at any time.
    AnyAnyTime,
}

/// How a deal is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndMode {
    /// "Rommé bieten": after his discard a player whose hand is worth at most
    /// `target_pips` may declare. Going out also counts as a declaration.
    BidAtMost,
    /// The first player without cards wins.
    GoOut,
}

/// How a finished deal is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Scoring {
    /// Everybody is charged his hand (the declarer his residual).
    Plain,
    /// mit Anlegen: winner −40, a lone joker costs 20, first melder who lost +20.
    AnlegenBonuses,
    /// Traditionelles Rommé: hand-Rommé costs every loser +25.
    Traditionell,
}

/// When the match ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MatchEnd {
    /// After the deal in which some total reaches `limit`; the lowest total wins.
    Points { limit: u32 },
    /// After a fixed number of deals (`None` = each player deals once).
    Deals { count: Option<u8> },
}

/// Whether the top discard may be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DiscardDraw {
    /// Always (the usual rule).
    Yes,
    /// Only if it is melded or laid off in the same turn (Räuber-Rommé as played before
    /// issue 25: saves of matches begun then keep it; never offered on setup).
    OnlyIfMelded,
    /// Only if it goes into a new meld laid out in the same turn (Räuber-Rommé, seed 002:
    /// "nur aufgenommen werden, wenn sie sofort wieder ausgelegt wird"); laying it off does
    /// not count.
    IntoNewMeld,
    /// Never; only the talon is drawn from.
    No,
}

/// When the next player's right to the discard is settled (mit Kaufen).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BuyOrder {
    /// The rules: the next player takes the discard or declines before anyone draws; then
    /// others may buy (discard + top talon card); then he draws from the talon.
    #[default]
    DeclineFirst,
    /// Wave 1 (saves of format 1 only): the next player declined by drawing from the talon
    /// first; a buyer then got the discard and the next talon card. Kept so that matches
    /// started under it finish under the rules they began with; never offered on setup.
    DrawFirst,
}

/// What counts towards the Räuber-Rommé opening (seed 002: "Die Augen der bereits auf dem
/// Tisch liegenden Sätze und Sequenzen zählen dabei mit").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RaeuberOpening {
    /// The melds the player builds count whole, table cards he reuses included, and every
    /// table meld he extends counts whole (its value after the turn).
    Reused,
    /// The literal reading: the melds lying on the table count too, so the value of the
    /// whole table after his melds and lay-offs.
    Table,
    /// Before issue 25: the new melds plus only the value the lay-offs added. Saves of
    /// matches begun then keep it; never offered on setup.
    AddedOnly,
}

/// Every option of the Rommé family. `Default` is the Grundspiel preset; an option missing
/// from a stored record (added by a later build) takes its Grundspiel value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RommeOptions {
    /// Jokers added to the two packs (0..=8).
    pub jokers: u8,
    /// Penalty of a joker left in hand.
    pub joker_penalty: u32,
    /// Cards dealt to each player.
    pub hand_size: u8,
    /// The top talon card starts the discard pile face up.
    pub upcard: bool,
    /// First-meld minimum in points (0 = none).
    pub first_meld_min: u32,
    /// Cards laid off in the opening turn count towards the minimum.
    pub first_meld_counts_lay_off: bool,
    pub lay_off: LayOffPolicy,
    /// Rommé mit Kaufen.
    pub buying: bool,
    /// Buys per player and deal (`None` = unlimited).
    pub buy_limit: Option<u8>,
    /// The order of the buying decisions (not a table option: see [`BuyOrder`]).
    pub buy_order: BuyOrder,
    /// Räuber-Rommé: cards may be taken from the table melds.
    pub robbing: bool,
    pub end_mode: EndMode,
    /// N of "bid ≤ N" (0..=9).
    pub target_pips: u8,
    pub scoring: Scoring,
    pub draw_from_discard: DiscardDraw,
    /// Going out needs a final discard.
    pub go_out_needs_discard: bool,
    /// Talon reshuffles per deal before the deal ends without a winner.
    pub max_reshuffles: u8,
    /// Jokers on the table may be exchanged for the card they represent.
    pub joker_exchange: bool,
    /// A joker exchange needs the player's own first meld (earlier in the same turn
    /// counts). Missing from a stored record (written before the option existed, when
    /// every preset required it): true.
    #[serde(default = "stored_before_issue_25")]
    pub exchange_needs_first_meld: bool,
    /// Räuber-Rommé: what counts towards the opening. Missing from a stored record:
    /// [`RaeuberOpening::AddedOnly`], the rule it was played under.
    #[serde(default = "opening_before_issue_25")]
    pub raeuber_opening_counts: RaeuberOpening,
    /// Sets need distinct suits (max. 4 cards).
    pub set_distinct_suits: bool,
    /// At most this many jokers in one meld (`None` = unlimited).
    pub max_jokers_per_meld: Option<u8>,
    pub match_end: MatchEnd,
    /// Ring game: chips each player stakes (display only, never money).
    pub ring_pot: Option<u32>,
}

/// The five presets of `rules/romme.md` §2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Preset {
    Grundspiel,
    MitKaufen,
    MitAnlegen,
    Raeuber,
    Traditionell,
}

impl Preset {
    pub const ALL: [Preset; 5] = [
        Preset::Grundspiel,
        Preset::MitKaufen,
        Preset::MitAnlegen,
        Preset::Raeuber,
        Preset::Traditionell,
    ];

    /// Its name in the catalog ([`crate::games::VariantInfo::preset`]).
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Grundspiel => "grundspiel",
            Preset::MitKaufen => "kaufen",
            Preset::MitAnlegen => "anlegen",
            Preset::Raeuber => "raeuber",
            Preset::Traditionell => "trad",
        }
    }

    /// The preset of this [`Preset::name`].
    pub fn named(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }

    pub fn options(self) -> RommeOptions {
        let base = RommeOptions {
            jokers: 2,
            joker_penalty: 40,
            hand_size: 13,
            upcard: true,
            first_meld_min: 0,
            first_meld_counts_lay_off: false,
            lay_off: LayOffPolicy::OwnMelds,
            buying: false,
            buy_limit: None,
            buy_order: BuyOrder::DeclineFirst,
            robbing: false,
            end_mode: EndMode::BidAtMost,
            target_pips: 9,
            scoring: Scoring::Plain,
            draw_from_discard: DiscardDraw::Yes,
            go_out_needs_discard: true,
            max_reshuffles: 2,
            joker_exchange: true,
            exchange_needs_first_meld: false,
            raeuber_opening_counts: RaeuberOpening::Reused,
            set_distinct_suits: false,
            max_jokers_per_meld: None,
            match_end: MatchEnd::Points { limit: 500 },
            ring_pot: None,
        };
        match self {
            Preset::Grundspiel => base,
            Preset::MitKaufen => RommeOptions {
                first_meld_min: 30,
                buying: true,
                ..base
            },
            Preset::MitAnlegen => RommeOptions {
                first_meld_min: 30,
                first_meld_counts_lay_off: true,
                lay_off: LayOffPolicy::AnyAfterOwnFirstMeld,
                end_mode: EndMode::GoOut,
                go_out_needs_discard: false,
                scoring: Scoring::AnlegenBonuses,
                exchange_needs_first_meld: true,
                ..base
            },
            Preset::Raeuber => RommeOptions {
                first_meld_min: 40,
                first_meld_counts_lay_off: true,
                lay_off: LayOffPolicy::AnyAfterOwnFirstMeld,
                robbing: true,
                end_mode: EndMode::GoOut,
                go_out_needs_discard: false,
                draw_from_discard: DiscardDraw::IntoNewMeld,
                ..base
            },
            Preset::Traditionell => RommeOptions {
                jokers: 0,
                joker_penalty: 25,
                hand_size: 10,
                upcard: false,
                lay_off: LayOffPolicy::AnyAnyTime,
                end_mode: EndMode::GoOut,
                go_out_needs_discard: false,
                scoring: Scoring::Traditionell,
                // Seed 004: "Wenn der Talon leer ist, wird der Abwurf gemischt und bildet den
                // neuen Talon" — every time. The highest value the option takes keeps a
                // deal nobody can finish from running forever.
                max_reshuffles: 20,
                ..base
            },
        }
    }
}

fn stored_before_issue_25() -> bool {
    true
}

fn opening_before_issue_25() -> RaeuberOpening {
    RaeuberOpening::AddedOnly
}

impl Default for RommeOptions {
    fn default() -> Self {
        Preset::Grundspiel.options()
    }
}

impl RommeOptions {
    pub const MIN_PLAYERS: usize = 2;
    pub const MAX_PLAYERS: usize = 6;

    /// The meld rules these options imply.
    pub fn meld_rules(&self) -> MeldRules {
        MeldRules {
            set_distinct_suits: self.set_distinct_suits,
            max_jokers_per_meld: self.max_jokers_per_meld,
            min_len: 3,
        }
    }

    pub fn penalty_table(&self) -> PenaltyTable {
        PenaltyTable::ace_high(self.joker_penalty)
    }

    /// Number of cards in the game (two packs plus jokers).
    pub fn deck_len(&self) -> usize {
        104 + self.jokers as usize
    }

    /// Checks the options for `seats` players.
    pub fn validate(&self, seats: usize) -> Result<(), RuleError> {
        check_players(seats, Self::MIN_PLAYERS, Self::MAX_PLAYERS)?;
        if self.jokers > 8 {
            return Err(out_of_range("jokers", 0, 8));
        }
        if self.joker_penalty > 200 {
            return Err(out_of_range("joker_penalty", 0, 200));
        }
        if !(1..=20).contains(&self.hand_size) {
            return Err(out_of_range("hand_size", 1, 20));
        }
        // Leave at least 10 cards for the talon after the deal and the upcard.
        if seats * self.hand_size as usize + usize::from(self.upcard) + 10 > self.deck_len() {
            return Err(RuleError::BadOption {
                option: "hand_size".into(),
                limit: OptionLimit::NotEnoughCards,
            });
        }
        if self.target_pips > 9 {
            return Err(out_of_range("target_pips", 0, 9));
        }
        if self.first_meld_min > 200 {
            return Err(out_of_range("first_meld_min", 0, 200));
        }
        if self.max_reshuffles > 20 {
            return Err(out_of_range("max_reshuffles", 0, 20));
        }
        match self.match_end {
            MatchEnd::Points { limit } if limit == 0 || limit > 100_000 => {
                return Err(out_of_range("match_end", 1, 100_000))
            }
            MatchEnd::Deals { count: Some(0) } => return Err(out_of_range("match_end", 1, 255)),
            _ => {}
        }
        if self.ring_pot == Some(0) || self.ring_pot.is_some_and(|p| p > 1_000_000) {
            return Err(out_of_range("ring_pot", 1, 1_000_000));
        }
        Ok(())
    }
}
