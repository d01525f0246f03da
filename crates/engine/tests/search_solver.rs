//! The exact and win/loss/draw solvers against a brute-force minimax written here.

use std::sync::atomic::AtomicBool;

use reversi_engine::board::parse_board_string;
use reversi_engine::rng::SplitMix64;
use reversi_engine::search::{Level, SearchLimits, Searcher};
use reversi_engine::{Position, Square};

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
        let mut position = Position::start();
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
        assert!(result.exact, "{position:?}");
        assert_eq!(result.score, expected, "{position:?}");
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
        if position.is_game_over() {
            continue;
        }
        let expected = minimax(position);
        let result = searcher.best_move(position, &SearchLimits::win_loss_draw(), &stop);
        assert!(!result.exact);
        assert_eq!(result.score.signum(), expected.signum(), "{position:?}");
        if let Some(best) = result.best {
            let after = position.play(best).unwrap();
            assert_eq!((-minimax(after)).signum(), expected.signum());
        }
    }
}

/// Where the side to move's choice is forced, at the root or one ply down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Forced {
    OneMove,
    Pass,
    ReplyIsOneMove,
    ReplyIsPass,
}

fn forced_kind(position: Position) -> Option<Forced> {
    let moves = position.legal_moves();
    match moves.count_ones() {
        0 if !position.is_game_over() => return Some(Forced::Pass),
        0 => return None,
        1 => return Some(Forced::OneMove),
        _ => {}
    }
    for square in Square::iter_bits(moves) {
        let child = position.play(square).unwrap();
        match child.legal_moves().count_ones() {
            0 if !child.is_game_over() => return Some(Forced::ReplyIsPass),
            1 => return Some(Forced::ReplyIsOneMove),
            _ => {}
        }
    }
    None
}

/// Every score reported for a forced position is the searched one: exact when the limits solve,
/// whether the force is at the root (one legal move, a pass) or one ply down.
#[test]
fn forced_moves_and_passes_get_their_solved_score() {
    let mut rng = SplitMix64::new(4242);
    let mut searcher = Searcher::new(16);
    let stop = AtomicBool::new(false);
    let mut found = Vec::new();
    for kind in [
        Forced::OneMove,
        Forced::Pass,
        Forced::ReplyIsOneMove,
        Forced::ReplyIsPass,
    ] {
        let mut count = 0;
        for attempt in 0..200_000 {
            if count == 12 {
                break;
            }
            let empties = 2 + (attempt % 9) as u32;
            let position = random_position(&mut rng, empties);
            if forced_kind(position) == Some(kind) {
                found.push(position);
                count += 1;
            }
        }
        assert_eq!(count, 12, "too few {kind:?} positions");
    }
    for position in found {
        let expected = minimax(position);
        for limits in [SearchLimits::exact(), Level::Beginner.limits()] {
            let result = searcher.best_move(position, &limits, &stop);
            assert!(result.exact, "{position:?}");
            assert_eq!(result.score, expected, "{position:?} {limits:?}");
            match result.best {
                Some(best) => assert_eq!(-minimax(position.play(best).unwrap()), expected),
                None => assert_eq!(position.legal_moves(), 0),
            }
        }
        let result = searcher.best_move(position, &SearchLimits::win_loss_draw(), &stop);
        assert_eq!(result.score.signum(), expected.signum(), "{position:?}");
    }
}

#[test]
fn the_reported_forced_move_position_scores_minus_4() {
    let board =
        parse_board_string("---X-OOO--OOOOXO--OOXXXO-OXXXXXOOOXOXOXOOOXXOXOOOOXOOOOOOOOO-OO- O")
            .unwrap();
    let position = board.position();
    assert_eq!(position.legal_moves().count_ones(), 1);
    assert_eq!(minimax(position), -4);
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(16);
    for limits in [SearchLimits::exact(), Level::Expert.limits()] {
        let result = searcher.best_move(position, &limits, &stop);
        assert_eq!((result.score, result.exact), (-4, true), "{limits:?}");
        assert_eq!(result.best, Some("b3".parse().unwrap()));
    }
}

/// Lazy SMP shares one table between threads: every thread count must give the exact scores of
/// the one-thread search, for the best move and for every move of an analysis.
#[test]
fn more_threads_give_the_same_exact_scores() {
    let mut rng = SplitMix64::new(77);
    let stop = AtomicBool::new(false);
    let mut single = Searcher::new(16);
    let mut parallel = Searcher::new(16);
    for round in 0..12 {
        let position = random_position(&mut rng, 14 + (round % 5) as u32);
        let expected = single.best_move(position, &SearchLimits::exact(), &stop);
        let mut analysis = single.analyze(position, &SearchLimits::exact(), &stop);
        analysis.sort_by_key(|m| m.square.index());
        for threads in [2, 3] {
            let limits = SearchLimits::exact().with_threads(threads);
            parallel.clear();
            let result = parallel.best_move(position, &limits, &stop);
            assert_eq!(
                (result.score, result.exact),
                (expected.score, true),
                "{threads} threads, {position:?}"
            );
            if let Some(best) = result.best {
                let after = position.play(best).unwrap();
                let reply = single.best_move(after, &SearchLimits::exact(), &stop);
                assert_eq!(-reply.score, expected.score, "{best} of {position:?}");
            }
            parallel.clear();
            let mut moves = parallel.analyze(position, &limits, &stop);
            moves.sort_by_key(|m| m.square.index());
            assert_eq!(moves, analysis, "{threads} threads, {position:?}");
        }
    }
}
