//! Spaced repetition of what a player practises (opening lines, puzzles), by Leitner boxes.
//!
//! Each item is a [`Card`] in one of a few boxes. A success moves it one box up, and each box
//! waits longer before the item comes back: 1, 3, 7, 16, 35 and then 80 days. A failure puts it
//! back in the first box, due the next day, so a missed line is practised again while it is
//! fresh. Leitner boxes rather than an SM-2-like ease factor: a player sees why an item comes back
//! ("box 3 of 6"), and one outcome a review (right or wrong) is all the game knows of a drill.
//!
//! The engine has no clock: the caller passes "now" as a [`Day`].

use serde::{Deserialize, Serialize};

/// A day number: days since the Unix epoch (the caller's seconds since the epoch divided by
/// 86,400, in the player's time zone if it wants days to turn at local midnight).
pub type Day = u64;

/// Days an item waits after a success that put it in box `n` (`INTERVALS[n - 1]`); the last one
/// repeats for every later success.
const INTERVALS: [Day; 6] = [1, 3, 7, 16, 35, 80];

/// The highest box: a card there has succeeded at least this many times in a row.
pub const TOP_BOX: u8 = INTERVALS.len() as u8;

/// How a review went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Success,
    Failure,
}

/// One practised item and its schedule: what the game saves for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Card {
    /// The item, as `Drill::key` and `Puzzle::key` name it.
    pub key: String,
    /// 0 for a new or just failed item, up to [`TOP_BOX`]. A saved file's larger box counts as
    /// the top one.
    pub leitner_box: u8,
    /// The first day the item is due.
    pub due: Day,
    pub successes: u32,
    pub failures: u32,
    /// The last review's day and outcome; `None` before the first.
    pub last_review: Option<(Day, Outcome)>,
}

impl Card {
    /// A new item, due at once.
    pub fn new(key: impl Into<String>, now: Day) -> Card {
        Card {
            key: key.into(),
            leitner_box: 0,
            due: now,
            successes: 0,
            failures: 0,
            last_review: None,
        }
    }

    pub fn is_due(&self, now: Day) -> bool {
        self.due <= now
    }

    /// Records a review on day `now`: a success moves the card one box up and away by that box's
    /// interval, a failure back to box 0 and due tomorrow. Reviewing early (before `due`) counts
    /// the same.
    pub fn review(&mut self, outcome: Outcome, now: Day) {
        match outcome {
            Outcome::Success => {
                self.leitner_box = self.leitner_box.min(TOP_BOX - 1) + 1;
                let wait = INTERVALS[usize::from(self.leitner_box) - 1];
                self.due = now.saturating_add(wait);
                self.successes = self.successes.saturating_add(1);
            }
            Outcome::Failure => {
                self.leitner_box = 0;
                self.due = now.saturating_add(1);
                self.failures = self.failures.saturating_add(1);
            }
        }
        self.last_review = Some((now, outcome));
    }

    fn failed_on(&self) -> Option<Day> {
        match self.last_review {
            Some((day, Outcome::Failure)) => Some(day),
            _ => None,
        }
    }
}

/// The cards due on day `now`, in the order to practise them: the most overdue first, then
/// among equally overdue ones those failed most recently, then by key (so the order is the same
/// every time).
pub fn due(cards: &[Card], now: Day) -> Vec<&Card> {
    let mut due: Vec<&Card> = cards.iter().filter(|card| card.is_due(now)).collect();
    due.sort_by(|a, b| {
        a.due
            .cmp(&b.due)
            .then_with(|| b.failed_on().cmp(&a.failed_on()))
            .then_with(|| a.key.cmp(&b.key))
    });
    due
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_success_waits_longer_and_a_failure_comes_back_tomorrow() {
        let mut card = Card::new("opening:Tiger:Black", 100);
        assert!(card.is_due(100));
        let mut day = 100;
        let mut waits = Vec::new();
        for _ in 0..8 {
            card.review(Outcome::Success, day);
            waits.push(card.due - day);
            assert!(!card.is_due(day));
            day = card.due;
        }
        assert_eq!(waits, [1, 3, 7, 16, 35, 80, 80, 80]);
        assert_eq!(card.leitner_box, TOP_BOX);

        card.review(Outcome::Failure, day);
        assert_eq!(card.due, day + 1);
        assert_eq!(card.leitner_box, 0);
        assert_eq!((card.successes, card.failures), (8, 1));
        card.review(Outcome::Success, day + 1);
        assert_eq!(card.due, day + 2, "after a failure the climb starts again");
    }

    #[test]
    fn a_damaged_box_number_from_a_file_counts_as_the_top_box() {
        let mut card = Card {
            leitner_box: 250,
            ..Card::new("puzzle", 0)
        };
        card.review(Outcome::Success, 10);
        assert_eq!(card.leitner_box, TOP_BOX);
        assert_eq!(card.due, 90);
    }

    #[test]
    fn the_most_overdue_come_first_then_the_recent_failures() {
        let mut old = Card::new("old", 3);
        old.review(Outcome::Success, 3); // due day 4
        let mut failed = Card::new("failed", 4);
        failed.review(Outcome::Failure, 9); // due day 10
        let mut passed = Card::new("passed", 7);
        passed.review(Outcome::Success, 7);
        passed.review(Outcome::Success, 8); // due day 11
        let mut later = Card::new("a-later", 0);
        later.review(Outcome::Success, 9); // due day 10
        let new = Card::new("new", 10);
        let cards = [new, later, passed, failed, old];
        let order: Vec<&str> = due(&cards, 10).iter().map(|c| c.key.as_str()).collect();
        assert_eq!(order, ["old", "failed", "a-later", "new"]);
    }

    #[test]
    fn a_card_survives_a_save_and_load() {
        let mut card = Card::new("puzzle:ffo-40", 20_000);
        card.review(Outcome::Failure, 20_000);
        let text = ron::to_string(&card).unwrap();
        assert_eq!(ron::from_str::<Card>(&text).unwrap(), card);
    }
}
