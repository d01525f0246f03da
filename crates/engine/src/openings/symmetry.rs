//! The eight symmetries of the board. The standard start is unchanged by four of them (the
//! identity, the half turn and the two diagonal reflections), so a game and its image under one
//! of those are the same opening.

use crate::square::Square;

/// A rotation or reflection of the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Symmetry {
    Identity,
    /// The a1-h8 diagonal reflection: f5 becomes e6.
    Transpose,
    /// The half turn: f5 becomes c4.
    HalfTurn,
    /// The a8-h1 diagonal reflection: f5 becomes d3.
    AntiTranspose,
    /// Left and right exchanged.
    MirrorColumns,
    /// Top and bottom exchanged.
    MirrorRows,
    QuarterTurn,
    ThreeQuarterTurn,
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Transpose,
        Symmetry::HalfTurn,
        Symmetry::AntiTranspose,
        Symmetry::MirrorColumns,
        Symmetry::MirrorRows,
        Symmetry::QuarterTurn,
        Symmetry::ThreeQuarterTurn,
    ];

    /// The image of `square`.
    pub fn apply(self, square: Square) -> Square {
        let (column, row) = (square.column(), square.row());
        let (column, row) = match self {
            Symmetry::Identity => (column, row),
            Symmetry::Transpose => (row, column),
            Symmetry::HalfTurn => (7 - column, 7 - row),
            Symmetry::AntiTranspose => (7 - row, 7 - column),
            Symmetry::MirrorColumns => (7 - column, row),
            Symmetry::MirrorRows => (column, 7 - row),
            Symmetry::QuarterTurn => (7 - row, column),
            Symmetry::ThreeQuarterTurn => (row, 7 - column),
        };
        // Both coordinates stay below 8, so the square always exists.
        Square::from_coords(column, row).unwrap_or(square)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_moves_map_onto_each_other() {
        let f5: Square = "f5".parse().unwrap();
        let images: Vec<String> = Symmetry::ALL[..4]
            .iter()
            .map(|symmetry| symmetry.apply(f5).to_string())
            .collect();
        assert_eq!(images, ["f5", "e6", "c4", "d3"]);
        for symmetry in Symmetry::ALL {
            let mut seen = 0u64;
            for square in Square::all() {
                seen |= symmetry.apply(square).bit();
            }
            assert_eq!(seen, u64::MAX, "{symmetry:?} is a permutation");
        }
    }
}
