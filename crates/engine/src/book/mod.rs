//! The opening book: positions searched deeply ahead of time (`reversi-engine book build`),
//! shipped in the engine (`data/book.bin`), so that the levels play the opening at once and with
//! variety, and hints and analysis can say a move is book.
//!
//! A position is stored once for its eight symmetric images (its canonical form, `canonical`),
//! with every legal move's score in discs for the side to move and the depth that searched it.
//! A move whose resulting position is in the book too is valued from that position's best move
//! (`negamax`), so the book's values come from deeper than any single search.

mod build;
mod canonical;
mod format;
mod learn;
mod negamax;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::board::Board;
use crate::position::Position;
use crate::search::{Level, choose_near_best};
use crate::square::Square;

pub use build::{BuildError, BuildSettings, Builder};
pub use format::{BookError, FORMAT_VERSION};
pub use learn::LEARN_MIN_EMPTIES;

use canonical::{Key, canonical, key};

/// The book shipped with the engine.
const SHIPPED: &[u8] = include_bytes!("../../data/book.bin");

/// One book move, in the orientation of the position asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub square: Square,
    /// Disc differential for the side to move after this move (an estimate, from the book).
    pub score: i32,
    /// Plies of search behind the score: the depth of the search of the last book position on
    /// the move's best line, plus the book plies above it.
    pub depth: u32,
}

/// How a book was built: what `reversi-engine book build` needs to continue it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildInfo {
    /// Plies searched for every position.
    pub depth: u8,
    /// Moves within this many discs of the best were followed.
    pub window: u8,
    /// Seed of the order in which the positions were chosen.
    pub seed: u64,
}

/// A position of the book: its search depth and its moves.
#[derive(Clone, Debug)]
struct Node {
    depth: u8,
    moves: Vec<StoredMove>,
}

/// A move as the file stores it (`square` in the canonical orientation, `score` from its
/// search) and its value over the book (`negamax`).
#[derive(Clone, Copy, Debug)]
struct StoredMove {
    square: u8,
    score: i8,
    value: i8,
    value_depth: u8,
}

impl StoredMove {
    fn new(square: u8, score: i8) -> StoredMove {
        StoredMove {
            square,
            score,
            value: score,
            value_depth: 0,
        }
    }
}

/// An opening book: positions in canonical form, each with its searched moves.
#[derive(Clone, Debug)]
pub struct Book {
    info: BuildInfo,
    nodes: BTreeMap<Key, Node>,
}

impl Book {
    /// The book shipped with the engine. Empty only if the shipped file were refused, which the
    /// engine's tests rule out.
    pub fn shipped() -> &'static Book {
        static SHIPPED_BOOK: OnceLock<Book> = OnceLock::new();
        SHIPPED_BOOK.get_or_init(|| {
            Book::from_bytes(SHIPPED).unwrap_or_else(|_| {
                Book::empty(BuildInfo {
                    depth: 1,
                    window: 0,
                    seed: 0,
                })
            })
        })
    }

    /// Reads a book file (see `format` for the layout), refusing a damaged or foreign one.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        let (info, nodes) = format::from_bytes(bytes)?;
        Ok(Book::with_nodes(info, nodes))
    }

    /// The file bytes; `from_bytes` reads them back as this book.
    pub fn to_bytes(&self) -> Vec<u8> {
        format::to_bytes(&self.info, &self.nodes)
    }

    pub fn info(&self) -> BuildInfo {
        self.info
    }

    /// Positions in the book (each standing for its symmetric images).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The book moves of `board`'s position, best first; `None` when the position is not in the
    /// book.
    pub fn lookup(&self, board: &Board) -> Option<Vec<BookMove>> {
        self.lookup_position(board.position())
    }

    /// `lookup` for a position seen from the side to move.
    pub fn lookup_position(&self, position: Position) -> Option<Vec<BookMove>> {
        let (canonical_form, symmetry) = canonical(position);
        let node = self.nodes.get(&key(&canonical_form))?;
        let mut stored = node.moves.clone();
        // Best first, ties in the canonical orientation's order: the same choice on every image.
        stored.sort_by_key(|m| (std::cmp::Reverse(m.value), m.square));
        let back = symmetry.inverse();
        Some(
            stored
                .iter()
                .filter_map(|m| {
                    Some(BookMove {
                        square: back.apply(Square::from_index(m.square)?),
                        score: i32::from(m.value),
                        depth: u32::from(m.value_depth),
                    })
                })
                .collect(),
        )
    }

    /// A book move of `board`'s position chosen at random among those within `max_loss` discs
    /// of the best (0: among the best only), the same for equal seeds and positions (and their
    /// images); `None` when the position is not in the book.
    pub fn choose(&self, board: &Board, max_loss: u32, seed: u64) -> Option<BookMove> {
        self.choose_position(board.position(), max_loss, seed)
    }

    /// `choose` for a position seen from the side to move.
    pub fn choose_position(
        &self,
        position: Position,
        max_loss: u32,
        seed: u64,
    ) -> Option<BookMove> {
        let moves = self.lookup_position(position)?;
        // The canonical image's discs: every image of a position chooses alike.
        let (player, opponent) = key(&canonical(position).0);
        let mix = player.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ opponent.rotate_left(29);
        choose_near_best(&moves, max_loss as i32, seed ^ mix, |m| Some(m.score)).copied()
    }

    /// The move a level plays from the book: any move within the level's tolerated loss
    /// (`SearchLimits::max_loss`: 4 discs for Beginner, 2 Intermediate, 1 Advanced, only the
    /// best for Expert and numeric levels, chosen among equals).
    pub fn choose_for_level(&self, board: &Board, level: Level, seed: u64) -> Option<BookMove> {
        self.choose(board, level.limits().max_loss, seed)
    }

    fn empty(info: BuildInfo) -> Book {
        Book {
            info,
            nodes: BTreeMap::new(),
        }
    }

    fn with_nodes(info: BuildInfo, mut nodes: BTreeMap<Key, Node>) -> Book {
        negamax::propagate(&mut nodes);
        Book { info, nodes }
    }
}
