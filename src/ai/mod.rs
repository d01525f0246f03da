//! The engine at work for the player: the computer player, the hints, the evaluation graph, the
//! best line and the game review, each searching a copy of a position in the background as a
//! [`crate::jobs::Job`], with the engine's learned evaluation.

mod analysis;
mod best_line;
mod computer;
mod control;
mod graph;
mod hints;
mod priority;
mod review;

pub use analysis::{ANALYSIS_LINES, Analysis, AnalysisFound, AnalysisLine};
pub use best_line::{BestLine, LineOnBoard, ShownLine, ToggleBestLine, with_colors};
pub use computer::{ComputerPace, ComputerPlayer, Pondering};
pub use control::{EngineControl, Halted};
pub use graph::{EvaluationGraph, GraphScore};
pub use hints::{HintStrength, Hints};
pub use priority::{EngineTurn, MaySearch};
pub use review::{
    BLUNDER_LOSS, Findings, Mistake, PlayerReview, Review, ReviewRequest, review_quietly,
};

use bevy::prelude::*;
use reversi_engine::book::Book;
use reversi_engine::eval::{EvalKind, Evaluation, HandEval};
use reversi_engine::search::AnySearcher;
use reversi_engine::search::{MoveScore, Searcher, available_threads};
use reversi_engine::variant::VariantBoard;
use serde::{Deserialize, Serialize};

pub fn plugin(app: &mut App) {
    app.init_resource::<EngineOptions>()
        .init_resource::<EngineHelp>()
        .add_plugins((
            analysis::plugin,
            computer::plugin,
            control::plugin,
            hints::plugin,
            priority::plugin,
            graph::plugin,
            best_line::plugin,
            review::plugin,
        ));
}

/// What the Options reach of the engine beyond the levels: whether the computer plays the
/// opening book's moves, and the threads and table size of the analysis searches (hints, best
/// line, review). A hand-edited file's values are bounded where they are used.
#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct EngineOptions {
    pub book: bool,
    /// 0 for every core.
    pub analysis_threads: u8,
    pub analysis_table_mb: u16,
}

impl Default for EngineOptions {
    fn default() -> EngineOptions {
        EngineOptions {
            book: true,
            analysis_threads: 0,
            analysis_table_mb: 64,
        }
    }
}

/// Whether the engine may help the player with the game on the board: the hints, the best line
/// and the evaluation graph. An online game's invitation may forbid it for both players; the
/// computer player and the review after the game are not help.
#[derive(Resource, Clone, Copy, PartialEq, Eq, Debug)]
pub struct EngineHelp {
    pub allowed: bool,
}

impl Default for EngineHelp {
    fn default() -> EngineHelp {
        EngineHelp { allowed: true }
    }
}

/// The table sizes offered, in MB.
pub const TABLE_SIZES_MB: [u16; 7] = [16, 32, 64, 128, 256, 512, 1024];

impl EngineOptions {
    /// The threads an analysis searches with.
    pub fn threads(&self) -> usize {
        match self.analysis_threads {
            0 => available_threads(),
            n => usize::from(n).min(available_threads().max(1) * 4),
        }
    }

    /// The table an analysis searches with, in MB.
    pub fn table_mb(&self) -> usize {
        usize::from(
            self.analysis_table_mb
                .clamp(TABLE_SIZES_MB[0], TABLE_SIZES_MB[6]),
        )
    }
}

/// Whether the engine works for the player (the computer, the hints, the best line, a review):
/// the window keeps drawing to show it, and the evaluation graph leaves it the cores.
#[derive(bevy::ecs::system::SystemParam)]
pub struct EngineWork<'w> {
    computer: Res<'w, ComputerPlayer>,
    pace: Res<'w, ComputerPace>,
    time: Res<'w, Time>,
    hints: Res<'w, Hints>,
    best_line: Res<'w, BestLine>,
    review: Res<'w, Review>,
    analysis: Res<'w, Analysis>,
}

impl EngineWork<'_> {
    /// How long until the computer's held answer is played (see
    /// [`ComputerPlayer::answer_due_in`]).
    pub fn answer_due_in(&self) -> Option<std::time::Duration> {
        self.computer.answer_due_in(self.time.elapsed(), &self.pace)
    }

    pub fn is_thinking(&self) -> bool {
        self.computer_is_thinking() || self.player_view_is_thinking() || self.review_is_thinking()
    }

    /// The computer searches its move.
    pub fn computer_is_thinking(&self) -> bool {
        self.computer.is_thinking()
    }

    /// A search the player sees runs: the hints, the best line or the analysis.
    pub fn player_view_is_thinking(&self) -> bool {
        self.hints.is_thinking() || self.best_line.is_thinking() || self.analysis.is_thinking()
    }

    /// A review of the game searches.
    pub fn review_is_thinking(&self) -> bool {
        self.review.is_thinking()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_edited_analysis_table_or_thread_count_stays_within_bounds() {
        let edited = |analysis_threads, analysis_table_mb| EngineOptions {
            book: true,
            analysis_threads,
            analysis_table_mb,
        };
        assert_eq!(edited(0, 0).table_mb(), 16);
        assert_eq!(edited(0, u16::MAX).table_mb(), 1024);
        assert_eq!(edited(0, 64).threads(), available_threads());
        assert!(edited(u8::MAX, 64).threads() <= available_threads().max(1) * 4);
        assert_eq!(edited(1, 64).threads(), 1);
    }
}
