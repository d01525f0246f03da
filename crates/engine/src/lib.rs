//! Reversi (Othello) engine: rules, game record, formats, search. No Bevy, no I/O in the core.

pub mod arena;
pub mod bitboard;
pub mod board;
pub mod book;
pub mod color;
pub mod cpu;
pub mod data_file;
pub mod eval;
pub mod format;
pub mod game;
pub mod openings;
pub mod perft;
pub mod position;
pub mod rng;
pub mod search;
pub mod square;
pub mod variant;

pub use board::{Board, MoveError};
pub use color::Color;
pub use format::{FormatError, parse_game_text};
pub use game::{EndReason, Game, GameError, GameResult, Move, Rules};
pub use perft::perft;
pub use position::Position;
pub use search::{Level, MoveScore, SearchLimits, SearchResult, Searcher};
pub use square::{ParseSquareError, Square};
pub use variant::Scoring;
