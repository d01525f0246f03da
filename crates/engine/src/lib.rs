//! Reversi (Othello) engine: the rules of every variant, the game record, text formats, the
//! evaluation, one search for every board, the opening book. No Bevy, no I/O in the library.
//!
//! The words every user needs are at the root: [`Color`], [`Square`], [`Position`], [`Game`],
//! [`Move`], [`Rules`] and the game's results and errors. Everything else is in its module, and
//! each public name has one path:
//!
//! | module | holds |
//! |---|---|
//! | [`board`] | the 8x8 board with colours, board strings and OBF lines |
//! | [`variant`] | every variant's rules, boards, text and perft |
//! | [`format`] | transcripts and GGF game records |
//! | [`eval`] | the evaluations: learned patterns, hand-written, general (every board) |
//! | [`search`] | one search for every board: levels, limits, the searchers, the solver |
//! | [`book`], [`openings`] | the opening book and the named openings |
//! | [`database`] | the WTHOR database of tournament games, searched by position |
//! | [`arena`] | self-play matches |
//! | [`study`] | spaced repetition, the opening trainer, endgame puzzles |
//! | [`perft`], [`bitboard`], [`cpu`] | move generation, its check and the instruction set it runs with |
//! | [`data_file`], [`rng`] | the engine's checksummed data files; the seeded generator |

pub mod arena;
pub mod bitboard;
pub mod board;
pub mod book;
mod color;
pub mod cpu;
pub mod data_file;
pub mod database;
pub mod eval;
pub mod format;
mod game;
pub mod openings;
pub mod perft;
mod position;
pub mod rng;
pub mod search;
mod square;
pub mod study;
pub mod variant;

pub use color::Color;
pub use game::{
    Branch, EndReason, Game, GameError, GameRecord, GameResult, MAX_COMMENT_CHARS, Move,
    MoveComment, NoSuchMove, RecordError, Rules, move_number_in,
};
pub use position::{MAX_MOVES, Position};
pub use square::{MAX_BOARD_SIZE, ParseSquareError, Square};
