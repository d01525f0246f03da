//! The player's files: saved games (RON and GGF), transcripts through the clipboard path and in
//! files, files dropped on the window, the recent files, pictures, the autosave, the statistics
//! shared by two copies, and recovery from files that cannot be used.

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;
use bevy::window::FileDragAndDrop;
use reversi::board::Tile;
use reversi::export::{PictureExport, PictureKind};
use reversi::game::{Clock, ClockSettings, GameCommand};
use reversi::locale::{Language, Locale};
use reversi::persistence::{
    AUTOSAVE_FILE, GameList, GameTransfer, GamesDir, OpenedFile, OpeningGame, RECENT_FILE,
    RecentFiles, ResetStatistics, Statistics, UnfinishedGame, UnfinishedGameAnswer,
    describe_ggf_game, read_game_file, suggested_save_path,
};
use reversi::settings::Settings;
use reversi_engine::variant::Variant;
use reversi_engine::{Color, Game, Move, Rules};

use super::common::*;

#[test]
fn a_saved_game_reopens_exactly_with_its_undo_history() {
    let dir = scratch_dir("save_open");
    write_default_settings(&dir);
    let mut app = app_in(dir.clone(), game("f5d6c3d3c4"), VS_COMPUTER);
    command(&mut app, GameCommand::Undo);
    command(&mut app, GameCommand::Undo);
    settle(&mut app);
    let saved_game = state(&app).game.clone();
    assert!(saved_game.can_redo());
    let path = dir.join("games").join("test.ron");
    save_game(&mut app, &path, false);
    app.update();
    assert!(path.exists(), "{}", notice(&app));

    command(&mut app, GameCommand::NewGame);
    command(&mut app, GameCommand::SetPlayers(HOT_SEAT));
    settle(&mut app);
    open_game(&mut app, &path);
    assert_eq!(state(&app).game, saved_game);
    assert_eq!(state(&app).players, VS_COMPUTER);
    assert_view_matches_board(&mut app);
}

#[test]
fn a_bad_saved_game_is_reported_and_the_game_kept() {
    let dir = scratch_dir("bad_open");
    write_default_settings(&dir);
    let mut app = app_in(dir.clone(), game("f5d6"), HOT_SEAT);
    let before = state(&app).game.clone();
    for (name, text, complaint) in [
        (
            "garbage.ron",
            "not a game at all",
            "is not a saved Reversi game, a GGF file or a transcript",
        ),
        (
            "illegal.ron",
            "(format: 1)",
            "is not a saved Reversi game, a GGF file or a transcript",
        ),
        (
            "cut.ggf",
            "(;GM[Othello]TY[8]B[f5]W[d6",
            "is not a GGF file this game can read: GGF game 1",
        ),
        (
            "odd.ggf",
            "(;GM[Othello]TY[9]B[f5];)",
            "the board is 9x9 (TY): only square boards of an even size from 4 to 16 can be read",
        ),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        open_game(&mut app, &path);
        assert_eq!(state(&app).game, before);
        let notice = &notice(&app);
        assert!(notice.contains(complaint), "{notice}");
    }
    open_game(&mut app, &dir.join("missing.ron"));
    assert_eq!(state(&app).game, before);
    assert!(notice(&app).contains("Cannot open"));
}

/// A saved eight-star game opens on the eight-star board, whatever board was shown before.
#[test]
fn a_saved_eight_star_game_opens_on_its_own_board() {
    let dir = scratch_dir("eight_star_saved");
    let rules = Rules {
        variant: Variant::EIGHT_STAR,
        ..Rules::default()
    };
    let star = Game::from_transcript("e4 f4 g5", rules).expect("a legal game");
    let mut app = app_in(dir.clone(), star, HOT_SEAT);
    settle(&mut app);
    let path = dir.join("star.ron");
    save_game(&mut app, &path, false);
    settle(&mut app);
    let mut other = app_in(
        scratch_dir("eight_star_opened"),
        Game::new(Rules::default()),
        HOT_SEAT,
    );
    settle(&mut other);
    open_game(&mut other, &path);
    assert_eq!(state(&other).game.rules().variant, Variant::EIGHT_STAR);
    assert_eq!(state(&other).game.moves().len(), 3);
    assert_view_matches_board(&mut other);
    let mut tiles = other.world_mut().query::<&Tile>();
    assert_eq!(tiles.iter(other.world()).count(), 88);
}

