//! The hard Rommé bot's plan ahead: its own later decisions in the rollouts searched as a tree.
//!
//! The one-step lookahead ([`super::hard`]) plays each candidate out with the seat's policy
//! for all its later decisions. With a tree ([`super::hard::Budget::tree`]) the seat's next
//! few discards in each rollout are chosen instead among its policy's best few
//! ([`super::hard::Budget::width`]) by UCB over what earlier rollouts of the same candidate
//! scored: single-observer information-set Monte-Carlo tree search (Cowling, Powley and
//! Whitehouse 2012) over the seat's own discards (with [`super::hard::Budget::draws`] also
//! its draws and buys, [`Move`]). A node is the seat's own sequence of such moves (a
//! discard by its face) since the candidate (open loop: the opponents' moves and the cards drawn
//! are not part of it), so every world adds to the same statistics and a plan is judged by
//! what it scores across worlds, never by one world's hidden cards (no strategy fusion).
//! A face that is not in the hand in some world is not available there: each edge counts
//! the visits in which it was available, and UCB uses that count (ISMCTS's availability).
//!
//! One tree per candidate (the candidates' roots are nodes `0..candidates`). It lives for one
//! decision ([`super::hard::Look`]) and is never seen outside the bot.

use super::hard::Budget;
use super::RommeBot;
use engine::romme::{RommeAction, RommeView};
use engine::{CardId, Face};

/// One of the seat's own decisions in a rollout, as the tree tells them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Discarding a card of this face.
    Discard(Face),
    /// Drawing from the discard pile (`true`) or the talon.
    Draw(bool),
    /// Buying the discard (`true`) or passing.
    Buy(bool),
}

/// One decision of the seat, seen from the node before it.
#[derive(Clone, Debug)]
struct Edge {
    face: Move,
    /// Rollouts through this edge and the sum of their values.
    visits: u32,
    sum: f64,
    /// Visits of its node in which this face was one of the options.
    available: u32,
    /// The node after it (0: not yet made; node 0 is a root, never a child).
    child: usize,
}

/// The trees of one decision's candidates.
#[derive(Clone, Debug, Default)]
pub struct PlanTree {
    nodes: Vec<Vec<Edge>>,
    /// The candidates' roots (nodes `0..roots`).
    roots: usize,
    /// Every value backed up: count, sum, sum of squares (the exploration's scale).
    values: (u32, f64, f64),
}

/// The outcomes' standard deviation assumed until enough rollouts have been seen (a deal's
/// margin plus the win bonus, [`super::hard`]: about 25–35 points heads-up).
const PRIOR_SD: f64 = 30.0;

/// One step of a rollout's path: the node and the edge taken from it.
pub type Step = (usize, usize);

impl PlanTree {
    /// A tree for `roots` candidates.
    pub fn new(roots: usize) -> PlanTree {
        PlanTree {
            nodes: vec![Vec::new(); roots.max(1)],
            roots,
            values: (0, 0.0, 0.0),
        }
    }

    /// How many candidates' trees this holds.
    pub fn roots(&self) -> usize {
        self.roots
    }

    /// The node a rollout of `root` has reached after `path`.
    pub fn node(&mut self, root: usize, path: &[Step]) -> usize {
        let Some(&(node, edge)) = path.last() else {
            return root.min(self.nodes.len() - 1);
        };
        let child = self.nodes[node][edge].child;
        if child != 0 {
            return child;
        }
        self.nodes.push(Vec::new());
        let child = self.nodes.len() - 1;
        self.nodes[node][edge].child = child;
        child
    }

    /// Chooses among `options` (faces, the policy's best first) at `node`: an option never
    /// tried there first (in the policy's order), else the best by UCB with the exploration
    /// constant `explore` (in standard deviations of the values seen). Returns the option's
    /// index and the step to back up.
    pub fn choose(&mut self, node: usize, options: &[Move], explore: f64) -> (usize, Step) {
        let scale = self.scale() * explore;
        let edges = &mut self.nodes[node];
        let mut offered = Vec::with_capacity(options.len());
        for &face in options {
            let e = match edges.iter().position(|e| e.face == face) {
                Some(e) => e,
                None => {
                    edges.push(Edge {
                        face,
                        visits: 0,
                        sum: 0.0,
                        available: 0,
                        child: 0,
                    });
                    edges.len() - 1
                }
            };
            edges[e].available += 1;
            offered.push(e);
        }
        let ucb = |e: &Edge| {
            if e.visits == 0 {
                return f64::INFINITY;
            }
            let n = f64::from(e.visits);
            e.sum / n + scale * (f64::from(e.available).ln() / n).sqrt()
        };
        let mut best = 0;
        for (i, &e) in offered.iter().enumerate() {
            if ucb(&edges[e]) > ucb(&edges[offered[best]]) {
                best = i;
            }
        }
        (best, (node, offered[best]))
    }

    /// Adds a rollout's value to every edge of its path.
    pub fn back_up(&mut self, path: &[Step], value: f64) {
        for &(node, edge) in path {
            if let Some(e) = self.nodes.get_mut(node).and_then(|n| n.get_mut(edge)) {
                e.visits += 1;
                e.sum += value;
            }
        }
        let (n, sum, sq) = &mut self.values;
        *n += 1;
        *sum += value;
        *sq += value * value;
    }

    /// The rollouts of candidate `root` that passed through its tree.
    #[cfg(test)]
    pub fn visits(&self, root: usize) -> u32 {
        self.nodes[root].iter().map(|e| e.visits).sum()
    }

