//! Loading the game's own files at start-up: read, or the default when there is no file, with
//! the put-aside policy applied to one that cannot be used.

use std::path::Path;

use serde::de::DeserializeOwned;

use super::put_aside::{Fallback, put_aside_or_keep};
use super::reading::{MAX_CONFIG_FILE_BYTES, ReadError, read_ron};
use crate::locale::Text;

/// A file read at start-up: its value, and a sentence for the player if something was wrong.
pub struct Loaded<T> {
    pub value: T,
    pub notice: Option<Text>,
}

/// Reads `path`, or the default when there is no such file. A file that exists but cannot be
/// used follows [`put_aside_or_keep`], and the player is told.
pub fn load_or_default<T: DeserializeOwned + Default>(path: &Path) -> Loaded<T> {
    loaded_or_default(path, read_ron(path, MAX_CONFIG_FILE_BYTES))
}

pub(super) fn loaded_or_default<T: Default>(path: &Path, read: Result<T, ReadError>) -> Loaded<T> {
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
