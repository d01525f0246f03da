//! The exact and win/loss/draw solvers against a brute-force minimax written here.

use std::sync::atomic::AtomicBool;

use reversi_engine::rng::SplitMix64;
use reversi_engine::{Position, SearchLimits, Searcher, Square};

fn start() -> Position {
    Position::new((1 << 28) | (1 << 35), (1 << 27) | (1 << 36))
}

/// Plain negamax over every line to the end: the final disc differential under the rule that
/// empty squares go to the winner.
fn minimax(position: Position) -> i32 {
    let moves = position.legal_moves();
    if moves == 0 {
        let passed = position.pass();
        if passed.legal_moves() == 0 {
            let diff = position.disc_difference();
            let empties = position.empty_count() as i32;
            return diff + diff.signum() * empties;
        }
        return -minimax(passed);
    }
    Square::iter_bits(moves)
        .map(|square| -minimax(position.play(square).unwrap()))
        .max()
        .unwrap()
}

/// A position reached by random play with `empties` empty squares left (or fewer if the game
/// ended early).
fn random_position(rng: &mut SplitMix64, empties: u32) -> Position {
    loop {
        let mut position = start();
        while position.empty_count() > empties {
            let moves = position.legal_moves();
            if moves == 0 {
                if position.pass().legal_moves() == 0 {
                    break;
                }
                position = position.pass();
                continue;
            }
            let squares: Vec<Square> = Square::iter_bits(moves).collect();
            position = position.play(squares[rng.below(squares.len())]).unwrap();
        }
        if position.empty_count() == empties {
            return position;
        }
    }
}

#[test]
fn exact_solver_equals_minimax_on_random_positions() {
    let mut rng = SplitMix64::new(2024);
    let mut searcher = Searcher::new(16);
    let stop = AtomicBool::new(false);
    for round in 0..150 {
        let empties = 1 + (round % 10) as u32;
        let position = random_position(&mut rng, empties);
        let expected = minimax(position);
        let result = searcher.best_move(position, &SearchLimits::exact(), &stop);
        // A forced single move is answered without solving; solve its child then.
        if result.exact {
            assert_eq!(result.score, expected, "{position:?}");
        }
        if let Some(best) = result.best {
            let after = position.play(best).expect("legal best move");
            assert_eq!(
                -minimax(after),
                expected,
                "best move {best} of {position:?}"
            );
        } else {
            assert_eq!(position.legal_moves(), 0);
        }
        for hint in searcher.analyze(position, &SearchLimits::exact(), &stop) {
            assert!(hint.exact);
            let after = position.play(hint.square).unwrap();
            assert_eq!(
                hint.score,
                -minimax(after),
                "{} of {position:?}",
                hint.square
            );
        }
    }
}

#[test]
fn win_loss_draw_solver_agrees_with_the_sign() {
    let mut rng = SplitMix64::new(77);
    let mut searcher = Searcher::new(16);
    let stop = AtomicBool::new(false);
    for round in 0..150 {
        let empties = 2 + (round % 9) as u32;
        let position = random_position(&mut rng, empties);
        if position.legal_moves().count_ones() < 2 {
            continue;
        }
        let expected = minimax(position);
        let result = searcher.best_move(position, &SearchLimits::win_loss_draw(), &stop);
        assert!(!result.exact);
        assert_eq!(result.score.signum(), expected.signum(), "{position:?}");
        let after = position.play(result.best.unwrap()).unwrap();
        assert_eq!((-minimax(after)).signum(), expected.signum());
    }
}
