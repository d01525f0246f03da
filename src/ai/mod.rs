//! The engine at work for the player: the computer player and the hints, each searching a copy of
//! the position in the background through one helper (`task.rs`).

mod computer;
mod hints;
mod task;

pub use computer::ComputerPlayer;
pub use hints::Hints;

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((computer::plugin, hints::plugin));
}
