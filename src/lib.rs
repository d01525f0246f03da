//! Reversi in 3D: the Bevy game. Plugins only; the rules live in `reversi-engine`.
//!
//! [`GamePlugin`] is everything that runs without a window (state, computer player, board and
//! discs, input, clock, files, settings, statistics, sound), so tests drive the real systems
//! headless; [`PresentationPlugin`] adds the camera, light, egui panels and dialogs, and the
//! reactive redraw policy of a real window.

pub mod ai;
pub mod audio;
pub mod board;
pub mod diagnostics;
pub mod discs;
pub mod game;
pub mod input;
pub mod persistence;
pub mod schedule;
pub mod settings;
pub mod ui;
pub mod view;

use bevy::prelude::*;
use bevy_tweening::TweeningPlugin;

pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(TweeningPlugin).add_plugins((
            schedule::plugin,
            game::plugin,
            settings::plugin,
            persistence::statistics::plugin,
            ai::computer::plugin,
            board::plugin,
            discs::plugin,
            input::plugin,
            input::shortcuts::plugin,
            game::clock::plugin,
            persistence::saved_games::plugin,
            settings::options::plugin,
            audio::plugin,
            ai::hints::plugin,
        ));
    }
}

pub struct PresentationPlugin;

impl Plugin for PresentationPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((
            diagnostics::plugin,
            view::plugin,
            ui::plugin,
            ui::dialogs::plugin,
            ui::help::plugin,
        ));
    }
}
