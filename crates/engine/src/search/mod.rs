//! Search: iterative deepening PVS for the midgame, an exact and a win/loss/draw endgame solver,
//! a bounded transposition table shared by the threads of a parallel search (Lazy SMP), playing
//! levels as data. The evaluation (`crate::eval`) and the board are parameters: the search is
//! written once over `SearchBoard` and compiled for the 8x8 `Position` and the variants' boards.
//!
//! The game calls [`Searcher::best_move`] and [`Searcher::analyze`] on a background thread with a
//! stop flag; `SearchLimits::threads` says how many threads they use (every core for Expert).

mod any;
mod board;
mod busy;
mod certainty;
mod context;
mod endgame;
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

pub use any::{AnySearcher, VariantSearcher};
pub use board::SearchBoard;
pub use certainty::Certainty;
pub use endgame::NearEnd;
pub use level::{CUSTOM_TIME_CAP, Level, ParseLevelError};
pub use limits::{DEFAULT_HASH_MB, SearchLimits, available_threads};
pub(crate) use near_best::choose_near_best;
pub use progress::{Progress, ProgressSlot};
pub use searcher::{MoveScore, SearchResult, Searcher};
pub use sparring::{ParseSparringError, Sparring, SparringChoice, SparringModel, SparringPhase};
pub use stop_timer::stopped_after;
pub use tt::TableAllocError;
