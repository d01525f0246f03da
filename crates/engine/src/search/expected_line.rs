//! The expected line of a search: a move, then the table's best moves while they are legal.

use crate::square::Square;

use super::board::{Moves, SearchBoard};
use super::tt::Table;

/// The position after `square` when it is a legal move there.
fn play_checked<B: SearchBoard>(position: &B, square: Square) -> Option<B> {
    let index = B::index(square);
    position
        .legal_moves()
        .contains(index)
        .then(|| position.play(index))
}

/// The expected line: `best`, then the table's best moves while they are legal.
pub(super) fn principal_variation<B: SearchBoard>(
    table: &Table,
    position: B,
    best: Square,
    depth: u32,
) -> Vec<Square> {
    let mut pv = vec![best];
    let Some(mut current) = play_checked(&position, best) else {
        return pv;
    };
    let limit = depth.max(1) as usize;
    while pv.len() < limit {
        if current.legal_moves().is_empty() {
            if current.pass().legal_moves().is_empty() {
                break;
            }
            current = current.pass();
        }
        let Some(square) = table
            .probe(&current.key())
            .and_then(|entry| entry.best)
            .and_then(B::square)
        else {
            break;
        };
        let Some(next) = play_checked(&current, square) else {
            break;
        };
        pv.push(square);
        current = next;
    }
    pv
}
