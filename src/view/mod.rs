//! What only a real window needs: the camera the player turns around the board, the lights, and
//! the redraw policy that lets a window with nothing to show draw nothing; the window's size and
//! place, remembered, and full screen.

mod camera;
mod lights;
mod placement;
mod redraw;

pub use camera::{BoardCamera, CameraView, PanelInsets};
pub use placement::{WINDOW_FILE, WindowPlacement};

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        camera::plugin,
        lights::plugin,
        placement::plugin,
        redraw::plugin,
    ));
}
