//! A position with colours: what a game shows and records.

mod text;

use thiserror::Error;

use crate::color::Color;
use crate::position::Position;
use crate::square::Square;

pub(crate) use text::without_byte_order_mark;
pub use text::{BoardStringError, parse_board_string};
pub(crate) use text::{parse_squares, write_board_string};

/// Black's discs, white's discs and the colour to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    pub black: u64,
    pub white: u64,
    pub to_move: Color,
}

/// Why a move cannot be played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("{0} is not on the board")]
    OffBoard(Square),
    #[error("{0} is already taken")]
    Occupied(Square),
    #[error("{0} flips nothing")]
    FlipsNothing(Square),
    #[error("{0} flips nothing and touches none of the player's own discs")]
    FlipsNothingAlone(Square),
    #[error("{0} is not one of the empty centre squares, where the first four discs go")]
    NotCentre(Square),
    #[error("the player has no discs left and must pass")]
    NoDiscsLeft,
    #[error("a pass is only allowed when there is no legal move")]
    PassNotAllowed,
    #[error("the game is over")]
    GameOver,
}

impl Board {
    /// The standard start: white d4 and e5, black d5 and e4.
    pub const fn start(first_to_move: Color) -> Board {
        let start = Position::start();
        Board {
            black: start.player,
            white: start.opponent,
            to_move: first_to_move,
        }
    }

    pub fn from_position(position: Position, to_move: Color) -> Board {
        match to_move {
            Color::Black => Board {
                black: position.player,
                white: position.opponent,
                to_move,
            },
            Color::White => Board {
                black: position.opponent,
                white: position.player,
                to_move,
            },
        }
    }

    /// The position seen from the side to move.
    pub fn position(&self) -> Position {
        match self.to_move {
            Color::Black => Position::new(self.black, self.white),
            Color::White => Position::new(self.white, self.black),
        }
    }

    pub fn discs(&self, color: Color) -> u64 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    pub fn count(&self, color: Color) -> u32 {
        self.discs(color).count_ones()
    }

    pub fn disc_at(&self, square: Square) -> Option<Color> {
        if self.black & square.bit() != 0 {
            Some(Color::Black)
        } else if self.white & square.bit() != 0 {
            Some(Color::White)
        } else {
            None
        }
    }

    pub fn legal_moves(&self) -> u64 {
        self.position().legal_moves()
    }

    pub fn is_legal(&self, square: Square) -> bool {
        self.legal_moves() & square.bit() != 0
    }

    /// The discs playing `square` would flip, or why it cannot be played.
    pub fn flips(&self, square: Square) -> Result<u64, MoveError> {
        if self.is_game_over() {
            return Err(MoveError::GameOver);
        }
        if !square.is_on_8x8() {
            return Err(MoveError::OffBoard(square));
        }
        if (self.black | self.white) & square.bit() != 0 {
            return Err(MoveError::Occupied(square));
        }
        match self.position().flips(square) {
            0 => Err(MoveError::FlipsNothing(square)),
            flipped => Ok(flipped),
        }
    }

    /// The board after the side to move plays `square`; the other colour is then to move.
    pub fn play(&self, square: Square) -> Result<Board, MoveError> {
        let flipped = self.flips(square)?;
        let next = self.position().play_with_flips(square, flipped);
        Ok(Board::from_position(next, self.to_move.opponent()))
    }

    /// The board after the side to move passes, allowed only when it has no legal move and the
    /// game is not over.
    pub fn pass(&self) -> Result<Board, MoveError> {
        if self.is_game_over() {
            return Err(MoveError::GameOver);
        }
        if self.legal_moves() != 0 {
            return Err(MoveError::PassNotAllowed);
        }
        Ok(Board {
            to_move: self.to_move.opponent(),
            ..*self
        })
    }

    /// The side to move has no legal move but the other side has.
    pub fn must_pass(&self) -> bool {
        self.legal_moves() == 0 && !self.is_game_over()
    }

    pub fn is_game_over(&self) -> bool {
        self.position().is_game_over()
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::start(Color::Black)
    }
}
