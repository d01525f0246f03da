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
                    if is_stale(&path) {
                        let _ = fs::remove_file(&path);
                    } else if started.elapsed() > WAIT {
                        return Err(Text::new("error-locked").with("path", file));
                    } else {
                        std::thread::sleep(Duration::from_millis(5));
                    }
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
        assert!(FileLock::acquire(&file).is_ok());
    }
}
