//! The exact endgame solver: final disc differential by alpha-beta to the end of the game.
//!
//! Three tiers, by empty squares left:
//! - deep (more than the board's `NearEnd::NEAR_END_EMPTIES`, every empty of the variants'
//!   boards; `endgame_deep.rs`): transposition table, enhanced transposition cutoffs, stability
//!   cutoffs where the board knows its stable discs, fastest-first ordering (fewest replies for
//!   the opponent), PVS; written once for every board;
//! - 8x8 shallow (5..=`SHALLOW_MAX`; `endgame_8x8.rs`): a small table of each thread's own
//!   instead of the shared one; fastest-first above `PARITY_MAX`, below it parity ordering (odd
//!   quadrants first) over the legal-move bitboard;
//! - 8x8 small (1..=4; `endgame_8x8.rs`): the empty squares themselves, parity-ordered, with no
//!   move generation, a stability cutoff at four empties, and a dedicated last-square count.
//!
//! The tiers' move ordering is in `endgame_order.rs`; this file holds the hand-over from the deep
//! tier to a board's own code (`NearEnd`).
//!
//! Scores are in discs, fail-soft. A win/loss/draw solve is the same search with the window
//! (-1, 1). A probable solve (`Context::certainty` below exact) is the same search again, with
//! the deep tier's null-window nodes cut by ProbCut's endgame fits where they exist.

use crate::variant::VariantBoard;

use super::board::SearchBoard;
use super::context::Context;
use crate::eval::Evaluator;

/// How a board's exact solve ends: from `NEAR_END_EMPTIES` empties down, the solver hands over to
/// code of the board's own, since near the end the table costs more than it saves and move
/// generation is all the cost. Every board the search plays implements it; the ones without such
/// code keep the table and ordering to the end of the game.
pub trait NearEnd: SearchBoard {
    /// Empties at and below which the exact solver hands over to `solve_near_end`; 0 keeps the
    /// solver's table and ordering to the end of the game.
    const NEAR_END_EMPTIES: u32 = 0;

    /// The exact solver's last `NEAR_END_EMPTIES` empties. Without code of the board's own it is
    /// only asked about a full board.
    #[inline(always)]
    fn solve_near_end<E: Evaluator<Self>>(
        ctx: &mut Context<'_, Self, E>,
        board: Self,
        alpha: i32,
        beta: i32,
        empties: u32,
    ) -> i32 {
        let _ = (alpha, beta, empties);
        ctx.nodes += 1;
        board.final_score()
    }

    /// The empty squares in regions with an odd number of empties, which the deep tier's
    /// mobility order favours: none unless the board knows its parity regions.
    #[inline(always)]
    fn odd_squares(&self) -> u64 {
        0
    }
}

impl NearEnd for VariantBoard {}

/// Lowest alpha at which a stability cutoff is worth computing: with many empties few discs
/// are stable, so only a high alpha can be refuted.
#[inline]
pub(super) fn stability_threshold(empties: u32, max_discs: i32) -> i32 {
    (2 * empties as i32 - 12).min(max_discs)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::bitboard::legal_moves_portable as legal_moves;
    use crate::cpu::Isa;
    use crate::eval::HandEval;
    use crate::position::Position;
    use crate::rng::SplitMix64;
    use crate::search::tt::Table;
    use crate::square::Square;

    /// Both copies of the solver (portable and, where the CPU has it, x86-64-v3) agree.
    #[test]
    fn every_instruction_set_gives_the_same_scores() {
        let mut rng = SplitMix64::new(5);
        let stop = AtomicBool::new(false);
        for _ in 0..40 {
            let mut position = Position::start();
            while position.empty_count() > 13 {
                let moves: Vec<Square> =
                    Square::iter_bits(legal_moves(position.player, position.opponent)).collect();
                if moves.is_empty() {
                    position = position.pass();
                    if legal_moves(position.player, position.opponent) == 0 {
                        break;
                    }
                    continue;
                }
                position = position.play(moves[rng.below(moves.len())]).unwrap();
            }
            let mut scores = Vec::new();
            for isa in [Isa::Portable, crate::cpu::isa()] {
                let table = Table::new(4);
                let mut context = Context::new(&table, &HandEval, &stop, None, false);
                context.isa = isa;
                scores.push(context.solve(
                    position,
                    -Position::SOLVE_INFINITY,
                    Position::SOLVE_INFINITY,
                ));
            }
            assert_eq!(scores[0], scores[1], "{position:?}");
        }
    }

    /// A position `empties` from the end of a random game.
    fn random_position(rng: &mut SplitMix64, empties: u32) -> Position {
        loop {
            let mut position = Position::start();
            while position.empty_count() > empties {
                let moves: Vec<Square> =
                    Square::iter_bits(legal_moves(position.player, position.opponent)).collect();
                if moves.is_empty() {
                    break;
                }
                position = position.play(moves[rng.below(moves.len())]).unwrap();
            }
            if position.empty_count() == empties {
                return position;
            }
        }
    }

    fn solve_exactly(position: Position, stop: &AtomicBool) -> i32 {
        let table = Table::new(4);
        let mut context = Context::new(&table, &HandEval, stop, None, false);
        context.solve(
            position,
            -Position::SOLVE_INFINITY,
            Position::SOLVE_INFINITY,
        )
    }

    /// A solve stopped part-way (the user leaving an analysis) leaves nothing wrong behind in the
    /// shallow tier's table, which outlives the search: the same thread solves the position
    /// again as a thread that never saw it does.
    #[test]
    fn a_stopped_solve_does_not_mislead_the_next() {
        let mut rng = SplitMix64::new(11);
        let positions: Vec<Position> = (0..30).map(|_| random_position(&mut rng, 12)).collect();
        let fresh: Vec<i32> = std::thread::spawn({
            let positions = positions.clone();
            move || {
                let go = AtomicBool::new(false);
                positions.iter().map(|&p| solve_exactly(p, &go)).collect()
            }
        })
        .join()
        .unwrap();
        let (stop, go) = (AtomicBool::new(true), AtomicBool::new(false));
        for (&position, &expected) in positions.iter().zip(&fresh) {
            solve_exactly(position, &stop);
            assert_eq!(solve_exactly(position, &go), expected, "{position:?}");
        }
    }
}
