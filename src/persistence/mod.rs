//! The player's files: where they live ([`ConfigDir`]), RON written atomically and read
//! defensively (a file that cannot be read is moved aside with a notice, never silently lost or
//! overwritten, and the game carries on with defaults); the statistics; saved games, GGF files,
//! the autosave of the game in progress, the recent files and the clipboard.

mod autosave;
mod ggf;
mod lock;
mod recent;
mod saved_games;
mod statistics;

pub use autosave::{AUTOSAVE_FILE, AutosaveOff, UnfinishedGame, UnfinishedGameAnswer};
pub use ggf::{GameList, GgfFile, describe as describe_ggf_game};
pub use recent::{RECENT_FILE, RECENT_LIMIT, RecentFiles};
pub use saved_games::{
    GameTransfer, OpenedFile, OpeningGame, SavedGame, read_game_file, saved_games,
    suggested_save_path, utc_now,
};
pub use statistics::{Record, Records, ResetStatistics, STATISTICS_FILE, Statistics};

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
    /// Written by a later version of the game, in a format this one does not know.
    NewerFormat {
        found: u32,
        read: u32,
    },
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
            ReadError::NewerFormat { found, read } => Text::new("read-error-newer-format")
                .with("found", *found)
                .with("read", *read),
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

/// Reads `path`, or the default when there is no such file. A file that exists but cannot be
/// used follows [`put_aside_or_keep`], and the player is told.
pub fn load_or_default<T: DeserializeOwned + Default>(path: &Path) -> Loaded<T> {
    loaded_or_default(path, read_ron(path, MAX_CONFIG_FILE_BYTES))
}

fn loaded_or_default<T: Default>(path: &Path, read: Result<T, ReadError>) -> Loaded<T> {
    match read {
        Ok(value) => Loaded {
            value,
            notice: None,
        },
        Err(error) => Loaded {
            value: T::default(),
            notice: error
                .unusable()
                .map(|unusable| put_aside_or_keep(path, unusable, Fallback::Defaults)),
        },
    }
}

/// What the game goes on with while a file cannot be used, for the player's notice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fallback {
    /// Settings, statistics, window placement: their defaults.
    Defaults,
    /// The autosave: no unfinished game is offered.
    NoUnfinishedGame,
}

impl Fallback {
    /// The value the translations select on.
    fn key(self) -> &'static str {
        match self {
            Fallback::Defaults => "defaults",
            Fallback::NoUnfinishedGame => "game",
        }
    }
}

/// A file that is there but cannot be used: what is wrong, and whether it is the content.
#[derive(Debug)]
pub struct Unusable {
    pub problem: Text,
    /// The content is wrong (it does not parse, it is too large, it names a move that is not
    /// legal...), as opposed to the file being out of reach (permissions, a folder, a device).
    pub damaged: bool,
}

impl ReadError {
    /// What is wrong with a file that is there; `None` when there is no file.
    pub fn unusable(&self) -> Option<Unusable> {
        let damaged = match self {
            ReadError::Missing => return None,
            ReadError::NotAFile => false,
            ReadError::TooLarge(_) | ReadError::Parse(_) | ReadError::NewerFormat { .. } => true,
            // Text that is not UTF-8 is damage; any other error is about reaching the file.
            ReadError::Io(error) => error.kind() == std::io::ErrorKind::InvalidData,
        };
        Some(Unusable {
            problem: self.text(),
            damaged,
        })
    }
}

/// The one policy for a file the game found but cannot use, and the sentence for the player:
/// - damaged, it is moved aside under a name that is free (`<name>.bad-<seconds>`, then `-2`,
///   `-3`...), so the player's data survives for inspection and the name is free again;
/// - out of reach (permissions, a folder or device where a file belongs), or damaged but
///   impossible to move, it is left as it is and nothing this run writes replaces it, so it
///   comes back as it was once the player fixes what is wrong.
pub fn put_aside_or_keep(path: &Path, unusable: Unusable, fallback: Fallback) -> Text {
    let notice = |key| {
        Text::new(key)
            .with("path", path)
            .with("problem", unusable.problem.clone())
            .with("fallback", fallback.key())
    };
    if !unusable.damaged {
        keep_untouched(path);
        return notice("notice-file-left");
    }
    let moved = free_aside_name(path).and_then(|aside| {
        fs::rename(path, &aside)?;
        Ok(aside)
    });
    match moved {
        Ok(aside) => notice("notice-file-set-aside").with("aside", aside.as_path()),
        Err(error) => {
            keep_untouched(path);
            notice("notice-file-kept").with("error", error.to_string())
        }
    }
}

