//! Writing a file atomically: a temporary file in the same folder, renamed over the old one.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::put_aside::is_kept_untouched;
use crate::locale::Text;

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
