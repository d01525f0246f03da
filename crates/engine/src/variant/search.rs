//! The search for every variant: alpha-beta with a transposition table and iterative deepening
//! over the general board, and an exact solve to the end when the empties are few enough. The
//! standard 8x8 game never comes here: it has its own, much faster engine.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::color::Color;
use crate::rng::SplitMix64;
use crate::search::{MoveScore, Progress, ProgressSlot, SearchLimits, SearchResult};
use crate::square::Square;

use super::bits::Bits;
use super::board::VariantBoard;
use super::board::final_score;
use super::small::{SmallSolver, Watch};
use crate::eval::general::{Shape, UNIT, evaluate};

/// Entries of the transposition table (a power of two).
const TABLE_ENTRIES: usize = 1 << 20;
/// How many nodes pass between looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 4096;
/// Above any score: a final score is at most 256 discs.
const INFINITY: i32 = 300 * UNIT;
/// Depth of a search that runs to the end of the game.
const TO_THE_END: u32 = 1000;
/// Plies to go from which a node uses the transposition table.
const TABLE_MIN_DEPTH: u32 = 4;
/// Plies to go from which the moves are ordered by the opponent's replies (fastest first).
const MOBILITY_ORDER_MIN_DEPTH: u32 = 6;
/// The shallow searches before a solve stop this many plies short of the end.
const PRESOLVE_GAP: u32 = 8;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    depth: u32,
    score: i32,
    bound: Bound,
    best: Option<Square>,
}

/// Searches positions of any variant. Owns its transposition table; reuse it across the moves of
/// a game.
pub struct VariantSearcher {
    table: Vec<Option<Entry>>,
    nodes: u64,
    deadline: Option<Instant>,
    aborted: bool,
    /// The 64-bit solver of the last small board solved, kept for its table.
    small: Option<SmallSolver>,
    /// Where `best_move` and `analyze` report each finished iteration, for a live display.
    progress: Option<Arc<ProgressSlot>>,
}

/// Why a search stopped before it was done.
struct Aborted;

impl Default for VariantSearcher {
    fn default() -> VariantSearcher {
        VariantSearcher::new()
    }
}

impl VariantSearcher {
    pub fn new() -> VariantSearcher {
        VariantSearcher {
            table: vec![None; TABLE_ENTRIES],
            nodes: 0,
            deadline: None,
            aborted: false,
            small: None,
            progress: None,
        }
    }

    /// `best_move` and `analyze` report their progress to `slot` after every finished
    /// iteration and after an exact solve.
    pub fn report_progress_to(&mut self, slot: Arc<ProgressSlot>) {
        self.progress = Some(slot);
    }

    /// The move to play under `limits` (depth, exact-solve empties, time, randomness for the
    /// weaker levels), with its score and line. `stop` ends the search early; the best move of
    /// the last finished iteration is returned.
    pub fn best_move(
        &mut self,
        board: &VariantBoard,
        limits: &SearchLimits,
        stop: Option<&AtomicBool>,
    ) -> SearchResult {
        let started = Instant::now();
        let scores = self.scores(board, limits, stop, limits.max_loss > 0);
        let best = choose(&scores.moves, limits);
        let pv = best.map_or_else(Vec::new, |square| self.line_from(board, square));
        let score = best
            .and_then(|square| scores.moves.iter().find(|m| m.square == square))
            .map_or_else(|| scores.pass_score, |m| m.score);
        SearchResult {
            best,
            score,
            exact: scores.exact,
            probable: None,
            depth: scores.depth,
            pv,
            nodes: self.nodes,
            elapsed: started.elapsed(),
        }
    }

    /// Every legal move with its score under `limits`, best first.
    pub fn analyze(
        &mut self,
        board: &VariantBoard,
        limits: &SearchLimits,
        stop: Option<&AtomicBool>,
    ) -> Vec<MoveScore> {
        let mut moves = self.scores(board, limits, stop, true).moves;
        moves.sort_by_key(|m| -m.score);
        moves
    }

