//! Who has the keyboard and the pointer: the board, or an egui panel or text field. The UI keeps
//! these up to date; board input and the camera listen only when the board has them.

use bevy::prelude::*;

/// Whether keyboard move entry should listen: false while a text field or dialog has the
/// keyboard. The UI keeps it up to date.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyboardForBoard(pub bool);

impl Default for KeyboardForBoard {
    fn default() -> KeyboardForBoard {
        KeyboardForBoard(true)
    }
}

/// Set by the UI while the pointer is over a panel, so drags and wheel turns there stay in it.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PointerOverPanel(pub bool);
