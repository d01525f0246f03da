//! Position evaluation behind one small interface, so a learned evaluation can replace the
//! hand-written one without touching the search.

mod choice;
pub(crate) mod general;
mod learned;
pub mod pattern;
pub mod probcut;
pub(crate) mod stability;
pub mod weights;

pub use choice::{EvalKind, Evaluation, EvaluationNode, UnknownEval};
pub use learned::{PatternEval, PatternNode};

use crate::bitboard::CORNERS;
use crate::position::Position;

use probcut::ProbCut;

use stability::stable_count;

/// Evaluation units in one disc: scores are disc differentials times `DISC`.
pub const DISC: i32 = 100;

/// Largest magnitude an evaluation may return: below any final score of a decided game.
pub const EVAL_LIMIT: i32 = 63 * DISC;

/// Scores a position of board `B` (the 8x8 `Position` unless told) for the side to move, in
/// `DISC` units of estimated final disc differential. Must be deterministic and return values
/// below any final score of a decided game (`±EVAL_LIMIT` on 8x8).
pub trait Evaluator<B = Position>: Send + Sync {
    /// What this evaluation keeps of one node of a search (see `NodeEval`).
    type Node<'a>: NodeEval<B>
    where
        Self: 'a;

    fn evaluate(&self, position: &B) -> i32;

    /// The Multi-ProbCut statistics fitted with this evaluation (`reversi-trainer probcut`):
    /// the search cuts only by these, since another evaluation's errors have another spread.
    /// `None` searches full width.
    fn probcut(&self) -> Option<&ProbCut> {
        None
    }

    /// `position` as a node of a search, nothing yet found of it: its `NodeEval`.
    fn node(&self, position: B) -> Self::Node<'_>;
}

/// The evaluation of one node of a search, of its children, and what it found of the node
/// handed down to them: a search evaluates many positions, each one move from the last, and an
/// evaluation may find a child's inputs from its parent's far faster than from its board (the
/// pattern evaluation's indices, see `pattern::Indices`). Every score is the same as
/// `Evaluator::evaluate` of the same position.
pub trait NodeEval<B>: Sized {
    /// The node's own score.
    fn evaluate(&mut self) -> i32;

    /// The score of `child`, the node after its side to move played `square`.
    fn evaluate_child(&mut self, child: &B, square: u8) -> i32;

    /// The `NodeEval` of `child`, the node after its side to move played `square`.
    fn child(&mut self, child: B, square: u8) -> Self;

    /// The `NodeEval` of `passed`, the node with the other side to move.
    fn passed(&self, passed: B) -> Self;
}

/// `NodeEval` that keeps nothing: every position evaluated alone, from its board.
pub struct EachAlone<'a, E: ?Sized, B> {
    eval: &'a E,
    position: B,
}

impl<'a, E: ?Sized, B> EachAlone<'a, E, B> {
    pub fn new(eval: &'a E, position: B) -> EachAlone<'a, E, B> {
        EachAlone { eval, position }
    }
}

impl<B, E: Evaluator<B> + ?Sized> NodeEval<B> for EachAlone<'_, E, B> {
    #[inline(always)]
    fn evaluate(&mut self) -> i32 {
        self.eval.evaluate(&self.position)
    }

    #[inline(always)]
    fn evaluate_child(&mut self, child: &B, _square: u8) -> i32 {
        self.eval.evaluate(child)
    }

    #[inline(always)]
    fn child(&mut self, child: B, _square: u8) -> Self {
        EachAlone::new(self.eval, child)
    }

    #[inline(always)]
    fn passed(&self, passed: B) -> Self {
        EachAlone::new(self.eval, passed)
    }
}

/// Each corner with its X-square (diagonal neighbour) and C-squares (edge neighbours).
const CORNER_GROUPS: [(u64, u64, u64); 4] = [
    (1 << 0, 1 << 9, (1 << 1) | (1 << 8)),
    (1 << 7, 1 << 14, (1 << 6) | (1 << 15)),
    (1 << 56, 1 << 49, (1 << 57) | (1 << 48)),
    (1 << 63, 1 << 54, (1 << 62) | (1 << 55)),
];

const NOT_COLUMN_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
const NOT_COLUMN_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// The squares next to any of `bits` (8 directions).
#[inline]
pub fn neighbours(bits: u64) -> u64 {
    let east_west = ((bits << 1) & NOT_COLUMN_A) | ((bits >> 1) & NOT_COLUMN_H);
    let row = bits | east_west;
    east_west | (row << 8) | (row >> 8)
}

