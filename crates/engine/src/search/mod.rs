//! Search: iterative deepening PVS for the midgame, an exact and a win/loss/draw endgame solver,
//! a bounded transposition table shared by the threads of a parallel search (Lazy SMP), playing
//! levels as data. The evaluation (`crate::eval`) and the board are parameters: the search is
//! written once over `SearchBoard` and compiled for the 8x8 `Position` and the variants' boards.
//!
//! The game calls [`Searcher::best_move`] and [`Searcher::analyze`] on a background thread with a
//! stop flag; `SearchLimits::threads` says how many threads they use (every core for Expert).

mod analysis;
mod any;
mod best_move;
mod board;
mod busy;
mod certainty;
mod clock;
mod context;
mod endgame;
mod endgame_8x8;
mod endgame_deep;
mod endgame_order;
mod expected_line;
mod level;
mod limits;
mod midgame;
mod near_best;
mod parallel;
mod progress;
mod root;
mod score;
mod searcher;
mod shallow_table;
mod sparring;
mod stop_timer;
mod tt;
mod variant_boards;

pub use analysis::MoveScore;
pub use any::{AnySearcher, VariantSearcher};
pub use best_move::SearchResult;
pub use board::SearchBoard;
pub use certainty::Certainty;
pub use endgame::NearEnd;
pub use level::{CUSTOM_TIME_CAP, Level, ParseLevelError};
pub use limits::{DEFAULT_HASH_MB, SearchLimits, available_threads};
pub(crate) use near_best::choose_near_best;
pub use progress::{Progress, ProgressSlot};
pub use searcher::Searcher;
pub use sparring::{ParseSparringError, Sparring, SparringChoice, SparringModel, SparringPhase};
pub use stop_timer::stopped_after;
pub use tt::TableAllocError;
