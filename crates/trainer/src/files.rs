//! What every step of the pipeline does with its run directory: read or remove a file that may
//! not exist (a run not started, a stage not reached), and record the settings of a run or
//! refuse to resume it with others.

use std::fs;
use std::io;
use std::path::Path;

/// The bytes of `path`, or none when it does not exist yet.
pub fn read_if_present(path: &Path) -> io::Result<Vec<u8>> {
    match fs::read(path) {
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
        read => read,
    }
}

/// Removes the file at `path` if there is one.
pub fn remove_if_present(path: &Path) -> io::Result<()> {
    match fs::remove_file(path) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => Err(error),
        _ => Ok(()),
    }
}

/// Writes `settings` to `dir/name` in a new run directory; in one already begun, refuses other
/// settings than those it was made with (a resume must continue the same run).
pub fn record_settings(dir: &Path, name: &str, settings: &str) -> io::Result<()> {
    let path = dir.join(name);
    match fs::read_to_string(&path) {
        Ok(recorded) if recorded == settings => Ok(()),
        Ok(recorded) => Err(io::Error::other(format!(
            "{} was made with other settings:\n{recorded}use another --dir",
            dir.display()
        ))),
        Err(error) if error.kind() == io::ErrorKind::NotFound => fs::write(&path, settings),
        Err(error) => Err(error),
    }
}
