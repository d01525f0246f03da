//! Move transcripts: `f5d6c3d3` out; in, also `F5 D6`, `f5, d6`, `1. f5 2. d6`, `1.f5`, and
//! explicit passes (`pass`, `pa`, `--`, any case); `Game::from_transcript` and `Game::transcript`.

use thiserror::Error;

use crate::board::MoveError;
use crate::game::{Game, GameError, Move, Rules};
use crate::square::Square;
use crate::variant::Scoring;
use crate::variant::VariantBoard;

use super::{FormatError, excerpt};
use crate::board::without_byte_order_mark;

/// Why a transcript cannot be read. Moves are numbered from 1 as written in the text (explicit
/// passes count, inferred ones do not); characters are numbered from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TranscriptError {
    #[error(
        "character {position} ('{found}') is not part of a move: expected a square like f5, a pass (pass, pa, --) or a move number"
    )]
    UnexpectedCharacter { position: usize, found: char },
    #[error(
        "character {position} ('{}') is not a square: expected a1 to {last}",
        excerpt(.text)
    )]
    NotASquare {
        position: usize,
        text: String,
        last: Square,
    },
    #[error("the text has no moves, only separators or move numbers: expected squares like f5")]
    NoMoves,
    #[error("move {number} ({mv}): {reason}")]
    IllegalMove {
        number: usize,
        mv: Move,
        reason: IllegalMoveReason,
    },
}

/// Why a move of a transcript cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum IllegalMoveReason {
    #[error("flips nothing")]
    FlipsNothing,
    #[error("the square is already taken")]
    Occupied,
    #[error("the square is not on the board")]
    OffBoard,
    #[error("flips nothing and touches none of the player's own discs")]
    FlipsNothingAlone,
    #[error("the first four discs go on the empty centre squares")]
    NotCentre,
    #[error("the player has no discs left and must pass")]
    NoDiscsLeft,
    #[error("the game is over")]
    GameOver,
    #[error("a pass is not allowed: {legal} is legal")]
    PassNotAllowed { legal: Square },
}

impl Game {
    /// A game from the variant's start (per `rules`) and a transcript such as `f5d6c3` (squares up
    /// to p16 on the larger boards), with passes given or inferred (see [`parse_transcript`]).
    pub fn from_transcript(text: &str, rules: Rules) -> Result<Game, FormatError> {
        let mut game = Game::new(rules);
        play_transcript(&mut game, text)?;
        Ok(game)
    }

    /// The canonical transcript of `moves()`: lowercase squares, no separators, e.g.
    /// `f5d6c3d3`. Passes are omitted: the side to move has no legal move exactly when a pass is
    /// due, so a reader infers them ([`parse_transcript`] does).
    pub fn transcript(&self) -> String {
        write_transcript(self.moves())
    }
}

/// The canonical transcript: lowercase squares with no separators; passes are left out because
/// a reader infers them (the side to move has no legal move exactly when a pass is due). A pass
/// after the last move is therefore not kept: reading the text back leaves that side to pass.
pub fn write_transcript(moves: &[Move]) -> String {
    let mut text = String::with_capacity(moves.len() * 2);
    for mv in moves {
        if let Move::Play(square) = mv {
            text.push_str(&square.to_string());
        }
    }
    text
}

/// The moves of `text` played from `start`, with every pass as an explicit entry (given or
/// inferred), each checked to be legal.
pub fn parse_transcript(start: VariantBoard, text: &str) -> Result<Vec<Move>, TranscriptError> {
    let mut game = Game::from_board(start, Scoring::default());
    play_transcript(&mut game, text)?;
    Ok(game.history().to_vec())
}

/// Plays the moves of `text` into `game`, inferring a pass before a move when the side to move
/// has none.
fn play_transcript(game: &mut Game, text: &str) -> Result<(), TranscriptError> {
    let mut any = false;
    let size = game.board().variant().size;
    for (index, token) in tokens(text, size).enumerate() {
        any = true;
        let mv = token?;
        let number = index + 1;
        let illegal = |reason| TranscriptError::IllegalMove { number, mv, reason };
        match mv {
            Move::Play(_) => {
                if game.board().must_pass() {
                    game.play(Move::Pass)
                        .map_err(|_| illegal(IllegalMoveReason::GameOver))?;
                }
                game.play(mv).map_err(|error| illegal(reason_for(error)))?;
            }
            Move::Pass => {
                if game.is_over() {
                    return Err(illegal(IllegalMoveReason::GameOver));
                }
                if let Some(legal) = game.board().legal_moves().first() {
                    return Err(illegal(IllegalMoveReason::PassNotAllowed { legal }));
                }
                game.play(mv).map_err(|error| illegal(reason_for(error)))?;
            }
        }
    }
    // An empty text is the start position; a text of separators alone is a mistake.
    if !any && !text.trim().is_empty() {
        return Err(TranscriptError::NoMoves);
    }
    Ok(())
}

