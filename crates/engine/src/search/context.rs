//! The state one search carries through its recursion: the table, the evaluation, the node count
//! and the means to stop (a shared flag and a deadline), checked every few thousand nodes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::cpu::{self, Isa};

use super::tt::Table;
use crate::eval::Evaluator;

/// Nodes between two looks at the stop flag and the clock: a few tens of microseconds.
const CHECK_INTERVAL: u64 = 2048;

pub(crate) struct Context<'a, E: Evaluator> {
    pub table: &'a mut Table,
    pub eval: &'a E,
    pub nodes: u64,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    next_check: u64,
    /// Set once the search must end; every recursion then unwinds without storing anything.
    pub aborted: bool,
    /// The instruction set the solver runs with on this CPU.
    pub(crate) isa: Isa,
}

impl<'a, E: Evaluator> Context<'a, E> {
    pub fn new(
        table: &'a mut Table,
        eval: &'a E,
        stop: &'a AtomicBool,
        deadline: Option<Instant>,
    ) -> Context<'a, E> {
        Context {
            table,
            eval,
            nodes: 0,
            stop,
            deadline,
            next_check: CHECK_INTERVAL,
            aborted: false,
            isa: cpu::isa(),
        }
    }

    /// Counts a node; true when the search must stop.
    #[inline(always)]
    pub fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_INTERVAL;
            self.poll();
        }
        self.aborted
    }

    #[cold]
    fn poll(&mut self) {
        if self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.aborted = true;
        }
    }
}
