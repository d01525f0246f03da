//! Board strings and OBF lines: 64 squares in a1..h1, a2..h8 order, then the side to move.
//!
//! `X` (or `*`) is black, `O` is white, `-` (or `.`) is empty, either case; whitespace between the
//! squares and the side letter; an optional `;` starts whatever follows (OBF scores, comments).

use std::str::FromStr;

use thiserror::Error;

use crate::board::Board;
use crate::color::Color;
use crate::square::Square;

/// Why a board string cannot be read. Positions count the square characters from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BoardStringError {
    #[error("the board string is empty: expected 64 squares (X, O or -) and the side to move")]
    Empty,
    #[error("expected 64 squares, found {found}")]
    SquareCount { found: usize },
    #[error("expected the side to move (X or O) after the 64 squares")]
    MissingSideToMove,
    #[error("character {position} ('{found}') is not X, O or -")]
    BadSquare { position: usize, found: char },
    #[error("the side to move '{found}' is not X or O")]
    BadSideToMove { found: char },
}

/// Reads a board string or an OBF line.
pub fn parse_board_string(text: &str) -> Result<Board, BoardStringError> {
    let body = text.split(';').next().unwrap_or("");
    let tokens: Vec<&str> = body.split_whitespace().collect();
    let Some(&last) = tokens.last() else {
        return Err(BoardStringError::Empty);
    };
    let (squares, side): (Vec<char>, char) = if tokens.len() >= 2 && last.chars().count() == 1 {
        let squares = tokens[..tokens.len() - 1]
            .iter()
            .flat_map(|token| token.chars())
            .collect();
        (squares, last.chars().next().unwrap_or(' '))
    } else {
        let mut all: Vec<char> = tokens.iter().flat_map(|token| token.chars()).collect();
        match all.len() {
            64 => return Err(BoardStringError::MissingSideToMove),
            // The side letter written right after the squares.
            65 => {
                let side = all.pop().unwrap_or(' ');
                (all, side)
            }
            found => return Err(BoardStringError::SquareCount { found }),
        }
    };
    if squares.len() != 64 {
        return Err(BoardStringError::SquareCount {
            found: squares.len(),
        });
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (index, &found) in squares.iter().enumerate() {
        match found {
            'X' | 'x' | '*' => black |= 1 << index,
            'O' | 'o' => white |= 1 << index,
            '-' | '.' => {}
            _ => {
                return Err(BoardStringError::BadSquare {
                    position: index + 1,
                    found,
                });
            }
        }
    }
    let to_move = match side {
        'X' | 'x' | '*' => Color::Black,
        'O' | 'o' => Color::White,
        found => return Err(BoardStringError::BadSideToMove { found }),
    };
    Ok(Board {
        black,
        white,
        to_move,
    })
}

impl Board {
    /// The board string: 64 of `X`, `O`, `-` in a1..h1, a2..h8 order, a space, `X` or `O`.
    pub fn to_board_string(&self) -> String {
        let mut text: String = Square::all()
            .map(|square| match self.disc_at(square) {
                Some(color) => color.symbol(),
                None => '-',
            })
            .collect();
        text.push(' ');
        text.push(self.to_move.symbol());
        text
    }
}

impl FromStr for Board {
    type Err = BoardStringError;

    fn from_str(text: &str) -> Result<Board, BoardStringError> {
        parse_board_string(text)
    }
}

/// The board drawn for a terminal: columns a-h across, rows 1-8 down, `X` black, `O` white,
/// `.` empty and `+` a legal move for the side to move.
pub fn diagram(board: &Board) -> String {
    let legal = board.legal_moves();
    let mut text = String::from("  a b c d e f g h\n");
    for row in 0..8 {
        text.push(char::from(b'1' + row));
        for column in 0..8 {
            let Some(square) = Square::from_coords(column, row) else {
                continue;
            };
            let symbol = match board.disc_at(square) {
                Some(color) => color.symbol(),
                None if legal & square.bit() != 0 => '+',
                None => '.',
            };
            text.push(' ');
            text.push(symbol);
        }
        text.push('\n');
    }
    text
}
