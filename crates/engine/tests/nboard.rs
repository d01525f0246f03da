//! `reversi-engine nboard` driven as NBoard drives it: a line, then the replies, through pipes.

mod nboard_driver;

use std::thread;
use std::time::Duration;

use nboard_driver::Engine;
use reversi_engine::{Game, Move, Rules, Square};

const START: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[test]PW[test]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *];)";

fn with_moves(moves: &str) -> String {
    START.replace(";)", &format!("{moves};)"))
}

#[test]
fn a_whole_game_is_played_through_the_protocol() {
    let mut engine = Engine::start();
    engine.send("set depth 2");
    engine.send(&format!("set game {START}"));
    let mut game = Game::new(Rules::default());
    let mut ping = 0;
    let mut searched = 0;
    while !game.is_over() {
        ping += 1;
        assert_eq!(engine.sync(ping), Vec::<String>::new());
        engine.send("go");
        let mut lines = engine.until("=== ");
        let reply = lines.pop().unwrap();
        // A searched move is preceded by `nodestats NODES SECONDS`.
        for line in lines.iter().filter(|line| line.starts_with("nodestats ")) {
            let fields: Vec<&str> = line.split(' ').collect();
            assert_eq!(fields.len(), 3, "{line}");
            assert!(
                fields[1].parse::<u64>().is_ok_and(|nodes| nodes > 0),
                "{line}"
            );
            assert!(fields[2].parse::<f64>().is_ok(), "{line}");
            searched += 1;
        }
        // `=== f5/1.00/0.01`: the move, its evaluation and the seconds it took.
        // A pass is forced: `=== PA` alone.
        let fields: Vec<&str> = reply["=== ".len()..].split('/').collect();
        let mv: Move = fields[0].parse().unwrap();
        if mv == Move::Pass {
            assert_eq!(fields.len(), 1, "{reply}");
            assert!(game.board().must_pass(), "{reply}");
        } else {
            assert_eq!(fields.len(), 3, "{reply}");
            assert!(fields[1].parse::<f64>().is_ok(), "{reply}");
            assert!(fields[2].parse::<f64>().is_ok(), "{reply}");
        }
        game.play(mv)
            .unwrap_or_else(|error| panic!("{reply}: {error}"));
        engine.send(&format!("move {}", &reply["=== ".len()..]));
    }
    assert!(game.result().is_some());
    assert!(searched > 0, "the moves out of the book are searched");
    engine.send("go");
    let lines = engine.sync(1000);
    assert_eq!(
        lines,
        ["status error: the game is over: there is no move to search"]
    );
    // Without a file of learned games nothing is learned, and the engine says so.
    engine.send("learn");
    assert_eq!(
        engine.until("learned"),
        [
            "status no game is learned without --learn-file FILE",
            "learned"
        ]
    );
    engine.finish();
}

/// The search lines of a hint: `search <move> <eval> 0 <depth>`, as (move, eval, depth).
fn search_lines(lines: &[String]) -> Vec<(String, f64, String)> {
    lines
        .iter()
        .filter(|line| line.starts_with("search "))
        .map(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            assert_eq!(fields[3], "0", "{line}");
            (
                fields[1].to_string(),
                fields[2].parse().unwrap(),
                fields[4].to_string(),
            )
        })
        .collect()
}

/// The lines of a hint or an analysis: up to the `status` line that clears the status.
fn until_done(engine: &Engine) -> Vec<String> {
    let mut lines = Vec::new();
    loop {
        let line = engine.next();
        let done = line == "status";
        lines.push(line);
        if done {
            return lines;
        }
    }
}

