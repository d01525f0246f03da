//! The exact solver's deep tier, written once for every board: from the most empties down to
//! the board's `NearEnd::NEAR_END_EMPTIES`.

use super::board::{Candidate, MoveList, Moves};
use super::context::Context;
use super::endgame::{NearEnd, stability_threshold};
use super::endgame_order::{DEFERRED, TABLE_MOVE_MIN_DEPTH, pick_best};
use super::score::Best;
use super::tt::TableVerdict;
use crate::eval::{DISC, Evaluator};

/// Fewest empties where children are looked up in the table before searching (FFO #40-#49:
/// 12 rather than 16 saves 5% of the nodes at the same speed; lower costs more in probes than
/// it saves).
const ETC_MIN: u32 = 12;
/// Fewest empties where the threads of a parallel search tell one another which moves they are
/// searching (see `parallel`): below it subtrees are too small to be worth the shared writes.
const SHARE_MIN: u32 = 12;

/// The deep tier's entry and node, written once and compiled per instruction set (as perft is):
/// the steps they call are inlined, so each copy gets its caller's target features.
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

    /// A node of the deep tier, `empties` from the end (more than the board's
    /// `NEAR_END_EMPTIES`).
    $(#[$attribute])*
    fn $solve_deep(&mut self, position: B, alpha: i32, beta: i32, empties: u32) -> i32 {
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

        // The opponent's stable discs bound the score from above.
        let mut beta = beta;
        if alpha >= stability_threshold(empties, B::MAX_DISCS)
            && let Some(upper) = position.stability_bound()
        {
            if upper <= alpha {
                return upper;
            }
            beta = beta.min(upper);
        }
        let (alpha, beta, table_move) = match self.probe_solves(&position, alpha, beta) {
            TableVerdict::Settled(score) => return score,
            TableVerdict::Search {
                alpha,
                beta,
                table_move,
            } => (alpha, beta, table_move),
        };
        // The evaluation's node, for ProbCut's shallow search and the ordering's looks alike:
        // nothing is found of it until one of them needs it.
        let mut node = self.eval.node(position);
        if let Some(score) = self.endgame_probcut(position, &mut node, empties, alpha, beta) {
            return score;
        }
        let mut list = B::List::new();
        if let Some(score) = self.push_candidates(
            &mut list, position, &mut node, moves, empties, beta, table_move,
        ) {
            return score;
        }
        // The moves are solved by this copy of the solver, compiled for this CPU.
        let solve = |ctx: &mut Self, child: B, alpha, beta| ctx.$solve(child, alpha, beta);
        let Some((best_score, best_move)) =
            self.solve_candidates(list.as_mut_slice(), empties, alpha, beta, solve)
        else {
            return 0;
        };
        self.store_solve(&position, empties, alpha, beta, best_score, best_move);
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

impl<'a, B: NearEnd, E: Evaluator<B>> Context<'a, B, E> {
    /// What the table's solves know of `position` for a solve in `(alpha, beta)`: a score that
    /// settles the node, or the window narrowed by the stored bounds. Only a solve at least as
    /// sure as this one bounds it. Its best move comes first when it was solved, or searched at
    /// least `TABLE_MOVE_MIN_DEPTH` plies.
    #[inline(always)]
    fn probe_solves(&self, position: &B, alpha: i32, beta: i32) -> TableVerdict {
        let Some(entry) = self.table.probe(&position.key()) else {
            return TableVerdict::Search {
                alpha,
                beta,
                table_move: None,
            };
        };
        let table_move = if entry.solved.is_some() || entry.depth >= TABLE_MOVE_MIN_DEPTH {
            entry.best
        } else {
            None
        };
        if !entry
            .solved
            .is_some_and(|certainty| certainty >= self.certainty)
        {
            return TableVerdict::Search {
                alpha,
                beta,
                table_move,
            };
        }
        if entry.lower >= beta {
            return TableVerdict::Settled(entry.lower);
        }
        if entry.upper <= alpha {
            return TableVerdict::Settled(entry.upper);
        }
        if entry.lower == entry.upper {
            return TableVerdict::Settled(entry.lower);
        }
        TableVerdict::Search {
            alpha: alpha.max(entry.lower),
            beta: beta.min(entry.upper),
            table_move,
        }
    }

    /// Endgame ProbCut, in a probable solve's null-window nodes, with ProbCut's endgame fit for
    /// `empties` where there is one. `Some` ends the node, with the bound the shallow search
    /// vouches for, or with 0 when the search was aborted.
    #[inline(always)]
    fn endgame_probcut(
        &mut self,
        position: B,
        node: &mut E::Node<'a>,
        empties: u32,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        if beta - alpha != 1 {
            return None;
        }
        let t = self.certainty.t()?;
        let cut = self.probcut?.endgame(empties)?;
        let verdict = self.probcut_test(position, node, cut, alpha * DISC, beta * DISC, t);
        if self.aborted {
            return Some(0);
        }
        verdict.map(|bound| bound / DISC)
    }

    /// Pushes into `list` the candidates of `position`, one per move in `moves`, scored for
    /// order. From `ETC_MIN` empties each move's reply is first looked up in the table (enhanced
    /// transposition cut-off): `Some` of the score that ends the node when a solve already
    /// bounds one low enough, before any move costs its ordering search.
    #[inline(always)]
    fn push_candidates(
        &mut self,
        list: &mut B::List,
        position: B,
        node: &mut E::Node<'a>,
        mut moves: B::Moves,
        empties: u32,
        beta: i32,
        table_move: Option<u8>,
    ) -> Option<i32> {
        // Every child's bucket is fetched before any is looked up (here, or by the child's own
        // solve after the ordering), so that the table's reads overlap.
        while let Some(square) = moves.pop() {
            let child = position.play(square);
            if empties > B::NEAR_END_EMPTIES + 1 {
                self.table.prefetch(&child.key());
            }
            list.push(Candidate {
                child,
                square,
                score: 0,
            });
        }
        if empties >= ETC_MIN {
            for candidate in list.as_mut_slice() {
                if let Some(entry) = self.table.probe(&candidate.child.key())
                    && entry
                        .solved
                        .is_some_and(|certainty| certainty >= self.certainty)
                    && -entry.upper >= beta
                {
                    return Some(-entry.upper);
                }
            }
        }
        let look = self.order_look(&position, empties);
        for candidate in list.as_mut_slice() {
            candidate.score = if Some(candidate.square) == table_move {
                i32::MAX
            } else {
                self.order_score(candidate.child, candidate.square, look, node)
            };
        }
        None
    }

    /// Solves `candidates` most promising first, the first with the window `(alpha, beta)`, the
    /// others with a null window, until one reaches `beta`; `solve` is the solver's copy for
    /// this CPU. From `SHARE_MIN` empties a move another thread is solving is put off to the
    /// end, where its result may already be in the table. Returns the best score and move, or
    /// `None` when the search was aborted.
    #[inline(always)]
    fn solve_candidates(
        &mut self,
        candidates: &mut [Candidate<B>],
        empties: u32,
        alpha: i32,
        beta: i32,
        solve: impl Fn(&mut Self, B, i32, i32) -> i32,
    ) -> Option<(i32, Option<u8>)> {
        let mut best = Best::none(B::SOLVE_INFINITY);
        let share = empties >= SHARE_MIN;
        let mut i = 0;
        while i < candidates.len() {
            pick_best(candidates, i);
            let Candidate { child, square, .. } = candidates[i];
            if share && i > 0 && candidates[i].score != DEFERRED && self.searched_elsewhere(&child)
            {
                candidates[i].score = DEFERRED;
                continue;
            }
            let floor = alpha.max(best.score);
            if share {
                self.enter(&child);
            }
            let score = self.solve_move(child, floor, beta, i == 0, &solve);
            if share {
                self.leave(&child);
            }
            i += 1;
            if self.aborted {
                return None;
            }
            if best.offer(score, square, beta) {
                break;
            }
        }
        Some((best.score, best.square))
    }

    /// Score of the move to `child`, given that the node already has `floor`. The first move
    /// gets the whole window; a later one is only tested against `floor` with a null window,
    /// and solved again with the window above its score only when it beats `floor`.
    #[inline(always)]
    fn solve_move(
        &mut self,
        child: B,
        floor: i32,
        beta: i32,
        first: bool,
        solve: impl Fn(&mut Self, B, i32, i32) -> i32,
    ) -> i32 {
        if first {
            return -solve(self, child, -beta, -floor);
        }
        let score = -solve(self, child, -floor - 1, -floor);
        if score > floor && score < beta && !self.aborted {
            return -solve(self, child, -beta, -score);
        }
        score
    }

    /// Records in the table what the solve of `position` in `(alpha, beta)` proved, at this
    /// solve's certainty: an upper bound when it failed low, a lower bound when it failed high,
    /// else the exact score.
    #[inline(always)]
    fn store_solve(
        &self,
        position: &B,
        empties: u32,
        alpha: i32,
        beta: i32,
        best_score: i32,
        best_move: Option<u8>,
    ) {
        let (lower, upper) = if best_score <= alpha {
            (-B::MAX_DISCS, best_score)
        } else if best_score >= beta {
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
    }
}
