//! Move generation and flips on bitboards, the hot core of perft and search.
//!
//! A bitboard has bit `row * 8 + column` set for each square it holds (a1 = bit 0, h8 = bit 63).

#[cfg(target_arch = "x86_64")]
mod bmi2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod last_flip;

#[cfg(target_arch = "x86_64")]
use crate::cpu;

#[cfg(target_arch = "x86_64")]
pub use bmi2::flips_bmi2;

/// The four corners of the 8x8 board.
pub(crate) const CORNERS: u64 = 0x8100_0000_0000_0081;

/// Discs `mover` flips by playing `square`, the only empty square: the rules' own flips, counted
/// (`last_flip` has the pext tables' copy).
#[inline(always)]
pub(crate) fn last_flip_count_portable(mover: u64, square: usize) -> i32 {
    let opponent = !mover & !(1u64 << square);
    flips(mover, opponent, square).count_ones() as i32
}

/// Opponent discs that can lie between two discs on a horizontal or diagonal line: a line that
/// wraps from column h to column a must not be followed, so the edge columns are masked out.
const NOT_EDGE_COLUMNS: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// Squares reachable from `player` by stepping `shift` bits up over an unbroken run of `line`
/// discs (a Kogge-Stone fill; runs of up to six discs, the most a board holds).
#[inline(always)]
fn fill_up(player: u64, line: u64, shift: u32) -> u64 {
    let mut run = line & (player << shift);
    run |= line & (run << shift);
    let pairs = line & (line << shift);
    run |= pairs & (run << (2 * shift));
    run |= pairs & (run << (2 * shift));
    run << shift
}

/// `fill_up` mirrored: stepping `shift` bits down.
#[inline(always)]
fn fill_down(player: u64, line: u64, shift: u32) -> u64 {
    let mut run = line & (player >> shift);
    run |= line & (run >> shift);
    let pairs = line & (line >> shift);
    run |= pairs & (run >> (2 * shift));
    run |= pairs & (run >> (2 * shift));
    run >> shift
}

/// Empty squares where `player` may play: each outflanks at least one `opponent` disc.
///
/// Uses an AVX2 copy where the CPU has it ([`crate::cpu::isa`]), else `legal_moves_portable`.
#[inline]
pub fn legal_moves(player: u64, opponent: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if cpu::isa().has_v3() {
            // SAFETY: x86-64-v3 includes AVX2.
            return unsafe { legal_moves_avx2(player, opponent) };
        }
    }
    legal_moves_portable(player, opponent)
}

/// `legal_moves` compiled for AVX2: the eight directions become two four-lane vectors.
///
/// # Safety
/// Only on a CPU with AVX2 (`is_x86_feature_detected!("avx2")`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub fn legal_moves_avx2(player: u64, opponent: u64) -> u64 {
    legal_moves_portable(player, opponent)
}

/// The legal moves of both sides, `player`'s then `opponent`'s: the evaluation counts both.
///
/// Uses an AVX2 copy where the CPU has it ([`crate::cpu::isa`]); inlined into a caller compiled
/// for x86-64-v3 it costs no call.
#[inline(always)]
pub fn legal_moves_pair(player: u64, opponent: u64) -> (u64, u64) {
    #[cfg(target_arch = "x86_64")]
    {
        if cpu::isa().has_v3() {
            // SAFETY: x86-64-v3 includes AVX2.
            return unsafe { legal_moves_pair_avx2(player, opponent) };
        }
    }
    (
        legal_moves_portable(player, opponent),
        legal_moves_portable(opponent, player),
    )
}

/// `legal_moves_pair` in AVX2: the four directions (east-west, north-south and the two
/// diagonals) are a vector's lanes, and both sides' fills, up and down, run side by side. The
/// compiler keeps `legal_moves_portable` scalar where it is inlined into a larger function.
///
/// # Safety
/// Only on a CPU with AVX2 (`is_x86_feature_detected!("avx2")`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub fn legal_moves_pair_avx2(player: u64, opponent: u64) -> (u64, u64) {
    use std::arch::x86_64::{_mm256_and_si256, _mm256_set_epi64x, _mm256_set1_epi64x};
    let shift = _mm256_set_epi64x(9, 7, 8, 1);
    let inner = NOT_EDGE_COLUMNS as i64;
    let lines = _mm256_set_epi64x(inner, inner, -1, inner);
    let mine = fill_lanes(
        player,
        _mm256_and_si256(_mm256_set1_epi64x(opponent as i64), lines),
        shift,
    );
    let theirs = fill_lanes(
        opponent,
        _mm256_and_si256(_mm256_set1_epi64x(player as i64), lines),
        shift,
    );
    let empty = !(player | opponent);
    (mine & empty, theirs & empty)
}

