//! Pattern features of the learned evaluation: which squares each pattern reads, its symmetric
//! instances, and the base-3 index of every instance in a position, plus the few scalar features
//! (mobility of each side, parity). One feature list serves the evaluation and the trainer, so
//! what is trained is exactly what is evaluated.
//!
//! Every pattern is read in all 8 orientations of the board (rotations and mirrors), each
//! instance listing its squares in the order the symmetry gives them. All instances of a pattern
//! share one table, so a position and its mirror image get the same features, and a pattern that
//! is its own mirror (a row, a diagonal) is read in both directions: its learned value is
//! symmetric by construction.

use std::sync::OnceLock;

use crate::bitboard::legal_moves_portable;
use crate::position::Position;

/// The squares of one pattern in its base orientation (bit indices, a1 = 0, h1 = 7).
pub struct Pattern {
    pub name: &'static str,
    pub squares: &'static [u8],
}

/// The patterns, Edax/Logistello-style: corner blocks, the edge with its X-squares, the inner
/// rows and the diagonals.
pub const PATTERNS: [Pattern; 11] = [
    Pattern {
        name: "corner 3x3",
        squares: &[0, 1, 2, 8, 9, 10, 16, 17, 18],
    },
    Pattern {
        name: "corner 2x5",
        squares: &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12],
    },
    Pattern {
        name: "edge + 2X",
        squares: &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14],
    },
    Pattern {
        name: "row 2",
        squares: &[8, 9, 10, 11, 12, 13, 14, 15],
    },
    Pattern {
        name: "row 3",
        squares: &[16, 17, 18, 19, 20, 21, 22, 23],
    },
    Pattern {
        name: "row 4",
        squares: &[24, 25, 26, 27, 28, 29, 30, 31],
    },
    Pattern {
        name: "diagonal 8",
        squares: &[0, 9, 18, 27, 36, 45, 54, 63],
    },
    Pattern {
        name: "diagonal 7",
        squares: &[1, 10, 19, 28, 37, 46, 55],
    },
    Pattern {
        name: "diagonal 6",
        squares: &[2, 11, 20, 29, 38, 47],
    },
    Pattern {
        name: "diagonal 5",
        squares: &[3, 12, 21, 30, 39],
    },
    Pattern {
        name: "diagonal 4",
        squares: &[4, 13, 22, 31],
    },
];

/// Mobility tables have one entry per move count; counts above this share the last entry.
pub const MOBILITY_CAP: usize = 32;

/// The scalar feature tables after the patterns: the side to move's mobility, the opponent's,
/// and the parity of the number of empty squares.
pub const SCALAR_TABLES: [(&str, u32); 3] = [
    ("mobility", MOBILITY_CAP as u32 + 1),
    ("opponent mobility", MOBILITY_CAP as u32 + 1),
    ("parity", 2),
];

/// Squares per instance at most (the longest pattern).
const MAX_SQUARES: usize = 10;

/// One oriented copy of a pattern: its table and its squares in reading order.
#[derive(Clone, Copy)]
struct Instance {
    table: usize,
    len: usize,
    squares: [u8; MAX_SQUARES],
}

/// Where every table lives in one phase's weight vector, and every instance.
pub struct Layout {
    instances: Vec<Instance>,
    table_sizes: Vec<u32>,
    offsets: Vec<u32>,
    per_phase: usize,
}

impl Layout {
    /// Entries of each table: the patterns' (3 to the number of squares), then the scalars'.
    pub fn table_sizes(&self) -> &[u32] {
        &self.table_sizes
    }

    /// Weights in one phase: the sum of the table sizes.
    pub fn per_phase(&self) -> usize {
        self.per_phase
    }

    /// Features (weight indices) active in every position: one per instance and scalar table.
    pub fn feature_count(&self) -> usize {
        self.instances.len() + SCALAR_TABLES.len()
    }

    /// The table a feature index (from `features`) falls in.
    pub fn table_of(&self, feature: u32) -> usize {
        self.offsets.partition_point(|&offset| offset <= feature) - 1
    }
}

/// The one layout of the evaluation, built on first use.
pub fn layout() -> &'static Layout {
    static LAYOUT: OnceLock<Layout> = OnceLock::new();
    LAYOUT.get_or_init(build_layout)
}

fn build_layout() -> Layout {
    let mut instances = Vec::new();
    let mut table_sizes = Vec::new();
    for (table, pattern) in PATTERNS.iter().enumerate() {
        let mut seen: Vec<Vec<u8>> = Vec::new();
        for symmetry in 0..8 {
            let oriented: Vec<u8> = pattern
                .squares
                .iter()
                .map(|&square| transform_square(square, symmetry))
                .collect();
            // A symmetric pattern gives some orientations twice: read each once.
            if seen.contains(&oriented) {
                continue;
            }
            let mut squares = [0; MAX_SQUARES];
            squares[..oriented.len()].copy_from_slice(&oriented);
            instances.push(Instance {
                table,
                len: oriented.len(),
                squares,
            });
            seen.push(oriented);
        }
        table_sizes.push(3u32.pow(pattern.squares.len() as u32));
    }
    table_sizes.extend(SCALAR_TABLES.iter().map(|&(_, size)| size));
    let mut offsets = Vec::with_capacity(table_sizes.len());
    let mut total = 0;
    for &size in &table_sizes {
        offsets.push(total);
        total += size;
    }
    Layout {
        instances,
        table_sizes,
        offsets,
        per_phase: total as usize,
    }
}

