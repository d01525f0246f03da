//! Squares a1..p16: column letter, row number, a1 top-left. The standard game uses a1..h8; the
//! larger boards of the variants reach p16.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// The most columns (and rows) a board can have.
pub const MAX_BOARD_SIZE: u8 = 16;

/// One square of a board up to 16x16, stored as `row * 16 + column` (a1 = 0, p1 = 15, a2 = 16).
///
/// The 8x8 bitboards number their bits `row * 8 + column`; `index`, `bit`, `from_index` and
/// `iter_bits` convert to and from that numbering, and only make sense for a1..h8.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseSquareError {
    #[error("'{0}' is not a square: expected a column a-p and a row 1-16, like d3 or j10")]
    Invalid(String),
}

impl Square {
    /// The square with 8x8 bit index `index`, if it is below 64.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square((index / 8) * 16 + index % 8))
        } else {
            None
        }
    }

    /// The square at `column` (0 = a) and `row` (0 = row 1), if both are below 16.
    pub const fn from_coords(column: u8, row: u8) -> Option<Square> {
        if column < MAX_BOARD_SIZE && row < MAX_BOARD_SIZE {
            Some(Square(row * 16 + column))
        } else {
            None
        }
    }

    /// Whether the square is one of the standard board's a1..h8.
    pub const fn is_on_8x8(self) -> bool {
        self.column() < 8 && self.row() < 8
    }

    /// The 8x8 bit index `row * 8 + column` (a1..h8 only).
    pub const fn index(self) -> usize {
        debug_assert!(self.is_on_8x8());
        (self.row() as usize) * 8 + self.column() as usize
    }

    /// The index `row * 16 + column` on the 16x16 grid every board fits in.
    pub const fn grid_index(self) -> usize {
        self.0 as usize
    }

    /// The square with grid index `index` (`row * 16 + column`).
    pub const fn from_grid_index(index: u8) -> Square {
        Square(index)
    }

    /// Column 0..16 (0 = a).
    pub const fn column(self) -> u8 {
        self.0 % 16
    }

    /// Row 0..16 (0 = row 1).
    pub const fn row(self) -> u8 {
        self.0 / 16
    }

    /// The square's bit on the 8x8 bitboard; 0 for a square off that board, so an 8x8 board
    /// never sees a disc on i9 or a move there.
    pub const fn bit(self) -> u64 {
        if self.is_on_8x8() {
            1u64 << self.index()
        } else {
            0
        }
    }

    /// All squares of the 8x8 board in a1, b1, ..., h8 order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).filter_map(Square::from_index)
    }

    /// The squares whose 8x8 bits are set in `bits`, lowest index first.
    pub fn iter_bits(bits: u64) -> impl Iterator<Item = Square> {
        SquareBits(bits)
    }
}

struct SquareBits(u64);

impl Iterator for SquareBits {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Square::from_index(index)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column()) as char, self.row() + 1)
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Accepts `d3`, `D3` and `j10`.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let invalid = || ParseSquareError::Invalid(s.to_string());
        let (letter, number) = s.split_at_checked(1).ok_or_else(invalid)?;
        let column = letter.as_bytes()[0].to_ascii_lowercase().wrapping_sub(b'a');
        let plain_number = !number.is_empty()
            && number.len() <= 2
            && !number.starts_with('0')
            && number.bytes().all(|b| b.is_ascii_digit());
        if !plain_number {
            return Err(invalid());
        }
        let row = number.parse::<u8>().map_err(|_| invalid())?.wrapping_sub(1);
        Square::from_coords(column, row).ok_or_else(invalid)
    }
}

/// Saved as its name (`"d3"`), so saved games stay readable and a tampered index cannot slip in.
impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Square, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_column_letter_row_number() {
        assert_eq!(Square::from_index(0).unwrap().to_string(), "a1");
        assert_eq!(Square::from_index(7).unwrap().to_string(), "h1");
        assert_eq!(Square::from_index(8).unwrap().to_string(), "a2");
        assert_eq!(Square::from_index(63).unwrap().to_string(), "h8");
        assert_eq!("D3".parse::<Square>().unwrap().to_string(), "d3");
    }

    #[test]
    fn bad_names_are_rejected() {
        for bad in [
            "", "d", "d17", "q1", "d0", "d01", "33", "d33", "é1", "d+3", "dd",
        ] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn large_board_squares_are_named_up_to_p16() {
        let j10 = "J10".parse::<Square>().unwrap();
        assert_eq!((j10.column(), j10.row()), (9, 9));
        assert_eq!(j10.to_string(), "j10");
        assert_eq!("p16".parse::<Square>().unwrap().to_string(), "p16");
        assert!(!j10.is_on_8x8());
        assert_eq!(j10.bit(), 0, "off the 8x8 board: no bit");
    }

    #[test]
    fn bit_indices_round_trip_on_the_8x8_board() {
        for index in 0..64 {
            let square = Square::from_index(index).unwrap();
            assert!(square.is_on_8x8());
            assert_eq!(square.index(), index as usize);
            assert_eq!(square.bit(), 1 << index);
        }
        assert_eq!(Square::all().count(), 64);
    }
}
