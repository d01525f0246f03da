//! GGF, the Generic Game Format of the GGS game server, NBoard and most Othello databases:
//! `(;GM[Othello]PB[..]PW[..]RE[+4.00]TY[8]BO[8 <64 squares> *]B[f5//1.2]W[d6]...;)`.
//!
//! A game is `(;` properties `;)`; a property is a name of capital letters and a value in `[]`
//! (`\]` and `\\` escape inside it). The properties kept are the ones a study program needs:
//! place `PC`, date `DT`, players `PB`/`PW`, ratings `RB`/`RW`, clocks `TI`/`TB`/`TW`, type `TY`,
//! komi `KM`, result `RE`, start position `BO`, moves `B`/`W` with an optional evaluation and time
//! after `/`, passes (`PA`, `pass`) and comments `C` (on the game before the first move, else on
//! the move before). Any other property is kept as it is and written back. Files with many games
//! are games one after the other. Square boards of an even size from 4 to 16 are read; synchro
//! games are refused.

mod clock;
mod error;
mod lexer;
mod properties;
mod read;
mod record;
mod write;

pub use clock::{LONGEST_CLOCK, bounded_seconds, parse_clock};
pub use error::{GgfError, GgfErrorKind};
pub use read::{parse_ggf, read_ggf_games};
pub use record::{Ending, GgfGame, GgfResult, MoveNote};
pub use write::write_ggf;
