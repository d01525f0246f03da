//! What the player practised, kept in `study.ron`: the repetition cards, the drills set up and
//! the puzzles made from the player's games.

use std::time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use reversi_engine::study::drill::{Drill, DrillChoice};
use reversi_engine::study::puzzles::Puzzle;
use reversi_engine::study::repetition::{Card, Day, Outcome, due};
use serde::{Deserialize, Serialize};

use crate::game::Notice;
use crate::locale::Text;
use crate::persistence::{self, ConfigDir};

/// The player's practice, beside the settings.
pub const STUDY_FILE: &str = "study.ron";

/// What the player has practised, kept across restarts.
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct StudyRecord {
    /// One card per opening drill (opening and colour) and per puzzle tried.
    pub cards: Vec<Card>,
    /// Every drill set up, the last first: the trainer offers them again.
    pub drills: Vec<DrillChoice>,
    /// The puzzles made from the player's games (the built-in ones come with the engine).
    pub puzzles: Vec<Puzzle>,
}

impl StudyRecord {
    /// The card kept under `key`.
    pub fn card(&self, key: &str) -> Option<&Card> {
        self.cards.iter().find(|card| card.key == key)
    }

    /// Counts one try of `key`: a success moves its card on, a failure brings it back soon.
    pub(super) fn review(&mut self, key: String, outcome: Outcome, today: Day) {
        let index = match self.cards.iter().position(|card| card.key == key) {
            Some(index) => index,
            None => {
                self.cards.push(Card::new(key, today));
                self.cards.len() - 1
            }
        };
        self.cards[index].review(outcome, today);
    }

    /// The drills set up before whose card is due today, most overdue first.
    pub fn due_drills(&self) -> Vec<DrillChoice> {
        let today = today();
        due(&self.cards, today)
            .into_iter()
            .filter_map(|card| {
                self.drills.iter().find(|choice| {
                    Drill::new((*choice).clone()).is_ok_and(|drill| drill.key() == card.key)
                })
            })
            .cloned()
            .collect()
    }

    /// The next puzzle to try: the one most overdue, else the first never tried (the built-in
    /// ones easiest first, then the player's own), else none.
    pub fn next_puzzle(&self, built_in: &[Puzzle]) -> Option<Puzzle> {
        let all = || built_in.iter().chain(&self.puzzles);
        let overdue = due(&self.cards, today())
            .into_iter()
            .find_map(|card| all().find(|puzzle| puzzle.key() == card.key));
        overdue
            .or_else(|| all().find(|puzzle| self.card(&puzzle.key()).is_none()))
            .cloned()
    }

    /// Puts `choice` first among the drills, once.
    pub(super) fn remember_drill(&mut self, choice: &DrillChoice) {
        self.drills
            .retain(|known| known.line != choice.line || known.player != choice.player);
        self.drills.insert(0, choice.clone());
    }
}

/// The FFO endgame problems built into the engine, easiest first, read once.
#[derive(Resource)]
pub struct BuiltInPuzzles(pub Vec<Puzzle>);

/// Today, as the repetition cards count days.
pub fn today() -> Day {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs() / 86_400)
}

/// Writes the record; one that cannot be written is said, and kept for the next try.
pub(super) fn save(record: &StudyRecord, dir: &ConfigDir, notice: &mut Notice) {
    if let Err(error) = dir
        .file(STUDY_FILE)
        .and_then(|path| persistence::save(&path, record))
    {
        notice.add(Text::new("notice-study-not-saved").with("error", error));
    }
}
