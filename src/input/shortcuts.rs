//! The classic keyboard shortcuts. They never fire while an egui text field has the keyboard.

use bevy::prelude::*;

use crate::game::GameCommand;
use crate::input::focus::KeyboardForBoard;
use crate::schedule::GameSystems;

/// Windows the shortcuts open; the UI shows them.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenDialog {
    Options,
    Statistics,
    Help,
    About,
}

pub fn plugin(app: &mut App) {
    app.add_message::<OpenDialog>()
        .add_systems(Update, read_shortcuts.in_set(GameSystems::Input));
}

fn read_shortcuts(
    keys: Res<ButtonInput<KeyCode>>,
    listening: Res<KeyboardForBoard>,
    mut commands: MessageWriter<GameCommand>,
    mut dialogs: MessageWriter<OpenDialog>,
    mut exit: MessageWriter<AppExit>,
) {
    let ctrl = keys.any_pressed([
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ]);
    if !listening.0 || !ctrl {
        return;
    }
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    for key in keys.get_just_pressed() {
        match (key, shift) {
            (KeyCode::KeyN, _) => {
                commands.write(GameCommand::NewGame);
            }
            (KeyCode::KeyR, _) => {
                commands.write(GameCommand::Resign);
            }
            (KeyCode::KeyZ, false) => {
                commands.write(GameCommand::Undo);
            }
            (KeyCode::KeyZ, true) => {
                commands.write(GameCommand::UndoAll);
            }
            (KeyCode::KeyY, false) => {
                commands.write(GameCommand::Redo);
            }
            (KeyCode::KeyY, true) => {
                commands.write(GameCommand::RedoAll);
            }
            (KeyCode::KeyP, _) => {
                commands.write(GameCommand::ResumePlay);
            }
            (KeyCode::KeyO, _) => {
                dialogs.write(OpenDialog::Options);
            }
            (KeyCode::KeyS, _) => {
                dialogs.write(OpenDialog::Statistics);
            }
            (KeyCode::KeyH, _) => {
                dialogs.write(OpenDialog::Help);
            }
            (KeyCode::KeyA, _) => {
                dialogs.write(OpenDialog::About);
            }
            (KeyCode::KeyX, _) => {
                exit.write(AppExit::Success);
            }
            _ => {}
        }
    }
}
