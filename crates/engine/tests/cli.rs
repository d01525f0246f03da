//! The `reversi-engine` command as a user meets it in a shell: pipes that close early, a full
//! disk, tables larger than the memory, unknown options, and exact scores from `solve`.

use std::fs;
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use reversi_engine::{Game, Rules};

const FORCED: &str = "---X-OOO--OOOOXO--OOXXXO-OXXXXXOOOXOXOXOOOXXOXOOOOXOOOOOOOOO-OO- O";

fn engine() -> Command {
    Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
}

fn run(args: &[&str]) -> Output {
    engine().args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A file of this test's own in the temporary folder.
fn temp_file(name: &str, contents: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("reversi-engine-cli-{}-{name}", std::process::id()));
    fs::write(&path, contents).unwrap();
    path
}

#[test]
fn a_pipe_closed_early_ends_the_command_quietly() {
    // Thousands of finished games solve at once and print far more than a pipe holds.
    let finished = Game::from_transcript("d3c3b3d2e1d6d7e3f4", Rules::default())
        .unwrap()
        .standard_board()
        .unwrap()
        .to_board_string();
    let file = temp_file("many.obf", &format!("{finished}\n").repeat(5000));
    let mut child = engine()
        .arg("solve")
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("1 empties="), "{first}");
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    fs::remove_file(file).unwrap();
    assert_eq!(stderr, "");
    assert!(status.success(), "{status:?}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_a_one_line_error() {
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let output = engine().args(["show", "f5"]).stdout(full).output().unwrap();
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("reversi-engine: cannot write output: "),
        "{stderr}"
    );
}

