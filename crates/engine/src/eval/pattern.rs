//! Pattern features of the learned evaluation: which squares each pattern reads, its symmetric
//! instances, and the base-3 index of every instance in a position, plus the few scalar features
//! (mobility of each side, parity). One feature list serves the evaluation and the trainer, so
//! what is trained is exactly what is evaluated.
//!
//! Every pattern is read in all 8 orientations of the board (rotations and mirrors): instance
//! `s` reads the pattern's base squares on the board turned by symmetry `s`. All instances of a
//! pattern share one table, so a position and its mirror image get the same features, and a
//! pattern that is its own mirror (a row, a diagonal) is read in both directions: its learned
//! value is symmetric by construction. Indices come from tables, not square by square: the
//! board's 8 symmetric images are a few bit operations, each pattern's squares are packed into
//! the low bits by shifts (or one multiplication for a diagonal), and one table turns those bits
//! into base 3.

use std::sync::OnceLock;

use crate::bitboard::legal_moves_pair;
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

/// The main diagonal (`PATTERNS[6]`) lies on the axis of the transposition: symmetries 4..8
/// (transposed) read it exactly as symmetries 0..4 do, so it is read in those 4 only.
const MAIN_DIAGONAL: usize = 6;
const MAIN_DIAGONAL_SYMMETRIES: usize = 4;

/// Pattern instances: every pattern in 8 orientations, the main diagonal in 4.
const INSTANCES: usize = PATTERNS.len() * 8 - (8 - MAIN_DIAGONAL_SYMMETRIES);

/// Whether pattern `pattern` is read in orientation `symmetry`: every one is, but the main
/// diagonal's last four.
const fn is_instance(pattern: usize, symmetry: usize) -> bool {
    pattern != MAIN_DIAGONAL || symmetry < MAIN_DIAGONAL_SYMMETRIES
}

/// Features active in every position: one per instance and scalar table.
pub const FEATURES: usize = INSTANCES + SCALAR_TABLES.len();

/// Where every table lives in one phase's weight vector.
pub struct Layout {
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
        FEATURES
    }

    /// The table a feature index (from `features`) falls in.
    pub fn table_of(&self, feature: u32) -> usize {
        self.offsets.partition_point(|&offset| offset <= feature) - 1
    }
}

/// The one layout of the evaluation.
pub fn layout() -> &'static Layout {
    static LAYOUT: OnceLock<Layout> = OnceLock::new();
    LAYOUT.get_or_init(|| Layout {
        table_sizes: TABLE_SIZES.to_vec(),
        offsets: OFFSETS.to_vec(),
        per_phase: TABLE_SIZES.iter().map(|&size| size as usize).sum(),
    })
}

/// Entries of every table: 3 to the number of squares of each pattern, then the scalars'.
const TABLE_SIZES: [u32; PATTERNS.len() + SCALAR_TABLES.len()] = {
    let mut sizes = [0; PATTERNS.len() + SCALAR_TABLES.len()];
    let mut i = 0;
    while i < sizes.len() {
        sizes[i] = if i < PATTERNS.len() {
            3u32.pow(PATTERNS[i].squares.len() as u32)
        } else {
            SCALAR_TABLES[i - PATTERNS.len()].1
        };
        i += 1;
    }
    sizes
};

/// Start of every table in a phase's weights.
const OFFSETS: [u32; TABLE_SIZES.len()] = {
    let mut offsets = [0; TABLE_SIZES.len()];
    let mut i = 1;
    while i < offsets.len() {
        offsets[i] = offsets[i - 1] + TABLE_SIZES[i - 1];
        i += 1;
    }
    offsets
};

/// `BASE_3[bits]`: the binary digits of `bits` read in base 3 (bit i weighs 3^i). A pattern's
/// index is `BASE_3[mine] + 2 * BASE_3[theirs]`, one base-3 digit per square: 0 empty, 1 the
/// side to move's, 2 the opponent's.
static BASE_3: [u16; 1024] = {
    let mut table = [0u16; 1024];
    let mut bits = 1;
    while bits < 1024 {
        // Drop the lowest bit: its digit is the units, the rest shifts up one power of 3.
        table[bits] = (bits & 1) as u16 + 3 * table[bits >> 1];
        bits += 1;
    }
    table
};

