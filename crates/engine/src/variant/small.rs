//! The one-word board: square boards up to 8x8 with Othello's rules (a shared supply, no
//! placing without flipping). Such a board sits in the upper-left corner of the 8x8 word (bit
//! `row * 8 + column`, as on the standard board); the word's squares off the board are never
//! empty and never hold a disc, so they end every line of discs, and the standard board's move
//! generator and flips are right on it once moves are kept to its squares. This is several
//! times faster than the 256-bit board, which is what solving 6x6 Othello needs.

use crate::bitboard::{flips, legal_moves, legal_moves_portable};
use crate::position::final_score;

use super::bits::Bits;
use super::board::VariantBoard;
use super::rules::{Goal, Shape, Supply};

/// A position of a small board, seen from the side to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SmallBoard {
    /// The side to move's discs.
    pub player: u64,
    /// The other side's discs.
    pub opponent: u64,
    /// The board's squares in the 8x8 word.
    squares: u64,
    /// The board's four corners.
    corners: u64,
    /// Who wins, so that a finished board scores as its rules say.
    goal: Goal,
}

impl SmallBoard {
    /// `board` on the one-word board, or `None` when its board or rules do not fit it (or its
    /// centre is still being filled: those moves flip nothing).
    pub fn of(board: &VariantBoard) -> Option<SmallBoard> {
        let variant = board.variant();
        let fits = variant.size <= 8
            && variant.shape == Shape::Square
            && variant.supply == Supply::Shared
            && !variant.adjacent_placement
            && !board.is_placing_centre();
        if !fits {
            return None;
        }
        let last = u32::from(variant.size) - 1;
        let corners = [(0, 0), (last, 0), (0, last), (last, last)]
            .into_iter()
            .fold(0u64, |all, (column, row)| all | 1 << (row * 8 + column));
        let to_move = board.to_move();
        Some(SmallBoard {
            player: word(board.discs(to_move)),
            opponent: word(board.discs(to_move.opponent())),
            squares: word(board.squares()),
            corners,
            goal: variant.goal,
        })
    }

    /// The board's four corners.
    #[inline(always)]
    pub fn corners(&self) -> u64 {
        self.corners
    }

    /// The board's squares.
    #[inline(always)]
    pub fn squares(&self) -> u64 {
        self.squares
    }

    #[inline(always)]
    pub fn empties(&self) -> u64 {
        self.squares & !(self.player | self.opponent)
    }

    /// The squares where the side to move may play.
    #[inline(always)]
    pub fn legal_moves(&self) -> u64 {
        legal_moves(self.player, self.opponent) & self.squares
    }

    /// `legal_moves` without the run-time CPU check, for code compiled for its target features.
    #[inline(always)]
    pub fn legal_moves_inline(&self) -> u64 {
        legal_moves_portable(self.player, self.opponent) & self.squares
    }

    /// The position after the side to move plays its legal move on bit `index`, seen from the
    /// new side to move.
    #[inline(always)]
    pub fn play(&self, index: u8) -> SmallBoard {
        let flipped = flips(self.player, self.opponent, usize::from(index));
        SmallBoard {
            player: self.opponent & !flipped,
            opponent: self.player | flipped | 1 << index,
            ..*self
        }
    }

    /// The same discs with the other side to move.
    #[inline(always)]
    pub fn pass(&self) -> SmallBoard {
        SmallBoard {
            player: self.opponent,
            opponent: self.player,
            ..*self
        }
    }

    /// The side to move's final score: the disc difference, empty squares to the winner; in
    /// Reverse Othello its opposite (as on the 256-bit board).
    #[inline(always)]
    pub fn final_score(&self) -> i32 {
        let difference = self.player.count_ones() as i32 - self.opponent.count_ones() as i32;
        self.under_goal(final_score(difference, self.empties().count_ones() as i32))
    }

    /// A final score counted as Othello counts it, for the side to move under this board's
    /// goal: the same, or its opposite when the fewest discs win.
    #[inline(always)]
    pub fn under_goal(&self, most_discs_score: i32) -> i32 {
        match self.goal {
            Goal::MostDiscs => most_discs_score,
            Goal::FewestDiscs => -most_discs_score,
        }
    }
}

/// Squares of a board up to 8x8 as the 8x8 word's bits.
fn word(squares: Bits) -> u64 {
    squares
        .squares()
        .fold(0u64, |all, square| all | square.bit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix64;
    use crate::variant::Variant;

    /// Random games on the one-word board and on the 256-bit board reach the same positions,
    /// moves and final scores.
    #[test]
    fn the_one_word_board_plays_as_the_general_board() {
        let mut rng = SplitMix64::new(9);
        for variant in [
            Variant::othello(6),
            Variant::reversi(6),
            Variant::othello(4),
            Variant::reverse(6),
        ] {
            for _ in 0..20 {
                let mut board = VariantBoard::start(variant);
                while board.is_placing_centre() {
                    let moves: Vec<_> = board.legal_moves().squares().collect();
                    board = board.play(moves[rng.below(moves.len())]).unwrap();
                }
                loop {
                    let small = SmallBoard::of(&board).unwrap();
                    assert_eq!(small.legal_moves(), word(board.legal_moves()));
                    if board.is_game_over() {
                        assert_eq!(small.final_score(), crate::variant::final_score(&board));
                        break;
                    }
                    let moves: Vec<_> = board.legal_moves().squares().collect();
                    if moves.is_empty() {
                        assert_eq!(SmallBoard::of(&board.passed()), Some(small.pass()));
                        board = board.passed();
                        continue;
                    }
                    let square = moves[rng.below(moves.len())];
                    board = board.play(square).unwrap();
                    let played = small.play(square.index() as u8);
                    assert_eq!(SmallBoard::of(&board), Some(played));
                }
            }
        }
    }
}
