//! The values of GGF's properties: moves, the game type, the start position and the result.

use crate::color::Color;
use crate::format::excerpt;
use crate::game::Move;
use crate::square::Square;
use crate::variant::{Bits, Variant, VariantBoard};

use super::lexer::RawProperty;
use super::{Ending, GgfErrorKind, GgfResult, MoveNote, bounded_seconds};

/// A property value that failed to read.
fn bad(property: &RawProperty, reason: impl Into<String>) -> GgfErrorKind {
    GgfErrorKind::BadValue {
        property: property.name.clone(),
        value: property.value.clone(),
        position: property.position,
        reason: reason.into(),
    }
}

/// `B[f5]`, `B[f5/1.5]`, `B[f5//2.1]`, `B[f5/1.5/2.1]`, `W[PA]`, `W[pass]`, on a board of `size`
/// x `size` squares.
pub(super) fn parse_move(
    number: usize,
    property: &RawProperty,
    size: u8,
) -> Result<(Move, MoveNote), GgfErrorKind> {
    let bad_move = |reason: String| GgfErrorKind::BadMove {
        number,
        position: property.position,
        text: format!("{}[{}]", property.name, property.value),
        reason,
    };
    let mut parts = property.value.split('/');
    let written = parts.next().unwrap_or("").trim();
    let mv = if written.eq_ignore_ascii_case("pa") || written.eq_ignore_ascii_case("pass") {
        Move::Pass
    } else {
        let on_board = |square: &Square| square.column() < size && square.row() < size;
        match written.parse::<Square>().ok().filter(on_board) {
            Some(square) => Move::Play(square),
            None => {
                let last =
                    Square::from_coords(size - 1, size - 1).expect("GGF boards are 4x4 to 16x16");
                return Err(bad_move(format!(
                    "'{}' is not a move: expected a square a1 to {last} or PA",
                    excerpt(written)
                )));
            }
        }
    };
    let mut number_part = |what: &str| -> Result<Option<f64>, GgfErrorKind> {
        match parts.next().map(str::trim) {
            None | Some("") => Ok(None),
            Some(text) => match text.parse::<f64>() {
                Ok(value) if value.is_finite() => Ok(Some(value)),
                _ => Err(bad_move(format!(
                    "the {what} '{}' is not a number",
                    excerpt(text)
                ))),
            },
        }
    };
    let eval = number_part("evaluation")?;
    let time = number_part("time")?
        .and_then(bounded_seconds)
        .map(|time| time.as_secs_f64());
    if parts.next().is_some() {
        return Err(bad_move(
            "too many '/': expected move/evaluation/time".to_string(),
        ));
    }
    Ok((
        mv,
        MoveNote {
            eval,
            time,
            comment: None,
        },
    ))
}

/// `TY[8]`, `TY[8r]`, `TY[10]`: the board's size, even from 4 to 16; `s` (synchro) is refused.
pub(super) fn check_type(property: &RawProperty) -> Result<u8, GgfErrorKind> {
    let value = property.value.trim();
    if value.starts_with(['s', 'S']) {
        return Err(GgfErrorKind::Synchro {
            found: value.to_string(),
        });
    }
    let digits: String = value.chars().take_while(char::is_ascii_digit).collect();
    match digits.parse::<u32>() {
        Ok(size) => board_size(size, "TY"),
        Err(_) => Err(bad(
            property,
            "expected the board size first, like TY[8] or TY[8r]",
        )),
    }
}

/// `BO[8 <64 of *, O, -> <* or O>]`: the size, the squares row by row from a1 (whitespace
/// anywhere between them), and the side to move.
pub(super) fn parse_start(property: &RawProperty) -> Result<VariantBoard, GgfErrorKind> {
    let value = property.value.trim_start();
    let digits: String = value.chars().take_while(char::is_ascii_digit).collect();
    let size = match digits.parse::<u32>() {
        Ok(size) => board_size(size, "BO")?,
        Err(_) => {
            return Err(bad(
                property,
                "expected the board size first, like BO[8 ...]",
            ));
        }
    };
    let marks: Vec<char> = value[digits.len()..]
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let squares = usize::from(size) * usize::from(size);
    if marks.len() != squares + 1 {
        return Err(bad(
            property,
            format!(
                "expected {squares} squares and the side to move, found {} characters",
                marks.len()
            ),
        ));
    }
    let (mut black, mut white) = (Bits::EMPTY, Bits::EMPTY);
    for (index, &mark) in marks[..squares].iter().enumerate() {
        let square = Square::from_coords(
            (index % usize::from(size)) as u8,
            (index / usize::from(size)) as u8,
        )
        .expect("the size is at most 16");
        match mark {
            '*' | 'X' | 'x' => black.insert(square),
            'O' | 'o' => white.insert(square),
            '-' | '.' => {}
            found => {
                return Err(bad(
                    property,
                    format!("square {} is '{found}': expected *, O or -", index + 1),
                ));
            }
        }
    }
    let to_move = match marks[squares] {
        '*' | 'X' | 'x' => Color::Black,
        'O' | 'o' => Color::White,
        found => {
            return Err(bad(
                property,
                format!("the side to move is '{found}': expected * or O"),
            ));
        }
    };
    let variant = Variant {
        first_to_move: to_move,
        ..Variant::othello(size)
    };
    VariantBoard::from_discs(variant, black, white, to_move)
        .ok_or_else(|| bad(property, "the board is not a position of the game"))
}

/// The size of a square board that GGF names, if it can be played here: even, 4 to 16.
fn board_size(size: u32, property: &'static str) -> Result<u8, GgfErrorKind> {
    match u8::try_from(size) {
        Ok(size) if Variant::othello(size).validated().is_ok() => Ok(size),
        _ => Err(GgfErrorKind::BoardSize { size, property }),
    }
}

/// `RE[?]`, `RE[+4.00]`, `RE[-64.00:r]`, `RE[0:s]`.
pub(super) fn parse_result(property: &RawProperty) -> Result<GgfResult, GgfErrorKind> {
    let value = property.value.trim();
    if value == "?" || value.is_empty() {
        return Ok(GgfResult::Unknown);
    }
    let (score, flag) = value.split_once(':').unwrap_or((value, ""));
    let ending = match flag.trim() {
        "" => Ending::Played,
        "r" => Ending::Resigned,
        "t" => Ending::Timeout,
        "s" => Ending::Agreed,
        other => {
            return Err(bad(
                property,
                format!(
                    "unknown ending ':{}': expected :r, :t or :s",
                    excerpt(other)
                ),
            ));
        }
    };
    match score.trim().parse::<f64>() {
        Ok(black_margin) if black_margin.is_finite() && black_margin.abs() <= 64.0 => {
            Ok(GgfResult::Score {
                black_margin,
                ending,
            })
        }
        _ => Err(bad(
            property,
            "expected Black's disc margin (-64 to +64) or ?",
        )),
    }
}
