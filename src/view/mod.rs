//! What only a real window needs: the camera the player turns around the board, the lights, and
//! the redraw policy that lets a window with nothing to show draw nothing; the window's size and
//! place, remembered, and full screen; its application id and icon.

mod camera;
mod identity;
mod lights;
mod placement;
mod redraw;

pub use camera::{BoardCamera, CameraView, PanelInsets};
pub use identity::APP_ID;
pub use placement::{WINDOW_FILE, WindowPlacement};
pub use redraw::{AlwaysDraw, plugin as redraw_plugin};

use bevy::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins((
        camera::plugin,
        identity::plugin,
        lights::plugin,
        placement::plugin,
        redraw::plugin,
    ));
}
