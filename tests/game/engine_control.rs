//! The computer under the player's control: *Move now* plays the best move found so far,
//! *Stop* halts the computer and the hints until play resumes, the computer's pace holds back
//! an instant answer, and each side's time spent shows without a clock.

use std::time::Duration;

use bevy::prelude::*;
use reversi::ai::{ANALYSIS_LINES, Analysis, ComputerPace, ComputerPlayer, EngineControl, Hints};
use reversi::game::{Clock, GameCommand, PlayerKind, Players};
use reversi::settings::Settings;
use reversi_engine::search::Level;
use reversi_engine::{Color, Game};

use super::common::*;

/// Out of the opening book after a4, so the Expert searches rather than answering from the book.
const OUT_OF_BOOK: &str = "f5d6c3d3c4f4f6f3e6e7d7c6b6c5b5a6";

fn thinking(app: &App) -> bool {
    app.world().resource::<ComputerPlayer>().is_thinking()
}

/// Black is the player; White the Expert with a minute a move, or the Beginner.
fn app_against(name: &str, level: Level, settings: Settings, game: Game) -> App {
    let dir = scratch_dir(name);
    write_settings(&dir, &settings);
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Computer(level),
    };
    app_in(dir, game, players)
}

fn slow_expert(name: &str) -> App {
    let settings = Settings {
        computer_seconds: Some(60),
        ..Settings::default()
    };
    let mut app = app_against(name, Level::Expert, settings, game(OUT_OF_BOOK));
    play(&mut app, "a4");
    settle(&mut app);
    run_until(&mut app, Duration::from_secs(10), thinking);
    app
}

#[test]
fn move_now_plays_the_best_move_found_so_far() {
    let mut app = slow_expert("move_now");
    let before = state(&app).game.moves().len();
    // A minute to think, but the player wants the move now.
    command(&mut app, EngineControl::MoveNow);
    run_until(&mut app, Duration::from_secs(10), |app| {
        state(app).game.moves().len() == before + 1
    });
    assert!(state(&app).human_to_move());
}

#[test]
fn stop_halts_the_computer_and_the_hints_until_play_resumes() {
    let mut app = slow_expert("stop");
    let before = state(&app).game.moves().len();
    command(&mut app, EngineControl::Stop);
    run_for(&mut app, Duration::from_secs(2));
    assert_eq!(state(&app).game.moves().len(), before, "no move was played");
    assert!(state(&app).suspended);
    assert!(!thinking(&app));
    // The position is the player's to study: the hints do not start on it either.
    app.world_mut().resource_mut::<Hints>().enabled = true;
    run_for(&mut app, Duration::from_millis(500));
    assert!(!app.world().resource::<Hints>().is_thinking());
    command(&mut app, GameCommand::ResumePlay);
    run_until(&mut app, Duration::from_secs(10), thinking);
}

#[test]
fn the_computers_pace_holds_back_an_instant_answer() {
    let settings = Settings {
        computer_pace_ms: 2000,
        ..Settings::default()
    };
    let mut app = app_against(
        "pace",
        Level::Beginner,
        settings,
        Game::new(Default::default()),
    );
    let game_time = |app: &App| app.world().resource::<Time>().elapsed();
    play(&mut app, "f5");
    app.update();
    let asked = game_time(&app);
    run_until(&mut app, Duration::from_secs(30), |app| {
        state(app).game.moves().len() == 2
    });
    // The Beginner's book answer is ready at once; the pace shows it two seconds (of the
    // game's time, which these tests step frame by frame) after its turn began.
    let waited = game_time(&app) - asked;
    assert!(waited >= Duration::from_millis(1900), "{waited:?}");
}

/// An answer held for the pace asks for the frame that plays it: a window waiting for the
/// player, with nothing moving, sleeps only until the answer is due, not its idle five seconds.
#[test]
fn a_held_answer_asks_for_the_frame_that_plays_it() {
    use bevy::winit::{UpdateMode, WinitSettings};
    let settings = Settings {
        computer_pace_ms: 2000,
        animate_moves: false,
        ..Settings::default()
    };
    let dir = scratch_dir("held_answer_frame");
    write_settings(&dir, &settings);
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Computer(Level::Beginner),
    };
    let mut app = unstarted_app_in(dir, Game::new(Default::default()), players);
    app.add_plugins(reversi::view::redraw_plugin);
    app.update();
    // Nothing else works for the player: no graph to draw, no hints.
    app.world_mut()
        .resource_mut::<reversi::ai::EvaluationGraph>()
        .enabled = false;
    play(&mut app, "f5");
    let held = |app: &App| {
        let now = app.world().resource::<Time>().elapsed();
        let pace = app.world().resource::<ComputerPace>();
        app.world()
            .resource::<ComputerPlayer>()
            .answer_due_in(now, pace)
    };
    run_until(&mut app, Duration::from_secs(30), |app| held(app).is_some());
    app.update();
    assert!(
        !app.world()
            .resource::<reversi::ai::EvaluationGraph>()
            .is_thinking()
    );
    let due = held(&app).expect("the answer is held");
    assert!(due <= Duration::from_secs(2), "{due:?}");
    let UpdateMode::Reactive { wait, .. } = app.world().resource::<WinitSettings>().focused_mode
    else {
        panic!("nothing moves, so the window should wait");
    };
    assert!(
        wait <= due + Duration::from_millis(20),
        "{wait:?} for {due:?}"
    );
    run_until(&mut app, Duration::from_secs(30), |app| {
        state(app).game.moves().len() == 2
    });
}