/// `fill_up` and `fill_down` from `from` over `line` (one lane a direction, stepping `shift`
/// bits), every lane's squares together.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn fill_lanes(
    from: u64,
    line: std::arch::x86_64::__m256i,
    shift: std::arch::x86_64::__m256i,
) -> u64 {
    use std::arch::x86_64::{
        _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_add_epi64, _mm256_and_si256,
        _mm256_castsi256_si128, _mm256_extracti128_si256, _mm256_or_si256, _mm256_set1_epi64x,
        _mm256_sllv_epi64, _mm256_srlv_epi64,
    };
    let from = _mm256_set1_epi64x(from as i64);
    let double = _mm256_add_epi64(shift, shift);
    let mut up = _mm256_and_si256(line, _mm256_sllv_epi64(from, shift));
    let mut down = _mm256_and_si256(line, _mm256_srlv_epi64(from, shift));
    up = _mm256_or_si256(up, _mm256_and_si256(line, _mm256_sllv_epi64(up, shift)));
    down = _mm256_or_si256(down, _mm256_and_si256(line, _mm256_srlv_epi64(down, shift)));
    let pairs_up = _mm256_and_si256(line, _mm256_sllv_epi64(line, shift));
    let pairs_down = _mm256_and_si256(line, _mm256_srlv_epi64(line, shift));
    for _ in 0..2 {
        up = _mm256_or_si256(
            up,
            _mm256_and_si256(pairs_up, _mm256_sllv_epi64(up, double)),
        );
        down = _mm256_or_si256(
            down,
            _mm256_and_si256(pairs_down, _mm256_srlv_epi64(down, double)),
        );
    }
    let moves = _mm256_or_si256(_mm256_sllv_epi64(up, shift), _mm256_srlv_epi64(down, shift));
    let half = _mm_or_si128(
        _mm256_castsi256_si128(moves),
        _mm256_extracti128_si256::<1>(moves),
    );
    _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
}

/// `legal_moves` in plain Rust (the perft copies inline it into their own target features).
#[inline(always)]
pub fn legal_moves_portable(player: u64, opponent: u64) -> u64 {
    let inner = opponent & NOT_EDGE_COLUMNS;
    let moves = fill_up(player, inner, 1)
        | fill_down(player, inner, 1)
        | fill_up(player, opponent, 8)
        | fill_down(player, opponent, 8)
        | fill_up(player, inner, 7)
        | fill_down(player, inner, 7)
        | fill_up(player, inner, 9)
        | fill_down(player, inner, 9);
    moves & !(player | opponent)
}

/// For each square, the rays towards higher bit indices (east, south-west, south, south-east)
/// and towards lower ones (west, north-east, north, north-west), nearest square first.
const RAYS_UP: [[u64; 4]; 64] = rays([(1, 0), (-1, 1), (0, 1), (1, 1)]);
const RAYS_DOWN: [[u64; 4]; 64] = rays([(-1, 0), (1, -1), (0, -1), (-1, -1)]);

const fn rays(directions: [(i32, i32); 4]) -> [[u64; 4]; 64] {
    let mut table = [[0u64; 4]; 64];
    let mut square = 0;
    while square < 64 {
        let mut d = 0;
        while d < 4 {
            let (dc, dr) = directions[d];
            let mut column = (square % 8) as i32 + dc;
            let mut row = (square / 8) as i32 + dr;
            while column >= 0 && column < 8 && row >= 0 && row < 8 {
                table[square][d] |= 1u64 << (row * 8 + column);
                column += dc;
                row += dr;
            }
            d += 1;
        }
        square += 1;
    }
    table
}

