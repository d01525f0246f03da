//! A lock beside a file that every running copy of the game updates (the statistics), so one
//! copy's read-modify-write never interleaves with another's and no game is lost.

use std::fs::{self, OpenOptions};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use crate::locale::Text;

/// How long a copy waits for another to finish: a statistics update takes milliseconds.
const WAIT: Duration = Duration::from_secs(2);

/// A lock older than this was left by a copy that stopped in the middle of an update (a crash or
/// a power cut), and is taken over.
const STALE: Duration = Duration::from_secs(10);

/// Held while a file is read and rewritten; the lock file is removed when this is dropped.
pub struct FileLock {
    path: PathBuf,
}

impl FileLock {
    /// Takes the lock of `file` (the file `<file>.lock`), waiting while another copy holds it.
    pub fn acquire(file: &Path) -> Result<FileLock, Text> {
        let mut name = file.as_os_str().to_owned();
        name.push(".lock");
        let path = PathBuf::from(name);
        if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
            fs::create_dir_all(dir).map_err(|error| {
                Text::new("error-cannot-create")
                    .with("path", dir)
                    .with("detail", error.to_string())
            })?;
        }
        let started = Instant::now();
        loop {
            match OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(_) => return Ok(FileLock { path }),
                Err(error) if error.kind() == ErrorKind::AlreadyExists => {
                    // Bounded whatever happens: a stale lock that stays after its removal
                    // (Windows keeps a file another program holds open) is waited for like a
                    // held one, never spun on.
                    if started.elapsed() > WAIT {
                        return Err(Text::new("error-locked").with("path", file));
                    }
                    if is_stale(&path) && fs::remove_file(&path).is_ok() {
                        continue;
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
                Err(error) => {
                    return Err(Text::new("error-cannot-lock")
                        .with("path", file)
                        .with("detail", error.to_string()));
                }
            }
        }
    }
}

impl Drop for FileLock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

fn is_stale(lock: &Path) -> bool {
    fs::metadata(lock)
        .and_then(|metadata| metadata.modified())
        .is_ok_and(|modified| {
            SystemTime::now()
                .duration_since(modified)
                .is_ok_and(|age| age > STALE)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("reversi-lock-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_held_lock_makes_the_next_copy_wait_and_give_up_with_a_message() {
        let file = scratch("held").join("statistics.ron");
        let held = FileLock::acquire(&file).unwrap();
        let error = FileLock::acquire(&file).err().expect("the lock is held");
        assert_eq!(
            error,
            Text::new("error-locked").with("path", file.as_path())
        );
        drop(held);
        assert!(
            FileLock::acquire(&file).is_ok(),
            "a released lock can be taken"
        );
    }

    #[test]
    fn a_lock_left_by_a_crashed_copy_is_taken_over() {
        let file = scratch("stale").join("statistics.ron");
        let lock = file.with_extension("ron.lock");
        let left = fs::File::create(&lock).unwrap();
        left.set_modified(SystemTime::now() - 2 * STALE).unwrap();
        // The copy that crashed holds the file no more: the system closed its handles.
        drop(left);
        assert!(FileLock::acquire(&file).is_ok());
    }

    /// On Windows a file that another program holds open without sharing its deletion (a backup
    /// or a virus scanner) cannot be removed: an old lock held so is waited for, then refused
    /// with the message, instead of spun on for ever.
    #[cfg(windows)]
    #[test]
    fn an_old_lock_that_cannot_be_removed_is_refused_after_the_wait() {
        use std::os::windows::fs::OpenOptionsExt;
        const FILE_SHARE_READ_AND_WRITE: u32 = 0x1 | 0x2;
        let file = scratch("held_open").join("statistics.ron");
        let lock = file.with_extension("ron.lock");
        let held = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .share_mode(FILE_SHARE_READ_AND_WRITE)
            .open(&lock)
            .unwrap();
        held.set_modified(SystemTime::now() - 2 * STALE).unwrap();
        assert_eq!(
            FileLock::acquire(&file).err(),
            Some(Text::new("error-locked").with("path", file.as_path()))
        );
    }
}
