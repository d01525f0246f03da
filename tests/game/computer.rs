//! The computer player: its answer through the move message, searching in the task pool while
//! frames keep coming, the opening book, stale answers dropped, undo while it thinks, pondering,
//! its time, and its search watched in the side panel.

use std::time::Duration;

use bevy::prelude::*;
use reversi::ai::{ComputerPlayer, Hints};
use reversi::game::{GameCommand, PlayerKind, Players};
use reversi::settings::Settings;
use reversi_engine::book::Book;
use reversi_engine::search::Level;
use reversi_engine::variant::Variant;
use reversi_engine::{Game, Move, Rules};

use super::common::*;

fn thinking(app: &bevy::prelude::App) -> bool {
    app.world().resource::<ComputerPlayer>().is_thinking()
}

#[test]
fn the_computer_answers_through_the_move_message() {
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Computer(Level::Beginner),
    };
    let mut app = app_with("computer_answers", Game::new(Rules::default()), players);
    play(&mut app, "f5");
    await_moves(&mut app, 2);
    assert_view_matches_board(&mut app);
    assert!(state(&app).human_to_move());
}

#[test]
fn a_new_game_while_the_computer_thinks_drops_its_answer() {
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Computer(Level::Expert),
    };
    // Out of the opening book after a4, so that the Expert searches a while rather than
    // answering from the book within a frame.
    let mut app = app_with(
        "stale_answer",
        game("f5d6c3d3c4f4f6f3e6e7d7c6b6c5b5a6"),
        players,
    );
    play(&mut app, "a4");
    settle(&mut app);
    run_until(&mut app, Duration::from_secs(10), |app| {
        app.world().resource::<ComputerPlayer>().is_thinking()
    });
    app.world_mut().write_message(GameCommand::NewGame);
    app.update();
    // Give a stale answer every chance to arrive.
    run_for(&mut app, Duration::from_secs(3));
    assert!(
        state(&app).game.moves().is_empty(),
        "the old game's answer was played"
    );
    assert!(!app.world().resource::<ComputerPlayer>().is_thinking());
    assert_view_matches_board(&mut app);
}

#[test]
fn frames_keep_coming_while_the_computer_searches() {
    let players = Players {
        black: PlayerKind::Computer(Level::Expert),
        white: PlayerKind::Human,
    };
    let mut app = app_with(
        "frames_while_thinking",
        game("f5d6c3d3c4f4f6f3e6e7d7c6"),
        players,
    );
    run_until(&mut app, Duration::from_secs(10), |app| {
        app.world().resource::<ComputerPlayer>().is_thinking()
    });
    let frames = run_until(&mut app, Duration::from_secs(60), |app| {
        !app.world().resource::<ComputerPlayer>().is_thinking()
    });
    assert!(
        frames >= 20,
        "only {frames} frames ran while the computer searched"
    );
}

/// In the opening the computer plays the book's move (Expert: one of the best) and the hints are
/// the book's scores.
#[test]
fn the_opening_book_gives_the_computer_s_move_and_the_hints() {
    let players = Players {
        black: PlayerKind::Computer(Level::Expert),
        white: PlayerKind::Human,
    };
    let mut app = app_with("book_move", Game::new(Rules::default()), players);
    run_until(&mut app, Duration::from_secs(30), |app| {
        !state(app).game.moves().is_empty()
    });
    let start = Game::new(Rules::default())
        .standard_board()
        .expect("standard Othello");
    let book = Book::shipped()
        .lookup(&start)
        .expect("the start is in the book");
    let best = book[0].score;
    let Move::Play(played) = state(&app).game.moves()[0] else {
        panic!("the computer passed at the start");
    };
    assert!(
        book.iter()
            .any(|candidate| candidate.square == played && candidate.score == best),
        "{played} is not among the book's best moves {book:?}"
    );
    settle(&mut app);
    app.world_mut().resource_mut::<Hints>().enabled = true;
    run_until(&mut app, Duration::from_secs(30), |app| {
        app.world().resource::<Hints>().scores(state(app)).is_some()
    });
    let hints = app.world().resource::<Hints>();
    assert!(hints.from_book(state(&app)));
    let scored = hints.scores(state(&app)).map_or(0, <[_]>::len);
    assert_eq!(scored as u32, state(&app).board().legal_moves().count());
}

#[test]
fn undo_against_the_computer_suspends_play_until_resumed() {
    let mut app = app_with("undo_resume", Game::new(Rules::default()), VS_COMPUTER);
    play(&mut app, "f5");
    await_moves(&mut app, 2);

    command(&mut app, GameCommand::Undo);
    settle(&mut app);
    assert_eq!(
        state(&app).game.moves().len(),
        1,
        "undo takes back one move"
    );
    assert!(
        state(&app).suspended,
        "stopping on the computer's turn suspends play"
    );
    run_for(&mut app, Duration::from_millis(800));
    assert_eq!(
        state(&app).game.moves().len(),
        1,
        "the computer waits while play is suspended"
    );

    command(&mut app, GameCommand::Undo);
    settle(&mut app);
    assert!(state(&app).game.moves().is_empty());
    command(&mut app, GameCommand::Redo);
    settle(&mut app);
    assert_eq!(state(&app).game.moves().len(), 1);
    assert!(state(&app).suspended);

    command(&mut app, GameCommand::ResumePlay);
    await_moves(&mut app, 2);
    assert!(state(&app).human_to_move());
    assert_view_matches_board(&mut app);
}

