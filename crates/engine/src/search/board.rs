//! What the search needs from a position, whatever its board: the legal moves, playing one,
//! passing, a key for the table, the empty squares, the final score and the measures that order
//! the moves. The standard 8x8 `Position` implements it here, the variants' boards in
//! `variant_boards`. The search is written once over this trait and compiled for each board.

use std::mem::MaybeUninit;

use crate::bitboard::{CORNERS, flips, legal_moves, legal_moves_portable};
use crate::eval::stability::{corner_anchored, stable_count};
use crate::eval::{DISC, neighbours};
use crate::position::{MAX_MOVES, Position};
use crate::square::Square;

/// A position of some board, seen from the side to move. Squares are numbered by `u8` indices of
/// the board's own (`square` and `index` translate).
pub trait SearchBoard: Copy + Send + Sync {
    /// The most discs the board holds: every final score lies within `±MAX_DISCS`.
    const MAX_DISCS: i32;
    /// Above any score the solver returns.
    const SOLVE_INFINITY: i32 = Self::MAX_DISCS + 1;
    /// Above any score the midgame search returns.
    const MID_INFINITY: i32 = (Self::MAX_DISCS + 1) * DISC;

    /// The set of legal moves.
    type Moves: Moves;
    /// Room for the moves of one node.
    type List: MoveList<Self>;

    fn legal_moves(&self) -> Self::Moves;

    /// `legal_moves` for the solver's copies compiled per instruction set: inlined, so that it
    /// runs with their instructions.
    #[inline(always)]
    fn legal_moves_inline(&self) -> Self::Moves {
        self.legal_moves()
    }

    /// The position after the side to move plays its legal move `index`, from the new side to
    /// move's view.
    fn play(&self, index: u8) -> Self;

    /// The same discs with the other side to move.
    fn pass(&self) -> Self;

    /// What the transposition table tells positions apart by: the discs themselves on a board
    /// of one word, a 128-bit fingerprint on a larger one.
    fn key(&self) -> [u64; 2];

    fn empty_count(&self) -> u32;

    /// The final disc differential of a finished game for the side to move, empty squares to
    /// the winner.
    fn final_score(&self) -> i32;

    /// Ordering score of the move that led here (the opponent of that move to move): higher is
    /// better for the mover, who wants few replies left and few squares to open.
    fn mobility_order(&self) -> i32;

    /// `mobility_order` for the solver's copies compiled per instruction set (see
    /// `legal_moves_inline`).
    #[inline(always)]
    fn mobility_order_inline(&self) -> i32 {
        self.mobility_order()
    }

    /// The most the side to move can still score, from the opponent's discs that can never
    /// flip; `None` when the board does not know its stable discs.
    #[inline(always)]
    fn stability_bound(&self) -> Option<i32> {
        None
    }

    fn square(index: u8) -> Option<Square>;

    fn index(square: Square) -> u8;
}

/// The legal moves of a position, taken one by one.
pub trait Moves: Copy {
    fn is_empty(&self) -> bool;

    fn contains(&self, index: u8) -> bool;

    /// Removes and returns the lowest-numbered move.
    fn pop(&mut self) -> Option<u8>;
}

/// A move of a node, the position it leads to, and how promising it looks.
#[derive(Clone, Copy, Default)]
pub struct Candidate<B> {
    pub child: B,
    pub square: u8,
    pub score: i32,
}

/// The moves of one node: a fixed array where the board's moves are few, a vector otherwise.
pub trait MoveList<B>: Sized {
    fn new() -> Self;

    fn push(&mut self, candidate: Candidate<B>);

    fn as_mut_slice(&mut self) -> &mut [Candidate<B>];
}

/// Up to `N` candidates on the stack. The room is left as it was found, not zeroed: a node
/// has a few moves and room for every square (a set-up position may have that many), and
/// zeroing it at every node cost about 3 % of the midgame search.
pub struct FixedList<B, const N: usize> {
    items: [MaybeUninit<Candidate<B>>; N],
    /// The first `len` items are written.
    len: usize,
}