#[test]
fn a_copied_transcript_pastes_back_to_the_same_game() {
    let mut app = app_with("paste", game("f5d6c3d3c4f4"), HOT_SEAT);
    let transcript = state(&app).game.transcript();
    assert_eq!(transcript, "f5d6c3d3c4f4");
    command(&mut app, GameCommand::NewGame);
    settle(&mut app);
    command(&mut app, GameTransfer::Paste(transcript));
    settle(&mut app);
    assert_eq!(state(&app).game.transcript(), "f5d6c3d3c4f4");
    assert_view_matches_board(&mut app);

    let position = "---------------------------OX------XO--------------------------- O";
    command(&mut app, GameTransfer::Paste(position.into()));
    settle(&mut app);
    assert_eq!(state(&app).board().to_move(), Color::White);
    assert!(state(&app).game.moves().is_empty());
}

#[test]
fn a_bad_paste_is_reported_and_the_game_kept() {
    let mut app = app_with("bad_paste", game("f5d6"), HOT_SEAT);
    command(&mut app, GameTransfer::Paste("f5 d6 a1".into()));
    settle(&mut app);
    assert_eq!(
        state(&app).game.moves(),
        &[Move::Play(sq("f5")), Move::Play(sq("d6"))]
    );
    let notice = &notice(&app);
    assert!(
        notice.contains("move 3") && notice.contains("unchanged"),
        "{notice}"
    );
}

#[test]
fn a_saved_game_with_an_absurd_clock_opens_capped_and_plays_on() {
    let dir = scratch_dir("absurd_clock");
    write_default_settings(&dir);
    let mut app = app_in(dir.clone(), Game::new(Rules::default()), HOT_SEAT);
    with_clock(&mut app, Duration::from_secs(60));
    let path = dir.join("games").join("clock.ron");
    save_game(&mut app, &path, false);
    app.update();
    let text = std::fs::read_to_string(&path).expect("saved");
    // Black's remaining seconds: the first `secs:` of the clock.
    let clock_at = text.find("clock:").expect("a clock in the file");
    let secs_at = clock_at + text[clock_at..].find("secs:").expect("black's time") + 5;
    let digits = text[secs_at..].trim_start();
    let end = secs_at + (text.len() - secs_at - digits.len()) + digits.find(',').unwrap();
    let edited = format!("{} {}{}", &text[..secs_at], u64::MAX - 1, &text[end..]);
    std::fs::write(&path, edited).unwrap();

    open_game(&mut app, &path);
    play(&mut app, "f5");
    settle(&mut app);
    assert_eq!(state(&app).game.moves().len(), 1);
    let black = app.world().resource::<Clock>().black;
    assert!(black <= Duration::from_secs(24 * 3600), "{black:?}");
}

#[test]
fn a_pasted_game_starts_with_full_time() {
    let mut app = app_with("paste_clock", game("f5d6"), HOT_SEAT);
    app.world_mut().resource_mut::<Settings>().clock = Some(ClockSettings {
        minutes: 5,
        increment_seconds: 0,
    });
    app.update();
    with_clock(&mut app, Duration::from_secs(3));
    command(&mut app, GameTransfer::Paste("f5d6c3".into()));
    settle(&mut app);
    assert_eq!(state(&app).game.transcript(), "f5d6c3");
    let clock = app.world().resource::<Clock>();
    assert!(
        clock.black > Duration::from_secs(299) && clock.white > Duration::from_secs(299),
        "{clock:?}"
    );
}

#[test]
fn saving_over_an_existing_file_needs_the_players_consent() {
    let dir = scratch_dir("save_replace");
    write_default_settings(&dir);
    let mut app = app_in(dir.clone(), game("f5d6"), HOT_SEAT);
    let path = dir.join("precious.ron");
    std::fs::write(&path, "the player's own notes").unwrap();

    save_game(&mut app, &path, false);
    app.update();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "the player's own notes"
    );
    let notice = &notice(&app);
    assert!(notice.contains("already exists"), "{notice}");

    save_game(&mut app, &path, true);
    app.update();
    command(&mut app, GameCommand::NewGame);
    settle(&mut app);
    open_game(&mut app, &path);
    assert_eq!(state(&app).game.transcript(), "f5d6");
}

