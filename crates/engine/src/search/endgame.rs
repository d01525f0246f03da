//! The exact endgame solver: final disc differential by alpha-beta to the end of the game.
//!
//! Three tiers, by empty squares left:
//! - deep (more than the board's `NearEnd::NEAR_END_EMPTIES`, every empty of the variants'
//!   boards): transposition table, enhanced transposition cutoffs, stability cutoffs where the
//!   board knows its stable discs, fastest-first ordering (fewest replies for the opponent), PVS;
//!   written once for every board;
//! - 8x8 shallow (5..=`SHALLOW_MAX`): a small table of each thread's own instead of the shared
//!   one; fastest-first above `PARITY_MAX`, below it parity ordering (odd quadrants first) over
//!   the legal-move bitboard;
//! - 8x8 small (1..=4): the empty squares themselves, parity-ordered, with no move generation,
//!   a stability cutoff at four empties, and a dedicated last-square count.
//!
//! Scores are in discs, fail-soft. A win/loss/draw solve is the same search with the window
//! (-1, 1). A probable solve (`Context::certainty` below exact) is the same search again, with
//! the deep tier's null-window nodes cut by ProbCut's endgame fits where they exist.

use crate::bitboard::legal_moves_portable as legal_moves;
use crate::position::Position;
use crate::variant::VariantBoard;

use super::board::{Candidate, MoveList, Moves, SearchBoard};
use super::context::Context;
use super::score::final_score;
use super::shallow_table::ShallowTable;
use crate::eval::stability::stable_count;
use crate::eval::{DISC, Evaluator};

/// Most empties searched without the shared table. Lower bounds save nodes (5: 26% fewer on FFO
/// #41-#44, #46, #47, and fewer instructions) but cost time: the table's random reads miss the
/// caches, and FFO #40-#44 took 30% longer at 5 and 6% longer at 7 than at 9.
pub(super) const SHALLOW_MAX: u32 = 9;
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

impl NearEnd for VariantBoard {}

/// Room for the moves of a shallow position (at most one per empty square): a small array is
/// quicker to set up than a full move list.
const SHALLOW_LIST: usize = 16;
const _: () = assert!(SHALLOW_MAX as usize <= SHALLOW_LIST);
/// Most empties ordered by parity only (no mobility sort): there the table move alone is tried
/// first (FFO #40-#49: 0.804 G -> 0.772 G nodes at the same speed; fastest-first too: 0.716 G
/// but 3% more time).
const PARITY_MAX: u32 = 5;
/// Fewest empties where children are looked up in the table before searching (FFO #40-#49:
/// 12 rather than 16 saves 5% of the nodes at the same speed; lower costs more in probes than
/// it saves).
const ETC_MIN: u32 = 12;
/// Fewest empties where the threads of a parallel search tell one another which moves they are
/// searching (see `parallel`): below it subtrees are too small to be worth the shared writes.
const SHARE_MIN: u32 = 12;
/// Fewest empties where moves are ordered by the evaluation as well as mobility.
const EVAL_ORDER_MIN: u32 = 14;
/// The short search that orders the moves from `EVAL_ORDER_MIN` empties: below `start` empties
/// the evaluation alone, from `start` one ply, and one more every `step` empties after, up to
/// `max` plies.
struct EvalOrderSearch {
    start: u32,
    step: u32,
    max: u32,
}

/// Full width, then with ProbCut in the midgame search, which makes the deeper looks cheap. With
/// ProbCut (18, 2, 4) looks a ply deeper from 18 to 25 empties than (20, 2, 4) did: a misordered
/// node there costs more than the looks (FFO #57 on one thread: 1.205 G -> 0.844 G nodes, 80 s
/// -> 66 s). (16, 2, 3) took fewer nodes on #40-#49 (0.555 G against 0.632 G) but more time
/// higher up: #57 1.127 G nodes in 98 s against 74 s with (20, 2, 4).
const EVAL_ORDER_SEARCH: [EvalOrderSearch; 2] = [
    EvalOrderSearch {
        start: 20,
        step: 4,
        max: 2,
    },
    EvalOrderSearch {
        start: 18,
        step: 2,
        max: 4,
    },
];
/// Weight of the mobility order (16 per reply) against the short search (`DISC` per disc): about
/// two discs a reply. 12 took FFO #40-#59 from 20.25 to 19.42 G nodes against 16; 4, 8 and 10
/// did no better (crates/trainer/RUNS.md, "Endgame ordering").
const EVAL_ORDER_MOBILITY: i32 = 12;
/// Fewest plies behind an unsolved table entry whose best move is tried first. Most unsolved
/// entries come from the short ordering searches, whose best moves are worse guesses than this
/// node's own ordering; the deep ones come from the midgame search before the solve and are better
/// (one thread: FFO #40-#49 1.38 G -> 1.26 G nodes, #50 1.51 G -> 1.05 G, #57 2.32 G -> 1.90 G;
/// solved entries only: 1.87 G, 1.00 G, 1.90 G; from 3 plies: 1.32 G, 1.11 G).
const TABLE_MOVE_MIN_DEPTH: u32 = 10;

