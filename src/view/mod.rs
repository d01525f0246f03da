//! What only a real window needs: the camera the player turns around the board, the lights, and
//! the redraw policy that lets a window with nothing to show draw nothing.

mod camera;
mod lights;
mod redraw;

pub use camera::{BoardCamera, CameraView, PanelInsets};

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((camera::plugin, lights::plugin, redraw::plugin));
}