/// A GGF file of many games (a server's archive) offers its games; the one chosen is opened.
#[test]
fn a_ggf_file_of_two_games_opens_the_one_the_player_chooses() {
    let dir = scratch_dir("ggf_two");
    let path = dir.join("club.ggf");
    std::fs::write(&path, TWO_GGF_GAMES).expect("written");
    let mut app = app_in(dir, Game::new(Rules::default()), HOT_SEAT);
    open_game(&mut app, &path);
    let english = Locale::new(Language::English);
    let listed = app.world().resource::<GameList>().0.as_ref().map(|file| {
        file.games
            .iter()
            .enumerate()
            .map(|(index, game)| english.render(&describe_ggf_game(index + 1, game)))
            .collect::<Vec<_>>()
    });
    let listed = listed.expect("a list to choose from");
    assert_eq!(listed.len(), 2);
    assert!(listed[1].starts_with("2. carol – dan"), "{listed:?}");
    assert!(
        state(&app).game.moves().is_empty(),
        "nothing is loaded before the choice"
    );
    command(&mut app, GameTransfer::OpenFromList(1));
    settle(&mut app);
    let expected = game("f5f6e6f4");
    assert_eq!(state(&app).game.moves(), expected.moves());
    assert!(app.world().resource::<GameList>().0.is_none());
}

/// Saved with a `.ggf` name, the game is written in GGF and opens again with its moves.
#[test]
fn a_game_saved_as_ggf_opens_again_with_its_moves() {
    let dir = scratch_dir("ggf_save");
    let mut app = app_in(dir.clone(), game("f5d6c3d3c4"), HOT_SEAT);
    let path = dir.join("study.ggf");
    save_game(&mut app, &path, false);
    app.update();
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(text.starts_with("(;GM[Othello]"), "{text}");
    let mut other = app_in(dir, Game::new(Rules::default()), HOT_SEAT);
    open_game(&mut other, &path);
    assert_eq!(state(&other).game.moves(), game("f5d6c3d3c4").moves());
}

/// Game > Save position as picture and the game record's Save picture write PNG files; an
/// existing file is not replaced unasked and a path that cannot be written is reported.
#[test]
fn the_position_and_the_game_record_are_saved_as_png_pictures() {
    let dir = scratch_dir("pictures");
    let mut app = app_in(dir.clone(), game("f5d6c3d3c4"), HOT_SEAT);
    let export = |path: &std::path::Path, kind| PictureExport {
        path: path.to_path_buf(),
        kind,
        replace: false,
    };
    let position_path = dir.join("position.png");
    command(&mut app, export(&position_path, PictureKind::Position));
    app.update();
    assert!(
        notice(&app).starts_with("Picture saved"),
        "{}",
        notice(&app)
    );
    let position = image::open(&position_path).expect("a PNG");
    let both_path = dir.join("record.png");
    command(&mut app, export(&both_path, PictureKind::PositionAndRecord));
    app.update();
    let both = image::open(&both_path).expect("a PNG");
    assert_eq!(both.width(), position.width());
    assert!(
        both.height() > position.height() * 3 / 2,
        "the record stands below the position"
    );

    let before = std::fs::read(&position_path).unwrap();
    command(
        &mut app,
        export(&position_path, PictureKind::PositionAndRecord),
    );
    app.update();
    assert!(notice(&app).contains("already exists"), "{}", notice(&app));
    assert_eq!(std::fs::read(&position_path).unwrap(), before);

    // A file where the folder should be.
    let nowhere = position_path.join("inside.png");
    command(&mut app, export(&nowhere, PictureKind::Position));
    app.update();
    assert!(
        notice(&app).starts_with("The picture was not saved"),
        "{}",
        notice(&app)
    );
}

