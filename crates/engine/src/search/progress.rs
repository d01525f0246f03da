//! What a running search has found so far, for a live display: the calling thread writes it
//! after every completed iteration (and once solved), a display reads the latest at any time.

use std::sync::Mutex;
use std::time::Instant;

use super::certainty::Certainty;
use crate::square::Square;

/// The state of a search after its last completed iteration.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Plies searched (for an exact solve, the empty squares).
    pub depth: u32,
    /// Disc differential for the side to move, exact when `exact`.
    pub score: i32,
    pub exact: bool,
    /// Solved to the end probably (not `exact`), with this certainty.
    pub probable: Option<Certainty>,
    /// Nodes the calling thread has searched (helper threads not counted).
    pub nodes: u64,
    /// The expected line, starting with the best move so far.
    pub pv: Vec<Square>,
}

/// Where a search reports its progress; share it (e.g. in an `Arc`) with the display.
#[derive(Debug, Default)]
pub struct ProgressSlot {
    latest: Mutex<Option<Progress>>,
    /// Every report and when it came, in a slot made to keep them (`logging`).
    log: Option<Mutex<Vec<(Instant, Progress)>>>,
}

impl ProgressSlot {
    /// A slot that also keeps every report and its time, for a command that prints them all
    /// once the search is over (a display polling `latest` may miss quick ones).
    pub fn logging() -> ProgressSlot {
        ProgressSlot {
            latest: Mutex::default(),
            log: Some(Mutex::default()),
        }
    }

    /// The latest report, if the search has completed an iteration yet.
    pub fn latest(&self) -> Option<Progress> {
        self.latest.lock().ok().and_then(|latest| latest.clone())
    }

    /// Every report so far with the time it came, oldest first (none unless `logging`).
    pub fn log(&self) -> Vec<(Instant, Progress)> {
        self.log
            .as_ref()
            .and_then(|log| log.lock().ok().map(|log| log.clone()))
            .unwrap_or_default()
    }

    pub(crate) fn report(&self, progress: Progress) {
        if let Some(log) = &self.log
            && let Ok(mut log) = log.lock()
        {
            log.push((Instant::now(), progress.clone()));
        }
        if let Ok(mut latest) = self.latest.lock() {
            *latest = Some(progress);
        }
    }
}
