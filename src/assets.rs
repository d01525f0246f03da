//! The files of `assets/` are built into the binary, so the game runs from any folder and as a
//! single copied file; the asset server loads them from the `embedded://reversi/` source.

use std::path::{Path, PathBuf};

use bevy::asset::io::embedded::EmbeddedAssetRegistry;
use bevy::prelude::*;

/// Registers the bytes of `assets/<file>` (taken in with `include_bytes!`) under its asset path.
/// Apps without an asset server (some headless tests) have nothing to load them with: no-op.
pub fn embed(app: &mut App, file: &str, bytes: &'static [u8]) {
    if let Some(registry) = app.world().get_resource::<EmbeddedAssetRegistry>() {
        let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("assets")
            .join(file);
        registry.insert_asset(source, Path::new(&format!("reversi/{file}")), bytes);
    }
}

/// What the asset server calls `assets/<file>`.
pub fn path(file: &str) -> String {
    format!("embedded://reversi/{file}")
}