#[test]
fn a_table_larger_than_the_memory_is_refused_with_a_message() {
    let output = run(&["best", "--level", "1", "f5", "--hash-mb", "65536"]);
    let stderr = text(&output.stderr);
    // Honoured where the machine has the memory, else refused: never an abort.
    match output.status.code() {
        Some(0) => assert!(text(&output.stdout).contains("best move="), "{stderr}"),
        Some(1) => {
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            assert!(stderr.contains("--hash-mb"), "{stderr}");
        }
        other => panic!("status {other:?}: {stderr}"),
    }
    let output = run(&["best", "f5", "--hash-mb", "65537"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("out of range"));
}

#[test]
fn unknown_options_are_refused_as_unknown_options() {
    for args in [
        &["best", "f5", "--bogus", "1"][..],
        &["analyze", "f5", "--bogus=1"],
        &["show", "f5", "--bogus"],
        &["show", "f5", "-q"],
    ] {
        let output = run(args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("unknown option"), "{args:?}: {stderr}");
    }
    // Before the text, clap refuses it itself.
    let output = run(&["best", "--bogus", "1", "f5"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn solve_prints_the_exact_score_of_a_forced_move() {
    let file = temp_file("forced.obf", &format!("{FORCED}\n"));
    let output = engine().arg("solve").arg(&file).output().unwrap();
    fs::remove_file(file).unwrap();
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(stdout.starts_with("1 empties="), "{stdout}");
    assert!(stdout.contains("move=b3 score=-4 "), "{stdout}");

    let output = run(&["analyze", FORCED, "--level", "60", "--no-time-limit"]);
    assert!(text(&output.stdout).contains("move=b3 score=-4 exact=true"));
    let output = run(&["best", FORCED, "--level", "expert"]);
    assert!(text(&output.stdout).contains("score=-4 exact=true"));
}

#[test]
fn solve_probable_prints_each_pass_at_rising_certainty() {
    let file = temp_file("probable.obf", &format!("{FORCED}\n"));
    let output = engine()
        .arg("solve")
        .arg(&file)
        .arg("--probable")
        .output()
        .unwrap();
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let passes: Vec<&str> = stdout
        .lines()
        .filter_map(|line| line.split_whitespace().nth(1))
        .filter(|field| field.starts_with("pass="))
        .collect();
    assert_eq!(
        passes,
        ["pass=73%", "pass=87%", "pass=95%", "pass=99%"],
        "{stdout}"
    );
    assert!(
        stdout.contains("1 empties=11 move=b3 score=-4 "),
        "{stdout}"
    );

    // The cuts are the learned evaluation's: with the hand-written one it is refused.
    let output = engine()
        .arg("solve")
        .arg(&file)
        .args(["--probable", "--eval", "hand"])
        .output()
        .unwrap();
    fs::remove_file(file).unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("--probable needs"));
}

#[test]
fn bench_repeats_its_node_counts_and_reports_the_depth_reached() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/midgame-40.obf");
    let nodes = |stdout: &str| {
        let last = stdout.lines().last().unwrap_or("").to_string();
        assert!(last.starts_with("bench positions=3 nodes="), "{stdout}");
        last.split_whitespace().nth(2).unwrap().to_string()
    };
    let fixed = [
        "bench",
        file,
        "--depth",
        "6",
        "--count",
        "3",
        "--hash-mb",
        "4",
    ];
    let first = text(&run(&fixed).stdout);
    assert!(first.contains("mean_depth=6.00"), "{first}");
    assert_eq!(nodes(&first), nodes(&text(&run(&fixed).stdout)));

    let timed = run(&["bench", file, "--move-time-ms", "20", "--count", "3"]);
    let stdout = text(&timed.stdout);
    assert!(timed.status.success(), "{}", text(&timed.stderr));
    assert!(stdout.starts_with("1 empties=42 "), "{stdout}");
    nodes(&stdout);
}

#[test]
fn solve_names_a_bad_line_and_character_counted_from_1() {
    let mut line = FORCED.to_string();
    line.replace_range(16..17, "Z");
    let file = temp_file("bad.obf", &format!("# a comment\n{line}\n"));
    let output = engine().arg("solve").arg(&file).output().unwrap();
    fs::remove_file(&file).unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        format!(
            "reversi-engine: {}:2: character 17 ('Z') is not X, O or -\n",
            file.display()
        )
    );
}

fn ggf_data(name: &str) -> PathBuf {
    [env!("CARGO_MANIFEST_DIR"), "tests", "data", "ggf", name]
        .iter()
        .collect()
}

#[test]
fn show_lists_the_games_of_a_ggf_file_and_shows_the_one_picked() {
    let file = ggf_data("passes.ggf");
    let output = engine()
        .arg("show")
        .arg("--ggf")
        .arg(&file)
        .output()
        .unwrap();
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(stdout.starts_with("3 games in "), "{stdout}");
    assert!(
        stdout.contains("   2  gamma - delta  -30.00  61 moves  1071521043  GGS/os\n"),
        "{stdout}"
    );
    let output = engine()
        .arg("show")
        .arg("--ggf")
        .arg(&file)
        .args(["--game", "2"])
        .output()
        .unwrap();
    let stdout = text(&output.stdout);
    assert!(stdout.starts_with("black:       gamma\n"), "{stdout}");
    assert!(stdout.contains("result:      White wins 17-47"), "{stdout}");
    let output = engine()
        .arg("show")
        .arg("--ggf")
        .arg(&file)
        .args(["--game", "4"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("holds games 1 to 3"));
}

#[test]
fn analyze_and_best_read_ggf_games_of_any_offered_size() {
    let file = ggf_data("start_position.ggf");
    let output = engine()
        .arg("analyze")
        .arg("--ggf")
        .arg(&file)
        .args(["--level", "2"])
        .output()
        .unwrap();
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(stdout.contains("analyze moves=6 "), "{stdout}");
    let game = std::fs::read_to_string(ggf_data("comments_times.ggf")).unwrap();
    let output = run(&["best", &game, "--level", "2"]);
    assert!(text(&output.stdout).starts_with("level=Level 2 empties=55 legal_moves=6"));
    // A Grand Othello game is shown and searched on its own board.
    let output = engine()
        .arg("show")
        .arg("--ggf")
        .arg(ggf_data("board10.ggf"))
        .output()
        .unwrap();
    let stdout = text(&output.stdout);
    assert!(stdout.contains("variant:     othello-10"), "{stdout}");
    assert!(stdout.contains("moves:       e4d4 (2 plies)"), "{stdout}");
    let output = engine()
        .args(["best", "--level", "2", "--ggf"])
        .arg(ggf_data("board10.ggf"))
        .output()
        .unwrap();
    let stdout = text(&output.stdout);
    assert!(stdout.contains("variant=othello-10 empties=94"), "{stdout}");
    let output = run(&["show", "(;GM[Othello]TY[12r];)"]);
    assert!(output.status.success());
    let output = run(&["show", "(;GM[Othello]TY[7];)"]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = text(&output.stderr);
    assert!(stderr.contains("the board is 7x7"), "{stderr}");
}

#[test]
fn show_names_the_opening_on_any_symmetry() {
    for transcript in ["f5d6c3d3c4", "e6f4c3c4d3", "d3c5f6f5e6", "c4e3f6e6f5c5"] {
        let stdout = text(&run(&["show", transcript]).stdout);
        assert!(
            stdout.contains("\nopening:     Tiger\n"),
            "{transcript}: {stdout}"
        );
    }
    let stdout = text(&run(&["show", "f5"]).stdout);
    assert!(!stdout.contains("opening:"), "{stdout}");
}