/// Every pattern's squares of `bits` (base orientation) packed into the low bits, the square of
/// lowest index first: shifts and masks for the blocks and rows, and for the diagonals the
/// multiplication that gathers one bit per column into the top byte.
#[inline(always)]
fn pattern_bits(bits: u64) -> [usize; PATTERNS.len()] {
    const COLUMNS: u64 = 0x0101_0101_0101_0101;
    let diagonal = |mask: u64, length: u32| (bits & mask).wrapping_mul(COLUMNS) >> (64 - length);
    [
        (bits & 0x7) | ((bits >> 5) & 0x38) | ((bits >> 10) & 0x1C0),
        (bits & 0x1F) | ((bits >> 3) & 0x3E0),
        (bits & 0xFF) | ((bits >> 1) & 0x100) | ((bits >> 5) & 0x200),
        (bits >> 8) & 0xFF,
        (bits >> 16) & 0xFF,
        (bits >> 24) & 0xFF,
        diagonal(0x8040_2010_0804_0201, 8),
        diagonal(0x0080_4020_1008_0402, 7),
        diagonal(0x0000_8040_2010_0804, 6),
        diagonal(0x0000_0080_4020_1008, 5),
        diagonal(0x0000_0000_8040_2010, 4),
    ]
    .map(|packed| packed as usize)
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

/// Mirrors the columns (a <-> h): reverses the bits of every byte.
#[inline(always)]
fn mirror_columns(bits: u64) -> u64 {
    let bits = ((bits >> 1) & 0x5555_5555_5555_5555) | ((bits & 0x5555_5555_5555_5555) << 1);
    let bits = ((bits >> 2) & 0x3333_3333_3333_3333) | ((bits & 0x3333_3333_3333_3333) << 2);
    ((bits >> 4) & 0x0F0F_0F0F_0F0F_0F0F) | ((bits & 0x0F0F_0F0F_0F0F_0F0F) << 4)
}

/// Swaps rows and columns (the a1-h8 diagonal stays) with three delta swaps.
#[inline(always)]
fn transpose(bits: u64) -> u64 {
    let mut bits = bits;
    let t = 0x0F0F_0F0F_0000_0000 & (bits ^ (bits << 28));
    bits ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (bits ^ (bits << 14));
    bits ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (bits ^ (bits << 7));
    bits ^= t ^ (t >> 7);
    bits
}

/// `bits` under every symmetry, in the numbering of `transform_square`.
#[inline(always)]
fn symmetries(bits: u64) -> [u64; 8] {
    let columns = mirror_columns(bits);
    let plain = [bits, columns, bits.swap_bytes(), columns.swap_bytes()];
    [
        plain[0],
        plain[1],
        plain[2],
        plain[3],
        transpose(plain[0]),
        transpose(plain[1]),
        transpose(plain[2]),
        transpose(plain[3]),
    ]
}

/// `bits` under symmetry `symmetry`.
pub fn transform_bits(bits: u64, symmetry: u8) -> u64 {
    symmetries(bits)[usize::from(symmetry & 7)]
}

/// The position under symmetry `symmetry`: the same game seen in a mirror.
pub fn transform_position(position: &Position, symmetry: u8) -> Position {
    Position::new(
        transform_bits(position.player, symmetry),
        transform_bits(position.opponent, symmetry),
    )
}

/// The weight indices (within one phase) of every feature of `position`, written to `out`, which
/// must hold `layout().feature_count()` entries.
pub fn features(position: &Position, out: &mut [u32]) {
    let mut all = [0; FEATURES];
    features_from(&Indices::of(position), position, &mut all);
    for (slot, feature) in out.iter_mut().zip(all) {
        *slot = feature;
    }
}

/// `features` of `position` from its instances' `indices` (`Indices::of(position)`, or the same
/// found by a move's change): each index in its pattern's table, then the scalar features.
#[inline(always)]
pub(crate) fn features_from(indices: &Indices, position: &Position, out: &mut [u32; FEATURES]) {
    for ((slot, &index), &offset) in out.iter_mut().zip(&indices.0).zip(&INSTANCE_OFFSETS) {
        *slot = offset + u32::from(index);
    }
    let scalars = PATTERNS.len();
    let (mine, theirs) = legal_moves_pair(position.player, position.opponent);
    let (my_moves, their_moves) = (mine.count_ones() as usize, theirs.count_ones() as usize);
    out[INSTANCES] = OFFSETS[scalars] + my_moves.min(MOBILITY_CAP) as u32;
    out[INSTANCES + 1] = OFFSETS[scalars + 1] + their_moves.min(MOBILITY_CAP) as u32;
    out[INSTANCES + 2] = OFFSETS[scalars + 2] + position.empty_count() % 2;
}

/// Lanes of `Indices`: one per pattern instance, padded to whole 32-byte vectors so that adding
/// two is a few whole vector additions.
const INDEX_LANES: usize = INSTANCES.next_multiple_of(16);

/// Every pattern instance's index in its pattern's table (base 3, without the table's start),
/// in the order of `features`. Each square's digit stands alone in every index, so the indices
/// of a position are the sums of its discs' (`SquareDigits`), and a move changes them by the sum
/// of its few squares': the search finds a child's indices from its parent's without reading
/// the board again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
pub(crate) struct Indices([u16; INDEX_LANES]);

impl Indices {
    /// The indices of `position`, read from its board. Each instance reads its pattern's base
    /// squares on the board turned by its symmetry, so mirrored positions have the same
    /// features.
    #[inline(always)]
    pub(crate) fn of(position: &Position) -> Indices {
        let mine = symmetries(position.player);
        let theirs = symmetries(position.opponent);
        let mut indices = [0u16; INDEX_LANES];
        let mut lanes = indices.iter_mut();
        for symmetry in 0..8 {
            let my_bits = pattern_bits(mine[symmetry]);
            let their_bits = pattern_bits(theirs[symmetry]);
            for pattern in 0..PATTERNS.len() {
                if !is_instance(pattern, symmetry) {
                    continue;
                }
                if let Some(lane) = lanes.next() {
                    *lane = BASE_3[my_bits[pattern]] + 2 * BASE_3[their_bits[pattern]];
                }
            }
        }
        Indices(indices)
    }

    /// Lane by lane; an index never leaves 16 bits, nor does a sum of changes on the way to one.
    #[inline(always)]
    pub(crate) fn plus(&self, other: &Indices) -> Indices {
        let mut sum = self.0;
        for (lane, &add) in sum.iter_mut().zip(&other.0) {
            *lane = lane.wrapping_add(add);
        }
        Indices(sum)
    }

    /// Lane by lane, as `plus`.
    #[inline(always)]
    pub(crate) fn minus(&self, other: &Indices) -> Indices {
        let mut difference = self.0;
        for (lane, &take) in difference.iter_mut().zip(&other.0) {
            *lane = lane.wrapping_sub(take);
        }
        Indices(difference)
    }
}

/// The start of each instance's table in a phase's weights.
const INSTANCE_OFFSETS: [u32; INSTANCES] = {
    let mut offsets = [0; INSTANCES];
    let mut i = 0;
    let mut symmetry = 0;
    while symmetry < 8 {
        let mut pattern = 0;
        while pattern < PATTERNS.len() {
            if is_instance(pattern, symmetry) {
                offsets[i] = OFFSETS[pattern];
                i += 1;
            }
            pattern += 1;
        }
        symmetry += 1;
    }
    offsets
};

/// What each square's digit adds to the indices: a disc of the side to move there (one time its
/// power of 3 in each instance that reads it), the opponent's twice that.
pub(crate) struct SquareDigits([Indices; 64]);

impl SquareDigits {
    /// The digits of every square, found once.
    pub(crate) fn get() -> &'static SquareDigits {
        static DIGITS: OnceLock<SquareDigits> = OnceLock::new();
        DIGITS.get_or_init(|| {
            SquareDigits(std::array::from_fn(|square| {
                Indices::of(&Position::new(1 << square, 0))
            }))
        })
    }

    /// How the indices of the position before a move, seen from the opponent's side (the side
    /// to move after it), change by the move: its disc on `square` is the opponent's (digit 0 to
    /// 2), and each flipped disc turns from the side to move's into the opponent's (1 to 2).
    #[inline(always)]
    pub(crate) fn of_move(&self, square: u8, flipped: u64) -> Indices {
        let disc = &self.0[usize::from(square % 64)];
        let mut change = disc.plus(disc);
        let mut rest = flipped;
        while rest != 0 {
            change = change.plus(&self.0[rest.trailing_zeros() as usize]);
            rest &= rest - 1;
        }
        change
    }

    /// How the indices of the position before a move, seen from the side to move, change by
    /// the move: its disc on `square` is its own (digit 0 to 1), and each flipped disc turns
    /// from the opponent's into its own (2 to 1).
    #[inline(always)]
    pub(crate) fn of_own_move(&self, square: u8, flipped: u64) -> Indices {
        let mut change = self.0[usize::from(square % 64)];
        let mut rest = flipped;
        while rest != 0 {
            change = change.minus(&self.0[rest.trailing_zeros() as usize]);
            rest &= rest - 1;
        }
        change
    }
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
        let mut out = vec![0; layout().feature_count()];
        features(position, &mut out);
        out
    }

    /// The features by their definition, square by square: instance `symmetry` of a pattern
    /// reads base square `q` where the position turned by `symmetry` has it.
    fn features_by_definition(position: &Position) -> Vec<u32> {
        let layout = layout();
        let mut out = Vec::new();
        for symmetry in 0..8u8 {
            let turned = transform_position(position, symmetry);
            for (table, pattern) in PATTERNS.iter().enumerate() {
                if table == MAIN_DIAGONAL && usize::from(symmetry) >= MAIN_DIAGONAL_SYMMETRIES {
                    continue;
                }
                let mut index = 0;
                for &square in pattern.squares.iter().rev() {
                    let digit =
                        ((turned.player >> square) & 1) + 2 * ((turned.opponent >> square) & 1);
                    index = index * 3 + digit as u32;
                }
                out.push(layout.offsets[table] + index);
            }
        }
        out
    }

    #[test]
    fn the_fast_features_are_the_defined_ones() {
        let mut rng = SplitMix64::new(17);
        for _ in 0..300 {
            let position = random_position(&mut rng);
            assert_eq!(
                features_of(&position)[..INSTANCES],
                features_by_definition(&position)[..]
            );
        }
    }

    /// A move's change added to the indices of the position before it gives the indices of the
    /// position after it, seen from either side, for every legal move of the positions of
    /// random games.
    #[test]
    fn a_move_changes_the_indices_by_its_squares_digits() {
        let mut rng = SplitMix64::new(31);
        let digits = SquareDigits::get();
        for _ in 0..20 {
            let mut position = Position::start();
            while !position.is_game_over() {
                let moves = position.legal_moves();
                if moves == 0 {
                    position = position.pass();
                    continue;
                }
                let mut next = None;
                for index in (0..64u8).filter(|&index| moves >> index & 1 != 0) {
                    let child = crate::square::Square::from_index(index)
                        .and_then(|square| position.play(square))
                        .expect("a legal move");
                    let flipped = position.opponent ^ child.player;
                    let found = Indices::of(&position.pass()).plus(&digits.of_move(index, flipped));
                    assert_eq!(found, Indices::of(&child));
                    let mover = Indices::of(&position).plus(&digits.of_own_move(index, flipped));
                    assert_eq!(mover, Indices::of(&child.pass()));
                    if next.is_none() || rng.below(3) == 0 {
                        next = Some(child);
                    }
                }
                position = next.expect("a move");
            }
        }
    }

    #[test]
    fn the_fast_symmetries_are_the_defined_ones() {
        let mut rng = SplitMix64::new(23);
        for _ in 0..50 {
            let bits = rng.next_u64();
            for symmetry in 0..8 {
                let mut expected = 0u64;
                for square in 0..64u8 {
                    if bits >> square & 1 != 0 {
                        expected |= 1 << transform_square(square, symmetry);
                    }
                }
                assert_eq!(
                    transform_bits(bits, symmetry),
                    expected,
                    "symmetry {symmetry}"
                );
            }
        }
    }

    #[test]
    fn the_layout_has_every_table_in_place() {
        let layout = layout();
        let sizes: Vec<u32> = PATTERNS
            .iter()
            .map(|p| 3u32.pow(p.squares.len() as u32))
            .collect();
        assert_eq!(layout.table_sizes()[..PATTERNS.len()], sizes[..]);
        let mut start = 0;
        for (table, &size) in layout.table_sizes().iter().enumerate() {
            assert_eq!(OFFSETS[table], start);
            start += size;
        }
        assert_eq!(layout.per_phase(), start as usize);
        assert_eq!(layout.feature_count(), 84 + 3);
    }

    #[test]
    fn the_main_diagonal_is_read_in_each_of_its_orientations_once() {
        let squares = PATTERNS[MAIN_DIAGONAL].squares;
        let read = |symmetry: u8| -> Vec<u8> {
            // Base square q of the turned board is the original square that turns into q.
            squares
                .iter()
                .map(|&q| {
                    (0..64)
                        .find(|&s| transform_square(s, symmetry) == q)
                        .unwrap_or(64)
                })
                .collect()
        };
        let mut distinct: Vec<Vec<u8>> = (0..8).map(read).collect();
        distinct.sort();
        distinct.dedup();
        let mut kept: Vec<Vec<u8>> = (0..MAIN_DIAGONAL_SYMMETRIES as u8).map(read).collect();
        kept.sort();
        assert_eq!(kept, distinct);
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
            let tables: Vec<usize> = found.iter().map(|&f| layout.table_of(f)).collect();
            let mut expected: Vec<usize> = (0..8)
                .flat_map(|symmetry| {
                    (0..PATTERNS.len())
                        .filter(move |&t| t != MAIN_DIAGONAL || symmetry < MAIN_DIAGONAL_SYMMETRIES)
                })
                .collect();
            expected.extend(PATTERNS.len()..PATTERNS.len() + SCALAR_TABLES.len());
            assert_eq!(tables, expected);
        }
    }

    #[test]
    fn an_index_reads_its_squares_in_base_3() {
        // Side to move on a1, opponent on b1: the edge pattern's lowest digits are 1 then 2.
        let found = features_of(&Position::new(1, 2));
        let edge = 2;
        assert_eq!(found[edge] - OFFSETS[edge], 1 + 2 * 3);
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
