//! Reading a file defensively: bounded, never a FIFO or a device, its errors typed.

use std::fs;
use std::io::Read;
use std::path::Path;

use serde::de::DeserializeOwned;

use crate::locale::Text;

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
