//! What the online crate's tests share.

use reversi_engine::{Game, Move};

/// A legal move for the side to move (a pass when it has none), chosen by `seed`.
pub fn some_move(game: &Game, seed: usize) -> Move {
    let board = game.board();
    if board.must_pass() {
        return Move::Pass;
    }
    let moves: Vec<_> = board.legal_moves().squares().collect();
    Move::Play(moves[seed % moves.len()])
}