#[test]
fn corrupt_settings_and_statistics_files_are_moved_aside_with_a_notice() {
    let dir = scratch_dir("corrupt");
    std::fs::write(dir.join("settings.ron"), "(show_valid_moves: maybe").unwrap();
    std::fs::write(dir.join("statistics.ron"), [0xff, 0xfe, 0x00]).unwrap();
    let app = app_in(dir.clone(), Game::new(Rules::default()), HOT_SEAT);

    assert_eq!(*app.world().resource::<Settings>(), Settings::default());
    assert_eq!(*app.world().resource::<Statistics>(), Statistics::default());
    let notice = &notice(&app);
    assert!(
        notice.contains("settings.ron") && notice.contains("statistics.ron"),
        "{notice}"
    );
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        names.iter().any(|n| n.starts_with("settings.ron.bad-")),
        "{names:?}"
    );
    assert!(
        names.iter().any(|n| n.starts_with("statistics.ron.bad-")),
        "{names:?}"
    );
}

#[test]
fn two_copies_of_the_game_keep_each_others_statistics() {
    let dir = scratch_dir("two_copies");
    write_default_settings(&dir);
    let mut first = app_in(dir.clone(), Game::new(Rules::default()), VS_COMPUTER);
    let mut second = app_in(dir.clone(), Game::new(Rules::default()), VS_COMPUTER);
    for app in [&mut first, &mut second] {
        command(app, GameCommand::Resign);
        settle(app);
    }
    let again = app_in(dir, Game::new(Rules::default()), VS_COMPUTER);
    let statistics = again.world().resource::<Statistics>();
    assert_eq!(statistics.black_vs_white.games(), 2, "{statistics:?}");
}

/// Reset in the Statistics window clears the records of the variant shown, and only those: the
/// other variants' games stay counted, in this run and the next.
#[test]
fn resetting_the_statistics_clears_only_the_variant_shown() {
    let dir = scratch_dir("statistics_reset");
    write_default_settings(&dir);
    let ten = Rules {
        variant: Variant::othello(10),
        ..Rules::default()
    };
    for rules in [Rules::default(), ten] {
        let mut app = app_in(dir.clone(), Game::new(rules), VS_COMPUTER);
        command(&mut app, GameCommand::Resign);
        settle(&mut app);
    }
    let mut app = app_in(dir.clone(), Game::new(Rules::default()), VS_COMPUTER);
    command(&mut app, ResetStatistics(Variant::OTHELLO));
    settle(&mut app);
    let statistics = app.world().resource::<Statistics>();
    assert_eq!(statistics.of(&Variant::OTHELLO).black_vs_white.games(), 0);
    assert_eq!(
        statistics.of(&Variant::othello(10)).black_vs_white.games(),
        1
    );
    let again = app_in(dir, Game::new(Rules::default()), VS_COMPUTER);
    let statistics = again.world().resource::<Statistics>();
    assert_eq!(statistics.of(&Variant::OTHELLO).computer_vs_user.games(), 0);
    assert_eq!(
        statistics
            .of(&Variant::othello(10))
            .computer_vs_user
            .games(),
        1
    );
}

/// The game in progress is saved as it goes; the next start offers it, and the player continues
/// it or declines (then it is not offered again).
#[test]
fn an_unfinished_game_is_offered_at_the_next_start() {
    let dir = scratch_dir("autosave");
    let autosave = dir.join(AUTOSAVE_FILE);
    let mut app = app_in(dir.clone(), Game::new(Rules::default()), HOT_SEAT);
    assert!(app.world().resource::<UnfinishedGame>().0.is_none());
    play(&mut app, "f5");
    settle(&mut app);
    play(&mut app, "d6");
    settle(&mut app);
    run_until(
        &mut app,
        Duration::from_secs(10),
        |_| matches!(read_game_file(&autosave, Rules::default()), Ok(OpenedFile::Saved(saved)) if saved.game.moves().len() == 2),
    );
    drop(app);

    let mut again = app_in(dir.clone(), Game::new(Rules::default()), HOT_SEAT);
    let offered = again.world().resource::<UnfinishedGame>().0.clone();
    assert_eq!(
        offered.map(|saved| saved.game.moves().to_vec()),
        Some(game("f5d6").moves().to_vec())
    );
    command(&mut again, UnfinishedGameAnswer::Continue);
    settle(&mut again);
    assert_eq!(state(&again).game.moves(), game("f5d6").moves());
    drop(again);

    let mut declined = app_in(dir.clone(), Game::new(Rules::default()), HOT_SEAT);
    assert!(declined.world().resource::<UnfinishedGame>().0.is_some());
    command(&mut declined, UnfinishedGameAnswer::Decline);
    run_until(&mut declined, Duration::from_secs(10), |_| {
        !autosave.exists()
    });
    assert!(state(&declined).game.moves().is_empty());
    drop(declined);
    let last = app_in(dir, Game::new(Rules::default()), HOT_SEAT);
    assert!(last.world().resource::<UnfinishedGame>().0.is_none());
}

