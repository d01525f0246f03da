//! FFO endgame suite #40-#44: every score exact (the answers file gives the disc differential
//! for the side to move and the best moves), with one thread and with several.

use std::sync::atomic::AtomicBool;

use reversi_engine::Position;
use reversi_engine::search::{SearchLimits, Searcher};

fn parse_obf(line: &str) -> Position {
    let (board, side) = line.split_at(64);
    let mut black = 0u64;
    let mut white = 0u64;
    for (i, c) in board.chars().enumerate() {
        match c {
            'X' => black |= 1 << i,
            'O' => white |= 1 << i,
            _ => {}
        }
    }
    match side.trim().trim_end_matches(';').trim() {
        "X" => Position::new(black, white),
        "O" => Position::new(white, black),
        other => panic!("bad side {other}"),
    }
}

/// Solves the first `count` positions of the suite with `threads` threads and checks each
/// score and best move against the answers.
fn solve_ffo(count: usize, threads: usize) {
    let positions = include_str!("../data/ffo-40-59.obf");
    let answers = include_str!("../data/ffo-40-59.answers");
    let answers: Vec<&str> = answers.lines().filter(|l| !l.starts_with('#')).collect();
    let mut searcher = Searcher::new(64);
    let stop = AtomicBool::new(false);
    let limits = SearchLimits::exact().with_threads(threads);
    for (line, answer) in positions.lines().zip(answers).take(count) {
        let fields: Vec<&str> = answer.split_whitespace().collect();
        let position = parse_obf(line);
        let expected: i32 = fields[3].parse().unwrap();
        let best_moves: Vec<&str> = fields[4].split(',').collect();
        let result = searcher.best_move(position, &limits, &stop);
        assert!(result.exact, "#{}", fields[0]);
        assert_eq!(result.score, expected, "#{} ({threads} threads)", fields[0]);
        let best = result.best.unwrap().to_string();
        assert!(
            best_moves.contains(&best.as_str()),
            "#{}: {best} ({threads} threads)",
            fields[0]
        );
    }
}

#[test]
fn ffo_40_to_44_are_solved_exactly() {
    solve_ffo(5, 1);
}

#[test]
fn ffo_40_to_42_are_solved_exactly_by_two_threads() {
    solve_ffo(3, 2);
}
