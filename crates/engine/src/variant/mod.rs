//! Every variant the game offers: boards from 4x4 to 16x16 and the eight-star board, Othello's
//! and the old Reversi's starts, a fixed disc supply, placing next to one's own discs. One rules
//! core over a 256-bit board for them all; the standard 8x8 game keeps its own 64-bit engine,
//! and a variant position hands over to it whenever its rules are the standard ones
//! ([`VariantBoard::to_standard`]). Exact solves of the other boards up to 8x8 with Othello's
//! rules run on one 64-bit word (`small`), which is what solving 6x6 Othello needs.

mod any;
mod bits;
mod board;
mod perft;
mod rules;
mod search;
mod small;
mod text;

pub use any::AnySearcher;
pub use bits::{Bits, DIRECTIONS};
pub use board::{CentreError, VariantBoard, final_score};
pub use perft::variant_perft;
pub use rules::{Scoring, Shape, Start, Supply, Variant, VariantError};
pub use search::VariantSearcher;
pub use text::{VariantBoardError, parse_variant_board, variant_board_string, variant_diagram};
