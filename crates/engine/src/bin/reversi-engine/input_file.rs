//! The files the commands read (GGF games, OBF positions, books, weights), all read one way:
//! what is not a regular file (a FIFO, a device, a folder) is refused before it is opened, since
//! reading it may never end, and no more is read than the largest real file of its kind, so that
//! a huge file (or one still growing) cannot exhaust the memory.

use std::fmt;
use std::fs;
use std::io::{self, Read};
use std::path::Path;

use crate::Failure;

/// What a file holds, which bounds its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// GGF games: 64 MiB, as the game reads them (some hundred thousand games).
    Ggf,
    /// Board strings / OBF lines for `solve`: 16 MiB (some two hundred thousand positions).
    Positions,
    /// An opening book or a book of learned games: 64 MiB (the shipped one is 110 KB).
    Book,
    /// Evaluation weights or ProbCut statistics made by `reversi-trainer`: 64 MiB (the shipped
    /// weights are 1.8 MB, their statistics 4 KB).
    Weights,
    /// A WTHOR file: 64 MiB (a year of the federation's games is under 1 MB; some nine hundred
    /// thousand games, were they all in one file).
    Wthor,
    /// Transcripts, one game a line: 16 MiB (some two hundred thousand games).
    Transcripts,
}

impl FileKind {
    /// The most bytes a file of this kind may hold.
    pub fn limit(self) -> u64 {
        match self {
            FileKind::Ggf | FileKind::Book | FileKind::Weights | FileKind::Wthor => 64 << 20,
            FileKind::Positions | FileKind::Transcripts => 16 << 20,
        }
    }

    fn name(self) -> &'static str {
        match self {
            FileKind::Ggf => "GGF",
            FileKind::Positions => "positions",
            FileKind::Book => "book",
            FileKind::Weights => "weights",
            FileKind::Wthor => "WTHOR",
            FileKind::Transcripts => "transcripts",
        }
    }
}

/// Why a file was not read, with its path.
#[derive(Debug)]
pub struct FileError {
    path: String,
    problem: FileProblem,
}

#[derive(Debug)]
enum FileProblem {
    /// It cannot be found, opened or read (`NotFound`, permissions, ...).
    Io(io::Error),
    /// A FIFO, a device, a socket or a folder.
    NotAFile,
    /// Larger than any real file of its kind.
    TooLarge { kind: FileKind },
}

impl FileError {
    /// Whether there is no file at the path (for a file that is then created).
    pub fn is_missing(&self) -> bool {
        matches!(&self.problem, FileProblem::Io(error) if error.kind() == io::ErrorKind::NotFound)
    }
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = &self.path;
        match &self.problem {
            FileProblem::Io(error) => write!(f, "cannot read {path}: {error}"),
            FileProblem::NotAFile => write!(
                f,
                "{path} is not a regular file (a FIFO, a device or a folder): not read"
            ),
            FileProblem::TooLarge { kind } => write!(
                f,
                "{path} is larger than any {} file ({} MiB at most): not read",
                kind.name(),
                kind.limit() >> 20
            ),
        }
    }
}

/// A file that cannot be found or is not a file is a mistake in the arguments (exit status 2);
/// one too large to hold is memory the engine will not give (exit status 1).
impl From<FileError> for Failure {
    fn from(error: FileError) -> Failure {
        match error.problem {
            FileProblem::TooLarge { .. } => Failure::Cannot(error.to_string()),
            FileProblem::Io(_) | FileProblem::NotAFile => Failure::Usage(error.to_string()),
        }
    }
}

/// The bytes of the regular file at `path` (links followed), at most `kind`'s limit.
pub fn read_bytes(path: &Path, kind: FileKind) -> Result<Vec<u8>, FileError> {
    let error = |problem| FileError {
        path: path.display().to_string(),
        problem,
    };
    let metadata = fs::metadata(path).map_err(|e| error(FileProblem::Io(e)))?;
    if !metadata.is_file() {
        return Err(error(FileProblem::NotAFile));
    }
    let limit = kind.limit();
    if metadata.len() > limit {
        return Err(error(FileProblem::TooLarge { kind }));
    }
    let mut bytes = Vec::new();
    // One byte more than the limit tells a file that grew since it was measured.
    fs::File::open(path)
        .and_then(|file| file.take(limit + 1).read_to_end(&mut bytes))
        .map_err(|e| error(FileProblem::Io(e)))?;
    if bytes.len() as u64 > limit {
        return Err(error(FileProblem::TooLarge { kind }));
    }
    Ok(bytes)
}

/// What some editors write at the start of a UTF-8 text.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// The text of the file at `path` as [`read_bytes`] reads it, without a leading byte-order mark;
/// bytes that are not UTF-8 (an old file's Latin-1 names) become U+FFFD, so that the parsers
/// say what is wrong where it matters, if anything is.
pub fn read_text(path: &Path, kind: FileKind) -> Result<String, FileError> {
    let mut text = String::from_utf8_lossy(&read_bytes(path, kind)?).into_owned();
    if text.starts_with(BYTE_ORDER_MARK) {
        text.drain(..BYTE_ORDER_MARK.len_utf8());
    }
    Ok(text)
}

/// The lines of a positions file that hold a position, each with its line number (from 1):
/// blank lines and comments (`#`, or `%` as OBF files write them) are skipped. The lines are
/// untrimmed, so that a character's place is its column in the file.
pub fn position_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line))
        .filter(|(_, line)| {
            let trimmed = line.trim();
            !(trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('%'))
        })
}
