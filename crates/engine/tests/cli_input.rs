//! What the `reversi-engine` command is given that it must not try to serve: files that are not
//! files or larger than any real one, numbers with signs or out of their range, searches that
//! cannot finish. Each is refused at once with a message and the documented exit status.

mod engine_command;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use engine_command::run_engine;

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Asserts that `output` is a refusal with exit status `code` whose message contains `message`
/// on its first line (clap adds a hint after its own).
fn assert_refused(output: &Output, code: i32, message: &str, what: &str) {
    let text = stderr(output);
    assert_eq!(output.status.code(), Some(code), "{what}: {text}");
    assert!(
        text.lines()
            .next()
            .is_some_and(|line| line.contains(message)),
        "{what}: {text}"
    );
    assert_eq!(stdout(output), "", "{what}");
}

/// A path of this test's own in the temporary folder, removed first.
fn scratch(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "reversi-engine-input-{}-{name}",
        std::process::id()
    ));
    let _ = fs::remove_file(&path);
    path
}

/// The commands that read a file, with `file` in the place of it.
fn readers(file: &str) -> Vec<Vec<String>> {
    [
        &["show", "--ggf", file][..],
        &["best", "--level", "1", "--ggf", file],
        &["analyze", "--level", "1", "--ggf", file],
        &["solve", file],
        &["book", "show", "f5", "--book", file],
        &[
            "best",
            "f5",
            "--level",
            "1",
            "--eval",
            &format!("weights:{file}"),
        ],
    ]
    .iter()
    .map(|args| args.iter().map(|arg| arg.to_string()).collect())
    .collect()
}

/// The exit status for a file that is not a regular one: 2, a mistake in the arguments; the
/// weights are an evaluation that cannot be used, 1, as a damaged weights file is.
fn not_a_file_status(args: &[&str]) -> i32 {
    if args.iter().any(|arg| arg.starts_with("weights:")) {
        1
    } else {
        2
    }
}

fn refuses_what_is_not_a_file(path: &Path) {
    for args in readers(path.to_str().unwrap()) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let output = run_engine(&args);
        assert_refused(
            &output,
            not_a_file_status(&args),
            "is not a regular file (a FIFO, a device or a folder): not read",
            &format!("{args:?}"),
        );
    }
}

/// A FIFO would make the commands wait for ever for a writer; they refuse it before opening it.
#[cfg(unix)]
#[test]
fn a_fifo_is_refused_before_it_is_opened() {
    let fifo = scratch("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    refuses_what_is_not_a_file(&fifo);
    // A book to continue is read first too.
    let output = run_engine(&["book", "build", "--out", fifo.to_str().unwrap()]);
    assert_refused(&output, 2, "is not a regular file", "book build");
    let _ = fs::remove_file(&fifo);
}

/// `/dev/zero` never ends: it was read until the memory ran out.
#[cfg(unix)]
#[test]
fn a_device_is_refused() {
    refuses_what_is_not_a_file(Path::new("/dev/zero"));
}

#[test]
fn a_folder_is_refused() {
    refuses_what_is_not_a_file(&std::env::temp_dir());
}

/// A file larger than any real one of its kind is not read: exit status 1, as for memory the
/// engine will not give.
#[test]
fn a_file_larger_than_any_real_one_is_not_read() {
    for (args, limit_mib) in [
        (&["show", "--ggf"][..], 64),
        (&["best", "--level", "1", "--ggf"], 64),
        (&["solve"], 16),
        (&["book", "show", "f5", "--book"], 64),
    ] {
        let file = scratch("huge");
        // Sparse: as large as that without writing it.
        fs::File::create(&file)
            .unwrap()
            .set_len((limit_mib << 20) + 1)
            .unwrap();
        let mut args = args.to_vec();
        args.push(file.to_str().unwrap());
        let output = run_engine(&args);
        assert_refused(
            &output,
            1,
            &format!("({limit_mib} MiB at most): not read"),
            &format!("{args:?}"),
        );
        let _ = fs::remove_file(&file);
    }
}

/// A missing file is a mistake in the arguments.
#[test]
fn a_missing_file_is_named() {
    let output = run_engine(&["solve", "/nonexistent/positions.obf"]);
    assert_refused(
        &output,
        2,
        "cannot read /nonexistent/positions.obf: ",
        "missing",
    );
    let output = run_engine(&["show", "--ggf", "/nonexistent/games.ggf"]);
    assert_refused(
        &output,
        2,
        "cannot read /nonexistent/games.ggf: ",
        "missing",
    );
    assert_eq!(stdout(&output), "");
}

/// Limits a command could never finish with are refused before anything runs.
#[test]
fn limits_that_cannot_finish_are_refused() {
    for (args, message) in [
        (
            &[
                "match",
                "--games",
                "2",
                "--move-time-ms",
                "9223372036854775808",
            ][..],
            "--move-time-ms 9223372036854775808 is out of range (1..=86400000, a day)",
        ),
        (
            &["match", "--move-time-ms", "18446744073709551616"],
            "'18446744073709551616' is out of range",
        ),
        (&["match", "--move-time-ms", "86400001"], "is out of range"),
        (&["match", "--move-time-ms", "0"], "is out of range"),
        (
            &["match", "--exact-empties", "99"],
            "--exact-empties 99 is out of range (0..=36)",
        ),
        (&["match", "--exact-empties", "37"], "out of range (0..=36)"),
        (
            &["match", "--depth", "200"],
            "--depth 200 is out of range (1..=60)",
        ),
        (
            &["match", "--depth", "0"],
            "--depth 0 is out of range (1..=60)",
        ),
        (&["match", "--games", "0"], "--games must be at least 1"),
        (&["perft", "21"], "depth 21 is too deep (at most 20)"),
    ] {
        assert_refused(&run_engine(args), 2, message, &format!("{args:?}"));
    }
}

/// An exact solve of an empty board (1876 rules), or of any position with more empty squares
/// than a solve can take on, is refused naming its line.
#[test]
fn solves_that_cannot_end_are_refused() {
    let file = scratch("empty-1876.txt");
    fs::write(&file, format!("# the empty board\n{} X\n", "-".repeat(64))).unwrap();
    let name = file.to_str().unwrap();
    let output = run_engine(&["solve", "--variant", "reversi-1876", name]);
    assert_refused(
        &output,
        2,
        &format!("{name}:2: 64 empty squares: a solve takes at most 36 (more would not end)"),
        "1876",
    );
    // On the standard board: the start has 60 empty squares; 36 are taken on.
    let start = "---------------------------OX------XO--------------------------- X";
    fs::write(&file, format!("{start}\n")).unwrap();
    let output = run_engine(&["solve", name]);
    assert_refused(&output, 2, ":1: 60 empty squares", "8x8 start");
    let output = run_engine(&["solve", "--probable", name]);
    assert_refused(&output, 2, ":1: 60 empty squares", "8x8 start, probable");
    // A game over is scored at once, however many squares are empty.
    let wiped_out = "----X------X-----XXXX------XXX-----XX------X-------X------------ O";
    fs::write(&file, format!("{wiped_out}\n")).unwrap();
    let output = run_engine(&["solve", name]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).starts_with("1 empties=51 move=pass score=-64 "),
        "{}",
        stdout(&output)
    );
    let _ = fs::remove_file(&file);
}

