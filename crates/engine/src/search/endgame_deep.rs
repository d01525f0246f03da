//! The exact solver's deep tier, written once for every board: from the most empties down to
//! the board's `NearEnd::NEAR_END_EMPTIES`.

use super::board::{Candidate, MoveList, Moves};
use super::context::Context;
use super::endgame::{NearEnd, stability_threshold};
use super::endgame_order::{
    DEFERRED, EVAL_ORDER_MIN, EVAL_ORDER_MOBILITY, EVAL_ORDER_SEARCH, TABLE_MOVE_MIN_DEPTH,
    parity_bonus, pick_best,
};
use crate::eval::{DISC, Evaluator};

/// Fewest empties where children are looked up in the table before searching (FFO #40-#49:
/// 12 rather than 16 saves 5% of the nodes at the same speed; lower costs more in probes than
/// it saves).
const ETC_MIN: u32 = 12;
/// Fewest empties where the threads of a parallel search tell one another which moves they are
/// searching (see `parallel`): below it subtrees are too small to be worth the shared writes.
const SHARE_MIN: u32 = 12;

/// The solver, written once and compiled per instruction set (as perft is): the helpers it
/// calls are inlined, so each copy gets its caller's target features.
macro_rules! deep_solver {
    (
        $(#[$attribute:meta])*
        $solve:ident, $solve_deep:ident
    ) => {
impl<B: NearEnd, E: Evaluator<B>> Context<'_, B, E> {
    /// Exact score of `position` for the side to move when it lies inside `(alpha, beta)`;
    /// otherwise a bound on the side the window was missed (fail-soft).
    $(#[$attribute])*
    fn $solve(&mut self, position: B, alpha: i32, beta: i32) -> i32 {
        let empties = position.empty_count();
        if empties > B::NEAR_END_EMPTIES {
            self.$solve_deep(position, alpha, beta, empties)
        } else {
            B::solve_near_end(self, position, alpha, beta, empties)
        }
    }

    $(#[$attribute])*
    fn $solve_deep(
        &mut self,
        position: B,
        mut alpha: i32,
        mut beta: i32,
        empties: u32,
    ) -> i32 {
        if self.count_node() {
            return 0;
        }
        let moves = position.legal_moves_inline();
        if moves.is_empty() {
            let passed = position.pass();
            if passed.legal_moves_inline().is_empty() {
                return position.final_score();
            }
            return -self.$solve_deep(passed, -beta, -alpha, empties);
        }

        if alpha >= stability_threshold(empties, B::MAX_DISCS)
            && let Some(upper) = position.stability_bound()
        {
            if upper <= alpha {
                return upper;
            }
            beta = beta.min(upper);
        }

        let mut table_move = None;
        if let Some(entry) = self.table.probe(&position.key()) {
            if entry.solved.is_some() || entry.depth >= TABLE_MOVE_MIN_DEPTH {
                table_move = entry.best;
            }
            // Only a solve at least as sure as this one bounds it.
            if entry.solved.is_some_and(|certainty| certainty >= self.certainty) {
                if entry.lower >= beta {
                    return entry.lower;
                }
                if entry.upper <= alpha {
                    return entry.upper;
                }
                if entry.lower == entry.upper {
                    return entry.lower;
                }
                alpha = alpha.max(entry.lower);
                beta = beta.min(entry.upper);
            }
        }
        // Endgame ProbCut, in a probable solve's null-window nodes.
        if beta - alpha == 1
            && let Some(t) = self.certainty.t()
            && let Some(cut) = self.probcut.and_then(|p| p.endgame(empties))
        {
            let verdict = self.probcut_test(position, cut, alpha * DISC, beta * DISC, t);
            if self.aborted {
                return 0;
            }
            if let Some(bound) = verdict {
                return bound / DISC;
            }
        }

        let mut list = B::List::new();
        // Worked out once for the node: only the mobility order below the evaluation's uses it.
        let odd = if empties < EVAL_ORDER_MIN {
            position.odd_squares()
        } else {
            0
        };
        let mut rest = moves;
        while let Some(square) = rest.pop() {
            let child = position.play(square);
            if empties >= ETC_MIN
                && let Some(entry) = self.table.probe(&child.key())
                && entry
                    .solved
                    .is_some_and(|certainty| certainty >= self.certainty)
                && -entry.upper >= beta
            {
                return -entry.upper;
            }
            let score = if Some(square) == table_move {
                i32::MAX
            } else if empties >= EVAL_ORDER_MIN {
                // High in the tree a wrong first move costs most: spend an evaluation or a
                // short search on each move.
                let search = &EVAL_ORDER_SEARCH[usize::from(self.probcut.is_some())];
                let depth = if empties >= search.start {
                    ((empties - search.start) / search.step + 1).min(search.max)
                } else {
                    0
                };
                let shallow = -self.pvs(child, depth, -B::MID_INFINITY, B::MID_INFINITY, false);
                shallow + EVAL_ORDER_MOBILITY * child.mobility_order_inline()
            } else {
                child.mobility_order_inline() + parity_bonus(odd, square)
            };
            list.push(Candidate {
                child,
                square,
                score,
            });
        }
        let list = list.as_mut_slice();

        let (low, high) = (alpha, beta);
        let mut best_score = -B::SOLVE_INFINITY;
        let mut best_move = None;
        let share = empties >= SHARE_MIN;
        let mut i = 0;
        while i < list.len() {
            pick_best(list, i);
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
                score = -self.$solve(child, -beta, -floor);
            } else {
                score = -self.$solve(child, -floor - 1, -floor);
                if score > floor && score < beta && !self.aborted {
                    score = -self.$solve(child, -beta, -score);
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
            (-B::MAX_DISCS, best_score)
        } else if best_score >= high {
            (best_score, B::MAX_DISCS)
        } else {
            (best_score, best_score)
        };
        self.table.store(
            &position.key(),
            lower,
            upper,
            best_move,
            empties,
            Some(self.certainty),
        );
        best_score
    }
}
    };
}

deep_solver!(solve_portable, solve_deep);

#[cfg(target_arch = "x86_64")]
deep_solver!(
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
    solve_v3,
    solve_deep_v3
);

impl<B: NearEnd, E: Evaluator<B>> Context<'_, B, E> {
    /// Exact score of `position` for the side to move when it lies inside `(alpha, beta)`;
    /// otherwise a bound on the side the window was missed (fail-soft).
    pub fn solve(&mut self, position: B, alpha: i32, beta: i32) -> i32 {
        if self.isa.has_fast_pext() {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: fast pext is only claimed on x86-64-v3, the features `solve_v3` is
            // compiled for.
            return unsafe { self.solve_v3(position, alpha, beta) };
        }
        self.solve_portable(position, alpha, beta)
    }
}
