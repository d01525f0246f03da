//! The Options: OK, Cancel and Restore defaults, the language, and the rules of the next game.

use reversi::app_actions::{AppWindow, OpenWindow};
use reversi::game::{GameCommand, PlayerKind};
use reversi::input::Action;
use reversi::locale::{LanguageChoice, Locale};
use reversi::settings::{OptionsAction, OptionsDraft, Settings};
use reversi_engine::search::Level;
use reversi_engine::{Color, Game, Rules};

use super::common::*;

fn draft(app: &mut bevy::prelude::App) -> bevy::prelude::Mut<'_, OptionsDraft> {
    app.world_mut().resource_mut::<OptionsDraft>()
}

/// The language chosen in Options changes what the player reads at once, and is kept for the
/// next start.
#[test]
fn choosing_russian_in_options_changes_the_words_at_once_and_is_remembered() {
    let dir = scratch_dir("language");
    write_settings(
        &dir,
        &Settings {
            language: LanguageChoice::English,
            ..Settings::default()
        },
    );
    let mut app = app_in(dir.clone(), Game::new(Rules::default()), HOT_SEAT);
    let status = |app: &bevy::prelude::App| {
        let locale = app.world().resource::<Locale>();
        locale.render(&state(app).describe())
    };
    assert_eq!(status(&app), "Black to move.");

    command(&mut app, OpenWindow(AppWindow::Options));
    app.update();
    draft(&mut app).0.as_mut().expect("dialog open").language = LanguageChoice::Russian;
    command(&mut app, OptionsAction::Ok);
    app.update();
    app.update();
    assert_eq!(status(&app), "Ход чёрных.");
    let label = app
        .world()
        .resource::<Locale>()
        .render(&Action::Undo.label());
    assert_eq!(label, "Отменить ход");

    let (saved, notice) = reversi::settings::load(&reversi::persistence::ConfigDir(Some(dir)));
    assert!(notice.is_none());
    assert_eq!(saved.language, LanguageChoice::Russian);
}

#[test]
fn options_ok_applies_cancel_discards_and_restore_defaults_resets() {
    let mut app = app_with("options", Game::new(Rules::default()), HOT_SEAT);
    command(&mut app, OpenWindow(AppWindow::Options));
    app.update();

    draft(&mut app)
        .0
        .as_mut()
        .expect("dialog open")
        .show_valid_moves = false;
    command(&mut app, OptionsAction::Cancel);
    app.update();
    assert!(
        app.world().resource::<Settings>().show_valid_moves,
        "Cancel changed nothing"
    );

    command(&mut app, OpenWindow(AppWindow::Options));
    app.update();
    {
        let mut draft = draft(&mut app);
        let draft = draft.0.as_mut().expect("dialog open");
        draft.show_valid_moves = false;
        draft.white = PlayerKind::Computer(Level::Advanced);
    }
    command(&mut app, OptionsAction::Ok);
    app.update();
    app.update();
    assert!(!app.world().resource::<Settings>().show_valid_moves);
    assert!(
        !app.world().resource::<reversi::board::ShowValidMoves>().0,
        "the board follows at once"
    );
    assert_eq!(
        state(&app).players.white,
        PlayerKind::Computer(Level::Advanced),
        "players change at once"
    );

    command(&mut app, OpenWindow(AppWindow::Options));
    app.update();
    command(&mut app, OptionsAction::RestoreDefaults);
    app.update();
    assert_eq!(draft(&mut app).0.clone(), Some(Settings::default()));
    command(&mut app, OptionsAction::Ok);
    app.update();
    assert_eq!(*app.world().resource::<Settings>(), Settings::default());
}

#[test]
fn first_move_and_scoring_from_options_apply_to_the_next_game() {
    let mut app = app_with("rules_next_game", game("f5"), HOT_SEAT);
    command(&mut app, OpenWindow(AppWindow::Options));
    app.update();
    {
        let mut draft = draft(&mut app);
        let draft = draft.0.as_mut().expect("dialog open");
        draft.first_to_move = Color::White;
        draft.scoring = reversi_engine::variant::Scoring::EmptiesToWinner;
    }
    command(&mut app, OptionsAction::Ok);
    app.update();
    assert_eq!(
        state(&app).game.moves().len(),
        1,
        "the game in progress goes on"
    );
    command(&mut app, GameCommand::NewGame);
    settle(&mut app);
    assert_eq!(state(&app).board().to_move(), Color::White);
    assert_eq!(
        state(&app).game.rules().scoring,
        reversi_engine::variant::Scoring::EmptiesToWinner
    );
}

/// The players' names are asked once, at the first game: the answer goes into the settings
/// file and takes effect at once, and a restart does not ask again. A window that is only
/// being captured (a screenshot, a frame report) is never asked.
#[test]
fn the_players_names_are_asked_once_at_the_first_game() {
    use reversi::game::{PlayerNames, Players};
    use reversi::settings::{NamesAnswer, NamesDraft, NamesQuestion};
    let first_run = Settings::default();
    assert!(NamesQuestion::at_start(&first_run, false).0.is_some());
    assert!(NamesQuestion::at_start(&first_run, true).0.is_none());

    let dir = scratch_dir("names_asked");
    write_default_settings(&dir);
    let mut app = unstarted_app_in(dir.clone(), Game::default(), Players::default());
    app.insert_resource(NamesQuestion::at_start(&first_run, false));
    app.update();
    command(
        &mut app,
        NamesAnswer::Names(NamesDraft {
            yours: " Алиса ".into(),
            second: "Bob".into(),
        }),
    );
    app.update();
    assert!(app.world().resource::<NamesQuestion>().0.is_none());
    assert_eq!(app.world().resource::<PlayerNames>().yours, "Алиса");
    let text = std::fs::read_to_string(dir.join("settings.ron")).expect("saved");
    let saved: Settings = ron::from_str(&text).expect("settings");
    assert_eq!(
        (
            saved.player_name.as_str(),
            saved.second_player_name.as_str()
        ),
        ("Алиса", "Bob")
    );
    assert!(
        NamesQuestion::at_start(&saved, false).0.is_none(),
        "asked once"
    );
}