/// The hand-written evaluation: corners, X- and C-squares next to open corners, mobility,
/// potential mobility, frontier discs, stable discs, parity and, late, the disc count. Weights
/// move from opening values to endgame values as the board fills.
#[derive(Clone, Copy, Debug, Default)]
pub struct HandEval;

/// Weights at the start (index 0) and near the end (index 1), in `DISC` units per feature unit.
struct Weights {
    corner: [i32; 2],
    x_square: [i32; 2],
    c_square: [i32; 2],
    mobility: [i32; 2],
    potential: [i32; 2],
    frontier: [i32; 2],
    stable: [i32; 2],
    discs: [i32; 2],
    parity: [i32; 2],
}

const WEIGHTS: Weights = Weights {
    corner: [900, 500],
    x_square: [-450, -150],
    c_square: [-120, -40],
    mobility: [90, 60],
    potential: [35, 15],
    frontier: [-35, -15],
    stable: [120, 150],
    discs: [-5, 60],
    parity: [0, 150],
};

impl Evaluator for HandEval {
    type Node<'a> = EachAlone<'a, HandEval, Position>;

    fn node(&self, position: Position) -> Self::Node<'_> {
        EachAlone::new(self, position)
    }

    fn evaluate(&self, position: &Position) -> i32 {
        #[cfg(target_arch = "x86_64")]
        {
            if crate::cpu::isa().has_v3() {
                // SAFETY: the CPU has x86-64-v3, the features `evaluate_v3` is compiled for.
                return unsafe { evaluate_v3(position) };
            }
        }
        hand_evaluation(position)
    }
}

/// The evaluation compiled with hardware population counts: it counts a lot.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
fn evaluate_v3(position: &Position) -> i32 {
    hand_evaluation(position)
}

#[inline(always)]
fn hand_evaluation(position: &Position) -> i32 {
    let me = position.player;
    let you = position.opponent;
    let empty = position.empties();
    let empties = empty.count_ones() as i32;
    // 0 at the start (60 empties), 60 at the end.
    let progress = (60 - empties).clamp(0, 60);
    let w = |pair: [i32; 2]| (pair[0] * (60 - progress) + pair[1] * progress) / 60;

    let count = |bits: u64| bits.count_ones() as i32;
    let mut score = w(WEIGHTS.corner) * (count(me & CORNERS) - count(you & CORNERS));
    let (mut x, mut c) = (0, 0);
    for (corner, x_square, c_squares) in CORNER_GROUPS {
        if empty & corner != 0 {
            x += count(you & x_square) - count(me & x_square);
            c += count(you & c_squares) - count(me & c_squares);
        }
    }
    score -= w(WEIGHTS.x_square) * x;
    score -= w(WEIGHTS.c_square) * c;

    let (my_moves, your_moves) = crate::bitboard::legal_moves_pair(me, you);
    // Corner moves count double: they are the ones that matter most.
    let mobility = count(my_moves) + count(my_moves & CORNERS)
        - count(your_moves)
        - count(your_moves & CORNERS);
    score += w(WEIGHTS.mobility) * mobility;

    let potential = count(neighbours(you) & empty) - count(neighbours(me) & empty);
    score += w(WEIGHTS.potential) * potential;
    let around_empty = neighbours(empty);
    let frontier = count(me & around_empty) - count(you & around_empty);
    score += w(WEIGHTS.frontier) * frontier;

    if (me | you) & (CORNERS | 0x7E81_8181_8181_817E) != 0 {
        let stable = stable_count(me, you) as i32 - stable_count(you, me) as i32;
        score += w(WEIGHTS.stable) * stable;
    }
    score += w(WEIGHTS.discs) * (count(me) - count(you));
    if empties % 2 == 1 {
        score += w(WEIGHTS.parity);
    } else {
        score -= w(WEIGHTS.parity);
    }
    score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_balanced_and_a_corner_is_good() {
        let start = Position::start();
        assert_eq!(HandEval.evaluate(&start), 0);
        let with_corner = Position::new(start.player | 1, start.opponent);
        assert!(HandEval.evaluate(&with_corner) > HandEval.evaluate(&start));
    }

    #[test]
    fn neighbours_do_not_wrap() {
        assert_eq!(neighbours(1 << 7), (1 << 6) | (1 << 14) | (1 << 15));
    }
}
