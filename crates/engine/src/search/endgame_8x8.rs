//! The exact solver's 8x8 tiers, from `SHALLOW_MAX` empties down: a small table of each
//! thread's own instead of the shared one, then the last four empties without move generation.

use crate::bitboard::legal_moves_portable as legal_moves;
use crate::position::Position;

use super::board::{Candidate, SearchBoard};
use super::context::Context;
use super::endgame::{NearEnd, stability_threshold};
use super::endgame_order::{
    PARITY_MAX, PRIORITY, fastest_first, odd_quadrants, parity_bonus, pick_best,
};
use super::score::final_score;
use super::shallow_table::ShallowTable;
use crate::eval::Evaluator;
use crate::eval::stability::stable_count;

/// Most empties searched without the shared table. Lower bounds save nodes (5: 26% fewer on FFO
/// #41-#44, #46, #47, and fewer instructions) but cost time: the table's random reads miss the
/// caches, and FFO #40-#44 took 30% longer at 5 and 6% longer at 7 than at 9.
const SHALLOW_MAX: u32 = 9;

impl NearEnd for Position {
    const NEAR_END_EMPTIES: u32 = SHALLOW_MAX;

    #[inline(always)]
    fn solve_near_end<E: Evaluator>(
        ctx: &mut Context<'_, Position, E>,
        board: Position,
        alpha: i32,
        beta: i32,
        empties: u32,
    ) -> i32 {
        ctx.solve_near_end(board, alpha, beta, empties)
    }

    #[inline(always)]
    fn odd_squares(&self) -> u64 {
        odd_quadrants(self.empties())
    }
}

/// Room for the moves of a shallow position (at most one per empty square): a small array is
/// quicker to set up than a full move list.
const SHALLOW_LIST: usize = 16;
const _: () = assert!(SHALLOW_MAX as usize <= SHALLOW_LIST);

