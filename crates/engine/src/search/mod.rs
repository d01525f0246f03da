//! Search: iterative deepening PVS for the midgame, an exact and a win/loss/draw endgame solver,
//! a bounded transposition table, a replaceable evaluation, and playing levels as data.
//!
//! The game calls [`Searcher::best_move`] and [`Searcher::analyze`] on a background thread with a
//! stop flag.

pub mod arena;
mod context;
pub mod endgame;
pub mod eval;
mod last_flip;
mod level;
mod limits;
mod midgame;
pub mod rng;
mod root;
pub mod score;
mod searcher;
pub mod stability;
pub mod tt;

pub use eval::{DISC, Evaluator, HandEval};
pub use level::{Level, ParseLevelError};
pub use limits::{DEFAULT_HASH_MB, SearchLimits};
pub use searcher::{MoveScore, SearchResult, Searcher};
