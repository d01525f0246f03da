//! The player's files: where they live ([`ConfigDir`]), RON written atomically and read
//! defensively (a file that cannot be read is moved aside with a notice, never silently lost or
//! overwritten, and the game carries on with defaults); the statistics; saved games, GGF files,
//! the autosave of the game in progress, the recent files and the clipboard.

mod autosave;
mod folders;
mod ggf;
mod loading;
mod lock;
mod put_aside;
mod reading;
mod recent;
mod saved_games;
mod statistics;
#[cfg(test)]
mod tests;
mod writing;

pub use autosave::{AUTOSAVE_FILE, AutosaveOff, UnfinishedGame, UnfinishedGameAnswer};
pub use ggf::{GameList, GgfFile, describe as describe_ggf_game};
pub use recent::{RECENT_FILE, RECENT_LIMIT, RecentFiles};
pub use saved_games::{
    GameTransfer, OpenedFile, OpeningGame, SavedGame, read_game_file, saved_games,
    suggested_save_path, utc_now,
};
pub use statistics::{Record, Records, ResetStatistics, STATISTICS_FILE, Statistics};

pub use folders::{
    CONFIG_DIR_VARIABLE, ConfigDir, GAMES_DIR_VARIABLE, GamesDir, dir_from_environment,
    project_dirs,
};
use loading::loaded_or_default;
pub use loading::{Loaded, load_or_default};
pub(crate) use put_aside::is_kept_untouched;
pub use put_aside::{Fallback, Unusable, put_aside_or_keep};
pub(crate) use reading::read_text;
pub use reading::{MAX_CONFIG_FILE_BYTES, ReadError, read_ron};
pub use writing::{save, write_atomically};

use bevy::prelude::*;

/// Finds the configuration directory unless the app was given one (tests and the command line
/// do), then loads the statistics.
pub fn plugin(app: &mut App) {
    if !app.world().contains_resource::<ConfigDir>() {
        app.insert_resource(ConfigDir::from_environment());
    }
    if !app.world().contains_resource::<GamesDir>() {
        app.insert_resource(GamesDir::from_environment());
    }
    app.add_plugins((
        statistics::plugin,
        recent::plugin,
        saved_games::plugin,
        autosave::plugin,
    ));
}
