//! The evaluation graph's scores: the engine's score of every position of the game record (the
//! moves to redo included), from Black's view, read from the opening book where it has the
//! position, otherwise worked out one position at a time in the background when the engine has
//! nothing of a higher priority to do (see `priority.rs`), so it never slows the rest.

use std::collections::HashMap;

use bevy::prelude::*;
use reversi_engine::Color;
use reversi_engine::search::SearchLimits;
use reversi_engine::variant::VariantBoard;

use super::ScoreKind;
use crate::game::Match;
use crate::jobs::Job;
use crate::schedule::GameSystems;

/// Plies of the midgame search behind each point, the empties from which it is exact, and the
/// most time one point may take: a few tenths of a second per position on one core.
const GRAPH_DEPTH: u32 = 8;
const GRAPH_SOLVE_EMPTIES: u32 = 14;
const GRAPH_TIME: std::time::Duration = std::time::Duration::from_secs(2);
const GRAPH_HASH_MB: usize = 16;

/// One point of the graph: Black's disc differential, and where it comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphScore {
    pub black: i32,
    pub kind: ScoreKind,
}

#[derive(Resource)]
pub struct EvaluationGraph {
    pub enabled: bool,
    /// Scores by position, so undo, redo and going back and forth reuse them.
    scores: HashMap<VariantBoard, GraphScore>,
    running: Option<Job<(VariantBoard, GraphScore)>>,
}

impl Default for EvaluationGraph {
    fn default() -> Self {
        EvaluationGraph {
            enabled: true,
            scores: HashMap::new(),
            running: None,
        }
    }
}

impl EvaluationGraph {
    /// The score of each position of the record, from the start to the last move to redo;
    /// `None` where it is not worked out yet.
    pub fn points(&self, state: &Match) -> Vec<Option<GraphScore>> {
        state
            .game
            .boards()
            .iter()
            .map(|board| self.score_of(board))
            .collect()
    }

    pub fn is_thinking(&self) -> bool {
        self.running.is_some()
    }

    /// The search under way is dropped: a stopped search's score would be kept as the
    /// position's.
    pub(super) fn stop(&mut self) {
        self.running = None;
    }

    /// A finished game scores itself; other positions come from the searches.
    fn score_of(&self, board: &VariantBoard) -> Option<GraphScore> {
        final_score(board).or_else(|| self.scores.get(board).copied())
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EvaluationGraph>()
        .add_systems(Update, fill_in_graph.in_set(GameSystems::View));
}

/// Collects a finished score and starts the next position: the one shown first, then the rest
/// of the record from the start.
fn fill_in_graph(state: Res<Match>, may: super::MaySearch, mut graph: ResMut<EvaluationGraph>) {
    if !may.help_allowed() {
        // Forbidden in this game: nothing is searched, and nothing known is shown.
        graph.running = None;
        graph.scores.clear();
        return;
    }
    if let Some(search) = graph.running.as_mut()
        && let Some((board, score)) = search.poll()
    {
        graph.running = None;
        graph.scores.insert(board, score);
    }
    // Everything above the graph has the cores first (see `priority.rs`); a position being set
    // up changes with every click: it is scored once it is played.
    if !graph.enabled || state.editing || !may.may_start_in_background(state.generation) {
        graph.running = None;
        return;
    }
    if graph.running.is_some() {
        return;
    }
    let boards = state.game.boards();
    let current = boards.get(state.game.cursor()).copied();
    let next = current
        .into_iter()
        .chain(boards.iter().copied())
        .find(|board| graph.score_of(board).is_none());
    if let Some(board) = next {
        graph.running = Some(Job::start(state.generation, move |stop| {
            (board, search_score(board, stop))
        }));
    }
}

/// The position's score from Black's view, the book's best move's where the book has the
/// position; a side that must pass is scored after its pass.
fn search_score(board: VariantBoard, stop: &std::sync::atomic::AtomicBool) -> GraphScore {
    let searched = match board.pass() {
        Ok(passed) if board.must_pass() => passed,
        _ => board,
    };
    if let Some(best) = super::book_scores(&searched).and_then(|moves| moves.first().copied()) {
        return GraphScore {
            black: black_view(searched.to_move(), best.score),
            kind: ScoreKind::Book,
        };
    }
    let mut limits = SearchLimits::depth(GRAPH_DEPTH)
        .with_time(GRAPH_TIME)
        .with_hash_mb(GRAPH_HASH_MB);
    limits.solve_empties = GRAPH_SOLVE_EMPTIES;
    let result = super::searcher(GRAPH_HASH_MB).best_move(&searched, &limits, stop);
    GraphScore {
        black: black_view(searched.to_move(), result.score),
        kind: ScoreKind::of_search(result.exact),
    }
}

/// A finished game's score: the engine's final score (empty squares to the winner), exact.
fn final_score(board: &VariantBoard) -> Option<GraphScore> {
    board.is_game_over().then(|| GraphScore {
        black: black_view(board.to_move(), reversi_engine::variant::final_score(board)),
        kind: ScoreKind::Exact,
    })
}

/// A score for the side to move, `to_move`, as Black's disc differential.
fn black_view(to_move: Color, score: i32) -> i32 {
    match to_move {
        Color::Black => score,
        Color::White => -score,
    }
}
