//! Where the player's files live: the configuration folder and the saved games' folder.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::locale::Text;

/// Overrides the configuration directory (tests use it).
pub const CONFIG_DIR_VARIABLE: &str = "REVERSI_CONFIG_DIR";

/// The folder an environment variable names, when it is set and not empty: tests and players
/// move the game's folders with them.
pub fn dir_from_environment(variable: &str) -> Option<PathBuf> {
    std::env::var_os(variable)
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
}

/// The platform's folders for this game (configuration, data), if the system has them.
pub fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("org", "reversi3d", "reversi3d")
}

/// Where settings, statistics, the window's placement, the recent files and the autosave live:
/// `$REVERSI_CONFIG_DIR`, else the platform's configuration directory (`~/.config/reversi3d` on
/// Linux). `None` on a system without one: the game then plays with defaults and says so when
/// asked to save.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct ConfigDir(pub Option<PathBuf>);

impl ConfigDir {
    pub fn from_environment() -> ConfigDir {
        ConfigDir(
            dir_from_environment(CONFIG_DIR_VARIABLE)
                .or_else(|| project_dirs().map(|dirs| dirs.config_dir().to_path_buf())),
        )
    }

    /// The path of `name` in this directory.
    pub fn file(&self, name: &str) -> Result<PathBuf, Text> {
        self.0
            .as_ref()
            .map(|dir| dir.join(name))
            .ok_or_else(|| Text::new("error-no-config-dir"))
    }
}

/// Overrides the folder saved games go to by default (tests use it).
pub const GAMES_DIR_VARIABLE: &str = "REVERSI_GAMES_DIR";

/// Where Save game, Save picture and the file chooser start: the player's documents, not the
/// configuration folder, since saved games are the player's own files to keep, copy and mail.
/// `Reversi 3D` in the documents folder, or in the data folder on a system without one.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct GamesDir(pub Option<PathBuf>);

impl GamesDir {
    pub fn from_environment() -> GamesDir {
        let documents = || {
            directories::UserDirs::new()
                .and_then(|dirs| dirs.document_dir().map(|dir| dir.join("Reversi 3D")))
        };
        let data = || project_dirs().map(|dirs| dirs.data_dir().join("games"));
        GamesDir(
            dir_from_environment(GAMES_DIR_VARIABLE)
                .or_else(documents)
                .or_else(data),
        )
    }
}
