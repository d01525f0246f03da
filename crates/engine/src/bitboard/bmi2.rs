//! Flips with BMI2: each of the four lines through the square gathered into a byte (`pext`),
//! looked up in a table and scattered back (`pdep`). x86-64 only; chosen where `pext` is fast.

use super::{RAYS_DOWN, RAYS_UP};

/// The four lines through each square (row, column, a1-h8 diagonal, h1-a8 diagonal), square
/// included, and the square's place among each line's bits counted from the lowest.
const LINES: [[u64; 4]; 64] = lines();
const LINE_PLACES: [[u8; 4]; 64] = line_places();

const fn lines() -> [[u64; 4]; 64] {
    let mut table = [[0u64; 4]; 64];
    let mut square = 0;
    while square < 64 {
        let mut line = 0;
        while line < 4 {
            let up = RAYS_UP[square][[0, 2, 3, 1][line]];
            let down = RAYS_DOWN[square][[0, 2, 3, 1][line]];
            table[square][line] = up | down | (1u64 << square);
            line += 1;
        }
        square += 1;
    }
    table
}

const fn line_places() -> [[u8; 4]; 64] {
    let mut table = [[0u8; 4]; 64];
    let mut square = 0;
    while square < 64 {
        let mut line = 0;
        while line < 4 {
            let below = LINES[square][line] & ((1u64 << square) - 1);
            table[square][line] = below.count_ones() as u8;
            line += 1;
        }
        square += 1;
    }
    table
}

/// On a line of eight squares with a disc played at `place`: for each set of opponent squares,
/// the two squares just past the runs of opponent discs next to `place` (where a player disc
/// would outflank them); a side without such a run gives nothing.
const OUTFLANKS: [[u8; 256]; 8] = outflanks();
/// On such a line, for each set of outflanking player squares, the squares between them and
/// `place`.
const LINE_FLIPS: [[u8; 256]; 8] = line_flips();

const fn outflanks() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut place = 0;
    while place < 8 {
        let mut opponent = 0;
        while opponent < 256 {
            let mut bits = 0u8;
            let mut next = place + 1;
            while next < 8 && opponent & (1 << next) != 0 {
                next += 1;
            }
            if next > place + 1 && next < 8 {
                bits |= 1 << next;
            }
            let mut next = place as i32 - 1;
            while next >= 0 && opponent & (1 << next) != 0 {
                next -= 1;
            }
            if next < place as i32 - 1 && next >= 0 {
                bits |= 1 << next;
            }
            table[place][opponent] = bits;
            opponent += 1;
        }
        place += 1;
    }
    table
}

const fn line_flips() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut place = 0;
    while place < 8 {
        let mut outflank = 0;
        while outflank < 256 {
            let mut bits = 0u8;
            let mut next = place + 1;
            while next < 8 && outflank & (1 << next) == 0 {
                next += 1;
            }
            if next < 8 {
                let mut between = place + 1;
                while between < next {
                    bits |= 1 << between;
                    between += 1;
                }
            }
            let mut next = place as i32 - 1;
            while next >= 0 && outflank & (1 << next) == 0 {
                next -= 1;
            }
            if next >= 0 {
                let mut between = next + 1;
                while between < place as i32 {
                    bits |= 1 << between;
                    between += 1;
                }
            }
            table[place][outflank] = bits;
            outflank += 1;
        }
        place += 1;
    }
    table
}

/// `flips` with BMI2: each of the four lines through the square is gathered into a byte
/// (`pext`), flipped by table lookup and scattered back (`pdep`).
///
/// # Safety
/// Only on a CPU with BMI2 (`is_x86_feature_detected!("bmi2")`).
#[target_feature(enable = "bmi2")]
#[inline]
pub fn flips_bmi2(player: u64, opponent: u64, square: usize) -> u64 {
    use std::arch::x86_64::{_pdep_u64, _pext_u64};
    let square = square & 63;
    let mut flipped = 0;
    for line in 0..4 {
        let mask = LINES[square][line];
        // The masks only tell the compiler what the tables already guarantee (a line has at
        // most eight squares), so the lookups need no bounds checks.
        let place = usize::from(LINE_PLACES[square][line]) & 7;
        let opponent_line = _pext_u64(opponent, mask) as usize & 0xFF;
        let player_line = _pext_u64(player, mask) as usize & 0xFF;
        let outflank = usize::from(OUTFLANKS[place][opponent_line]) & player_line;
        flipped |= _pdep_u64(u64::from(LINE_FLIPS[place][outflank]), mask);
    }
    flipped
}