/// Numbers on the command line are plain digits: `perft +3` was taken as 3.
#[test]
fn numbers_with_a_sign_are_refused() {
    for args in [
        &["perft", "+3"][..],
        &["perft", " 3"],
        &["perft", "3.0"],
        &["perft", ""],
        &["match", "--games", "+2"],
        &["match", "--seed", "+1"],
        &["selfplay", "--games", "+2", "--a", "1", "--b", "1"],
        &["solve", "--count", "+1", "positions.obf"],
        &["solve", "--hash-mb", "+16", "positions.obf"],
        &["best", "f5", "--hash-mb", "+16"],
        &["best", "--hash-mb", "+16", "f5"],
        &["best", "f5", "--seed", "+1"],
        &["best", "--seed", "+1", "f5"],
        &["best", "f5", "--threads", "+1"],
        &["nboard", "--threads", "+1"],
        &["nboard", "--hash-mb", "+16"],
        &["book", "build", "--out", "never.bin", "--depth", "+3"],
        &["book", "build", "--out", "never.bin", "--positions", "+3"],
        &["show", "--ggf", "games.ggf", "--game", "+1"],
    ] {
        let output = run_engine(args);
        let text = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {text}");
        // The option's own message (a number of threads, a game number) or the general one.
        assert!(
            text.contains("is not a whole number (digits only)")
                || text.contains("is not a number of threads")
                || text.contains("is not a game number"),
            "{args:?}: {text}"
        );
    }
    for level in ["+5", " 5", "5 ", "5.0", ""] {
        let output = run_engine(&["best", "f5", "--level", level]);
        assert_refused(&output, 2, &format!("'{level}' is not a level"), level);
    }
    assert!(!Path::new("never.bin").exists());
}

/// An OBF file saved with a byte-order mark is solved as without it; so is a GGF file shown.
#[test]
fn files_with_a_byte_order_mark_are_read() {
    let file = scratch("marked.obf");
    let forced = "---X-OOO--OOOOXO--OOXXXO-OXXXXXOOOXOXOXOOOXXOXOOOOXOOOOOOOOO-OO- O";
    fs::write(
        &file,
        format!("\u{feff}# FFO-like, with a mark\n{forced}\n"),
    )
    .unwrap();
    let output = run_engine(&["solve", file.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("1 empties=11 move=b3 score=-4 "),
        "{}",
        stdout(&output)
    );
    fs::write(&file, "\u{feff}(;GM[Othello]PB[Ann]B[f5];)").unwrap();
    let output = run_engine(&["show", "--ggf", file.to_str().unwrap()]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).starts_with("black:       Ann\n"),
        "{}",
        stdout(&output)
    );
    let _ = fs::remove_file(&file);
}
