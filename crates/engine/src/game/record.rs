//! A game as saved: a plain record that is replayed when read, so a tampered file cannot
//! produce an inconsistent game.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::MoveError;
use crate::variant::{VariantBoardError, parse_variant_board, variant_board_string};

use super::comments::{MAX_COMMENT_CHARS, MoveComment};
use super::{EndReason, Game, GameError, Move, Rules};

/// What a saved game holds; loading replays it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub rules: Rules,
    /// The start position as a board string of the variant's N x N squares (`---...XO... X`).
    pub start: String,
    pub moves: Vec<Move>,
    pub cursor: usize,
    #[serde(default)]
    pub ending: Option<EndReason>,
    /// The other lines played, each a whole game's moves from the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub side_lines: Vec<Vec<Move>>,
    /// The player's comments on moves of the game or of its side lines.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<MoveComment>,
}

/// Why a saved game record cannot be loaded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error("bad start position: {0}")]
    Start(#[from] VariantBoardError),
    #[error("move {number} ({mv}) cannot be played: {error}")]
    IllegalMove {
        number: usize,
        mv: Move,
        error: GameError,
    },
    #[error("cursor {cursor} is beyond the {moves} recorded moves")]
    CursorOutOfRange { cursor: usize, moves: usize },
    #[error("the game ends by {0:?}, which needs the cursor at the end of an unfinished game")]
    MisplacedEnding(EndReason),
    #[error("the game cannot end by {0:?} in a saved record")]
    BadEnding(EndReason),
    #[error("side line {line}: move {number} ({mv}) cannot be played: {error}")]
    IllegalSideLineMove {
        line: usize,
        number: usize,
        mv: Move,
        error: MoveError,
    },
    #[error("comment {number} is on moves the game does not have")]
    CommentOffTheGame { number: usize },
    #[error("comment {number} has {chars} characters; at most {MAX_COMMENT_CHARS} are kept")]
    CommentTooLong { number: usize, chars: usize },
}

impl From<Game> for GameRecord {
    fn from(game: Game) -> GameRecord {
        let comments = game.comments();
        GameRecord {
            comments,
            rules: game.rules,
            start: variant_board_string(&game.start),
            cursor: game.cursor,
            ending: game.forfeit,
            moves: game.history,
            side_lines: game.side_lines,
        }
    }
}

impl TryFrom<GameRecord> for Game {
    type Error = RecordError;

    fn try_from(record: GameRecord) -> Result<Game, RecordError> {
        let start = parse_variant_board(record.rules.variant, &record.start)?;
        let mut game = Game::from_board(start, record.rules.scoring);
        for (index, &mv) in record.moves.iter().enumerate() {
            game.play(mv).map_err(|error| RecordError::IllegalMove {
                number: index + 1,
                mv,
                error,
            })?;
        }
        for (line, moves) in record.side_lines.into_iter().enumerate() {
            let mut board = start;
            for (index, &mv) in moves.iter().enumerate() {
                let next = match mv {
                    Move::Play(square) => board.play(square),
                    Move::Pass => board.pass(),
                };
                board = next.map_err(|error| RecordError::IllegalSideLineMove {
                    line: line + 1,
                    number: index + 1,
                    mv,
                    error,
                })?;
            }
            game.keep_side_line(moves);
        }
        for (index, comment) in record.comments.iter().enumerate() {
            let number = index + 1;
            let chars = comment.text.chars().count();
            if chars > MAX_COMMENT_CHARS {
                return Err(RecordError::CommentTooLong { number, chars });
            }
            let on_a_line =
                |line: &[Move]| !comment.line.is_empty() && line.starts_with(&comment.line);
            if !on_a_line(&game.history) && !game.side_lines.iter().any(|line| on_a_line(line)) {
                return Err(RecordError::CommentOffTheGame { number });
            }
            game.comments.set(&comment.line, &comment.text);
        }
        if record.cursor > record.moves.len() {
            return Err(RecordError::CursorOutOfRange {
                cursor: record.cursor,
                moves: record.moves.len(),
            });
        }
        while game.cursor > record.cursor {
            game.undo();
        }
        if let Some(reason) = record.ending {
            if record.cursor != record.moves.len() {
                return Err(RecordError::MisplacedEnding(reason));
            }
            let result = match reason {
                EndReason::Resigned(loser) => game.resign(loser),
                EndReason::OutOfTime(loser) => game.lose_on_time(loser),
                EndReason::DrawAgreed => game.agree_draw(),
                EndReason::NoMoves => return Err(RecordError::BadEnding(reason)),
            };
            result.map_err(|_| RecordError::MisplacedEnding(reason))?;
        }
        Ok(game)
    }
}
