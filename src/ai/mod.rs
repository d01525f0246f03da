//! The engine at work for the player: the computer player, the hints, the evaluation graph, the
//! best line and the game review, each searching a copy of a position in the background through one helper
//! (`task.rs`), with the engine's learned evaluation.

mod best_line;
mod computer;
mod graph;
mod hints;
mod review;
mod task;

pub use best_line::{BestLine, LineOnBoard, ShownLine, ToggleBestLine, with_colors};
pub use computer::{ComputerPlayer, Pondering};
pub use graph::{EvaluationGraph, GraphScore};
pub use hints::{HintStrength, Hints};
pub use review::{BLUNDER_LOSS, Mistake, PlayerReview, Review, ReviewRequest};
pub use task::BackgroundSearch;

use bevy::prelude::*;
use reversi_engine::book::Book;
use reversi_engine::eval::{EvalKind, Evaluation, HandEval};
use reversi_engine::search::AnySearcher;
use reversi_engine::search::{MoveScore, Searcher};
use reversi_engine::variant::VariantBoard;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        computer::plugin,
        hints::plugin,
        graph::plugin,
        best_line::plugin,
        review::plugin,
    ));
}

/// Whether the engine works for the player (the computer, the hints, the best line, a review):
/// the window keeps drawing to show it, and the evaluation graph leaves it the cores.
#[derive(bevy::ecs::system::SystemParam)]
pub struct EngineWork<'w> {
    computer: Res<'w, ComputerPlayer>,
    hints: Res<'w, Hints>,
    best_line: Res<'w, BestLine>,
    review: Res<'w, Review>,
}

impl EngineWork<'_> {
    pub fn is_thinking(&self) -> bool {
        self.computer.is_thinking()
            || self.hints.is_thinking()
            || self.best_line.is_thinking()
            || self.review.is_thinking()
    }
}

/// Where a score shown to the player comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreKind {
    /// Solved to the end of the game.
    Exact,
    /// A search's estimate.
    Estimate,
    /// The opening book's value, from deep searches made when the book was built.
    Book,
}

impl ScoreKind {
    fn of_search(exact: bool) -> ScoreKind {
        if exact {
            ScoreKind::Exact
        } else {
            ScoreKind::Estimate
        }
    }
}

/// The opening book's score of every legal move of `board`, best first, when the position is
/// standard Othello's and in the shipped book: the hints, the graph and the review read it
/// instead of searching.
fn book_scores(board: &VariantBoard) -> Option<Vec<MoveScore>> {
    let book_moves = Book::shipped().lookup(&board.to_standard()?)?;
    Some(
        book_moves
            .iter()
            .map(|book_move| MoveScore {
                square: book_move.square,
                score: book_move.score,
                exact: false,
            })
            .collect(),
    )
}

/// A searcher for any variant, whose standard 8x8 positions get the learned evaluation shipped in
/// the engine. Should those weights ever be refused (the engine's tests rule it out), the
/// computer still plays, with the hand-written one.
fn searcher(hash_mb: usize) -> AnySearcher<Evaluation> {
    let evaluation = EvalKind::Pattern
        .load()
        .unwrap_or(Evaluation::Hand(HandEval));
    AnySearcher::new(Searcher::with_evaluator(hash_mb, evaluation))
}
