//! The opening book as the game and a user meet it: the shipped book loads and answers on every
//! symmetry with legal moves, a damaged file is refused with a reason, levels choose within
//! their loss and vary with the seed, and `reversi-engine book build` builds, checkpoints and
//! continues a book that `book show`, `best` and `analyze` use.

use std::fs;
use std::path::PathBuf;
use std::process::{Command, Output};

use reversi_engine::board::Board;
use reversi_engine::book::{Book, BookError, BookMove, BuildSettings, Builder};
use reversi_engine::openings::{Symmetry, openings};
use reversi_engine::search::{Level, Searcher};
use reversi_engine::{Color, Game, Position, Rules, Square};

/// A legal game twenty moves deep, well past the book.
const LATE: &str = "c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5";

const SHIPPED: &[u8] = include_bytes!("../data/book.bin");

fn engine(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A path of this test's own in the temporary folder, removed first.
fn temp_path(name: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("reversi-engine-book-{}-{name}", std::process::id()));
    let _ = fs::remove_file(&path);
    path
}

fn board_after(transcript: &str) -> Board {
    Game::from_transcript(transcript, Rules::default())
        .unwrap()
        .standard_board()
        .unwrap()
}

fn image(board: &Board, symmetry: Symmetry) -> Board {
    Board {
        black: symmetry.apply_bits(board.black),
        white: symmetry.apply_bits(board.white),
        to_move: board.to_move,
    }
}

/// Every position of the shipped book reachable from the start through book moves.
fn book_positions(book: &Book) -> Vec<Position> {
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![Position::start()];
    let mut found = Vec::new();
    while let Some(position) = todo.pop() {
        let Some(moves) = book.lookup_position(position) else {
            continue;
        };
        if !seen.insert(position) {
            continue;
        }
        found.push(position);
        for book_move in moves {
            todo.extend(position.play(book_move.square));
        }
    }
    found
}

#[test]
fn the_shipped_book_loads_and_knows_every_named_opening() {
    let book = Book::from_bytes(SHIPPED).expect("the shipped book is accepted");
    assert!(book.len() >= 1000, "{} positions", book.len());
    assert_eq!(Book::shipped().len(), book.len());
    for opening in openings() {
        let mut board = Board::start(Color::Black);
        for &square in &opening.moves {
            assert!(
                Book::shipped().lookup(&board).is_some(),
                "{}: the position before {square} is not in the book",
                opening.name
            );
            board = board.play(square).unwrap();
        }
    }
}

#[test]
fn a_damaged_book_is_refused_with_its_reason() {
    let mut damaged = SHIPPED.to_vec();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0x10;
    let error = Book::from_bytes(&damaged).unwrap_err();
    assert!(matches!(error, BookError::BadChecksum { .. }), "{error}");
    assert!(error.to_string().starts_with("checksum"), "{error}");
    assert_eq!(
        Book::from_bytes(&SHIPPED[..SHIPPED.len() - 1]).unwrap_err(),
        BookError::BadChecksum {
            found: u32::from_le_bytes(
                SHIPPED[SHIPPED.len() - 5..SHIPPED.len() - 1]
                    .try_into()
                    .unwrap()
            ),
            computed: reversi_engine::data_file::fnv1a(&SHIPPED[..SHIPPED.len() - 5]),
        }
    );
    assert_eq!(
        Book::from_bytes(b"RVPW version and more").unwrap_err(),
        BookError::BadMagic
    );
}

#[test]
fn a_position_gets_the_same_moves_on_all_eight_symmetries() {
    let book = Book::shipped();
    for transcript in ["", "f5", "f5d6c3", "f5f6e6f4", "f5d6c5f4e3"] {
        let board = board_after(transcript);
        let moves = book
            .lookup(&board)
            .unwrap_or_else(|| panic!("'{transcript}' is in the book"));
        for symmetry in Symmetry::ALL {
            let seen: Vec<BookMove> = book.lookup(&image(&board, symmetry)).unwrap();
            let mut expected: Vec<(Square, i32, u32)> = moves
                .iter()
                .map(|m| (symmetry.apply(m.square), m.score, m.depth))
                .collect();
            let mut seen: Vec<(Square, i32, u32)> =
                seen.iter().map(|m| (m.square, m.score, m.depth)).collect();
            expected.sort();
            seen.sort();
            assert_eq!(seen, expected, "'{transcript}' under {symmetry:?}");
        }
    }
}

