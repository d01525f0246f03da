//! Reversi in 3D: the Bevy game, one folder per feature, each a plugin; the rules and the AI live
//! in `reversi-engine`. The features by floor, bottom first, as the map in `docs/design.md` gives
//! them (a module imports only from lower floors; `tests/game/floors.rs` checks it):
//!
//! | floor | module | owns |
//! |---|---|---|
//! | 0 | [`app_actions`], [`assets`], [`locale`], [`schedule`], [`wake`] | the app's words: the windows it opens and the view's actions; the files of `assets/` built in; the player's language and the engine's errors in words; the order of a frame's work; waking the window when another thread finishes |
//! | 1 | [`game`], [`jobs`] | the one game state, the move path, commands, players, clock, forced pass, setup, the starts; work on a thread of its own that wakes the window when done |
//! | 2 | [`ai`], [`audio`], [`persistence`] | the computer, hints, analysis and reviews; sound; the player's files |
//! | 3 | [`board`], [`database`], [`diagnostics`], [`online`], [`study`] | the board scene and picking; the WTHOR game database; the log, `--screenshot`, `--frame-report`; playing a friend online and championships; the opening trainer and puzzles |
//! | 4 | [`discs`], [`export`], [`input`], [`theme`] | disc entities and their animations; PNG pictures of the position and the record; typed moves, shortcuts and focus; the themes' colours |
//! | 5 | [`settings`], [`view`] | preferences pushed into the features, the Options' logic, the names asked at the first game; camera, lights, the redraw policy, the window |
//! | 6 | [`ui`] | menus, side panel, overlays, help, dialogs |

pub mod ai;
pub mod app_actions;
pub mod assets;
pub mod audio;
pub mod board;
pub mod database;
pub mod diagnostics;
pub mod discs;
pub mod export;
pub mod game;
pub mod input;
pub mod jobs;
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
        // Persistence before settings: it finds the configuration directory that settings read.
        app.add_plugins((TweeningPlugin, app_actions::plugin))
            .add_plugins((
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
