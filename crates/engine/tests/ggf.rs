//! GGF files as game servers and NBoard write them, read, checked and written back; broken ones
//! refused with the place of the mistake.

use std::fs;
use std::path::PathBuf;

use reversi_engine::board::Board;
use reversi_engine::format::{
    Ending, GgfErrorKind, GgfGame, GgfResult, parse_ggf, read_ggf_games, write_ggf,
};
use reversi_engine::variant::{Goal, Scoring, Variant, VariantBoard};
use reversi_engine::{Color, Game, Move, Rules, Square};

fn data(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "data", "ggf", name]
        .iter()
        .collect();
    fs::read_to_string(path).unwrap()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// Writing a game and reading it back gives the same record.
fn assert_round_trip(record: &GgfGame) {
    let text = write_ggf(record);
    let again = parse_ggf(&text).unwrap_or_else(|error| panic!("{error}\n{text}"));
    assert_eq!(&again, record, "{text}");
}

#[test]
fn a_file_of_many_games_with_passes_reads_every_game() {
    let games = read_ggf_games(&data("passes.ggf")).unwrap();
    assert_eq!(games.len(), 3);
    let first = &games[0];
    assert_eq!(first.black.as_deref(), Some("alpha"));
    assert_eq!(first.white_rating.as_deref(), Some("1805.71"));
    assert_eq!(first.place.as_deref(), Some("GGS/os"));
    assert_eq!(first.date.as_deref(), Some("2003.12.15_13:24:03.MST"));
    assert_eq!(first.time.as_deref(), Some("05:00//02:00"));
    // `W[PA]` and `W[pass]` are passes, and a pass left out is inferred: the same game.
    assert_eq!(first.game.history()[57], Move::Pass);
    assert_eq!(games[1].game.history()[58], Move::Pass);
    assert_eq!(games[2].game.history(), first.game.history());
    for (record, (black, white)) in games.iter().zip([(55, 9), (17, 47), (55, 9)]) {
        let result = record.game.result().expect("the games are finished");
        assert_eq!((result.black, result.white), (black, white));
        assert_eq!(
            record.result,
            Some(GgfResult::Score {
                black_margin: f64::from(black) - f64::from(white),
                ending: Ending::Played,
            })
        );
        assert_eq!(record.notes.len(), record.game.history().len());
        assert_round_trip(record);
    }
}

#[test]
fn a_start_position_and_its_side_to_move_come_from_bo() {
    let record = parse_ggf(&data("start_position.ggf")).unwrap();
    let start = record.game.start_board();
    assert_eq!(start.to_move(), Color::White);
    assert_eq!(start.disc_at(sq("c3")), Some(Color::White));
    assert_eq!(start.disc_at(sq("h6")), Some(Color::Black));
    assert_eq!(record.game_type, "8r");
    assert_eq!(record.result, Some(GgfResult::Unknown));
    assert_eq!(
        record.game.moves(),
        &[
            Move::Play(sq("g4")),
            Move::Play(sq("e3")),
            Move::Play(sq("f6"))
        ]
    );
    assert_eq!(record.game.to_move(), Color::Black);
    assert_round_trip(&record);
}

#[test]
fn comments_evaluations_times_and_unknown_properties_are_kept() {
    let record = parse_ggf(&data("comments_times.ggf")).unwrap();
    assert_eq!(record.white.as_deref(), Some("Bob ] Jones"));
    assert_eq!(record.black_rating.as_deref(), Some("1650.5"));
    assert_eq!(record.time.as_deref(), Some("05:00/00:00/02:00"));
    assert_eq!(record.black_time.as_deref(), Some("05:00"));
    assert_eq!(record.komi.as_deref(), Some("0.5"));
    assert_eq!(
        record.comment.as_deref(),
        Some("Friendly game; the tiger \\ main line")
    );
    assert_eq!(
        record.result,
        Some(GgfResult::Score {
            black_margin: 13.0,
            ending: Ending::Resigned,
        })
    );
    assert_eq!(record.game.transcript(), "f5d6c3d3c4");
    let notes = &record.notes;
    assert_eq!((notes[0].eval, notes[0].time), (Some(0.5), Some(1.25)));
    assert_eq!((notes[1].eval, notes[1].time), (None, Some(3.0)));
    assert_eq!(notes[1].comment.as_deref(), Some("the usual reply"));
    assert_eq!((notes[2].eval, notes[2].time), (Some(-1.5), None));
    assert_eq!((notes[3].eval, notes[3].time), (Some(2.0), None));
    assert_eq!(notes[4].comment.as_deref(), Some("Tiger\nsecond note"));
    assert_eq!(
        record.extra,
        vec![("XY".to_string(), "kept as is".to_string())]
    );
    assert_round_trip(&record);
}

