//! The clock of an online game, as each program keeps it. Each side times both players: its own
//! moves exactly, the other's as it sees them arrive (their thinking plus the line's delay). A
//! peer's claim of time left is taken when it is at most [`LATENCY_ALLOWANCE`] more than what
//! this side saw; more is a clock that lies, and this side's own count is kept. The clock stops
//! while the line is down, for as long in all as the invitation allows.

use std::time::{Duration, Instant};

use reversi_engine::Color;
use serde::{Deserialize, Serialize};

use crate::invitation::ClockTerms;

/// How much more time a peer may claim than this side saw it keep: the line's delay there and
/// back, with room for a slow network.
pub const LATENCY_ALLOWANCE: Duration = Duration::from_secs(3);

/// A side is out of time on the other side's count only after this much more, so an honest
/// program always says so itself first.
pub const FLAG_GRACE: Duration = Duration::from_secs(2);

/// The clock's state that outlives the program: each side's time left, the pause left.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedClock {
    pub left_ms: [u64; 2],
    pub pause_left_ms: u64,
}

#[derive(Clone, Debug)]
pub struct OnlineClock {
    increment: Duration,
    left: [Duration; 2],
    /// Whose time runs, and from when it is charged.
    running: Option<(Color, Instant)>,
    pause_left: Duration,
    /// Since when the line has been down.
    down_since: Option<Instant>,
}

/// A peer claimed more time than it can have.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ClockLie {
    pub claimed: Duration,
    pub seen: Duration,
}

