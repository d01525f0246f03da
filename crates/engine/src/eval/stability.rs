//! Stable discs: discs that no sequence of moves can ever flip. A lower bound, computed from
//! edges (exactly, by a table of every edge configuration), full lines and stable neighbours.
//!
//! The endgame solver uses it for cutoffs (the opponent's stable discs bound our final score) and
//! the evaluation counts it.

use std::sync::OnceLock;

use crate::bitboard::CORNERS;

const COLUMN_A: u64 = 0x0101_0101_0101_0101;
const COLUMN_H: u64 = 0x8080_8080_8080_8080;
const ROW_1: u64 = 0xFF;
const ROW_8: u64 = 0xFF00_0000_0000_0000;
const BORDER: u64 = COLUMN_A | COLUMN_H | ROW_1 | ROW_8;

/// For each edge of 8 squares, given as (mine, theirs) bytes, the discs of either colour on it
/// that stay as they are whatever is later played on the edge: index `mine * 256 + theirs`.
fn edge_table() -> &'static [u8] {
    static TABLE: OnceLock<Vec<u8>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![0u8; 65536];
        let mut known = vec![false; 65536];
        for mine in 0..256u32 {
            for theirs in 0..256u32 {
                if mine & theirs == 0 {
                    edge_stable(mine as u8, theirs as u8, &mut table, &mut known);
                }
            }
        }
        table
    })
}

/// Discs flipped on an 8-square line when `player` plays `square` against `opponent`.
fn line_flips(player: u8, opponent: u8, square: u32) -> u8 {
    let mut flipped = 0u8;
    for step in [-1i32, 1] {
        let mut run = 0u8;
        let mut at = square as i32 + step;
        while (0..8).contains(&at) && opponent & (1 << at) != 0 {
            run |= 1 << at;
            at += step;
        }
        if (0..8).contains(&at) && player & (1 << at) != 0 {
            flipped |= run;
        }
    }
    flipped
}

fn edge_stable(a: u8, b: u8, table: &mut [u8], known: &mut [bool]) -> u8 {
    let index = usize::from(a) * 256 + usize::from(b);
    if known[index] {
        return table[index];
    }
    let empties = !(a | b);
    // A disc is stable when every continuation leaves it unflipped and stable. Any empty square
    // may be filled by either colour (a move can be legal through another direction), flipping
    // along the edge only if it brackets.
    let mut stable = a | b;
    for square in 0..8 {
        if empties & (1 << square) == 0 {
            continue;
        }
        let bit = 1u8 << square;
        let flipped = line_flips(a, b, square);
        stable &= edge_stable(a | bit | flipped, b & !flipped, table, known) & !flipped;
        let flipped = line_flips(b, a, square);
        stable &= edge_stable(a & !flipped, b | bit | flipped, table, known) & !flipped;
        if stable == 0 {
            break;
        }
    }
    table[index] = stable;
    known[index] = true;
    stable
}

