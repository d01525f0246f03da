//! A file dropped on the window opens, as Open game would open it: a saved game, a GGF file or a
//! transcript. Anything else is refused by the reader with a message, and the game stays.

use bevy::prelude::*;
use bevy::window::FileDragAndDrop;

use crate::persistence::GameTransfer;
use crate::schedule::GameSystems;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<FileDragAndDrop>()
        .add_systems(Update, open_dropped_files.in_set(GameSystems::Input));
}

/// Several files dropped at once: the last one opens (each would replace the one before).
fn open_dropped_files(
    mut drops: MessageReader<FileDragAndDrop>,
    mut transfers: MessageWriter<GameTransfer>,
) {
    let dropped = drops.read().filter_map(|drop| match drop {
        FileDragAndDrop::DroppedFile { path_buf, .. } => Some(path_buf),
        _ => None,
    });
    if let Some(path) = dropped.last() {
        transfers.write(GameTransfer::Open(path.clone()));
    }
}