#[test]
fn a_game_played_here_is_written_and_read_back() {
    let mut game = Game::from_transcript("f5d6c3d3c4f4f6f3e6e7", Rules::default()).unwrap();
    game.undo();
    let record = GgfGame::from_game(&game);
    let text = record.to_ggf();
    assert!(
        text.starts_with("(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O"),
        "{text}"
    );
    assert!(
        text.ends_with("B[e6]W[e7];)"),
        "the redo tail is kept: {text}"
    );
    let again = parse_ggf(&text).unwrap();
    assert_eq!(again.game.history(), game.history());
    let wipeout = Game::from_transcript("c4c5c6c3c2d6e6b4a4", Rules::default()).unwrap();
    let record = GgfGame::from_game(&wipeout);
    assert!(
        record.to_ggf().contains("RE[+64.00]"),
        "{}",
        record.to_ggf()
    );
    assert_round_trip(&record);
}

/// A player's comments go into `C[]` after their moves and come back onto the same moves.
#[test]
fn comments_on_moves_are_written_as_c_and_read_back_into_the_game() {
    let mut game = Game::from_transcript("f5d6c3d3c4", Rules::default()).unwrap();
    game.set_comment(2, "the tiger [c3]").unwrap();
    game.set_comment(4, "a quiet move").unwrap();
    let text = GgfGame::from_game(&game).to_ggf();
    assert!(
        text.contains(r"B[c3]C[the tiger [c3\]]W[d3]B[c4]C[a quiet move]"),
        "{text}"
    );
    let again = parse_ggf(&text).unwrap();
    assert_eq!(again.game.comment(2), Some("the tiger [c3]"));
    assert_eq!(again.game.comment(4), Some("a quiet move"));
    assert_eq!(again.game.comment(3), None);
}

/// Reverse Othello is the servers' anti game: `TY[8a]`, and `RE` positive when black won, by
/// having fewer discs.
#[test]
fn a_reverse_othello_game_is_written_as_an_anti_game_and_read_back() {
    let rules = Rules {
        variant: Variant::reverse(8),
        scoring: Scoring::EmptiesToWinner,
    };
    let wipeout = Game::from_transcript("c4c5c6c3c2d6e6b4a4", rules).unwrap();
    assert_eq!(wipeout.result().unwrap().winner(), Some(Color::White));
    let record = GgfGame::from_game(&wipeout);
    let text = record.to_ggf();
    assert!(text.contains("TY[8a]"), "{text}");
    assert!(text.contains("RE[-64.00]"), "{text}");
    let again = parse_ggf(&text).unwrap();
    assert_eq!(again.game.rules().variant, Variant::reverse(8));
    assert_eq!(again.game.result().unwrap().winner(), Some(Color::White));
    assert_round_trip(&record);
    let from_a_server = parse_ggf("(;GM[Othello]TY[8a]B[f5]W[d6];)").unwrap();
    assert_eq!(from_a_server.game.rules().variant.goal, Goal::FewestDiscs);
    let othello = parse_ggf("(;GM[Othello]TY[8r]B[f5]W[d6];)").unwrap();
    assert_eq!(othello.game.rules().variant.goal, Goal::MostDiscs);
}

#[test]
fn grand_othello_reads_and_writes_back_and_other_sizes_are_refused() {
    let record = parse_ggf(&data("board10.ggf")).unwrap();
    assert_eq!(record.game.rules().variant, Variant::othello(10));
    assert_eq!(record.game.moves().len(), 2);
    assert_eq!(record.game.board().disc_at(sq("d4")), Some(Color::White));
    assert!(
        write_ggf(&record).contains("BO[10 "),
        "{}",
        write_ggf(&record)
    );
    assert_round_trip(&record);
    let error = parse_ggf("(;GM[Othello]TY[9];)").unwrap_err();
    assert_eq!(
        error.kind,
        GgfErrorKind::BoardSize {
            size: 9,
            property: "TY"
        }
    );
    let message = error.to_string();
    assert!(message.contains("9x9"), "{message}");
    assert!(message.contains("even size from 4 to 16"), "{message}");
    let error = parse_ggf("(;GM[Othello]BO[18 - *];)").unwrap_err();
    assert!(error.to_string().contains("18x18"), "{error}");
    let error = parse_ggf("(;GM[Othello]BO[6 ------ *];)").unwrap_err();
    assert!(error.to_string().contains("36 squares"), "{error}");
    let error = parse_ggf("(;GM[Othello]TY[s8r20];)").unwrap_err();
    assert!(error.to_string().contains("synchro"), "{error}");
}

