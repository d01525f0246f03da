//! A set of squares of the 16x16 grid every board fits in: 256 bits in four words, bit
//! `row * 16 + column` (the square's grid index).

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

use crate::square::Square;

/// Squares of a board up to 16x16 as a 256-bit set.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Bits([u64; 4]);

/// The eight directions as (column step, row step).
pub const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

impl Bits {
    pub const EMPTY: Bits = Bits([0; 4]);

    pub fn single(square: Square) -> Bits {
        let mut bits = Bits::EMPTY;
        bits.insert(square);
        bits
    }

    pub fn is_empty(self) -> bool {
        self.0 == [0; 4]
    }

    pub fn count(self) -> u32 {
        self.0.iter().map(|word| word.count_ones()).sum()
    }

    pub fn contains(self, square: Square) -> bool {
        let index = square.grid_index();
        self.0[index / 64] >> (index % 64) & 1 != 0
    }

    pub fn insert(&mut self, square: Square) {
        let index = square.grid_index();
        self.0[index / 64] |= 1 << (index % 64);
    }

    /// The squares in the set, a1 first, row by row.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        let words = self.0;
        (0..4).flat_map(move |word| {
            let mut bits = words[word];
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(Square::from_grid_index((word * 64 + bit) as u8))
            })
        })
    }

    /// The first square of the set (a1 first, row by row).
    pub fn first(self) -> Option<Square> {
        self.squares().next()
    }

    /// Takes the first square out of the set (a1 first, row by row).
    #[inline]
    pub fn pop_first(&mut self) -> Option<Square> {
        let word = self.0.iter().position(|&word| word != 0)?;
        let bit = self.0[word].trailing_zeros() as usize;
        self.0[word] &= self.0[word] - 1;
        Some(Square::from_grid_index((word * 64 + bit) as u8))
    }

    /// The set's four words, squares `64 * i ..` in word `i`.
    pub fn words(self) -> [u64; 4] {
        self.0
    }

    /// Every square moved one step in `direction` (column step, row step, not both 0); squares
    /// leaving the 16x16 grid are dropped, and a step never wraps from one row's end to the next.
    #[inline(always)]
    pub fn step(self, (dx, dy): (i8, i8)) -> Bits {
        let source = match dx {
            1 => self & !LAST_COLUMN,
            -1 => self & !FIRST_COLUMN,
            _ => self,
        };
        let shift = i32::from(dy) * 16 + i32::from(dx);
        if shift >= 0 {
            source.shl(shift as u32)
        } else {
            source.shr(shift.unsigned_abs())
        }
    }

    /// Every square's neighbours in the eight directions (the squares themselves not included
    /// unless they neighbour another one).
    pub fn neighbours(self) -> Bits {
        DIRECTIONS
            .iter()
            .fold(Bits::EMPTY, |all, &direction| all | self.step(direction))
    }

    /// The set shifted towards higher squares by `shift` bits (0 < shift < 64).
    #[inline(always)]
    fn shl(self, shift: u32) -> Bits {
        debug_assert!(shift > 0 && shift < 64);
        let w = self.0;
        Bits([
            w[0] << shift,
            w[1] << shift | w[0] >> (64 - shift),
            w[2] << shift | w[1] >> (64 - shift),
            w[3] << shift | w[2] >> (64 - shift),
        ])
    }

    /// The set shifted towards lower squares by `shift` bits (0 < shift < 64).
    #[inline(always)]
    fn shr(self, shift: u32) -> Bits {
        debug_assert!(shift > 0 && shift < 64);
        let w = self.0;
        Bits([
            w[0] >> shift | w[1] << (64 - shift),
            w[1] >> shift | w[2] << (64 - shift),
            w[2] >> shift | w[3] << (64 - shift),
            w[3] >> shift,
        ])
    }
}

/// Column a of the grid: bit 0 of each 16-bit row, four rows to a word.
const FIRST_COLUMN: Bits = Bits([0x0001_0001_0001_0001; 4]);
/// Column p of the grid: bit 15 of each row.
const LAST_COLUMN: Bits = Bits([0x8000_8000_8000_8000; 4]);

impl BitAnd for Bits {
    type Output = Bits;
    fn bitand(self, other: Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }
}

impl BitOr for Bits {
    type Output = Bits;
    fn bitor(self, other: Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }
}

impl BitXor for Bits {
    type Output = Bits;
    fn bitxor(self, other: Bits) -> Bits {
        Bits(std::array::from_fn(|i| self.0[i] ^ other.0[i]))
    }
}

impl Not for Bits {
    type Output = Bits;
    fn not(self) -> Bits {
        Bits(self.0.map(|word| !word))
    }
}

impl BitAndAssign for Bits {
    fn bitand_assign(&mut self, other: Bits) {
        *self = *self & other;
    }
}

impl BitOrAssign for Bits {
    fn bitor_assign(&mut self, other: Bits) {
        *self = *self | other;
    }
}

impl FromIterator<Square> for Bits {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> Bits {
        let mut bits = Bits::EMPTY;
        for square in squares {
            bits.insert(square);
        }
        bits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn steps_move_squares_and_never_wrap() {
        let p1 = Bits::single(square("p1"));
        assert!(p1.step((1, 0)).is_empty(), "off the right edge");
        assert_eq!(p1.step((-1, 1)), Bits::single(square("o2")));
        let a2 = Bits::single(square("a2"));
        assert!(a2.step((-1, 0)).is_empty(), "off the left edge");
        assert_eq!(a2.step((0, -1)), Bits::single(square("a1")));
        // Crossing every word boundary: d4 (grid 51) down to d5 (67), p16 (255) up-left.
        assert_eq!(
            Bits::single(square("d4")).step((0, 1)),
            Bits::single(square("d5"))
        );
        assert_eq!(
            Bits::single(square("p16")).step((-1, -1)),
            Bits::single(square("o15"))
        );
        assert!(Bits::single(square("p16")).step((0, 1)).is_empty());
    }

    #[test]
    fn the_edge_columns_hold_the_a_and_p_squares() {
        for row in 0..16 {
            assert!(FIRST_COLUMN.contains(Square::from_coords(0, row).unwrap()));
            assert!(LAST_COLUMN.contains(Square::from_coords(15, row).unwrap()));
        }
        assert_eq!((FIRST_COLUMN.count(), LAST_COLUMN.count()), (16, 16));
    }

    #[test]
    fn squares_iterate_in_reading_order() {
        let set: Bits = ["j10", "a1", "p16", "c1"]
            .iter()
            .map(|s| square(s))
            .collect();
        let names: Vec<String> = set.squares().map(|s| s.to_string()).collect();
        assert_eq!(names, ["a1", "c1", "j10", "p16"]);
        assert_eq!(set.count(), 4);
        assert_eq!(Bits::single(square("b2")).neighbours().count(), 8);
    }
}