#[test]
fn every_book_move_is_legal_and_every_legal_move_is_in_the_book() {
    let book = Book::shipped();
    let positions = book_positions(book);
    assert!(positions.len() >= 500, "{} reachable", positions.len());
    for position in positions {
        let moves = book.lookup_position(position).unwrap();
        let squares: u64 = moves.iter().map(|m| m.square.bit()).sum();
        assert_eq!(squares, position.legal_moves(), "{position:?}");
        assert!(moves.windows(2).all(|pair| pair[0].score >= pair[1].score));
        assert!(moves.iter().all(|m| m.score.abs() <= 64 && m.depth >= 1));
    }
}

#[test]
fn a_choice_stays_within_the_loss_and_varies_with_the_seed() {
    let book = Book::shipped();
    let mut varied = false;
    for position in book_positions(book).into_iter().take(300) {
        let moves = book.lookup_position(position).unwrap();
        let best = moves[0].score;
        for max_loss in [0, 1, 2, 4] {
            let mut chosen = std::collections::HashSet::new();
            for seed in 0..24 {
                let choice = book.choose_position(position, max_loss, seed).unwrap();
                assert!(
                    choice.score >= best - max_loss as i32,
                    "{choice:?} {moves:?}"
                );
                assert!(moves.contains(&choice));
                chosen.insert(choice.square);
            }
            let near = moves.iter().filter(|m| m.score >= best - 2).count();
            if max_loss == 2 && near >= 3 {
                // Several near-equal moves: two dozen seeds do not all pick the same.
                assert!(chosen.len() >= 2, "{moves:?}");
                varied = true;
            }
        }
    }
    assert!(varied, "no book position with three moves within 2 discs");
    // The level's own tolerated loss: Expert only the best, Beginner within 4 discs.
    let board = board_after("f5d6");
    let best = book.lookup(&board).unwrap()[0].score;
    for seed in 0..20 {
        let expert = book.choose_for_level(&board, Level::Expert, seed).unwrap();
        assert_eq!(expert.score, best);
        let beginner = book
            .choose_for_level(&board, Level::Beginner, seed)
            .unwrap();
        assert!(beginner.score >= best - 4);
    }
}

#[test]
fn positions_out_of_the_book_give_none() {
    let book = Book::shipped();
    let late = board_after(LATE);
    assert!(book.lookup(&late).is_none());
    assert!(book.choose(&late, 4, 1).is_none());
}

#[test]
fn a_quick_build_continued_after_a_stop_equals_one_uninterrupted() {
    let settings = |positions| BuildSettings {
        depth: 2,
        window: 6,
        seed: 7,
        positions,
    };
    let build = |builder: &mut Builder| {
        let mut searcher = Searcher::new(1);
        while builder.step(&mut searcher) {}
    };
    let mut whole = Builder::new(settings(60), None).unwrap();
    build(&mut whole);
    assert_eq!(whole.len(), 60);

    let mut first = Builder::new(settings(25), None).unwrap();
    build(&mut first);
    let partial = Book::from_bytes(&first.to_bytes()).unwrap();
    assert_eq!(partial.len(), 25);
    let mut rest = Builder::new(settings(60), Some(&partial)).unwrap();
    assert_eq!(rest.len(), 25, "continued, not restarted");
    build(&mut rest);
    assert_eq!(rest.to_bytes(), whole.to_bytes());

    // Another seed grows another book; other settings refuse to continue this one.
    let mut other = Builder::new(
        BuildSettings {
            seed: 8,
            ..settings(60)
        },
        None,
    )
    .unwrap();
    build(&mut other);
    assert_ne!(other.to_bytes(), whole.to_bytes());
    let error = Builder::new(
        BuildSettings {
            depth: 3,
            ..settings(60)
        },
        Some(&partial),
    )
    .err()
    .unwrap();
    assert!(
        error.to_string().contains("depth 2 window 6 seed 7"),
        "{error}"
    );
}

