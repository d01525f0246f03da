//! The root of a search: every legal move searched in turn, best first, keeping each move's
//! score so the next iteration, the weaker levels' choice and the analysis can use them.

use crate::square::Square;

use super::board::{Moves, SearchBoard};
use super::context::Context;
use super::endgame::NearEnd;
use crate::eval::Evaluator;

#[derive(Clone, Copy, Debug)]
pub(crate) struct RootMove<B> {
    pub square: Square,
    pub child: B,
    /// Score from the last completed search of this move (side to move's view).
    pub score: i32,
    /// `score` is exact, not only an upper bound from a failed-low null-window test.
    pub exact: bool,
}

/// How the children of the root are searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Midgame search of this depth at the root (children get one less); evaluation units.
    Midgame(u32),
    /// Exact solve to the end; discs.
    Solve,
}

/// What one pass over the root moves gave.
pub(crate) struct RootOutcome {
    /// Index in the move list of the best move found by completed searches.
    pub best: usize,
    pub score: i32,
    /// The first move's search completed: the outcome is usable even if later moves were cut.
    pub first_done: bool,
}

impl<B: NearEnd, E: Evaluator<B>> Context<'_, B, E> {
    fn search_child(&mut self, mode: Mode, child: B, alpha: i32, beta: i32) -> i32 {
        match mode {
            Mode::Midgame(depth) => -self.pvs(child, depth - 1, -beta, -alpha, false),
            Mode::Solve => -self.solve(child, -beta, -alpha),
        }
    }

    /// Searches `moves` in order within `(alpha, beta)`. The first gets the full window; the
    /// others a null window at `max(alpha, best - margin)`, re-searched when they beat it, so
    /// every move within `margin` of the best ends with an exact score (a margin of 0 is plain
    /// PVS). Moves searched are re-sorted best first, stably. Stops early when aborted.
    pub(crate) fn search_root(
        &mut self,
        mode: Mode,
        moves: &mut [RootMove<B>],
        alpha: i32,
        beta: i32,
        margin: i32,
    ) -> RootOutcome {
        let mut outcome = RootOutcome {
            best: 0,
            score: i32::MIN,
            first_done: false,
        };
        let mut done = 0;
        #[allow(clippy::needless_range_loop)]
        for i in 0..moves.len() {
            let child = moves[i].child;
            let (score, exact);
            if i == 0 {
                score = self.search_child(mode, child, alpha, beta);
                exact = score > alpha && score < beta;
            } else {
                let floor = alpha.max(outcome.score.saturating_sub(margin));
                let test = self.search_child(mode, child, floor, floor + 1);
                if test > floor && test < beta && !self.aborted {
                    let full = self.search_child(mode, child, floor, beta);
                    score = full;
                    exact = full > floor && full < beta;
                } else {
                    score = test;
                    exact = false;
                }
            }
            if self.aborted {
                break;
            }
            moves[i].score = score;
            moves[i].exact = exact;
            done = i + 1;
            if i == 0 {
                outcome.first_done = true;
            }
            if score > outcome.score {
                outcome.score = score;
                outcome.best = i;
            }
            if score >= beta {
                break;
            }
        }
        if done == 0 {
            return outcome;
        }
        // Best first among the searched moves; the rest keep their order after them.
        let best_square = moves[outcome.best].square;
        moves[..done].sort_by_key(|m| std::cmp::Reverse(m.score));
        if let Some(at) = moves[..done].iter().position(|m| m.square == best_square) {
            moves[..=at].rotate_right(1);
            outcome.best = 0;
        }
        outcome
    }
}

/// Root moves ordered by mobility alone (no searcher borrow needed).
pub(super) fn self_root_moves<B: SearchBoard>(position: B) -> Vec<RootMove<B>> {
    let mut moves = Vec::new();
    let mut rest = position.legal_moves();
    while let Some(index) = rest.pop() {
        let child = position.play(index);
        let Some(square) = B::square(index) else {
            continue;
        };
        moves.push(RootMove {
            square,
            child,
            score: child.mobility_order(),
            exact: false,
        });
    }
    moves.sort_by_key(|m| std::cmp::Reverse(m.score));
    moves
}
