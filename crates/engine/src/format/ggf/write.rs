//! Writing GGF: the properties in the order GGS and NBoard write them, values escaped, moves in
//! lowercase with their evaluation and time.

use std::fmt::Write;

use crate::color::Color;
use crate::game::Move;
use crate::variant::variant_board_string;

use super::{GgfGame, MoveNote};

/// The GGF text of one game, `(;GM[Othello]...;)`, on one line. Reading it back gives the same
/// record.
pub fn write_ggf(record: &GgfGame) -> String {
    let mut text = String::from("(;GM[Othello]");
    let optional = [
        ("PC", &record.place),
        ("DT", &record.date),
        ("PB", &record.black),
        ("PW", &record.white),
        ("RB", &record.black_rating),
        ("RW", &record.white_rating),
        ("TI", &record.time),
        ("TB", &record.black_time),
        ("TW", &record.white_time),
    ];
    for (name, value) in optional {
        if let Some(value) = value {
            property(&mut text, name, value);
        }
    }
    property(&mut text, "TY", &record.game_type);
    if let Some(komi) = &record.komi {
        property(&mut text, "KM", komi);
    }
    if let Some(result) = &record.result {
        property(&mut text, "RE", &result.to_string());
    }
    property(&mut text, "BO", &start_position(record));
    for (name, value) in &record.extra {
        property(&mut text, name, value);
    }
    if let Some(comment) = &record.comment {
        property(&mut text, "C", comment);
    }
    let mut to_move = record.game.start_board().to_move();
    let default_note = MoveNote::default();
    for (index, mv) in record.game.history().iter().enumerate() {
        let note = record.notes.get(index).unwrap_or(&default_note);
        let name = match to_move {
            Color::Black => "B",
            Color::White => "W",
        };
        property(&mut text, name, &move_value(*mv, note));
        if let Some(comment) = &note.comment {
            property(&mut text, "C", comment);
        }
        to_move = to_move.opponent();
    }
    text.push_str(";)");
    text
}

/// `BO[<size> <squares> <side>]` with `*` black, `O` white, `-` empty.
fn start_position(record: &GgfGame) -> String {
    let board = record.game.start_board();
    let text = variant_board_string(&board);
    let squares: String = text
        .split(' ')
        .next()
        .unwrap_or("")
        .chars()
        .map(|c| if c == 'X' { '*' } else { c })
        .collect();
    let side = match board.to_move() {
        Color::Black => '*',
        Color::White => 'O',
    };
    format!("{} {squares} {side}", board.variant().size)
}

/// `f5`, `f5/1.5`, `f5//2.1`, `f5/1.5/2.1`, `PA`.
fn move_value(mv: Move, note: &MoveNote) -> String {
    let mut value = match mv {
        Move::Play(square) => square.to_string(),
        Move::Pass => "PA".to_string(),
    };
    match (note.eval, note.time) {
        (None, None) => {}
        (Some(eval), None) => {
            let _ = write!(value, "/{eval}");
        }
        (eval, Some(time)) => {
            let eval = eval.map(|e| e.to_string()).unwrap_or_default();
            let _ = write!(value, "/{eval}/{time}");
        }
    }
    value
}

/// `NAME[value]`, with `]` and `\` escaped.
fn property(text: &mut String, name: &str, value: &str) {
    text.push_str(name);
    text.push('[');
    for c in value.chars() {
        if matches!(c, ']' | '\\') {
            text.push('\\');
        }
        text.push(c);
    }
    text.push(']');
}
