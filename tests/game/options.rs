//! The Options: OK, Cancel and Restore defaults, the language, and the rules of the next game.

use reversi::game::{GameCommand, PlayerKind};
use reversi::input::{Action, OpenDialog};
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

    command(&mut app, OpenDialog::Options);
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
    command(&mut app, OpenDialog::Options);
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

    command(&mut app, OpenDialog::Options);
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

    command(&mut app, OpenDialog::Options);
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
    command(&mut app, OpenDialog::Options);
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
