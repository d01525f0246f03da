//! The variants' boards as the search sees them: the one-word board of the square Othello boards
//! up to 8x8 and the 256-bit board of every variant.

use crate::bitboard::flips;
use crate::color::Color;
use crate::eval::{Evaluator, neighbours};
use crate::square::Square;
use crate::variant::{Bits, SmallBoard, VariantBoard, final_score};

use super::board::{Candidate, FixedList, Moves, SearchBoard};
use super::context::Context;
use super::endgame::NearEnd;

/// Most empties of the one-word board solved without the table: below 7 it costs more in probes
/// than it saves (measured on 6x6 Othello positions of 24 and 26 empties).
const SMALL_NEAR_END: u32 = 6;

impl SearchBoard for SmallBoard {
    const MAX_DISCS: i32 = 64;

    type Moves = u64;
    type List = FixedList<SmallBoard, 64>;

    #[inline(always)]
    fn legal_moves(&self) -> u64 {
        SmallBoard::legal_moves(self)
    }

    #[inline(always)]
    fn legal_moves_inline(&self) -> u64 {
        SmallBoard::legal_moves_inline(self)
    }

    #[inline(always)]
    fn play(&self, index: u8) -> SmallBoard {
        SmallBoard::play(self, index)
    }

    #[inline(always)]
    fn pass(&self) -> SmallBoard {
        SmallBoard::pass(self)
    }

    /// The discs alone: a searcher's table holds the positions of one variant.
    #[inline(always)]
    fn key(&self) -> [u64; 2] {
        [self.player, self.opponent]
    }

    #[inline(always)]
    fn empty_count(&self) -> u32 {
        self.empties().count_ones()
    }

    #[inline(always)]
    fn final_score(&self) -> i32 {
        SmallBoard::final_score(self)
    }

    /// As on 8x8: few replies (corners counting double), few empty squares next to our discs.
    #[inline(always)]
    fn mobility_order(&self) -> i32 {
        let replies = SmallBoard::legal_moves_inline(self);
        let mobility = replies.count_ones() + (replies & self.corners()).count_ones();
        let potential = (neighbours(self.opponent) & self.empties()).count_ones();
        -(mobility as i32) * 16 - potential as i32
    }

    #[inline]
    fn square(index: u8) -> Option<Square> {
        Square::from_index(index)
    }

    #[inline]
    fn index(square: Square) -> u8 {
        square.index() as u8
    }
}

/// The exact score of a one-word board near the end (fail-soft in `(alpha, beta)`): no table and
/// no sorting, the corners first, then the other moves in board order.
fn solve_in_place<E: Evaluator<SmallBoard>>(
    ctx: &mut Context<'_, SmallBoard, E>,
    board: SmallBoard,
    mut alpha: i32,
    beta: i32,
) -> i32 {
    if ctx.count_node() {
        return 0;
    }
    let empties = board.empties();
    if empties.count_ones() == 1 {
        return last_move(board, empties.trailing_zeros() as usize);
    }
    let moves = SmallBoard::legal_moves_inline(&board);
    if moves == 0 {
        let passed = SmallBoard::pass(&board);
        if SmallBoard::legal_moves_inline(&passed) == 0 {
            return SmallBoard::final_score(&board);
        }
        return -solve_in_place(ctx, passed, -beta, -alpha);
    }
    let mut best_score = -SmallBoard::SOLVE_INFINITY;
    for group in [moves & board.corners(), moves & !board.corners()] {
        let mut rest = group;
        while let Some(index) = rest.pop() {
            let score = -solve_in_place(ctx, SmallBoard::play(&board, index), -beta, -alpha);
            if ctx.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    return best_score;
                }
            }
        }
    }
    best_score
}

/// The score with one empty square left, `square`: the side to move plays it if it can, else
/// the other side, else the game ends with it empty.
fn last_move(board: SmallBoard, square: usize) -> i32 {
    let (mine, theirs) = (
        board.player.count_ones() as i32,
        board.opponent.count_ones() as i32,
    );
    let flipped = flips(board.player, board.opponent, square).count_ones() as i32;
    if flipped > 0 {
        return board.under_goal(mine + flipped + 1 - (theirs - flipped));
    }
    let flipped = flips(board.opponent, board.player, square).count_ones() as i32;
    if flipped > 0 {
        return board.under_goal(mine - flipped - (theirs + flipped + 1));
    }
    SmallBoard::final_score(&board)
}

