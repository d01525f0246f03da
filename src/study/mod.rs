//! Learning with the game: the opening trainer (the player finds the book's moves of a named
//! opening, or of any book line, against the book's replies) and puzzles (find the best move:
//! the FFO endgame problems built in, and the positions of the player's reviewed games where a
//! move lost 4 discs or more). What the player practised is kept in `study.ron`: a
//! spaced-repetition card per opening and colour and per puzzle (a line or puzzle got wrong
//! comes back sooner), the puzzles made from the player's games, and the drills set up.
//!
//! A session takes over the game on the board: the side the study plays is a `ScriptedSide`,
//! which the computer player leaves alone, and the players before the session come back when
//! the player starts a new game.

mod drill;
mod puzzles;
mod record;
mod session;
mod start_stop;

pub use record::{BuiltInPuzzles, STUDY_FILE, StudyRecord, today};
pub use session::{DrillSession, PuzzleCheck, PuzzleSession, StudyCommand, Studying};

use bevy::prelude::*;
use reversi_engine::study::puzzles::built_in;

use crate::game::Notice;
use crate::persistence::{self, ConfigDir};
use crate::schedule::GameSystems;
use start_stop::{leave_for_other_games, start_and_stop};

pub fn plugin(app: &mut App) {
    if !app.world().contains_resource::<StudyRecord>() {
        let path = app.world().resource::<ConfigDir>().file(STUDY_FILE).ok();
        let loaded = path.map(|path| persistence::load_or_default::<StudyRecord>(&path));
        let (record, notice) =
            loaded.map_or((StudyRecord::default(), None), |l| (l.value, l.notice));
        if let Some(notice) = notice {
            app.world_mut().resource_mut::<Notice>().add(notice);
        }
        app.insert_resource(record);
    }
    app.insert_resource(BuiltInPuzzles(built_in()))
        .init_resource::<Studying>()
        .add_message::<StudyCommand>()
        .add_systems(
            Update,
            (
                leave_for_other_games,
                start_and_stop,
                drill::steer_drill,
                puzzles::steer_puzzle,
            )
                .chain()
                .in_set(GameSystems::View),
        )
        .init_resource::<puzzles::AfterGameReview>()
        .add_systems(
            Update,
            (
                puzzles::puzzles_from_reviews,
                puzzles::review_finished_games,
            )
                .in_set(GameSystems::View),
        );
}
