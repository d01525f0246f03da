//! The Options dialog's logic: a draft of the settings that OK applies (players at once, the rest
//! from the next game where it changes the rules), Cancel drops and Restore defaults resets.
//! The window itself (in `dialogs`) only edits the draft and sends [`OptionsAction`]s.

use bevy::prelude::*;

use crate::app_actions::{AppWindow, OpenWindow};
use crate::game::{GameCommand, Match, Notice};
use crate::locale::Text;
use crate::persistence::ConfigDir;
use crate::schedule::GameSystems;
use crate::settings::{self, Settings};

/// The settings being edited while the dialog is open.
#[derive(Resource, Default)]
pub struct OptionsDraft(pub Option<Settings>);

#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionsAction {
    Ok,
    Cancel,
    RestoreDefaults,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OptionsDraft>()
        .add_message::<OptionsAction>()
        .add_systems(
            Update,
            (open_dialog, resolve).chain().in_set(GameSystems::Apply),
        );
}

/// The draft starts from the saved settings but shows the players of the game in progress (the
/// command line or an opened game may have changed them), so OK never reverts them unasked.
fn open_dialog(
    mut requests: MessageReader<OpenWindow>,
    settings: Res<Settings>,
    state: Res<Match>,
    mut draft: ResMut<OptionsDraft>,
) {
    if requests
        .read()
        .any(|request| request.0 == AppWindow::Options)
    {
        draft.0 = Some(Settings {
            black: state.players.black,
            white: state.players.white,
            ..settings.clone()
        });
    }
}

fn resolve(
    mut actions: MessageReader<OptionsAction>,
    mut draft: ResMut<OptionsDraft>,
    mut settings: ResMut<Settings>,
    dir: Res<ConfigDir>,
    state: Res<Match>,
    mut commands: MessageWriter<GameCommand>,
    mut notice: ResMut<Notice>,
) {
    for action in actions.read() {
        match action {
            OptionsAction::RestoreDefaults => {
                if let Some(draft) = draft.0.as_mut() {
                    *draft = Settings::default();
                }
            }
            OptionsAction::Cancel => draft.0 = None,
            OptionsAction::Ok => {
                let Some(chosen) = draft.0.take() else {
                    continue;
                };
                if chosen.players() != state.players {
                    commands.write(GameCommand::SetPlayers(chosen.players()));
                }
                if let Err(error) = settings::save(&dir, &chosen) {
                    notice.set(Text::new("notice-options-not-saved").with("error", error));
                }
                *settings = chosen;
            }
        }
    }
}
