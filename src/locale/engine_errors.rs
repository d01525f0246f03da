//! The engine's errors that reach the player, in the player's language. The engine words them in
//! English for its command-line tools; here each becomes a message with the same facts. Free
//! text the engine adds (what a GGF property should hold) is passed on as it is.

use reversi_engine::GameError;
use reversi_engine::board::{BoardStringError, MoveError};
use reversi_engine::format::{
    FormatError, GgfError, GgfErrorKind, IllegalMoveReason, TranscriptError,
};
use reversi_engine::variant::VariantBoardError;

use super::Text;

/// Why a move cannot be played.
pub fn move_error(error: &MoveError) -> Text {
    match error {
        MoveError::Occupied(square) => Text::new("move-error-occupied").with("square", *square),
        MoveError::FlipsNothing(square) => {
            Text::new("move-error-flips-nothing").with("square", *square)
        }
        MoveError::PassNotAllowed => Text::new("move-error-pass-not-allowed"),
        MoveError::GameOver => Text::new("move-error-game-over"),
        MoveError::OffBoard(square) => Text::new("move-error-off-board").with("square", *square),
        MoveError::FlipsNothingAlone(square) => {
            Text::new("move-error-flips-nothing-alone").with("square", *square)
        }
        MoveError::NotCentre(square) => Text::new("move-error-not-centre").with("square", *square),
        MoveError::NoDiscsLeft => Text::new("move-error-no-discs-left"),
    }
}

/// Why a resignation or a loss on time cannot be recorded.
pub fn game_error(error: &GameError) -> Text {
    match error {
        GameError::Move(error) => move_error(error),
        GameError::GameOver => Text::new("move-error-game-over"),
    }
}

/// Why a transcript, a board string or a GGF text cannot be read.
pub fn format_error(error: &FormatError) -> Text {
    match error {
        FormatError::Board(VariantBoardError::Text(error)) => board_string_error(error),
        FormatError::Board(VariantBoardError::DiscOffBoard(square, variant)) => {
            Text::new("board-error-disc-off-board")
                .with("square", *square)
                .with("variant", variant.to_string())
        }
        FormatError::Board(VariantBoardError::SupplyExceeded(variant)) => {
            Text::new("board-error-supply-exceeded").with("variant", variant.to_string())
        }
        FormatError::Transcript(error) => transcript_error(error),
        FormatError::Ggf(error) => ggf_error(error),
    }
}

fn board_string_error(error: &BoardStringError) -> Text {
    match error {
        BoardStringError::Empty { expected } => {
            Text::new("board-error-empty").with("expected", *expected)
        }
        BoardStringError::CommentFirst => Text::new("board-error-comment-first"),
        BoardStringError::SquareCount { expected, found } => Text::new("board-error-square-count")
            .with("expected", *expected)
            .with("found", *found),
        BoardStringError::MissingSideToMove { expected } => {
            Text::new("board-error-missing-side").with("expected", *expected)
        }
        BoardStringError::BadSquare { position, found } => Text::new("board-error-bad-square")
            .with("position", *position)
            .with("found", found.to_string()),
        BoardStringError::BadSideToMove { position, found } => Text::new("board-error-bad-side")
            .with("position", *position)
            .with("found", found.to_string()),
        BoardStringError::TrailingText { position, found } => {
            Text::new("board-error-trailing-text")
                .with("position", *position)
                .with("found", found.to_string())
        }
    }
}

fn transcript_error(error: &TranscriptError) -> Text {
    match error {
        TranscriptError::UnexpectedCharacter { position, found } => {
            Text::new("transcript-error-unexpected")
                .with("position", *position)
                .with("found", found.to_string())
        }
        TranscriptError::NotASquare {
            position,
            text,
            last,
        } => Text::new("transcript-error-not-a-square")
            .with("position", *position)
            .with("text", text.as_str())
            .with("last", *last),
        TranscriptError::NoMoves => Text::new("transcript-error-no-moves"),
        TranscriptError::IllegalMove { number, mv, reason } => {
            Text::new("transcript-error-illegal-move")
                .with("number", *number)
                .with("move", mv.to_string())
                .with("reason", illegal_move_reason(reason))
        }
    }
}

fn illegal_move_reason(reason: &IllegalMoveReason) -> Text {
    match reason {
        IllegalMoveReason::FlipsNothing => Text::new("illegal-move-flips-nothing"),
        IllegalMoveReason::Occupied => Text::new("illegal-move-occupied"),
        IllegalMoveReason::GameOver => Text::new("illegal-move-game-over"),
        IllegalMoveReason::OffBoard => Text::new("illegal-move-off-board"),
        IllegalMoveReason::FlipsNothingAlone => Text::new("illegal-move-flips-nothing-alone"),
        IllegalMoveReason::NotCentre => Text::new("illegal-move-not-centre"),
        IllegalMoveReason::NoDiscsLeft => Text::new("illegal-move-no-discs-left"),
        IllegalMoveReason::PassNotAllowed { legal } => {
            Text::new("illegal-move-pass-not-allowed").with("legal", *legal)
        }
    }
}

/// A GGF error names the game of the file it is in.
pub fn ggf_error(error: &GgfError) -> Text {
    let kind = match &error.kind {
        GgfErrorKind::NoGame => Text::new("ggf-error-no-game"),
        GgfErrorKind::ManyGames { count } => {
            Text::new("ggf-error-many-games").with("count", *count)
        }
        GgfErrorKind::Unexpected {
            position,
            found,
            expected,
        } => Text::new("ggf-error-unexpected")
            .with("position", *position)
            .with("found", found.to_string())
            .with("expected", *expected),
        GgfErrorKind::Truncated { start } => Text::new("ggf-error-truncated").with("start", *start),
        GgfErrorKind::UnclosedValue { property, position } => Text::new("ggf-error-unclosed")
            .with("property", property.as_str())
            .with("position", *position),
        GgfErrorKind::NotOthello { found } => {
            Text::new("ggf-error-not-othello").with("found", found.as_str())
        }
        GgfErrorKind::BoardSize { size, property } => Text::new("ggf-error-board-size")
            .with("size", *size)
            .with("property", *property),
        GgfErrorKind::Synchro { found } => {
            Text::new("ggf-error-synchro").with("found", found.as_str())
        }
        GgfErrorKind::BadValue {
            property,
            value,
            position,
            reason,
        } => Text::new("ggf-error-bad-value")
            .with("property", property.as_str())
            .with("value", value.as_str())
            .with("position", *position)
            .with("reason", reason.as_str()),
        GgfErrorKind::BadMove {
            number,
            position,
            text,
            reason,
        } => Text::new("ggf-error-bad-move")
            .with("number", *number)
            .with("position", *position)
            .with("text", text.as_str())
            .with("reason", reason.as_str()),
        GgfErrorKind::IllegalMove {
            number,
            position,
            mv,
            reason,
        } => Text::new("ggf-error-illegal-move")
            .with("number", *number)
            .with("position", *position)
            .with("move", mv.to_string())
            .with("reason", illegal_move_reason(reason)),
    };
    Text::new("ggf-error")
        .with("game", error.game)
        .with("error", kind)
}
