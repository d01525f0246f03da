//! `reversi-engine database write|show` as a user meets it: a folder made from transcripts, the
//! moves and games of a position on any orientation, and the one-line errors of a damaged folder.

use std::fs;
use std::path::PathBuf;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh folder of this test's own in the temporary folder.
fn temp_folder(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "reversi-engine-database-{}-{name}",
        std::process::id()
    ));
    let _ = fs::remove_dir_all(&path);
    path
}

/// A WTHOR folder written by the command from `games` (a transcript and names a line).
fn written(name: &str, games: &str) -> PathBuf {
    let folder = temp_folder(name);
    let list = folder.with_extension("txt");
    fs::write(&list, games).unwrap();
    let output = run(&[
        "database",
        "write",
        folder.to_str().unwrap(),
        "--from",
        list.to_str().unwrap(),
        "--year",
        "2003",
    ]);
    fs::remove_file(list).unwrap();
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert_eq!(
        text(&output.stdout),
        format!("wrote 3 games to {}\n", folder.display())
    );
    folder
}

const GAMES: &str = "f5d6c3 | Anne | Bruno | Paris\nd3c5 | Bruno | Chloë | Paris\n\nc4e3\n";

#[test]
fn the_games_of_a_written_folder_answer_on_every_orientation() {
    let folder = written("show", GAMES);
    let dir = folder.to_str().unwrap();
    let output = run(&["database", "show", dir, "--moves", "f5", "--games", "2"]);
    let stdout = text(&output.stdout);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with("database games=3 damaged=0 loaded_ms="),
        "{stdout}"
    );
    // d3c5 and c4e3 are images of f5d6; black's 62 discs (the moves' board, empties to the
    // side ahead) and two draws make white's average -20.
    assert_eq!(
        lines[1..],
        [
            "move=d6 games=3 average=-20.0 wins=33.3%",
            "reached=3",
            "2003 62-2 Anne - Bruno (Paris) f5d6c3",
            "2003 32-32 Bruno - Chloë (Paris) d3c5",
        ]
    );
    let start = text(&run(&["database", "show", dir]).stdout);
    assert!(
        start.contains("move=d3 games=1 average=+0.0 wins=50.0%\n"),
        "{start}"
    );
    assert!(
        start.contains("move=f5 games=1 average=+60.0 wins=100.0%\n"),
        "{start}"
    );
    assert!(start.contains("2003 32-32 ? - ? (?) c4e3\n"), "{start}");

    let again = run(&["database", "write", dir, "--random", "2"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again.stderr).contains("already exists"));
    assert!(!folder.join("WTH_2000.wtb").exists());
    fs::remove_dir_all(folder).unwrap();
}

#[test]
fn a_damaged_folder_is_a_one_line_error_naming_the_file() {
    let folder = written("damaged", GAMES);
    let dir = folder.to_str().unwrap();
    let games = folder.join("WTH_2003.wtb");
    let bytes = fs::read(&games).unwrap();
    fs::write(&games, &bytes[..bytes.len() - 3]).unwrap();
    let output = run(&["database", "show", dir]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(
            "is not a usable WTHOR database: WTH_2003.wtb: the header announces 3 records"
        ),
        "{stderr}"
    );

    let mut ten = bytes.clone();
    ten[12] = 10;
    fs::write(&games, ten).unwrap();
    let stderr = text(&run(&["database", "show", dir]).stderr);
    assert!(stderr.contains("10x10"), "{stderr}");

    fs::remove_file(&games).unwrap();
    let output = run(&["database", "show", dir]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).contains("holds no WTHOR game file"));
    fs::remove_dir_all(folder).unwrap();
}

#[test]
fn a_random_database_plays_whole_games() {
    let folder = temp_folder("random");
    let dir = folder.to_str().unwrap();
    let output = run(&["database", "write", dir, "--random", "50", "--seed", "3"]);
    assert!(output.status.success(), "{}", text(&output.stderr));
    let shown = text(&run(&["database", "show", dir, "--games", "50"]).stdout);
    assert!(shown.starts_with("database games=50 damaged=0"), "{shown}");
    assert!(shown.contains("\nreached=50\n"), "{shown}");
    // Every game is played to its end, which takes 9 moves at the least.
    let games: Vec<&str> = shown
        .lines()
        .filter(|line| line.starts_with("2000 "))
        .collect();
    assert_eq!(games.len(), 50);
    for game in games {
        let transcript = game.rsplit(' ').next().unwrap();
        assert!(transcript.len() >= 18, "{game}");
    }
    fs::remove_dir_all(folder).unwrap();
}