#[test]
fn broken_games_say_what_is_wrong_and_where() {
    let cases = [
        (
            "",
            "GGF game 1: the text holds no game: a GGF game starts with (;",
        ),
        (
            "(;GM[Othello]B[f5]W[d6]",
            "GGF game 1: the game starting at character 1 is cut short: it has no closing ;)",
        ),
        (
            "(;GM[Othello]PB[Ann",
            "GGF game 1: property PB at character 14 has no closing ]",
        ),
        (
            "(;GM[Chess];)",
            "GGF game 1: GM[Chess] is not an Othello game",
        ),
        (
            "(;GM[Othello]B[f5]W[z9];)",
            "GGF game 1: move 2 at character 19 (W[z9]): 'z9' is not a move: expected a square a1 to h8 or PA",
        ),
        (
            "(;GM[Othello]B[f5]W[f5];)",
            "GGF game 1: move 2 at character 19 (f5): the square is already taken",
        ),
        (
            "(;GM[Othello]B[f5]W[a1];)",
            "GGF game 1: move 2 at character 19 (a1): flips nothing",
        ),
        (
            "(;GM[Othello]B[f5]B[d6];)",
            "GGF game 1: move 2 at character 19 (B[d6]): White is to move",
        ),
        (
            "(;GM[Othello]B[PA];)",
            "GGF game 1: move 1 at character 14 (pass): a pass is not allowed: d3 is legal",
        ),
        (
            "(;GM[Othello]B[f5/x];)",
            "GGF game 1: move 1 at character 14 (B[f5/x]): the evaluation 'x' is not a number",
        ),
        (
            "(;GM[Othello]RE[+70];)",
            "GGF game 1: RE[+70] at character 14: expected Black's disc margin (-64 to +64) or ?",
        ),
        (
            "(;GM[Othello]BO[8 --- *];)",
            "GGF game 1: BO[8 --- *] at character 14: expected 64 squares and the side to move, found 4 characters",
        ),
        (
            "(;GM[Othello]pb[x];)",
            "GGF game 1: character 14 ('p'): expected a property name in capitals (like PB[...]) or ;)",
        ),
        (
            "(;GM[Othello];)\ngarbage",
            "GGF game 2: character 17 ('g'): expected ( to start a game",
        ),
    ];
    for (text, message) in cases {
        let error = read_ggf_games(text).unwrap_err();
        assert_eq!(error.to_string(), message, "{text:?}");
    }
    let error = parse_ggf("(;GM[Othello];)(;GM[Othello];)").unwrap_err();
    assert_eq!(
        error.to_string(),
        "GGF game 2: the text holds 2 games where one was expected"
    );
}

#[test]
fn a_game_text_may_be_ggf() {
    let game =
        reversi_engine::format::parse_game_text(&data("start_position.ggf"), Rules::default())
            .expect("GGF is a game text");
    assert_eq!(game.start_board().to_move(), Color::White);
    assert_ne!(game.standard_board(), Some(Board::start(Color::White)));
}

#[test]
fn resignations_and_time_losses_are_kept() {
    let mut game = Game::from_transcript("f5d6c3", Rules::default()).unwrap();
    game.resign(Color::White).unwrap();
    let record = GgfGame::from_game(&game);
    assert!(
        record.to_ggf().contains("RE[+64.00:r]"),
        "{}",
        record.to_ggf()
    );
    assert_round_trip(&record);
    let read = parse_ggf("(;GM[Othello]RE[-12.00:t]B[f5]W[d6];)").unwrap();
    let result = read.game.result().expect("the game ended on time");
    assert_eq!(result.winner(), Some(Color::White));
    assert_eq!(
        result.reason,
        reversi_engine::EndReason::OutOfTime(Color::Black)
    );
    assert_round_trip(&read);
    let mut drawn = Game::from_transcript("f5d6c3", Rules::default()).unwrap();
    drawn.agree_draw().unwrap();
    let record = GgfGame::from_game(&drawn);
    assert!(
        record.to_ggf().contains("RE[+0.00:s]"),
        "{}",
        record.to_ggf()
    );
    let read = parse_ggf(&record.to_ggf()).unwrap();
    assert_eq!(
        read.game.result().map(|result| result.reason),
        Some(reversi_engine::EndReason::DrawAgreed)
    );
    // A game set up with White to move, saved from the middle of its history.
    let start = VariantBoard::standard(&Board::start(Color::White));
    let mut game = Game::from_board(start, Scoring::DiscCount);
    game.play(Move::Play(sq("d6"))).unwrap();
    game.play(Move::Play(sq("c6"))).unwrap();
    game.undo();
    let record = GgfGame::from_game(&game);
    assert!(
        record.to_ggf().contains("O]W[d6]B[c6];)"),
        "{}",
        record.to_ggf()
    );
    assert_round_trip(&record);
}