/// Tries for a free name beside a damaged file before giving up on moving it.
const ASIDE_NAME_TRIES: u32 = 1000;

/// `<name>.bad-<seconds>`, or with `-2`, `-3`... added when an earlier file of the same second
/// has that name: a rename never replaces a file set aside before.
fn free_aside_name(path: &Path) -> std::io::Result<PathBuf> {
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |name| name.to_string_lossy().into_owned());
    let stamp = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs());
    let base = format!("{name}.bad-{stamp}");
    (1..=ASIDE_NAME_TRIES)
        .map(|n| match n {
            1 => path.with_file_name(&base),
            n => path.with_file_name(format!("{base}-{n}")),
        })
        .find(|candidate| fs::symlink_metadata(candidate).is_err())
        .ok_or_else(|| std::io::Error::other("no free name to move it to"))
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

pub(crate) fn is_kept_untouched(path: &Path) -> bool {
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
        // A name so long that no longer name fits the file system: the rename fails.
        let path = dir.join(format!("{}.ron", "s".repeat(248)));
        fs::write(&path, "(wins: \"lots\"").unwrap();
        let loaded: Loaded<Sample> = load_or_default(&path);
        let notice = words(loaded.notice);
        assert!(notice.contains("nor moved aside"), "{notice}");
        assert!(notice.contains("will not be overwritten"), "{notice}");
        assert!(save(&path, &Sample { wins: 1 }).is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "(wins: \"lots\"");
    }

    #[test]
    fn damaged_files_of_the_same_second_are_all_kept() {
        let dir = scratch("samesecond");
        let path = dir.join("sample.ron");
        for damage in ["(wins: 1", "(wins: 2", "(wins: 3"] {
            fs::write(&path, damage).unwrap();
            let loaded: Loaded<Sample> = load_or_default(&path);
            assert!(words(loaded.notice).contains("It was kept as"));
        }
        let mut kept: Vec<String> = fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .filter(|entry| entry.file_name().to_string_lossy().contains(".bad-"))
            .map(|entry| fs::read_to_string(entry.path()).unwrap())
            .collect();
        kept.sort();
        assert_eq!(kept, ["(wins: 1", "(wins: 2", "(wins: 3"]);
    }

    #[test]
    fn a_file_out_of_reach_is_left_in_place_and_never_overwritten() {
        let dir = scratch("unreachable");
        let path = dir.join("sample.ron");
        fs::write(&path, "(wins: 4)").unwrap();
        // What reading a file without permission gives (tests run as root in CI, where
        // permissions do not stop a read).
        let denied = ReadError::Io(std::io::ErrorKind::PermissionDenied.into());
        let loaded: Loaded<Sample> = loaded_or_default(&path, Err(denied));
        assert_eq!(loaded.value, Sample::default());
        let notice = words(loaded.notice);
        assert!(notice.contains("cannot be read"), "{notice}");
        assert!(notice.contains("left as it is"), "{notice}");
        assert!(
            save(&path, &Sample { wins: 1 }).is_err(),
            "never written over"
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), "(wins: 4)");
        let names: Vec<_> = fs::read_dir(&dir).unwrap().flatten().collect();
        assert_eq!(names.len(), 1, "nothing moved aside");
    }

    #[test]
    fn a_folder_where_a_file_is_expected_is_reported_and_left_alone() {
        let dir = scratch("folder");
        let path = dir.join("sample.ron");
        fs::create_dir_all(path.join("inside")).unwrap();
        let loaded: Loaded<Sample> = load_or_default(&path);
        let notice = words(loaded.notice);
        assert!(notice.contains("not a regular file"), "{notice}");
        assert!(notice.contains("left as it is"), "{notice}");
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
