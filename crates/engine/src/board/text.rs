//! Board strings and OBF lines: 64 squares in a1..h1, a2..h8 order, then the side to move (the
//! variants' boards write all N x N squares the same way).
//!
//! `X` (or `*`) is black, `O` is white, `-` (or `.`) is empty, either case; whitespace between the
//! squares and the side letter; an optional `;` starts whatever follows (OBF scores, comments).
//! Anything else is refused with the character that is wrong and its place.

use std::str::FromStr;

use thiserror::Error;

use crate::board::Board;
use crate::color::Color;
use crate::square::Square;

/// Why a board string cannot be read. Positions count the characters of the text from 1, as
/// transcript errors do.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardStringError {
    #[error(
        "the board string is empty: expected {expected} squares (X, O or -) and the side to move"
    )]
    Empty { expected: usize },
    #[error(
        "the text starts with a comment (;): write the board string first, then ; and the comment"
    )]
    CommentFirst,
    #[error("expected {expected} squares, found {found}")]
    SquareCount { expected: usize, found: usize },
    #[error("expected the side to move (X or O) after the {expected} squares")]
    MissingSideToMove { expected: usize },
    #[error("character {position} ('{found}') is not X, O or -")]
    BadSquare { position: usize, found: char },
    #[error("character {position}: the side to move '{found}' is not X or O")]
    BadSideToMove { position: usize, found: char },
    #[error(
        "character {position} ('{found}'): unexpected text after the side to move (a comment starts with ;)"
    )]
    TrailingText { position: usize, found: char },
}

/// A character of the text that is not whitespace, with its place.
#[derive(Clone, Copy)]
struct Mark {
    /// Counted from 1 over the whole text.
    position: usize,
    found: char,
    /// Whitespace (or the start of the text) comes just before it.
    starts_word: bool,
}

fn is_side(c: char) -> bool {
    matches!(c, 'X' | 'x' | '*' | 'O' | 'o')
}

/// Reads a board string or an OBF line.
pub fn parse_board_string(text: &str) -> Result<Board, BoardStringError> {
    let (discs, to_move) = parse_squares(text, 64)?;
    let bits = |color: Color| {
        Square::all()
            .zip(&discs)
            .filter(|&(_, &disc)| disc == Some(color))
            .fold(0u64, |all, (square, _)| all | square.bit())
    };
    Ok(Board {
        black: bits(Color::Black),
        white: bits(Color::White),
        to_move,
    })
}

/// `text` without the byte-order mark some editors write at the start of a UTF-8 text (it is
/// not whitespace, so it would be read as a character that does not belong). Characters are
/// counted from after it, as editors show them. Every text format skips it through this.
pub(crate) fn without_byte_order_mark(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Reads `expected` squares (row by row) and the side to move from a board string: each
/// square's disc, if any, and the colour to move.
pub(crate) fn parse_squares(
    text: &str,
    expected: usize,
) -> Result<(Vec<Option<Color>>, Color), BoardStringError> {
    let text = without_byte_order_mark(text);
    let body = text.split(';').next().unwrap_or("");
    let mut marks = Vec::new();
    let mut after_space = true;
    for (index, found) in body.chars().enumerate() {
        if found.is_whitespace() {
            after_space = true;
            continue;
        }
        marks.push(Mark {
            position: index + 1,
            found,
            starts_word: after_space,
        });
        after_space = false;
    }
    if marks.is_empty() {
        let after_comment = text.split_once('\n').map_or("", |(_, rest)| rest);
        return Err(if text.contains(';') && !after_comment.trim().is_empty() {
            BoardStringError::CommentFirst
        } else {
            BoardStringError::Empty { expected }
        });
    }
    let count = marks.len();
    // The side to move is the character after the squares, or a lone last character after
    // fewer squares (so that a board string one square short says so).
    let lone_last = count >= 2 && marks[count - 1].starts_word;
    let side_at = if lone_last && count <= expected + 1 {
        Some(count - 1)
    } else if count > expected
        && (!lone_last || (marks[expected].starts_word && is_side(marks[expected].found)))
    {
        Some(expected)
    } else if lone_last {
        Some(count - 1)
    } else {
        None
    };
    let squares = &marks[..side_at.unwrap_or(count)];
    let mut discs = Vec::with_capacity(expected);
    for mark in squares {
        discs.push(match mark.found {
            'X' | 'x' | '*' => Some(Color::Black),
            'O' | 'o' => Some(Color::White),
            '-' | '.' => None,
            found => {
                return Err(BoardStringError::BadSquare {
                    position: mark.position,
                    found,
                });
            }
        });
    }
    if squares.len() != expected {
        return Err(BoardStringError::SquareCount {
            expected,
            found: squares.len(),
        });
    }
    let Some(side) = side_at.map(|at| marks[at]) else {
        return Err(BoardStringError::MissingSideToMove { expected });
    };
    let to_move = match side.found {
        'X' | 'x' | '*' => Color::Black,
        'O' | 'o' => Color::White,
        found => {
            return Err(BoardStringError::BadSideToMove {
                position: side.position,
                found,
            });
        }
    };
    if let Some(extra) = marks.get(expected + 1) {
        return Err(BoardStringError::TrailingText {
            position: extra.position,
            found: extra.found,
        });
    }
    Ok((discs, to_move))
}

impl Board {
    /// The board string: 64 of `X`, `O`, `-` in a1..h1, a2..h8 order, a space, `X` or `O`.
    pub fn to_board_string(&self) -> String {
        write_board_string(8, |square| self.disc_at(square), self.to_move)
    }
}

/// A board string of a `size` x `size` board: its squares row by row (`X`, `O`, `-`; a square
/// that is not part of the board is written empty), a space and the side to move.
pub(crate) fn write_board_string(
    size: u8,
    disc_at: impl Fn(Square) -> Option<Color>,
    to_move: Color,
) -> String {
    let mut text = String::with_capacity(usize::from(size) * usize::from(size) + 2);
    for row in 0..size {
        for column in 0..size {
            let square = Square::from_coords(column, row).expect("boards are at most 16x16");
            text.push(disc_at(square).map_or('-', Color::symbol));
        }
    }
    text.push(' ');
    text.push(to_move.symbol());
    text
}

impl FromStr for Board {
    type Err = BoardStringError;

    fn from_str(text: &str) -> Result<Board, BoardStringError> {
        parse_board_string(text)
    }
}
