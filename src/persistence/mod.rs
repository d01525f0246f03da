//! The player's files: where they live ([`ConfigDir`]), RON written atomically and read
//! defensively (a file that cannot be read is moved aside with a notice, never silently lost or
//! overwritten, and the game carries on with defaults); the statistics; saved games, GGF files,
//! the autosave of the game in progress and the clipboard.

mod autosave;
mod ggf;
mod lock;
mod saved_games;
mod statistics;

pub use autosave::{AUTOSAVE_FILE, AutosaveOff, UnfinishedGame, UnfinishedGameAnswer};
pub use ggf::{GameList, GgfFile, describe as describe_ggf_game};
pub use saved_games::{
    GameTransfer, OpenedFile, OpeningGame, SavedGame, games_dir, read_game_file, saved_games,
    suggested_save_path,
};
pub use statistics::{Record, Records, STATISTICS_FILE, Statistics, save_statistics};

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::locale::Text;

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
    pub fn file(&self, name: &str) -> Result<PathBuf, Text> {
        self.0
            .as_ref()
            .map(|dir| dir.join(name))
            .ok_or_else(|| Text::new("error-no-config-dir"))
    }
}

/// Finds the configuration directory unless the app was given one (tests and the command line
/// do), then loads the statistics.
pub fn plugin(app: &mut App) {
    if !app.world().contains_resource::<ConfigDir>() {
        app.insert_resource(ConfigDir::from_environment());
    }
    app.add_plugins((statistics::plugin, saved_games::plugin, autosave::plugin));
}

/// A file read at start-up: its value, and a sentence for the player if something was wrong.
pub struct Loaded<T> {
    pub value: T,
    pub notice: Option<Text>,
}

/// The largest settings or statistics file the game reads: far more than any real one.
pub const MAX_CONFIG_FILE_BYTES: u64 = 1 << 20;

/// Why a file was not read.
#[derive(Debug)]
pub enum ReadError {
    Missing,
    /// A folder, a FIFO or a device where a file is expected: never opened, since opening a
    /// FIFO would wait for a writer forever.
    NotAFile,
    TooLarge(u64),
    Io(std::io::Error),
    /// Read, but not the RON expected.
    Parse(String),
}

impl ReadError {
    /// What went wrong, for the player; the system's and the parser's own words are passed on.
    pub fn text(&self) -> Text {
        match self {
            ReadError::Missing => Text::new("read-error-missing"),
            ReadError::NotAFile => Text::new("read-error-not-a-file"),
            ReadError::TooLarge(bytes) => Text::new("read-error-too-large").with("bytes", *bytes),
            ReadError::Io(error) => Text::new("error-detail").with("detail", error.to_string()),
            ReadError::Parse(error) => Text::new("error-detail").with("detail", error.as_str()),
        }
    }
}

/// Reads a text file of at most `limit` bytes, refusing what is not a regular file before
/// opening it (links are followed).
pub(crate) fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    let metadata = fs::metadata(path).map_err(|error| match error.kind() {
        std::io::ErrorKind::NotFound => ReadError::Missing,
        _ => ReadError::Io(error),
    })?;
    if !metadata.is_file() {
        return Err(ReadError::NotAFile);
    }
    if metadata.len() > limit {
        return Err(ReadError::TooLarge(metadata.len()));
    }
    let mut text = String::new();
    fs::File::open(path)
        .and_then(|file| file.take(limit + 1).read_to_string(&mut text))
        .map_err(ReadError::Io)?;
    if text.len() as u64 > limit {
        return Err(ReadError::TooLarge(text.len() as u64));
    }
    Ok(text)
}

/// Reads a RON file of at most `limit` bytes, refusing what is not a regular file before opening
/// it.
pub fn read_ron<T: DeserializeOwned>(path: &Path, limit: u64) -> Result<T, ReadError> {
    let text = read_text(path, limit)?;
    ron::from_str(&text).map_err(|error| ReadError::Parse(error.to_string()))
}

/// Reads `path`, or the default when there is no such file. A file that exists but cannot be read
/// or parsed is renamed `<name>.bad-<timestamp>` so the player's data survives for inspection;
/// something that is not a file at all (a folder, a FIFO) is left where it is and not written
/// over.
pub fn load_or_default<T: DeserializeOwned + Default>(path: &Path) -> Loaded<T> {
    match read_ron(path, MAX_CONFIG_FILE_BYTES) {
        Ok(value) => Loaded {
            value,
            notice: None,
        },
        Err(ReadError::Missing) => Loaded {
            value: T::default(),
            notice: None,
        },
        Err(ReadError::NotAFile) => {
            keep_untouched(path);
            Loaded {
                value: T::default(),
                notice: Some(Text::new("notice-config-not-a-file").with("path", path)),
            }
        }
        Err(error) => set_aside(path, error.text()),
    }
}