/// A saved game as the game writes it, with `edit` applied to its text.
fn saved_game_text(moves: &str, edit: impl Fn(String) -> String) -> String {
    let state = reversi::game::Match::new(game(moves), HOT_SEAT);
    let saved =
        reversi::persistence::SavedGame::of(&state, &Clock::start(None), &Default::default());
    edit(ron::ser::to_string_pretty(&saved, Default::default()).expect("encodes"))
}

/// The same game on a board of `size` squares a side, its start string to match.
fn with_board_size(text: String, size: usize) -> String {
    let start = text.find("start: \"").expect("a start") + "start: \"".len();
    let end = start + text[start..].find('"').expect("the start ends");
    let board = format!(
        "{}XO{} X",
        "-".repeat(size * size / 2),
        "-".repeat(size * size / 2)
    );
    let text = format!("{}{}{}", &text[..start], board, &text[end..]);
    text.replacen("size: 8", &format!("size: {size}"), 1)
}

/// The autosaves that once stopped the game from starting (board sizes outside 4-16), and the
/// ones it deleted without a word (junk, an illegal move, a later format): each is moved aside
/// as it was, the player is told, nothing is offered, and the game starts and autosaves again.
/// Opened with Open game, the same files leave the game in progress as it was.
#[test]
fn an_autosave_the_game_cannot_use_is_moved_aside_with_a_notice() {
    let mut cases: Vec<(String, String)> = [0, 1, 18, 34, 200, 255]
        .into_iter()
        .map(|size| {
            let text = saved_game_text("f5", |text| with_board_size(text, size));
            (format!("size {size}"), text)
        })
        .collect();
    cases.push(("junk".into(), "not a saved game \u{1}".into()));
    cases.push((
        "an illegal move".into(),
        saved_game_text("f5d6", |text| text.replacen("\"d6\"", "\"a1\"", 1)),
    ));
    cases.push((
        "a later format".into(),
        saved_game_text("f5d6", |text| text.replacen("format: 1", "format: 2", 1)),
    ));
    cases.push((
        "level 255".into(),
        saved_game_text("f5d6", |text| {
            text.replacen("white: Human", "white: Computer(Custom(255))", 1)
        }),
    ));
    for (name, text) in cases {
        let dir = scratch_dir("bad_autosave");
        write_default_settings(&dir);
        let autosave = dir.join(AUTOSAVE_FILE);
        std::fs::write(&autosave, &text).expect("written");
        let mut app = app_in(dir.clone(), Game::new(Rules::default()), HOT_SEAT);
        assert!(
            app.world().resource::<UnfinishedGame>().0.is_none(),
            "{name}"
        );
        let said = notice(&app);
        assert!(said.contains("It was kept as"), "{name}: {said}");
        let aside: Vec<_> = std::fs::read_dir(&dir)
            .expect("the folder")
            .flatten()
            .filter(|entry| {
                entry
                    .file_name()
                    .to_string_lossy()
                    .starts_with("autosave.ron.bad-")
            })
            .collect();
        assert_eq!(aside.len(), 1, "{name}");
        assert_eq!(
            std::fs::read_to_string(aside[0].path()).unwrap(),
            text,
            "{name}"
        );

        play(&mut app, "f5");
        settle(&mut app);
        run_until(&mut app, Duration::from_secs(10), |_| autosave.exists());
        assert!(
            matches!(read_game_file(&autosave, Rules::default()), Ok(OpenedFile::Saved(saved)) if saved.game.moves().len() == 1),
            "{name}: the new game is autosaved"
        );

        let bad = dir.join("bad.ron");
        std::fs::write(&bad, &text).expect("written");
        open_game(&mut app, &bad);
        assert_eq!(state(&app).game.moves(), game("f5").moves(), "{name}");
        assert!(notice(&app).contains("bad.ron"), "{name}: {}", notice(&app));
    }
}

