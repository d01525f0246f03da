//! Why a command ended early, and the exit status that says so.

use std::fmt::Display;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use reversi_engine::eval::weights::WeightsError;

#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// Options that do not go together, or a value out of range: exit status 2, like clap's own
    /// argument errors.
    #[error("{0}")]
    Usage(String),
    /// A file named on the command line cannot be read or written, or cannot be used.
    #[error("{}: {reason}", path.display())]
    File { path: PathBuf, reason: String },
    /// A file named on the command line is not of the kind it was given as.
    #[error("{} is not a {kind}: {reason}", path.display())]
    NotA {
        path: PathBuf,
        kind: &'static str,
        reason: String,
    },
    /// The weights built into the engine cannot be read.
    #[error("shipped weights: {0}")]
    Shipped(#[from] WeightsError),
    /// A step of the work failed: the library's message names the file.
    #[error(transparent)]
    Step(#[from] io::Error),
}

impl Failure {
    /// The file at `path` cannot be used, for `reason`.
    pub fn file(path: &Path, reason: impl Display) -> Failure {
        Failure::File {
            path: path.to_path_buf(),
            reason: reason.to_string(),
        }
    }

    pub fn exit_code(&self) -> ExitCode {
        match self {
            Failure::Usage(_) => ExitCode::from(2),
            _ => ExitCode::FAILURE,
        }
    }
}