#[test]
fn book_build_checkpoints_and_continues_from_the_command_line() {
    let out = temp_path("quick.bin");
    let out_text = out.to_str().unwrap();
    let build = |positions: &str| {
        engine(&[
            "book",
            "build",
            "--out",
            out_text,
            "--depth",
            "2",
            "--seed",
            "3",
            "--positions",
            positions,
        ])
    };
    let first = build("20");
    assert!(first.status.success(), "{}", stderr(&first));
    assert!(
        stdout(&first).contains("book: 20 positions"),
        "{}",
        stdout(&first)
    );
    let again = build("40");
    assert!(again.status.success(), "{}", stderr(&again));
    assert!(
        stdout(&again).contains("continuing") && stdout(&again).contains("at 20 positions"),
        "{}",
        stdout(&again)
    );
    assert_eq!(
        Book::from_bytes(&fs::read(&out).unwrap()).unwrap().len(),
        40
    );

    let show = engine(&["book", "show", "f5", "--book", out_text]);
    assert!(show.status.success(), "{}", stderr(&show));
    let text = stdout(&show);
    assert!(text.starts_with("in book: 3 moves"), "{text}");
    for square in ["d6", "f6", "f4"] {
        assert!(text.contains(&format!("book move={square} ")), "{text}");
    }

    // Other settings or a damaged file are refused, and the file is left as it was.
    let before = fs::read(&out).unwrap();
    let other = engine(&["book", "build", "--out", out_text, "--depth", "3"]);
    assert_eq!(other.status.code(), Some(2));
    assert!(
        stderr(&other).contains("continue it with the same settings"),
        "{}",
        stderr(&other)
    );
    let mut damaged = before.clone();
    damaged[30] ^= 1;
    fs::write(&out, &damaged).unwrap();
    let refused = build("40");
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("is not a usable book: checksum"),
        "{}",
        stderr(&refused)
    );
    assert!(stderr(&refused).contains("remove it or give another --out"));
    let fresh = temp_path("zero.bin");
    let zero = engine(&[
        "book",
        "build",
        "--out",
        fresh.to_str().unwrap(),
        "--depth",
        "0",
    ]);
    assert_eq!(zero.status.code(), Some(2));
    assert!(
        stderr(&zero).contains("--depth: the depth must be 1 to 60"),
        "{}",
        stderr(&zero)
    );
    assert!(!fresh.exists());
    let nowhere = temp_path("no-such-folder").join("book.bin");
    let unwritable = engine(&["book", "build", "--out", nowhere.to_str().unwrap()]);
    assert_eq!(unwritable.status.code(), Some(1));
    assert!(
        stderr(&unwritable).contains("cannot write"),
        "{}",
        stderr(&unwritable)
    );
    let shown = engine(&["book", "show", "f5", "--book", out_text]);
    assert_eq!(shown.status.code(), Some(2));
    assert_eq!(fs::read(&out).unwrap(), damaged);
    let _ = fs::remove_file(&out);
}

#[test]
fn book_show_best_and_analyze_mark_book_moves() {
    let show = engine(&["book", "show", "f5d6"]);
    assert!(show.status.success());
    assert!(stdout(&show).starts_with("in book: "), "{}", stdout(&show));
    let out_of_book = engine(&["book", "show", LATE]);
    assert!(
        stdout(&out_of_book).starts_with("not in book"),
        "{}",
        stdout(&out_of_book)
    );
    let bad = engine(&["book", "show", "f5z9"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("character 3"), "{}", stderr(&bad));

    let best = engine(&["best", "f5d6", "--level", "expert"]);
    let line = stdout(&best);
    assert!(
        line.contains(" book=true") && line.contains("nodes=0"),
        "{line}"
    );
    let searched = engine(&["best", "f5d6", "--level", "2", "--no-book"]);
    assert!(
        stdout(&searched).contains(" book=false"),
        "{}",
        stdout(&searched)
    );

    let analyze = engine(&["analyze", "f5d6"]);
    let text = stdout(&analyze);
    assert_eq!(text.matches(" book=true depth=").count(), 5, "{text}");
    assert!(
        text.ends_with("analyze moves=5 seconds=0.000 book=true\n"),
        "{text}"
    );
    let analyze = engine(&["analyze", "f5d6", "--level", "2", "--no-book"]);
    assert!(
        stdout(&analyze).contains("book=false"),
        "{}",
        stdout(&analyze)
    );
}

#[test]
fn weaker_levels_vary_their_book_moves_with_the_seed() {
    // The start: four equivalent moves, so even the best-only choice varies with the seed.
    let moves: std::collections::HashSet<String> = (0..12)
        .map(|seed| {
            let output = engine(&[
                "best",
                "",
                "--level",
                "beginner",
                "--seed",
                &seed.to_string(),
            ]);
            let line = stdout(&output);
            assert!(line.contains("book=true"), "{line}");
            line.split_whitespace()
                .find_map(|field| field.strip_prefix("move="))
                .unwrap()
                .to_string()
        })
        .collect();
    assert!(moves.len() >= 2, "{moves:?}");
}
