//! The Game menu's recent files: the games last opened or saved, newest first, in `recent.ron`
//! beside the settings. Read at start-up with the policy of every file the game reads (damaged:
//! moved aside with a notice), written atomically whenever the list changes.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use super::{ConfigDir, MAX_CONFIG_FILE_BYTES};
use crate::game::Notice;
use crate::locale::Text;

pub const RECENT_FILE: &str = "recent.ron";

/// How many files the menu lists: the classic programs' short list.
pub const RECENT_LIMIT: usize = 8;

#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecentFiles {
    paths: Vec<PathBuf>,
}

impl RecentFiles {
    /// Newest first.
    pub fn paths(&self) -> &[PathBuf] {
        &self.paths
    }

    /// Puts `path` first, once, as an absolute path (the game may be started from another
    /// folder next time). Returns whether the list changed.
    pub fn remember(&mut self, path: &Path) -> bool {
        let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        if self.paths.first() == Some(&path) {
            return false;
        }
        self.paths.retain(|known| *known != path);
        self.paths.insert(0, path);
        self.paths.truncate(RECENT_LIMIT);
        true
    }

    /// Drops a file that is gone. Returns whether the list changed.
    pub fn forget(&mut self, path: &Path) -> bool {
        let before = self.paths.len();
        self.paths.retain(|known| known != path);
        self.paths.len() != before
    }

    /// Writes the list beside the settings.
    pub fn save(&self, dir: &ConfigDir) -> Result<(), Text> {
        super::save(&dir.file(RECENT_FILE)?, self)
    }

    /// A list read from a file holds at most [`RECENT_LIMIT`] paths, each once.
    fn tidied(mut self) -> RecentFiles {
        let mut seen = Vec::new();
        self.paths.retain(|path| {
            let first = !seen.contains(path);
            seen.push(path.clone());
            first
        });
        self.paths.truncate(RECENT_LIMIT);
        self
    }
}

/// Loads the list at start-up unless the app was given one.
pub(super) fn plugin(app: &mut App) {
    if app.world().contains_resource::<RecentFiles>() {
        return;
    }
    let path = app.world().resource::<ConfigDir>().file(RECENT_FILE).ok();
    let loaded = path.map(|path| {
        super::loaded_or_default(
            &path,
            super::read_ron::<RecentFiles>(&path, MAX_CONFIG_FILE_BYTES),
        )
    });
    let (recent, notice) = loaded.map_or((RecentFiles::default(), None), |l| (l.value, l.notice));
    if let Some(notice) = notice {
        app.world_mut().resource_mut::<Notice>().add(notice);
    }
    app.insert_resource(recent.tidied());
}

/// Puts `path` first in the list and saves it; a list that cannot be saved is said after what
/// the player did, which worked.
pub(crate) fn remember(
    recent: &mut RecentFiles,
    dir: &ConfigDir,
    notice: &mut Notice,
    path: &Path,
) {
    if recent.remember(path)
        && let Err(error) = recent.save(dir)
    {
        notice.add(Text::new("notice-recent-not-saved").with("error", error));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newest_comes_first_once_and_the_list_stays_short() {
        // An absolute folder on every system ("/games" is not one on Windows, which has drives).
        let games = std::env::temp_dir().join("games");
        let game = |n: usize| games.join(format!("{n}.ron"));
        let mut recent = RecentFiles::default();
        for n in 0..RECENT_LIMIT + 3 {
            recent.remember(&game(n));
        }
        assert!(recent.remember(&game(3)));
        assert!(!recent.remember(&game(3)), "already first");
        assert_eq!(recent.paths().len(), RECENT_LIMIT);
        assert_eq!(recent.paths()[0], game(3));
        assert_eq!(recent.paths()[1], game(10));
        assert_eq!(recent.paths().iter().filter(|p| **p == game(3)).count(), 1);
        assert!(recent.forget(&game(3)));
        assert_eq!(recent.paths()[0], game(10));
    }

    #[test]
    fn a_relative_path_is_remembered_from_where_the_game_runs() {
        let mut recent = RecentFiles::default();
        recent.remember(Path::new("game.ron"));
        assert!(recent.paths()[0].is_absolute());
        assert!(recent.paths()[0].ends_with("game.ron"));
    }

    #[test]
    fn a_list_from_a_file_is_tidied() {
        let paths: Vec<PathBuf> = (0..20)
            .map(|n| PathBuf::from(format!("/g/{}.ron", n % 10)))
            .collect();
        let recent = RecentFiles { paths }.tidied();
        assert_eq!(recent.paths().len(), RECENT_LIMIT);
        assert_eq!(recent.paths()[1], Path::new("/g/1.ron"));
    }
}
