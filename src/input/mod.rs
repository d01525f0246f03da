//! The player's keyboard: typed moves (`d` then `3`) and the board's cursor (arrow keys, then
//! Enter) become a [`MoveRequested`](crate::game::MoveRequested), which the game accepts or
//! refuses; the shortcuts; who has the keyboard and the pointer; files dropped on the window.

mod board_cursor;
mod dropped_files;
mod focus;
mod shortcuts;
mod typed_moves;

pub use board_cursor::BoardCursor;
pub use focus::{KeyboardForBoard, PointerOverPanel};
pub use shortcuts::{Action, ActionSender, Platform, key_bindings};

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.init_resource::<KeyboardForBoard>()
        .init_resource::<PointerOverPanel>()
        .add_plugins((
            typed_moves::plugin,
            board_cursor::plugin,
            shortcuts::plugin,
            dropped_files::plugin,
        ));
}
