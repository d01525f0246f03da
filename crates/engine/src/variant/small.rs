//! The exact solver for boards that fit one 64-bit word: square boards up to 8x8 with Othello's
//! rules (a shared supply, no placing without flipping). Such a board sits in the upper-left
//! corner of the 8x8 word (bit `row * 8 + column`, as on the standard board); the word's squares
//! off the board are never empty and never hold a disc, so they end every line of discs, and the
//! standard board's move generator and flips are right on it once moves are kept to its squares.
//! This is several times faster than the 256-bit board, which is what solving 6x6 Othello from
//! the start needs.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::bitboard::{flips, legal_moves};

use super::bits::Bits;
use super::board::VariantBoard;
use super::rules::{Shape, Supply};

/// Entries of the transposition table (a power of two).
const TABLE_ENTRIES: usize = 1 << 20;
/// Empties from which a node uses the transposition table and orders its moves by the replies
/// they leave; nearer the end both cost more than they save.
const ORDER_MIN_EMPTIES: u32 = 7;
/// Empties from which a node orders its moves by shallow searches.
const SHALLOW_ORDER_MIN_EMPTIES: u32 = 14;
/// How many nodes pass between looks at the clock and the stop flag.
const CHECK_EVERY: u64 = 4096;

/// A position of a small board: the side to move's discs and the other side's.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct SmallBoard {
    pub player: u64,
    pub opponent: u64,
}

/// What is known of a position's score: it lies within `lower..=upper`.
#[derive(Clone, Copy)]
struct Entry {
    player: u64,
    opponent: u64,
    lower: i8,
    upper: i8,
    best: u8,
}

const NO_MOVE: u8 = u8::MAX;

/// When a solve must stop early.
pub(super) struct Watch<'a> {
    pub stop: Option<&'a AtomicBool>,
    pub deadline: Option<Instant>,
}

/// Solves positions of one small board exactly. Owns its transposition table.
pub(super) struct SmallSolver {
    /// The board's squares in the 8x8 word.
    squares: u64,
    /// The board's four corners, tried first.
    corners: u64,
    table: Vec<Option<Entry>>,
    nodes: u64,
    aborted: bool,
}

impl SmallSolver {
    /// `board` on the 64-bit board, or `None` when its board or rules do not fit it.
    pub fn board_of(board: &VariantBoard) -> Option<SmallBoard> {
        let variant = board.variant();
        let fits = variant.size <= 8
            && variant.shape == Shape::Square
            && variant.supply == Supply::Shared
            && !variant.adjacent_placement
            && !board.is_placing_centre();
        let to_move = board.to_move();
        fits.then(|| SmallBoard {
            player: word(board.discs(to_move)),
            opponent: word(board.discs(to_move.opponent())),
        })
    }

    /// A solver for the board of `board`'s variant, or `None` when it does not fit (see
    /// [`SmallSolver::board_of`]).
    pub fn for_board(board: &VariantBoard) -> Option<SmallSolver> {
        SmallSolver::board_of(board)?;
        let last = u32::from(board.variant().size) - 1;
        let corners = [(0, 0), (last, 0), (0, last), (last, last)]
            .into_iter()
            .fold(0u64, |all, (column, row)| all | 1 << (row * 8 + column));
        Some(SmallSolver {
            squares: word(board.squares()),
            corners,
            table: vec![None; TABLE_ENTRIES],
            nodes: 0,
            aborted: false,
        })
    }

    /// Whether this solver's board is the one of `board`'s variant.
    pub fn has_squares_of(&self, board: &VariantBoard) -> bool {
        word(board.squares()) == self.squares
    }

    /// Nodes visited since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The exact final score of `board` for the side to move (empty squares to the winner) if
    /// it lies in the window (alpha, beta); otherwise a bound on the side of the window it
    /// fails to. `None` when `watch` stopped it.
    pub fn solve(
        &mut self,
        board: SmallBoard,
        alpha: i32,
        beta: i32,
        watch: &Watch,
    ) -> Option<i32> {
        self.aborted = false;
        let score = self.search(board, alpha, beta, watch);
        (!self.aborted).then_some(score)
    }

    fn moves(&self, player: u64, opponent: u64) -> u64 {
        legal_moves(player, opponent) & self.squares
    }

