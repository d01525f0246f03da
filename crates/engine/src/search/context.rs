//! The state one search carries through its recursion: the table, the evaluation, the node count
//! and the means to stop (a shared flag and a deadline), checked every few thousand nodes; in a
//! parallel search also which thread this is and the positions the other threads are searching.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use crate::cpu::{self, Isa};

use super::board::SearchBoard;
use super::busy::Busy;
use super::certainty::Certainty;
use super::tt::Table;
use crate::eval::Evaluator;
use crate::eval::probcut::ProbCut;

/// Nodes between two looks at the stop flag and the clock: a few tens of microseconds.
const CHECK_INTERVAL: u64 = 2048;

/// The state of one search of positions of board `B`.
pub struct Context<'a, B, E> {
    pub table: &'a Table,
    pub eval: &'a E,
    pub nodes: u64,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    next_check: u64,
    /// Set once the search must end; every recursion then unwinds without storing anything.
    pub aborted: bool,
    /// The instruction set the solver runs with on this CPU.
    pub(crate) isa: Isa,
    /// 0 for the thread whose answer counts, 1.. for the helpers of a parallel search.
    pub helper: usize,
    /// In a parallel search, the positions being searched by some thread.
    busy: Option<&'a Busy>,
    /// The midgame search's ProbCut statistics; `None` searches full width (when asked to, or
    /// with an evaluation the statistics were not fitted with).
    pub probcut: Option<&'a ProbCut>,
    /// How surely the solver solves: exact, or probably with the endgame's ProbCut (only with
    /// `probcut` statistics; see `Certainty`).
    pub certainty: Certainty,
    board: PhantomData<fn(B)>,
}

impl<'a, B: SearchBoard, E: Evaluator<B>> Context<'a, B, E> {
    pub fn new(
        table: &'a Table,
        eval: &'a E,
        stop: &'a AtomicBool,
        deadline: Option<Instant>,
        selective: bool,
    ) -> Context<'a, B, E> {
        Context {
            table,
            eval,
            nodes: 0,
            stop,
            deadline,
            next_check: CHECK_INTERVAL,
            aborted: false,
            isa: cpu::isa(),
            helper: 0,
            busy: None,
            probcut: eval.probcut().filter(|_| selective),
            certainty: Certainty::EXACT,
            board: PhantomData,
        }
    }

    /// This context as thread `helper` (0: the calling thread) of a parallel search.
    pub(crate) fn helping(self, helper: usize, busy: &'a Busy) -> Context<'a, B, E> {
        Context {
            helper,
            busy: Some(busy),
            ..self
        }
    }

    /// Plies the iterative deepening of this thread starts ahead of the calling thread's.
    pub fn depth_offset(&self) -> u32 {
        (self.helper % 2) as u32
    }

    /// True when another thread is searching `child`: a move that is not a node's first is then
    /// better left for later (its result may be in the table by then).
    #[inline]
    pub fn searched_elsewhere(&self, child: &B) -> bool {
        self.busy.is_some_and(|busy| busy.contains(&child.key()))
    }

    /// Marks `child` as being searched by this thread until `leave`.
    #[inline]
    pub fn enter(&self, child: &B) {
        if let Some(busy) = self.busy {
            busy.enter(&child.key());
        }
    }

    #[inline]
    pub fn leave(&self, child: &B) {
        if let Some(busy) = self.busy {
            busy.leave(&child.key());
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
