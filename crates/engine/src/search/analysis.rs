//! The analysis: every legal move with its score, by iterative deepening over all of them, then
//! the exact solve when the end is within reach.

use crate::square::Square;

use super::clock::Clock;
use super::context::Context;
use super::endgame::NearEnd;
use super::expected_line::principal_variation;
use super::limits::SearchLimits;
use super::progress::{Progress, ProgressSlot};
use super::root::{Mode, RootMove, self_root_moves};
use super::score::round_to_discs;
use crate::eval::Evaluator;

/// One legal move and its score, for hints and analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveScore {
    pub square: Square,
    /// Disc differential for the side to move after this move, exact when `exact`.
    pub score: i32,
    pub exact: bool,
}

/// The analysis of one thread (see `Searcher::analyze`).
pub(super) fn analyze_moves<B: NearEnd, E: Evaluator<B>>(
    ctx: &mut Context<'_, B, E>,
    position: B,
    limits: &SearchLimits,
    clock: &Clock,
    progress: Option<&ProgressSlot>,
) -> Vec<MoveScore> {
    // The best move's score and line after each completed iteration, for a live display.
    let report = |ctx: &Context<'_, B, E>, moves: &[RootMove<B>], depth, exact| {
        if let (Some(slot), Some(best)) = (progress, moves.iter().max_by_key(|m| m.score)) {
            slot.report(Progress {
                depth,
                score: if exact {
                    best.score
                } else {
                    round_to_discs(best.score)
                },
                exact,
                probable: None,
                nodes: ctx.nodes,
                pv: principal_variation(ctx.table, position, best.square, depth),
            });
        }
    };
    let mut moves = Vec::new();
    let empties = position.empty_count();
    let solving = empties <= limits.solve_empties;
    let depth_cap = if solving {
        limits.depth.min(empties.saturating_sub(10)).max(1)
    } else {
        limits.depth.max(1)
    };
    let mut scored = self_root_moves(position);
    let mut completed: Option<Vec<RootMove<B>>> = None;
    let first = 1 + ctx.depth_offset();
    for depth in first..=depth_cap {
        if depth > first && clock.past_soft() {
            break;
        }
        ctx.search_root(
            Mode::Midgame(depth),
            &mut scored,
            -B::MID_INFINITY,
            B::MID_INFINITY,
            2 * B::MID_INFINITY,
        );
        if ctx.aborted {
            break;
        }
        report(ctx, &scored, depth, false);
        completed = Some(scored.clone());
    }
    if let Some(done) = &completed {
        moves = done
            .iter()
            .map(|m| MoveScore {
                square: m.square,
                score: round_to_discs(m.score),
                exact: false,
            })
            .collect();
    }
    if solving && !ctx.aborted {
        let mut solved = completed.unwrap_or_else(|| self_root_moves(position));
        // From here `exact` marks the moves whose solve finished.
        for m in &mut solved {
            m.exact = false;
        }
        ctx.search_root(
            Mode::Solve,
            &mut solved,
            -B::SOLVE_INFINITY,
            B::SOLVE_INFINITY,
            2 * B::SOLVE_INFINITY,
        );
        if !ctx.aborted {
            report(ctx, &solved, empties, true);
        }
        // Stopped part-way: the moves solved so far replace their estimates.
        for m in solved.iter().filter(|m| m.exact || !ctx.aborted) {
            let score = MoveScore {
                square: m.square,
                score: m.score,
                exact: true,
            };
            match moves.iter_mut().find(|known| known.square == m.square) {
                Some(known) => *known = score,
                None => moves.push(score),
            }
        }
    }
    if moves.is_empty() {
        // Stopped before even one ply: order by mobility so there is still an answer.
        moves = self_root_moves(position)
            .iter()
            .map(|m| MoveScore {
                square: m.square,
                score: 0,
                exact: false,
            })
            .collect();
    }
    moves.sort_by_key(|m| std::cmp::Reverse(m.score));
    moves
}
