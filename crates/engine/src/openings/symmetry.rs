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

    /// The symmetry that undoes this one: the quarter turns undo each other, the others
    /// themselves.
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::QuarterTurn => Symmetry::ThreeQuarterTurn,
            Symmetry::ThreeQuarterTurn => Symmetry::QuarterTurn,
            other => other,
        }
    }

    /// The image of a set of squares (one bit a square), as `apply` moves each of them; built
    /// from three bit shuffles so that the opening book can compare a position's eight images
    /// quickly.
    pub fn apply_bits(self, bits: u64) -> u64 {
        match self {
            Symmetry::Identity => bits,
            Symmetry::Transpose => transpose(bits),
            Symmetry::HalfTurn => mirror_columns(bits.swap_bytes()),
            Symmetry::AntiTranspose => mirror_columns(transpose(bits).swap_bytes()),
            Symmetry::MirrorColumns => mirror_columns(bits),
            // A row is a byte: reversing the bytes exchanges top and bottom.
            Symmetry::MirrorRows => bits.swap_bytes(),
            Symmetry::QuarterTurn => mirror_columns(transpose(bits)),
            Symmetry::ThreeQuarterTurn => transpose(bits).swap_bytes(),
        }
    }
}

/// Reverses the bits of every byte: column a and h exchanged, b and g, and so on.
fn mirror_columns(bits: u64) -> u64 {
    let bits = ((bits >> 1) & 0x5555_5555_5555_5555) | ((bits & 0x5555_5555_5555_5555) << 1);
    let bits = ((bits >> 2) & 0x3333_3333_3333_3333) | ((bits & 0x3333_3333_3333_3333) << 2);
    ((bits >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((bits & 0x0F0F_0F0F_0F0F_0F0F) << 4)
}

/// Column and row exchanged (the a1-h8 reflection) by three swaps of blocks across the diagonal:
/// 4x4 blocks, then 2x2, then single squares.
fn transpose(bits: u64) -> u64 {
    let mut bits = bits;
    let swap = 0x0F0F_0F0F_0000_0000 & (bits ^ (bits << 28));
    bits ^= swap ^ (swap >> 28);
    let swap = 0x3333_0000_3333_0000 & (bits ^ (bits << 14));
    bits ^= swap ^ (swap >> 14);
    let swap = 0x5500_5500_5500_5500 & (bits ^ (bits << 7));
    bits ^ swap ^ (swap >> 7)
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

    #[test]
    fn bit_images_move_every_square_as_apply_does_and_inverses_undo() {
        for symmetry in Symmetry::ALL {
            for square in Square::all() {
                let image = symmetry.apply(square);
                assert_eq!(
                    symmetry.apply_bits(square.bit()),
                    image.bit(),
                    "{symmetry:?}"
                );
                assert_eq!(symmetry.inverse().apply(image), square, "{symmetry:?}");
            }
            let mixed = 0x8142_2418_F00F_0A51u64;
            assert_eq!(
                symmetry.inverse().apply_bits(symmetry.apply_bits(mixed)),
                mixed
            );
        }
    }
}
