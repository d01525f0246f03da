//! A search stopped after a fixed time: the thinking time of a benchmark or a match, where the
//! levels' own time planning (which may stop deepening early) would blur what is measured.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

/// What `search` returns when its stop flag is raised after `time` (if it has not returned by
/// then); without a time, what it returns unstopped.
pub fn stopped_after<R>(time: Option<Duration>, search: impl FnOnce(&AtomicBool) -> R) -> R {
    let stop = AtomicBool::new(false);
    let Some(time) = time else {
        return search(&stop);
    };
    let (done, finished) = mpsc::channel::<()>();
    thread::scope(|scope| {
        let stop = &stop;
        scope.spawn(move || {
            if finished.recv_timeout(time) == Err(RecvTimeoutError::Timeout) {
                stop.store(true, Ordering::Relaxed);
            }
        });
        let result = search(stop);
        // The timer ends at once when the search ended first.
        let _ = done.send(());
        result
    })
}
