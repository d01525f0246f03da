//! Why a GGF text cannot be read.

use thiserror::Error;

use crate::format::excerpt;
use crate::format::transcript::IllegalMoveReason;
use crate::game::Move;

/// Why a GGF text cannot be read: the game (counted from 1 in the text) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("GGF game {game}: {kind}")]
pub struct GgfError {
    pub game: usize,
    pub kind: GgfErrorKind,
}

/// What is wrong in a GGF game. Characters are counted from 1 over the whole text, moves from 1
/// as written in the game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GgfErrorKind {
    #[error("the text holds no game: a GGF game starts with (;")]
    NoGame,
    #[error("the text holds {count} games where one was expected")]
    ManyGames { count: usize },
    #[error("character {position} ('{found}'): expected {expected}")]
    Unexpected {
        position: usize,
        found: char,
        expected: &'static str,
    },
    #[error("the game starting at character {start} is cut short: it has no closing ;)")]
    Truncated { start: usize },
    #[error("property {} at character {position} has no closing ]", excerpt(.property))]
    UnclosedValue { property: String, position: usize },
    #[error("GM[{}] is not an Othello game", excerpt(.found))]
    NotOthello { found: String },
    #[error(
        "the board is {size}x{size} ({property}): only square boards of an even size from 4 to 16 can be read"
    )]
    BoardSize { size: u32, property: &'static str },
    #[error(
        "TY[{}] is a synchro game (two games at once), which cannot be read",
        excerpt(.found)
    )]
    Synchro { found: String },
    #[error(
        "{}[{}] at character {position}: {reason}",
        excerpt(.property),
        excerpt(.value)
    )]
    BadValue {
        property: String,
        value: String,
        position: usize,
        reason: String,
    },
    #[error("move {number} at character {position} ({}): {reason}", excerpt(.text))]
    BadMove {
        number: usize,
        position: usize,
        text: String,
        reason: String,
    },
    #[error("move {number} at character {position} ({mv}): {reason}")]
    IllegalMove {
        number: usize,
        position: usize,
        mv: Move,
        reason: IllegalMoveReason,
    },
}
