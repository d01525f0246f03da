//! Opening names: the named openings Othello players use (`data/openings.txt`, embedded in the
//! engine), and the name of the opening a game is playing, on any symmetry of the board.
//!
//! Lines are matched as move sequences: a game is named after the longest named line its moves
//! start with (a game that went on past the Tiger is still a Tiger), whichever of the equivalent
//! first moves it started with.

mod symmetry;
pub mod xot;

use std::collections::HashMap;
use std::sync::OnceLock;

use thiserror::Error;

use crate::game::{Game, Move, Rules};
use crate::square::Square;
use crate::variant::{Variant, VariantBoard};

pub use symmetry::Symmetry;

/// The list shipped with the engine.
const OPENINGS: &str = include_str!("../../data/openings.txt");

/// One named opening: its moves from the standard start, Black first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening<'a> {
    pub moves: Vec<Square>,
    pub name: &'a str,
}

/// Why a line of an openings list cannot be read. Lines are counted from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OpeningError {
    #[error("line {line}: expected the moves, then the name")]
    MissingName { line: usize },
    #[error("line {line}: {reason}")]
    BadMoves { line: usize, reason: String },
}

/// Reads an openings list: per line the moves (`f5d6c3d3c4`), whitespace and the name; blank
/// lines and lines starting with `#` are skipped. Every line must be legal from the standard
/// start.
pub fn parse_openings(text: &str) -> Result<Vec<Opening<'_>>, OpeningError> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line_number = index + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((moves, name)) = line.split_once(char::is_whitespace) else {
            return Err(OpeningError::MissingName { line: line_number });
        };
        let game = Game::from_transcript(moves, Rules::default()).map_err(|error| {
            OpeningError::BadMoves {
                line: line_number,
                reason: error.to_string(),
            }
        })?;
        let moves: Vec<Square> = game
            .moves()
            .iter()
            .filter_map(|mv| match mv {
                Move::Play(square) => Some(*square),
                Move::Pass => None,
            })
            .collect();
        if moves.len() != game.moves().len() || moves.is_empty() {
            return Err(OpeningError::BadMoves {
                line: line_number,
                reason: "an opening is moves on squares, without passes".to_string(),
            });
        }
        openings.push(Opening {
            moves,
            name: name.trim(),
        });
    }
    Ok(openings)
}

/// The openings shipped with the engine. Empty only if the shipped list were unreadable, which
/// the engine's tests rule out.
pub fn openings() -> &'static [Opening<'static>] {
    &table().openings
}

/// The name of `game`'s opening, for a game from the standard start with Black first, the start
/// the names are given from; `None` for any other start (see [`name_of`]).
pub fn opening_of(game: &Game) -> Option<&'static str> {
    let standard = game.start_board() == VariantBoard::start(Variant::OTHELLO);
    standard.then(|| name_of(game.moves())).flatten()
}

/// The name of the opening of a game from the standard start with Black first: the longest named
/// line its moves begin with, on any symmetry of the board. `None` before any named line (and for
/// a game that passes before reaching one).
pub fn name_of(moves: &[Move]) -> Option<&'static str> {
    let squares: Vec<Square> = moves
        .iter()
        .map_while(|mv| match mv {
            Move::Play(square) => Some(*square),
            Move::Pass => None,
        })
        .take(table().longest)
        .collect();
    let table = table();
    (1..=squares.len()).rev().find_map(|length| {
        Symmetry::ALL.iter().find_map(|symmetry| {
            let image: Vec<Square> = squares[..length]
                .iter()
                .map(|&square| symmetry.apply(square))
                .collect();
            table.by_moves.get(&image).copied()
        })
    })
}

struct Table {
    openings: Vec<Opening<'static>>,
    by_moves: HashMap<Vec<Square>, &'static str>,
    longest: usize,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let openings = parse_openings(OPENINGS).unwrap_or_default();
        let by_moves = openings
            .iter()
            .map(|opening| (opening.moves.clone(), opening.name))
            .collect();
        let longest = openings.iter().map(|o| o.moves.len()).max().unwrap_or(0);
        Table {
            openings,
            by_moves,
            longest,
        }
    })
}
