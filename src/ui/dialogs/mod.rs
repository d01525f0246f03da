//! The dialogs: Options, Statistics, Save game / Open game / Save picture, a GGF file's list of
//! games, the game review, the game record, the position setup and the offer of an unfinished
//! game; which of them are open.

mod files;
mod game_list;
mod options;
mod record;
mod review;
mod setup;
mod statistics;
mod unfinished;

pub use files::{FileDialog, start_open, start_picture_export, start_save};
pub use record::open_record;

use bevy::prelude::*;

use crate::input::OpenDialog;

/// Which windows are open.
#[derive(Resource, Default)]
pub struct Dialogs {
    pub statistics: bool,
    pub file: Option<FileDialog>,
    pub record: Option<record::RecordWindow>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Dialogs>()
        .init_resource::<game_list::SelectedGame>()
        .add_systems(Update, open_requested_dialogs)
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            (
                options::options_window,
                statistics::statistics_window,
                files::file_window,
                game_list::game_list_window,
                review::review_window,
                record::record_window,
                setup::setup_window,
                unfinished::unfinished_game_window,
            ),
        );
}

fn open_requested_dialogs(mut requests: MessageReader<OpenDialog>, mut dialogs: ResMut<Dialogs>) {
    if requests
        .read()
        .any(|request| *request == OpenDialog::Statistics)
    {
        dialogs.statistics = true;
    }
}
