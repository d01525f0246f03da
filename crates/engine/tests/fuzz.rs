//! Fuzz-style: random and adversarial text into every parser. Each must answer with a value or
//! a typed error, never a panic, and an accepted text must give a consistent game.

use proptest::prelude::*;
use reversi_engine::book::Book;
use reversi_engine::format::{
    GgfGame, parse_board_string, parse_ggf, parse_transcript, read_ggf_games, write_ggf,
};
use reversi_engine::search::CUSTOM_TIME_CAP;
use reversi_engine::variant::{Variant, VariantBoard};
use reversi_engine::{Board, Color, Game, Level, Move, Rules, Scoring, Square, parse_game_text};

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
