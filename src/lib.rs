//! Reversi in 3D: the Bevy game, one folder per feature, each a plugin; the rules and the AI live
//! in `reversi-engine`. The features, bottom floor first (imports only point downward):
//!
//! | module | owns |
//! |---|---|
//! | [`schedule`] | the order of a frame's work |
//! | [`wake`] | waking the window when work on another thread finishes |
//! | [`locale`] | the player's language: the translation files and the engine's errors in words |
//! | [`game`] | the one game state, the move path, players, clock, forced pass |
//! | [`ai`], [`input`], [`persistence`], [`audio`] | the computer and hints; typed moves, shortcuts and focus; the player's files; sound |
//! | [`assets`] | the files of `assets/`, built into the binary |
//! | [`board`] | the board scene: geometry, meshes, textures, marks, picking |
//! | [`database`] | the WTHOR game database: the moves and games of the position on the board |
//! | [`study`] | the opening trainer and puzzles, with spaced repetition |
//! | [`online`] | playing a friend over the internet, and championships among friends: invitations, the line, the online game |
//! | [`discs`] | disc entities and their animations |
//! | [`export`] | pictures of the position and the game record (kifu) as PNG |
//! | [`theme`] | the themes: colours of the board, frame, table and room |
//! | [`settings`] | preferences pushed into the features; the Options dialog's logic |
//! | [`view`], [`diagnostics`] | camera, lights, redraw policy; `--screenshot`, `--frame-report` |
//! | [`ui`] | menus, side panel, overlays, help, dialogs |

pub mod ai;
pub mod assets;
pub mod audio;
pub mod board;
pub mod database;
pub mod diagnostics;
pub mod discs;
pub mod export;
pub mod game;
pub mod input;
pub mod locale;
pub mod online;
pub mod persistence;
pub mod schedule;
pub mod settings;
pub mod study;
pub mod theme;
pub mod ui;
pub mod view;
pub mod wake;

use bevy::prelude::*;
use bevy_tweening::TweeningPlugin;

/// Everything that runs without a window, so tests drive the real systems headless.
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        // Bottom floor first: persistence finds the configuration directory that settings read.
        app.add_plugins(TweeningPlugin).add_plugins((
            schedule::plugin,
            wake::plugin,
            game::plugin,
            persistence::plugin,
            ai::plugin,
            input::plugin,
            audio::plugin,
            theme::plugin,
            board::plugin,
            database::plugin,
            study::plugin,
            online::plugin,
            discs::plugin,
            export::plugin,
            settings::plugin,
        ));
    }
}

/// What needs a real window: the camera and lights, the egui panels, the redraw policy.
pub struct PresentationPlugin;

impl Plugin for PresentationPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins((diagnostics::plugin, view::plugin, ui::plugin));
    }
}
