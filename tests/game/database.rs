//! The game database: a folder of WTHOR files opened, asked about the position on the board,
//! a game of it replayed, the folder reopened at the next start, and a damaged folder refused
//! with a word while the database open stays.

use std::path::Path;
use std::time::Duration;

use bevy::prelude::*;
use reversi::database::{DatabaseShown, GameDatabase, OpenDatabase, OpenDatabaseGame};
use reversi_engine::database::{WthorGame, WthorKind, write_games, write_names};
use reversi_engine::{Game, Rules, Square};

use super::common::*;

/// A WTHOR folder of three games: two Tigers (f5 d6 c3 d3 c4), the second by Blaise, and one
/// that answers f5 with f6.
fn write_folder(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    let game = |moves: &str, black: u16| {
        let squares: Vec<Square> = moves
            .split_whitespace()
            .map(|name| name.parse().unwrap())
            .collect();
        let mut game = WthorGame::from_moves(&squares).unwrap();
        game.black = black;
        game.white = 1;
        game
    };
    let games = [
        game("f5 d6 c3 d3 c4", 0),
        game("f5 d6 c3 d3 c4 f4", 1),
        game("f5 f6 e6 f4", 0),
    ];
    std::fs::write(dir.join("WTH_2001.wtb"), write_games(2001, &games)).unwrap();
    let players = write_names(0, &["Ada", "Blaise"], WthorKind::Players);
    std::fs::write(dir.join("WTHOR.JOU"), players).unwrap();
    let tournaments = write_names(0, &["Open de Paris"], WthorKind::Tournaments);
    std::fs::write(dir.join("WTHOR.TRN"), tournaments).unwrap();
}

/// Waits until the database is read and, with its window open, looked up for the board.
fn loaded(app: &mut App) {
    app.insert_resource(DatabaseShown(true));
    run_until(app, Duration::from_secs(20), |app| {
        let database = app.world().resource::<GameDatabase>();
        database.loading().is_none() && database.view().is_some()
    });
}

#[test]
fn the_database_shows_the_moves_and_games_of_the_position_on_the_board() {
    let dir = scratch_dir("database");
    let folder = dir.join("wthor");
    write_folder(&folder);
    let mut app = app_in(dir.clone(), game("f5"), HOT_SEAT);
    command(&mut app, OpenDatabase(folder.clone()));
    loaded(&mut app);
    let database = app.world().resource::<GameDatabase>();
    assert_eq!(database.games(), Some(3));
    let view = database.view().expect("the standard board has a view");
    let moves: Vec<(String, usize)> = view
        .moves
        .iter()
        .map(|stats| (stats.square.to_string(), stats.games))
        .collect();
    assert_eq!(moves, [("d6".to_string(), 2), ("f6".to_string(), 1)]);
    assert_eq!(view.games.total, 3);
    let tiger = view.games.games[1].clone();
    assert_eq!(
        (tiger.black.as_str(), tiger.white.as_str()),
        ("Blaise", "Blaise")
    );
    assert_eq!(tiger.tournament, "Open de Paris");
    command(&mut app, OpenDatabaseGame(tiger));
    settle(&mut app);
    let shown = &state(&app).game;
    assert_eq!(
        shown.moves().len(),
        1,
        "replayed at the position asked about"
    );
    assert_eq!(shown.transcript(), "f5");
    assert_eq!(shown.history().len(), 6, "the whole game is there to redo");

    // The folder is opened again at the next start.
    let mut again = app_in(dir, Game::new(Rules::default()), HOT_SEAT);
    loaded(&mut again);
    let database = again.world().resource::<GameDatabase>();
    assert_eq!(database.folder(), Some(folder.as_path()));
}

#[test]
fn a_damaged_database_is_refused_with_a_word_and_the_open_one_stays() {
    let dir = scratch_dir("database_damaged");
    let good = dir.join("good");
    write_folder(&good);
    let bad = dir.join("bad");
    std::fs::create_dir_all(&bad).unwrap();
    let cut = std::fs::read(good.join("WTH_2001.wtb")).unwrap();
    std::fs::write(bad.join("WTH_2002.wtb"), &cut[..cut.len() - 10]).unwrap();
    let mut app = app_in(dir, Game::new(Rules::default()), HOT_SEAT);
    command(&mut app, OpenDatabase(good.clone()));
    loaded(&mut app);
    command(&mut app, OpenDatabase(bad));
    run_until(&mut app, Duration::from_secs(20), |app| {
        notice(app).contains("Cannot open")
    });
    let said = notice(&app);
    assert!(
        said.contains("WTH_2002.wtb") && said.contains("cut short"),
        "{said}"
    );
    let database = app.world().resource::<GameDatabase>();
    assert_eq!(database.folder(), Some(good.as_path()));
    assert_eq!(database.games(), Some(3));
    let empty = scratch_dir("database_empty");
    command(&mut app, OpenDatabase(empty));
    run_until(&mut app, Duration::from_secs(20), |app| {
        notice(app).contains("no WTHOR game files")
    });
    assert!(
        notice(&app).contains("no WTHOR game files"),
        "{}",
        notice(&app)
    );
}
