//! Perft on any variant's board, counted the way the 8x8 perft counts: a pass is a ply, and a
//! game that ends before `depth` is one leaf.

use super::board::VariantBoard;

/// Leaf count of the game tree `depth` plies deep from `board`.
pub fn variant_perft(board: &VariantBoard, depth: u32) -> u64 {
    leaves(board, depth, false)
}

fn leaves(board: &VariantBoard, depth: u32, passed: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = board.legal_moves();
    if moves.is_empty() {
        return if passed {
            1
        } else {
            leaves(&board.passed(), depth - 1, true)
        };
    }
    moves
        .squares()
        .map(|square| {
            let child = board.play_unchecked(square, board.outflanked(square));
            leaves(&child, depth - 1, false)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn the_standard_game_counts_the_known_figures() {
        let start = VariantBoard::start(Variant::OTHELLO);
        let counts: Vec<u64> = (1..=5).map(|depth| variant_perft(&start, depth)).collect();
        assert_eq!(counts, [4, 12, 56, 244, 1396]);
    }
}
