//! `reversi`: the game's window, or with `--screenshot` a picture of it.

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::picking::mesh_picking::MeshPickingPlugin;
use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::EguiPlugin;
use clap::Parser;
use reversi::clock::Clock;
use reversi::persist::ConfigDir;
use reversi::players::{PlayerKind, Players};
use reversi::screenshot::ScreenshotPlugin;
use reversi::settings;
use reversi::state::{Match, Notice};
use reversi::{GamePlugin, PresentationPlugin};
use reversi_engine::{Game, parse_game_text};

#[derive(Parser)]
#[command(name = "reversi", version, about = "Reversi (Othello) in 3D")]
struct Options {
    /// Who plays Black: human, beginner, intermediate, advanced or expert
    /// [default: as in Options, at first human].
    #[arg(long, value_name = "PLAYER")]
    black: Option<PlayerKind>,
    /// Who plays White: human, beginner, intermediate, advanced or expert
    /// [default: as in Options, at first intermediate].
    #[arg(long, value_name = "PLAYER")]
    white: Option<PlayerKind>,
    /// Start from these moves (f5d6c3...) or a board string ("<64 of X O -> <X|O>").
    #[arg(long, value_name = "TRANSCRIPT")]
    moves: Option<String>,
    /// Save the window as a PNG once the scene is drawn, then exit.
    #[arg(long, value_name = "PNG")]
    screenshot: Option<PathBuf>,
}

fn main() -> ExitCode {
    let options = Options::parse();
    let config_dir = ConfigDir::from_environment();
    let (settings, settings_notice) = settings::load(&config_dir);
    let game = match &options.moves {
        None => Game::new(settings.rules()),
        Some(text) => match parse_game_text(text, settings.rules()) {
            Ok(game) => game,
            Err(error) => {
                eprintln!("reversi: --moves: {error}");
                return ExitCode::from(2);
            }
        },
    };
    let players = Players {
        black: options.black.unwrap_or(settings.black),
        white: options.white.unwrap_or(settings.white),
    };
    let mut state = Match::new(game, players);
    // A screenshot shows exactly the position given: the computer does not move.
    state.suspended = options.screenshot.is_some() && state.computer_to_move();

    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "Reversi".into(),
            resolution: (1280, 760).into(),
            ..default()
        }),
        ..default()
    }))
    .insert_resource(Clock::start(settings.clock))
    .insert_resource(Notice(settings_notice.unwrap_or_default()))
    .insert_resource(config_dir)
    .insert_resource(settings)
    .insert_resource(state)
    .add_plugins((
        MeshPickingPlugin,
        EguiPlugin::default(),
        GamePlugin,
        PresentationPlugin,
    ));
    if let Some(path) = options.screenshot {
        // The picture is awaited even though nothing moves: draw continuously, focused or not.
        app.add_plugins(ScreenshotPlugin { path })
            .insert_resource(WinitSettings {
                focused_mode: UpdateMode::Continuous,
                unfocused_mode: UpdateMode::Continuous,
            });
    }
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(code) => ExitCode::from(code.get()),
    }
}
