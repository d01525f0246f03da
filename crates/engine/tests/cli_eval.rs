//! `--eval` and `match` as a user meets them: an unknown evaluation is refused with a clear
//! message, both evaluations search, and a match reports every game and its totals.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(args)
        .output()
        .expect("the engine binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn an_unknown_evaluation_is_refused_by_every_searching_command() {
    for args in [
        &["best", "f5", "--eval", "learned"][..],
        &["analyze", "f5", "--eval=learned"],
        &["solve", "/nonexistent", "--eval", "learned"],
        &[
            "selfplay", "--games", "1", "--a", "1", "--b", "1", "--eval-a", "learned",
        ],
        &["match", "--games", "1", "--eval-b", "learned"],
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let message = text(&output.stderr);
        assert!(
            message.contains(
                "unknown evaluation 'learned' (expected hand or pattern), or weights:FILE"
            ),
            "{args:?}: {message}"
        );
    }
}

#[test]
fn both_evaluations_search_and_a_match_adds_up() {
    for eval in ["hand", "pattern"] {
        let output = run(&["best", "f5d6", "--level", "4", "--eval", eval]);
        assert!(output.status.success(), "{}", text(&output.stderr));
        assert!(text(&output.stdout).contains("best move="));
    }
    let output = run(&["match", "--games", "4", "--depth", "2", "--seed", "3"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    assert_eq!(stdout.lines().filter(|l| l.starts_with("game ")).count(), 4);
    let summary = stdout.lines().last().unwrap_or("");
    assert!(
        summary.starts_with("match games=4 depth=2 a=pattern b=hand"),
        "{summary}"
    );
    let field = |name: &str| -> u32 {
        summary
            .split_whitespace()
            .find_map(|word| word.strip_prefix(name)?.parse().ok())
            .unwrap_or(99)
    };
    assert_eq!(field("a_wins=") + field("b_wins=") + field("draws="), 4);
}

#[test]
fn a_weights_file_plays_as_the_learned_evaluation_and_a_bad_one_is_refused() {
    let shipped = shipped_weights_file("plays");
    // The same weights on both sides, both full width: each opening's two games mirror each
    // other, so neither side can come out ahead.
    let eval_a = format!("weights:{shipped}");
    let output = run(&[
        "match",
        "--games",
        "4",
        "--depth",
        "3",
        "--eval-a",
        &eval_a,
        "--eval-b",
        "pattern",
        "--full-width-b",
    ]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let stdout = text(&output.stdout);
    let summary = stdout.lines().last().unwrap_or("");
    let field = |name: &str| -> Option<u32> {
        summary
            .split_whitespace()
            .find_map(|word| word.strip_prefix(name)?.parse().ok())
    };
    assert_eq!(field("a_wins="), field("b_wins="), "{summary}");

    let not_weights = concat!(env!("CARGO_MANIFEST_DIR"), "/data/ffo-40-59.obf");
    for (file, expected) in [
        ("/nonexistent/w.bin", "cannot read /nonexistent/w.bin"),
        (not_weights, "is not a weights file of this engine"),
    ] {
        let eval = format!("weights:{file}");
        let output = run(&["best", "f5", "--eval", &eval]);
        assert_eq!(output.status.code(), Some(1), "{file}");
        let message = text(&output.stderr);
        assert!(message.contains(expected), "{file}: {message}");
    }
}

#[test]
fn a_weights_file_takes_its_probcut_statistics_and_bad_ones_are_refused() {
    let shipped = shipped_weights_file("statistics");
    let statistics = concat!(env!("CARGO_MANIFEST_DIR"), "/weights/probcut.txt");
    let eval_a = format!("weights:{shipped}");
    let game = |extra: &[&str]| {
        let mut args = vec!["match", "--games", "2", "--depth", "6", "--eval-a", &eval_a];
        args.extend_from_slice(extra);
        run(&args)
    };
    let output = game(&["--probcut-a", statistics, "--eval-b", "pattern"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    // The same weights and statistics on both sides play each opening's two games alike, colours
    // swapped: whatever the games' outcome, the match is even.
    let summary = text(&output.stdout);
    assert!(summary.contains("a_disc_diff=+0"), "{summary}");

    let hand = run(&[
        "match",
        "--games",
        "2",
        "--eval-a",
        "hand",
        "--probcut-a",
        statistics,
    ]);
    assert_eq!(hand.status.code(), Some(2));
    assert!(text(&hand.stderr).contains("--probcut-a: ProbCut statistics go with the pattern"));
    for (file, expected) in [
        ("/nonexistent/p.txt", "cannot read /nonexistent/p.txt"),
        (shipped.as_str(), "is not a ProbCut statistics file"),
    ] {
        let output = game(&["--probcut-a", file]);
        assert_eq!(output.status.code(), Some(1), "{file}");
        let message = text(&output.stderr);
        assert!(message.contains(expected), "{file}: {message}");
    }
}

/// The shipped weights written as one file named after `test` (tests run at once), as a player
/// would give them to `--eval weights:FILE`.
fn shipped_weights_file(test: &str) -> String {
    let path =
        std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("shipped-{test}.bin"));
    let written = std::fs::write(&path, reversi_engine::eval::PatternEval::shipped_file());
    assert!(written.is_ok(), "{}: {written:?}", path.display());
    path.display().to_string()
}
