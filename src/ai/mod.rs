//! The engine at work for the player: the computer player, the hints, the evaluation graph and
//! the best line, each searching a copy of a position in the background through one helper
//! (`task.rs`), with the engine's learned evaluation.

mod best_line;
mod computer;
mod graph;
mod hints;
mod task;

pub use best_line::{BestLine, LineOnBoard, ShownLine, with_colors};
pub use computer::ComputerPlayer;
pub use graph::{EvaluationGraph, GraphScore};
pub use hints::Hints;

use bevy::prelude::*;
use reversi_engine::eval::{EvalKind, Evaluation, HandEval};
use reversi_engine::search::Searcher;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        computer::plugin,
        hints::plugin,
        graph::plugin,
        best_line::plugin,
    ));
}

/// A searcher with the learned evaluation shipped in the engine. Should those weights ever be
/// refused (the engine's tests rule it out), the computer still plays, with the hand-written one.
fn searcher(hash_mb: usize) -> Searcher<Evaluation> {
    let evaluation = EvalKind::Pattern
        .load()
        .unwrap_or(Evaluation::Hand(HandEval));
    Searcher::with_evaluator(hash_mb, evaluation)
}
