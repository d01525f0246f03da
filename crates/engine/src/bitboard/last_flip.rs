//! Counting the discs flipped by a move on the last empty square. With the board otherwise full,
//! every square of a line that is not the mover's is the opponent's, so the count along a line
//! depends only on the mover's discs on it: one table lookup per line, with pext (x86-64 with
//! BMI2 only; elsewhere `bitboard::last_flip_count_portable` counts the rules' flips).

/// For each square, the four lines through it (row, column, both diagonals) as bit masks.
const fn square_lines() -> [[u64; 4]; 64] {
    let mut lines = [[0u64; 4]; 64];
    let directions: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let mut square = 0;
    while square < 64 {
        let mut d = 0;
        while d < 4 {
            let (dc, dr) = directions[d];
            // Walk back to the line's start, then forward to its end.
            let mut column = (square % 8) as i32;
            let mut row = (square / 8) as i32;
            while column - dc >= 0 && column - dc < 8 && row - dr >= 0 && row - dr < 8 {
                column -= dc;
                row -= dr;
            }
            while column >= 0 && column < 8 && row >= 0 && row < 8 {
                lines[square][d] |= 1u64 << (row * 8 + column);
                column += dc;
                row += dr;
            }
            d += 1;
        }
        square += 1;
    }
    lines
}

pub(crate) const LINES: [[u64; 4]; 64] = square_lines();

/// `COUNTS[length][place][mine]`: discs flipped along a full line of `length` squares when the
/// mover, owning the squares `mine` (bit i = i-th square of the line), plays the one at `place`.
const fn counts() -> [[[u8; 256]; 8]; 9] {
    let mut table = [[[0u8; 256]; 8]; 9];
    let mut length = 1;
    while length <= 8 {
        let mut place = 0;
        while place < length {
            let mut mine = 0;
            while mine < 256 {
                let mut total = 0;
                // Downwards.
                let mut run = 0;
                let mut at = place as i32 - 1;
                while at >= 0 && mine & (1 << at) == 0 {
                    run += 1;
                    at -= 1;
                }
                if at >= 0 {
                    total += run;
                }
                // Upwards.
                run = 0;
                at = place as i32 + 1;
                while at < length as i32 && mine & (1 << at) == 0 {
                    run += 1;
                    at += 1;
                }
                if at < length as i32 {
                    total += run;
                }
                table[length][place][mine] = total as u8;
                mine += 1;
            }
            place += 1;
        }
        length += 1;
    }
    table
}

pub(crate) static COUNTS: [[[u8; 256]; 8]; 9] = counts();

/// For each square and line: (line length, the square's place in it).
const fn places() -> [[(u8, u8); 4]; 64] {
    let mut table = [[(0u8, 0u8); 4]; 64];
    let mut square = 0;
    while square < 64 {
        let mut d = 0;
        while d < 4 {
            let line = LINES[square][d];
            let below = line & ((1u64 << square) - 1);
            table[square][d] = (line.count_ones() as u8, below.count_ones() as u8);
            d += 1;
        }
        square += 1;
    }
    table
}

pub(crate) const PLACES: [[(u8, u8); 4]; 64] = places();

/// Discs `mover` flips by playing `square`, the only empty square, with pext.
///
/// # Safety
/// Only on a CPU with BMI2.
#[target_feature(enable = "bmi2")]
#[inline]
pub(crate) fn last_flip_count_bmi2(mover: u64, square: usize) -> i32 {
    use std::arch::x86_64::_pext_u64;
    let square = square & 63;
    let mut total = 0;
    for d in 0..4 {
        let (length, place) = PLACES[square][d];
        let mine = _pext_u64(mover, LINES[square][d]) as usize & 0xFF;
        total += i32::from(COUNTS[usize::from(length)][usize::from(place) & 7][mine]);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_count_like_the_rules() {
        if !crate::cpu::isa().has_v3() {
            return;
        }
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let square = (x >> 58) as usize;
            let mover = x & !(1u64 << square);
            let expected = crate::bitboard::last_flip_count_portable(mover, square);
            // SAFETY: x86-64-v3 includes BMI2.
            let counted = unsafe { last_flip_count_bmi2(mover, square) };
            assert_eq!(counted, expected, "square {square} mover {mover:#x}");
        }
    }
}
