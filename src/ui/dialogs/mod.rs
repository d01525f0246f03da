//! The dialogs: Options, Statistics, and Save game / Open game; which of them are open.

mod files;
mod options;
mod statistics;

pub use files::{FileDialog, start_open, start_save};

use bevy::prelude::*;

use crate::input::OpenDialog;

/// Which windows are open.
#[derive(Resource, Default)]
pub struct Dialogs {
    pub statistics: bool,
    pub file: Option<FileDialog>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Dialogs>()
        .add_systems(Update, open_requested_dialogs)
        .add_systems(
            bevy_egui::EguiPrimaryContextPass,
            (
                options::options_window,
                statistics::statistics_window,
                files::file_window,
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
