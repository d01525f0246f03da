//! Engine work in the background: a search on a copy of a position, on a thread of its own with
//! a stop flag, tagged with the generation of the state it was started for. The computer player,
//! the hints, the graph, the best line, the review and the puzzles' checks use it, and so does the
//! reading of the game database.
//!
//! A thread per search, not a shared task pool: on a machine of two cores Bevy's compute pool
//! has one thread, and the computer's move would queue behind an analysis that had not yet seen
//! its stop flag. A search lasts from milliseconds to seconds, so starting a thread costs
//! nothing measurable. Who runs when is decided where searches are started: the computer's move
//! first, then what the player sees, then the graph.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::{Arc, Mutex, PoisonError};

use crate::wake::wake_window;

/// A background search for the position of one generation of the game state. Dropping it stops
/// the search: the flag is set, and the search returns within milliseconds.
pub struct Job<T> {
    generation: u64,
    stop: Arc<AtomicBool>,
    /// In a mutex only so that a resource holding it may be shared: only `poll` reads it.
    answer: Mutex<Receiver<T>>,
}

impl<T: Send + 'static> Job<T> {
    /// Starts `search` on a thread of its own; it must return soon after its flag is set. The
    /// window is woken when the answer is there.
    pub fn start(
        generation: u64,
        search: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> Job<T> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let (sender, answer) = mpsc::sync_channel(1);
        std::thread::spawn(move || {
            let result = search(&flag);
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

    /// The generation of the state this search is for.
    pub fn generation(&self) -> u64 {
        self.generation
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