/// Square `square` under symmetry `symmetry` (0..8): bit 0 mirrors columns, bit 1 mirrors rows,
/// bit 2 swaps rows and columns (after the mirrors).
pub fn transform_square(square: u8, symmetry: u8) -> u8 {
    let (mut row, mut column) = (square / 8, square % 8);
    if symmetry & 1 != 0 {
        column = 7 - column;
    }
    if symmetry & 2 != 0 {
        row = 7 - row;
    }
    if symmetry & 4 != 0 {
        std::mem::swap(&mut row, &mut column);
    }
    row * 8 + column
}

/// The position under symmetry `symmetry`: the same game seen in a mirror.
pub fn transform_position(position: &Position, symmetry: u8) -> Position {
    let map = |bits: u64| {
        let mut out = 0u64;
        let mut rest = bits;
        while rest != 0 {
            let square = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            out |= 1 << transform_square(square, symmetry);
        }
        out
    };
    Position::new(map(position.player), map(position.opponent))
}

/// The weight indices (within one phase) of every feature of `position`, written to `out`, which
/// must hold `layout().feature_count()` entries. Squares read 0 (empty), 1 (side to move) or 2
/// (opponent); the first square of an instance is the most significant base-3 digit.
#[inline(always)]
pub fn features(layout: &Layout, position: &Position, out: &mut [u32]) {
    let mut cells = [0u8; 64];
    for (square, cell) in cells.iter_mut().enumerate() {
        *cell = ((position.player >> square) & 1) as u8
            | ((((position.opponent >> square) & 1) as u8) << 1);
    }
    for (slot, instance) in out.iter_mut().zip(&layout.instances) {
        let mut index = 0u32;
        for &square in &instance.squares[..instance.len] {
            index = index * 3 + u32::from(cells[square as usize]);
        }
        *slot = layout.offsets[instance.table] + index;
    }
    let scalars = &mut out[layout.instances.len()..];
    let patterns = PATTERNS.len();
    let mine = legal_moves_portable(position.player, position.opponent).count_ones() as usize;
    let theirs = legal_moves_portable(position.opponent, position.player).count_ones() as usize;
    scalars[0] = layout.offsets[patterns] + mine.min(MOBILITY_CAP) as u32;
    scalars[1] = layout.offsets[patterns + 1] + theirs.min(MOBILITY_CAP) as u32;
    scalars[2] = layout.offsets[patterns + 2] + position.empty_count() % 2;
}

/// The phase (0 = opening) of a position with `empties` empty squares when the game is cut into
/// `phases` equal stretches of empties 60..1.
pub fn phase(empties: u32, phases: usize) -> usize {
    let played = 60 - empties.clamp(1, 60) as usize;
    (played * phases / 60).min(phases.saturating_sub(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;

    fn random_position(rng: &mut SplitMix64) -> Position {
        let a = rng.next_u64();
        let b = rng.next_u64() & !a;
        Position::new(a, b)
    }

    fn features_of(position: &Position) -> Vec<u32> {
        let layout = layout();
        let mut out = vec![0; layout.feature_count()];
        features(layout, position, &mut out);
        out
    }

    #[test]
    fn every_pattern_has_its_orientations() {
        let counts: Vec<usize> = (0..PATTERNS.len())
            .map(|table| {
                layout()
                    .instances
                    .iter()
                    .filter(|i| i.table == table)
                    .count()
            })
            .collect();
        // The main diagonal read forwards is the same list as its transpose: 4 orientations;
        // every other pattern has 8.
        assert_eq!(counts, vec![8, 8, 8, 8, 8, 8, 4, 8, 8, 8, 8]);
        assert_eq!(layout().feature_count(), 84 + 3);
    }

    #[test]
    fn mirrored_positions_have_the_same_features() {
        let mut rng = SplitMix64::new(11);
        for _ in 0..200 {
            let position = random_position(&mut rng);
            let mut base = features_of(&position);
            base.sort_unstable();
            for symmetry in 1..8 {
                let mut mirrored = features_of(&transform_position(&position, symmetry));
                mirrored.sort_unstable();
                assert_eq!(base, mirrored, "symmetry {symmetry}");
            }
        }
    }

    #[test]
    fn every_feature_falls_in_its_own_table() {
        let layout = layout();
        let mut rng = SplitMix64::new(5);
        for _ in 0..50 {
            let found = features_of(&random_position(&mut rng));
            for (slot, feature) in found.iter().enumerate() {
                let expected = match layout.instances.get(slot) {
                    Some(instance) => instance.table,
                    None => PATTERNS.len() + slot - layout.instances.len(),
                };
                assert_eq!(layout.table_of(*feature), expected);
            }
        }
    }

    #[test]
    fn an_index_reads_its_squares_in_base_3() {
        // Side to move on a1, opponent on b1: the edge pattern's first digits are 1 then 2.
        let position = Position::new(1, 2);
        let found = features_of(&position);
        let edge = layout()
            .instances
            .iter()
            .position(|i| i.table == 2)
            .unwrap_or(0);
        let offset = layout().offsets[2];
        assert_eq!(found[edge] - offset, 3u32.pow(9) + 2 * 3u32.pow(8));
    }

    #[test]
    fn phases_run_from_the_opening_to_the_end() {
        assert_eq!(phase(60, 10), 0);
        assert_eq!(phase(55, 10), 0);
        assert_eq!(phase(54, 10), 1);
        assert_eq!(phase(1, 10), 9);
        assert_eq!(phase(0, 10), 9);
        assert_eq!(phase(64, 10), 0);
        assert_eq!(phase(30, 1), 0);
    }
}
