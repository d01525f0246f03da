//! How much a search may do: plies, when to solve exactly, time, the weaker levels' tolerated
//! loss, the seed of their choices, and how many threads search.

use std::num::NonZeroUsize;
use std::thread;
use std::time::Duration;

/// The limits of one search. Build them from a `Level` (`Level::limits`) or explicitly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// Midgame depth in plies.
    pub depth: u32,
    /// Solve exactly (final disc differential) at or below this many empty squares.
    pub solve_empties: u32,
    /// Solve for win/loss/draw at or below this many empty squares (when above `solve_empties`).
    pub wld_empties: u32,
    /// Solve probably at or below this many empty squares (when above `solve_empties` and
    /// `wld_empties`): after the midgame search, solves at rising certainty (see `Certainty`) as
    /// long as the time allows; the last one finished decides. Only with `selective` (the cuts
    /// need the ProbCut statistics).
    pub probable_empties: u32,
    /// Hard limit on the thinking time for one move; the best move so far is returned then.
    pub time: Option<Duration>,
    /// Choose at random among the moves scoring within this many discs of the best (0: always
    /// the best). Never applies to exactly solved positions.
    pub max_loss: u32,
    /// Seed for that choice: equal seeds and positions give equal moves.
    pub seed: u64,
    /// Transposition table size in MiB for a `Searcher` made from these limits.
    pub hash_mb: usize,
    /// Threads searching together (Lazy SMP over the shared table). 1 is a deterministic search:
    /// equal positions and limits give equal moves, scores and node counts. More threads give the
    /// same exact scores, but which of equally good moves is chosen, the midgame scores and the
    /// node counts may vary from run to run. 0 counts as 1.
    pub threads: usize,
    /// Multi-ProbCut: the midgame search cuts nodes whose shallow search predicts the deep one
    /// to fall outside the window. Only with the shipped learned evaluation (the statistics are
    /// its own); exact scores stay exact either way; `false` searches full width.
    pub selective: bool,
}

/// The threads this machine can run at once (1 when it cannot tell).
pub fn available_threads() -> usize {
    thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// The default table size.
pub const DEFAULT_HASH_MB: usize = 64;

impl SearchLimits {
    /// A fixed-depth midgame search with exact solving once the game end is within reach of
    /// the depth, no time limit, one thread.
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits {
            depth,
            solve_empties: 0,
            wld_empties: 0,
            probable_empties: 0,
            time: None,
            max_loss: 0,
            seed: 0,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            selective: true,
        }
    }

    /// Solve exactly whatever the number of empties (no time limit, one thread): for analysis
    /// and tests.
    pub fn exact() -> SearchLimits {
        SearchLimits {
            solve_empties: 64,
            wld_empties: 64,
            ..SearchLimits::depth(12)
        }
    }

    /// Solve probably whatever the number of empties (no time limit, one thread): every pass
    /// of rising certainty, as Expert does beyond its exact solves.
    pub fn probable() -> SearchLimits {
        SearchLimits {
            probable_empties: 64,
            ..SearchLimits::depth(12)
        }
    }

    /// Solve for win/loss/draw only (no time limit, one thread).
    pub fn win_loss_draw() -> SearchLimits {
        SearchLimits {
            solve_empties: 0,
            wld_empties: 64,
            ..SearchLimits::depth(10)
        }
    }

    pub fn with_time(mut self, time: Duration) -> SearchLimits {
        self.time = Some(time);
        self
    }

    pub fn with_seed(mut self, seed: u64) -> SearchLimits {
        self.seed = seed;
        self
    }

    pub fn with_hash_mb(mut self, hash_mb: usize) -> SearchLimits {
        self.hash_mb = hash_mb;
        self
    }

    /// With Multi-ProbCut (`true`) or full width.
    pub fn with_selective(mut self, selective: bool) -> SearchLimits {
        self.selective = selective;
        self
    }

    /// Searches with `threads` threads; `available_threads()` uses every core.
    pub fn with_threads(mut self, threads: usize) -> SearchLimits {
        self.threads = threads;
        self
    }
}