    /// The values' standard deviation (before eight values: [`PRIOR_SD`]).
    fn scale(&self) -> f64 {
        let (n, sum, sq) = self.values;
        if n < 8 {
            return PRIOR_SD;
        }
        let n = f64::from(n);
        let var = (sq - sum * sum / n) / (n - 1.0);
        var.max(1.0).sqrt()
    }
}

/// One of the hard seat's own decisions in a rollout, chosen in its [`PlanTree`] by UCB at
/// the node `path` has reached (the step is added to `path`): a discard among its policy's
/// best [`Budget::width`] (the chosen `action` first; faces counted once); with
/// [`Budget::draws`] also the draw (talon or discard) and the buy (or pass), the chosen
/// first. Any other action, a discard that goes out, or a single option: `action` as it is.
pub(crate) fn plan_ahead(
    tree: &mut PlanTree,
    root: usize,
    path: &mut Vec<Step>,
    budget: Budget,
    (view, legal): (&RommeView, &[RommeAction]),
    action: RommeAction,
    bot: &mut RommeBot,
) -> RommeAction {
    let options = match &action {
        RommeAction::Discard { card } => discard_moves(*card, budget, (view, legal), bot),
        RommeAction::DrawTalon | RommeAction::DrawDiscard if budget.draws => either(
            &action,
            RommeAction::DrawDiscard,
            RommeAction::DrawTalon,
            Move::Draw,
        ),
        RommeAction::Buy | RommeAction::PassBuy if budget.draws => {
            either(&action, RommeAction::Buy, RommeAction::PassBuy, Move::Buy)
        }
        _ => Vec::new(),
    };
    let options: Vec<(RommeAction, Move)> = options
        .into_iter()
        .filter(|(a, _)| legal.contains(a))
        .collect();
    if options.len() < 2 {
        return action;
    }
    let moves: Vec<Move> = options.iter().map(|(_, m)| *m).collect();
    let node = tree.node(root, path);
    let (i, step) = tree.choose(node, &moves, f64::from(budget.explore) / 100.0);
    path.push(step);
    options.into_iter().nth(i).map_or(action, |(a, _)| a)
}

/// Two opposite actions (`yes` and `no`) for [`plan_ahead`]: the chosen `action` first, each
/// with its move (`key(true)` for `yes`).
fn either(
    action: &RommeAction,
    yes: RommeAction,
    no: RommeAction,
    key: fn(bool) -> Move,
) -> Vec<(RommeAction, Move)> {
    let chose_yes = *action == yes;
    let (chosen, other) = if chose_yes { (yes, no) } else { (no, yes) };
    vec![(chosen, key(chose_yes)), (other, key(!chose_yes))]
}

/// The discards [`plan_ahead`] compares: `card` (the policy's choice) and its next best, one
/// card per face, [`Budget::width`] in all.
fn discard_moves(
    card: CardId,
    budget: Budget,
    (view, legal): (&RommeView, &[RommeAction]),
    bot: &RommeBot,
) -> Vec<(RommeAction, Move)> {
    let mut ids = vec![card];
    for id in bot.discard_options(view, legal) {
        if ids.len() >= budget.width {
            break;
        }
        if id != card {
            ids.push(id);
        }
    }
    let mut options: Vec<(RommeAction, Move)> = Vec::with_capacity(ids.len());
    for id in ids {
        let Some(face) = view.hand.iter().find(|c| c.id == id).map(|c| c.face) else {
            continue;
        };
        if options.iter().all(|(_, m)| *m != Move::Discard(face)) {
            options.push((RommeAction::Discard { card: id }, Move::Discard(face)));
        }
    }
    options
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Rank, Suit};

    fn face(rank: u8) -> Move {
        Move::Discard(Face::French {
            rank: Rank(rank),
            suit: Suit::ALL[0],
        })
    }

    #[test]
    fn every_option_is_tried_first_in_the_policys_order_then_the_best_wins() {
        let mut t = PlanTree::new(2);
        let opts = [face(5), face(9), face(12)];
        let mut tried = Vec::new();
        for _ in 0..3 {
            let (i, step) = t.choose(1, &opts, 0.7);
            tried.push(i);
            t.back_up(&[step], if i == 1 { 40.0 } else { -10.0 });
        }
        assert_eq!(tried, vec![0, 1, 2]);
        // Face 9 scored far better: it is chosen most from now on.
        let mut nine = 0;
        for _ in 0..60 {
            let (i, step) = t.choose(1, &opts, 0.7);
            nine += usize::from(i == 1);
            t.back_up(&[step], if i == 1 { 40.0 } else { -10.0 });
        }
        assert!(nine > 45, "{nine}");
        // The other root's tree is untouched.
        assert_eq!(t.choose(0, &opts, 0.7).0, 0);
    }

    #[test]
    fn a_path_grows_children_and_an_unavailable_face_keeps_its_statistics() {
        let mut t = PlanTree::new(1);
        let (_, a) = t.choose(0, &[face(3), face(4)], 0.7);
        let child = t.node(0, &[a]);
        assert_ne!(child, 0);
        assert_eq!(
            t.node(0, &[a]),
            child,
            "the same path reaches the same node"
        );
        let (_, b) = t.choose(child, &[face(7)], 0.7);
        t.back_up(&[a, b], 10.0);
        // Face 4 was offered but not taken: tried next; face 3 is not offered at all.
        assert_eq!(t.choose(0, &[face(4), face(3)], 0.7).0, 0);
        assert_eq!(t.choose(0, &[face(6)], 0.7).0, 0);
        assert_eq!(t.nodes[0].len(), 3);
        assert_eq!(t.nodes[0][0].visits, 1);
        assert_eq!(t.nodes[0][0].available, 2);
    }
}
