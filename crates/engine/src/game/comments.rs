//! A player's comments on moves. Each is kept with the moves that lead to it from the start, so
//! it stays on its move through undo, redo and side lines, and a line played again finds its
//! comments again.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::Move;

/// The longest comment kept, in characters: a paragraph, not a file.
pub const MAX_COMMENT_CHARS: usize = 2000;

/// A comment asked for a move the line on show does not have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("the game has no move at index {index}")]
pub struct NoSuchMove {
    pub index: usize,
}

/// A comment on the last move of `line`, a game's moves from its start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveComment {
    pub line: Vec<Move>,
    pub text: String,
}

/// The comments of one game, at most one per move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Comments(Vec<MoveComment>);

impl Comments {
    /// The comment on the last move of `line`.
    pub(super) fn on(&self, line: &[Move]) -> Option<&str> {
        self.0
            .iter()
            .find(|comment| comment.line == line)
            .map(|comment| comment.text.as_str())
    }

    /// Sets the comment on the last move of `line` to `text`, its ends trimmed and cut to
    /// [`MAX_COMMENT_CHARS`]; an empty text removes it.
    pub(super) fn set(&mut self, line: &[Move], text: &str) {
        let text: String = text.trim().chars().take(MAX_COMMENT_CHARS).collect();
        self.0.retain(|comment| comment.line != line);
        if !text.is_empty() {
            self.0.push(MoveComment {
                line: line.to_vec(),
                text,
            });
        }
    }

    /// The comments whose moves `keeps` says are still in the game, in the order they were
    /// made.
    pub(super) fn kept(&self, keeps: impl Fn(&[Move]) -> bool) -> Vec<MoveComment> {
        self.0
            .iter()
            .filter(|comment| keeps(&comment.line))
            .cloned()
            .collect()
    }
}
