//! The midgame search: principal-variation search (negascout) to a fixed depth with the
//! evaluation at the leaves, the transposition table (with enhanced transposition cut-offs),
//! Multi-ProbCut, and move ordering by table move, searched before the others are ordered, then
//! a shallow look at each reply (evaluation or a short search), then mobility.
//!
//! Scores are in evaluation units (`DISC` per disc). A subtree that reaches the end of the game
//! within the depth is handed to the exact solver.

use super::board::{Candidate, MoveList, Moves, SearchBoard};
use super::context::Context;
use super::endgame::NearEnd;
use super::score::{Best, disc_window};
use super::tt::TableVerdict;
use crate::eval::probcut::Cut;
use crate::eval::{DISC, Evaluator, NodeEval};

/// Least depth where the threads of a parallel search tell one another which moves they are
/// searching (see `parallel`): shallower subtrees are too small to be worth the shared writes.
const SHARE_MIN_DEPTH: u32 = 3;

/// Confidence of the midgame's ProbCut, in standard deviations of the fitted error: a node is
/// cut when its shallow search says the deep one lies outside the window with about 93 %
/// probability (one-sided).
const MIDGAME_T: f32 = 1.5;

/// Least depth where the table is asked about every move's reply before a node is searched
/// (enhanced transposition cut-offs). Bench (midgame-40): depth 14 15.7 M -> 15.3 M nodes from
/// depth 5; from depth 3 or 7 fewer are saved.
const ETC_MIN_DEPTH: u32 = 5;

/// How far below a node's floor the shallow searches that order its moves still tell moves
/// apart (2 discs). Bench (midgame-40): depth 12 7.14 M nodes with the whole window, 5.92 M with
/// 8 discs, 5.26 M with 4, 5.03 M with 2 or 1.
const ORDER_MARGIN: i32 = 2 * DISC;

/// The ordering score of a move put off because another thread is searching it: it is searched
/// after every other move of its node.
const DEFERRED: i32 = i32::MIN;

impl<'a, B: NearEnd, E: Evaluator<B>> Context<'a, B, E> {
    /// ProbCut's test of `position` against the window `(alpha, beta)` (in evaluation units):
    /// `beta` when a null-window search `cut.shallow` plies deep says the deep score is at least
    /// `beta` with confidence `t`, `alpha` when it says the score is at most `alpha`, else `None`.
    /// `node`: the evaluation's node of `position`.
    pub(crate) fn probcut_test(
        &mut self,
        position: B,
        node: &mut E::Node<'a>,
        cut: &Cut,
        alpha: i32,
        beta: i32,
        t: f32,
    ) -> Option<i32> {
        let high = cut.high(beta, t);
        if high <= B::MAX_DISCS * DISC
            && self.pvs_node(position, node, cut.shallow, high - 1, high, false) >= high
        {
            return Some(beta);
        }
        let low = cut.low(alpha, t);
        if low >= -B::MAX_DISCS * DISC
            && !self.aborted
            && self.pvs_node(position, node, cut.shallow, low, low + 1, false) <= low
        {
            return Some(alpha);
        }
        None
    }

    /// Score of `position` searched `depth` plies deep, exact inside `(alpha, beta)`, a bound
    /// outside (fail-soft). `passed`: the previous ply was a pass.
    pub fn pvs(&mut self, position: B, depth: u32, alpha: i32, beta: i32, passed: bool) -> i32 {
        let mut node = self.eval.node(position);
        self.pvs_node(position, &mut node, depth, alpha, beta, passed)
    }

    /// `pvs` with `node`, the evaluation's node of `position`, handed down from its parent's.
    pub(super) fn pvs_node(
        &mut self,
        position: B,
        node: &mut E::Node<'a>,
        depth: u32,
        alpha: i32,
        beta: i32,
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
            return node.evaluate();
        }
        let moves = position.legal_moves();
        if moves.is_empty() {
            if passed {
                return position.final_score() * DISC;
            }
            let passed = position.pass();
            return -self.pvs_node(passed, &mut node.passed(passed), depth, -beta, -alpha, true);
        }

