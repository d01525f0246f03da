//! The order of a frame's work, so nobody guesses whether a change is seen this frame or the next:
//! read input, apply moves and commands, then bring the view up to date. The egui panels run
//! later, in bevy_egui's own pass.

use bevy::prelude::*;

#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameSystems {
    /// Pointer, keyboard and computer answers become messages.
    Input,
    /// Messages change the authoritative game state.
    Apply,
    /// The 3D scene follows the state.
    View,
}

pub fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (GameSystems::Input, GameSystems::Apply, GameSystems::View).chain(),
    );
}
