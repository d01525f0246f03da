//! How the exact solver orders the moves of a node: the table's move first, then by a short
//! search, mobility and parity high in the tree, by mobility and parity lower down, and by parity
//! and the squares' kinds in the last few empties.

use crate::bitboard::CORNERS;
use crate::position::Position;

use super::board::{Candidate, SearchBoard};
use super::context::Context;
use super::endgame::NearEnd;
use crate::eval::{Evaluator, NodeEval};

/// Most empties ordered by parity only (no mobility sort): there the table move alone is tried
/// first (FFO #40-#49: 0.804 G -> 0.772 G nodes at the same speed; fastest-first too: 0.716 G
/// but 3% more time).
pub(super) const PARITY_MAX: u32 = 5;
/// Fewest empties where moves are ordered by the evaluation as well as mobility.
const EVAL_ORDER_MIN: u32 = 14;
/// The short search that orders the moves from `EVAL_ORDER_MIN` empties: below `start` empties
/// the evaluation alone, from `start` one ply, and one more every `step` empties after, up to
/// `max` plies.
struct EvalOrderSearch {
    start: u32,
    step: u32,
    max: u32,
}

/// Full width, then with ProbCut in the midgame search, which makes the deeper looks cheap. With
/// ProbCut (18, 2, 4) looks a ply deeper from 18 to 25 empties than (20, 2, 4) did: a misordered
/// node there costs more than the looks (FFO #57 on one thread: 1.205 G -> 0.844 G nodes, 80 s
/// -> 66 s). (16, 2, 3) took fewer nodes on #40-#49 (0.555 G against 0.632 G) but more time
/// higher up: #57 1.127 G nodes in 98 s against 74 s with (20, 2, 4). With refit10d's weights a
/// fifth ply and every look a ply deeper from 17 empties, (17, 2, 5), took FFO #40-#59 from
/// 13.49 G to 12.33 G nodes; (18, 2, 5) to 12.66 G (crates/engine/TUNING.md, "Endgame ordering:
/// a fifth ply").
const EVAL_ORDER_SEARCH: [EvalOrderSearch; 2] = [
    EvalOrderSearch {
        start: 20,
        step: 4,
        max: 2,
    },
    EvalOrderSearch {
        start: 17,
        step: 2,
        max: 5,
    },
];
/// Weight of the mobility order (16 per reply) against the short search (`DISC` per disc): about
/// two discs a reply. 12 took FFO #40-#59 from 20.25 to 19.42 G nodes against 16; 4, 8 and 10
/// did no better (crates/engine/TUNING.md, "Endgame ordering").
const EVAL_ORDER_MOBILITY: i32 = 12;
/// Fewest plies behind an unsolved table entry whose best move is tried first. Most unsolved
/// entries come from the short ordering searches, whose best moves are worse guesses than this
/// node's own ordering; the deep ones come from the midgame search before the solve and are better
/// (one thread: FFO #40-#49 1.38 G -> 1.26 G nodes, #50 1.51 G -> 1.05 G, #57 2.32 G -> 1.90 G;
/// solved entries only: 1.87 G, 1.00 G, 1.90 G; from 3 plies: 1.32 G, 1.11 G).
pub(super) const TABLE_MOVE_MIN_DEPTH: u32 = 10;

/// Ordering bonus of a move into a quadrant with an odd number of empties, against 16 a reply in
/// the fastest-first order. The deep tier adds it too below `EVAL_ORDER_MIN` (FFO #40-#49 with
/// the ordering search from 16 empties: 0.555 G -> 0.546 G nodes; 16 there: more nodes than none).
const PARITY_BONUS: i32 = 8;
const X_SQUARES: u64 = 0x0042_0000_0000_4200;
const C_SQUARES: u64 = 0x4281_0000_0000_8142;
/// Shallow ordering inside a parity class: corners, plain squares, C-squares, X-squares.
pub(super) const PRIORITY: [u64; 4] = [
    CORNERS,
    !(CORNERS | X_SQUARES | C_SQUARES),
    C_SQUARES,
    X_SQUARES,
];
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// `PARITY_BONUS` for a move to `square` if it is one of `odd`. Only 64-square boards have odd
/// squares, so the shift may keep the square's low 6 bits (what x86 shifts read anyway).
#[inline(always)]
pub(super) fn parity_bonus(odd: u64, square: u8) -> i32 {
    if (odd >> (square & 63)) & 1 != 0 {
        PARITY_BONUS
    } else {
        0
    }
}