/// The solver, written once and compiled per instruction set (as perft is): the helpers it
/// calls are inlined, so each copy gets its caller's target features.
macro_rules! near_end_solver {
    (
        $(#[$attribute:meta])*
        $near_end:ident, $solve_shallow:ident, $solve_small:ident, $solve_squares:ident,
        $solve_last:ident, $flips:path, $last_count:path
    ) => {
impl<E: Evaluator> Context<'_, Position, E> {
    /// The solver's 8x8 tiers from `SHALLOW_MAX` empties down.
    $(#[$attribute])*
    fn $near_end(&mut self, position: Position, alpha: i32, beta: i32, empties: u32) -> i32 {
        if empties > 4 {
            ShallowTable::with(|table| self.$solve_shallow(table, position, alpha, beta, empties))
        } else {
            self.$solve_small(position.player, position.opponent, alpha, beta)
        }
    }

    $(#[$attribute])*
    $(#[$attribute])*
    fn $solve_shallow(
        &mut self,
        table: &mut ShallowTable,
        position: Position,
        mut alpha: i32,
        mut beta: i32,
        empties: u32,
    ) -> i32 {
        if self.count_node() {
            return 0;
        }
        let (player, opponent) = (position.player, position.opponent);
        let mut table_move = None;
        if let Some(known) = table.probe(player, opponent) {
            if known.lower >= beta {
                return known.lower;
            }
            if known.upper <= alpha || known.lower == known.upper {
                return known.upper;
            }
            alpha = alpha.max(known.lower);
            beta = beta.min(known.upper);
            table_move = known.best;
        }
        let moves = legal_moves(player, opponent);
        if moves == 0 {
            let passed = position.pass();
            if legal_moves(passed.player, passed.opponent) == 0 {
                return final_score(player, opponent);
            }
            return -self.$solve_shallow(table, passed, -beta, -alpha, empties);
        }
        if alpha >= stability_threshold(empties, 64) {
            let upper = 64 - 2 * stable_count(position.opponent, position.player) as i32;
            if upper <= alpha {
                return upper;
            }
        }
        let mut best_score = -Position::SOLVE_INFINITY;
        let child_solve = |this: &mut Self, table: &mut ShallowTable, child: Position, a, b| {
            if empties - 1 > 4 {
                this.$solve_shallow(table, child, a, b, empties - 1)
            } else {
                this.$solve_small(child.player, child.opponent, a, b)
            }
        };
        if empties > PARITY_MAX {
            let mut list = [Candidate::default(); SHALLOW_LIST];
            let mut count = 0;
            let odd = odd_quadrants(position.empties());
            let mut rest = moves;
            while rest != 0 {
                let square = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                let flipped = $flips(position.player, position.opponent, square as usize);
                let child = Position::new(
                    position.opponent ^ flipped,
                    position.player | flipped | (1u64 << square),
                );
                let score = if Some(square) == table_move {
                    i32::MAX
                } else {
                    fastest_first(&child) + parity_bonus(odd, square)
                };
                list[count] = Candidate {
                    child,
                    square,
                    score,
                };
                count += 1;
            }
            let list = &mut list[..count];
            let mut best_move = None;
            for i in 0..list.len() {
                pick_best(list, i);
                let child = list[i].child;
                let score = -child_solve(self, table, child, -beta, -alpha.max(best_score));
                if score > best_score {
                    best_score = score;
                    best_move = Some(list[i].square);
                    if score >= beta {
                        break;
                    }
                }
            }
            self.store_shallow(table, position, alpha, beta, best_score, best_move);
            return best_score;
        }
        let odd = odd_quadrants(position.empties());
        let first = table_move.map_or(0, |square| 1u64 << square) & moves;
        let mut best_move = None;
        'moves: for class in [first, moves & odd & !first, moves & !odd & !first] {
            for priority in PRIORITY {
                let mut rest = class & priority;
                while rest != 0 {
                    let square = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let flipped = $flips(position.player, position.opponent, square);
                    let child = Position::new(
                        position.opponent ^ flipped,
                        position.player | flipped | (1u64 << square),
                    );
                    let score = -child_solve(self, table, child, -beta, -alpha.max(best_score));
                    if score > best_score {
                        best_score = score;
                        best_move = Some(square as u8);
                        if score >= beta {
                            break 'moves;
                        }
                    }
                }
            }
        }
        self.store_shallow(table, position, alpha, beta, best_score, best_move);
        best_score
    }

    /// Four or fewer empties: loop over the empty squares themselves.
    $(#[$attribute])*
    $(#[$attribute])*
    fn $solve_small(&mut self, player: u64, opponent: u64, alpha: i32, beta: i32) -> i32 {
        let empty = !(player | opponent);
        let odd = odd_quadrants(empty);
        let mut squares = [0u8; 4];
        let mut n = 0;
        for class in [empty & odd, empty & !odd] {
            let mut rest = class;
            while rest != 0 {
                squares[n] = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                n += 1;
            }
        }
        // Four empties are the last where the opponent's stable discs are worth counting: a cutoff
        // there spares about ten nodes, and a high alpha is common this near the end.
        if n == 4 && alpha >= stability_threshold(4, 64) {
            let upper = 64 - 2 * stable_count(opponent, player) as i32;
            if upper <= alpha {
                self.nodes += 1;
                return upper;
            }
        }
        match n {
            0 => {
                self.nodes += 1;
                final_score(player, opponent)
            }
            1 => self.$solve_last(player, opponent, squares[0]),
            _ => self.$solve_squares(player, opponent, alpha, beta, &squares[..n], false),
        }
    }

    $(#[$attribute])*
    $(#[$attribute])*
    fn $solve_squares(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
        squares: &[u8],
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let n = squares.len();
        let mut best_score = -Position::SOLVE_INFINITY;
        for i in 0..n {
            let square = squares[i];
            let flipped = $flips(player, opponent, square as usize);
            if flipped == 0 {
                continue;
            }
            let next_player = opponent ^ flipped;
            let next_opponent = player | flipped | (1u64 << square);
            let score = if n == 2 {
                -self.$solve_last(next_player, next_opponent, squares[1 - i])
            } else {
                let mut rest = [0u8; 4];
                let mut k = 0;
                for (j, &other) in squares.iter().enumerate() {
                    if j != i {
                        rest[k] = other;
                        k += 1;
                    }
                }
                -self.$solve_squares(
                    next_player,
                    next_opponent,
                    -beta,
                    -alpha.max(best_score),
                    &rest[..n - 1],
                    false,
                )
            };
            if score > best_score {
                best_score = score;
                if score >= beta {
                    return best_score;
                }
            }
        }
        if best_score == -Position::SOLVE_INFINITY {
            if passed {
                return final_score(player, opponent);
            }
            return -self.$solve_squares(opponent, player, -beta, -alpha, squares, true);
        }
        best_score
    }

    /// One empty square left: whoever can play it does, else the game ends with it empty.
    $(#[$attribute])*
    #[inline]
    $(#[$attribute])*
    fn $solve_last(&mut self, player: u64, opponent: u64, square: u8) -> i32 {
        self.nodes += 1;
        let mine = player.count_ones() as i32;
        let flipped = $last_count(player, square as usize);
        if flipped > 0 {
            return 2 * (mine + flipped) - 62;
        }
        let flipped = $last_count(opponent, square as usize);
        if flipped > 0 {
            return 2 * (mine - flipped) - 64;
        }
        let diff = 2 * mine - 63;
        if diff > 0 { diff + 1 } else { diff - 1 }
    }
}
    };
}

near_end_solver!(
    near_end_portable,
    solve_shallow,
    solve_small,
    solve_squares,
    solve_last,
    crate::bitboard::flips,
    crate::bitboard::last_flip_count_portable
);

#[cfg(target_arch = "x86_64")]
near_end_solver!(
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
    near_end_v3,
    solve_shallow_v3,
    solve_small_v3,
    solve_squares_v3,
    solve_last_v3,
    crate::bitboard::flips_bmi2,
    crate::bitboard::last_flip::last_flip_count_bmi2
);

impl<E: Evaluator> Context<'_, Position, E> {
    /// Records in the shallow tier's table what the search of `position` in `(alpha, beta)`
    /// proved.
    #[inline(always)]
    fn store_shallow(
        &self,
        table: &mut ShallowTable,
        position: Position,
        alpha: i32,
        beta: i32,
        best_score: i32,
        best_move: Option<u8>,
    ) {
        // A stopped search's scores are made up, and the table outlives the search.
        if self.aborted {
            return;
        }
        let (lower, upper) = if best_score <= alpha {
            (-64, best_score)
        } else if best_score >= beta {
            (best_score, 64)
        } else {
            (best_score, best_score)
        };
        table.store(position.player, position.opponent, lower, upper, best_move);
    }

    /// The 8x8 tiers from `SHALLOW_MAX` empties down, in the copy for this CPU.
    #[inline]
    pub(super) fn solve_near_end(
        &mut self,
        position: Position,
        alpha: i32,
        beta: i32,
        empties: u32,
    ) -> i32 {
        if self.isa.has_fast_pext() {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: fast pext is only claimed on x86-64-v3, the features `near_end_v3` is
            // compiled for.
            return unsafe { self.near_end_v3(position, alpha, beta, empties) };
        }
        self.near_end_portable(position, alpha, beta, empties)
    }
}