    fn search(&mut self, board: SmallBoard, mut alpha: i32, beta: i32, watch: &Watch) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            let stopped = watch.stop.is_some_and(|stop| stop.load(Ordering::Relaxed));
            let late = watch.deadline.is_some_and(|end| Instant::now() >= end);
            self.aborted |= stopped || late;
        }
        if self.aborted {
            return 0;
        }
        let SmallBoard { player, opponent } = board;
        let empties = self.squares & !(player | opponent);
        if empties.count_ones() == 1 {
            return self.last_move(board, empties);
        }
        let moves = self.moves(player, opponent);
        if moves == 0 {
            if self.moves(opponent, player) == 0 {
                return final_score(player, opponent, empties);
            }
            let passed = SmallBoard {
                player: opponent,
                opponent: player,
            };
            return -self.search(passed, -beta, -alpha, watch);
        }
        if empties.count_ones() < ORDER_MIN_EMPTIES {
            return self.search_in_place(board, moves, alpha, beta, watch);
        }

        let entry = self.probe(board);
        if let Some(entry) = entry {
            let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
            if lower >= beta || lower == upper {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
        }
        let original_alpha = alpha;
        let mut best_score = -i32::MAX;
        let mut best_move = NO_MOVE;
        let ordered = self.order(board, moves, entry.map_or(NO_MOVE, |e| e.best));
        for (index, &(square, flipped)) in ordered.iter().enumerate() {
            let next = play(board, square, flipped);
            // Principal variation search: the first move with the full window, the others
            // with a null window that only asks whether they beat it.
            let score = if index == 0 {
                -self.search(next, -beta, -alpha, watch)
            } else {
                let probe = -self.search(next, -alpha - 1, -alpha, watch);
                if probe > alpha && probe < beta {
                    -self.search(next, -beta, -alpha, watch)
                } else {
                    probe
                }
            };
            if self.aborted {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = square;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        self.store(board, original_alpha, beta, best_score, best_move);
        best_score
    }

    /// The search near the end: the moves in board order, corners first, no table.
    fn search_in_place(
        &mut self,
        board: SmallBoard,
        moves: u64,
        mut alpha: i32,
        beta: i32,
        watch: &Watch,
    ) -> i32 {
        let mut best_score = -i32::MAX;
        for group in [moves & self.corners, moves & !self.corners] {
            for square in bit_indices(group) {
                let flipped = flips(board.player, board.opponent, usize::from(square));
                let score = -self.search(play(board, square, flipped), -beta, -alpha, watch);
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

    /// The score with one empty square left: the side to move plays it if it can, else the
    /// other side, else the game ends with it empty.
    fn last_move(&mut self, board: SmallBoard, empty: u64) -> i32 {
        let square = empty.trailing_zeros() as usize;
        let SmallBoard { player, opponent } = board;
        let flipped = flips(player, opponent, square);
        if flipped != 0 {
            return final_score(player | flipped | empty, opponent & !flipped, 0);
        }
        let flipped = flips(opponent, player, square);
        if flipped != 0 {
            return -final_score(opponent | flipped | empty, player & !flipped, 0);
        }
        final_score(player, opponent, empty)
    }

    /// The moves with their flips in the order to try them: the table's move first, then by a
    /// shallow search far from the end (searches of a few plies order moves much better than
    /// any rule of thumb, and a node there has a big subtree to save), or nearer the end by the
    /// replies they leave the opponent (fastest first: few replies, fewer corners).
    fn order(&self, board: SmallBoard, moves: u64, table_move: u8) -> Vec<(u8, u64)> {
        let empties = (self.squares & !(board.player | board.opponent)).count_ones();
        let mut ordered: Vec<(i32, u8, u64)> = bit_indices(moves)
            .map(|square| {
                let flipped = flips(board.player, board.opponent, usize::from(square));
                let next = play(board, square, flipped);
                let priority = if square == table_move {
                    i32::MIN
                } else if empties >= SHALLOW_ORDER_MIN_EMPTIES {
                    self.shallow(next, shallow_order_depth(empties), -i32::MAX, i32::MAX)
                } else {
                    let replies = self.moves(next.player, next.opponent);
                    let corner = 1u64 << square & self.corners != 0;
                    (replies.count_ones() + (replies & self.corners).count_ones()) as i32 * 4
                        - i32::from(corner) * 2
                };
                (priority, square, flipped)
            })
            .collect();
        ordered.sort_unstable_by_key(|&(priority, ..)| priority);
        ordered
            .into_iter()
            .map(|(_, square, flipped)| (square, flipped))
            .collect()
    }

    /// A rough score of `board` for the side to move searched `depth` plies: mobility and
    /// corners, the two things that decide small boards.
    fn shallow(&self, board: SmallBoard, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let moves = self.moves(board.player, board.opponent);
        if depth == 0 || moves == 0 {
            let replies = self.moves(board.opponent, board.player);
            let corners = |discs: u64| (discs & self.corners).count_ones() as i32;
            let mobility = |moves: u64| moves.count_ones() as i32 + corners(moves);
            return (mobility(moves) - mobility(replies)) * 4
                + (corners(board.player) - corners(board.opponent)) * 16;
        }
        let mut best = -i32::MAX;
        for square in bit_indices(moves) {
            let flipped = flips(board.player, board.opponent, usize::from(square));
            let score = -self.shallow(play(board, square, flipped), depth - 1, -beta, -alpha);
            if score > best {
                best = score;
                alpha = alpha.max(score);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    fn slot(board: SmallBoard) -> usize {
        let hash = (board.player.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ board
                .opponent
                .wrapping_mul(0xff51_afd7_ed55_8ccd)
                .rotate_left(31))
        .rotate_left(23);
        hash as usize % TABLE_ENTRIES
    }

    fn probe(&self, board: SmallBoard) -> Option<Entry> {
        self.table[Self::slot(board)]
            .filter(|entry| entry.player == board.player && entry.opponent == board.opponent)
    }

    /// Records what a search of `board` in (alpha, beta) found: an upper bound when it failed
    /// low, a lower bound when it failed high, the score when it fell inside.
    fn store(&mut self, board: SmallBoard, alpha: i32, beta: i32, score: i32, best: u8) {
        let slot = &mut self.table[Self::slot(board)];
        let known =
            slot.filter(|entry| entry.player == board.player && entry.opponent == board.opponent);
        let (mut lower, mut upper) =
            known.map_or((-128, 127), |e| (i32::from(e.lower), i32::from(e.upper)));
        if score <= alpha {
            upper = upper.min(score);
        } else if score >= beta {
            lower = lower.max(score);
        } else {
            (lower, upper) = (score, score);
        }
        *slot = Some(Entry {
            player: board.player,
            opponent: board.opponent,
            lower: lower.clamp(-128, 127) as i8,
            upper: upper.clamp(-128, 127) as i8,
            best: if score > alpha {
                best
            } else {
                known.map_or(NO_MOVE, |e| e.best)
            },
        });
    }
}

/// How deep the shallow searches that order the moves look, with `empties` on the board: deeper
/// where the subtree to save is bigger (measured on 6x6 positions of 24 and 26 empties).
fn shallow_order_depth(empties: u32) -> u32 {
    match empties {
        0..16 => 2,
        16..20 => 3,
        _ => 4,
    }
}

/// The bit indices of `bits`, lowest first.
fn bit_indices(bits: u64) -> impl Iterator<Item = u8> {
    let mut remaining = bits;
    std::iter::from_fn(move || {
        (remaining != 0).then(|| {
            let index = remaining.trailing_zeros() as u8;
            remaining &= remaining - 1;
            index
        })
    })
}

/// Squares of a board up to 8x8 as the 8x8 word's bits.
fn word(squares: Bits) -> u64 {
    squares
        .squares()
        .fold(0u64, |all, square| all | square.bit())
}

/// The board after the side to move plays `square` flipping `flipped`; the other side is then
/// to move.
fn play(board: SmallBoard, square: u8, flipped: u64) -> SmallBoard {
    SmallBoard {
        player: board.opponent & !flipped,
        opponent: board.player | flipped | 1 << square,
    }
}

/// The side to move's final score: the disc difference, empty squares to the winner.
fn final_score(player: u64, opponent: u64, empties: u64) -> i32 {
    let difference = player.count_ones() as i32 - opponent.count_ones() as i32;
    match difference.signum() {
        1 => difference + empties.count_ones() as i32,
        -1 => difference - empties.count_ones() as i32,
        _ => 0,
    }
}
