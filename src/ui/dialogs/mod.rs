//! The dialogs: Options, Statistics, playing a friend online, the game database, the opening trainer, the puzzles, Save game / Open game / Save picture
//! (the system's file chooser, or the in-game window where there is none), a GGF file's list of
//! games, the game review, the game record, the position setup and the offer of an unfinished
//! game, the players' names asked at the first game; which of them are open.

mod chooser;
mod database;
mod files;
mod game_list;
mod names;
mod online;
mod options;
mod puzzles;
mod record;
mod review;
mod setup;
mod statistics;
mod trainer;
mod unfinished;

pub use chooser::ChooseFile;
pub use files::{FileDialog, FilePurpose};
pub(super) use options::variant_name;
pub use record::open_record;
pub(super) use statistics::StatisticsWindow;

use bevy::prelude::*;

/// The file windows and the game record, which more than one window opens; every other window
/// keeps its own open state (`app_actions::Shown`).
#[derive(Resource, Default)]
pub struct Dialogs {
    /// The in-game file window, where the system's chooser cannot open.
    pub file: Option<FileDialog>,
    /// The system's file chooser, while it is open.
    pub chooser: Option<chooser::NativeChooser>,
    pub record: Option<record::RecordWindow>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(chooser::plugin)
        .init_resource::<Dialogs>()
        .init_resource::<game_list::SelectedGame>()
        .add_plugins((
            statistics::plugin,
            database::plugin,
            trainer::plugin,
            puzzles::plugin,
            online::plugin,
        ))
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            (
                options::options_window,
                names::names_window,
                files::file_window,
                game_list::game_list_window,
                review::review_window,
                record::record_window,
                setup::setup_window,
                unfinished::unfinished_game_window,
            ),
        );
}

/// Squares as players write a line: `c4 d3 c5`.
fn squares_text(squares: &[reversi_engine::Square]) -> String {
    squares
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