    /// The exact final disc difference for the side to move, with best play; no time limit.
    /// Shallow searches first fill the table with good moves to try first.
    pub fn solve(&mut self, board: &VariantBoard) -> i32 {
        self.nodes = 0;
        self.deadline = None;
        self.aborted = false;
        if let Some(score) = self.solve_small(board, -INFINITY, INFINITY, None) {
            return score / UNIT;
        }
        let shape = Shape::of(board.variant());
        let empties = board.empties().count();
        for depth in (2..empties.saturating_sub(PRESOLVE_GAP)).step_by(2) {
            self.negamax(board, depth, -INFINITY, INFINITY, &shape, None);
        }
        self.negamax(board, TO_THE_END, -INFINITY, INFINITY, &shape, None)
            .map_or(0, |score| score / UNIT)
    }

    /// Nodes visited by the last search.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Scores of the root moves: iterative deepening to the limits' depth, then an exact solve
    /// when the empties are few enough and time remains. `every_move` scores each move with a
    /// full window (analysis, and the weaker levels' choice among near-best moves); otherwise
    /// only the best move's score is exact and the others are bounds.
    fn scores(
        &mut self,
        board: &VariantBoard,
        limits: &SearchLimits,
        stop: Option<&AtomicBool>,
        every_move: bool,
    ) -> RootScores {
        let started = Instant::now();
        self.nodes = 0;
        self.aborted = false;
        self.deadline = limits.time.map(|time| started + time);
        let empties = board.empties().count();
        let moves: Vec<Square> = board.legal_moves().squares().collect();
        let mut result = RootScores {
            moves: Vec::new(),
            pass_score: 0,
            exact: false,
            depth: 0,
        };
        let shape = Shape::of(board.variant());
        if moves.is_empty() {
            result.pass_score = evaluate(board, &shape) / UNIT;
            return result;
        }
        let deepest = limits.depth.max(1).min(empties);
        for depth in 1..=deepest {
            // An iteration that would likely not finish in the time left is not started.
            if depth > 1 && self.past(started, limits.time, 2) {
                break;
            }
            match self.root(board, &moves, depth, every_move, &shape, stop) {
                Ok(scores) => {
                    result.moves = scores
                        .into_iter()
                        .map(|(square, score)| MoveScore {
                            square,
                            score: round_to_discs(score),
                            exact: false,
                        })
                        .collect();
                    result.depth = depth;
                    self.report(board, &result);
                }
                Err(Aborted) => break,
            }
        }
        if empties <= limits.solve_empties
            && !self.aborted
            && let Ok(scores) = self.root(board, &moves, TO_THE_END, every_move, &shape, stop)
        {
            result.moves = scores
                .into_iter()
                .map(|(square, score)| MoveScore {
                    square,
                    score: score / UNIT,
                    exact: true,
                })
                .collect();
            result.exact = true;
            result.depth = empties;
            self.report(board, &result);
        }
        result
    }

    /// Tells the progress slot, if any, the best move of a finished iteration and its line.
    fn report(&self, board: &VariantBoard, result: &RootScores) {
        let (Some(slot), Some(best)) = (&self.progress, best_of(&result.moves)) else {
            return;
        };
        slot.report(Progress {
            depth: result.depth,
            score: best.score,
            exact: result.exact,
            probable: None,
            nodes: self.nodes,
            pv: self.line_from(board, best.square),
        });
    }

    /// Each root move's score at `depth`, best first. With `every_move`, every score is exact at
    /// that depth; otherwise the moves after the best are only known to be no better.
    fn root(
        &mut self,
        board: &VariantBoard,
        moves: &[Square],
        depth: u32,
        every_move: bool,
        shape: &Shape,
        stop: Option<&AtomicBool>,
    ) -> Result<Vec<(Square, i32)>, Aborted> {
        let mut ordered = moves.to_vec();
        if let Some(best) = self.probe(board).and_then(|entry| entry.best)
            && let Some(at) = ordered.iter().position(|&m| m == best)
        {
            ordered[..=at].rotate_right(1);
        }
        let mut scored = Vec::with_capacity(ordered.len());
        let mut alpha = -INFINITY;
        for square in ordered {
            let next = board.play_unchecked(square, board.outflanked(square));
            let window_low = if every_move { -INFINITY } else { alpha };
            let score = -self
                .negamax(&next, depth - 1, -INFINITY, -window_low, shape, stop)
                .ok_or(Aborted)?;
            alpha = alpha.max(score);
            scored.push((square, score));
        }
        scored.sort_by_key(|&(_, score)| -score);
        self.store(board, depth, scored[0].1, Bound::Exact, Some(scored[0].0));
        Ok(scored)
    }

