//! Why a weights file was refused.

use thiserror::Error;

use crate::data_file::Truncated;

use super::{HIDDEN_LIMIT, HIDDEN_WIDTHS, MAX_PHASES, OLD_VERSION, UNIFORM_VERSION, VERSION};

/// Why a weights file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WeightsError {
    #[error("not a weights file (bad magic)")]
    BadMagic,
    #[error(
        "weights format version {found}, this engine reads versions {OLD_VERSION}, {UNIFORM_VERSION} and {VERSION}"
    )]
    BadVersion { found: u16 },
    #[error("a hidden part {found} wide, this engine's are {HIDDEN_WIDTHS:?} (or none)")]
    BadHidden { found: usize },
    #[error("hidden parts for {found} phases, the file has {phases}")]
    BadHiddenPhases { found: usize, phases: usize },
    #[error("{found} phases, expected 1..={MAX_PHASES}")]
    BadPhases { found: usize },
    #[error("table sizes {found:?} do not match this engine's patterns {expected:?}")]
    BadTables { found: Vec<u32>, expected: Vec<u32> },
    #[error("the file ends early")]
    Truncated,
    #[error("{0} bytes after the checksum")]
    TrailingBytes(usize),
    #[error("checksum {found:#010x}, the content sums to {computed:#010x}")]
    BadChecksum { found: u32, computed: u32 },
    #[error("a run of zeros is empty or overflows the weight tables")]
    BadRun,
    #[error("a value of the hidden part's vectors is beyond 8 bits")]
    WideHiddenValue,
    #[error("a hidden part's bias or output weight is beyond ±{HIDDEN_LIMIT}")]
    HiddenOutOfRange,
}

impl From<Truncated> for WeightsError {
    fn from(_: Truncated) -> WeightsError {
        WeightsError::Truncated
    }
}
