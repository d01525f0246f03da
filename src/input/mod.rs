//! The player's keyboard: typed moves (`d` then `3`) become a [`MoveRequested`], which the game
//! accepts or refuses; the shortcuts; and who has the keyboard and the pointer.

mod focus;
mod shortcuts;

pub use focus::{KeyboardForBoard, PointerOverPanel};
pub use shortcuts::{Action, ActionSender, KEY_BINDINGS, OpenDialog, ResetView, ToggleFullscreen};

use bevy::prelude::*;
use reversi_engine::{Move, Square};

use crate::game::{MoveOrigin, MoveRequested, Notice};
use crate::locale::Text;
use crate::schedule::GameSystems;

/// A column letter typed and waiting for its row number.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
struct TypedColumn(Option<u8>);

pub fn plugin(app: &mut App) {
    app.init_resource::<TypedColumn>()
        .init_resource::<KeyboardForBoard>()
        .init_resource::<PointerOverPanel>()
        .add_systems(Update, type_moves.in_set(GameSystems::Input))
        .add_plugins(shortcuts::plugin);
}

const COLUMN_KEYS: [KeyCode; 8] = [
    KeyCode::KeyA,
    KeyCode::KeyB,
    KeyCode::KeyC,
    KeyCode::KeyD,
    KeyCode::KeyE,
    KeyCode::KeyF,
    KeyCode::KeyG,
    KeyCode::KeyH,
];

const ROW_KEYS: [(KeyCode, KeyCode); 8] = [
    (KeyCode::Digit1, KeyCode::Numpad1),
    (KeyCode::Digit2, KeyCode::Numpad2),
    (KeyCode::Digit3, KeyCode::Numpad3),
    (KeyCode::Digit4, KeyCode::Numpad4),
    (KeyCode::Digit5, KeyCode::Numpad5),
    (KeyCode::Digit6, KeyCode::Numpad6),
    (KeyCode::Digit7, KeyCode::Numpad7),
    (KeyCode::Digit8, KeyCode::Numpad8),
];

/// A column letter then a row number plays that square. Letters and digits typed with Ctrl or
/// Alt held are shortcuts, not moves; Escape forgets a half-typed move.
fn type_moves(
    keys: Res<ButtonInput<KeyCode>>,
    listening: Res<KeyboardForBoard>,
    mut typed: ResMut<TypedColumn>,
    mut notice: ResMut<Notice>,
    mut moves: MessageWriter<MoveRequested>,
) {
    let modifiers = [
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::AltLeft,
        KeyCode::AltRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ];
    if !listening.0 || keys.any_pressed(modifiers) {
        return;
    }
    if keys.just_pressed(KeyCode::Escape) && typed.0.is_some() {
        typed.0 = None;
        notice.clear();
        return;
    }
    if let Some(column) = COLUMN_KEYS.iter().position(|key| keys.just_pressed(*key)) {
        typed.0 = Some(column as u8);
        let letter = char::from(b'a' + column as u8).to_string();
        notice.set(Text::new("notice-type-row").with("column", letter));
        return;
    }
    let Some(row) = ROW_KEYS
        .iter()
        .position(|(digit, numpad)| keys.just_pressed(*digit) || keys.just_pressed(*numpad))
    else {
        return;
    };
    match typed
        .0
        .take()
        .and_then(|column| Square::from_coords(column, row as u8))
    {
        Some(square) => {
            notice.clear();
            moves.write(MoveRequested {
                mv: Move::Play(square),
                origin: MoveOrigin::Human,
            });
        }
        None => notice.set(Text::new("notice-type-column-first")),
    }
}
