//! Every variant the game offers: boards from 4x4 to 16x16 and the eight-star board, Othello's
//! and the old Reversi's starts, a fixed disc supply, placing next to one's own discs. The rules,
//! text and perft only, below the search: one rules core over a 256-bit board for them all, and
//! the one-word board (`small`) for the square Othello boards up to 8x8, which the search runs
//! on several times faster. A position whose rules are the standard ones goes to the 64-bit
//! standard board ([`VariantBoard::to_standard`]).

mod bits;
mod board;
mod perft;
mod rules;
mod small;
mod text;

pub use bits::{Bits, DIRECTIONS};
pub use board::{CentreError, VariantBoard, final_score};
pub use perft::variant_perft;
pub use rules::{Goal, Scoring, Shape, Start, Supply, Variant, VariantError};
pub use small::SmallBoard;
pub use text::{VariantBoardError, parse_variant_board, variant_board_string, variant_diagram};
