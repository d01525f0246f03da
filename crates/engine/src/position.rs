//! A position seen from the side to move: the core type of perft and search.

use crate::bitboard;
use crate::square::Square;

/// The most legal moves a position can have: one per square of the 64-bit board, so a move list
/// of this size cannot overflow whatever the board string.
pub const MAX_MOVES: usize = 64;

/// The side to move's discs (`player`) and the other side's (`opponent`). Colour-blind on purpose:
/// search and perft never need to know who is black.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Position {
    pub player: u64,
    pub opponent: u64,
}

/// The standard start's discs: black on d5 and e4, white on d4 and e5.
const START_BLACK: u64 = (1 << 28) | (1 << 35);
const START_WHITE: u64 = (1 << 27) | (1 << 36);

impl Position {
    /// The standard start with Black to move.
    pub const fn start() -> Position {
        Position::new(START_BLACK, START_WHITE)
    }

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
        final_score(self.disc_difference(), self.empty_count() as i32)
    }
}

/// The final score of a finished game on any board under the federation rule, for a side with
/// `difference` more discs than the other: the `empties` go to the winner.
#[inline(always)]
pub fn final_score(difference: i32, empties: i32) -> i32 {
    match difference.signum() {
        1 => difference + empties,
        -1 => difference - empties,
        _ => 0,
    }
}
