//! Lazy SMP: every thread runs the same search over the one shared transposition table, and the
//! calling thread's answer is the answer. The helpers make it faster in two ways: what they store
//! in the table spares the others work, and they differ a little from the calling thread (odd
//! helpers run their iterative deepening one ply ahead; at a node, a move another thread is
//! already searching is put off until the node's other moves are done, as in simplified ABDADA),
//! so the threads spread over different parts of the tree instead of repeating one another.
//!
//! Exact scores stay exact: every thread stores only true bounds, whichever thread found them.

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Instant;

use crate::eval::Evaluator;

use super::board::SearchBoard;
use super::busy::Busy;
use super::context::Context;
use super::tt::Table;

/// Runs `search` on `threads` threads (at least one) sharing `table`, and returns what the
/// calling thread's run returned with the nodes of all threads. The helpers stop as soon as the
/// calling thread is done; the calling thread stops on `stop` or at `deadline` as usual.
pub(crate) fn run<B: SearchBoard, E: Evaluator<B>, R>(
    table: &Table,
    eval: &E,
    stop: &AtomicBool,
    deadline: Option<Instant>,
    selective: bool,
    threads: usize,
    search: impl Fn(&mut Context<'_, B, E>) -> R + Sync,
) -> (R, u64) {
    if threads <= 1 {
        let mut ctx = Context::new(table, eval, stop, deadline, selective);
        let result = search(&mut ctx);
        return (result, ctx.nodes);
    }
    let busy = Busy::new();
    let halt = AtomicBool::new(false);
    thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|helper| {
                let (search, busy, halt) = (&search, &busy, &halt);
                scope.spawn(move || {
                    let mut ctx =
                        Context::new(table, eval, halt, deadline, selective).helping(helper, busy);
                    search(&mut ctx);
                    ctx.nodes
                })
            })
            .collect();
        let mut ctx = Context::new(table, eval, stop, deadline, selective).helping(0, &busy);
        let result = search(&mut ctx);
        halt.store(true, Ordering::Relaxed);
        // A helper that panicked only lost its node count: the answer is the calling thread's.
        let helper_nodes: u64 = helpers
            .into_iter()
            .map(|helper| helper.join().unwrap_or(0))
            .sum();
        (result, ctx.nodes + helper_nodes)
    })
}
