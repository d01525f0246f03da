//! The midgame search: principal-variation search (negascout) to a fixed depth with the
//! evaluation at the leaves, the transposition table, and move ordering by table move, then a
//! shallow look at each reply (evaluation or a short search), then mobility.
//!
//! Scores are in evaluation units (`DISC` per disc). A subtree that reaches the end of the game
//! within the depth is handed to the exact solver.

use super::board::{Candidate, MoveList, Moves, SearchBoard};
use super::context::Context;
use super::probcut::Cut;
use super::score::disc_window;
use crate::eval::{DISC, Evaluator};

/// Least depth where the threads of a parallel search tell one another which moves they are
/// searching (see `parallel`): shallower subtrees are too small to be worth the shared writes.
const SHARE_MIN_DEPTH: u32 = 3;

/// Confidence of the midgame's ProbCut, in standard deviations of the fitted error: a node is
/// cut when its shallow search says the deep one lies outside the window with about 93 %
/// probability (one-sided).
const MIDGAME_T: f32 = 1.5;

/// The ordering score of a move put off because another thread is searching it: it is searched
/// after every other move of its node.
const DEFERRED: i32 = i32::MIN;

impl<B: SearchBoard, E: Evaluator<B>> Context<'_, B, E> {
    /// ProbCut's test of `position` against the window `(alpha, beta)` (in evaluation units):
    /// `beta` when a null-window search `cut.shallow` plies deep says the deep score is at least
    /// `beta` with confidence `t`, `alpha` when it says the score is at most `alpha`, else `None`.
    pub(crate) fn probcut_test(
        &mut self,
        position: B,
        cut: &Cut,
        alpha: i32,
        beta: i32,
        t: f32,
    ) -> Option<i32> {
        let high = cut.high(beta, t);
        if high <= B::MAX_DISCS * DISC
            && self.pvs(position, cut.shallow, high - 1, high, false) >= high
        {
            return Some(beta);
        }
        let low = cut.low(alpha, t);
        if low >= -B::MAX_DISCS * DISC
            && !self.aborted
            && self.pvs(position, cut.shallow, low, low + 1, false) <= low
        {
            return Some(alpha);
        }
        None
    }

    /// Score of `position` searched `depth` plies deep, exact inside `(alpha, beta)`, a bound
    /// outside (fail-soft). `passed`: the previous ply was a pass.
    pub fn pvs(
        &mut self,
        position: B,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        passed: bool,
    ) -> i32 {
        let empties = position.empty_count();
        if depth >= empties {
            // The game ends within the horizon: its exact result is cheaper and better.
            let (low, high) = disc_window(alpha, beta);
            return self.solve(position, low, high) * DISC;
        }
        if self.count_node() {
            return 0;
        }
        if depth == 0 {
            return self.eval.evaluate(&position);
        }
        let moves = position.legal_moves();
        if moves.is_empty() {
            if passed {
                return position.final_score() * DISC;
            }
            return -self.pvs(position.pass(), depth, -beta, -alpha, true);
        }

        let mut table_move = None;
        if let Some(entry) = self.table.probe(&position.key()) {
            table_move = entry.best;
            // A probable solve is a surer guess than any midgame search.
            let usable = entry.solved.is_some() || entry.depth >= depth;
            if usable {
                let scale = if entry.solved.is_some() { DISC } else { 1 };
                let (lower, upper) = (entry.lower * scale, entry.upper * scale);
                if lower >= beta {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                if lower == upper {
                    return lower;
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
            }
        }
        // Multi-ProbCut, at null-window nodes only: a principal variation keeps searched scores.
        if beta - alpha == 1
            && let Some(cut) = self.probcut.and_then(|p| p.midgame(empties, depth))
        {
            let cut = *cut;
            let verdict = self.probcut_test(position, &cut, alpha, beta, MIDGAME_T);
            if self.aborted {
                return 0;
            }
            if let Some(bound) = verdict {
                return bound;
            }
        }

        let mut list = B::List::new();
        let mut rest = moves;
        while let Some(square) = rest.pop() {
            list.push(Candidate {
                child: position.play(square),
                square,
                score: 0,
            });
        }
        let list = list.as_mut_slice();
        for candidate in list.iter_mut() {
            candidate.score = if Some(candidate.square) == table_move {
                i32::MAX
            } else if depth >= 3 {
                let shallow = if depth >= 7 {
                    -self.pvs(candidate.child, 2, -B::MID_INFINITY, B::MID_INFINITY, false)
                } else if depth >= 5 {
                    -self.pvs(candidate.child, 1, -B::MID_INFINITY, B::MID_INFINITY, false)
                } else {
                    -self.eval.evaluate(&candidate.child)
                };
                shallow + 4 * candidate.child.mobility_order()
            } else {
                candidate.child.mobility_order()
            };
        }
        if self.aborted {
            return 0;
        }

        let (low, high) = (alpha, beta);
        let mut best_score = -B::MID_INFINITY;
        let mut best_move = None;
        let share = depth >= SHARE_MIN_DEPTH;
        let mut i = 0;
        while i < list.len() {
            let mut best_at = i;
            for j in i + 1..list.len() {
                if list[j].score > list[best_at].score {
                    best_at = j;
                }
            }
            list.swap(i, best_at);
            let Candidate { child, square, .. } = list[i];
            if share && i > 0 && list[i].score != DEFERRED && self.searched_elsewhere(&child) {
                list[i].score = DEFERRED;
                continue;
            }
            i += 1;
            let floor = alpha.max(best_score);
            if share {
                self.enter(&child);
            }
            let mut score;
            if i == 1 {
                score = -self.pvs(child, depth - 1, -beta, -floor, false);
            } else {
                score = -self.pvs(child, depth - 1, -floor - 1, -floor, false);
                if score > floor && score < beta && !self.aborted {
                    score = -self.pvs(child, depth - 1, -beta, -score, false);
                }
            }
            if share {
                self.leave(&child);
            }
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(square);
                if score >= beta {
                    break;
                }
            }
        }
        let (lower, upper) = if best_score <= low {
            (-B::MID_INFINITY, best_score)
        } else if best_score >= high {
            (best_score, B::MID_INFINITY)
        } else {
            (best_score, best_score)
        };
        self.table
            .store(&position.key(), lower, upper, best_move, depth, None);
        best_score
    }
}
