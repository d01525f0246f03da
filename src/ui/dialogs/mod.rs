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

use bevy::prelude::*;

use crate::app_actions::{AppWindow, OpenWindow};

/// Which windows are open.
#[derive(Resource, Default)]
pub struct Dialogs {
    pub statistics: bool,
    /// The game database window.
    pub database: bool,
    pub trainer: bool,
    pub puzzles: bool,
    /// Play a friend online.
    pub online: bool,
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
        .init_resource::<online::OnlineDraft>()
        .add_systems(Update, open_requested_dialogs)
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            (
                options::options_window,
                names::names_window,
                online::online_window,
                statistics::statistics_window,
                database::database_window,
                trainer::trainer_window,
                puzzles::puzzles_window,
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

fn open_requested_dialogs(mut requests: MessageReader<OpenWindow>, mut dialogs: ResMut<Dialogs>) {
    for OpenWindow(window) in requests.read() {
        match window {
            AppWindow::Statistics => dialogs.statistics = true,
            AppWindow::Database => dialogs.database = true,
            AppWindow::Trainer => dialogs.trainer = true,
            AppWindow::Puzzles => dialogs.puzzles = true,
            AppWindow::Online => dialogs.online = true,
            AppWindow::Options | AppWindow::Help(_) => {}
        }
    }
}