/// Gathers column a (bits 0, 8, .., 56) into a byte, a1 lowest. The products land on distinct
/// bits, so no carry disturbs the top byte.
#[inline]
fn column_a_to_byte(bits: u64) -> usize {
    ((bits & COLUMN_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as usize
}

const fn column_spread() -> [u64; 256] {
    let mut table = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut k = 0;
        while k < 8 {
            if byte & (1 << k) != 0 {
                table[byte] |= 1u64 << (8 * k);
            }
            k += 1;
        }
        byte += 1;
    }
    table
}

/// Byte (a1 lowest) back to column a.
const COLUMN_SPREAD: [u64; 256] = column_spread();

/// The four diagonals' full-line masks: each square's anti-diagonal and diagonal.
const fn diagonals(step_column: i32) -> [u64; 15] {
    let mut lines = [0u64; 15];
    let mut n = 0;
    while n < 15 {
        let mut square = 0;
        while square < 64 {
            let column = square % 8;
            let row = square / 8;
            let key = if step_column == 1 {
                column - row + 7
            } else {
                column + row
            };
            if key == n as i32 {
                lines[n] |= 1u64 << square;
            }
            square += 1;
        }
        n += 1;
    }
    lines
}

/// Lines along a1-h8 (column - row constant) and along h1-a8 (column + row constant).
const DIAGONALS_9: [u64; 15] = diagonals(1);
const DIAGONALS_7: [u64; 15] = diagonals(-1);

/// Squares whose four lines (row, column, both diagonals) are each completely filled.
#[inline]
fn full_lines(filled: u64) -> (u64, u64, u64, u64) {
    let mut rows = 0;
    for row in 0..8 {
        if (filled >> (8 * row)) & 0xFF == 0xFF {
            rows |= 0xFFu64 << (8 * row);
        }
    }
    let mut columns = filled;
    columns &= columns >> 32;
    columns &= columns >> 16;
    columns &= columns >> 8;
    let columns = (columns & 0xFF).wrapping_mul(COLUMN_A);
    let mut diag9 = 0;
    let mut diag7 = 0;
    for line in DIAGONALS_9 {
        if filled & line == line {
            diag9 |= line;
        }
    }
    for line in DIAGONALS_7 {
        if filled & line == line {
            diag7 |= line;
        }
    }
    (rows, columns, diag9, diag7)
}

/// Stable discs of both colours on the four edges.
#[inline]
fn edge_stable_discs(player: u64, opponent: u64) -> u64 {
    let table = edge_table();
    let lookup = |a: usize, b: usize| u64::from(table[a * 256 + b]);
    let mut stable = lookup((player & 0xFF) as usize, (opponent & 0xFF) as usize);
    stable |= lookup((player >> 56) as usize, (opponent >> 56) as usize) << 56;
    stable |= COLUMN_SPREAD[lookup(column_a_to_byte(player), column_a_to_byte(opponent)) as usize];
    stable |= COLUMN_SPREAD[lookup(
        column_a_to_byte(player >> 7),
        column_a_to_byte(opponent >> 7),
    ) as usize]
        << 7;
    stable
}

/// A subset of `player`'s discs that can never be flipped.
pub fn stable_discs(player: u64, opponent: u64) -> u64 {
    let filled = player | opponent;
    let (rows, columns, diag9, diag7) = full_lines(filled);
    let mut stable = edge_stable_discs(player, opponent) & player;
    stable |= player & rows & columns & diag9 & diag7 & !BORDER;
    if stable == 0 {
        return 0;
    }
    loop {
        let horizontal =
            rows | COLUMN_A | COLUMN_H | ((stable << 1) & !COLUMN_A) | ((stable >> 1) & !COLUMN_H);
        let vertical = columns | ROW_1 | ROW_8 | (stable << 8) | (stable >> 8);
        let along9 = diag9 | BORDER | ((stable << 9) & !COLUMN_A) | ((stable >> 9) & !COLUMN_H);
        let along7 = diag7 | BORDER | ((stable << 7) & !COLUMN_H) | ((stable >> 7) & !COLUMN_A);
        let grown = player & horizontal & vertical & along9 & along7 & !stable;
        if grown == 0 {
            return stable;
        }
        stable |= grown;
    }
}

/// Of `discs`, those on a corner and those on the edge squares next to a corner they hold: every
/// line through such a square ends at the board's edge or at that corner, so none can flip.
#[inline(always)]
pub(crate) fn corner_anchored(discs: u64) -> u64 {
    let corners = discs & CORNERS;
    let beside_corners = ((corners & COLUMN_A) << 1)
        | ((corners & COLUMN_H) >> 1)
        | ((corners & ROW_1) << 8)
        | ((corners & ROW_8) >> 8);
    corners | (beside_corners & discs)
}

/// How many of `player`'s discs are stable.
#[inline]
pub fn stable_count(player: u64, opponent: u64) -> u32 {
    stable_discs(player, opponent).count_ones()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::square::Square;

    #[test]
    fn column_gather_matches_a_loop() {
        let mut x = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..1000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mut byte = 0;
            for k in 0..8 {
                if x & (1 << (8 * k)) != 0 {
                    byte |= 1 << k;
                }
            }
            assert_eq!(column_a_to_byte(x), byte);
            assert_eq!(COLUMN_SPREAD[byte], x & COLUMN_A);
        }
    }

    #[test]
    fn a_lone_corner_is_stable_and_the_start_has_none() {
        assert_eq!(stable_discs(1, 2), 1);
        let start = Position::start();
        assert_eq!(stable_discs(start.player, start.opponent), 0);
    }

    #[test]
    fn a_full_board_is_all_stable() {
        let player = 0x0F0F_0F0F_0F0F_0F0F;
        assert_eq!(stable_discs(player, !player), player);
    }

    /// Random playouts: a disc called stable keeps its colour to the end of the game.
    #[test]
    fn stable_discs_are_never_flipped() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..300 {
            let mut position = Position::start();
            // (black, white) after each move.
            let mut history = vec![(position.player, position.opponent)];
            let mut black_to_move = true;
            loop {
                let moves = position.legal_moves();
                if moves == 0 {
                    if position.pass().legal_moves() == 0 {
                        break;
                    }
                    position = position.pass();
                    black_to_move = !black_to_move;
                    continue;
                }
                let squares: Vec<Square> = Square::iter_bits(moves).collect();
                let square = squares[(next() % squares.len() as u64) as usize];
                position = position.play(square).unwrap();
                black_to_move = !black_to_move;
                history.push(if black_to_move {
                    (position.player, position.opponent)
                } else {
                    (position.opponent, position.player)
                });
            }
            for (i, &(black, white)) in history.iter().enumerate() {
                let stable_black = stable_discs(black, white);
                let stable_white = stable_discs(white, black);
                for &(later_black, later_white) in &history[i..] {
                    assert_eq!(later_black & stable_black, stable_black);
                    assert_eq!(later_white & stable_white, stable_white);
                }
            }
        }
    }

    fn squares(names: &[&str]) -> u64 {
        names
            .iter()
            .map(|name| name.parse::<Square>().unwrap().bit())
            .fold(0, |bits, bit| bits | bit)
    }

    /// The discs beside a corner count only when their side holds that corner; every corner
    /// held counts, and a square two away from the corner does not.
    #[test]
    fn corner_anchored_discs_are_the_corners_and_the_edge_squares_beside_them() {
        let discs = squares(&["a1", "b1", "c1", "a2", "g1", "h7", "h8", "g8", "b2", "a7"]);
        assert_eq!(
            corner_anchored(discs),
            squares(&["a1", "b1", "a2", "h8", "h7", "g8"])
        );
        assert_eq!(corner_anchored(squares(&["b1", "a2", "g8", "h7"])), 0);
    }
}
