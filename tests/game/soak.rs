//! A headless soak: computer-vs-computer games at the lowest level, with random undo, redo, save
//! and open between moves. After every step the discs on screen must be exactly the engine's
//! board, and nothing may panic. CI plays a few games; `REVERSI_SOAK_GAMES=1000 cargo test --test
//! game soak -- --nocapture` plays a thousand and prints the figures.

use std::time::{Duration, Instant};

use super::common::*;
use reversi::game::{GameCommand, PlayerKind, Players};
use reversi::settings::Settings;
use reversi_engine::search::Level;
use reversi_engine::{Game, Rules};

const LOWEST: PlayerKind = PlayerKind::Computer(Level::Custom(1));
const COMPUTERS: Players = Players {
    black: LOWEST,
    white: LOWEST,
};

/// Games played when `REVERSI_SOAK_GAMES` is not set.
const CI_GAMES: usize = 8;

#[test]
fn computer_games_with_random_undo_redo_save_and_open_keep_the_view_true() {
    let games = std::env::var("REVERSI_SOAK_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(CI_GAMES);
    let dir = scratch_dir("soak");
    let settings = Settings {
        animate_moves: false,
        sound: false,
        ..Settings::default()
    };
    write_settings(&dir, &settings);
    let mut app = app_in(dir.clone(), Game::new(Rules::default()), COMPUTERS);
    let file = dir.join("soak.ron");
    let mut random = Random(0x50A4_0001);
    let started = Instant::now();
    let (mut finished, mut moves, mut undos, mut redos, mut reopened) = (0, 0, 0, 0, 0);
    while finished < games {
        let generation = state(&app).generation;
        // Frames as fast as they come (no sleep): the search runs on its own thread.
        let deadline = Instant::now() + Duration::from_secs(20);
        while state(&app).generation == generation && !state(&app).game.is_over() {
            assert!(Instant::now() < deadline, "the computer never moved");
            app.update();
        }
        settle(&mut app);
        assert_view_matches_board(&mut app);
        if state(&app).game.is_over() {
            finished += 1;
            moves += state(&app).game.cursor();
            command(&mut app, GameCommand::NewGame);
            settle(&mut app);
            assert_view_matches_board(&mut app);
            continue;
        }
        match random.below(16) {
            0 => {
                undos += 1;
                command(&mut app, GameCommand::Undo);
            }
            1 => {
                redos += 1;
                command(&mut app, GameCommand::Redo);
            }
            2 => {
                reopened += 1;
                let before = state(&app).game.clone();
                save_game(&mut app, &file, true);
                app.update();
                open_game(&mut app, &file);
                assert_eq!(state(&app).game, before, "the game reopens as saved");
            }
            _ => continue,
        }
        settle(&mut app);
        assert_view_matches_board(&mut app);
        // Undo, redo and open stop on the computer's turn: play on.
        command(&mut app, GameCommand::ResumePlay);
    }
    println!(
        "soak games={finished} moves={moves} undos={undos} redos={redos} reopened={reopened} seconds={:.1}",
        started.elapsed().as_secs_f64()
    );
}
