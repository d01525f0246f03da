//! A position seen from the side to move: the core type of perft and search.

use crate::bitboard;
use crate::cpu::{self, Isa};
use crate::square::Square;

/// The side to move's discs (`player`) and the other side's (`opponent`). Colour-blind on purpose:
/// search and perft never need to know who is black.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Position {
    pub player: u64,
    pub opponent: u64,
}

impl Position {
    pub const fn new(player: u64, opponent: u64) -> Position {
        Position { player, opponent }
    }

    /// Empty squares where the side to move may play.
    #[inline]
    pub fn legal_moves(&self) -> u64 {
        bitboard::legal_moves(self.player, self.opponent)
    }

    /// `legal_moves` without the run-time CPU check, for code compiled for its target features.
    #[inline(always)]
    pub fn legal_moves_inline(&self) -> u64 {
        bitboard::legal_moves_portable(self.player, self.opponent)
    }

    /// The discs a move on `square` would flip; 0 when the move is not legal.
    #[inline]
    pub fn flips(&self, square: Square) -> u64 {
        if self.empties() & square.bit() == 0 {
            return 0;
        }
        bitboard::flips(self.player, self.opponent, square.index())
    }

    /// The position after the side to move plays `square`, flipping `flipped` (from `flips`),
    /// seen from the new side to move.
    #[inline(always)]
    pub fn play_with_flips(&self, square: Square, flipped: u64) -> Position {
        Position {
            player: self.opponent ^ flipped,
            opponent: self.player | flipped | square.bit(),
        }
    }

    /// The position after a legal move on `square`, or `None` if the move flips nothing.
    pub fn play(&self, square: Square) -> Option<Position> {
        match self.flips(square) {
            0 => None,
            flipped => Some(self.play_with_flips(square, flipped)),
        }
    }

    /// The same discs with the other side to move.
    #[inline(always)]
    pub fn pass(&self) -> Position {
        Position {
            player: self.opponent,
            opponent: self.player,
        }
    }

    #[inline(always)]
    pub fn empties(&self) -> u64 {
        !(self.player | self.opponent)
    }

    #[inline(always)]
    pub fn empty_count(&self) -> u32 {
        self.empties().count_ones()
    }

    /// Neither side can move.
    pub fn is_game_over(&self) -> bool {
        self.legal_moves() == 0 && self.pass().legal_moves() == 0
    }

    /// Side to move's discs minus the opponent's, empty squares not counted.
    #[inline(always)]
    pub fn disc_difference(&self) -> i32 {
        self.player.count_ones() as i32 - self.opponent.count_ones() as i32
    }

    /// The final score of a finished game under the federation rule: empty squares go to the
    /// winner, so the result is always out of 64. Inlined: the solvers' copies for each
    /// instruction set count with their own instructions.
    #[inline(always)]
    pub fn final_score(&self) -> i32 {
        let diff = self.disc_difference();
        let empties = self.empty_count() as i32;
        match diff.signum() {
            1 => diff + empties,
            -1 => diff - empties,
            _ => 0,
        }
    }
}

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
            for square in Square::iter_bits(moves) {
                let flipped = $flips(position.player, position.opponent, square.index());
                let child = position.play_with_flips(square, flipped);
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
        let start = Position::new((1 << 28) | (1 << 35), (1 << 27) | (1 << 36));
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
