//! Work shared among threads: each takes the next item in turn, so items of uneven cost keep
//! every thread busy, and the results come back in the items' order.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// `work(0), work(1), ... work(count - 1)` on `threads` threads, in that order. A panic in
/// `work` is raised again here.
pub fn map_in_turn<T: Send>(
    count: usize,
    threads: usize,
    work: impl Fn(usize) -> T + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let mut results: Vec<Option<T>> = (0..count).map(|_| None).collect();
    thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.clamp(1, count.max(1)))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= count {
                            return done;
                        }
                        done.push((index, work(index)));
                    }
                })
            })
            .collect();
        for worker in workers {
            match worker.join() {
                Ok(done) => {
                    for (index, result) in done {
                        results[index] = Some(result);
                    }
                }
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    });
    // Every index below `count` was taken by exactly one thread, which returned its result.
    results.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_the_order_of_their_items() {
        let squares = map_in_turn(1000, 3, |i| i * i);
        assert_eq!(squares, (0..1000).map(|i| i * i).collect::<Vec<_>>());
        assert!(map_in_turn(0, 2, |i| i).is_empty());
    }
}
