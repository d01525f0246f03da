//! Text formats as a user types or pastes them: transcripts, board strings / OBF lines, the
//! `parse_game_text` entry point, and the `reversi-engine show` command.

mod common;

use common::random_game;
use std::process::Command;

use proptest::prelude::*;
use reversi_engine::board::{Board, BoardStringError, parse_board_string};
use reversi_engine::format::{
    FormatError, IllegalMoveReason, TranscriptError, parse_game_text, parse_transcript,
    write_transcript,
};
use reversi_engine::variant::{Variant, VariantBoard};
use reversi_engine::{Color, Game, Move, Rules, Square};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// A board with no square claimed twice.
fn any_board() -> impl Strategy<Value = Board> {
    (any::<u64>(), any::<u64>(), any::<bool>()).prop_map(|(black, white, black_to_move)| Board {
        black,
        white: white & !black,
        to_move: if black_to_move {
            Color::Black
        } else {
            Color::White
        },
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_written_transcript_reads_back_as_the_same_game(
        choices in prop::collection::vec(any::<u8>(), 0..70),
    ) {
        let game = random_game(&choices, Rules::default());
        let text = game.transcript();
        prop_assert_eq!(text.len(), 2 * game.moves().iter().filter(|mv| **mv != Move::Pass).count());
        prop_assert_eq!(text.to_lowercase(), text.clone());
        let read = Game::from_transcript(&text, Rules::default()).unwrap();
        prop_assert_eq!(read.transcript(), text.clone());
        // Passes are inferred before each move; a pass after the last move is not written, so
        // it is not read back either.
        let mut moves = game.moves().to_vec();
        if moves.last() == Some(&Move::Pass) {
            moves.pop();
            prop_assert!(read.board().must_pass());
        }
        prop_assert_eq!(read.moves(), &moves[..]);
        prop_assert_eq!(parse_transcript(VariantBoard::start(Variant::OTHELLO), &text).unwrap(), moves);
    }

    #[test]
    fn transcripts_in_loose_notation_read_the_same(
        choices in prop::collection::vec(any::<u8>(), 0..70),
        style in 0usize..4,
    ) {
        let game = random_game(&choices, Rules::default());
        let mut text = String::new();
        for (index, mv) in game.moves().iter().enumerate() {
            let word = match (mv, style) {
                (Move::Pass, 0) => "PASS".to_string(),
                (Move::Pass, 1) => "--".to_string(),
                (Move::Pass, 2) => "pa".to_string(),
                (Move::Pass, _) => String::new(), // left to be inferred
                (Move::Play(square), 0 | 2) => square.to_string().to_uppercase(),
                (Move::Play(square), _) => square.to_string(),
            };
            match style {
                0 => text.push_str(&format!("{}. {word} ", index + 1)),
                1 => text.push_str(&format!("{word}, ")),
                2 => text.push_str(&format!("{}.{word}\n", index + 1)),
                _ => text.push_str(&word),
            }
        }
        let read = Game::from_transcript(&text, Rules::default()).unwrap();
        let mut moves = game.moves().to_vec();
        if style == 3 && moves.last() == Some(&Move::Pass) {
            moves.pop(); // a pass after the last move is not inferred
        }
        prop_assert_eq!(read.moves(), &moves[..], "{}", text);
    }

    #[test]
    fn a_written_board_string_reads_back_as_the_same_board(board in any_board()) {
        let text = board.to_board_string();
        prop_assert_eq!(text.len(), 66);
        prop_assert!(text[..64].chars().all(|c| matches!(c, 'X' | 'O' | '-')));
        prop_assert_eq!(parse_board_string(&text).unwrap(), board);
        // The other accepted spellings: lowercase, * and . , an OBF tail, surrounding space.
        let loose: String = text.chars().map(|c| match c {
            'X' => '*',
            'O' => 'o',
            '-' => '.',
            other => other,
        }).collect();
        let obf = format!("  {loose}  ; -12 f5:+4 comment\n");
        prop_assert_eq!(parse_board_string(&obf).unwrap(), board);
        let game = parse_game_text(&text, Rules::default()).unwrap();
        prop_assert_eq!(game.standard_board(), Some(board));
    }
}

#[test]
fn board_strings_use_a1_to_h1_then_a2_order() {
    let board = parse_board_string(&format!("X{}O X", "-".repeat(62))).unwrap();
    assert_eq!(board.disc_at(sq("a1")), Some(Color::Black));
    assert_eq!(board.disc_at(sq("h8")), Some(Color::White));
    assert_eq!(board.to_move, Color::Black);
    assert_eq!(
        Board::start(Color::Black).to_board_string(),
        "---------------------------OX------XO--------------------------- X"
    );
    let text = format!("{}X{} o", ".".repeat(56), ".".repeat(7));
    let board = parse_board_string(&text).unwrap();
    assert_eq!(board.disc_at(sq("a8")), Some(Color::Black));
    assert_eq!(board.to_move, Color::White);
}

#[test]
fn board_string_errors_say_what_and_where() {
    let mut squares: Vec<char> = "-".repeat(64).chars().collect();
    squares[16] = 'Z';
    let text: String = squares.iter().collect();
    assert_eq!(
        parse_board_string(&format!("{text} X")),
        Err(BoardStringError::BadSquare {
            position: 17,
            found: 'Z'
        })
    );
    assert_eq!(
        parse_board_string(&format!("{text} X"))
            .unwrap_err()
            .to_string(),
        "character 17 ('Z') is not X, O or -"
    );
    assert_eq!(
        parse_board_string(&format!("{} X", "-".repeat(60)))
            .unwrap_err()
            .to_string(),
        "expected 64 squares, found 60"
    );
    assert_eq!(
        parse_board_string(&format!("{} Q", "-".repeat(64))),
        Err(BoardStringError::BadSideToMove {
            position: 66,
            found: 'Q'
        })
    );
    assert_eq!(
        parse_board_string(&"-".repeat(64)),
        Err(BoardStringError::MissingSideToMove { expected: 64 })
    );
    assert_eq!(
        parse_board_string("   ; only a comment"),
        Err(BoardStringError::Empty { expected: 64 })
    );
}

/// The mistakes users make, each answered with what is wrong and where (characters counted from
/// 1 over the whole text, in board strings and transcripts alike).
#[test]
fn every_mistake_is_named_with_its_place() {
    let start = Board::start(Color::Black).to_board_string();
    let message = |text: &str| {
        parse_game_text(text, Rules::default())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(
        message("f55 d66"),
        "character 1 ('f55') is not a square: expected a1 to h8"
    );
    assert_eq!(
        message("f5 a9"),
        "character 4 ('a9') is not a square: expected a1 to h8"
    );
    let no_moves =
        "the text has no moves, only separators or move numbers: expected squares like f5";
    for text in [",", "1.", " 1. 2. ", ", ;"] {
        assert_eq!(message(text), no_moves, "{text:?}");
    }
    assert_eq!(parse_game_text("  ", Rules::default()), Ok(Game::default()));
    assert_eq!(
        message(&format!("{} X", "-".repeat(62))),
        "expected 64 squares, found 62"
    );
    assert_eq!(
        message(&format!("{} X", "-".repeat(65))),
        "expected 64 squares, found 65"
    );
    assert_eq!(
        message(&format!("; from a file\n{start}")),
        "the text starts with a comment (;): write the board string first, then ; and the comment"
    );
    let trailing =
        "character 68 ('%'): unexpected text after the side to move (a comment starts with ;)";
    assert_eq!(message(&format!("{start} % a comment")), trailing);
    assert_eq!(message(&format!("{start} %")), trailing);
    assert_eq!(
        message(&format!(" {}Z{} X", "-".repeat(9), "-".repeat(54))),
        "character 11 ('Z') is not X, O or -"
    );
    assert_eq!(
        message(&format!("{} Q", "-".repeat(64))),
        "character 66: the side to move 'Q' is not X or O"
    );
    // A pass first is a transcript, and never legal from the start.
    for text in ["--", "-- f5", "--f5", "-- --"] {
        assert_eq!(
            message(text),
            "move 1 (pass): a pass is not allowed: d3 is legal",
            "{text:?}"
        );
    }
}

#[test]
fn transcript_errors_name_the_move_and_the_reason() {
    let error = Game::from_transcript("f5 d6 c3 d3 c4 f4 a1", Rules::default()).unwrap_err();
    assert_eq!(error.to_string(), "move 7 (a1): flips nothing");
    assert_eq!(
        error,
        FormatError::Transcript(TranscriptError::IllegalMove {
            number: 7,
            mv: Move::Play(sq("a1")),
            reason: IllegalMoveReason::FlipsNothing
        })
    );
    let error = Game::from_transcript("1. f5 2. d6 3. d6", Rules::default()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "move 3 (d6): the square is already taken"
    );
    let error = Game::from_transcript("f5 pass", Rules::default()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "move 2 (pass): a pass is not allowed: f4 is legal"
    );
    let error = Game::from_transcript("d3c3b3d2e1d6d7e3f4 a1", Rules::default()).unwrap_err();
    assert_eq!(error.to_string(), "move 10 (a1): the game is over");
    let error = Game::from_transcript("d3c3b3d2e1d6d7e3f4 pass", Rules::default()).unwrap_err();
    assert_eq!(error.to_string(), "move 10 (pass): the game is over");
    let error = Game::from_transcript("f5 d6 i9", Rules::default()).unwrap_err();
    assert_eq!(
        error,
        FormatError::Transcript(TranscriptError::UnexpectedCharacter {
            position: 7,
            found: 'i'
        })
    );
    assert!(error.to_string().starts_with("character 7 ('i')"));
}

#[test]
fn a_forced_pass_may_be_written_or_left_out() {
    let start =
        VariantBoard::standard(&parse_board_string(&format!("XO{} O", "-".repeat(62))).unwrap());
    let expected = vec![Move::Pass, Move::Play(sq("c1"))];
    for text in ["c1", "pass c1", "PA C1", "-- c1", "1. -- 2. c1", "Pass, c1"] {
        assert_eq!(parse_transcript(start, text).unwrap(), expected, "{text}");
    }
    assert_eq!(write_transcript(&expected), "c1");
    assert_eq!(parse_transcript(start, "").unwrap(), vec![]);
}

#[test]
fn moves_and_squares_read_any_case() {
    assert_eq!("D3".parse::<Square>().unwrap(), sq("d3"));
    assert_eq!("PASS".parse::<Move>().unwrap(), Move::Pass);
    assert_eq!("--".parse::<Move>().unwrap(), Move::Pass);
    assert_eq!("F5".parse::<Move>().unwrap(), Move::Play(sq("f5")));
    assert_eq!(Move::Play(sq("f5")).to_string(), "f5");
    assert_eq!(Move::Pass.to_string(), "pass");
    assert!("z1".parse::<Move>().is_err());
}

#[test]
fn game_text_is_a_board_string_or_a_transcript() {
    let game = parse_game_text("f5d6c3", Rules::default()).unwrap();
    assert_eq!(game.moves().len(), 3);
    let game = parse_game_text("", Rules::default()).unwrap();
    assert_eq!(game, Game::default());
    let text = "--------------------------XOX------XO--------------------------- O ; after d5?";
    let game = parse_game_text(text, Rules::default()).unwrap();
    assert!(game.moves().is_empty());
    assert_eq!(game.board().to_move(), Color::White);
    assert_eq!(game.board().count(Color::Black), 3);
    assert!(matches!(
        parse_game_text("XO-Z", Rules::default()),
        Err(FormatError::Board(_))
    ));
    assert!(matches!(
        parse_game_text("f5 zz", Rules::default()),
        Err(FormatError::Transcript(_))
    ));
}

fn show(args: &[&str]) -> (Option<i32>, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_reversi-engine"))
        .arg("show")
        .args(args)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn show_draws_the_board_with_coordinates_and_the_game_state() {
    let (status, out, _) = show(&["f5d6c3"]);
    assert_eq!(status, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "  a b c d e f g h");
    assert_eq!(lines[3], "3 . . X + . + . .", "{out}");
    assert_eq!(lines[5], "5 . . . O X X + .", "{out}");
    assert!(out.contains("to move:     White (O)"), "{out}");
    assert!(out.contains("legal moves: d3 f3 f4 g5"), "{out}");
    assert!(out.contains("Black (X) 5, White (O) 2"), "{out}");

    let (status, out, _) = show(&["d3c3b3d2e1d6d7e3f4"]);
    assert_eq!(status, Some(0));
    assert!(out.contains("result:      Black wins"), "{out}");

    let (status, out, _) = show(&["--empties-to-winner", "d3c3b3d2e1d6d7e3f4"]);
    assert_eq!(status, Some(0));
    assert!(out.contains("Black wins 64-0"), "{out}");

    let start = Board::start(Color::White).to_board_string();
    let (status, out, _) = show(&[&start]);
    assert_eq!(
        status,
        Some(0),
        "a board string starting with '-' is not an option"
    );
    assert!(out.contains("to move:     White (O)"), "{out}");
}

#[test]
fn show_rejects_bad_text_with_status_2() {
    let (status, _, err) = show(&["f5 d6 c3 d3 c4 f4 a1"]);
    assert_eq!(status, Some(2));
    assert!(err.contains("move 7 (a1): flips nothing"), "{err}");
    let (status, _, _) = show(&[]);
    assert_eq!(status, Some(2));
}

/// A byte-order mark at the start of a text, as some editors save one, is skipped by every text
/// format: board strings / OBF lines, transcripts, game texts and GGF.
#[test]
fn a_leading_byte_order_mark_is_skipped() {
    const MARK: char = '\u{feff}';
    let start = Board::start(Color::Black).to_board_string();
    assert_eq!(
        parse_board_string(&format!("{MARK}{start} ; an OBF comment")),
        parse_board_string(&start)
    );
    let othello = VariantBoard::start(Variant::OTHELLO);
    assert_eq!(
        parse_transcript(othello, &format!("{MARK}f5d6c3")),
        parse_transcript(othello, "f5d6c3")
    );
    for text in [
        "f5d6c3".to_string(),
        start.clone(),
        "othello-10: e4f4g5".to_string(),
        "(;GM[Othello]B[f5];)".to_string(),
    ] {
        let marked = parse_game_text(&format!("{MARK}{text}"), Rules::default());
        assert_eq!(marked, parse_game_text(&text, Rules::default()), "{text}");
        assert!(marked.is_ok(), "{text}");
    }
    // Characters are counted from after it.
    let error = parse_game_text(&format!("{MARK}f5 d6 x9"), Rules::default()).unwrap_err();
    assert!(
        error.to_string().starts_with("character 7 ('x')"),
        "{error}"
    );
    // Only at the start: elsewhere it is a character that does not belong.
    assert!(parse_game_text(&format!("f5{MARK}d6"), Rules::default()).is_err());
}

/// A message quotes at most 80 characters of what was written, however long it is.
#[test]
fn messages_quote_little_of_a_long_text() {
    let text = format!("f5 a{}", "1".repeat(100_000));
    let error = parse_game_text(&text, Rules::default())
        .unwrap_err()
        .to_string();
    assert!(error.starts_with("character 4 ('a111"), "{}", &error[..200]);
    assert!(
        error.contains("...') is not a square: expected a1 to h8"),
        "{}",
        &error[..200]
    );
    assert!(error.len() < 200, "{} bytes", error.len());
}
