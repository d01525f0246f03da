//! The variants' texts: board strings of N x N squares and the terminal diagram (transcripts of
//! every variant are read by `Game::from_transcript`).

use thiserror::Error;

use crate::board::{BoardStringError, parse_squares, write_board_string};
use crate::color::Color;
use crate::square::Square;

use super::bits::Bits;
use super::board::VariantBoard;
use super::rules::Variant;

/// Why a board string of a variant cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VariantBoardError {
    #[error(transparent)]
    Text(#[from] BoardStringError),
    #[error("{0} is not on the {1} board, but the board string puts a disc there")]
    DiscOffBoard(Square, Variant),
    #[error("the discs on the board are more than the two supplies of {0} can have placed")]
    SupplyExceeded(Variant),
}

/// Reads a board string of `variant`: its N x N squares row by row (a square that is not part of
/// the board, like eight-star's a1, must be written empty), then the side to move.
pub fn parse_variant_board(
    variant: Variant,
    text: &str,
) -> Result<VariantBoard, VariantBoardError> {
    let size = usize::from(variant.size);
    let (discs, to_move) = parse_squares(text, size * size)?;
    let (mut black, mut white) = (Bits::EMPTY, Bits::EMPTY);
    for (index, disc) in discs.into_iter().enumerate() {
        let Some(color) = disc else { continue };
        let square = Square::from_coords((index % size) as u8, (index / size) as u8)
            .expect("the board is at most 16x16");
        if !variant.has_square(square) {
            return Err(VariantBoardError::DiscOffBoard(square, variant));
        }
        match color {
            Color::Black => black.insert(square),
            Color::White => white.insert(square),
        }
    }
    VariantBoard::from_discs(variant, black, white, to_move)
        .ok_or(VariantBoardError::SupplyExceeded(variant))
}

/// The board string of a position: N x N squares row by row (`X`, `O`, `-`), a space and the
/// side to move.
pub fn variant_board_string(board: &VariantBoard) -> String {
    write_board_string(
        board.variant().size,
        |square| board.disc_at(square),
        board.to_move(),
    )
}

/// The board drawn for a terminal: columns across, rows down, `X` black, `O` white, `.` empty,
/// `+` a legal move for the side to move, and a blank where the board has no square.
pub fn variant_diagram(board: &VariantBoard) -> String {
    let variant = board.variant();
    let legal = board.legal_moves();
    // Row numbers take two characters from row 10 on.
    let width = if variant.size >= 10 { 2 } else { 1 };
    let mut text = " ".repeat(width);
    for column in 0..variant.size {
        text.push(' ');
        text.push(char::from(b'a' + column));
    }
    text.push('\n');
    for row in 0..variant.size {
        text.push_str(&format!("{:>width$}", row + 1));
        for column in 0..variant.size {
            let square = Square::from_coords(column, row).expect("the board is at most 16x16");
            let symbol = match board.disc_at(square) {
                Some(color) => color.symbol(),
                None if legal.contains(square) => '+',
                None if variant.has_square(square) => '.',
                None => ' ',
            };
            text.push(' ');
            text.push(symbol);
        }
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_strings_round_trip_on_every_size() {
        for variant in [
            Variant::othello(4),
            Variant::othello(16),
            Variant::EIGHT_STAR,
        ] {
            let board = VariantBoard::start(variant);
            let text = variant_board_string(&board);
            assert_eq!(parse_variant_board(variant, &text), Ok(board));
        }
        let short = parse_variant_board(Variant::othello(6), "------ X").unwrap_err();
        assert!(short.to_string().contains("expected 36 squares"), "{short}");
        let mut star = "X".to_string() + &"-".repeat(99);
        star.push_str(" O");
        assert!(matches!(
            parse_variant_board(Variant::EIGHT_STAR, &star),
            Err(VariantBoardError::DiscOffBoard(..))
        ));
    }

    #[test]
    fn the_diagram_leaves_missing_squares_blank() {
        let diagram = variant_diagram(&VariantBoard::start(Variant::EIGHT_STAR));
        let first_row = diagram.lines().nth(1).unwrap();
        assert_eq!(first_row, " 1     . . . . . .    ");
        assert!(diagram.lines().nth(10).unwrap().starts_with("10"));
        let standard = variant_diagram(&VariantBoard::start(Variant::OTHELLO));
        assert!(standard.starts_with("  a b c d e f g h\n1 . . . . . . . .\n"));
        assert!(standard.contains("\n4 . . + O X . . .\n"), "{standard}");
    }
}
