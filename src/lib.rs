//! Reversi in 3D: the Bevy game. Plugins only; the rules live in `reversi-engine`.
//!
//! [`GamePlugin`] is everything that runs without a window (state, computer player, board and
//! discs, input, clock, files, settings, statistics, sound), so tests drive the real systems
//! headless; [`PresentationPlugin`] adds the camera, light, egui panels and dialogs, and the
//! reactive redraw policy of a real window.

pub mod audio;
pub mod camera;
pub mod clock;
pub mod computer;
pub mod dialogs;
pub mod discs;
pub mod files;
pub mod frames;
pub mod help;
pub mod hints;
pub mod input;
pub mod options;
pub mod persist;
pub mod players;
pub mod redraw;
pub mod scene;
pub mod schedule;
pub mod screenshot;
pub mod settings;
pub mod shortcuts;
pub mod state;
pub mod statistics;
pub mod ui;

use bevy::prelude::*;
use bevy_tweening::TweeningPlugin;

pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(TweeningPlugin).add_plugins((
            schedule::plugin,
            state::plugin,
            settings::plugin,
            statistics::plugin,
            computer::plugin,
            scene::plugin,
            discs::plugin,
            input::plugin,
            shortcuts::plugin,
            clock::plugin,
            files::plugin,
            options::plugin,
            audio::plugin,
            hints::plugin,
        ));
    }
}

pub struct PresentationPlugin;

impl Plugin for PresentationPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            frames::PipelinesReadyPlugin,
            camera::plugin,
            ui::plugin,
            dialogs::plugin,
            help::plugin,
            redraw::plugin,
        ));
    }
}
