//! The time of one search: its deadlines, and when iterative deepening starts another iteration.

use std::time::{Duration, Instant};

use crate::eval::DISC;
use crate::square::Square;

/// Deadlines of one search: `soft` ends iterative deepening between iterations, `hard` aborts.
#[derive(Clone, Copy)]
pub(super) struct Clock {
    pub(super) start: Instant,
    soft: Option<Instant>,
    pub(super) hard: Option<Instant>,
}

impl Clock {
    pub(super) fn new(start: Instant, time: Option<Duration>) -> Clock {
        let hard = time.map(|t| {
            // Leave room for unwinding and for the caller.
            let margin = Duration::from_millis(10).min(t / 10);
            start + t.mul_f64(0.95).saturating_sub(margin)
        });
        let soft = time.map(|t| start + t.mul_f64(0.3));
        Clock { start, soft, hard }
    }

    pub(super) fn past_soft(&self) -> bool {
        self.soft.is_some_and(|s| Instant::now() >= s)
    }
}

/// Share of a move's time iterative deepening plans to use in a position where nothing
/// happens; `Pace` stretches or shrinks it.
const PLANNED_SHARE: f64 = 0.5;

/// The most of a move's time iterative deepening plans to use, however unsettled the position:
/// the rest is the margin for an iteration that takes longer than foreseen.
const MOST_SHARE: f64 = 0.85;

/// When iterative deepening with a time limit starts another iteration: when it is foreseen to
/// end (the last iteration's time times its growth over the one before) within the time planned
/// for this move. The plan grows when the position is unsettled (the best move changed at the
/// last iteration, or its score fell) and shrinks when one move has stayed best for several
/// iterations: the time goes where the position is critical.
pub(super) struct Pace {
    start: Instant,
    time: Duration,
    /// When the last iteration ended, and how long it and the one before took.
    last_end: Instant,
    last: Duration,
    before: Duration,
    /// The best move and score of the last iteration, and for how many iterations in a row the
    /// best move has been the same.
    best: Option<Square>,
    score: i32,
    held: u32,
    /// The share of the time planned, from the last iteration's verdict.
    share: f64,
}

impl Pace {
    pub(super) fn new(start: Instant, time: Duration) -> Pace {
        Pace {
            start,
            time,
            last_end: start,
            last: Duration::ZERO,
            before: Duration::ZERO,
            best: None,
            score: 0,
            held: 0,
            share: PLANNED_SHARE,
        }
    }

    /// Takes in an iteration that ended now with `best` scoring `score`.
    pub(super) fn completed(&mut self, best: Square, score: i32) {
        let now = Instant::now();
        self.before = self.last;
        self.last = now - self.last_end;
        self.last_end = now;
        let changed = self.best.is_some_and(|previous| previous != best);
        let fell = self.best.is_some() && score <= self.score - 2 * DISC;
        self.held = if changed { 0 } else { self.held + 1 };
        let mut factor = match self.held {
            0 => 2.0,
            1 | 2 => 1.0,
            _ => 0.6,
        };
        if fell {
            factor *= 1.5;
        }
        self.share = (PLANNED_SHARE * factor).min(MOST_SHARE);
        self.best = Some(best);
        self.score = score;
    }

    /// True when the next iteration is foreseen to end within the time planned.
    pub(super) fn next_fits(&self) -> bool {
        // Each ply costs a few times the one before; odd and even plies differ, so the
        // growth is measured, within bounds a single odd iteration cannot break.
        let growth = if self.before > Duration::from_millis(1) {
            (self.last.as_secs_f64() / self.before.as_secs_f64()).clamp(1.5, 4.0)
        } else {
            3.0
        };
        let foreseen = self.last_end - self.start + self.last.mul_f64(growth);
        foreseen <= self.time.mul_f64(self.share)
    }
}
