//! The log of the last run in a file, `reversi.log` in the game's data folder, written from the
//! start of each run: a release build on Windows has no console, and a player reporting a
//! problem on any system can send the file.

use std::fs::File;
use std::path::PathBuf;
use std::sync::Mutex;

use bevy::log::tracing_subscriber::{Layer, fmt};
use bevy::log::{BoxedLayer, LogPlugin};
use bevy::prelude::*;

use crate::persistence::{dir_from_environment, project_dirs};

pub const LOG_FILE: &str = "reversi.log";

/// Bevy's log settings, with the file beside the console.
pub fn log_plugin() -> LogPlugin {
    LogPlugin {
        custom_layer: to_file,
        ..default()
    }
}

/// Where the log goes: the data folder (`REVERSI_DATA_DIR` overrides it, as tests do).
pub fn log_path() -> Option<PathBuf> {
    let dir = dir_from_environment("REVERSI_DATA_DIR")
        .or_else(|| project_dirs().map(|dirs| dirs.data_local_dir().to_path_buf()))?;
    Some(dir.join(LOG_FILE))
}

/// A layer writing plain lines to the log file; none when the file cannot be made (the console
/// still has the log, and the game never depends on its log).
fn to_file(_app: &mut App) -> Option<BoxedLayer> {
    let path = log_path()?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).ok()?;
    }
    let file = File::create(&path).ok()?;
    Some(
        fmt::layer()
            .with_ansi(false)
            .with_writer(Mutex::new(file))
            .boxed(),
    )
}
