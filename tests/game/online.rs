//! Two programs' games playing each other online, headless, over 127.0.0.1 with no relay: an
//! invitation made in one and pasted in the other, moves on both boards, a local undo refused,
//! an undo asked and granted, a resignation counted in both programs' statistics, the game kept
//! with both names, and a restarted program resuming its game.

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;
use reversi::game::{GameCommand, Match, PlayerKind};
use reversi::online::{InviteChoice, LineState, Online, OnlineCommand, RelayChoice};
use reversi::persistence::Statistics;
use reversi::settings::Settings;
use reversi_engine::{Color, EndReason, Game, Rules};

use crate::common::{
    HOT_SEAT, app_in, command, notice, play, scratch_dir, settle, state, write_settings,
};

const PATIENCE: Duration = Duration::from_secs(30);

/// A program whose online games stay on this computer (127.0.0.1, no relay).
fn program(dir: PathBuf, name: &str) -> App {
    let settings = Settings {
        player_name: name.to_string(),
        online_relay: RelayChoice::Loopback,
        ..Settings::default()
    };
    write_settings(&dir, &settings);
    app_in(dir, Game::new(Rules::default()), HOT_SEAT)
}

/// Updates both programs in real time (the line works on its own threads) until `done`.
fn both_until(a: &mut App, b: &mut App, what: &str, done: impl Fn(&App, &App) -> bool) {
    let started = std::time::Instant::now();
    while !done(a, b) {
        assert!(
            started.elapsed() < PATIENCE,
            "waited for {what}: {} / {}",
            notice(a),
            notice(b)
        );
        a.update();
        b.update();
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn connected(app: &App) -> bool {
    app.world()
        .resource::<Online>()
        .0
        .as_ref()
        .is_some_and(|session| session.line == LineState::Connected)
}

fn moves(app: &App) -> usize {
    state(app).game.moves().len()
}

/// Alice invites (she plays Black), Boris pastes her invitation.
fn invited_and_joined(name: &str) -> (App, App, PathBuf) {
    let alice_dir = scratch_dir(&format!("{name}_alice"));
    let boris_dir = scratch_dir(&format!("{name}_boris"));
    let mut alice = program(alice_dir, "Alice");
    let mut boris = program(boris_dir.clone(), "Борис");
    command(
        &mut alice,
        OnlineCommand::Invite(InviteChoice {
            color: Some(Color::Black),
            clock: None,
            engine_help: false,
            pause_limit_minutes: 15,
        }),
    );
    let mut invitation = None;
    both_until(&mut alice, &mut boris, "the invitation", |a, _| {
        a.world()
            .resource::<Online>()
            .0
            .as_ref()
            .and_then(|session| session.invitation())
            .is_some()
    });
    if let Some(session) = &alice.world().resource::<Online>().0 {
        invitation = session.invitation().map(str::to_string);
    }
    let invitation = invitation.expect("an invitation");
    assert!(invitation.starts_with("reversi3d://join/"));
    command(&mut boris, OnlineCommand::Join(format!("  {invitation}\n")));
    both_until(&mut alice, &mut boris, "the line", |a, b| {
        connected(a) && connected(b)
    });
    (alice, boris, boris_dir)
}

#[test]
fn two_programs_play_through_an_invitation_and_keep_the_game() {
    let (mut alice, mut boris, _) = invited_and_joined("game");
    assert_eq!(state(&alice).players.white, PlayerKind::Online);
    assert_eq!(state(&boris).players.black, PlayerKind::Online);
    assert!(!alice.world().resource::<reversi::ai::EngineHelp>().allowed);
    // Boris cannot move for Alice.
    play(&mut boris, "f5");
    settle(&mut boris);
    assert_eq!(moves(&boris), 0);
    assert!(
        notice(&boris).contains("your friend's turn"),
        "{}",
        notice(&boris)
    );
    play(&mut alice, "f5");
    both_until(&mut alice, &mut boris, "f5 on both boards", |a, b| {
        moves(a) == 1 && moves(b) == 1
    });
    play(&mut boris, "d6");
    both_until(&mut alice, &mut boris, "d6", |a, b| {
        moves(a) == 2 && moves(b) == 2
    });
    // The board belongs to the online game: a plain undo is refused...
    command(&mut boris, GameCommand::Undo);
    settle(&mut boris);
    assert_eq!(moves(&boris), 2);
    // ...and an undo asked for and granted takes d6 back on both boards.
    command(&mut boris, OnlineCommand::AskUndo);
    both_until(&mut alice, &mut boris, "the offer", |a, _| {
        a.world()
            .resource::<Online>()
            .0
            .as_ref()
            .is_some_and(|session| session.game().their_offer().is_some())
    });
    command(&mut alice, OnlineCommand::Answer(true));
    both_until(&mut alice, &mut boris, "the undo", |a, b| {
        moves(a) == 1 && moves(b) == 1
    });
    command(&mut boris, OnlineCommand::Chat("gg".into()));
    command(&mut alice, GameCommand::Resign);
    both_until(&mut alice, &mut boris, "the end", |a, b| {
        state(a).game.is_over() && state(b).game.is_over()
    });
    let result = state(&boris).game.result().expect("over");
    assert_eq!(result.reason, EndReason::Resigned(Color::Black));
    for app in [&alice, &boris] {
        let statistics = app.world().resource::<Statistics>();
        assert_eq!(statistics.friend_vs_user.games(), 1);
        assert_eq!(statistics.computer_vs_user.games(), 0);
    }
    both_until(&mut alice, &mut boris, "the chat", |a, _| {
        a.world()
            .resource::<Online>()
            .0
            .as_ref()
            .is_some_and(|session| session.talk.chat.iter().any(|line| line.text == "gg"))
    });
    let games = std::fs::read_dir(
        boris
            .world()
            .resource::<reversi::persistence::GamesDir>()
            .0
            .clone()
            .unwrap(),
    )
    .unwrap()
    .filter_map(Result::ok)
    .map(|entry| std::fs::read_to_string(entry.path()).unwrap())
    .collect::<Vec<_>>();
    assert!(
        games
            .iter()
            .any(|ggf| ggf.contains("PB[Alice]") && ggf.contains("PW[Борис]")),
        "{games:?}"
    );
    // The game over, the board is Boris's again: a new game has no friend online in it, and
    // the finished online game stays at hand.
    command(&mut boris, GameCommand::NewGame);
    settle(&mut boris);
    assert_eq!(moves(&boris), 0);
    assert!(!state(&boris).is_online(), "{:?}", state(&boris).players);
    assert!(boris.world().resource::<Online>().0.is_some());
    command(&mut boris, OnlineCommand::ShowGame);
    settle(&mut boris);
    let kept = boris
        .world()
        .resource::<Online>()
        .0
        .as_ref()
        .unwrap()
        .game()
        .game()
        .clone();
    assert_eq!(state(&boris).game.moves(), kept.moves(), "{:?}", kept);
    assert_eq!(kept.moves().len(), 1, "{:?}", kept.moves());
}

#[test]
fn a_restarted_program_resumes_its_online_game() {
    let (mut alice, boris, boris_dir) = invited_and_joined("resume");
    play(&mut alice, "f5");
    let mut boris = boris;
    both_until(&mut alice, &mut boris, "f5", |a, b| {
        moves(a) == 1 && moves(b) == 1
    });
    drop(boris);
    // Boris's program starts again from its files alone.
    let mut boris = program(boris_dir, "Борис");
    assert!(
        notice(&boris).contains("Resuming your online game with Alice"),
        "{}",
        notice(&boris)
    );
    both_until(&mut alice, &mut boris, "the line back", |a, b| {
        connected(a) && connected(b) && moves(b) == 1
    });
    assert_eq!(state(&boris).players.black, PlayerKind::Online);
    play(&mut boris, "d6");
    both_until(&mut alice, &mut boris, "d6", |a, b| {
        moves(a) == 2 && moves(b) == 2
    });
    let board: &Match = state(&alice);
    assert_eq!(board.game.moves(), state(&boris).game.moves());
}

#[test]
fn a_damaged_invitation_is_refused_with_a_clear_word() {
    let mut app = program(scratch_dir("online_bad"), "Carol");
    command(
        &mut app,
        OnlineCommand::Join("reversi3d://join/abcdefgh".into()),
    );
    app.update();
    assert!(notice(&app).contains("damaged"), "{}", notice(&app));
    assert!(app.world().resource::<Online>().0.is_none());
    command(&mut app, OnlineCommand::Join("hello".into()));
    app.update();
    assert!(
        notice(&app).contains("not a Reversi 3D invitation"),
        "{}",
        notice(&app)
    );
}