    /// The score of `board` for the side to move, searched `depth` plies (a pass is free) in the
    /// window (alpha, beta), in evaluation units; final positions score their exact disc
    /// difference. `None` when the search was stopped (by `stop` or the deadline).
    fn negamax(
        &mut self,
        board: &VariantBoard,
        depth: u32,
        alpha: i32,
        beta: i32,
        shape: &Shape,
        stop: Option<&AtomicBool>,
    ) -> Option<i32> {
        if depth >= board.empties().count()
            && let Some(score) = self.solve_small(board, alpha, beta, stop)
        {
            return (!self.aborted).then_some(score);
        }
        self.search(
            board,
            board.legal_moves(),
            depth,
            (alpha, beta),
            shape,
            stop,
        )
    }

    /// The exact score of `board` in evaluation units by the 64-bit solver, when its board and
    /// rules fit it (see [`SmallSolver`]); the window and the stop as in `negamax`.
    fn solve_small(
        &mut self,
        board: &VariantBoard,
        alpha: i32,
        beta: i32,
        stop: Option<&AtomicBool>,
    ) -> Option<i32> {
        let small_board = SmallSolver::board_of(board)?;
        if !self.small.as_ref().is_some_and(|s| s.has_squares_of(board)) {
            self.small = SmallSolver::for_board(board);
        }
        let solver = self.small.as_mut()?;
        let watch = Watch {
            stop,
            deadline: self.deadline,
        };
        // The window in discs, widened to whole discs so that a score inside stays exact.
        let (low, high) = (alpha.div_euclid(UNIT), (beta + UNIT - 1).div_euclid(UNIT));
        let nodes_before = solver.nodes();
        let score = solver.solve(small_board, low, high, &watch);
        self.nodes += solver.nodes() - nodes_before;
        match score {
            Some(score) => Some(score * UNIT),
            None => {
                self.aborted = true;
                Some(0)
            }
        }
    }

