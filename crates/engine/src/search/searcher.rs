//! The searcher the game keeps: it owns the transposition table and drives iterative deepening,
//! the endgame solves, the weaker levels' choice and the analysis of every move.

use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::position::Position;
use crate::square::Square;

use super::board::{Moves, SearchBoard};
use super::certainty::Certainty;
use super::context::Context;
use super::endgame::NearEnd;
use super::limits::SearchLimits;
use super::near_best::choose_near_best;
use super::parallel;
use super::progress::{Progress, ProgressSlot};
use super::root::{Mode, RootMove, RootOutcome};
use super::score::round_to_discs;
use super::tt::{Table, TableAllocError};
use crate::eval::weights::WeightsError;
use crate::eval::{DISC, Evaluator, HandEval, PatternEval};

/// The outcome of `best_move`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the side to move has no legal move (it must pass).
    pub best: Option<Square>,
    /// Disc differential for the side to move: exact when `exact`, else an estimate (for a
    /// win/loss/draw solve, at least +1 for a win, at most -1 for a loss, 0 for a draw).
    pub score: i32,
    /// The game was solved to the end and `score` is the exact final differential.
    pub exact: bool,
    /// Solved to the end probably (not `exact`): `score` and `best` are very likely the exact
    /// ones, with this certainty.
    pub probable: Option<Certainty>,
    /// Plies searched (for an exact solve, the number of empty squares).
    pub depth: u32,
    /// The expected line, starting with `best`.
    pub pv: Vec<Square>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// One legal move and its score, for hints and analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveScore {
    pub square: Square,
    /// Disc differential for the side to move after this move, exact when `exact`.
    pub score: i32,
    pub exact: bool,
}

/// Searches positions of board `B` (the 8x8 `Position` unless told) with evaluation `E`. Owns
/// the transposition table; reuse it across moves of a game.
pub struct Searcher<E = HandEval, B = Position> {
    table: Table,
    eval: E,
    /// Where `best_move` reports each completed iteration, if anyone watches.
    progress: Option<Arc<ProgressSlot>>,
    board: PhantomData<fn(B)>,
}

/// Deadlines of one search: `soft` ends iterative deepening between iterations, `hard` aborts.
#[derive(Clone, Copy)]
struct Clock {
    start: Instant,
    soft: Option<Instant>,
    hard: Option<Instant>,
}

impl Clock {
    fn new(start: Instant, time: Option<Duration>) -> Clock {
        let hard = time.map(|t| {
            // Leave room for unwinding and for the caller.
            let margin = Duration::from_millis(10).min(t / 10);
            start + t.mul_f64(0.95).saturating_sub(margin)
        });
        let soft = time.map(|t| start + t.mul_f64(0.3));
        Clock { start, soft, hard }
    }

    fn past_soft(&self) -> bool {
        self.soft.is_some_and(|s| Instant::now() >= s)
    }
}

/// Share of a move's time iterative deepening plans to use in a position where nothing
/// happens; `Pace` stretches or shrinks it.
const PLANNED_SHARE: f64 = 0.35;

/// The most of a move's time iterative deepening plans to use, however unsettled the position:
/// the rest is the margin for an iteration that takes longer than foreseen.
const MOST_SHARE: f64 = 0.6;

/// When iterative deepening with a time limit starts another iteration: when it is foreseen to
/// end (the last iteration's time times its growth over the one before) within the time planned
/// for this move. The plan grows when the position is unsettled (the best move changed at the
/// last iteration, or its score fell) and shrinks when one move has stayed best for several
/// iterations: the time goes where the position is critical.
struct Pace {
    start: Instant,
    time: Duration,
    /// When the last iteration ended, and how long it and the one before took.
    last_end: Instant,
    last: Duration,
    before: Duration,
    /// The best move and score of the last iteration, and for how many iterations in a row the
    /// best move has been the same.
    best: Option<Square>,
    score: i32,
    held: u32,
    /// The share of the time planned, from the last iteration's verdict.
    share: f64,
}