#[test]
fn line_breaks_and_spaces_between_properties_are_allowed() {
    let text = "(;GM[Othello]\r\nPB[Zoë]PW[Łukasz] TY[8]\r\nBO[8\r\n--------\n--------\n--------\n---O*---\n---*O---\n--------\n--------\n-------- *]\r\n B [f5] W[d6]\r\n;)\r\n\r\n";
    let record = parse_ggf(text).unwrap();
    assert_eq!(record.black.as_deref(), Some("Zoë"));
    assert_eq!(record.white.as_deref(), Some("Łukasz"));
    assert_eq!(record.game.transcript(), "f5d6");
    assert_round_trip(&record);
}

/// A square off the board is named with the board's own range: a1 to p16 on 16x16, a1 to h8
/// (where `i1` is off the board) on 8x8.
#[test]
fn a_square_off_the_board_names_the_boards_range() {
    for (text, message) in [
        (
            "(;GM[Othello]TY[16]B[q1];)",
            "GGF game 1: move 1 at character 20 (B[q1]): 'q1' is not a move: expected a square a1 to p16 or PA",
        ),
        (
            "(;GM[Othello]TY[10]B[k1];)",
            "'k1' is not a move: expected a square a1 to j10 or PA",
        ),
        (
            "(;GM[Othello]TY[10]B[a11];)",
            "'a11' is not a move: expected a square a1 to j10 or PA",
        ),
        (
            "(;GM[Othello]B[i1];)",
            "'i1' is not a move: expected a square a1 to h8 or PA",
        ),
        (
            "(;GM[Othello]TY[4]B[e1];)",
            "'e1' is not a move: expected a square a1 to d4 or PA",
        ),
    ] {
        let error = parse_ggf(text).unwrap_err().to_string();
        assert!(error.ends_with(message), "{text}: {error}");
    }
}

/// A byte-order mark before the first game, as some editors save a file, is skipped.
#[test]
fn a_byte_order_mark_before_the_games_is_skipped() {
    let text = data("passes.ggf");
    let marked = format!("\u{feff}{text}");
    assert_eq!(
        read_ggf_games(&marked).unwrap(),
        read_ggf_games(&text).unwrap()
    );
    // Characters are counted from after it, as an editor shows them.
    let error = parse_ggf("\u{feff}(;GM[Othello]B[f5]W[z9];)")
        .unwrap_err()
        .to_string();
    assert!(error.contains("move 2 at character 19 (W[z9])"), "{error}");
}

/// Move times are read from zero to a day, whatever the file says; values of the GGF text
/// quoted in a message are cut to 80 characters.
#[test]
fn move_times_are_bounded_and_messages_short() {
    let record = parse_ggf("(;GM[Othello]B[f5//1e300]W[d6/1/-7]B[c3//12.5];)").unwrap();
    let times: Vec<Option<f64>> = record.notes.iter().map(|note| note.time).collect();
    assert_eq!(times, [Some(86400.0), Some(0.0), Some(12.5)]);
    assert_round_trip(&record);
    let long = "x".repeat(10_000);
    for text in [
        format!("(;GM[{long}];)"),
        format!("(;GM[Othello]TY[{long}];)"),
        format!("(;GM[Othello]B[{long}];)"),
        format!("(;GM[Othello]B[f5//{long}];)"),
        format!("(;GM[Othello]RE[+2:{long}];)"),
        format!("(;GM[Othello]{}[", "X".repeat(10_000)),
    ] {
        let error = parse_ggf(&text).unwrap_err().to_string();
        assert!(
            error.len() < 300,
            "{} bytes: {}",
            error.len(),
            &error[..300]
        );
        assert!(error.contains("..."), "{error}");
    }
}