impl Moves for Bits {
    #[inline]
    fn is_empty(&self) -> bool {
        Bits::is_empty(*self)
    }

    #[inline]
    fn contains(&self, index: u8) -> bool {
        Bits::contains(*self, Square::from_grid_index(index))
    }

    #[inline]
    fn pop(&mut self) -> Option<u8> {
        self.pop_first().map(|square| square.grid_index() as u8)
    }
}

impl NearEnd for SmallBoard {
    const NEAR_END_EMPTIES: u32 = SMALL_NEAR_END;

    #[inline]
    fn solve_near_end<E: Evaluator<SmallBoard>>(
        ctx: &mut Context<'_, SmallBoard, E>,
        board: SmallBoard,
        alpha: i32,
        beta: i32,
        _empties: u32,
    ) -> i32 {
        solve_in_place(ctx, board, alpha, beta)
    }
}

impl SearchBoard for VariantBoard {
    const MAX_DISCS: i32 = 256;

    type Moves = Bits;
    type List = Vec<Candidate<VariantBoard>>;

    fn legal_moves(&self) -> Bits {
        VariantBoard::legal_moves(self)
    }

    fn play(&self, index: u8) -> VariantBoard {
        let square = Square::from_grid_index(index);
        self.play_unchecked(square, self.outflanked(square))
    }

    fn pass(&self) -> VariantBoard {
        self.passed()
    }

    /// A 128-bit fingerprint of the discs, the side to move and the discs left: two 64-bit
    /// hashes of different multipliers. A searcher's table holds the positions of one variant.
    fn key(&self) -> [u64; 2] {
        let black = self.discs(Color::Black).words();
        let white = self.discs(Color::White).words();
        let left = |color| self.discs_left(color).map_or(0, u64::from);
        let rest = left(Color::Black) << 16 | left(Color::White) << 8 | self.to_move() as u64;
        let mut key = [0x243F_6A88_85A3_08D3u64, 0x1319_8A2E_0370_7344u64];
        for word in black.into_iter().chain(white).chain([rest]) {
            key[0] = (key[0] ^ word)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .rotate_left(29);
            key[1] = (key[1] ^ word)
                .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
                .rotate_left(31);
        }
        // An all-zero key marks an empty table entry.
        [key[0], key[1] | 1]
    }

    fn empty_count(&self) -> u32 {
        self.empties().count()
    }

    fn final_score(&self) -> i32 {
        final_score(self)
    }

    /// Few empty squares next to the mover's discs: the opponent's replies can only be there.
    fn mobility_order(&self) -> i32 {
        let mover = self.discs(self.to_move().opponent());
        -((mover.neighbours() & self.empties()).count() as i32) * 16
    }

    fn square(index: u8) -> Option<Square> {
        Some(Square::from_grid_index(index))
    }