/// The empty squares lying in quadrants with an odd number of empties: playing there first
/// tends to leave the opponent without the last move of a region.
#[inline(always)]
pub(super) fn odd_quadrants(empty: u64) -> u64 {
    let mut odd = 0;
    for quadrant in QUADRANTS {
        if (empty & quadrant).count_ones() & 1 == 1 {
            odd |= quadrant;
        }
    }
    empty & odd
}

/// The ordering score of a move put off because another thread is searching it: it is searched
/// after every other move of its node.
pub(super) const DEFERRED: i32 = i32::MIN;

/// Picks the best remaining candidate to the front of `list[from..]` (selection sort: cutoffs
/// usually come early, so most of the list is never sorted).
#[inline(always)]
pub(super) fn pick_best<B>(list: &mut [Candidate<B>], from: usize) {
    let mut best = from;
    for i in from + 1..list.len() {
        if list[i].score > list[best].score {
            best = i;
        }
    }
    list.swap(from, best);
}

/// Ordering score for a move leading to `child` (opponent to move): fewer replies first
/// (corners counted twice), then fewer empty squares next to our discs.
#[inline(always)]
pub(super) fn fastest_first(child: &Position) -> i32 {
    child.mobility_order_inline()
}

/// How the deep tier orders the moves of a node, worked out once for the node from its empties.
#[derive(Clone, Copy)]
pub(super) enum OrderLook {
    /// Mobility and parity, with the node's odd squares (`NearEnd::odd_squares`).
    Mobility { odd: u64 },
    /// A short search `depth` plies deep (0: the evaluation) and mobility.
    Search { depth: u32 },
}

impl<'a, B: NearEnd, E: Evaluator<B>> Context<'a, B, E> {
    /// How the moves of `position`, `empties` from the end, are ordered.
    #[inline(always)]
    pub(super) fn order_look(&self, position: &B, empties: u32) -> OrderLook {
        if empties < EVAL_ORDER_MIN {
            return OrderLook::Mobility {
                odd: position.odd_squares(),
            };
        }
        // High in the tree a wrong first move costs most: spend an evaluation or a short
        // search on each move.
        let search = &EVAL_ORDER_SEARCH[usize::from(self.probcut.is_some())];
        let depth = if empties >= search.start {
            ((empties - search.start) / search.step + 1).min(search.max)
        } else {
            0
        };
        OrderLook::Search { depth }
    }

    /// The deep tier's ordering score of the move to `square`, leading to `child`, by `look`;
    /// `node` is the evaluation's node of the parent. An evaluation counts as a node, as a
    /// search's leaf does.
    #[inline(always)]
    pub(super) fn order_score(
        &mut self,
        child: B,
        square: u8,
        look: OrderLook,
        node: &mut E::Node<'a>,
    ) -> i32 {
        let depth = match look {
            OrderLook::Mobility { odd } => {
                return child.mobility_order_inline() + parity_bonus(odd, square);
            }
            OrderLook::Search { depth } => depth,
        };
        let shallow = if depth == 0 {
            if self.count_node() {
                return 0;
            }
            -node.evaluate_child(&child, square)
        } else {
            let mut child_node = node.child(child, square);
            let infinity = B::MID_INFINITY;
            -self.pvs_node(child, &mut child_node, depth, -infinity, infinity, false)
        };
        shallow + EVAL_ORDER_MOBILITY * child.mobility_order_inline()
    }
}