#[test]
fn undo_while_the_computer_thinks_stops_the_search() {
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Computer(Level::Expert),
    };
    // Out of the opening book after a4, so that the computer searches rather than answering
    // from the book within a frame.
    let mut app = app_with(
        "undo_thinking",
        game("f5d6c3d3c4f4f6f3e6e7d7c6b6c5b5a6"),
        players,
    );
    play(&mut app, "a4");
    settle(&mut app);
    run_until(&mut app, Duration::from_secs(10), thinking);
    command(&mut app, GameCommand::Undo);
    app.update();
    assert!(!thinking(&app));
    run_for(&mut app, Duration::from_secs(2));
    assert_eq!(
        state(&app).game.moves().len(),
        16,
        "no stale computer move arrived"
    );
    assert_view_matches_board(&mut app);
}

fn pondering(app: &bevy::prelude::App) -> bool {
    app.world().resource::<ComputerPlayer>().is_pondering()
}

/// With pondering allowed in Options the computer searches while the human thinks, stops when the
/// human moves, answers as usual and ponders again on the human's next turn; without it nothing
/// runs on the human's time.
#[test]
fn the_computer_thinks_on_the_human_s_time_only_when_allowed() {
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Computer(Level::Advanced),
    };
    let mut app = app_with("ponder", game("f5d6c3d3c4f4f6f3e6e7"), players);
    run_for(&mut app, Duration::from_millis(300));
    assert!(!pondering(&app), "off unless the player allows it");

    app.world_mut().resource_mut::<Settings>().ponder = true;
    run_until(&mut app, Duration::from_secs(5), pondering);
    assert!(pondering(&app));
    play(&mut app, "d7");
    app.update();
    assert!(!pondering(&app), "the human's move ends it");
    run_until(&mut app, Duration::from_secs(60), |app| {
        state(app).game.moves().len() == 12
    });
    settle(&mut app);
    assert!(state(&app).human_to_move());
    run_until(&mut app, Duration::from_secs(5), pondering);
    assert!(pondering(&app), "again on the human's next turn");

    app.world_mut().resource_mut::<Settings>().ponder = false;
    run_until(&mut app, Duration::from_secs(1), |app| !pondering(app));
    assert!(!pondering(&app), "turning it off stops it");
    assert_view_matches_board(&mut app);
}

#[test]
fn making_white_a_computer_mid_game_lets_it_move_at_once() {
    let mut app = app_with("player_change", game("f5"), HOT_SEAT);
    command(&mut app, GameCommand::SetPlayers(VS_COMPUTER));
    run_until(&mut app, Duration::from_secs(30), |app| {
        state(app).game.moves().len() == 2
    });
}

/// A numeric level thinks up to 30 s a move on its own; the time the player gives in Options
/// replaces that, and the computer keeps to it.
#[test]
fn the_computer_keeps_to_the_time_the_player_gives_it() {
    let dir = scratch_dir("computer_time");
    write_settings(
        &dir,
        &Settings {
            computer_seconds: Some(1),
            ..Settings::default()
        },
    );
    let players = Players {
        black: PlayerKind::Computer(Level::Custom(60)),
        white: PlayerKind::Human,
    };
    let mut app = app_in(dir, Game::new(Rules::default()), players);
    run_until(&mut app, Duration::from_secs(15), |app| {
        !state(app).game.moves().is_empty()
    });
}

/// On a board of another variant too, the computer's search can be watched while it thinks.
#[test]
fn the_computer_s_search_on_a_variant_board_can_be_watched() {
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Computer(Level::Expert),
    };
    let rules = Rules {
        variant: Variant::othello(10),
        ..Rules::default()
    };
    let mut record = Game::new(rules);
    record.play(Move::Play(sq("e4"))).expect("legal");
    let mut app = app_with("live_search_variant", record, players);
    assert_search_watched(&mut app);
}

/// While the computer thinks, its search so far can be read: depth, score, nodes and a line
/// that starts with a legal move.
#[test]
fn the_computer_s_search_can_be_watched_while_it_thinks() {
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Computer(Level::Expert),
    };
    let record = game("f5d6c3d3c4f4f6f3e6e7d7c6b6c5b5a6a4");
    assert!(
        Book::shipped()
            .lookup(&record.standard_board().expect("standard Othello"))
            .is_none(),
        "out of the book"
    );
    let mut app = app_with("live_search", record, players);
    assert_search_watched(&mut app);
}

/// The computer's search reports, while it thinks, a depth, nodes and a line that starts with a
/// legal move.
fn assert_search_watched(app: &mut App) {
    run_until(app, Duration::from_secs(20), |app| {
        app.world()
            .resource::<ComputerPlayer>()
            .progress()
            .is_some()
    });
    let progress = app
        .world()
        .resource::<ComputerPlayer>()
        .progress()
        .expect("reported");
    let first = *progress.pv.first().expect("a line");
    assert!(state(app).board().is_legal(first));
    assert!(progress.depth >= 1 && progress.nodes > 0);
}

#[test]
fn a_sparring_partner_answers_and_is_named_with_its_rating() {
    use reversi_engine::search::Sparring;
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Sparring(Sparring::Club),
    };
    // Out of the book, so the partner scores the moves and chooses.
    let mut app = app_with(
        "sparring_answers",
        game("f5d6c3d3c4f4f6f3e6e7d7c6b6c5b5a6"),
        players,
    );
    play(&mut app, "a4");
    await_moves(&mut app, 18);
    assert!(state(&app).human_to_move());
    let name = reversi::locale::Locale::new(reversi::locale::Language::English)
        .render(&PlayerKind::Sparring(Sparring::Master).name());
    assert_eq!(name, "Sparring partner: master (about 1840)");
    assert_eq!(
        "strong-club".parse::<PlayerKind>(),
        Ok(PlayerKind::Sparring(Sparring::StrongClub))
    );
}