fn reason_for(error: GameError) -> IllegalMoveReason {
    match error {
        GameError::GameOver => IllegalMoveReason::GameOver,
        GameError::Move(error) => IllegalMoveReason::from(error),
    }
}

impl From<MoveError> for IllegalMoveReason {
    fn from(error: MoveError) -> IllegalMoveReason {
        match error {
            MoveError::GameOver => IllegalMoveReason::GameOver,
            MoveError::Occupied(_) => IllegalMoveReason::Occupied,
            MoveError::OffBoard(_) => IllegalMoveReason::OffBoard,
            MoveError::FlipsNothing(_) => IllegalMoveReason::FlipsNothing,
            MoveError::FlipsNothingAlone(_) => IllegalMoveReason::FlipsNothingAlone,
            MoveError::NotCentre(_) => IllegalMoveReason::NotCentre,
            MoveError::NoDiscsLeft => IllegalMoveReason::NoDiscsLeft,
            // Only reached for a pass, which is checked before playing it.
            MoveError::PassNotAllowed => IllegalMoveReason::FlipsNothing,
        }
    }
}

/// The moves written in `text` for a board of `size` x `size` squares, skipping separators and
/// move numbers.
fn tokens(text: &str, size: u8) -> impl Iterator<Item = Result<Move, TranscriptError>> + '_ {
    let text = without_byte_order_mark(text);
    let last_column = (b'a' + size - 1) as char;
    let last = Square::from_coords(size - 1, size - 1).expect("boards are at most 16x16");
    let mut chars = text.chars().enumerate().peekable();
    std::iter::from_fn(move || {
        loop {
            let (index, c) = chars.next()?;
            if c.is_whitespace() || matches!(c, ',' | ';' | '.') || c.is_ascii_digit() {
                // Separators, and the digits and dots of move numbers (`1.`, `12...`).
                continue;
            }
            let next = chars.peek().map(|&(_, next)| next);
            let lower = c.to_ascii_lowercase();
            if ('a'..=last_column).contains(&lower) && next.is_some_and(|n| n.is_ascii_digit()) {
                // A column letter and every digit after it: a row number of the board makes a
                // square.
                let mut written = String::from(c);
                while let Some(&(_, digit)) = chars.peek().filter(|(_, d)| d.is_ascii_digit()) {
                    written.push(digit);
                    chars.next();
                }
                let square = written
                    .parse::<Square>()
                    .ok()
                    .filter(|square| square.row() < size);
                return Some(match square {
                    Some(square) => Ok(Move::Play(square)),
                    None => Err(TranscriptError::NotASquare {
                        position: index + 1,
                        text: written,
                        last,
                    }),
                });
            } else if lower == 'p' && next.is_some_and(|n| n.eq_ignore_ascii_case(&'a')) {
                chars.next();
                // `pass` or its short form `pa`.
                let mut rest = chars.clone();
                if rest
                    .next()
                    .is_some_and(|(_, s)| s.eq_ignore_ascii_case(&'s'))
                    && rest
                        .next()
                        .is_some_and(|(_, s)| s.eq_ignore_ascii_case(&'s'))
                {
                    chars = rest;
                }
                return Some(Ok(Move::Pass));
            } else if c == '-' && next == Some('-') {
                chars.next();
                return Some(Ok(Move::Pass));
            }
            return Some(Err(TranscriptError::UnexpectedCharacter {
                position: index + 1,
                found: c,
            }));
        }
    })
}

#[cfg(test)]
mod tests {
    use crate::color::Color;
    use crate::game::{Game, Rules};
    use crate::variant::Variant;

    #[test]
    fn grand_othello_transcripts_name_squares_past_i() {
        let rules = Rules {
            variant: Variant::othello(10),
            ..Rules::default()
        };
        let game = Game::from_transcript("e4 f4 g5", rules).unwrap();
        assert_eq!(game.moves().len(), 3);
        assert_eq!(game.to_move(), Color::White);
        let compact = Game::from_transcript("e4f4g5", rules).unwrap();
        assert_eq!(compact.moves(), game.moves());
        let error = Game::from_transcript("e4 k3", rules).unwrap_err();
        assert!(error.to_string().contains("not part of a move"), "{error}");
        let error = Game::from_transcript("e11", rules).unwrap_err();
        assert!(error.to_string().contains("expected a1 to j10"), "{error}");
        let error = Game::from_transcript("a1", rules).unwrap_err();
        assert!(error.to_string().contains("flips nothing"), "{error}");
    }
}
