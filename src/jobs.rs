//! Work off the main thread: a thread of its own, the generation of the game state it is for
//! (for a search of a position), a stop flag, and a wake of the window when its answer is there,
//! so a window waiting for input draws it at once. The computer player, the hints, the graph,
//! the best line, the review and the puzzles' checks search through it; the game database's
//! reading, a game file's reading and the autosave's writing run through it.
//!
//! A thread per job, not a shared task pool: on a machine of two cores Bevy's compute pool
//! has one thread, and the computer's move would queue behind an analysis that had not yet seen
//! its stop flag. A job lasts from milliseconds to seconds, so starting a thread costs nothing
//! measurable. Which search may start is decided in one place, `ai/priority.rs`: the
//! computer's move first, then what the player sees, then the graph.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};

use crate::wake::wake_window;

/// Work on a thread of its own: a search for the position of one generation of the game state,
/// or other work for no position. Dropping a search stops it: the flag is set, and the search
/// returns within milliseconds.
pub struct Job<T> {
    /// The generation of the game state a search is for; `None` for work on no position.
    generation: Option<u64>,
    stop: Arc<AtomicBool>,
    /// In a mutex only so that a resource holding it may be shared: only `poll` reads it.
    answer: Mutex<Receiver<T>>,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `search` of the position of `generation` on a thread of its own; it must return
    /// soon after its flag is set. The window is woken when the answer is there.
    pub fn start(
        generation: u64,
        search: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> Job<T> {
        Job::spawn(Some(generation), search)
    }

    /// Starts `work` for no position (reading or writing a file), which runs to its end; the
    /// window is woken when it is done.
    pub fn run(work: impl FnOnce() -> T + Send + 'static) -> Job<T> {
        Job::spawn(None, move |_| work())
    }

    fn spawn(
        generation: Option<u64>,
        work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> Job<T> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let (sender, answer) = mpsc::sync_channel(1);
        std::thread::spawn(move || {
            let result = work(&flag);
            // Nobody waits for the answer of a search that was dropped.
            if sender.send(result).is_ok() {
                wake_window();
            }
        });
        Job {
            generation,
            stop,
            answer: Mutex::new(answer),
        }
    }

    /// Asks the search to stop and answer with what it has found so far; its answer still
    /// comes through [`Job::poll`].
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether this is a search of the state of `generation` (work on no position is for none).
    pub fn is_for(&self, generation: u64) -> bool {
        self.generation == Some(generation)
    }

    /// The answer, once the search has finished. Ask until it comes, then drop the search.
    pub fn poll(&mut self) -> Option<T> {
        let answer = self
            .answer
            .get_mut()
            .unwrap_or_else(PoisonError::into_inner);
        match answer.try_recv() {
            Ok(answer) => Some(answer),
            Err(TryRecvError::Empty) => None,
            // The search panicked (its message is on the standard error): carry the bug into
            // the game, as a task pool would, rather than wait for an answer forever.
            Err(TryRecvError::Disconnected) => panic!("a background search failed"),
        }
    }
}

impl<T> Drop for Job<T> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