/// Ordering bonus of a move into a quadrant with an odd number of empties, against 16 a reply in
/// the fastest-first order. The deep tier adds it too below `EVAL_ORDER_MIN` (FFO #40-#49 with
/// the ordering search from 16 empties: 0.555 G -> 0.546 G nodes; 16 there: more nodes than none).
const PARITY_BONUS: i32 = 8;
const CORNERS: u64 = 0x8100_0000_0000_0081;
const X_SQUARES: u64 = 0x0042_0000_0000_4200;
const C_SQUARES: u64 = 0x4281_0000_0000_8142;
/// Shallow ordering inside a parity class: corners, plain squares, C-squares, X-squares.
const PRIORITY: [u64; 4] = [
    CORNERS,
    !(CORNERS | X_SQUARES | C_SQUARES),
    C_SQUARES,
    X_SQUARES,
];
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// `PARITY_BONUS` for a move to `square` if it is one of `odd`. Only 64-square boards have odd
/// squares, so the shift may keep the square's low 6 bits (what x86 shifts read anyway).
#[inline(always)]
fn parity_bonus(odd: u64, square: u8) -> i32 {
    if (odd >> (square & 63)) & 1 != 0 {
        PARITY_BONUS
    } else {
        0
    }
}

/// The empty squares lying in quadrants with an odd number of empties: playing there first
/// tends to leave the opponent without the last move of a region.
#[inline(always)]
fn odd_quadrants(empty: u64) -> u64 {
    let mut odd = 0;
    for quadrant in QUADRANTS {
        if (empty & quadrant).count_ones() & 1 == 1 {
            odd |= quadrant;
        }
    }
    empty & odd
}

/// Lowest alpha at which a stability cutoff is worth computing: with many empties few discs
/// are stable, so only a high alpha can be refuted.
#[inline]
fn stability_threshold(empties: u32, max_discs: i32) -> i32 {
    (2 * empties as i32 - 12).min(max_discs)
}

/// The ordering score of a move put off because another thread is searching it: it is searched
/// after every other move of its node.
const DEFERRED: i32 = i32::MIN;

/// Picks the best remaining candidate to the front of `list[from..]` (selection sort: cutoffs
/// usually come early, so most of the list is never sorted).
#[inline(always)]
fn pick_best<B>(list: &mut [Candidate<B>], from: usize) {
    let mut best = from;
    for i in from + 1..list.len() {
        if list[i].score > list[best].score {
            best = i;
        }
    }
    list.swap(from, best);
}

/// Ordering score for a move leading to `child` (opponent to move): fewer replies first
/// (corners counted twice), then fewer empty squares next to our discs.
#[inline(always)]
fn fastest_first(child: &Position) -> i32 {
    child.mobility_order_inline()
}