#[test]
fn hints_give_the_best_moves_as_the_search_deepens_and_exact_scores_at_the_end() {
    // The position is in the opening book: searched only without it.
    let mut engine = Engine::start_with(&["--no-book"]);
    engine.send("set depth 4");
    let game = Game::from_transcript("f5d6c3d3c4", Rules::default()).unwrap();
    let legal: Vec<String> = game
        .board()
        .legal_moves()
        .squares()
        .map(|square| square.to_string())
        .collect();
    engine.send(&format!(
        "set game {}",
        with_moves("B[F5]W[D6]B[C3//1.5]W[D3]B[C4]")
    ));
    engine.send("hint 3");
    let lines = until_done(&engine);
    assert_eq!(lines[0], "status analysing");
    let hints = search_lines(&lines);
    // Three moves at each depth 1 to 4, best first.
    assert_eq!(hints.len(), 12, "{lines:?}");
    for (depth, group) in hints.chunks(3).enumerate() {
        assert!(group.iter().all(|(_, _, d)| *d == (depth + 1).to_string()));
        assert!(
            group.windows(2).all(|pair| pair[0].1 >= pair[1].1),
            "{group:?}"
        );
        for (mv, _, _) in group {
            assert!(legal.contains(mv), "{mv} is not legal: {legal:?}");
        }
    }
    // Near the end the scores are exact (`100%`) and the deepening stops there.
    let game = Game::from_transcript(
        "c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5f7g7f6f2c8h6h4g4h3b8f8e6g3b2f1b4h7g1a4g8h8b5a1e8d8d7a8c2h1b1h2a3c1b7a2d2",
        Rules::default(),
    )
    .unwrap();
    let record = reversi_engine::format::GgfGame::from_game(&game);
    engine.send(&format!("set game {}", record.to_ggf()));
    engine.send("hint 2");
    let lines = until_done(&engine);
    let hints = search_lines(&lines);
    assert_eq!(hints.len(), 2, "{lines:?}");
    assert!(
        hints.iter().all(|(_, _, depth)| depth == "100%"),
        "{lines:?}"
    );
    engine.finish();
}

#[test]
fn ping_stops_a_search_and_is_answered_after_its_last_reply() {
    let mut engine = Engine::start_with(&["--no-book"]);
    engine.send("set depth 60");
    engine.send(&format!("set game {START}"));
    engine.send("hint 1");
    assert_eq!(engine.next(), "status analysing");
    thread::sleep(Duration::from_millis(200));
    let lines = engine.sync(7);
    assert_eq!(
        lines.last().map(String::as_str),
        Some("status"),
        "{lines:?}"
    );
    // A `go` stopped by a ping still names its move, before the pong.
    engine.send("go");
    assert_eq!(engine.next(), "status thinking");
    let lines = engine.sync(8);
    assert!(
        lines.last().is_some_and(|line| line.starts_with("=== ")),
        "{lines:?}"
    );
    // The end of the input during a search ends the session quietly.
    engine.send("hint 1");
    engine.finish();
}

#[test]
fn malformed_commands_get_an_error_line_and_change_nothing() {
    let mut engine = Engine::start();
    engine.send("set depth 1");
    engine.send(&format!("set game {}", with_moves("B[f5]")));
    let malformed = [
        ("fly away", "unknown command 'fly'"),
        ("set depth", "'set depth' needs a depth from 1 to 60"),
        ("set depth -3", "'set depth': '-3' is not a depth"),
        ("set game", "'set game' needs a game in GGF"),
        ("set game (;GM[Othello]B[f5]", "is cut short"),
        (
            "set game (;GM[Othello]TY[10]BO[10 ---------- *];)",
            "expected 100 squares",
        ),
        (
            "set game (;GM[Othello]TY[10];)",
            "'set game': 'a game of othello-10' is not an 8x8 Othello game",
        ),
        ("move", "'move' needs a move"),
        ("move z9", "'move': 'z9' is not a move"),
        ("move a1", "'move a1': a1 flips nothing"),
        ("move f4/abc", "'move': 'f4/abc' is not a move"),
        ("hint", "'hint' needs a number of moves"),
        ("hint -1", "'hint': '-1' is not a number of moves"),
        ("ping", "'ping' needs a whole number"),
        ("set contempt x", "'set contempt': 'x' is not a number"),
        ("\u{0}\u{7f}é", "unknown command"),
    ];
    for (line, message) in malformed {
        engine.send(line);
        let reply = engine.next();
        assert!(reply.starts_with("status error: "), "{line}: {reply}");
        assert!(reply.contains(message), "{line}: {reply}");
    }
    engine.send("nboard 3");
    assert_eq!(engine.next(), "set myname Reversi3D");
    assert!(engine.next().contains("protocol version 3 is not known"));
    // The game is still f5, with White to move: d6 is legal.
    engine.send("move d6");
    engine.send("go");
    let reply = engine.until("=== ").pop().unwrap();
    let game = Game::from_transcript("f5d6", Rules::default()).unwrap();
    let mv: Square = reply[4..6].parse().unwrap();
    assert!(game.board().is_legal(mv), "{reply}");
    assert_eq!(engine.sync(1), Vec::<String>::new());
    engine.finish();
}

