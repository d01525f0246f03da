//! A championship among three programs, headless, over 127.0.0.1 with no relay: the host's
//! invitation pasted in the two others, each game put on its two players' boards as it begins
//! and played there, the same table in every program at the end, every game kept, the table
//! and the games saved as GGF, and a program restarted halfway taking its championship up again.

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;
use reversi::game::{Match, MoveOrigin, MoveRequested, PlayerKind};
use reversi::online::{ChampionshipChoice, OnlineChampionship, OnlineCommand, RelayChoice};
use reversi::persistence::GamesDir;
use reversi::settings::Settings;
use reversi_engine::{Game, Move, Rules};

use crate::common::{HOT_SEAT, app_in, command, notice, scratch_dir, state, write_settings};

const PATIENCE: Duration = Duration::from_secs(150);

/// A program whose online games stay on this computer, with no animation to wait for.
fn program(dir: PathBuf, name: &str) -> App {
    let settings = Settings {
        player_name: name.to_string(),
        online_relay: RelayChoice::Loopback,
        animate_moves: false,
        ..Settings::default()
    };
    write_settings(&dir, &settings);
    app_in(dir, Game::new(Rules::default()), HOT_SEAT)
}

fn session(app: &App) -> Option<&reversi::online::ChampionshipSession> {
    app.world().resource::<OnlineChampionship>().0.as_ref()
}

/// Updates every program in real time until `done`; each plays a legal move on its board
/// when the game there is its championship game and its turn.
fn all_until(apps: &mut [App], what: &str, done: impl Fn(&[App]) -> bool) {
    let started = std::time::Instant::now();
    let mut turn = 0;
    while !done(apps) {
        assert!(
            started.elapsed() < PATIENCE,
            "waited for {what}: {:?}",
            apps.iter().map(notice).collect::<Vec<_>>()
        );
        for app in apps.iter_mut() {
            app.update();
            turn += 1;
            play_if_my_turn(app, turn);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn play_if_my_turn(app: &mut App, seed: usize) {
    let board: &Match = state(app);
    let to_move = board.game.board().to_move();
    let mine = board.is_online()
        && !board.game.is_over()
        && board.players.of(to_move) == PlayerKind::Human
        && !board.board().must_pass();
    if !mine {
        return;
    }
    let moves: Vec<_> = board.board().legal_moves().squares().collect();
    let mv = Move::Play(moves[seed % moves.len()]);
    app.world_mut().write_message(MoveRequested {
        mv,
        origin: MoveOrigin::Human,
    });
}

fn finished(app: &App) -> bool {
    session(app)
        .and_then(|session| session.player().championship())
        .is_some_and(|championship| championship.is_finished())
}

fn games_kept(app: &App) -> Vec<String> {
    let folder = app.world().resource::<GamesDir>().0.clone().unwrap();
    std::fs::read_dir(folder)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| std::fs::read_to_string(entry.path()).unwrap_or_default())
                .collect()
        })
        .unwrap_or_default()
}

/// Ann invites two players to "Club night"; Boris and Chloé paste her invitation.
fn gathered(name: &str) -> (Vec<App>, Vec<PathBuf>) {
    let dirs: Vec<PathBuf> = ["ann", "boris", "chloe"]
        .iter()
        .map(|who| scratch_dir(&format!("{name}_{who}")))
        .collect();
    let mut apps = vec![
        program(dirs[0].clone(), "Ann"),
        program(dirs[1].clone(), "Борис"),
        program(dirs[2].clone(), "Chloé"),
    ];
    command(
        &mut apps[0],
        OnlineCommand::InviteChampionship(ChampionshipChoice {
            title: "Club night".into(),
            players: 3,
            clock: None,
            engine_help: true,
            pause_limit_minutes: 15,
        }),
    );
    all_until(&mut apps, "the invitation", |apps| {
        session(&apps[0]).is_some_and(|session| session.invitation().is_some())
    });
    let invitation = session(&apps[0])
        .and_then(|session| session.invitation())
        .map(str::to_string)
        .expect("an invitation");
    for app in &mut apps[1..] {
        command(app, OnlineCommand::Join(invitation.clone()));
    }
    all_until(&mut apps, "the championship to begin", |apps| {
        apps.iter().all(|app| {
            session(app).is_some_and(|session| session.player().championship().is_some())
        })
    });
    (apps, dirs)
}

#[test]
fn three_programs_play_a_championship_on_their_boards_and_agree_on_the_table() {
    let (mut apps, _) = gathered("championship");
    // One game at a time: two players are at it, on their boards; the third waits.
    all_until(&mut apps, "the first game on the boards", |apps| {
        apps.iter().filter(|app| state(app).is_online()).count() == 2
    });
    all_until(&mut apps, "the end of the championship", |apps| {
        apps.iter().all(finished)
    });
    let tables: Vec<String> = apps
        .iter()
        .map(|app| {
            session(app)
                .and_then(|session| session.player().championship())
                .map(|championship| championship.table_text())
                .unwrap_or_default()
        })
        .collect();
    assert!(
        tables.windows(2).all(|pair| pair[0] == pair[1]),
        "{tables:?}"
    );
    assert!(tables[0].contains("final table"), "{}", tables[0]);
    // Each program kept its own four games, with both names.
    all_until(&mut apps, "every game kept", |apps| {
        apps.iter().all(|app| games_kept(app).len() == 4)
    });
    assert!(
        games_kept(&apps[1]).iter().all(|ggf| ggf.contains("Борис")),
        "{:?}",
        games_kept(&apps[1])
    );
    // The table and all six games, saved as GGF, read back.
    command(&mut apps[2], OnlineCommand::SaveChampionship);
    apps[2].update();
    assert!(
        notice(&apps[2]).contains("were saved"),
        "{}",
        notice(&apps[2])
    );
    let saved = games_kept(&apps[2])
        .into_iter()
        .find(|text| text.contains("Club night"))
        .expect("the championship's file");
    let games = reversi_engine::format::read_ggf_games(&saved).expect("GGF that reads back");
    assert_eq!(games.len(), 6);
}

#[test]
fn a_program_restarted_halfway_takes_its_championship_up_again() {
    let (mut apps, dirs) = gathered("championship_resume");
    all_until(&mut apps, "Борис at a game with some moves", |apps| {
        state(&apps[1]).is_online() && state(&apps[1]).game.moves().len() >= 4
    });
    let moves_before = state(&apps[1]).game.moves().len();
    // Boris's program closes, and starts again from its files alone.
    drop(apps.remove(1));
    let boris = program(dirs[1].clone(), "Борис");
    apps.insert(1, boris);
    assert!(
        notice(&apps[1]).contains("Resuming the championship"),
        "{}",
        notice(&apps[1])
    );
    apps[1].update();
    assert!(state(&apps[1]).is_online());
    assert!(state(&apps[1]).game.moves().len() >= moves_before);
    all_until(&mut apps, "the end of the championship", |apps| {
        apps.iter().all(finished)
    });
}