    fn index(square: Square) -> u8 {
        square.grid_index() as u8
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::color::Color;
    use crate::eval::Evaluator;
    use crate::eval::general::GeneralEval;
    use crate::rng::SplitMix64;
    use crate::search::context::Context;
    use crate::search::searcher::Searcher;
    use crate::search::tt::Table;
    use crate::search::{any::VariantSearcher, limits::SearchLimits, progress::ProgressSlot};
    use crate::variant::{Variant, variant_board_string};

    /// A position reached by random moves from the start with `empties` squares left.
    fn random_position(variant: Variant, empties: u32, rng: &mut SplitMix64) -> VariantBoard {
        let mut board = VariantBoard::start(variant);
        while board.empties().count() > empties && !board.is_game_over() {
            let moves: Vec<Square> = board.legal_moves().squares().collect();
            board = match moves.len() {
                0 => board.passed(),
                count => board.play(moves[rng.below(count)]).unwrap(),
            };
        }
        board
    }

    /// The solver's score of `board` in the window `(alpha, beta)`.
    fn solve<B: NearEnd>(board: B, eval: &impl Evaluator<B>, alpha: i32, beta: i32) -> i32 {
        let table = Table::new(4);
        let stop = AtomicBool::new(false);
        Context::new(&table, eval, &stop, None, false).solve(board, alpha, beta)
    }

    #[test]
    fn the_one_word_board_solves_as_the_general_board_and_its_bounds_hold() {
        let mut rng = SplitMix64::new(3);
        for variant in [
            Variant::othello(6),
            Variant::reversi(6),
            Variant::othello(8),
            Variant::reverse(8),
        ] {
            let eval = GeneralEval::of(variant);
            for _ in 0..3 {
                // Enough empties for the short searches that order the moves far from the end.
                let board = random_position(variant, 15, &mut rng);
                let small = SmallBoard::of(&board).unwrap();
                let exact = solve(board, &eval, -257, 257);
                assert_eq!(
                    solve(small, &eval, -65, 65),
                    exact,
                    "{variant} {}",
                    variant_board_string(&board)
                );
                assert!(solve(small, &eval, exact + 1, exact + 3) <= exact + 1);
                assert!(solve(small, &eval, exact - 3, exact - 1) >= exact - 1);
                assert_eq!(solve(small, &eval, exact - 1, exact + 1), exact);
            }
        }
    }

    /// Reverse Othello's evaluation against Othello's, both searching 4 plies and solving the
    /// last 10 squares on Reverse Othello's 8x8 board: 24 games from random 4-move openings,
    /// colours alternated. Owning corners and discs is the way to lose there, so the evaluation
    /// that knows it wins most of the games.
    #[test]
    fn the_reverse_evaluation_beats_othello_s_at_reverse_othello() {
        let variant = Variant::reverse(8);
        let evals = [GeneralEval::of(variant), GeneralEval::of(Variant::OTHELLO)];
        let limits = SearchLimits {
            solve_empties: 10,
            ..SearchLimits::depth(4)
        };
        let mut rng = SplitMix64::new(48);
        let mut reverse_wins = 0;
        for game in 0..24 {
            let reverse_plays = [Color::Black, Color::White][game % 2];
            let mut searchers = evals.map(|eval| Searcher::with_evaluator(4, eval));
            let mut board = VariantBoard::start(variant);
            for _ in 0..4 {
                let moves: Vec<Square> = board.legal_moves().squares().collect();
                board = board.play(moves[rng.below(moves.len())]).unwrap();
            }
            while !board.is_game_over() {
                if board.must_pass() {
                    board = board.passed();
                    continue;
                }
                let side = usize::from(board.to_move() != reverse_plays);
                let small = SmallBoard::of(&board).unwrap();
                let stop = AtomicBool::new(false);
                let best = searchers[side].best_move(small, &limits, &stop).best;
                board = board.play(best.expect("a legal move")).unwrap();
            }
            let fewer = board.count(reverse_plays) < board.count(reverse_plays.opponent());
            reverse_wins += usize::from(fewer);
        }
        assert!(reverse_wins >= 18, "{reverse_wins} of 24");
    }

    #[test]
    fn a_search_reports_each_iteration_and_the_solve_with_a_legal_line() {
        let board = random_position(Variant::othello(10), 12, &mut SplitMix64::new(7));
        let slot = Arc::new(ProgressSlot::default());
        let mut searcher = VariantSearcher::new();
        searcher.report_progress_to(slot.clone());
        let limits = SearchLimits {
            solve_empties: 12,
            ..SearchLimits::depth(4)
        };
        let result = searcher.best_move(&board, &limits, &AtomicBool::new(false));
        let last = slot.latest().expect("a report after the search");
        assert!(last.exact, "the solve is the last report");
        assert_eq!(last.depth, 12);
        assert_eq!(last.score, result.score);
        assert_eq!(last.pv.first(), result.best.as_ref());
        let mut line = board;
        for &square in &last.pv {
            if line.must_pass() {
                line = line.passed();
            }
            line = line.play(square).expect("every move of the line is legal");
        }
    }
}