/// A transcript in a text file opens as a game, as `reversi FILE` or Open game would open it.
#[test]
fn a_transcript_file_opens_as_a_game() {
    let dir = scratch_dir("transcript_file");
    write_default_settings(&dir);
    let mut app = app_in(dir.clone(), Game::default(), HOT_SEAT);
    let path = dir.join("game.txt");
    std::fs::write(&path, "f5 d6 c3 d3 c4\n").unwrap();
    open_game(&mut app, &path);
    assert_eq!(
        state(&app).game.moves(),
        game("f5d6c3d3c4").moves(),
        "{}",
        notice(&app)
    );
    assert_view_matches_board(&mut app);
}

/// A file dropped on the window opens; a picture dropped by mistake is refused with a word and
/// the game stays.
#[test]
fn a_file_dropped_on_the_window_opens() {
    let dir = scratch_dir("dropped_file");
    write_default_settings(&dir);
    let mut app = app_in(dir.clone(), game("f5d6"), HOT_SEAT);
    let picture = dir.join("board.png");
    std::fs::write(&picture, [0x89, b'P', b'N', b'G', 0, 0xFF]).unwrap();
    let drop = |app: &mut App, path: &std::path::Path| {
        command(
            app,
            FileDragAndDrop::DroppedFile {
                window: Entity::PLACEHOLDER,
                path_buf: path.to_path_buf(),
            },
        );
        app.update();
        run_until(app, Duration::from_secs(10), |app| {
            !app.world().resource::<OpeningGame>().is_reading()
        });
        settle(app);
    };
    drop(&mut app, &picture);
    assert_eq!(state(&app).game.moves().len(), 2);
    assert!(notice(&app).contains("board.png"), "{}", notice(&app));
    let saved = dir.join("saved.ggf");
    std::fs::write(&saved, "(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[f6]B[e6];)").unwrap();
    drop(&mut app, &saved);
    assert_eq!(
        state(&app).game.moves(),
        game("f5f6e6").moves(),
        "{}",
        notice(&app)
    );
}

/// The games opened and saved are listed newest first in the Game menu, from one start to the
/// next; a list file that cannot be read is moved aside with a word and the game goes on.
#[test]
fn recent_games_are_remembered_across_restarts() {
    let dir = scratch_dir("recent_files");
    write_default_settings(&dir);
    let mut app = app_in(dir.clone(), game("f5d6c3"), HOT_SEAT);
    let first = dir.join("games").join("first.ron");
    let second = dir.join("games").join("second.ggf");
    save_game(&mut app, &first, false);
    app.update();
    save_game(&mut app, &second, false);
    app.update();
    open_game(&mut app, &first);
    let recent = |app: &App| app.world().resource::<RecentFiles>().paths().to_vec();
    assert_eq!(recent(&app), [first.clone(), second.clone()]);
    // A missing file is said and leaves the list as it was.
    open_game(&mut app, &dir.join("gone.ron"));
    assert_eq!(recent(&app), [first.clone(), second.clone()]);

    let restarted = app_in(dir.clone(), Game::default(), HOT_SEAT);
    assert_eq!(recent(&restarted), [first, second]);

    std::fs::write(dir.join(RECENT_FILE), "[not a list").unwrap();
    let after_damage = app_in(dir.clone(), Game::default(), HOT_SEAT);
    assert!(recent(&after_damage).is_empty());
    assert!(
        notice(&after_damage).contains("could not be read"),
        "{}",
        notice(&after_damage)
    );
    assert!(!dir.join(RECENT_FILE).exists(), "moved aside");
}