#[test]
fn analyze_evaluates_every_position_from_the_end_back() {
    let mut engine = Engine::start();
    engine.send("set depth 2");
    engine.send(&format!("set game {}", with_moves("B[f5]W[d6]B[c3]")));
    engine.send("analyze");
    let lines = until_done(&engine);
    let numbers: Vec<&str> = lines
        .iter()
        .filter_map(|line| line.strip_prefix("analysis "))
        .map(|rest| {
            let (number, eval) = rest.split_once(' ').unwrap();
            assert!(eval.parse::<f64>().is_ok(), "{rest}");
            number
        })
        .collect();
    assert_eq!(numbers, ["3", "2", "1", "0"], "{lines:?}");
    engine.finish();
}

#[test]
fn in_the_book_hints_and_go_answer_with_book_lines_at_once() {
    let mut engine = Engine::start();
    engine.send("set depth 60");
    engine.send(&format!("set game {}", with_moves("B[f5]W[d6]")));
    engine.send("hint 3");
    let lines = until_done(&engine);
    // `book <move> <eval> <games> <depth>`: the three best book moves, best first.
    let book: Vec<Vec<&str>> = lines
        .iter()
        .filter(|line| line.starts_with("book "))
        .map(|line| line.split(' ').collect())
        .collect();
    assert_eq!(book.len(), 3, "{lines:?}");
    assert!(search_lines(&lines).is_empty(), "{lines:?}");
    let game = Game::from_transcript("f5d6", Rules::default()).unwrap();
    let evals: Vec<f64> = book
        .iter()
        .map(|fields| fields[2].parse().unwrap())
        .collect();
    assert!(evals.windows(2).all(|pair| pair[0] >= pair[1]), "{lines:?}");
    for fields in &book {
        assert!(
            game.board().is_legal(fields[1].parse().unwrap()),
            "{fields:?}"
        );
        assert_eq!(fields[3], "0");
        assert!(fields[4].parse::<u32>().unwrap() >= 1, "{fields:?}");
    }
    // `go` plays the best book move without searching a depth of 60.
    engine.send("go");
    let lines = engine.until("=== ");
    let reply = lines.last().unwrap();
    assert!(
        reply.starts_with(&format!("=== {}/", book[0][1])),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|line| line.starts_with("book ")),
        "{lines:?}"
    );
    engine.finish();
}

/// Sends `learn` for the game of `moves` and returns the status line saying how many positions
/// were added.
fn learn(engine: &mut Engine, moves: &str) -> String {
    engine.send(&format!("set game {}", with_moves(moves)));
    engine.send("learn");
    let lines = engine.until("learned");
    lines
        .iter()
        .find(|line| line.starts_with("status learned "))
        .unwrap_or_else(|| panic!("{lines:?}"))
        .clone()
}

