//! The searcher the game keeps: it owns the transposition table and runs each search on it, by
//! as many threads as the limits say. What a search does is elsewhere: the move to play in
//! `best_move.rs`, the analysis of every move in `analysis.rs`, the time in `clock.rs`.

use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use crate::position::Position;
use crate::square::Square;

use super::analysis::{MoveScore, analyze_moves};
use super::best_move::{SearchResult, search_best};
use super::clock::Clock;
use super::context::Context;
use super::endgame::NearEnd;
use super::expected_line::principal_variation;
use super::limits::SearchLimits;
use super::parallel;
use super::progress::ProgressSlot;
use super::tt::{Table, TableAllocError};
use crate::eval::weights::WeightsError;
use crate::eval::{Evaluator, HandEval, PatternEval};

/// Searches positions of board `B` (the 8x8 `Position` unless told) with evaluation `E`. Owns
/// the transposition table; reuse it across moves of a game.
pub struct Searcher<E = HandEval, B = Position> {
    table: Table,
    eval: E,
    /// Where `best_move` reports each completed iteration, if anyone watches.
    progress: Option<Arc<ProgressSlot>>,
    board: PhantomData<fn(B)>,
}

impl Searcher<HandEval> {
    /// A searcher with the hand-written evaluation and a table of `hash_mb` MiB. The table is a
    /// zeroed allocation: building even a large one is quick. When the memory cannot be had the
    /// table is smaller (halved until it fits); `try_new` tells instead.
    pub fn new(hash_mb: usize) -> Searcher<HandEval> {
        Searcher::with_evaluator(hash_mb, HandEval)
    }

    /// A searcher with a table of exactly `hash_mb` MiB, or why the memory cannot be had.
    pub fn try_new(hash_mb: usize) -> Result<Searcher<HandEval>, TableAllocError> {
        Searcher::try_with_evaluator(hash_mb, HandEval)
    }
}

impl Default for Searcher<HandEval> {
    fn default() -> Searcher<HandEval> {
        Searcher::new(super::limits::DEFAULT_HASH_MB)
    }
}

impl Searcher<PatternEval> {
    /// A searcher with the learned evaluation shipped in the engine (`PatternEval::shipped`) and
    /// a table of `hash_mb` MiB, smaller when the memory cannot be had (as `new`). Fails only
    /// when the shipped weights are refused, which the engine's tests rule out.
    pub fn learned(hash_mb: usize) -> Result<Searcher<PatternEval>, WeightsError> {
        Ok(Searcher::with_evaluator(hash_mb, PatternEval::shipped()?))
    }
}

impl<B: NearEnd, E: Evaluator<B>> Searcher<E, B> {
    pub fn with_evaluator(hash_mb: usize, eval: E) -> Searcher<E, B> {
        Searcher {
            table: Table::new(hash_mb),
            eval,
            progress: None,
            board: PhantomData,
        }
    }

    pub fn try_with_evaluator(hash_mb: usize, eval: E) -> Result<Searcher<E, B>, TableAllocError> {
        Ok(Searcher {
            table: Table::try_new(hash_mb)?,
            eval,
            progress: None,
            board: PhantomData,
        })
    }

    /// `best_move` and `analyze` report their progress to `slot` after every completed
    /// iteration.
    pub fn report_progress_to(&mut self, slot: Arc<ProgressSlot>) {
        self.progress = Some(slot);
    }

    /// The size of the table in MiB (at least 1).
    pub fn hash_mb(&self) -> usize {
        (self.table.size_bytes() >> 20).max(1)
    }

    /// Forgets everything learned (e.g. for a new game, or reproducible benchmarks).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The move to play within `limits`. Returns within a few milliseconds of `stop` being set
    /// (or of the time limit), with the best move found so far: always a legal move when there
    /// is one.
    pub fn best_move(
        &mut self,
        position: B,
        limits: &SearchLimits,
        stop: &AtomicBool,
    ) -> SearchResult {
        let clock = Clock::new(Instant::now(), limits.time);
        let progress = self.progress.clone();
        let (result, nodes) = self.run(limits, &clock, stop, |ctx| {
            // Only the thread whose answer counts reports.
            let progress = progress.as_deref().filter(|_| ctx.helper == 0);
            search_best(ctx, position, limits, &clock, progress)
        });
        let pv = match result.best {
            Some(best) => principal_variation(&self.table, position, best, result.depth),
            None => Vec::new(),
        };
        SearchResult {
            pv,
            nodes,
            elapsed: clock.start.elapsed(),
            ..result
        }
    }

    /// Every legal move with its score, best first: exact when the position is within
    /// `limits.solve_empties` and the solve finished in time, else from the deepest midgame
    /// search completed. Empty when the side to move must pass.
    pub fn analyze(
        &mut self,
        position: B,
        limits: &SearchLimits,
        stop: &AtomicBool,
    ) -> Vec<MoveScore> {
        let clock = Clock::new(Instant::now(), limits.time);
        let progress = self.progress.clone();
        let (moves, _) = self.run(limits, &clock, stop, |ctx| {
            let progress = progress.as_deref().filter(|_| ctx.helper == 0);
            analyze_moves(ctx, position, limits, &clock, progress)
        });
        moves
    }

    /// The expected line after the last search of `position`: `first`, then the table's best
    /// moves while they are legal, at most `depth` moves (what an analysis shows for each of
    /// the moves [`Searcher::analyze`] scored).
    pub fn expected_line(&self, position: B, first: Square, depth: u32) -> Vec<Square> {
        principal_variation(&self.table, position, first, depth)
    }

    /// A new search of the table by `limits.threads` threads (see `parallel::run`): the calling
    /// thread's answer and the nodes of all.
    fn run<R>(
        &mut self,
        limits: &SearchLimits,
        clock: &Clock,
        stop: &AtomicBool,
        search: impl Fn(&mut Context<'_, B, E>) -> R + Sync,
    ) -> (R, u64) {
        self.table.new_search();
        parallel::run(
            &self.table,
            &self.eval,
            stop,
            clock.hard,
            limits.selective,
            limits.threads,
            search,
        )
    }

    /// The score of `position` in evaluation units searched full width (no ProbCut) to each of
    /// `depths`, in order, by one iterative deepening; a depth reaching the end of the game
    /// gives the exact score (times `DISC`). What `reversi-trainer probcut` fits its statistics
    /// on.
    pub fn depth_scores(&mut self, position: B, depths: &[u32]) -> Vec<i32> {
        self.table.new_search();
        let stop = AtomicBool::new(false);
        let mut ctx = Context::new(&self.table, &self.eval, &stop, None, false);
        depths
            .iter()
            .map(|&depth| ctx.pvs(position, depth, -B::MID_INFINITY, B::MID_INFINITY, false))
            .collect()
    }
}
