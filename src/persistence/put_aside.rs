//! The one policy for a file the game cannot use: moved aside under a free name when its content
//! is damaged, else left in place and never written over while the game runs.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use super::reading::ReadError;
use crate::locale::Text;

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