/// A scratch file path for one test, removed first.
fn scratch_file(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("reversi-nboard-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// `learn` adds the game's positions to the file of learned games; the next session answers
/// `hint` and `go` from it at once (book lines, no search) in those positions and their images.
#[test]
fn a_learned_game_is_answered_from_the_book_in_the_next_session() {
    let file = scratch_file("learned.book");
    let learn_file = file.to_str().unwrap();
    // Without the shipped book, so that these positions are new to the engine.
    let mut engine = Engine::start_with(&["--no-book", "--learn-file", learn_file]);
    engine.send("set depth 3");
    let game = "B[f5]W[d6]B[c3]W[d3]B[c4]";
    assert!(learn(&mut engine, game).starts_with("status learned 6 new positions"));
    engine.finish();
    assert!(file.exists());

    let mut engine = Engine::start_with(&["--no-book", "--learn-file", learn_file]);
    engine.send("set depth 20");
    // After f5 d6 c3: learned (searched 3 plies), so answered at once although depth 20 is set.
    engine.send(&format!("set game {}", with_moves("B[f5]W[d6]B[c3]")));
    engine.send("hint 2");
    let lines = until_done(&engine);
    assert_eq!(
        lines
            .iter()
            .filter(|line| line.starts_with("book "))
            .count(),
        2,
        "{lines:?}"
    );
    assert!(search_lines(&lines).is_empty(), "{lines:?}");
    engine.send("go");
    let lines = engine.until("=== ");
    assert!(
        lines.iter().any(|line| line.starts_with("book ")),
        "{lines:?}"
    );
    // Learning the same game again adds nothing.
    assert!(learn(&mut engine, game).starts_with("status learned 0 new positions"));
    engine.finish();
    let _ = std::fs::remove_file(&file);
}

/// A file that is not a book of learned games is reported, left as it is, and not learned into.
#[test]
fn a_damaged_file_of_learned_games_is_reported_and_kept() {
    let file = scratch_file("damaged.book");
    std::fs::write(&file, b"not a book").unwrap();
    let mut engine = Engine::start_with(&["--learn-file", file.to_str().unwrap()]);
    let lines = engine.sync(1);
    assert!(
        lines.iter().any(|line| line.starts_with("status error: ")
            && line.contains("is not a book of learned games")),
        "{lines:?}"
    );
    engine.send("learn");
    assert_eq!(
        engine.until("learned").last().map(String::as_str),
        Some("learned")
    );
    engine.finish();
    assert_eq!(std::fs::read(&file).unwrap(), b"not a book");
    let _ = std::fs::remove_file(&file);
}

/// Clocks of any size from the GUI are read as at most a day: `go` thinks within it and a ping
/// still stops it, where the engine once crashed converting the clock to a duration.
#[test]
fn huge_negative_and_unreadable_clocks_leave_the_engine_answering() {
    let mut engine = Engine::start_with(&["--no-book"]);
    let mut ping = 0;
    for clock in [
        "1e21",
        "1e308:00",
        "99999999999999999999:00",
        "5:1e308",
        "inf",
        "NaN",
        "-5:00",
        "-inf",
    ] {
        for property in ["TI", "TB", "TW"] {
            let game =
                with_moves("B[f5]W[d6]").replace("TI[15:00]", &format!("{property}[{clock}]"));
            engine.send(&format!("set game {game}"));
            engine.send("go");
            ping += 1;
            let lines = engine.sync(ping);
            assert!(
                lines.iter().any(|line| line.starts_with("=== ")),
                "{property}[{clock}]: {lines:?}"
            );
        }
    }
    // Move times as large, from the file and from the GUI, are bounded as well.
    engine.send(&format!("set game {}", with_moves("B[f5//1e300]W[d6//-7]")));
    engine.send("move c3//1e308");
    engine.send("move d3/0.5/1e300");
    engine.send("go");
    let lines = engine.sync(1000);
    assert!(
        lines.iter().any(|line| line.starts_with("=== ")),
        "{lines:?}"
    );
    engine.finish();
}

/// A line that is not UTF-8 (an old GGF game's Latin-1 player name) is read like any other, its
/// bad bytes replaced: the session goes on, where it once ended silently.
#[test]
fn lines_that_are_not_utf8_are_read_and_the_session_goes_on() {
    let mut engine = Engine::start();
    engine.send_bytes(b"fly \xff\xfe away");
    let reply = engine.next();
    assert!(
        reply.starts_with("status error: unknown command 'fly'"),
        "{reply}"
    );
    engine.send_bytes(b"\xe9\xe8");
    let reply = engine.next();
    assert!(
        reply.starts_with("status error: unknown command '\u{fffd}\u{fffd}'"),
        "{reply}"
    );
    let game = with_moves("B[f5]").replace("PB[test]", "PB[Jos@ Mar@a]");
    // The name in Latin-1: é is the byte E9, which UTF-8 never has alone.
    let latin1: Vec<u8> = format!("set game {game}")
        .bytes()
        .map(|byte| if byte == b'@' { 0xe9 } else { byte })
        .collect();
    engine.send_bytes(&latin1);
    engine.send("go");
    let reply = engine.until("=== ").pop().unwrap();
    let game = Game::from_transcript("f5", Rules::default()).unwrap();
    let mv: Square = reply[4..6].parse().unwrap();
    assert!(game.board().is_legal(mv), "{reply}");
    assert_eq!(engine.sync(1), Vec::<String>::new());
    engine.finish();
}

/// Replies repeat at most 80 characters of what the GUI sent, and a line longer than a mebibyte
/// is refused without being held whole; the session goes on either way.
#[test]
fn huge_lines_are_refused_and_never_echoed_whole() {
    let mut engine = Engine::start();
    let unknown = "x".repeat(1_000_000);
    engine.send(&unknown);
    let reply = engine.next();
    assert!(
        reply.starts_with("status error: unknown command 'xxxx") && reply.contains("...'"),
        "{}",
        &reply[..reply.len().min(200)]
    );
    assert!(reply.len() < 200, "{} bytes echoed", reply.len());
    for line in [
        format!("hint {}", "9".repeat(100_000)),
        format!("set depth {}", "9".repeat(100_000)),
        format!("set game (;GM[{}];)", "Go".repeat(100_000)),
        format!("set game (;GM[Othello]B[{}];)", "z".repeat(100_000)),
        format!("set {}", "colour".repeat(100_000)),
    ] {
        engine.send(&line);
        let reply = engine.next();
        assert!(reply.starts_with("status error: "), "{}", &reply[..200]);
        assert!(reply.len() < 300, "{} bytes echoed", reply.len());
    }
    engine.send(&"y".repeat(3 << 20));
    assert_eq!(
        engine.next(),
        "status error: a line longer than 1048576 bytes (ignored)"
    );
    // The rest of the long line was skipped, not read as commands.
    assert_eq!(engine.sync(1), Vec::<String>::new());
    engine.send(&format!("set game {}", with_moves("B[f5]")));
    engine.send("go");
    assert!(engine.until("=== ").pop().is_some());
    engine.finish();
}

/// A file of learned games that is a FIFO would never be read to its end: the engine says so
/// once the GUI introduces itself, and answers as without the file.
#[cfg(unix)]
#[test]
fn a_fifo_as_the_file_of_learned_games_is_reported_and_the_session_goes_on() {
    let fifo = scratch_file("learned.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let mut engine = Engine::start_with(&["--learn-file", fifo.to_str().unwrap()]);
    let lines = engine.sync(1);
    assert!(
        lines.iter().any(
            |line| line.starts_with("status error: ") && line.contains("is not a regular file")
        ),
        "{lines:?}"
    );
    engine.send("learn");
    assert_eq!(
        engine.until("learned").last().map(String::as_str),
        Some("learned")
    );
    engine.finish();
    let _ = std::fs::remove_file(&fifo);
}