impl<B: Copy, const N: usize> MoveList<B> for FixedList<B, N> {
    #[inline(always)]
    fn new() -> Self {
        FixedList {
            items: [const { MaybeUninit::uninit() }; N],
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, candidate: Candidate<B>) {
        self.items[self.len].write(candidate);
        self.len += 1;
    }

    #[inline(always)]
    fn as_mut_slice(&mut self) -> &mut [Candidate<B>] {
        // SAFETY: `push` wrote the first `len` items.
        unsafe { self.items[..self.len].assume_init_mut() }
    }
}

impl<B> MoveList<B> for Vec<Candidate<B>> {
    fn new() -> Self {
        Vec::new()
    }

    fn push(&mut self, candidate: Candidate<B>) {
        Vec::push(self, candidate);
    }

    fn as_mut_slice(&mut self) -> &mut [Candidate<B>] {
        self
    }
}

impl Moves for u64 {
    #[inline(always)]
    fn is_empty(&self) -> bool {
        *self == 0
    }

    #[inline(always)]
    fn contains(&self, index: u8) -> bool {
        *self >> index & 1 != 0
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<u8> {
        if *self == 0 {
            return None;
        }
        let index = self.trailing_zeros() as u8;
        *self &= *self - 1;
        Some(index)
    }
}

/// Cheap ordering by the opponent's replies (fewer is better, corners count double), then our
/// discs made stable around the corners, then the opponent's potential mobility (empty squares
/// next to our discs).
#[inline(always)]
fn order_by_replies(child: &Position, replies: u64) -> i32 {
    let mobility = replies.count_ones() + (replies & CORNERS).count_ones();
    let potential = (neighbours(child.opponent) & child.empties()).count_ones();
    let anchored = corner_anchored(child.opponent).count_ones();
    -(mobility as i32) * 16 + CORNER_ANCHORED_WEIGHT * anchored as i32 - potential as i32
}

/// Weight of a disc of ours on a corner or next to one of our corners along an edge, against 16
/// a reply (half a reply): such discs never flip. FFO #40-#49 on one thread, 0.569 G nodes
/// without them; 0.499 G with 4, 0.489 G with 8, 0.497 G with 6, 0.500 G with 12, 0.506 G with
/// 16 (crates/engine/TUNING.md, "Endgame ordering: the discs anchored at the corners").
const CORNER_ANCHORED_WEIGHT: i32 = 8;

impl SearchBoard for Position {
    const MAX_DISCS: i32 = 64;

    type Moves = u64;
    type List = FixedList<Position, MAX_MOVES>;

    #[inline(always)]
    fn legal_moves(&self) -> u64 {
        legal_moves(self.player, self.opponent)
    }

    #[inline(always)]
    fn legal_moves_inline(&self) -> u64 {
        legal_moves_portable(self.player, self.opponent)
    }

    #[inline(always)]
    fn play(&self, index: u8) -> Position {
        let flipped = flips(self.player, self.opponent, index as usize);
        Position::new(
            self.opponent ^ flipped,
            self.player | flipped | (1u64 << index),
        )
    }

    #[inline(always)]
    fn pass(&self) -> Position {
        Position::pass(self)
    }

    #[inline(always)]
    fn key(&self) -> [u64; 2] {
        [self.player, self.opponent]
    }

    #[inline(always)]
    fn empty_count(&self) -> u32 {
        Position::empty_count(self)
    }

    #[inline(always)]
    fn final_score(&self) -> i32 {
        Position::final_score(self)
    }

    #[inline]
    fn mobility_order(&self) -> i32 {
        order_by_replies(self, legal_moves(self.player, self.opponent))
    }

    #[inline(always)]
    fn mobility_order_inline(&self) -> i32 {
        order_by_replies(self, legal_moves_portable(self.player, self.opponent))
    }

    #[inline(always)]
    fn stability_bound(&self) -> Option<i32> {
        Some(64 - 2 * stable_count(self.opponent, self.player) as i32)
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
