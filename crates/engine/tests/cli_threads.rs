//! `--threads` as a user meets it: a count that is not 1..=256 is refused with a message by every
//! searching command, and a search on several threads gives the exact score of one thread.

use std::fs;
use std::process::{Command, Output};

const FORCED: &str = "---X-OOO--OOOOXO--OOXXXO-OXXXXXOOOXOXOXOOOXXOXOOOOXOOOOOOOOO-OO- O";

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn a_bad_thread_count_is_refused_by_every_searching_command() {
    for args in [
        &["best", "f5", "--threads", "0"][..],
        &["analyze", "f5", "--threads=many"],
        &["solve", "/nonexistent", "--threads", "257"],
    ] {
        let output = run(args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("is not a number of threads (1..=256)"),
            "{args:?}: {stderr}"
        );
    }
}

#[test]
fn two_threads_give_the_exact_score() {
    let file = std::env::temp_dir().join(format!("reversi-threads-{}.obf", std::process::id()));
    fs::write(&file, format!("{FORCED}\n")).unwrap();
    let output = run(&["solve", file.to_str().unwrap(), "--threads", "2"]);
    fs::remove_file(&file).unwrap();
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("move=b3 score=-4 "),
        "{output:?}"
    );
    let output = run(&["best", FORCED, "--level", "20", "--threads", "2"]);
    assert!(
        String::from_utf8_lossy(&output.stdout).contains("score=-4 exact=true"),
        "{output:?}"
    );
}