fn set_aside<T: Default>(path: &Path, problem: Text) -> Loaded<T> {
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |name| name.to_string_lossy().into_owned());
    let stamp = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    let aside = path.with_file_name(format!("{name}.bad-{stamp}"));
    let notice = match fs::rename(path, &aside) {
        Ok(()) => Text::new("notice-config-set-aside")
            .with("path", path)
            .with("problem", problem)
            .with("aside", aside.as_path()),
        Err(error) => {
            keep_untouched(path);
            Text::new("notice-config-kept")
                .with("path", path)
                .with("problem", problem)
                .with("error", error.to_string())
        }
    };
    Loaded {
        value: T::default(),
        notice: Some(notice),
    }
}

/// Writes `value` to `path` atomically: a temporary file in the same directory, flushed, then
/// renamed over the old one, so a crash never leaves half a file.
pub fn save<T: Serialize>(path: &Path, value: &T) -> Result<(), Text> {
    let text =
        ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default()).map_err(|error| {
            Text::new("error-cannot-encode")
                .with("path", path)
                .with("detail", error.to_string())
        })?;
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

/// Writes `bytes` to `path` through a temporary file in the same folder, renamed over the old one
/// and made durable (the folder is synced after the rename). A symbolic link, as dotfile managers
/// make, stays a link: its target is what gets replaced.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), Text> {
    let fail = |error: std::io::Error| {
        Text::new("error-cannot-write")
            .with("path", path)
            .with("detail", error.to_string())
    };
    if is_kept_untouched(path) {
        return Err(Text::new("error-kept-untouched").with("path", path));
    }
    let target = link_target(path).map_err(fail)?;
    if target.is_dir() {
        return Err(Text::new("error-write-folder").with("path", path));
    }
    let dir = target
        .parent()
        .filter(|dir| !dir.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(fail)?;
    let name = target
        .file_name()
        .map_or_else(|| "file".into(), |name| name.to_string_lossy().into_owned());
    let temporary = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let result = (|| {
        let mut file = fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        fs::rename(&temporary, &target)?;
        sync_folder(dir)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result.map_err(fail)
}

/// The file a path finally names: the path itself, or the end of its chain of links (which may
/// not exist yet).
fn link_target(path: &Path) -> std::io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    // A bound on the chain, as the system has one: a loop of links is an error, not a hang.
    for _ in 0..40 {
        match fs::symlink_metadata(&current) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let next = fs::read_link(&current)?;
                current = match current.parent() {
                    Some(parent) if next.is_relative() => parent.join(next),
                    _ => next,
                };
            }
            Ok(_) => return Ok(current),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(current),
            Err(error) => return Err(error),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// Makes a rename in `dir` durable. Only Unix can open a folder to sync it; elsewhere the rename
/// is as durable as the system makes it.
fn sync_folder(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    fs::File::open(dir)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::{Language, Locale};

    /// The notice in English, as the tests read it.
    fn words(notice: Option<Text>) -> String {
        let notice = notice.expect("a notice");
        Locale::new(Language::English).render(&notice)
    }

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
        let notice = words(loaded.notice);
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
        let notice = words(loaded.notice);
        assert!(notice.contains("will not be overwritten"), "{notice}");
        assert!(save(&path, &Sample { wins: 1 }).is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "(wins: \"lots\"");
    }

    #[test]
    fn a_folder_where_a_file_is_expected_is_reported_and_left_alone() {
        let dir = scratch("folder");
        let path = dir.join("sample.ron");
        fs::create_dir_all(path.join("inside")).unwrap();
        let loaded: Loaded<Sample> = load_or_default(&path);
        let notice = words(loaded.notice);
        assert!(notice.contains("not a regular file"), "{notice}");
        assert!(path.join("inside").is_dir(), "the folder was not moved");
        assert!(save(&path, &Sample { wins: 1 }).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_without_waiting_for_a_writer() {
        let dir = scratch("fifo");
        let path = dir.join("sample.ron");
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        if !made.is_ok_and(|status| status.success()) {
            return;
        }
        let loaded: Loaded<Sample> = load_or_default(&path);
        assert!(words(loaded.notice).contains("not a regular file"));
    }

    #[test]
    fn a_huge_file_is_not_read_but_kept_aside() {
        let dir = scratch("huge");
        let path = dir.join("sample.ron");
        fs::write(&path, vec![b' '; MAX_CONFIG_FILE_BYTES as usize + 1]).unwrap();
        let loaded: Loaded<Sample> = load_or_default(&path);
        let notice = words(loaded.notice);
        assert!(notice.contains("too large"), "{notice}");
        assert!(!path.exists(), "moved aside");
    }

    #[cfg(unix)]
    #[test]
    fn a_linked_file_stays_a_link_and_its_target_is_rewritten() {
        let dir = scratch("link");
        let target = dir.join("dotfiles").join("sample.ron");
        fs::create_dir_all(target.parent().unwrap()).unwrap();
        fs::write(&target, "(wins: 1)").unwrap();
        let link = dir.join("sample.ron");
        std::os::unix::fs::symlink("dotfiles/sample.ron", &link).unwrap();
        save(&link, &Sample { wins: 9 }).unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        let loaded: Loaded<Sample> = load_or_default(&target);
        assert_eq!(loaded.value, Sample { wins: 9 });
    }
}