    /// `negamax` for a board whose legal `moves` the caller has worked out already (ordering the
    /// moves by the replies they leave finds them): move generation is most of a node's cost.
    fn search(
        &mut self,
        board: &VariantBoard,
        moves: Bits,
        depth: u32,
        (mut alpha, beta): (i32, i32),
        shape: &Shape,
        stop: Option<&AtomicBool>,
    ) -> Option<i32> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            let stopped = stop.is_some_and(|stop| stop.load(Ordering::Relaxed));
            let late = self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline);
            if stopped || late {
                self.aborted = true;
            }
        }
        if self.aborted {
            return None;
        }
        if moves.is_empty() {
            let passed = board.passed();
            let replies = passed.legal_moves();
            if replies.is_empty() {
                return Some(final_score(board) * UNIT);
            }
            return self
                .search(&passed, replies, depth, (-beta, -alpha), shape, stop)
                .map(|score| -score);
        }
        if depth == 0 {
            return Some(evaluate(board, shape));
        }

        // Near the leaves the table costs more than it saves.
        let remaining = depth.min(board.empties().count());
        let use_table = remaining >= TABLE_MIN_DEPTH;
        let entry = if use_table { self.probe(board) } else { None };
        if let Some(entry) = entry.filter(|entry| entry.depth >= depth) {
            match entry.bound {
                Bound::Exact => return Some(entry.score),
                Bound::Lower if entry.score >= beta => return Some(entry.score),
                Bound::Upper if entry.score <= alpha => return Some(entry.score),
                _ => {}
            }
        }

        let ordered = self.order(board, moves, entry.and_then(|e| e.best), remaining, shape);
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for (index, (square, flipped, replies)) in ordered.into_iter().enumerate() {
            let next = board.play_unchecked(square, flipped);
            let replies = replies.unwrap_or_else(|| next.legal_moves());
            let mut child = |window: (i32, i32)| {
                self.search(&next, replies, depth - 1, window, shape, stop)
                    .map(|score| -score)
            };
            // Principal variation search: the first move with the full window, the others with
            // a null window that only asks whether they beat it, searched again if they do.
            let score = if index == 0 {
                child((-beta, -alpha))?
            } else {
                let probe = child((-alpha - 1, -alpha))?;
                if probe > alpha && probe < beta {
                    child((-beta, -alpha))?
                } else {
                    probe
                }
            };
            if score > best_score {
                best_score = score;
                best_move = Some(square);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if use_table {
            self.store(board, depth, best_score, bound, best_move);
        }
        Some(best_score)
    }

    /// The moves with their flips, in the order to try them: the table's best move first, then
    /// (with `remaining` plies or more to go) the moves that leave the opponent the fewest
    /// replies, and nearer the leaves simply the corners first. The replies worked out for the
    /// ordering come along, so that the search need not find them again.
    fn order(
        &self,
        board: &VariantBoard,
        moves: Bits,
        table_move: Option<Square>,
        remaining: u32,
        shape: &Shape,
    ) -> Vec<(Square, Bits, Option<Bits>)> {
        let mut ordered: Vec<(i32, Square, Bits, Option<Bits>)> = moves
            .squares()
            .map(|square| {
                let flipped = board.outflanked(square);
                if remaining >= MOBILITY_ORDER_MIN_DEPTH {
                    let replies = board.play_unchecked(square, flipped).legal_moves();
                    let priority = if Some(square) == table_move {
                        i32::MIN
                    } else {
                        replies.count() as i32
                    };
                    (priority, square, flipped, Some(replies))
                } else {
                    let priority = if Some(square) == table_move {
                        i32::MIN
                    } else {
                        -i32::from(shape.is_anchor(square))
                    };
                    (priority, square, flipped, None)
                }
            })
            .collect();
        ordered.sort_by_key(|&(priority, ..)| priority);
        ordered
            .into_iter()
            .map(|(_, square, flipped, replies)| (square, flipped, replies))
            .collect()
    }

    fn key(board: &VariantBoard) -> u64 {
        let black = board.discs(Color::Black).hash();
        let white = board.discs(Color::White).hash();
        let left = board
            .discs_left(Color::Black)
            .zip(board.discs_left(Color::White))
            .map_or(0, |(b, w)| u64::from(b) << 8 | u64::from(w));
        (black ^ white.rotate_left(17) ^ left.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            ^ u64::from(board.to_move() == Color::White)
    }

    fn probe(&self, board: &VariantBoard) -> Option<Entry> {
        let key = Self::key(board);
        self.table[key as usize % TABLE_ENTRIES].filter(|entry| entry.key == key)
    }

    fn store(
        &mut self,
        board: &VariantBoard,
        depth: u32,
        score: i32,
        bound: Bound,
        best: Option<Square>,
    ) {
        let key = Self::key(board);
        let slot = &mut self.table[key as usize % TABLE_ENTRIES];
        if slot.is_none_or(|old| old.key != key || old.depth <= depth) {
            *slot = Some(Entry {
                key,
                depth,
                score,
                bound,
                best,
            });
        }
    }

    /// `first` on `board`, then the line the table expects after it.
    fn line_from(&self, board: &VariantBoard, first: Square) -> Vec<Square> {
        let mut line = vec![first];
        if let Ok(next) = board.play(first) {
            line.extend(self.principal_variation(&next, 20));
        }
        line
    }

    /// The line the table expects from `board`, at most `length` moves.
    fn principal_variation(&self, board: &VariantBoard, length: usize) -> Vec<Square> {
        let mut line = Vec::new();
        let mut current = *board;
        while line.len() < length {
            if current.must_pass() {
                current = current.passed();
            }
            let Some(square) = self.probe(&current).and_then(|entry| entry.best) else {
                break;
            };
            let Ok(next) = current.play(square) else {
                break;
            };
            line.push(square);
            current = next;
        }
        line
    }

    /// More than `1 / fraction` of the time is gone.
    fn past(&self, started: Instant, time: Option<Duration>, fraction: u32) -> bool {
        time.is_some_and(|time| started.elapsed() > time / fraction)
    }
}

/// The root moves' scores in discs.
struct RootScores {
    moves: Vec<MoveScore>,
    /// The score when the side to move has no move.
    pass_score: i32,
    exact: bool,
    depth: u32,
}

/// The first of the moves with the highest score.
fn best_of(moves: &[MoveScore]) -> Option<&MoveScore> {
    let best = moves.iter().map(|m| m.score).max()?;
    moves.iter().find(|m| m.score == best)
}

/// The move a level plays: the best, or for the weaker levels a random one of the moves within
/// `max_loss` discs of it.
fn choose(moves: &[MoveScore], limits: &SearchLimits) -> Option<Square> {
    let best = best_of(moves)?;
    let near: Vec<Square> = moves
        .iter()
        .filter(|m| m.score + limits.max_loss as i32 >= best.score)
        .map(|m| m.square)
        .collect();
    if limits.max_loss == 0 || near.len() == 1 {
        return Some(best.square);
    }
    let mut rng = SplitMix64::new(limits.seed ^ moves.len() as u64);
    Some(near[rng.below(near.len())])
}

fn round_to_discs(score: i32) -> i32 {
    if score >= 0 {
        (score + UNIT / 2) / UNIT
    } else {
        -((-score + UNIT / 2) / UNIT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    /// A position reached by random moves from the start with `empties` squares left.
    fn random_position(variant: Variant, empties: u32, rng: &mut SplitMix64) -> VariantBoard {
        let mut board = VariantBoard::start(variant);
        while board.empties().count() > empties && !board.is_game_over() {
            let moves: Vec<Square> = board.legal_moves().squares().collect();
            board = match moves.len() {
                0 => board.passed(),
                count => board.play(moves[rng.below(count)]).unwrap(),
            };
        }
        board
    }

    #[test]
    fn the_64_bit_solver_agrees_with_the_general_board_and_its_bounds_hold() {
        let mut rng = SplitMix64::new(3);
        for variant in [
            Variant::othello(6),
            Variant::reversi(6),
            Variant::othello(8),
        ] {
            for _ in 0..3 {
                // Enough empties for the shallow searches that order the moves far from the end.
                let board = random_position(variant, 15, &mut rng);
                let shape = Shape::of(variant);
                let exact = VariantSearcher::new()
                    .search(
                        &board,
                        board.legal_moves(),
                        TO_THE_END,
                        (-INFINITY, INFINITY),
                        &shape,
                        None,
                    )
                    .unwrap();
                let mut small = VariantSearcher::new();
                let mut solve = |alpha, beta| small.solve_small(&board, alpha, beta, None).unwrap();
                assert_eq!(
                    solve(-INFINITY, INFINITY),
                    exact,
                    "{variant} {}",
                    super::super::text::variant_board_string(&board)
                );
                assert!(solve(exact + UNIT, exact + 3 * UNIT) <= exact + UNIT);
                assert!(solve(exact - 3 * UNIT, exact - UNIT) >= exact - UNIT);
                assert_eq!(solve(exact - UNIT, exact + UNIT), exact);
            }
        }
    }

    #[test]
    fn a_search_reports_each_iteration_and_the_solve_with_a_legal_line() {
        let board = random_position(Variant::othello(10), 12, &mut SplitMix64::new(7));
        let slot = Arc::new(ProgressSlot::default());
        let mut searcher = VariantSearcher::new();
        searcher.report_progress_to(slot.clone());
        let limits = SearchLimits {
            solve_empties: 12,
            ..SearchLimits::depth(4)
        };
        let result = searcher.best_move(&board, &limits, None);
        let last = slot.latest().expect("a report after the search");
        assert!(last.exact, "the solve is the last report");
        assert_eq!(last.depth, 12);
        assert_eq!(last.score, result.score);
        assert_eq!(last.pv.first(), result.best.as_ref());
        let mut line = board;
        for &square in &last.pv {
            if line.must_pass() {
                line = line.passed();
            }
            line = line.play(square).expect("every move of the line is legal");
        }
    }
}