/// Save game and Save picture suggest a name in the player's saved-games folder, not in the
/// configuration folder.
#[test]
fn files_are_suggested_in_the_saved_games_folder() {
    let games = GamesDir(Some(PathBuf::from("/home/player/Documents/Reversi 3D")));
    let path = suggested_save_path(&games, "ron");
    assert!(
        path.starts_with("/home/player/Documents/Reversi 3D"),
        "{}",
        path.display()
    );
    assert_eq!(path.extension().and_then(|e| e.to_str()), Some("ron"));
}

/// Windows players' folders have spaces ("Documents\Reversi 3D") and their names any script: a
/// game kept in such a folder, as a saved game and as GGF, opens again, and the settings and
/// statistics live in such a configuration folder.
#[test]
fn folders_and_names_with_spaces_and_any_script_hold_the_players_files() {
    let dir = scratch_dir("names").join("Мои партии — Reversi 3D");
    std::fs::create_dir_all(&dir).expect("folder");
    write_default_settings(&dir);
    let mut app = app_in(dir.clone(), game("f5d6c3d3c4"), HOT_SEAT);
    for name in ["партия с Алисой.ron", "Tōkyō 1 round.ggf"] {
        let path = dir.join(name);
        save_game(&mut app, &path, false);
        app.update();
        assert!(path.is_file(), "{}: {}", path.display(), notice(&app));
        let mut other = app_in(dir.clone(), Game::new(Rules::default()), HOT_SEAT);
        open_game(&mut other, &path);
        assert_eq!(
            state(&other).game.moves(),
            game("f5d6c3d3c4").moves(),
            "{name}"
        );
    }
    command(&mut app, GameCommand::Resign);
    settle(&mut app);
    let restarted = app_in(dir, Game::default(), HOT_SEAT);
    let statistics = restarted.world().resource::<Statistics>();
    assert_eq!(statistics.black_vs_white.games(), 1, "{statistics:?}");
}

#[test]
fn the_players_names_go_into_a_saved_game_and_its_ggf() {
    let dir = scratch_dir("names_in_files");
    let settings = Settings {
        player_name: "Алиса".into(),
        ..Settings::default()
    };
    write_settings(&dir, &settings);
    let mut app = app_in(dir.clone(), game("f5d6"), reversi::game::Players::default());
    let ggf = dir.join("named.ggf");
    save_game(&mut app, &ggf, false);
    app.update();
    let text = std::fs::read_to_string(&ggf).expect("saved");
    assert!(text.contains("PB[Алиса]"), "{text}");
    assert!(text.contains("PW[Computer (Intermediate)]"), "{text}");
    let ron = dir.join("named.ron");
    save_game(&mut app, &ron, false);
    app.update();
    let saved = std::fs::read_to_string(&ron).expect("saved");
    assert!(saved.contains("Алиса"), "{saved}");
}

/// A comment on a move, written through the game's command, is saved with the game and in its
/// GGF, and is on the same move when either file is opened again.
#[test]
fn a_comment_on_a_move_is_saved_and_opened_again() {
    let dir = scratch_dir("comments_in_files");
    let mut app = app_in(dir.clone(), game("f5d6c3d3c4"), HOT_SEAT);
    command(
        &mut app,
        reversi::game::GameCommand::Comment {
            index: 2,
            text: "the tiger".into(),
        },
    );
    app.update();
    assert_eq!(state(&app).game.comment(2), Some("the tiger"));
    let ron = dir.join("commented.ron");
    let ggf = dir.join("commented.ggf");
    save_game(&mut app, &ron, false);
    save_game(&mut app, &ggf, false);
    app.update();
    let text = std::fs::read_to_string(&ggf).expect("saved");
    assert!(text.contains("B[c3]C[the tiger]"), "{text}");
    for path in [ron, ggf] {
        let mut other = app_in(dir.clone(), Game::new(Rules::default()), HOT_SEAT);
        open_game(&mut other, &path);
        assert_eq!(state(&other).game.comment(2), Some("the tiger"), "{path:?}");
        assert_eq!(state(&other).game.comment(1), None);
    }
}
