//! What a running search has found so far, for a live display: the calling thread writes it
//! after every completed iteration (and once solved), a display reads the latest at any time.

use std::sync::Mutex;

use crate::square::Square;

/// The state of a search after its last completed iteration.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Plies searched (for an exact solve, the empty squares).
    pub depth: u32,
    /// Disc differential for the side to move, exact when `exact`.
    pub score: i32,
    pub exact: bool,
    /// Nodes the calling thread has searched (helper threads not counted).
    pub nodes: u64,
    /// The expected line, starting with the best move so far.
    pub pv: Vec<Square>,
}

/// Where a search reports its progress; share it (e.g. in an `Arc`) with the display.
#[derive(Debug, Default)]
pub struct ProgressSlot(Mutex<Option<Progress>>);

impl ProgressSlot {
    /// The latest report, if the search has completed an iteration yet.
    pub fn latest(&self) -> Option<Progress> {
        self.0.lock().ok().and_then(|latest| latest.clone())
    }

    pub(crate) fn report(&self, progress: Progress) {
        if let Ok(mut latest) = self.0.lock() {
            *latest = Some(progress);
        }
    }
}
