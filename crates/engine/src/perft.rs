//! Perft: the leaf count of the game tree, the move generator's correctness check and benchmark,
//! with copies compiled for x86-64-v3 chosen at run time.

use crate::bitboard;
use crate::cpu::{self, Isa};
use crate::position::Position;

/// Leaf count of the game tree `depth` plies deep, under the standard convention: a pass is a
/// ply, and a game that ends before `depth` counts as one leaf.
pub fn perft(position: Position, depth: u32) -> u64 {
    match cpu::isa() {
        // SAFETY: the CPU has x86-64-v3, the features these copies are compiled for.
        #[cfg(target_arch = "x86_64")]
        Isa::V3 => unsafe { x86_64_v3::perft_bmi2(position, depth) },
        // SAFETY: as above.
        #[cfg(target_arch = "x86_64")]
        Isa::V3SlowPext => unsafe { x86_64_v3::perft(position, depth) },
        Isa::Portable => perft_portable(position, depth),
    }
}

/// `perft` compiled for the build's baseline CPU only (tests compare it with the fast path).
pub fn perft_portable(position: Position, depth: u32) -> u64 {
    perft_inner(position, depth, false)
}

/// The perft recursion, written once and compiled per instruction set: the helpers it calls
/// are `#[inline(always)]`, so each copy gets its caller's target features.
macro_rules! perft_recursion {
    ($(#[$attribute:meta])* fn $name:ident, $flips:path) => {
        $(#[$attribute])*
        fn $name(position: Position, depth: u32, passed: bool) -> u64 {
            if depth == 0 {
                return 1;
            }
            let moves = position.legal_moves_inline();
            if moves == 0 {
                return if passed {
                    1
                } else {
                    $name(position.pass(), depth - 1, true)
                };
            }
            if depth == 1 {
                return u64::from(moves.count_ones());
            }
            let mut leaves = 0;
            let mut remaining = moves;
            while remaining != 0 {
                let index = remaining.trailing_zeros() as usize;
                remaining &= remaining - 1;
                let flipped = $flips(position.player, position.opponent, index);
                let child = Position::new(
                    position.opponent ^ flipped,
                    position.player | flipped | (1 << index),
                );
                leaves += if depth == 2 {
                    // Bulk count: a child without moves is one leaf, whether it passes or ends
                    // the game.
                    u64::from(child.legal_moves_inline().count_ones().max(1))
                } else {
                    $name(child, depth - 1, false)
                };
            }
            leaves
        }
    };
}

perft_recursion!(fn perft_inner, bitboard::flips_portable);

/// Copies of perft for x86-64 CPUs with POPCNT, BMI1/2, LZCNT and AVX2 (2013 on), chosen at
/// run time so the binary still runs on any x86-64.
#[cfg(target_arch = "x86_64")]
pub mod x86_64_v3 {
    use super::*;

    /// # Safety
    /// Only when [`cpu::isa`] has x86-64-v3.
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
    pub unsafe fn perft(position: Position, depth: u32) -> u64 {
        perft_inner(position, depth, false)
    }

    /// # Safety
    /// Only when [`cpu::isa`] has x86-64-v3; slow unless it also has fast `pext`.
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
    pub unsafe fn perft_bmi2(position: Position, depth: u32) -> u64 {
        perft_inner_bmi2(position, depth, false)
    }

    perft_recursion!(
        #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
        fn perft_inner,
        bitboard::flips_portable
    );

    perft_recursion!(
        #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
        fn perft_inner_bmi2,
        bitboard::flips_bmi2
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_perft_copy_counts_the_same() {
        let start = Position::start();
        let expected = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216];
        for (depth, &nodes) in expected.iter().enumerate() {
            assert_eq!(perft_portable(start, depth as u32), nodes, "depth {depth}");
            assert_eq!(perft(start, depth as u32), nodes, "depth {depth}");
            #[cfg(target_arch = "x86_64")]
            if cpu::isa().has_v3() {
                // SAFETY: the CPU has the features.
                unsafe {
                    assert_eq!(x86_64_v3::perft(start, depth as u32), nodes);
                    assert_eq!(x86_64_v3::perft_bmi2(start, depth as u32), nodes);
                }
            }
        }
    }
}