/// The solver, written once and compiled per instruction set (as perft is): the helpers it
/// calls are inlined, so each copy gets its caller's target features.
macro_rules! endgame_solver {
    (
        $(#[$attribute:meta])*
        $solve:ident, $solve_deep:ident, $near_end:ident, $solve_shallow:ident,
        $solve_small:ident, $solve_squares:ident, $solve_last:ident, $flips:path,
        $last_count:path
    ) => {
impl<B: NearEnd, E: Evaluator<B>> Context<'_, B, E> {
    /// Exact score of `position` for the side to move when it lies inside `(alpha, beta)`;
    /// otherwise a bound on the side the window was missed (fail-soft).
    $(#[$attribute])*
    fn $solve(&mut self, position: B, alpha: i32, beta: i32) -> i32 {
        let empties = position.empty_count();
        if empties > B::NEAR_END_EMPTIES {
            self.$solve_deep(position, alpha, beta, empties)
        } else {
            B::solve_near_end(self, position, alpha, beta, empties)
        }
    }

    $(#[$attribute])*
    fn $solve_deep(
        &mut self,
        position: B,
        mut alpha: i32,
        mut beta: i32,
        empties: u32,
    ) -> i32 {
        if self.count_node() {
            return 0;
        }
        let moves = position.legal_moves_inline();
        if moves.is_empty() {
            let passed = position.pass();
            if passed.legal_moves_inline().is_empty() {
                return position.final_score();
            }
            return -self.$solve_deep(passed, -beta, -alpha, empties);
        }

        if alpha >= stability_threshold(empties, B::MAX_DISCS)
            && let Some(upper) = position.stability_bound()
        {
            if upper <= alpha {
                return upper;
            }
            beta = beta.min(upper);
        }

        let mut table_move = None;
        if let Some(entry) = self.table.probe(&position.key()) {
            if entry.solved.is_some() || entry.depth >= TABLE_MOVE_MIN_DEPTH {
                table_move = entry.best;
            }
            // Only a solve at least as sure as this one bounds it.
            if entry.solved.is_some_and(|certainty| certainty >= self.certainty) {
                if entry.lower >= beta {
                    return entry.lower;
                }
                if entry.upper <= alpha {
                    return entry.upper;
                }
                if entry.lower == entry.upper {
                    return entry.lower;
                }
                alpha = alpha.max(entry.lower);
                beta = beta.min(entry.upper);
            }
        }
        // Endgame ProbCut, in a probable solve's null-window nodes.
        if beta - alpha == 1
            && let Some(t) = self.certainty.t()
            && let Some(cut) = self.probcut.and_then(|p| p.endgame(empties))
        {
            let verdict = self.probcut_test(position, cut, alpha * DISC, beta * DISC, t);
            if self.aborted {
                return 0;
            }
            if let Some(bound) = verdict {
                return bound / DISC;
            }
        }

        let mut list = B::List::new();
        // Worked out once for the node: only the mobility order below the evaluation's uses it.
        let odd = if empties < EVAL_ORDER_MIN {
            position.odd_squares()
        } else {
            0
        };
        let mut rest = moves;
        while let Some(square) = rest.pop() {
            let child = position.play(square);
            if empties >= ETC_MIN
                && let Some(entry) = self.table.probe(&child.key())
                && entry
                    .solved
                    .is_some_and(|certainty| certainty >= self.certainty)
                && -entry.upper >= beta
            {
                return -entry.upper;
            }
            let score = if Some(square) == table_move {
                i32::MAX
            } else if empties >= EVAL_ORDER_MIN {
                // High in the tree a wrong first move costs most: spend an evaluation or a
                // short search on each move.
                let search = &EVAL_ORDER_SEARCH[usize::from(self.probcut.is_some())];
                let depth = if empties >= search.start {
                    ((empties - search.start) / search.step + 1).min(search.max)
                } else {
                    0
                };
                let shallow = -self.pvs(child, depth, -B::MID_INFINITY, B::MID_INFINITY, false);
                shallow + EVAL_ORDER_MOBILITY * child.mobility_order_inline()
            } else {
                child.mobility_order_inline() + parity_bonus(odd, square)
            };
            list.push(Candidate {
                child,
                square,
                score,
            });
        }
        let list = list.as_mut_slice();

        let (low, high) = (alpha, beta);
        let mut best_score = -B::SOLVE_INFINITY;
        let mut best_move = None;
        let share = empties >= SHARE_MIN;
        let mut i = 0;
        while i < list.len() {
            pick_best(list, i);
            let Candidate { child, square, .. } = list[i];
            if share && i > 0 && list[i].score != DEFERRED && self.searched_elsewhere(&child) {
                list[i].score = DEFERRED;
                continue;
            }
            i += 1;
            let floor = alpha.max(best_score);
            if share {
                self.enter(&child);
            }
            let mut score;
            if i == 1 {
                score = -self.$solve(child, -beta, -floor);
            } else {
                score = -self.$solve(child, -floor - 1, -floor);
                if score > floor && score < beta && !self.aborted {
                    score = -self.$solve(child, -beta, -score);
                }
            }
            if share {
                self.leave(&child);
            }
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(square);
                if score >= beta {
                    break;
                }
            }
        }
        let (lower, upper) = if best_score <= low {
            (-B::MAX_DISCS, best_score)
        } else if best_score >= high {
            (best_score, B::MAX_DISCS)
        } else {
            (best_score, best_score)
        };
        self.table.store(
            &position.key(),
            lower,
            upper,
            best_move,
            empties,
            Some(self.certainty),
        );
        best_score
    }
}

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

endgame_solver!(
    solve_portable,
    solve_deep,
    near_end_portable,
    solve_shallow,
    solve_small,
    solve_squares,
    solve_last,
    crate::bitboard::flips,
    crate::bitboard::last_flip_count_portable
);

#[cfg(target_arch = "x86_64")]
endgame_solver!(
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt,avx2")]
    solve_v3,
    solve_deep_v3,
    near_end_v3,
    solve_shallow_v3,
    solve_small_v3,
    solve_squares_v3,
    solve_last_v3,
    crate::bitboard::flips_bmi2,
    crate::bitboard::last_flip::last_flip_count_bmi2
);

impl<B: NearEnd, E: Evaluator<B>> Context<'_, B, E> {
    /// Exact score of `position` for the side to move when it lies inside `(alpha, beta)`;
    /// otherwise a bound on the side the window was missed (fail-soft).
    pub fn solve(&mut self, position: B, alpha: i32, beta: i32) -> i32 {
        if self.isa.has_fast_pext() {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: fast pext is only claimed on x86-64-v3, the features `solve_v3` is
            // compiled for.
            return unsafe { self.solve_v3(position, alpha, beta) };
        }
        self.solve_portable(position, alpha, beta)
    }
}

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

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::cpu::Isa;
    use crate::eval::HandEval;
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
