//! Learning games: each position of a game played is searched and kept in a book, so the engine
//! answers from it at once the next time the game comes that way, with values backed up over
//! every game learned (`negamax`). This is what NBoard's `learn` asks of an engine.

use std::sync::atomic::AtomicBool;

use super::canonical::{canonical, key};
use super::{Book, BuildInfo, Node, StoredMove};
use crate::eval::Evaluator;
use crate::position::Position;
use crate::search::{SearchLimits, Searcher};

/// Positions with fewer empty squares are left out: by then the engine searches (and soon
/// solves) them better than a book stored at any depth, and an opening book stays small.
pub const LEARN_MIN_EMPTIES: u32 = 30;

impl Book {
    /// An empty book for learned games. It was not built by one search depth: each of its
    /// positions keeps its own, and the book's is 0.
    pub fn for_learning() -> Book {
        Book::empty(BuildInfo {
            depth: 0,
            window: 0,
            seed: 0,
        })
    }

    /// Adds each of `positions` (the positions of a game) that this book and `known` do not hold
    /// yet, searched `depth` plies, and values the whole book again; the positions with fewer
    /// than [`LEARN_MIN_EMPTIES`] empties, finished ones and those whose side to move must pass
    /// are skipped. Returns how many positions were added.
    pub fn learn<E: Evaluator>(
        &mut self,
        positions: &[Position],
        known: Option<&Book>,
        depth: u8,
        searcher: &mut Searcher<E>,
    ) -> usize {
        let limits = SearchLimits::depth(u32::from(depth));
        let never = AtomicBool::new(false);
        let mut added = 0;
        for &position in positions {
            let held = |book: &Book| book.lookup_position(position).is_some();
            if position.empty_count() < LEARN_MIN_EMPTIES
                || position.legal_moves() == 0
                || held(self)
                || known.is_some_and(held)
            {
                continue;
            }
            // The book stores each position in its canonical orientation, moves included. A fresh
            // table for each: what is learned does not depend on the order.
            let (stored, _) = canonical(position);
            searcher.clear();
            let moves: Vec<StoredMove> = searcher
                .analyze(stored, &limits, &never)
                .iter()
                .map(|m| StoredMove::new(m.square.index() as u8, m.score.clamp(-64, 64) as i8))
                .collect();
            self.nodes.insert(key(&stored), Node { depth, moves });
            added += 1;
        }
        super::negamax::propagate(&mut self.nodes);
        added
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::square::Square;

    fn line(moves: &str) -> Vec<Position> {
        let mut position = Position::start();
        let mut positions = vec![position];
        for at in (0..moves.len()).step_by(2) {
            let square: Square = moves[at..at + 2].parse().unwrap();
            position = position.play(square).unwrap();
            positions.push(position);
        }
        positions
    }

    #[test]
    fn a_learned_game_answers_from_the_book_on_any_image_and_is_not_learned_twice() {
        let positions = line("f5d6c3d3c4f4f6f3e6e7");
        let mut book = Book::for_learning();
        let mut searcher = Searcher::new(1);
        assert_eq!(
            book.learn(&positions, None, 2, &mut searcher),
            positions.len()
        );
        // c4 starts the same game turned over the diagonal: the book knows it too.
        let mirrored = Position::start().play("c4".parse().unwrap()).unwrap();
        let moves = book
            .lookup_position(mirrored)
            .expect("the mirrored position");
        assert_eq!(moves.len(), 3, "every legal move is scored");
        assert_eq!(book.learn(&positions, None, 2, &mut searcher), 0);
        // The book reads back as it was written.
        let again = Book::from_bytes(&book.to_bytes()).unwrap();
        assert_eq!(again.len(), book.len());
    }

    #[test]
    fn positions_another_book_holds_and_late_positions_are_left_out() {
        let positions = line("f5d6c3d3c4f4");
        let mut first = Book::for_learning();
        let mut searcher = Searcher::new(1);
        first.learn(&positions[..3], None, 1, &mut searcher);
        let mut second = Book::for_learning();
        assert_eq!(
            second.learn(&positions, Some(&first), 1, &mut searcher),
            positions.len() - 3
        );
        // A game of random moves to 40 plies: only its positions of 30 or more empties are kept.
        let mut rng = crate::rng::SplitMix64::new(3);
        let mut position = Position::start();
        let mut game = vec![position];
        while game.len() <= 40 && !position.is_game_over() {
            let moves: Vec<Square> = Square::iter_bits(position.legal_moves()).collect();
            position = match moves.len() {
                0 => position.pass(),
                count => position.play(moves[rng.below(count)]).unwrap(),
            };
            game.push(position);
        }
        let mut book = Book::for_learning();
        book.learn(&game, None, 1, &mut searcher);
        for position in game {
            let wanted = position.empty_count() >= LEARN_MIN_EMPTIES && position.legal_moves() != 0;
            assert_eq!(book.lookup_position(position).is_some(), wanted);
        }
    }
}
