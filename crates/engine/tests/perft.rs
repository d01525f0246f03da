//! Perft leaf counts against the published reference table (tests/data/perft.txt), through the
//! library (fast and portable paths) and through the `reversi-engine perft` command.

use std::process::Command;

use reversi_engine::Color;
use reversi_engine::board::{Board, parse_board_string};
use reversi_engine::perft::{perft, perft_portable};

/// (depth, leaves) pairs of the reference file; `#` starts a comment.
fn reference() -> Vec<(u32, u64)> {
    let text = include_str!("data/perft.txt");
    let mut table = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut fields = line.split_whitespace();
        let depth = fields.next().unwrap().parse().unwrap();
        let nodes = fields.next().unwrap().parse().unwrap();
        table.push((depth, nodes));
    }
    table
}

#[test]
fn perft_matches_the_reference_to_depth_9() {
    let table = reference();
    assert!(table.len() >= 9, "the reference file lists depths 1..14");
    let start = Board::start(Color::Black).position();
    for &(depth, nodes) in table.iter().filter(|(depth, _)| *depth <= 9) {
        assert_eq!(perft(start, depth), nodes, "depth {depth}");
    }
}

#[test]
fn the_portable_path_matches_the_reference_too() {
    let start = Board::start(Color::Black).position();
    for &(depth, nodes) in reference().iter().filter(|(depth, _)| *depth <= 8) {
        assert_eq!(perft_portable(start, depth), nodes, "depth {depth}");
    }
}

#[test]
fn a_forced_pass_counts_as_a_ply_and_a_finished_game_as_one_leaf() {
    // White to move must pass; then black's only move c1 wipes white out.
    let position = parse_board_string(&format!("XO{} O", "-".repeat(62)))
        .unwrap()
        .position();
    assert_eq!(perft(position, 1), 1, "the pass");
    assert_eq!(perft(position, 2), 1, "c1");
    assert_eq!(perft(position, 5), 1, "the game ended at ply 2");
    assert_eq!(perft_portable(position, 5), 1);
    // A finished game is one leaf at any depth.
    let full = parse_board_string(&format!("{} X", "XO".repeat(32)))
        .unwrap()
        .position();
    assert_eq!(perft(full, 0), 1);
    assert_eq!(perft(full, 3), 1);
}

fn engine(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn the_perft_command_prints_the_summary_line() {
    let output = engine(&["perft", "6"]);
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let last = stdout.lines().last().unwrap();
    let fields: Vec<&str> = last.split(' ').collect();
    assert_eq!(fields[0], "perft");
    assert_eq!(fields[1], "depth=6");
    assert_eq!(fields[2], "nodes=8200");
    assert!(fields[3].starts_with("seconds=") && fields[3][8..].parse::<f64>().is_ok());
    assert!(fields[4].starts_with("mnps=") && fields[4][5..].parse::<f64>().is_ok());
    assert_eq!(fields.len(), 5);
}

#[test]
fn the_perft_command_takes_a_position() {
    // The start with white to move is the mirror image of the standard start.
    let white_first = Board::start(Color::White).to_board_string();
    let output = engine(&["perft", "5", "--position", &white_first]);
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("nodes=1396"), "{stdout}");

    let output = engine(&["perft", "3", "--position", "XXO- Z"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("expected 64 squares, found 4"), "{stderr}");
    let output = engine(&["perft", "x"]);
    assert_eq!(output.status.code(), Some(2));
}
