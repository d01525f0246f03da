//! XOT: games that begin from a balanced opening drawn at random, so that games between the same
//! players vary and stay fair. The list (`data/xot.txt`, embedded in the engine) is the engine's
//! own, made by `reversi-trainer xot` (crates/trainer/src/xot.rs), and no other program's:
//!
//! 1. every sequence of 8 legal moves from the standard start, Black first, is played out
//!    (390,216 sequences, no pass among them);
//! 2. the positions they reach are collapsed under the board's eight symmetries (a position and
//!    its rotations and reflections count once), leaving 67,245 distinct positions, each with
//!    Black to move;
//! 3. each is searched by the engine's own search, 12 plies deep (the shipped learned
//!    evaluation with its Multi-ProbCut cuts, one thread, a 16 MiB table cleared before each
//!    search, so that a score does not depend on the order of the searches);
//! 4. those whose score for Black is within 1 disc of 0 are kept: 7,194 openings (2,391 score
//!    0; a window of 2 discs would keep 11,763), each written as one sequence of 8 moves
//!    reaching it, one starting with f5 (every position has one: the other first moves are
//!    f5's images under the start's symmetries).
//!
//! The run took 31 minutes (23 minutes of one core's time, the machine shared with builds;
//! crates/trainer/RUNS.md, "XOT openings"). The engine's tests check that every line replays
//! legally to 12 discs and that no two lines reach the same position on any symmetry; the
//! trainer's, that a sample still scores within the window at the list's depth (a new
//! evaluation or search may change scores: the list is then made again with the same command).
//!
//! A broken list cannot reach a player: [`parse`] says which line is wrong and why, the tests
//! parse the shipped list, and [`openings`] is empty rather than panicking if it were
//! unreadable ([`pick`] then gives the standard start).

use std::sync::OnceLock;

use thiserror::Error;

use super::symmetry::Symmetry;
use crate::game::{Game, Move, Rules};
use crate::position::Position;
use crate::rng::SplitMix64;
use crate::square::Square;

/// The list shipped with the engine.
const XOT: &str = include_str!("../../data/xot.txt");

/// Moves of every XOT opening.
pub const MOVES: usize = 8;

/// The search depth the shipped list was made with.
pub const DEPTH: u32 = 12;

/// The shipped list keeps the positions scoring at most this many discs from 0 for the side to
/// move at [`DEPTH`].
pub const WINDOW: i32 = 1;

/// One XOT opening: 8 moves from the standard start, Black first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct XotOpening {
    pub moves: [Square; MOVES],
}

impl XotOpening {
    /// The moves as a transcript: `f5d6c3d3c4f4f6f3`.
    pub fn transcript(&self) -> String {
        self.moves.iter().map(Square::to_string).collect()
    }

    /// A standard game (Black first) with the 8 moves played: the next move is Black's.
    pub fn game(&self) -> Game {
        let mut game = Game::new(Rules::default());
        for &square in &self.moves {
            // Every shipped or parsed opening was replayed legally when it was read.
            if game.play(Move::Play(square)).is_err() {
                return Game::new(Rules::default());
            }
        }
        game
    }

    /// The position the moves reach, from the side to move (Black).
    pub fn position(&self) -> Position {
        replay(&self.moves).unwrap_or(Position::start())
    }
}

/// Why a line of an XOT list cannot be read. Lines are counted from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum XotError {
    #[error("line {line}: expected 8 moves (16 characters such as f5d6c3d3c4f4f6f3)")]
    Length { line: usize },
    #[error("line {line}: {text:?} is not a square")]
    Square { line: usize, text: String },
    #[error("line {line}: move {number} ({square}) is not legal there")]
    Illegal {
        line: usize,
        number: usize,
        square: Square,
    },
    #[error("line {line} reaches the same position as line {first}, on a symmetry of the board")]
    Repeated { line: usize, first: usize },
    #[error("the list has no opening")]
    Empty,
}

/// Reads an XOT list: a transcript of 8 moves a line; blank lines and lines starting with `#`
/// are skipped. Every line must be legal from the standard start, Black first, without a pass,
/// and no two lines may reach the same position on any symmetry of the board.
pub fn parse(text: &str) -> Result<Vec<XotOpening>, XotError> {
    let mut openings = Vec::new();
    let mut seen = std::collections::HashMap::new();
    for (index, line) in text.lines().enumerate() {
        let line_number = index + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let opening = parse_line(line, line_number)?;
        let class = least_image(opening.position());
        if let Some(&first) = seen.get(&class) {
            return Err(XotError::Repeated {
                line: line_number,
                first,
            });
        }
        seen.insert(class, line_number);
        openings.push(opening);
    }
    if openings.is_empty() {
        return Err(XotError::Empty);
    }
    Ok(openings)
}

