//! The clock: time running out, the increment, and a time loss undone.

use std::time::Duration;

use reversi::game::{Clock, ClockSettings, GameCommand};
use reversi::persistence::Statistics;
use reversi_engine::{Color, EndReason, Game, Rules};

use super::common::*;

#[test]
fn the_player_whose_time_runs_out_loses() {
    let mut app = app_with("clock", Game::new(Rules::default()), HOT_SEAT);
    let mut clock = Clock::start(Some(ClockSettings {
        minutes: 1,
        increment_seconds: 2,
    }));
    clock.black = Duration::from_millis(100);
    app.world_mut().insert_resource(clock);
    for _ in 0..20 {
        app.update();
    }
    let result = state(&app).game.result().expect("Black's flag fell");
    assert_eq!(result.reason, EndReason::OutOfTime(Color::Black));
    assert_eq!(result.winner(), Some(Color::White));
    assert_eq!(
        app.world()
            .resource::<Statistics>()
            .black_vs_white
            .second_wins,
        1
    );
}

#[test]
fn a_move_adds_the_increment() {
    let mut app = app_with("increment", Game::new(Rules::default()), HOT_SEAT);
    app.world_mut()
        .insert_resource(Clock::start(Some(ClockSettings {
            minutes: 1,
            increment_seconds: 5,
        })));
    play(&mut app, "f5");
    settle(&mut app);
    let clock = app.world().resource::<Clock>();
    assert!(clock.black > Duration::from_secs(64), "{:?}", clock.black);
    assert!(
        clock.white > Duration::from_millis(59_900),
        "White's time ran during the animation: {:?}",
        clock.white
    );
}

#[test]
fn a_player_at_zero_loses_again_after_undoing_the_time_loss() {
    let mut app = app_with("zero_after_undo", game("f5d6"), HOT_SEAT);
    with_clock(&mut app, Duration::from_millis(50));
    for _ in 0..20 {
        app.update();
    }
    assert!(state(&app).game.is_over(), "Black's flag fell");
    command(&mut app, GameCommand::Undo);
    for _ in 0..5 {
        app.update();
    }
    let result = state(&app).game.result().expect("still lost on time");
    assert_eq!(result.reason, EndReason::OutOfTime(Color::Black));
}