#[test]
fn each_sides_time_spent_shows_without_a_clock() {
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Human,
    };
    let mut app = app_with("elapsed", Game::new(Default::default()), players);
    run_for(&mut app, Duration::from_millis(1200));
    let clock = *app.world().resource::<Clock>();
    assert!(clock.settings.is_none());
    assert!(
        clock.used(Color::Black) >= Duration::from_secs(1),
        "{clock:?}"
    );
    assert_eq!(clock.used(Color::White), Duration::ZERO);
    play(&mut app, "f5");
    settle(&mut app);
    run_for(&mut app, Duration::from_millis(1200));
    let clock = *app.world().resource::<Clock>();
    assert!(
        clock.used(Color::White) >= Duration::from_secs(1),
        "{clock:?}"
    );
}

fn analysis_depth(app: &App) -> u32 {
    app.world()
        .resource::<Analysis>()
        .found(state(app))
        .map_or(0, |found| found.depth)
}

#[test]
fn analyse_until_i_stop_deepens_its_best_lines_until_stopped() {
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Human,
    };
    let mut app = app_with("analyse", game(OUT_OF_BOOK), players);
    app.world_mut().resource_mut::<Analysis>().enabled = true;
    run_until(&mut app, Duration::from_secs(30), |app| {
        analysis_depth(app) >= 4
    });
    let found = app
        .world()
        .resource::<Analysis>()
        .found(state(&app))
        .expect("lines");
    assert_eq!(found.lines.len(), ANALYSIS_LINES);
    assert!(found.lines[0].moves.len() >= 2, "{found:?}");
    let scores: Vec<i32> = found.lines.iter().map(|line| line.score.score).collect();
    assert!(
        scores.windows(2).all(|pair| pair[0] >= pair[1]),
        "best first: {scores:?}"
    );
    // It goes on deepening by itself...
    let before = found.depth;
    run_until(&mut app, Duration::from_secs(60), |app| {
        analysis_depth(app) > before
    });
    // ...until the player stops it: what it found stays, and it goes no deeper.
    command(&mut app, EngineControl::Stop);
    app.update();
    let stopped_at = analysis_depth(&app);
    run_for(&mut app, Duration::from_secs(1));
    assert!(!app.world().resource::<Analysis>().is_thinking());
    assert_eq!(analysis_depth(&app), stopped_at);
    // A move starts it afresh on the new position.
    play(&mut app, "a4");
    run_until(&mut app, Duration::from_secs(30), |app| {
        analysis_depth(app) >= 1
    });
}

#[test]
fn near_the_end_the_analysis_solves_every_move_and_rests() {
    let players = Players {
        black: PlayerKind::Human,
        white: PlayerKind::Human,
    };
    // Twelve empty squares: solved in moments.
    let near_end = "e6d6c6f6c4b6f7c3c2b2d7c7a2b4d3e3a6b7a7e7f3a1f8b1e2g3g6f4b3e8h2g5a4d1c1g7d8c5f5a8h4a5h5d2h6b8a3h8";
    let mut app = app_with("analyse_end", game(near_end), players);
    app.world_mut().resource_mut::<Analysis>().enabled = true;
    run_until(&mut app, Duration::from_secs(60), |app| {
        app.world()
            .resource::<Analysis>()
            .found(state(app))
            .is_some_and(|found| found.solved)
    });
    run_until(&mut app, Duration::from_secs(5), |app| {
        !app.world().resource::<Analysis>().is_thinking()
    });
    let found = app
        .world()
        .resource::<Analysis>()
        .found(state(&app))
        .unwrap();
    assert!(found.lines.iter().all(|line| line.score.exact), "{found:?}");
}

/// The computer's move has the cores first: the best line, asked for while the computer
/// thinks, starts only once the computer has played; the graph searches nothing meanwhile.
#[test]
fn the_computers_move_goes_before_the_best_line_and_the_graph() {
    use reversi::ai::{BestLine, EvaluationGraph, ToggleBestLine};
    let mut app = slow_expert("priority");
    command(&mut app, ToggleBestLine);
    run_for(&mut app, Duration::from_millis(300));
    assert!(thinking(&app));
    assert!(!app.world().resource::<BestLine>().is_thinking());
    assert!(!app.world().resource::<EvaluationGraph>().is_thinking());
    command(&mut app, EngineControl::MoveNow);
    run_until(&mut app, Duration::from_secs(20), |app| {
        app.world().resource::<BestLine>().is_thinking()
    });
    assert!(!thinking(&app));
}

/// A review asked for while the computer thinks waits for the engine, says so, and starts once
/// the computer has played; meanwhile the computer's search is not slowed by it.
#[test]
fn a_review_waits_for_the_computers_move() {
    use reversi::ai::{Review, ReviewRequest};
    let mut app = slow_expert("review_waits");
    command(&mut app, ReviewRequest::Start);
    run_for(&mut app, Duration::from_millis(300));
    assert!(thinking(&app));
    let review = app.world().resource::<Review>();
    assert!(review.is_waiting() && !review.is_thinking());
    assert_eq!(review.progress().map(|(done, _)| done), Some(0));
    command(&mut app, EngineControl::MoveNow);
    run_until(&mut app, Duration::from_secs(20), |app| {
        app.world().resource::<Review>().is_thinking()
    });
    assert!(!thinking(&app));
}
