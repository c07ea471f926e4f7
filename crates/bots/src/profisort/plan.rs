//! Planning: how far the hand is from each open task (imagined cards fill the gaps; real
//! jokers count where the task allows them).

use engine::card::{Card, CardId, Face};
use engine::profisort::{find_layout, shape, FindOpts, Phase, ProfiSortView};

/// The task a hand works towards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Sheet entry (1–15).
    pub task: u8,
    /// Shape (1–14).
    pub shape: u8,
    /// Cards still missing.
    pub missing: usize,
    /// Hand cards the plan uses.
    pub uses: Vec<CardId>,
    /// Cards the task needs.
    pub size: usize,
}

const IMAGINED: usize = 12;

/// Missing cards and used hand cards of `shape_no` for `hand`.
pub fn distance(shape_no: u8, hand: &[Card], distinct: bool) -> Option<(usize, Vec<CardId>)> {
    let sh = shape(shape_no)?;
    let mut pool: Vec<Card> = (0..IMAGINED)
        .map(|i| Card {
            id: CardId(60_000 + i as u16),
            face: Face::Joker,
        })
        .collect();
    pool.extend(
        hand.iter()
            .filter(|c| sh.jokers || !c.face.is_joker())
            .copied(),
    );
    let o = FindOpts {
        distinct,
        max_jokers: IMAGINED + 8,
        need_natural: false,
    };
    let parts = find_layout(sh, &pool, o)?;
    let uses: Vec<CardId> = parts
        .iter()
        .flatten()
        .map(|c| c.id)
        .filter(|id| id.0 < 60_000)
        .collect();
    let missing = sh.cards() - uses.len();
    Some((missing, uses))
}

/// The open tasks of `view.seat`, closest first (then bigger tasks first). A task needs
/// one card more than its size in hand (the final discard), so a task bigger than the
/// hand can hold is skipped.
pub fn plans(view: &ProfiSortView) -> Vec<Plan> {
    let sheet = &view.sheets[view.seat];
    let drawing = usize::from(view.phase == Phase::Draw);
    let keep = 1 + usize::from(!view.received[view.seat].is_empty());
    let capacity = (view.hand.len() + drawing).saturating_sub(keep);
    let open: Vec<u8> = (1..=14u8)
        .filter(|&t| sheet.done[usize::from(t) - 1].is_none() && !sheet.left_out.contains(&t))
        .collect();
    let mut out = Vec::new();
    let repeat = sheet.done[14].is_none() && !sheet.left_out.contains(&15);
    let shapes: Vec<(u8, u8)> = if open.is_empty() && repeat {
        (1..=14u8).map(|s| (15, s)).collect()
    } else {
        open.iter().map(|&t| (t, t)).collect()
    };
    for (task, s) in shapes {
        let Some(sh) = shape(s) else { continue };
        if sh.cards() > capacity {
            continue;
        }
        if let Some((missing, uses)) = distance(s, &view.hand, view.options.distinct_ranks) {
            out.push(Plan {
                task,
                shape: s,
                missing,
                uses,
                size: sh.cards(),
            });
        }
    }
    engine::sort::sort_by_key(&mut out, |p| (p.missing, std::cmp::Reverse(p.size)));
    out
}
