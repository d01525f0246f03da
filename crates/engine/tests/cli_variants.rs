//! `--variant` on the engine's commands, as a user types them.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn show_plays_a_grand_othello_transcript_with_squares_past_h() {
    let out = stdout(&run(&["show", "--variant", "othello-10", "e4 f4 g5 h6"]));
    assert!(out.contains("   a b c d e f g h i j\n"), "{out}");
    assert!(out.contains("\n10 . . . . . . . . . ."), "{out}");
    assert!(out.contains("moves:       e4f4g5h6 (4 plies)"), "{out}");
    assert!(out.contains("to move:     Black"), "{out}");
}

#[test]
fn the_old_rules_start_empty_with_white_placing_in_the_centre() {
    let out = stdout(&run(&["show", "--variant", "reversi-1876", ""]));
    assert!(out.contains("to move:     White"), "{out}");
    assert!(out.contains("legal moves: d4 e4 d5 e5"), "{out}");
    assert!(out.contains("discs left:  Black 30, White 30"), "{out}");
    // Both starts the rules allow: the same colours side by side, or diagonal.
    let perft = stdout(&run(&["perft", "4", "--variant", "reversi-1876"]));
    assert!(perft.contains("nodes=24 "), "{perft}");
    let best = stdout(&run(&[
        "best",
        "",
        "--variant",
        "reversi-1876",
        "--level",
        "beginner",
    ]));
    let centre = ["d4", "e4", "d5", "e5"];
    assert!(
        centre
            .iter()
            .any(|s| best.contains(&format!("best move={s} "))),
        "{best}"
    );
}

#[test]
fn every_search_command_takes_the_variant() {
    let best = stdout(&run(&[
        "best",
        "--variant",
        "eight-star",
        "--level",
        "intermediate",
        "e4",
    ]));
    assert!(best.contains("variant=eight-star"), "{best}");
    let analyze = stdout(&run(&[
        "analyze",
        "--variant",
        "othello-6",
        "--level",
        "advanced",
        "",
    ]));
    // The 6x6 start has four moves, every one searched.
    assert_eq!(analyze.matches("move=").count(), 4, "{analyze}");
    let selfplay = stdout(&run(&[
        "selfplay",
        "--variant",
        "othello-4",
        "--games",
        "2",
        "--a",
        "beginner",
        "--b",
        "expert",
    ]));
    assert!(
        selfplay.contains("selfplay variant=othello-4 games=2"),
        "{selfplay}"
    );
    // Reversi's side-by-side start on 8x8 is standard Othello from there: the fast engine plays.
    let fast = stdout(&run(&[
        "best",
        "--variant",
        "reversi-8",
        "--level",
        "1",
        "",
    ]));
    assert!(!fast.contains("variant="), "{fast}");
}

#[test]
fn solve_reads_board_strings_of_the_variant() {
    let file = std::env::temp_dir().join(format!("cli-variants-{}.txt", std::process::id()));
    // 4x4, one empty square left: black's a4 flips a3 only and ends 6-10.
    std::fs::write(&file, "# 4x4\nOOOX XXOO OXOO -OOO X\n").unwrap();
    let out = stdout(&run(&[
        "solve",
        "--variant",
        "othello-4",
        file.to_str().unwrap(),
    ]));
    std::fs::remove_file(&file).unwrap();
    assert!(
        out.contains("1 variant=othello-4 empties=1 score=-4 "),
        "{out}"
    );
}

#[test]
fn a_bad_variant_or_square_is_refused_with_the_reason() {
    let output = run(&["show", "--variant", "othello-9", ""]);
    assert_eq!(output.status.code(), Some(2));
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("size must be even, from 4 to 16"), "{error}");
    let output = run(&["show", "--variant", "othello-10", "e4 k4"]);
    assert_eq!(output.status.code(), Some(2));
    let output = run(&["best", "--variant", "othello-6", "a7"]);
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("expected a1 to f6"), "{error}");
    let output = run(&["perft", "3", "--variant", "eight-star", "--position", "X"]);
    assert_eq!(output.status.code(), Some(2));
}