impl Pace {
    fn new(start: Instant, time: Duration) -> Pace {
        Pace {
            start,
            time,
            last_end: start,
            last: Duration::ZERO,
            before: Duration::ZERO,
            best: None,
            score: 0,
            held: 0,
            share: PLANNED_SHARE,
        }
    }

    /// Takes in an iteration that ended now with `best` scoring `score`.
    fn completed(&mut self, best: Square, score: i32) {
        let now = Instant::now();
        self.before = self.last;
        self.last = now - self.last_end;
        self.last_end = now;
        let changed = self.best.is_some_and(|previous| previous != best);
        let fell = self.best.is_some() && score <= self.score - 2 * DISC;
        self.held = if changed { 0 } else { self.held + 1 };
        let mut factor = match self.held {
            0 => 2.0,
            1 | 2 => 1.0,
            _ => 0.6,
        };
        if fell {
            factor *= 1.5;
        }
        self.share = (PLANNED_SHARE * factor).min(MOST_SHARE);
        self.best = Some(best);
        self.score = score;
    }

    /// True when the next iteration is foreseen to end within the time planned.
    fn next_fits(&self) -> bool {
        // Each ply costs a few times the one before; odd and even plies differ, so the
        // growth is measured, within bounds a single odd iteration cannot break.
        let growth = if self.before > Duration::from_millis(1) {
            (self.last.as_secs_f64() / self.before.as_secs_f64()).clamp(1.5, 4.0)
        } else {
            3.0
        };
        let foreseen = self.last_end - self.start + self.last.mul_f64(growth);
        foreseen <= self.time.mul_f64(self.share)
    }
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

/// The position after `square` when it is a legal move there.
fn play_checked<B: SearchBoard>(position: &B, square: Square) -> Option<B> {
    let index = B::index(square);
    position
        .legal_moves()
        .contains(index)
        .then(|| position.play(index))
}

/// The expected line: `best`, then the table's best moves while they are legal.
fn principal_variation<B: SearchBoard>(
    table: &Table,
    position: B,
    best: Square,
    depth: u32,
) -> Vec<Square> {
    let mut pv = vec![best];
    let Some(mut current) = play_checked(&position, best) else {
        return pv;
    };
    let limit = depth.max(1) as usize;
    while pv.len() < limit {
        if current.legal_moves().is_empty() {
            if current.pass().legal_moves().is_empty() {
                break;
            }
            current = current.pass();
        }
        let Some(square) = table
            .probe(&current.key())
            .and_then(|entry| entry.best)
            .and_then(B::square)
        else {
            break;
        };
        let Some(next) = play_checked(&current, square) else {
            break;
        };
        pv.push(square);
        current = next;
    }
    pv
}

/// Root moves ordered by mobility alone (no searcher borrow needed).
fn self_root_moves<B: SearchBoard>(position: B) -> Vec<RootMove<B>> {
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

/// A per-position seed so that a level's choices differ between positions but repeat exactly.
fn position_seed<B: SearchBoard>(seed: u64, position: &B) -> u64 {
    let [first, second] = position.key();
    seed ^ first.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ second.rotate_left(17).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
}

/// The analysis of one thread (see `Searcher::analyze`).
fn analyze_moves<B: NearEnd, E: Evaluator<B>>(
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

/// What `search_best` sets out to do in a position with moves, decided before it searches.
struct Plan {
    /// Solve to the end exactly after the midgame search.
    solving: bool,
    /// Solve only whether the game is won, lost or drawn.
    wld: bool,
    /// Solve probably, at rising certainty, before any other solve.
    probable: bool,
    /// How far below the best a weaker level's move may score (evaluation units); 0 plays the
    /// best.
    margin: i32,
    /// The deepest midgame iteration.
    depth_cap: u32,
}

impl Plan {
    fn new(empties: u32, limits: &SearchLimits, probcut: bool) -> Plan {
        let solving = empties <= limits.solve_empties;
        let wld = !solving && empties <= limits.wld_empties;
        // Probable solves are for positions beyond the exact solves: before one they cost more
        // than they save (FFO #40-#49: 1.80 G nodes with the four passes first, 1.19 G without).
        // Before a win/loss/draw solve they order its moves, so that of the winning moves it
        // keeps the one that probably wins by most.
        let probable = !solving && probcut && empties <= limits.probable_empties;
        let endgame = solving || wld || probable;
        let margin = if endgame {
            0
        } else {
            limits.max_loss as i32 * DISC
        };
        // Before a solve, a short midgame search orders the root and fills the table: up to 10
        // plies and 12 empties from the end full width, 12 plies and 10 empties with ProbCut,
        // which makes them cheap (FFO #40-#49, learned evaluation: 1.56 G -> 1.51 G nodes).
        let (most, spared) = if probcut { (12, 10) } else { (10, 12) };
        let depth_cap = if endgame {
            limits
                .depth
                .min(empties.saturating_sub(spared))
                .clamp(1, most)
        } else {
            limits.depth.max(1)
        };
        Plan {
            solving,
            wld,
            probable,
            margin,
            depth_cap,
        }
    }

    /// A solve of some kind follows the midgame search.
    fn endgame(&self) -> bool {
        self.solving || self.wld || self.probable
    }
}

/// One thread's search for the move to play (see `Searcher::best_move`): what its steps share.
struct BestSearch<'s, 'c, B, E> {
    ctx: &'s mut Context<'c, B, E>,
    position: B,
    limits: &'s SearchLimits,
    clock: &'s Clock,
    /// Where completed iterations and solves are reported, if anyone watches.
    progress: Option<&'s ProgressSlot>,
}

/// One thread's answer for `Searcher::best_move`: iterative deepening, the move it chooses, and
/// the solves that follow when the end of the game is near.
fn search_best<B: NearEnd, E: Evaluator<B>>(
    ctx: &mut Context<'_, B, E>,
    position: B,
    limits: &SearchLimits,
    clock: &Clock,
    progress: Option<&ProgressSlot>,
) -> SearchResult {
    let mut search = BestSearch {
        ctx,
        position,
        limits,
        clock,
        progress,
    };
    // A forced move or pass is searched like any other position: its score is asked for.
    let moves = self_root_moves(position);
    if moves.is_empty() {
        return search.pass();
    }
    let plan = Plan::new(position.empty_count(), limits, search.ctx.probcut.is_some());
    let (moves, depth) = search.deepen(moves, &plan);
    let choice = search.choose(&moves, plan.margin);
    if search.ctx.aborted || !plan.endgame() {
        return search.midgame_result(choice, depth);
    }
    search.solve_endgame(moves, &plan, choice, depth)
}

impl<B: NearEnd, E: Evaluator<B>> BestSearch<'_, '_, B, E> {
    /// Tells the watcher, if any, of a completed iteration or solve whose best move is `best`;
    /// `solved`: how surely it reached the end of the game, if it did.
    fn report(&self, best: Square, score: i32, solved: Option<Certainty>, depth: u32) {
        if let Some(slot) = self.progress {
            slot.report(Progress {
                depth,
                score,
                exact: solved == Some(Certainty::EXACT),
                probable: solved.filter(|&certainty| certainty != Certainty::EXACT),
                nodes: self.ctx.nodes,
                pv: principal_variation(self.ctx.table, self.position, best, depth),
            });
        }
    }

    /// The answer; `best_move` fills in its line. `solved` as for `report`.
    fn finish(
        &self,
        best: Option<Square>,
        score: i32,
        solved: Option<Certainty>,
        depth: u32,
    ) -> SearchResult {
        SearchResult {
            best,
            score,
            exact: solved == Some(Certainty::EXACT),
            probable: solved.filter(|&certainty| certainty != Certainty::EXACT),
            depth,
            pv: Vec::new(),
            nodes: self.ctx.nodes,
            elapsed: self.clock.start.elapsed(),
        }
    }

    /// The side to move has no move: the game is over, or the pass scores as the opponent's
    /// best reply.
    fn pass(&mut self) -> SearchResult {
        let passed = self.position.pass();
        if passed.legal_moves().is_empty() {
            return self.finish(None, self.position.final_score(), Some(Certainty::EXACT), 0);
        }
        // The opponent's best reply scores the pass, not a weaker level's random choice.
        let best_reply = SearchLimits {
            max_loss: 0,
            ..self.limits.clone()
        };
        let reply = search_best(self.ctx, passed, &best_reply, self.clock, None);
        let solved = if reply.exact {
            Some(Certainty::EXACT)
        } else {
            reply.probable
        };
        self.finish(None, -reply.score, solved, reply.depth)
    }

    /// Iterative deepening of `moves` up to `plan.depth_cap` plies while the time planned lasts
    /// (see `Pace`; the helpers of a parallel search go on until the calling thread stops): the
    /// moves as the last completed iteration ordered them, and its depth (0 when not one was
    /// completed).
    fn deepen(&mut self, mut moves: Vec<RootMove<B>>, plan: &Plan) -> (Vec<RootMove<B>>, u32) {
        let empties = self.position.empty_count();
        let mut completed = None;
        let mut previous_score = 0;
        let first = 1 + self.ctx.depth_offset();
        let mut pace = self
            .limits
            .time
            .filter(|_| self.ctx.helper == 0)
            .map(|time| Pace::new(self.clock.start, time));
        for depth in first..=plan.depth_cap {
            if depth > first && pace.as_ref().is_some_and(|pace| !pace.next_fits()) {
                break;
            }
            let before = moves.clone();
            let outcome = self.iterate(&mut moves, &before, depth, previous_score, plan.margin);
            if self.ctx.aborted {
                // A later move that beat the first at this depth is a real improvement.
                if outcome.first_done && moves[0].square != before[0].square && plan.margin == 0 {
                    completed = Some((put_first(before, moves[0]), depth));
                }
                break;
            }
            previous_score = outcome.score;
            if let Some(pace) = &mut pace {
                pace.completed(moves[0].square, outcome.score);
            }
            completed = Some((moves.clone(), depth));
            self.report(moves[0].square, round_to_discs(moves[0].score), None, depth);
            if depth >= empties {
                break;
            }
        }
        // Stopped before one ply was searched: still answer with a legal move.
        completed.unwrap_or((moves, 0))
    }

    /// One iteration of `depth` plies over `moves`, which were ordered as `before`. Playing the
    /// best (`margin` 0), it looks first within an aspiration window around the previous
    /// iteration's score; a weaker level needs every move within its margin scored, so it
    /// searches the full window.
    fn iterate(
        &mut self,
        moves: &mut [RootMove<B>],
        before: &[RootMove<B>],
        depth: u32,
        previous_score: i32,
        margin: i32,
    ) -> RootOutcome {
        let mode = Mode::Midgame(depth);
        let (full_alpha, full_beta) = (-B::MID_INFINITY, B::MID_INFINITY);
        if margin != 0 || depth < 3 {
            return self
                .ctx
                .search_root(mode, moves, full_alpha, full_beta, margin);
        }
        let delta = 4 * DISC;
        let (alpha, beta) = (previous_score - delta, previous_score + delta);
        let outcome = self.ctx.search_root(mode, moves, alpha, beta, 0);
        if self.ctx.aborted || (alpha < outcome.score && outcome.score < beta) {
            return outcome;
        }
        // Outside the window the score is only a bound: search again with the full window.
        moves.copy_from_slice(before);
        self.ctx.search_root(mode, moves, full_alpha, full_beta, 0)
    }

    /// The move to play from the midgame search's `moves` (best first): the best, or for a
    /// weaker level one drawn among those within `margin` of it.
    fn choose(&self, moves: &[RootMove<B>], margin: i32) -> RootMove<B> {
        let best = moves[0];
        if margin <= 0 {
            return best;
        }
        // A move whose search failed low has only a bound, unless it ties the best.
        let seed = position_seed(self.limits.seed, &self.position);
        *choose_near_best(moves, margin, seed, |m| {
            (m.exact || m.score >= best.score).then_some(m.score)
        })
        .unwrap_or(&best)
    }

    /// The answer of the midgame search alone: `choice`, searched `depth` plies.
    fn midgame_result(&self, choice: RootMove<B>, depth: u32) -> SearchResult {
        self.finish(
            Some(choice.square),
            round_to_discs(choice.score),
            None,
            depth,
        )
    }

    /// The solves after the midgame search chose `choice` at `depth` and ordered `moves`:
    /// probable solves when planned, then the exact or win/loss/draw solve. Stopped part-way,
    /// the last probable solve finished answers, else the midgame search.
    fn solve_endgame(
        &mut self,
        mut moves: Vec<RootMove<B>>,
        plan: &Plan,
        choice: RootMove<B>,
        depth: u32,
    ) -> SearchResult {
        let empties = self.position.empty_count();
        let probably = if plan.probable {
            self.solve_probably(&mut moves)
        } else {
            None
        };
        let fallback = |search: &Self| match probably {
            Some((best, score, certainty)) => {
                search.finish(Some(best), score, Some(certainty), empties)
            }
            None => search.midgame_result(choice, depth),
        };
        if self.ctx.aborted || !(plan.solving || plan.wld) {
            return fallback(self);
        }

        let (alpha, beta) = if plan.solving {
            (-B::SOLVE_INFINITY, B::SOLVE_INFINITY)
        } else {
            (-1, 1)
        };
        let outcome = self
            .ctx
            .search_root(Mode::Solve, &mut moves, alpha, beta, 0);
        if self.ctx.aborted {
            return fallback(self);
        }
        let best = moves[outcome.best];
        if plan.solving {
            let exact = Some(Certainty::EXACT);
            self.report(best.square, outcome.score, exact, empties);
            return self.finish(Some(best.square), outcome.score, exact, empties);
        }
        // Win/loss/draw: the sign is solved; the size is the probable solve's when it chose the
        // same move (it was searched first), else the midgame estimate's.
        let estimate = match probably {
            Some((square, score, _)) if square == best.square => score,
            _ => round_to_discs(choice.score),
        };
        let score = match outcome.score.signum() {
            1 => estimate.max(1),
            -1 => estimate.min(-1),
            _ => 0,
        };
        self.finish(Some(best.square), score, None, empties)
    }

    /// Probable solves of the root `moves` at rising certainty (see `Certainty`) while the time
    /// lasts, each reported; the last one finished as (its move, its score, its certainty). The
    /// moves end ordered by it.
    fn solve_probably(&mut self, moves: &mut [RootMove<B>]) -> Option<(Square, i32, Certainty)> {
        let empties = self.position.empty_count();
        let mut probably = None;
        for certainty in Certainty::PROBABLE {
            self.ctx.certainty = certainty;
            let outcome =
                self.ctx
                    .search_root(Mode::Solve, moves, -B::SOLVE_INFINITY, B::SOLVE_INFINITY, 0);
            if self.ctx.aborted {
                break;
            }
            let best = moves[outcome.best].square;
            self.report(best, outcome.score, Some(certainty), empties);
            probably = Some((best, outcome.score, certainty));
            if self.clock.past_soft() {
                break;
            }
        }
        self.ctx.certainty = Certainty::EXACT;
        probably
    }
}

/// `moves` with `better`, one of them, first and scored as `better`; the others keep their order.
fn put_first<B: SearchBoard>(mut moves: Vec<RootMove<B>>, better: RootMove<B>) -> Vec<RootMove<B>> {
    if let Some(at) = moves.iter().position(|m| m.square == better.square) {
        moves[..=at].rotate_right(1);
        moves[0].score = better.score;
    }
    moves
}