fn index(color: Color) -> usize {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

impl OnlineClock {
    pub fn new(terms: ClockTerms, pause_limit: Duration) -> OnlineClock {
        let each = Duration::from_secs(u64::from(terms.minutes) * 60);
        OnlineClock {
            increment: Duration::from_secs(u64::from(terms.increment_seconds)),
            left: [each; 2],
            running: None,
            pause_left: pause_limit,
            down_since: None,
        }
    }

    pub fn restore(terms: ClockTerms, saved: SavedClock) -> OnlineClock {
        let mut clock = OnlineClock::new(terms, Duration::from_millis(saved.pause_left_ms));
        let cap = Duration::from_secs(u64::from(ClockTerms::MAX_MINUTES) * 60 * 4);
        clock.left = saved.left_ms.map(|ms| Duration::from_millis(ms).min(cap));
        clock
    }

    pub fn saved(&self, now: Instant) -> SavedClock {
        SavedClock {
            left_ms: [Color::Black, Color::White]
                .map(|color| self.left(color, now).as_millis() as u64),
            pause_left_ms: self.pause_left_at(now).as_millis() as u64,
        }
    }

    /// The pause allowance left at `now` (it drains while the line is down).
    fn pause_left_at(&self, now: Instant) -> Duration {
        match self.down_since {
            Some(since) => self
                .pause_left
                .saturating_sub(now.saturating_duration_since(since)),
            None => self.pause_left,
        }
    }

    /// The time charged to the running side from `from` to `now`: all of it while the line is
    /// up, and while it is down only what exceeds the pause allowance.
    fn charged(&self, from: Instant, now: Instant) -> Duration {
        match self.down_since {
            None => now.saturating_duration_since(from),
            Some(since) => {
                let before = since.saturating_duration_since(from);
                let down = now.saturating_duration_since(since.max(from));
                before + down.saturating_sub(self.pause_left)
            }
        }
    }

    /// `color`'s time left at `now`.
    pub fn left(&self, color: Color, now: Instant) -> Duration {
        let left = self.left[index(color)];
        match self.running {
            Some((running, from)) if running == color => {
                left.saturating_sub(self.charged(from, now))
            }
            _ => left,
        }
    }

    /// Starts (or restarts) `color`'s time from `now`.
    pub fn start(&mut self, color: Color, now: Instant) {
        self.running = Some((color, now));
    }

    pub fn stop(&mut self, now: Instant) {
        if let Some((color, _)) = self.running {
            self.left[index(color)] = self.left(color, now);
        }
        self.running = None;
    }

    /// `color` moved at `now`: its time is charged, the increment added, and `next`'s time
    /// starts. Returns `color`'s time left.
    pub fn moved(&mut self, color: Color, next: Option<Color>, now: Instant) -> Duration {
        let left = self.left(color, now) + self.increment;
        self.left[index(color)] = left;
        self.running = next.map(|next| (next, now));
        left
    }

    /// The peer says `color` has `claimed` left after its move. Taken unless it is more than
    /// this side saw plus the latency allowance.
    pub fn check_claim(&mut self, color: Color, claimed: Duration) -> Result<(), ClockLie> {
        let seen = self.left[index(color)];
        if claimed > seen + LATENCY_ALLOWANCE {
            return Err(ClockLie { claimed, seen });
        }
        self.left[index(color)] = claimed;
        Ok(())
    }

    /// Whether `color` is out of time at `now` with the given grace.
    pub fn is_out(&self, color: Color, now: Instant, grace: Duration) -> bool {
        let left = self.left(color, now);
        left.is_zero() && {
            let over = match self.running {
                Some((running, from)) if running == color => self
                    .charged(from, now)
                    .saturating_sub(self.left[index(color)]),
                _ => Duration::ZERO,
            };
            over >= grace
        }
    }

    pub fn line_down(&mut self, now: Instant) {
        if self.down_since.is_none() {
            self.down_since = Some(now);
        }
    }

    pub fn line_up(&mut self, now: Instant) {
        if self.down_since.is_some() {
            if let Some((color, _)) = self.running {
                self.left[index(color)] = self.left(color, now);
                self.running = Some((color, now));
            }
            self.pause_left = self.pause_left_at(now);
            self.down_since = None;
        }
    }

    pub fn is_paused(&self, now: Instant) -> bool {
        self.down_since.is_some() && !self.pause_left_at(now).is_zero()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TERMS: ClockTerms = ClockTerms {
        minutes: 1,
        increment_seconds: 2,
    };

    fn secs(seconds: u64) -> Duration {
        Duration::from_secs(seconds)
    }

    #[test]
    fn a_move_charges_the_mover_adds_the_increment_and_starts_the_other_side() {
        let t0 = Instant::now();
        let mut clock = OnlineClock::new(TERMS, secs(60));
        clock.start(Color::Black, t0);
        let left = clock.moved(Color::Black, Some(Color::White), t0 + secs(10));
        assert_eq!(left, secs(52));
        assert_eq!(clock.left(Color::White, t0 + secs(15)), secs(55));
        assert_eq!(clock.left(Color::Black, t0 + secs(15)), secs(52));
    }

    #[test]
    fn the_clock_stops_while_the_line_is_down_within_the_pause_limit() {
        let t0 = Instant::now();
        let mut clock = OnlineClock::new(TERMS, secs(20));
        clock.start(Color::Black, t0);
        clock.line_down(t0 + secs(5));
        assert!(clock.is_paused(t0 + secs(10)));
        assert_eq!(clock.left(Color::Black, t0 + secs(15)), secs(55), "stopped");
        // 30 s down: the first 20 are free, the last 10 are charged.
        assert_eq!(clock.left(Color::Black, t0 + secs(35)), secs(45));
        clock.line_up(t0 + secs(35));
        assert_eq!(clock.left(Color::Black, t0 + secs(40)), secs(40));
        clock.line_down(t0 + secs(40));
        assert!(!clock.is_paused(t0 + secs(41)), "the allowance is spent");
    }

    #[test]
    fn a_claim_of_more_time_than_seen_is_a_lie_and_less_is_taken() {
        let t0 = Instant::now();
        let mut clock = OnlineClock::new(TERMS, secs(0));
        clock.start(Color::White, t0);
        clock.moved(Color::White, Some(Color::Black), t0 + secs(20));
        assert_eq!(clock.left(Color::White, t0 + secs(20)), secs(42));
        assert!(clock.check_claim(Color::White, secs(44)).is_ok(), "latency");
        assert_eq!(
            clock.check_claim(Color::White, secs(60)),
            Err(ClockLie {
                claimed: secs(60),
                seen: secs(44)
            })
        );
        assert_eq!(clock.left(Color::White, t0 + secs(21)), secs(44));
    }

    #[test]
    fn a_side_is_out_only_after_the_grace() {
        let t0 = Instant::now();
        let mut clock = OnlineClock::new(TERMS, secs(0));
        clock.start(Color::Black, t0);
        assert!(!clock.is_out(Color::Black, t0 + secs(61), FLAG_GRACE));
        assert!(clock.is_out(Color::Black, t0 + secs(62), FLAG_GRACE));
        assert!(clock.is_out(Color::Black, t0 + secs(60), Duration::ZERO));
        assert!(!clock.is_out(Color::White, t0 + secs(90), Duration::ZERO));
    }
}
