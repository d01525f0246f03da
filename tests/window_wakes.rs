//! A window waiting for the player draws nothing until something wakes it (`view/redraw.rs`), so
//! work finished off the main thread must wake it: a file given to open at the start is read on
//! a thread of its own, and its game must be drawn without any other input.
//!
//! A test binary of its own: the wakes are counted for the whole process, and here no other
//! test's work can wake the window in its place.

use std::path::Path;
use std::thread;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use reversi::game::Match;
use reversi::persistence::GameTransfer;
use reversi::wake::wakes_asked;
use reversi_engine::Game;

/// The headless set-up of the game's tests; this binary uses a few of its helpers.
#[allow(dead_code)]
#[path = "game/common.rs"]
mod common;

const TRANSCRIPT: &str = "f5d6c3d3c4f4f6";

/// The headless game with the real redraw policy, started, with nothing to do: the window
/// would sleep.
fn sleeping_app(dir: &Path) -> App {
    let mut app = common::unstarted_app_in(
        dir.to_path_buf(),
        Game::new(Default::default()),
        common::HOT_SEAT,
    );
    app.add_plugins(reversi::view::redraw_plugin);
    app.update();
    // Nothing works for the player: no graph to draw.
    app.world_mut()
        .resource_mut::<reversi::ai::EvaluationGraph>()
        .enabled = false;
    app.update();
    app
}

fn moves_shown(app: &App) -> usize {
    app.world().resource::<Match>().game.moves().len()
}

/// The game's file is read while no frame runs: the reading wakes the window, and the frame it
/// wakes shows the game.
#[test]
fn a_file_opened_at_the_start_wakes_the_window_that_draws_it() {
    let dir = common::scratch_dir("wakes");
    let mut app = sleeping_app(&dir);
    let UpdateMode::Reactive { wait, .. } = app.world().resource::<WinitSettings>().focused_mode
    else {
        panic!("a window with nothing to do should wait for input");
    };
    assert!(wait >= Duration::from_secs(5), "it waits {wait:?}");

    let path = dir.join("game.txt");
    std::fs::write(&path, TRANSCRIPT).expect("transcript written");
    let before = wakes_asked();
    // As `main` gives the file: a message before a frame.
    app.world_mut().write_message(GameTransfer::Open(path));
    app.update();

    // No frame runs now, as none would in a sleeping window, until the reading asks for one.
    let deadline = Instant::now() + Duration::from_secs(10);
    while wakes_asked() == before {
        assert!(
            Instant::now() < deadline,
            "the file was read, but nothing woke the window"
        );
        thread::sleep(Duration::from_millis(5));
    }
    app.update();
    assert_eq!(moves_shown(&app), TRANSCRIPT.len() / 2);
    let _ = std::fs::remove_dir_all(&dir);
}