        let (alpha, beta, table_move) = match self.probe_table(&position, depth, alpha, beta) {
            TableVerdict::Settled(score) => return score,
            TableVerdict::Search {
                alpha,
                beta,
                table_move,
            } => (alpha, beta, table_move),
        };
        if depth == 1 {
            let Some((best_score, best_move)) =
                self.search_leaves(position, node, moves, beta, table_move)
            else {
                return 0;
            };
            self.store_result(&position, depth, alpha, beta, best_score, best_move);
            return best_score;
        }
        let mut list = B::List::new();
        let candidates = candidates(&mut list, position, moves, None);
        for candidate in candidates.iter() {
            self.table.prefetch(&candidate.child.key());
        }
        if depth >= ETC_MIN_DEPTH
            && let Some((score, square)) = self.transposition_cut(candidates, depth, beta)
        {
            self.store_result(&position, depth, alpha, beta, score, Some(square));
            return score;
        }
        if let Some(score) = self.midgame_probcut(position, node, empties, depth, alpha, beta) {
            return score;
        }
        let table_first = put_first(candidates, table_move);
        if !table_first {
            self.score_for_order(node, candidates, depth, alpha);
            if self.aborted {
                return 0;
            }
        }
        let Some((best_score, best_move)) =
            self.search_moves(node, candidates, depth, alpha, beta, table_first)
        else {
            return 0;
        };
        self.store_result(&position, depth, alpha, beta, best_score, best_move);
        best_score
    }

    /// What the table knows of `position` for a search `depth` plies deep in `(alpha, beta)`:
    /// a score that settles the node, or the window narrowed by the stored bounds and the
    /// stored best move.
    #[inline(always)]
    fn probe_table(&self, position: &B, depth: u32, alpha: i32, beta: i32) -> TableVerdict {
        let Some(entry) = self.table.probe(&position.key()) else {
            return TableVerdict::Search {
                alpha,
                beta,
                table_move: None,
            };
        };
        // A probable solve is a surer guess than any midgame search.
        let usable = entry.solved.is_some() || entry.depth >= depth;
        if !usable {
            return TableVerdict::Search {
                alpha,
                beta,
                table_move: entry.best,
            };
        }
        let scale = if entry.solved.is_some() { DISC } else { 1 };
        let (lower, upper) = (entry.lower * scale, entry.upper * scale);
        if lower >= beta {
            return TableVerdict::Settled(lower);
        }
        if upper <= alpha {
            return TableVerdict::Settled(upper);
        }
        if lower == upper {
            return TableVerdict::Settled(lower);
        }
        TableVerdict::Search {
            alpha: alpha.max(lower),
            beta: beta.min(upper),
            table_move: entry.best,
        }
    }

    /// Enhanced transposition cut-off: a score at least `beta`, and its move, when the table
    /// already bounds that move's reply that low at depth `depth - 1`, before any move is
    /// searched.
    #[inline(always)]
    fn transposition_cut(
        &self,
        candidates: &[Candidate<B>],
        depth: u32,
        beta: i32,
    ) -> Option<(i32, u8)> {
        candidates.iter().find_map(|candidate| {
            let entry = self.table.probe(&candidate.child.key())?;
            let scale = match entry.solved {
                Some(_) => DISC,
                None if entry.depth >= depth - 1 => 1,
                None => return None,
            };
            let score = -entry.upper * scale;
            (score >= beta).then_some((score, candidate.square))
        })
    }

    /// Multi-ProbCut, at null-window nodes only: a principal variation keeps searched scores.
    /// `Some` ends the node, with the bound the shallow search vouches for, or with 0 when the
    /// search was aborted.
    #[inline(always)]
    fn midgame_probcut(
        &mut self,
        position: B,
        node: &mut E::Node<'a>,
        empties: u32,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Option<i32> {
        if beta - alpha != 1 {
            return None;
        }
        let cut = *self.probcut?.midgame(empties, depth)?;
        let verdict = self.probcut_test(position, node, &cut, alpha, beta, MIDGAME_T);
        if self.aborted {
            return Some(0);
        }
        verdict
    }

    /// Gives each candidate of a node `depth` plies deep that already has `floor` (`node`, the
    /// evaluation's) its ordering score: from depth 3 a shallow look at the reply (a 3-ply
    /// search from depth 9, 2-ply from depth 7, 1-ply from depth 5, else the evaluation) plus
    /// mobility; below depth 3, mobility alone. A shallow search only tells apart the
    /// moves scoring above `floor - ORDER_MARGIN`: the others are not searched first, and a
    /// bound is enough for them.
    #[inline(always)]
    fn score_for_order(
        &mut self,
        node: &mut E::Node<'a>,
        candidates: &mut [Candidate<B>],
        depth: u32,
        floor: i32,
    ) {
        if depth < 3 {
            for candidate in candidates.iter_mut() {
                candidate.score = candidate.child.mobility_order();
            }
            return;
        }
        let shallow_depth = match depth {
            9.. => 3,
            7 | 8 => 2,
            5 | 6 => 1,
            _ => 0,
        };
        let top = -(floor - ORDER_MARGIN);
        for candidate in candidates.iter_mut() {
            let Candidate { child, square, .. } = *candidate;
            let shallow = if shallow_depth == 0 {
                -node.evaluate_child(&child, square)
            } else {
                let mut child_node = node.child(child, square);
                -self.pvs_node(
                    child,
                    &mut child_node,
                    shallow_depth,
                    -B::MID_INFINITY,
                    top,
                    false,
                )
            };
            candidate.score = shallow + 4 * candidate.child.mobility_order();
        }
    }

    /// Searches `candidates`, the moves of `position`, most promising first, the first with the
    /// window `(alpha, beta)`, the others with a null window, until one reaches `beta`. A move
    /// another thread is searching is put off to the end, where its result may already be in
    /// the table. With `table_first` the first candidate is the table move and the others are
    /// scored for order only once it failed to cut: most of the time it cuts, and their shallow
    /// searches (half the nodes of a search) are saved. Returns the best score and move, or
    /// `None` when the search was aborted.
    #[inline(always)]
    fn search_moves(
        &mut self,
        node: &mut E::Node<'a>,
        candidates: &mut [Candidate<B>],
        depth: u32,
        alpha: i32,
        beta: i32,
        table_first: bool,
    ) -> Option<(i32, Option<u8>)> {
        let mut best = Best::none(B::MID_INFINITY);
        let share = depth >= SHARE_MIN_DEPTH;
        // The others are scored once, before the second move (which may be put off, and met
        // again).
        let mut unscored = table_first;
        let mut i = 0;
        while i < candidates.len() {
            if i == 1 && unscored {
                unscored = false;
                self.score_for_order(node, &mut candidates[1..], depth, alpha.max(best.score));
                if self.aborted {
                    return None;
                }
            }
            if i > 0 || !table_first {
                bring_most_promising_to(candidates, i);
            }
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
            let mut child_node = node.child(child, square);
            let score = self.search_move(child, &mut child_node, depth - 1, floor, beta, i == 0);
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

    /// The moves of `position`, one ply above the leaves, searched as `search_moves` would:
    /// the table move first, made before the others, which are only made (and ordered by
    /// mobility) when it fails to cut. A child's evaluation is its score whatever the window, so
    /// none is searched twice; `node`, the evaluation's node of `position`, scores them. Returns
    /// the best score and move, or `None` when the search was aborted.
    #[inline(always)]
    fn search_leaves(
        &mut self,
        position: B,
        node: &mut E::Node<'a>,
        moves: B::Moves,
        beta: i32,
        table_move: Option<u8>,
    ) -> Option<(i32, Option<u8>)> {
        let mut best = Best::none(B::MID_INFINITY);
        let first = table_move.filter(|&square| moves.contains(square));
        if let Some(square) = first {
            if self.count_node() {
                return None;
            }
            let score = -node.evaluate_child(&position.play(square), square);
            if best.offer(score, square, beta) {
                return Some((best.score, best.square));
            }
        }
        let mut list = B::List::new();
        let candidates = candidates(&mut list, position, moves, first);
        self.score_for_order(node, candidates, 1, best.score);
        for i in 0..candidates.len() {
            bring_most_promising_to(candidates, i);
            if self.count_node() {
                return None;
            }
            let Candidate { child, square, .. } = candidates[i];
            if best.offer(-node.evaluate_child(&child, square), square, beta) {
                break;
            }
        }
        Some((best.score, best.square))
    }

    /// Score of the move to `child`, searched `child_depth` plies deep, given that the node
    /// already has `floor`. The first move gets the whole window; a later one is only tested
    /// against `floor` with a null window, which is cheap and, with good ordering, usually
    /// enough, and is searched again with the window above its score only when it beats `floor`.
    #[inline(always)]
    fn search_move(
        &mut self,
        child: B,
        child_node: &mut E::Node<'a>,
        child_depth: u32,
        floor: i32,
        beta: i32,
        first: bool,
    ) -> i32 {
        if first {
            return -self.pvs_node(child, child_node, child_depth, -beta, -floor, false);
        }
        let score = -self.pvs_node(child, child_node, child_depth, -floor - 1, -floor, false);
        if score > floor && score < beta && !self.aborted {
            return -self.pvs_node(child, child_node, child_depth, -beta, -score, false);
        }
        score
    }

    /// Records in the table what the search of `position` in `(alpha, beta)` proved: an upper
    /// bound when it failed low, a lower bound when it failed high, else the exact score.
    #[inline(always)]
    fn store_result(
        &self,
        position: &B,
        depth: u32,
        alpha: i32,
        beta: i32,
        best_score: i32,
        best_move: Option<u8>,
    ) {
        let (lower, upper) = if best_score <= alpha {
            (-B::MID_INFINITY, best_score)
        } else if best_score >= beta {
            (best_score, B::MID_INFINITY)
        } else {
            (best_score, best_score)
        };
        self.table
            .store(&position.key(), lower, upper, best_move, depth, None);
    }
}

/// The candidates of `position`, one per move in `moves` but `made` (already searched), pushed
/// into `list`, not yet ordered.
#[inline(always)]
fn candidates<B: SearchBoard>(
    list: &mut B::List,
    position: B,
    mut moves: B::Moves,
    made: Option<u8>,
) -> &mut [Candidate<B>] {
    while let Some(square) = moves.pop() {
        if Some(square) != made {
            list.push(Candidate {
                child: position.play(square),
                square,
                score: 0,
            });
        }
    }
    list.as_mut_slice()
}

/// Puts the candidate playing `table_move` first; true when there is one.
#[inline(always)]
fn put_first<B: Copy>(candidates: &mut [Candidate<B>], table_move: Option<u8>) -> bool {
    let Some(at) = table_move.and_then(|square| candidates.iter().position(|c| c.square == square))
    else {
        return false;
    };
    candidates.swap(0, at);
    true
}

/// Swaps the highest-scored candidate from `i` on into place `i` (a selection sort done lazily,
/// as a cut-off often leaves the later candidates unsearched).
#[inline(always)]
fn bring_most_promising_to<B: Copy>(candidates: &mut [Candidate<B>], i: usize) {
    let mut best_at = i;
    for j in i + 1..candidates.len() {
        if candidates[j].score > candidates[best_at].score {
            best_at = j;
        }
    }
    candidates.swap(i, best_at);
}
