//! Fuzz-style: random and adversarial text into every parser. Each must answer with a value or
//! a typed error, never a panic, and an accepted text must give a consistent game.

mod engine_command;
mod nboard_driver;

use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::Instant;

use engine_command::run_engine;
use nboard_driver::Engine;
use proptest::prelude::*;
use reversi_engine::board::{Board, parse_board_string};
use reversi_engine::book::Book;
use reversi_engine::format::{
    GgfGame, parse_game_text, parse_ggf, parse_transcript, read_ggf_games, write_ggf,
};
use reversi_engine::rng::SplitMix64;
use reversi_engine::search::{CUSTOM_TIME_CAP, Level};
use reversi_engine::variant::{Scoring, Variant, VariantBoard};
use reversi_engine::{Color, Game, Move, Rules, Square};

/// Every parser on one text; checks what holds for any accepted result.
fn parse_everything(text: &str) {
    let _ = text.parse::<Square>();
    let _ = text.parse::<Move>();
    if let Ok(level) = text.parse::<Level>() {
        assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        assert!(level.time_limit() <= CUSTOM_TIME_CAP);
    }
    if let Ok(board) = parse_board_string(text) {
        assert_eq!(board.black & board.white, 0, "{text:?}");
        assert_eq!(parse_board_string(&board.to_board_string()), Ok(board));
    }
    let white_first = VariantBoard::standard(&Board::start(Color::White));
    for start in [
        VariantBoard::start(Variant::OTHELLO),
        white_first,
        VariantBoard::start(Variant::othello(10)),
        VariantBoard::start(Variant::REVERSI_1876),
    ] {
        if let Ok(moves) = parse_transcript(start, text) {
            let mut game = Game::from_board(start, Scoring::DiscCount);
            for mv in moves {
                game.play(mv).expect("parsed moves are legal");
            }
        }
    }
    for variant in [
        Variant::OTHELLO,
        Variant::othello(16),
        Variant::EIGHT_STAR,
        Variant::REVERSI_1876,
    ] {
        let rules = Rules {
            variant,
            ..Rules::default()
        };
        if let Ok(game) = parse_game_text(text, rules) {
            let board = game.board();
            assert!((board.discs(Color::Black) & board.discs(Color::White)).is_empty());
            let _ = game.transcript();
            let _ = game.result();
        }
    }
    if let Ok(games) = read_ggf_games(text) {
        // Every game read is consistent and written back to the same record.
        for record in games {
            assert_eq!(record.notes.len(), record.game.history().len(), "{text:?}");
            let written = write_ggf(&record);
            let again = parse_ggf(&written).expect("a written game reads back");
            assert_eq!(again, record, "{text:?}");
        }
    }
    if let Ok(game) = ron::from_str::<Game>(text) {
        // A loaded game is one that replaying its record gives.
        let again: Game = ron::from_str(&ron::to_string(&game).unwrap()).unwrap();
        assert_eq!(again, game);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_text_is_answered_without_panicking(text in ".*") {
        parse_everything(&text);
    }

    #[test]
    fn texts_made_of_format_characters_are_answered_without_panicking(
        text in "[xXoO*.\\- ;a-hA-Hp1-9,\\n]{0,140}",
    ) {
        parse_everything(&text);
    }

    #[test]
    fn transcript_like_texts_are_read_exactly_or_refused(
        text in "([a-hA-Hi][0-9]{0,3}|[ ,.;\n]|--|pa|PASS|[0-9]{1,3}\\.){0,30}",
    ) {
        parse_everything(&text);
        if let Ok(game) = Game::from_transcript(&text, Rules::default()) {
            // Every square written is a move: as many squares read as written.
            let chars: Vec<char> = text.chars().collect();
            let written = (0..chars.len().saturating_sub(1))
                .filter(|&i| {
                    matches!(chars[i].to_ascii_lowercase(), 'a'..='h')
                        && chars[i + 1].is_ascii_digit()
                        && (i == 0 || !chars[i - 1].eq_ignore_ascii_case(&'p'))
                })
                .count();
            let played = game.moves().iter().filter(|mv| **mv != Move::Pass).count();
            prop_assert_eq!(written, played, "{:?}", text);
            // A square is a letter and one row digit 1-8: `f55` or `a9` is never read as one.
            for i in 0..chars.len().saturating_sub(1) {
                if matches!(chars[i].to_ascii_lowercase(), 'a'..='h') && chars[i + 1].is_ascii_digit() {
                    prop_assert!(('1'..='8').contains(&chars[i + 1]), "{:?}", text);
                    prop_assert!(!chars.get(i + 2).is_some_and(char::is_ascii_digit), "{:?}", text);
                }
            }
            // No move read: only an empty text means the start position.
            prop_assert!(played > 0 || text.trim().is_empty(), "{:?}", text);
        }
    }

    #[test]
    fn ggf_like_texts_are_answered_without_panicking(
        text in "(\\(;|;\\)|[A-Z]{1,2}\\[[^\\]]{0,12}\\]|[BW]\\[([a-hA-H][1-9]|PA|pass)(/[0-9.e+\\-]{0,4}){0,3}\\]|TY\\[s?[0-9]{0,2}[rka]?\\]|RE\\[[+\\-]?[0-9.]{0,5}(:[rtsx])?\\]|BO\\[8 [\\-*O ]{60,68}\\]|C\\[[^\\]]{0,6}\\]|\\\\| |\n){0,30}",
    ) {
        parse_everything(&text);
    }

    #[test]
    fn mangled_ggf_games_are_refused_or_consistent(
        choices in prop::collection::vec(any::<u8>(), 0..40),
        cut in any::<prop::sample::Index>(),
        junk in "[\\[\\]();A-Za-z0-9/ ]{0,4}",
    ) {
        let mut game = Game::default();
        for choice in choices {
            let moves: Vec<Square> = game.board().legal_moves().squares().collect();
            if moves.is_empty() {
                break;
            }
            game.play(Move::Play(moves[usize::from(choice) % moves.len()])).unwrap();
        }
        let text = GgfGame::from_game(&game).to_ggf();
        let read = parse_ggf(&text).unwrap();
        prop_assert_eq!(read.game.history(), game.history());
        let at = cut.index(text.len());
        parse_everything(&format!("{}{junk}{}", &text[..at], &text[at..]));
        parse_everything(&text[..at]);
        parse_everything(&format!("{text}\n{}", &text[..at]));
    }

    #[test]
    fn level_names_are_answered_without_panicking(
        text in "(level ?)?[0-9]{0,4}|[a-zA-Z ]{0,14}",
    ) {
        parse_everything(&text);
    }

    #[test]
    fn near_miss_board_strings_are_answered_without_panicking(
        squares in "[XO\\-*.xoZé ]{60,68}",
        side in "[XOZxo*é ]{0,2}",
        tail in ".{0,10}",
    ) {
        parse_everything(&format!("{squares} {side}{tail}"));
        parse_everything(&format!("{squares}{side}"));
    }

    #[test]
    fn mangled_saved_games_are_refused_or_consistent(
        choices in prop::collection::vec(any::<u8>(), 0..30),
        cut in any::<prop::sample::Index>(),
        junk in ".{0,4}",
    ) {
        let mut game = Game::default();
        for choice in choices {
            let moves: Vec<Square> = game.board().legal_moves().squares().collect();
            if moves.is_empty() {
                break;
            }
            game.play(Move::Play(moves[usize::from(choice) % moves.len()])).unwrap();
        }
        let text = ron::to_string(&game).unwrap();
        let at = cut.index(text.len());
        if text.is_char_boundary(at) {
            parse_everything(&format!("{}{junk}{}", &text[..at], &text[at..]));
            parse_everything(&text[..at]);
        }
    }
}

#[test]
fn adversarial_texts_are_answered_without_panicking() {
    let start = Board::start(Color::Black).to_board_string();
    let huge_transcript = "f5d6c3d3c4f4f6f3e6e7".repeat(50_000);
    let nasties = vec![
        String::new(),
        " ".into(),
        "\0".into(),
        ";".into(),
        "-".into(),
        "--".into(),
        "-- -- --".into(),
        "p".into(),
        "pas".into(),
        "passpass".into(),
        "1.".into(),
        "99999999999999999999999999.".into(),
        "a".into(),
        "a0".into(),
        "h9".into(),
        "é1".into(),
        "f5é".into(),
        "🂡🂡".into(),
        "(".into(),
        "(;".into(),
        "(;;".into(),
        "(;)".into(),
        "(;GM[".into(),
        "(;GM[Othello]B[f5\\".into(),
        "(;GM[Othello]BO[8]".into(),
        "(;GM[Othello]BO[99999999999999999999 *];)".into(),
        "(;GM[Othello]TY[99999999999999999999];)".into(),
        "(;GM[Othello]RE[NaN];)(;GM[Othello]RE[inf];)".into(),
        "(;GM[Othello]B[f5/1e400];)".into(),
        "(;GM[Othello]B[f5]W[f4]B[e3]W[f6]B[d3]W[e6];)".repeat(20_000),
        "\u{202e}f5d6".into(),
        "f\u{0301}5".into(),
        "Ｆ５".into(),
        "x".repeat(64),
        "x".repeat(65),
        "x".repeat(66),
        format!("{} ", "-".repeat(64)),
        format!("{} é", "-".repeat(64)),
        format!("{} XO", "-".repeat(64)),
        format!("{} X O", "-".repeat(64)),
        format!("{}é X", "-".repeat(63)),
        format!("{start};"),
        format!("{start}\n{start}"),
        start.replace(' ', "\t\n"),
        "-".repeat(1_000_000),
        "X".repeat(1_000_000) + " X",
        huge_transcript,
        "1. f5 2. ".repeat(10_000),
        "(rules:(first_to_move:Black,scoring:DiscCount),start:\"\",moves:[],cursor:0)".into(),
        format!(
            "(rules:(first_to_move:Black,scoring:DiscCount),start:\"{start}\",moves:[Play(\"f5\")],cursor:18446744073709551615)"
        ),
        format!(
            "(rules:(first_to_move:Black,scoring:DiscCount),start:\"{start}\",moves:[Pass],cursor:1)"
        ),
        format!(
            "(rules:(first_to_move:Black,scoring:DiscCount),start:\"{start}\",moves:[],cursor:0,ending:Some(NoMoves))"
        ),
    ];
    for text in &nasties {
        parse_everything(text);
    }
    // Once read silently as something else; each is now refused with a message.
    let refused = [
        "f55 d66".to_string(),
        ",".into(),
        "1.".into(),
        "1. 2. 3.".into(),
        format!("{} X", "-".repeat(62)),
        format!("; comment\n{start}"),
        format!("{start} % comment"),
        format!("{start} %"),
    ];
    for text in &refused {
        parse_everything(text);
        assert!(parse_game_text(text, Rules::default()).is_err(), "{text:?}");
    }
    // The tampered records above are all refused.
    for text in &nasties[nasties.len() - 4..] {
        assert!(ron::from_str::<Game>(text).is_err(), "{text}");
    }
}

/// The shipped book's bytes, the start of every mutation below.
const BOOK: &[u8] = include_bytes!("../data/book.bin");

/// A book read from any bytes is one whose moves are legal, and it writes back the same.
fn read_book(bytes: &[u8]) {
    if let Ok(book) = Book::from_bytes(bytes) {
        assert_eq!(book.to_bytes(), bytes);
        if let Some(moves) = book.lookup(&Board::start(Color::Black)) {
            let start = Board::start(Color::Black);
            assert!(moves.iter().all(|m| start.is_legal(m.square)));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_bytes_are_refused_or_read_as_a_book(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        read_book(&bytes);
        let mut headed = b"RVBK\x01\x00".to_vec();
        headed.extend_from_slice(&bytes);
        read_book(&headed);
    }

    #[test]
    fn a_mutated_book_with_a_recomputed_checksum_is_refused_or_consistent(
        at in 0..BOOK.len(),
        value in any::<u8>(),
        cut in 0..BOOK.len(),
    ) {
        let mut bytes = BOOK.to_vec();
        bytes[at] = value;
        read_book(&bytes);
        // Past the checksum: the entries' own checks must hold.
        let n = bytes.len() - 4;
        let sum = reversi_engine::data_file::fnv1a(&bytes[..n]);
        bytes[n..].copy_from_slice(&sum.to_le_bytes());
        read_book(&bytes);
        read_book(&BOOK[..cut]);
    }
}

// The NBoard session and the command line are driven through the real binary, with a seeded
// generator: the same inputs on every run, each target's count printed
// (`cargo test --test fuzz -- --nocapture`).

/// Every line the engine writes in a session starts with one of these.
const NBOARD_REPLIES: [&str; 9] = [
    "set myname ",
    "status",
    "=== ",
    "search ",
    "book ",
    "nodestats ",
    "pong ",
    "analysis ",
    "learned",
];

/// Clocks as a hostile or broken GUI may write them in `TI`, `TB` and `TW`.
const CLOCKS: [&str; 20] = [
    "15:00",
    "5:00//02:00",
    "1e21",
    "1e308:00",
    "99999999999999999999:00",
    "5:1e308",
    "1e308:1e308:1e308",
    "18446744073709551616",
    "inf",
    "-inf",
    "NaN",
    "-5:00",
    "0",
    "1e-308",
    "",
    ":",
    "::::",
    "1:2:3:4:5:6",
    "+7",
    "0x10",
];

/// The lines that once crashed, ended or swelled the session, replayed first every time.
fn nboard_regressions() -> Vec<Vec<u8>> {
    let mut lines: Vec<Vec<u8>> = ["1e21", "1e308:00", "99999999999999999999:00", "5:1e308"]
        .iter()
        .flat_map(|clock| {
            ["TI", "TB", "TW"].map(|property| {
                format!("set game (;GM[Othello]{property}[{clock}]B[f5];)").into_bytes()
            })
        })
        .flat_map(|game| [game, b"go".to_vec()])
        .collect();
    lines.push(b"set game (;GM[Othello]PB[Jos\xe9]B[f5];)".to_vec());
    lines.push(b"go".to_vec());
    lines.push(b"\xff\xfe".to_vec());
    lines.push(vec![b'x'; 1_000_000]);
    lines.push(vec![b'y'; 3 << 20]);
    lines
}

/// A game of random legal moves from the start.
fn random_game(rng: &mut SplitMix64) -> Game {
    let mut game = Game::default();
    for _ in 0..rng.below(61) {
        let moves: Vec<Square> = game.board().legal_moves().squares().collect();
        if moves.is_empty() {
            break;
        }
        game.play(Move::Play(moves[rng.below(moves.len())]))
            .unwrap();
    }
    game
}

/// A number as a GUI might write it, sensible or not.
fn random_number(rng: &mut SplitMix64) -> String {
    match rng.below(6) {
        0 => rng.below(100).to_string(),
        1 => format!("-{}", rng.below(1000)),
        2 => format!("{}.{}", rng.below(100), rng.below(100)),
        3 => format!("1e{}", rng.below(400)),
        4 => "9".repeat(1 + rng.below(40)),
        _ => ["NaN", "inf", "-inf", "+5", "0x1f", ""][rng.below(6)].to_string(),
    }
}

/// Bytes that are not a line end: text, GGF characters and bytes that are not UTF-8.
fn random_bytes(rng: &mut SplitMix64, length: usize) -> Vec<u8> {
    const TEXT: &[u8] = b"abcdefghopqrstz0123456789 ;()[]/\\:*O-.+e";
    (0..length)
        .map(|_| match rng.below(3) {
            0 => 0x80 + rng.below(0x80) as u8,
            1 => rng.below(0x20) as u8,
            _ => TEXT[rng.below(TEXT.len())],
        })
        .map(|byte| if byte == b'\n' { b' ' } else { byte })
        .collect()
}

/// A `set game` line of a random game with a random clock, sometimes damaged.
fn random_set_game(rng: &mut SplitMix64) -> Vec<u8> {
    let mut record = GgfGame::from_game(&random_game(rng));
    let clock = CLOCKS[rng.below(CLOCKS.len())].to_string();
    match rng.below(3) {
        0 => record.time = Some(clock),
        1 => record.black_time = Some(clock),
        _ => record.white_time = Some(clock),
    }
    let mut line = format!("set game {}", record.to_ggf()).into_bytes();
    match rng.below(4) {
        0 => {
            let at = rng.below(line.len());
            line.truncate(at);
        }
        1 => {
            let at = rng.below(line.len());
            let length = 1 + rng.below(6);
            let junk = random_bytes(rng, length);
            line.splice(at..at, junk);
        }
        _ => {}
    }
    line
}

/// One line of a session: mostly commands of the protocol with random arguments, some hostile.
fn random_nboard_line(rng: &mut SplitMix64) -> Vec<u8> {
    let square = |rng: &mut SplitMix64| {
        let column = (b'a' + rng.below(10) as u8) as char;
        format!("{column}{}", rng.below(10))
    };
    let line = match rng.below(16) {
        0 => format!("set depth {}", 1 + rng.below(4)),
        1 | 2 => return random_set_game(rng),
        3 => format!(
            "move {}/{}/{}",
            square(rng),
            random_number(rng),
            random_number(rng)
        ),
        4 => "move PA".to_string(),
        5 | 6 => "go".to_string(),
        7 => format!("hint {}", 1 + rng.below(4)),
        8 => "analyze".to_string(),
        9 => "learn".to_string(),
        10 => format!("set contempt {}", random_number(rng)),
        11 => format!(
            "{} {}",
            ["nboard", "set depth", "hint", "ping", "set", "move"][rng.below(6)],
            random_number(rng)
        ),
        12 => {
            let length = rng.below(40);
            return random_bytes(rng, length);
        }
        13 => {
            ["", " ", "\r", "\t go \r", "GO", "set", "set game", "ping"][rng.below(8)].to_string()
        }
        // Rarely, a line too long to hold or to echo.
        14 if rng.below(20) == 0 => return vec![b'z'; (1 << 20) + 1 + rng.below(1 << 20)],
        14 => return vec![b'q'; 1000 + rng.below(100_000)],
        _ => format!(
            "set game {}",
            GgfGame::from_game(&random_game(rng)).to_ggf()
        ),
    };
    line.into_bytes()
}

/// Checks the lines a session wrote before a `pong`.
fn check_nboard_replies(lines: &[String], context: &str) {
    for line in lines {
        assert!(
            NBOARD_REPLIES.iter().any(|reply| line.starts_with(reply)),
            "{context}: unexpected line {:?}",
            &line[..line.len().min(200)]
        );
        if line.starts_with("status error: ") {
            assert!(line.len() < 400, "{context}: {} bytes echoed", line.len());
        }
        if let Some(reply) = line.strip_prefix("=== ") {
            let mv = reply.split('/').next().unwrap_or("");
            let square = mv.parse::<Square>();
            assert!(
                mv == "PA" || square.is_ok_and(|square| square.is_on_8x8()),
                "{context}: {line}"
            );
        }
    }
}

/// Sends `lines` in one session, synchronising with a ping every few lines and at the end;
/// returns the replies' count and how many of them were moves (`=== `).
fn nboard_session(
    lines: &[Vec<u8>],
    options: &[&str],
    rng: &mut SplitMix64,
    context: &str,
) -> (usize, usize) {
    let mut engine = Engine::start_with(options);
    let (mut replies, mut moves) = (0, 0);
    let mut ping = 1_000_000;
    for (index, line) in lines.iter().enumerate() {
        engine.send_bytes(line);
        if rng.below(4) == 0 || index + 1 == lines.len() {
            ping += 1;
            let answered = engine.sync(ping);
            check_nboard_replies(&answered, &format!("{context}, line {index}"));
            replies += answered.len() + 1;
            moves += answered
                .iter()
                .filter(|line| line.starts_with("=== "))
                .count();
        }
    }
    engine.finish();
    (replies, moves)
}

/// Random and hostile sessions: commands with random arguments, damaged games, huge clocks,
/// bytes that are not UTF-8, over-long lines. The engine answers every ping in order, writes
/// only the protocol's lines, echoes little, and ends with success and no panic.
#[test]
fn nboard_sessions_of_random_and_hostile_lines_are_answered() {
    const SESSIONS: u64 = 30;
    const LINES: usize = 150;
    let started = Instant::now();
    let mut rng = SplitMix64::new(28);
    let regressions = nboard_regressions();
    let (mut replies, mut moves) =
        nboard_session(&regressions, &["--no-book"], &mut rng, "regressions");
    let mut sent = regressions.len();
    for session in 0..SESSIONS {
        let mut rng = SplitMix64::new(session);
        let lines: Vec<Vec<u8>> = (0..LINES).map(|_| random_nboard_line(&mut rng)).collect();
        let options: &[&str] = if session % 2 == 0 {
            &[]
        } else {
            &["--no-book"]
        };
        let (answered, played) =
            nboard_session(&lines, options, &mut rng, &format!("session {session}"));
        sent += lines.len();
        replies += answered;
        moves += played;
    }
    println!(
        "nboard fuzz: {sent} lines in {} sessions, {replies} replies ({moves} moves), {:.1} s",
        SESSIONS + 1,
        started.elapsed().as_secs_f64()
    );
}

/// A numeric option in a command line that ends at once whatever value it accepts (a finished
/// position, an evaluation file that does not exist, a book that cannot be written).
struct NumericOption {
    /// The command line up to the value.
    before: Vec<String>,
    /// The rest of the command line.
    after: Vec<String>,
    /// The values it accepts (others are refused with exit status 2).
    accepted: RangeInclusive<u128>,
    /// The exit status once the value is accepted.
    status: i32,
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// Every numeric option of every command, in a context where an accepted value ends the command
/// at once: `W` stands for an evaluation file that does not exist (exit status 1), `FINISHED`
/// for a finished game, `POSITIONS` for a file of it, `GAMES` for a GGF file of three games.
fn numeric_options(positions: &str) -> Vec<NumericOption> {
    const ANY: RangeInclusive<u128> = 0..=u64::MAX as u128;
    const SOME: RangeInclusive<u128> = 1..=u64::MAX as u128;
    const FINISHED: &str = "----X------X-----XXXX------XXX-----XX------X-------X------------ O";
    let games = [
        env!("CARGO_MANIFEST_DIR"),
        "tests",
        "data",
        "ggf",
        "passes.ggf",
    ]
    .iter()
    .collect::<PathBuf>();
    let nowhere = std::env::temp_dir().join("reversi-no-such-folder/book.bin");
    let table: [(&str, &str, RangeInclusive<u128>, i32); 30] = [
        ("perft", "--position FINISHED", 0..=20, 0),
        ("show --ggf GAMES --game", "", 1..=3, 0),
        ("best --level 1 --eval W --ggf GAMES --game", "", 1..=3, 1),
        ("best --eval W --level", "FINISHED", 1..=60, 1),
        ("best FINISHED --eval W --level", "", 1..=60, 1),
        ("analyze FINISHED --eval W --level", "", 1..=60, 1),
        ("best --eval W --seed", "FINISHED", ANY, 1),
        ("best FINISHED --eval W --seed", "", ANY, 1),
        ("best FINISHED --eval W --threads", "", 1..=256, 1),
        ("best FINISHED --eval W --hash-mb", "", ANY, 1),
        ("best --eval W --hash-mb", "FINISHED", ANY, 1),
        ("solve --hash-mb 1 --count", "POSITIONS", ANY, 0),
        ("solve --hash-mb 1 --threads", "POSITIONS", 1..=256, 0),
        ("solve --eval W --hash-mb", "POSITIONS", ANY, 1),
        ("selfplay --a 1 --b 1 --eval-a W --games", "", SOME, 1),
        (
            "selfplay --games 2 --a 1 --b 1 --eval-a W --seed",
            "",
            ANY,
            1,
        ),
        (
            "selfplay --games 2 --a 1 --b 1 --eval-a W --hash-mb",
            "",
            1..=65536,
            1,
        ),
        ("selfplay --games 2 --b 1 --eval-a W --a", "", 1..=60, 1),
        ("match --eval-a W --games", "", SOME, 1),
        ("match --eval-a W --depth", "", 1..=60, 1),
        ("match --eval-a W --exact-empties", "", 0..=36, 1),
        ("match --eval-a W --seed", "", ANY, 1),
        ("match --eval-a W --hash-mb", "", 1..=65536, 1),
        ("match --eval-a W --move-time-ms", "", 1..=86_400_000, 1),
        ("nboard --eval W --threads", "", 1..=256, 1),
        ("nboard --eval W --hash-mb", "", ANY, 1),
        (
            "book build --out NOWHERE --hash-mb 1 --depth",
            "",
            1..=60,
            1,
        ),
        (
            "book build --out NOWHERE --hash-mb 1 --window",
            "",
            0..=64,
            1,
        ),
        (
            "book build --out NOWHERE --hash-mb 1 --positions",
            "",
            ANY,
            1,
        ),
        ("book build --out NOWHERE --hash-mb 1 --seed", "", ANY, 1),
    ];
    let fill = |text: &str| -> Vec<String> {
        words(text)
            .into_iter()
            .map(|word| match word.as_str() {
                "W" => "weights:/nonexistent/weights.bin".to_string(),
                "FINISHED" => FINISHED.to_string(),
                "POSITIONS" => positions.to_string(),
                "GAMES" => games.display().to_string(),
                "NOWHERE" => nowhere.display().to_string(),
                _ => word,
            })
            .collect()
    };
    table
        .into_iter()
        .map(|(before, after, accepted, status)| NumericOption {
            before: fill(before),
            after: fill(after),
            accepted,
            status,
        })
        .collect()
}

/// Values for an option accepting `accepted`: its bounds and their neighbours, the limits of
/// the machine's integers, random numbers in and out of the range, and numbers written with a
/// sign, a space, a point, an exponent or digits of other scripts.
fn numeric_values(rng: &mut SplitMix64, accepted: &RangeInclusive<u128>) -> Vec<String> {
    let (low, high) = (*accepted.start(), *accepted.end());
    let mut values: Vec<String> = [low, high, high + 1, 0, 1, 1 << 63, u64::MAX as u128]
        .iter()
        .map(u128::to_string)
        .collect();
    values.extend([
        (u64::MAX as u128 + 1).to_string(),
        "9".repeat(30),
        format!("000{low}"),
    ]);
    if low > 0 {
        values.push((low - 1).to_string());
    }
    for _ in 0..4 {
        let span = (high - low).min(u64::MAX as u128 - 1) + 1;
        values.push((low + u128::from(rng.next_u64()) % span).to_string());
    }
    for _ in 0..3 {
        let length = 1 + rng.below(25);
        values.push(
            (0..length)
                .map(|_| char::from(b'0' + rng.below(10) as u8))
                .collect(),
        );
    }
    const PREFIXES: [&str; 8] = ["+", "-", " ", "0x", "\u{663}", "\u{ff11}", "--", ""];
    const SUFFIXES: [&str; 8] = [".0", "e3", " ", "_000", "k", "\u{301}", ",5", ""];
    for _ in 0..6 {
        let prefix = PREFIXES[rng.below(PREFIXES.len())];
        let suffix = match SUFFIXES[rng.below(SUFFIXES.len())] {
            "" if prefix.is_empty() => "+",
            suffix => suffix,
        };
        values.push(format!("{prefix}{}{suffix}", rng.below(100)));
    }
    values.push(String::new());
    values
}

/// The number of `value` when it is plain digits.
fn plain_number(value: &str) -> Option<u128> {
    let digits = !value.is_empty() && value.bytes().all(|byte| byte.is_ascii_digit());
    digits.then(|| value.parse().ok()).flatten()
}

/// Every numeric option of the command line, given random, signed, huge and malformed values:
/// plain digits in the option's range are accepted, anything else is refused with exit status
/// 2, and nothing panics or runs on.
#[test]
fn numeric_options_accept_plain_digits_in_range_and_refuse_the_rest() {
    let started = Instant::now();
    let positions =
        std::env::temp_dir().join(format!("reversi-fuzz-{}-finished.obf", std::process::id()));
    std::fs::write(
        &positions,
        "----X------X-----XXXX------XXX-----XX------X-------X------------ O\n",
    )
    .unwrap();
    let mut rng = SplitMix64::new(28);
    let (mut tried, mut taken) = (0, 0);
    // Once taken (`+3` as 3) or run without end; each is refused now.
    let regressions = [
        "perft +3",
        "match --move-time-ms 9223372036854775808",
        "match --move-time-ms 18446744073709551615",
        "match --exact-empties 99",
        "match --depth 200",
    ];
    for line in regressions {
        let output = run_engine(&words(line));
        assert_eq!(output.status.code(), Some(2), "{line}");
        tried += 1;
    }
    for option in numeric_options(positions.to_str().unwrap()) {
        for value in numeric_values(&mut rng, &option.accepted) {
            let mut args = option.before.clone();
            args.push(value.clone());
            args.extend(option.after.iter().cloned());
            let output = run_engine(&args);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
            let accepted = plain_number(&value).is_some_and(|n| option.accepted.contains(&n));
            let expected = if accepted { option.status } else { 2 };
            assert_eq!(output.status.code(), Some(expected), "{args:?}: {stderr}");
            tried += 1;
            taken += usize::from(accepted);
        }
    }
    let _ = std::fs::remove_file(&positions);
    println!(
        "numeric options fuzz: {tried} command lines ({taken} values accepted), {:.1} s",
        started.elapsed().as_secs_f64()
    );
}
