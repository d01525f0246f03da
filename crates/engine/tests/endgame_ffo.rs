//! FFO endgame suite #40-#44: every score exact (the answers file gives the disc differential
//! for the side to move and the best moves).

use std::sync::atomic::AtomicBool;

use reversi_engine::{Color, Position, SearchLimits, Searcher};

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

#[test]
fn ffo_40_to_44_are_solved_exactly() {
    let positions = include_str!("data/ffo-40-59.obf");
    let answers = include_str!("data/ffo-40-59.answers");
    let answers: Vec<&str> = answers.lines().filter(|l| !l.starts_with('#')).collect();
    let mut searcher = Searcher::new(64);
    let stop = AtomicBool::new(false);
    let _ = Color::Black;
    for (line, answer) in positions.lines().zip(answers).take(5) {
        let fields: Vec<&str> = answer.split_whitespace().collect();
        let position = parse_obf(line);
        let expected: i32 = fields[3].parse().unwrap();
        let best_moves: Vec<&str> = fields[4].split(',').collect();
        let result = searcher.best_move(position, &SearchLimits::exact(), &stop);
        assert!(result.exact, "#{}", fields[0]);
        assert_eq!(result.score, expected, "#{}", fields[0]);
        let best = result.best.unwrap().to_string();
        assert!(
            best_moves.contains(&best.as_str()),
            "#{}: {best}",
            fields[0]
        );
    }
}
