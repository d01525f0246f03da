//! The player's files: where they live ([`ConfigDir`]), RON written atomically and read
//! defensively (a file that cannot be read is moved aside with a notice, never silently lost or
//! overwritten, and the game carries on with defaults); the statistics; saved games and the
//! clipboard.

mod saved_games;
mod statistics;

pub use saved_games::{
    GameTransfer, SavedGame, games_dir, read_saved_game, saved_games, suggested_save_path,
};
pub use statistics::{Record, STATISTICS_FILE, Statistics, save_statistics};

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Overrides the configuration directory (tests use it).
pub const CONFIG_DIR_VARIABLE: &str = "REVERSI_CONFIG_DIR";

/// Where settings, statistics and saved games live: `$REVERSI_CONFIG_DIR`, else the platform's
/// configuration directory (`~/.config/reversi3d` on Linux). `None` on a system without one: the
/// game then plays with defaults and says so when asked to save.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct ConfigDir(pub Option<PathBuf>);

impl ConfigDir {
    pub fn from_environment() -> ConfigDir {
        if let Some(dir) = std::env::var_os(CONFIG_DIR_VARIABLE).filter(|dir| !dir.is_empty()) {
            return ConfigDir(Some(PathBuf::from(dir)));
        }
        ConfigDir(
            directories::ProjectDirs::from("org", "reversi3d", "reversi3d")
                .map(|dirs| dirs.config_dir().to_path_buf()),
        )
    }

    /// The path of `name` in this directory.
    pub fn file(&self, name: &str) -> Result<PathBuf, String> {
        self.0
            .as_ref()
            .map(|dir| dir.join(name))
            .ok_or_else(|| "this system has no configuration directory".to_string())
    }
}

/// Finds the configuration directory unless the app was given one (tests and the command line
/// do), then loads the statistics.
pub fn plugin(app: &mut App) {
    if !app.world().contains_resource::<ConfigDir>() {
        app.insert_resource(ConfigDir::from_environment());
    }
    app.add_plugins((statistics::plugin, saved_games::plugin));
}

/// A file read at start-up: its value, and a sentence for the player if something was wrong.
pub struct Loaded<T> {
    pub value: T,
    pub notice: Option<String>,
}

/// Reads `path`, or the default when there is no such file. A file that exists but cannot be read
/// or parsed is renamed `<name>.bad-<timestamp>` so the player's data survives for inspection.
pub fn load_or_default<T: DeserializeOwned + Default>(path: &Path) -> Loaded<T> {
    let text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            return Loaded {
                value: T::default(),
                notice: None,
            };
        }
        Err(error) => return set_aside(path, &error.to_string()),
    };
    match ron::from_str(&text) {
        Ok(value) => Loaded {
            value,
            notice: None,
        },
        Err(error) => set_aside(path, &error.to_string()),
    }
}

fn set_aside<T: Default>(path: &Path, problem: &str) -> Loaded<T> {
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |name| name.to_string_lossy().into_owned());
    let stamp = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    let aside = path.with_file_name(format!("{name}.bad-{stamp}"));
    let notice = match fs::rename(path, &aside) {
        Ok(()) => format!(
            "{} could not be read ({problem}). It was kept as {} and defaults are used.",
            path.display(),
            aside.display()
        ),
        Err(error) => {
            keep_untouched(path);
            format!(
                "{} could not be read ({problem}) nor moved aside ({error}); defaults are used and it will not be overwritten.",
                path.display()
            )
        }
    };
    Loaded {
        value: T::default(),
        notice: Some(notice),
    }
}

/// Writes `value` to `path` atomically: a temporary file in the same directory, flushed, then
/// renamed over the old one, so a crash never leaves half a file.
pub fn save<T: Serialize>(path: &Path, value: &T) -> Result<(), String> {
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(|error| format!("cannot encode {}: {error}", path.display()))?;
    write_atomically(path, text.as_bytes())
}

/// Files that could be neither read nor moved aside at start-up: the player was told they would
/// not be overwritten, so no write replaces them while the game runs. Process-wide, because the
/// promise is about the file, whoever writes next.
static KEPT_UNTOUCHED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn keep_untouched(path: &Path) {
    if let Ok(mut kept) = KEPT_UNTOUCHED.lock() {
        kept.push(path.to_path_buf());
    }
}

fn is_kept_untouched(path: &Path) -> bool {
    KEPT_UNTOUCHED
        .lock()
        .map_or(true, |kept| kept.iter().any(|kept| kept == path))
}

pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let fail = |error: std::io::Error| format!("cannot write {}: {error}", path.display());
    if is_kept_untouched(path) {
        return Err(format!(
            "{} could not be read when the game started and is kept as it is",
            path.display()
        ));
    }
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        fs::create_dir_all(dir).map_err(fail)?;
    }
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |name| name.to_string_lossy().into_owned());
    let temporary = path.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temporary, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result.map_err(fail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Serialize, serde::Deserialize, Default, PartialEq, Debug)]
    struct Sample {
        wins: u32,
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("reversi-persist-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn saved_values_read_back() {
        let path = scratch("roundtrip").join("sample.ron");
        save(&path, &Sample { wins: 7 }).unwrap();
        let loaded: Loaded<Sample> = load_or_default(&path);
        assert_eq!(loaded.value, Sample { wins: 7 });
        assert!(loaded.notice.is_none());
    }

    #[test]
    fn a_corrupt_file_is_moved_aside_with_a_notice() {
        let dir = scratch("corrupt");
        let path = dir.join("sample.ron");
        fs::write(&path, "(wins: \"lots\"").unwrap();
        let loaded: Loaded<Sample> = load_or_default(&path);
        assert_eq!(loaded.value, Sample::default());
        let notice = loaded.notice.expect("a notice");
        assert!(notice.contains("could not be read"), "{notice}");
        assert!(!path.exists(), "the bad file no longer blocks the name");
        let kept: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().into_string().unwrap())
            .collect();
        assert!(
            kept.iter().any(|name| name.starts_with("sample.ron.bad-")),
            "{kept:?}"
        );
        let aside = dir.join(
            kept.iter()
                .find(|n| n.starts_with("sample.ron.bad-"))
                .unwrap(),
        );
        assert_eq!(
            fs::read_to_string(aside).unwrap(),
            "(wins: \"lots\"",
            "the bad file is kept as it was"
        );
    }

    #[test]
    fn a_file_that_cannot_be_moved_aside_is_never_overwritten() {
        let dir = scratch("kept");
        let path = dir.join("sample.ron");
        fs::write(&path, "(wins: \"lots\"").unwrap();
        // Occupy every name the file could be moved to in the next seconds with a folder that
        // is not empty, so the rename fails.
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_secs();
        for stamp in now..now + 5 {
            let blocker = dir.join(format!("sample.ron.bad-{stamp}"));
            fs::create_dir_all(&blocker).unwrap();
            fs::write(blocker.join("occupied"), "").unwrap();
        }
        let loaded: Loaded<Sample> = load_or_default(&path);
        let notice = loaded.notice.expect("a notice");
        assert!(notice.contains("will not be overwritten"), "{notice}");
        assert!(save(&path, &Sample { wins: 1 }).is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "(wins: \"lots\"");
    }
}