/// The opponent discs that playing on `square` (bit index) would flip; 0 if it flips none.
/// The square itself is not checked for being empty.
///
/// Uses `flips_bmi2` where the CPU does `pext`/`pdep` fast ([`crate::cpu::isa`]), else
/// `flips_portable`.
#[inline]
pub fn flips(player: u64, opponent: u64, square: usize) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if cpu::isa().has_fast_pext() {
            // SAFETY: fast pext is only claimed on x86-64-v3, which includes BMI2.
            return unsafe { flips_bmi2(player, opponent, square) };
        }
    }
    flips_portable(player, opponent, square)
}

/// `flips` in plain Rust: walks precomputed rays, the nearest non-opponent square ending each.
#[inline(always)]
pub fn flips_portable(player: u64, opponent: u64, square: usize) -> u64 {
    let mut flipped = 0;
    for ray in RAYS_UP[square] {
        // The nearest square along the ray that is not the opponent's ends the run.
        let stops = ray & !opponent;
        let nearest = stops & stops.wrapping_neg();
        if nearest & player != 0 {
            flipped |= ray & (nearest - 1);
        }
    }
    for ray in RAYS_DOWN[square] {
        let stops = ray & !opponent;
        if stops != 0 {
            let nearest = 1u64 << (63 - stops.leading_zeros());
            if nearest & player != 0 {
                flipped |= ray & !((nearest << 1) - 1);
            }
        }
    }
    flipped
}

#[cfg(test)]
mod tests {
    use super::*;

    const START_BLACK: u64 = (1 << 28) | (1 << 35); // e4, d5
    const START_WHITE: u64 = (1 << 27) | (1 << 36); // d4, e5

    #[test]
    fn black_has_four_opening_moves() {
        let moves = legal_moves(START_BLACK, START_WHITE);
        // d3, c4, f5, e6
        let expected = (1 << 19) | (1 << 26) | (1 << 37) | (1 << 44);
        assert_eq!(moves, expected);
    }

    #[test]
    fn f5_flips_e5() {
        assert_eq!(flips(START_BLACK, START_WHITE, 37), 1 << 36);
    }

    #[test]
    fn an_unbracketed_line_flips_nothing() {
        // a1 empty, b1..g1 white, h1 empty: black on a1 flips nothing.
        let white = 0b0111_1110;
        assert_eq!(flips(0, white, 0), 0);
        assert_eq!(flips(1 << 7, white, 0), white);
    }

    /// A few thousand positions from random games, in a fixed pseudo-random sequence.
    fn sample_positions() -> Vec<(u64, u64)> {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut random = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut positions = Vec::new();
        for _ in 0..200 {
            let (mut player, mut opponent) = (START_BLACK, START_WHITE);
            loop {
                positions.push((player, opponent));
                let moves = legal_moves(player, opponent);
                if moves == 0 {
                    if legal_moves(opponent, player) == 0 {
                        break;
                    }
                    (player, opponent) = (opponent, player);
                    continue;
                }
                let mut pick = random() % u64::from(moves.count_ones());
                let mut rest = moves;
                while pick > 0 {
                    rest &= rest - 1;
                    pick -= 1;
                }
                let square = rest.trailing_zeros() as usize;
                let flipped = flips(player, opponent, square);
                (player, opponent) = (opponent ^ flipped, player | flipped | (1 << square));
            }
        }
        positions
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn bmi2_flips_equal_portable_flips_on_every_empty_square() {
        if !cpu::isa().has_v3() {
            return;
        }
        for (player, opponent) in sample_positions() {
            for square in 0..64 {
                if (player | opponent) & (1 << square) == 0 {
                    // SAFETY: x86-64-v3 includes BMI2.
                    let fast = unsafe { flips_bmi2(player, opponent, square) };
                    assert_eq!(
                        fast,
                        flips_portable(player, opponent, square),
                        "{player:x} {opponent:x} {square}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_legal_moves_copy_agrees() {
        for (player, opponent) in sample_positions() {
            let portable = legal_moves_portable(player, opponent);
            assert_eq!(legal_moves(player, opponent), portable);
            #[cfg(target_arch = "x86_64")]
            if cpu::isa().has_v3() {
                // SAFETY: x86-64-v3 includes AVX2.
                assert_eq!(unsafe { legal_moves_avx2(player, opponent) }, portable);
            }
            let theirs = legal_moves_portable(opponent, player);
            assert_eq!(legal_moves_pair(player, opponent), (portable, theirs));
        }
    }
}
