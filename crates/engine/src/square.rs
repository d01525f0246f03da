//! Squares a1..h8: column letter, row number, a1 top-left, h8 bottom-right.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// One of the 64 squares. Its bit index is `row * 8 + column` (a1 = 0, h1 = 7, a2 = 8, h8 = 63).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseSquareError {
    #[error("'{0}' is not a square: expected a column a-h and a row 1-8, like d3")]
    Invalid(String),
}

impl Square {
    /// The square with bit index `index`, if it is below 64.
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square at `column` (0 = a) and `row` (0 = row 1), if both are below 8.
    pub const fn from_coords(column: u8, row: u8) -> Option<Square> {
        if column < 8 && row < 8 {
            Some(Square(row * 8 + column))
        } else {
            None
        }
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column 0..8 (0 = a).
    pub const fn column(self) -> u8 {
        self.0 % 8
    }

    /// Row 0..8 (0 = row 1).
    pub const fn row(self) -> u8 {
        self.0 / 8
    }

    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// All squares in a1, b1, ..., h8 order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..64).map(Square)
    }

    /// The squares whose bits are set in `bits`, lowest index first.
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
        Some(Square(index))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.column()) as char, self.row() + 1)
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Accepts `d3` and `D3`.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let invalid = || ParseSquareError::Invalid(s.to_string());
        let bytes = s.as_bytes();
        if bytes.len() != 2 {
            return Err(invalid());
        }
        let column = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let row = bytes[1].wrapping_sub(b'1');
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
        for bad in ["", "d", "d9", "i1", "d0", "33", "d33", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