fn parse_line(line: &str, line_number: usize) -> Result<XotOpening, XotError> {
    let length = || XotError::Length { line: line_number };
    if line.len() != 2 * MOVES || !line.is_ascii() {
        return Err(length());
    }
    let mut moves = [Square::from_grid_index(0); MOVES];
    for (slot, text) in moves.iter_mut().zip(line.as_bytes().chunks(2)) {
        // The line is ASCII, so every two bytes are a string.
        let text = std::str::from_utf8(text).map_err(|_| length())?;
        *slot = text
            .parse::<Square>()
            .ok()
            .filter(|square| square.is_on_8x8())
            .ok_or_else(|| XotError::Square {
                line: line_number,
                text: text.to_string(),
            })?;
    }
    replay(&moves).map_err(|number| XotError::Illegal {
        line: line_number,
        number: number + 1,
        square: moves[number],
    })?;
    Ok(XotOpening { moves })
}

/// The position after `moves` from the standard start, or the index of the first move that is
/// not legal.
fn replay(moves: &[Square]) -> Result<Position, usize> {
    moves
        .iter()
        .enumerate()
        .try_fold(Position::start(), |position, (number, &square)| {
            position.play(square).ok_or(number)
        })
}

/// The least of `position`'s eight images under the board's symmetries, as (player, opponent):
/// two positions are the same up to symmetry exactly when their least images are equal.
pub fn least_image(position: Position) -> (u64, u64) {
    Symmetry::ALL
        .into_iter()
        .map(|symmetry| {
            (
                symmetry.apply_bits(position.player),
                symmetry.apply_bits(position.opponent),
            )
        })
        .min()
        .unwrap_or((position.player, position.opponent))
}

/// The openings shipped with the engine. Empty only if the shipped list were unreadable, which
/// the engine's tests rule out.
pub fn openings() -> &'static [XotOpening] {
    static OPENINGS: OnceLock<Vec<XotOpening>> = OnceLock::new();
    OPENINGS.get_or_init(|| parse(XOT).unwrap_or_default())
}

/// How many openings are shipped.
pub fn count() -> usize {
    openings().len()
}

/// A shipped opening drawn by `rng`; `None` only if the list were unreadable.
pub fn choose(rng: &mut SplitMix64) -> Option<&'static XotOpening> {
    let openings = openings();
    (!openings.is_empty()).then(|| &openings[rng.below(openings.len())])
}

/// A new standard game from an opening drawn by `rng`, its 8 moves played (Black to move);
/// the standard start only if the list were unreadable.
pub fn pick_with(rng: &mut SplitMix64) -> Game {
    choose(rng).map_or_else(|| Game::new(Rules::default()), XotOpening::game)
}

/// A new standard game from the opening that `seed` draws, its 8 moves played (Black to move):
/// the same seed gives the same opening.
pub fn pick(seed: u64) -> Game {
    pick_with(&mut SplitMix64::new(seed))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_line_is_refused_with_its_number() {
        let good = "f5d6c3d3c4f4f6f3";
        assert_eq!(parse(good).map(|list| list.len()), Ok(1));
        assert_eq!(parse("# nothing\n"), Err(XotError::Empty));
        assert_eq!(
            parse(&format!("# header\n{good}\nf5d6c3")),
            Err(XotError::Length { line: 3 })
        );
        assert!(matches!(
            parse("f5d6c3d3c4f4f6z9"),
            Err(XotError::Square { line: 1, .. })
        ));
        // a1 is never legal at the eighth move here.
        assert!(matches!(
            parse("f5d6c3d3c4f4f6a1"),
            Err(XotError::Illegal {
                line: 1,
                number: 8,
                ..
            })
        ));
        // The line's image under the a1-h8 reflection reaches the same position, reflected.
        let image: String = good
            .as_bytes()
            .chunks(2)
            .map(|text| {
                let square: Square = std::str::from_utf8(text).unwrap().parse().unwrap();
                Symmetry::Transpose.apply(square).to_string()
            })
            .collect();
        assert_eq!(
            parse(&format!("{good}\n{image}")),
            Err(XotError::Repeated { line: 2, first: 1 })
        );
    }

    #[test]
    fn an_opening_gives_a_game_with_its_moves_played() {
        let opening = parse("f5d6c3d3c4f4f6f3").unwrap()[0];
        let game = opening.game();
        assert_eq!(game.moves().len(), MOVES);
        assert_eq!(opening.transcript(), "f5d6c3d3c4f4f6f3");
        let discs = opening.position();
        assert_eq!((discs.player | discs.opponent).count_ones(), 12);
    }
}
