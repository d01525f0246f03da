//! Engine work in the background: a search on a copy of a position, run in the async compute
//! pool with a stop flag, tagged with the generation of the state it was started for. The
//! computer player and the hints both use it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};

/// A background search for the position of one generation of the game state. Dropping it stops
/// the search: dropping a task does not stop CPU-bound work, the flag does, within milliseconds.
pub struct BackgroundSearch<T> {
    generation: u64,
    stop: Arc<AtomicBool>,
    task: Task<T>,
}

impl<T: Send + 'static> BackgroundSearch<T> {
    /// Starts `search` in the compute pool; it must return soon after its flag is set.
    pub fn start(
        generation: u64,
        search: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> BackgroundSearch<T> {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let task = AsyncComputeTaskPool::get().spawn(async move { search(&flag) });
        BackgroundSearch {
            generation,
            stop,
            task,
        }
    }

    /// The generation of the state this search is for.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The answer, once the search has finished. Ask until it comes, then drop the search: a
    /// finished task must not be polled again.
    pub fn poll(&mut self) -> Option<T> {
        check_ready(&mut self.task)
    }
}

impl<T> Drop for BackgroundSearch<T> {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
