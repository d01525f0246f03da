//! Text formats: move transcripts (`f5d6c3...`), board strings / OBF lines and GGF game records.
//! Every parser returns a typed error that says what is wrong and where; none panics, whatever
//! the input.

mod ggf;
mod transcript;

pub use ggf::{
    Ending, GgfError, GgfErrorKind, GgfGame, GgfResult, LONGEST_CLOCK, MoveNote, bounded_seconds,
    parse_clock, parse_ggf, read_ggf_games, write_ggf,
};
pub use transcript::{IllegalMoveReason, TranscriptError, parse_transcript, write_transcript};

use std::borrow::Cow;

use thiserror::Error;

use crate::board::without_byte_order_mark;
use crate::game::{Game, Rules};
use crate::variant::{Variant, VariantBoardError, parse_variant_board, variant_board_string};

/// The most characters of a text read that a message repeats.
pub const EXCERPT_CHARS: usize = 80;

/// `text` as a message repeats it: its first [`EXCERPT_CHARS`] characters, then `...` when there
/// is more, so that a message about a huge input is never huge itself.
pub fn excerpt(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(EXCERPT_CHARS) {
        Some((end, _)) => Cow::Owned(format!("{}...", &text[..end])),
        None => Cow::Borrowed(text),
    }
}

/// Why a game text (board string or transcript) cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FormatError {
    #[error(transparent)]
    Board(#[from] VariantBoardError),
    #[error(transparent)]
    Transcript(#[from] TranscriptError),
    #[error(transparent)]
    Ggf(#[from] GgfError),
}

/// Reads what a user pastes or types: a GGF game (`(;GM[Othello]...;)`, its own start position
/// and rules), a board string / OBF line of the rules' variant (`<64 squares> <X|O>` on the
/// standard board, a set-up position with no moves) or a move transcript from the variant's
/// start (`f5d6c3`, `1. f5 2. d6`).
///
/// A variant's name and a colon before a transcript or board string (`othello-10: e4 f4`) play it
/// on that variant instead of the rules' (see [`write_game_text`]).
///
/// A text starting with a square character (`X`, `O`, `-`, `*`, `.`, either case) or a `;`
/// comment is a board string, except `--` followed by anything but a square character, which is a
/// transcript opening with a pass. An empty text is the start position.
pub fn parse_game_text(text: &str, rules: Rules) -> Result<Game, FormatError> {
    let text = without_byte_order_mark(text);
    let (rules, text) = match named_variant(text) {
        Some((variant, rest)) => (Rules { variant, ..rules }, rest),
        None => (rules, text),
    };
    if text.trim_start().starts_with('(') {
        Ok(parse_ggf(text)?.game)
    } else if looks_like_board_string(text) {
        let board = parse_variant_board(rules.variant, text)?;
        Ok(Game::from_board(board, rules.scoring))
    } else {
        Game::from_transcript(text, rules)
    }
}

/// A game's text for the clipboard and for people: its transcript, after the variant's name when
/// it is not standard Othello (`othello-10: e4f4g5`), which [`parse_game_text`] reads back.
/// Combinations of rules that have no name are left to the reader's own rules.
pub fn write_game_text(game: &Game) -> String {
    let transcript = game.transcript();
    let variant = game.rules().variant;
    match variant.preset_name() {
        Some(name) if !variant.same_rules_as(&Variant::OTHELLO) => format!("{name}: {transcript}"),
        _ => transcript,
    }
}

/// The position on the board as a board string with the side to move, after the variant's name
/// when it is not standard Othello (`othello-6: ------ ... X`), which [`parse_game_text`] reads
/// back as a set-up position. Positions of rules that have no name are left to the reader's own
/// rules, as for [`write_game_text`].
pub fn write_position_text(game: &Game) -> String {
    let board = variant_board_string(&game.board());
    let variant = game.rules().variant;
    match variant.preset_name() {
        Some(name) if !variant.same_rules_as(&Variant::OTHELLO) => format!("{name}: {board}"),
        _ => board,
    }
}

/// The variant named before a colon at the start of `text`, and the rest of the text.
fn named_variant(text: &str) -> Option<(Variant, &str)> {
    let (name, rest) = text.split_once(':')?;
    let variant = name.trim().parse::<Variant>().ok()?;
    Some((variant, rest))
}

fn looks_like_board_string(text: &str) -> bool {
    let mut chars = text.trim_start().chars();
    match (chars.next(), chars.next(), chars.next()) {
        // A comment first: the board string parser says what is wrong.
        (Some(';'), ..) => true,
        // `--` opens a transcript with a pass unless a square character follows.
        (Some('-'), Some('-'), third) => third.is_some_and(is_square_character),
        (Some(first), ..) => is_square_character(first),
        (None, ..) => false,
    }
}

fn is_square_character(c: char) -> bool {
    matches!(c, 'X' | 'x' | 'O' | 'o' | '*' | '.' | '-')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::parse_board_string;
    use crate::color::Color;

    #[test]
    fn game_text_is_a_board_string_or_a_transcript() {
        let game = parse_game_text("1. F5 2. d6, 3.c3", Rules::default()).unwrap();
        assert_eq!(game.transcript(), "f5d6c3");
        let start = crate::board::Board::start(Color::White).to_board_string();
        let game =
            parse_game_text(&format!("  {start} ; from the start"), Rules::default()).unwrap();
        assert_eq!(
            game.standard_board(),
            Some(crate::board::Board::start(Color::White))
        );
        assert!(game.moves().is_empty());
    }

    #[test]
    fn a_variant_named_before_the_moves_is_the_one_played() {
        let rules = crate::game::Rules {
            variant: Variant::othello(10),
            ..Rules::default()
        };
        let game = Game::from_transcript("e4f4g5", rules).unwrap();
        let text = write_game_text(&game);
        assert_eq!(text, "othello-10: e4f4g5");
        let read = parse_game_text(&text, Rules::default()).unwrap();
        assert_eq!(read.rules().variant, Variant::othello(10));
        assert_eq!(read.moves(), game.moves());
        assert_eq!(write_game_text(&Game::default()), "");
        let board = "------ ------ --OX-- --XO-- ------ ------ X";
        let small = parse_game_text(&format!("othello-6: {board}"), Rules::default()).unwrap();
        assert_eq!(small.rules().variant.size, 6);
        // A board string's comment may hold a colon: it names no variant.
        let start = crate::board::Board::start(crate::color::Color::Black).to_board_string();
        let commented = parse_game_text(&format!("{start} ; best: f5"), Rules::default()).unwrap();
        assert_eq!(commented.rules().variant, Variant::OTHELLO);
    }

    #[test]
    fn a_copied_position_reads_back_as_the_same_position_and_side_to_move() {
        for (variant, moves) in [
            (Variant::OTHELLO, "f5d6c3"),
            (Variant::othello(10), "e4f4g5"),
            (Variant::REVERSI_1876, "d4e4d5e5c3"),
        ] {
            let rules = Rules {
                variant,
                ..Rules::default()
            };
            let game = Game::from_transcript(moves, rules).unwrap();
            let text = write_position_text(&game);
            let read = parse_game_text(&text, Rules::default()).unwrap();
            assert_eq!(read.board(), game.board(), "{text}");
            assert!(read.moves().is_empty(), "{text}");
        }
        let standard = Game::from_transcript("f5", Rules::default()).unwrap();
        assert!(write_position_text(&standard).ends_with(" O"));
    }

    #[test]
    fn excerpts_keep_short_texts_and_cut_long_ones() {
        assert_eq!(excerpt("f5d6"), "f5d6");
        let exact = "é".repeat(EXCERPT_CHARS);
        assert_eq!(excerpt(&exact), exact);
        let long = "é".repeat(EXCERPT_CHARS + 1);
        assert_eq!(excerpt(&long), format!("{exact}..."));
    }

    #[test]
    fn errors_say_what_and_where() {
        let error = parse_game_text("f5 d6 c3 d3 c4 f4 a1", Rules::default()).unwrap_err();
        assert_eq!(error.to_string(), "move 7 (a1): flips nothing");
        let error = parse_game_text("f5 d6 c3 d3 c4 f4 F5", Rules::default()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "move 7 (f5): the square is already taken"
        );
        let error = parse_game_text("f5 f5", Rules::default()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "move 2 (f5): the square is already taken"
        );
        let error = parse_game_text("f5 pass", Rules::default()).unwrap_err();
        assert_eq!(
            error.to_string(),
            "move 2 (pass): a pass is not allowed: f4 is legal"
        );
        let error = parse_game_text("f5 d6 x9", Rules::default()).unwrap_err();
        assert!(
            error.to_string().starts_with("character 7 ('x')"),
            "{error}"
        );
        let mut bad = "-".repeat(64);
        bad.replace_range(16..17, "Z");
        let error = parse_board_string(&format!("{bad} X")).unwrap_err();
        assert_eq!(error.to_string(), "character 17 ('Z') is not X, O or -");
        let error = parse_board_string(&format!("{} X", "-".repeat(60))).unwrap_err();
        assert_eq!(error.to_string(), "expected 64 squares, found 60");
    }
}
